"""What the 版本 dialog shows: the version table, the difference tables and the Chinese texts.

Everything here only formats what kgdesk.app.library_desk computed (VersionInfo, VersionDiff,
RollbackPlan); no rule about versions lives in the GUI.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush

from kgdesk.ui.history import when
from kgdesk.ui.models import GREEN, GREY, TableModel

if TYPE_CHECKING:
    from kgdesk.app.library_desk import RollbackPlan
    from kgdesk.app.library_versions import VersionDiff, VersionInfo

Index = QModelIndex | QPersistentModelIndex
SHOWN = 6
"""How many names a sentence lists before it says 等 N 个."""

FILE_CHANGE = {"added": "新增", "replaced": "替换", "removed": "移除", "unchanged": "不变"}


def rollback_state(v: VersionInfo) -> str:
    if v.published:
        return "—（当前发布）"
    return "可以" if v.can_rollback else "不可以（源文件副本不全）"


class VersionTableModel(TableModel):
    HEADERS = ("版本", "发布时间", "发布人", "文件数", "节点数", "关系数", "警告数", "当前发布", "可回滚")

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[VersionInfo] = []

    def set_rows(self, rows: Sequence[VersionInfo]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_total(self) -> int:
        return len(self.rows)

    def values(self, row: int) -> tuple[str, ...]:
        v = self.rows[row]
        name = v.version + (f"（回滚自 {v.rollback_of}）" if v.rollback_of else "")
        return (name, when(v.published_at), v.user or "—", str(len(v.files)), str(v.nodes), str(v.relationships),
                str(v.warnings), "● 是" if v.published else "", rollback_state(v))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        v = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.values(index.row())[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 3:
                return "\n".join(v.files) or "（没有文件记录）"
            if col == 4:
                return "\n".join(f"{k}：{n}" for k, n in sorted(v.node_counts.items()))
            if col == 5:
                return "\n".join(f"{k}：{n}" for k, n in sorted(v.relationship_counts.items()))
            return self.values(index.row())[col]
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == 7 and v.published:
                return QBrush(GREEN)
            if col == 8 and not v.can_rollback:
                return QBrush(GREY)
        return None


def _names(items: Sequence[str]) -> str:
    shown = "、".join(items[:SHOWN])
    return shown + (f" 等 {len(items)} 个" if len(items) > SHOWN else "")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def version_files_text(v: VersionInfo) -> str:
    extra = f"，回滚自 {v.rollback_of}" if v.rollback_of else ""
    head = f"版本 {v.version}（{when(v.published_at)} 由 {v.user or '—'} 发布{extra}）"
    if not v.files:
        return f"{head}：没有文件记录。"
    return f"{head}的 {len(v.files)} 个文件：" + "、".join(v.files)


def diff_summary(d: VersionDiff) -> str:
    """One line over the four tables: how many files changed, and the node / relationship totals."""
    counts = {c: sum(1 for f in d.files if f["change"] == c) for c in ("added", "replaced", "removed")}
    files = "、".join(f"{FILE_CHANGE[c]} {n} 个" for c, n in counts.items() if n) or "没有变化"
    na, nb = sum(x["a"] for x in d.nodes.values()), sum(x["b"] for x in d.nodes.values())
    ra, rb = sum(x["a"] for x in d.relationships.values()), sum(x["b"] for x in d.relationships.values())
    return (f"文件{files}；节点 {na} → {nb}（{_signed(nb - na)}）；"
            f"关系 {ra} → {rb}（{_signed(rb - ra)}）。")


def change_text(n: int) -> str:
    return "不变" if n == 0 else _signed(n)


def diff_tables(d: VersionDiff) -> dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]:
    """The four tabs of 版本差异: (headers, rows), changed rows first, in the core's order otherwise."""
    files = sorted(d.files, key=lambda f: f["change"] == "unchanged")
    templates = sorted(d.templates, key=lambda t: t["change"] == 0)
    nodes = sorted(d.nodes.items(), key=lambda kv: kv[1]["change"] == 0)
    rels = sorted(d.relationships.items(), key=lambda kv: kv[1]["change"] == 0)
    before, after = "之前", "之后"  # the tab's title names the two versions (a → b)
    return {
        "文件": (("文件", "模板", "变化", f"行数（{before}）", f"行数（{after}）"),
                 [(f["file"], f["template"] or "—", FILE_CHANGE.get(f["change"], f["change"]), f["rows_a"], f["rows_b"])
                  for f in files]),
        "模板行数": (("模板", f"行数（{before}）", f"行数（{after}）", "变化"),
                     [(t["template"], t["a"], t["b"], change_text(t["change"])) for t in templates]),
        "节点": (("标签", before, after, "变化"), [(k, x["a"], x["b"], change_text(x["change"])) for k, x in nodes]),
        "关系": (("关系类型", before, after, "变化"), [(k, x["a"], x["b"], change_text(x["change"])) for k, x in rels]),
    }


def _count_changes(label: str, counts: dict[str, dict[str, int]]) -> str:
    changed = [f"{k} {x['a']} → {x['b']}" for k, x in counts.items() if x["change"]]
    return f"· {label}：{_names(changed)}" if changed else ""


def rollback_text(plan: RollbackPlan) -> str:
    """The confirm box, in plain words: what the graph and the library will hold afterwards."""
    t = plan.target
    lines = [f"回滚后，图谱将回到版本 {t.version}（{when(t.published_at)} 由 {t.user or '—'} 发布）的数据："
             f"{len(t.files)} 个文件，节点 {t.nodes} 个，关系 {t.relationships} 条。"]
    d = plan.diff
    if d is not None:
        lines.append(f"与当前发布的版本 {plan.published_version} 相比：")
        by = {c: [f["file"] for f in d.files if f["change"] == c] for c in ("added", "replaced", "removed")}
        file_parts = [f"{word} {len(by[c])} 个（{_names(by[c])}）"
                      for c, word in (("added", "重新加入"), ("replaced", "换回该版本的内容"), ("removed", "移除"))
                      if by[c]]
        lines.append("· 文件：" + ("，".join(file_parts) if file_parts else "相同"))
        lines += [x for x in (_count_changes("节点", d.nodes), _count_changes("关系", d.relationships)) if x]
    lines.append(f"台账库将改为该版本的 {len(t.files)} 个文件。")
    u = plan.unbuilt
    if u is not None:
        counts = {c: sum(1 for f in u.files if f.change == c) for c in ("added", "replaced", "removed")}
        what = "、".join(f"{FILE_CHANGE[c]} {n} 个" for c, n in counts.items() if n)
        lines.append(f"⚠ 台账库中还有尚未构建的改动（{what}文件），回滚后这些改动将被放弃。")
    lines.append("")
    lines.append("回滚会用该版本保存的源文件重新构建，作为一个新版本发布；当前版本仍会保留，之后可以再回滚回来。"
                 "这一操作会记入审计日志。")
    return "\n".join(lines)


def rollback_done_text(report: dict[str, Any], files: int) -> str:
    nodes = sum((report.get("nodes") or {}).values())
    rels = sum((report.get("relationships") or {}).values())
    return (f"已回滚到版本 {report.get('rollback_of')}：发布了新版本 {report.get('version')}"
            f"（节点 {nodes} 个，关系 {rels} 条，用时 {float(report.get('seconds') or 0):.1f} 秒）。"
            f"台账库已改为该版本的 {files} 个文件。")
