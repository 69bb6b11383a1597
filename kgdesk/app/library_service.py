"""What `kgdesk library …` / `kgdesk versions …` and the import page call: typed views and Chinese text.

The JSON shapes are documented in docs/library.md (cli.md names the commands, not their output).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgdesk.app.library import AddResult, Library, LibraryFile, LibraryState, add_files, name_key
from kgdesk.app.library_sync import (
    ChangeSet,
    LibraryBuild,
    PublishedFile,
    PublishedLibrary,
    compute_changes,
    published_library,
)
from kgdesk.app.library_versions import VersionDiff, VersionInfo, diff_versions, list_versions
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import KgdeskError
from kgdesk.graph.dbaccess import graph_access


@dataclass(frozen=True)
class LibraryRow:
    """One file as the import page and `library list` show it."""

    entry: LibraryFile
    in_published: bool

    def to_json(self) -> dict[str, Any]:
        return {**self.entry.to_json(), "in_published": self.in_published}


@dataclass
class LibraryView:
    rows: list[LibraryRow]
    published_version: str | None
    not_in_library: list[PublishedFile]
    changes: ChangeSet
    graph_reachable: bool
    state: LibraryState
    published: PublishedLibrary

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [r.to_json() for r in self.rows],
            "published_version": self.published_version,
            "not_in_library": [
                {"file": f.file, "template": f.template, "rows": f.rows, "added_by": f.added_by}
                for f in self.not_in_library
            ],
            "changes": self.changes.to_json(),
            "graph_reachable": self.graph_reachable,
        }


def library_view(settings: Settings | None = None, home: Path | None = None) -> LibraryView:
    """The library against the published version (read from the graph when reachable, else locally)."""
    from kgdesk.app.graph_access import open_graph

    s = settings or effective_settings()
    library = Library(home)
    state = library.load()
    try:
        with open_graph(s, start_local=False, read_only=True) as conn:
            published = published_library(graph_access(conn), home)
        reachable = True
    except KgdeskError:
        published, reachable = published_library(None, home), False
    remote = published.by_name()
    rows = [LibraryRow(f, (r := remote.get(name_key(f.file))) is not None and r.sha256 == f.sha256)
            for f in state.files]
    mine = {name_key(f.file) for f in state.files}
    missing = [r for k, r in remote.items() if k not in mine and state.base_files.get(r.file) != r.sha256]
    return LibraryView(rows, published.version, missing, compute_changes(state, published), reachable, state,
                       published)


def add_to_library(paths: Sequence[Path], settings: Settings | None = None,
                   home: Path | None = None) -> AddResult:
    from kgdesk.app.validation import check_paths
    from kgdesk.security.audit import audited
    from kgdesk.security.identity import current_identity

    s = settings or effective_settings()
    files = check_paths(paths)
    ident = current_identity()
    with audited("import", user=ident.user, role=ident.role, detail={"files": [p.name for p in files],
                                                                       "library": "add"}) as entry:
        result, _state = add_files(Library(home), files, user=ident.user, limits=s.limits)
        summary = result.to_json()["summary"]
        entry.detail.update(summary)
        entry.decision = "accepted" if not result.rejected else "rejected"
        return result


def remove_from_library(names: Sequence[str], home: Path | None = None) -> tuple[list[str], list[str]]:
    from kgdesk.security.audit import audited
    from kgdesk.security.identity import current_identity

    ident = current_identity()
    with audited("import", user=ident.user, role=ident.role, detail={"files": list(names),
                                                                       "library": "remove"}) as entry:
        removed, missing = Library(home).remove(names, ident.user)
        entry.decision = "removed" if removed else "refused"
        return removed, missing


def versions(settings: Settings | None = None, home: Path | None = None) -> list[VersionInfo]:
    from kgdesk.app.graph_access import open_graph

    with open_graph(settings or effective_settings(), read_only=True) as conn:
        return list_versions(conn, home)


def versions_diff(a: str, b: str, settings: Settings | None = None,
                  home: Path | None = None) -> VersionDiff:
    from kgdesk.app.graph_access import open_graph

    with open_graph(settings or effective_settings(), read_only=True) as conn:
        return diff_versions(conn, a, b, home)


# ------------------------------------------------------------------ Chinese text for the terminal

_CHANGE = {"added": "新增", "replaced": "替换", "removed": "移除", "unchanged": "不变", "rejected": "拒收"}


def render_view(view: LibraryView) -> str:
    lines = [f"台账库：{len(view.rows)} 个文件；已发布版本：{view.published_version or '无'}"]
    for r in view.rows:
        e = r.entry
        months = f"{e.months[0]}～{e.months[-1]}" if e.months else "—"
        flag = "已发布" if r.in_published else "未发布"
        lines.append(f"  {e.file}  模板：{e.template}  导入 {e.imported_rows} 行  月份：{months}  "
                     f"警告 {e.warnings}  {flag}  添加：{e.added_by} {e.added_at}")
    for f in view.not_in_library:
        lines.append(f"  （仅在发布版本中）{f.file}  模板：{f.template}  添加：{f.added_by}，下次构建时取回")
    lines += [render_changes(view.changes)]
    return "\n".join(lines)


def render_changes(changes: ChangeSet) -> str:
    if not changes.has_changes:
        return "与已发布版本相比没有变化。"
    lines = ["构建将带来的变化："]
    for f in changes.files:
        if f.change != "unchanged":
            lines.append(f"  {_CHANGE[f.change]}  {f.file}（{f.template}）行数 {f.rows_before} → {f.rows_after}")
    for t in changes.templates:
        if t.added or t.replaced or t.removed:
            lines.append(f"  模板 {t.template}：行数 {t.rows_before} → {t.rows_after}"
                         f"（新增 {t.added}、替换 {t.replaced}、移除 {t.removed} 个文件）")
    lines += [f"  ⚠ {w}" for w in changes.warnings()]
    return "\n".join(lines)


def render_add(result: AddResult) -> str:
    lines = []
    for o in result.outcomes:
        lines.append(f"{_CHANGE.get(o.action, o.action)}  {o.file}  模板：{o.template or '—'}  行数：{o.rows}")
        lines += [f"    {i.code} {i.message}" for i in o.errors]
        lines += [f"    {ov.message(o.file)}" for ov in o.overlaps]
        if o.replaced_added_by:
            lines.append(f"    替换了 {o.replaced_added_by} 添加的同名文件")
    s = result.to_json()["summary"]
    lines.append(f"合计：新增 {s['added']}，替换 {s['replaced']}，未变 {s['unchanged']}，拒收 {s['rejected']}"
                 "（拒收的文件不会改变台账库）")
    return "\n".join(lines)


def render_versions(items: list[VersionInfo]) -> str:
    if not items:
        return "还没有发布的版本。"
    lines = []
    for v in items:
        mark = "● 当前" if v.published else ("可回滚" if v.can_rollback else "副本不全")
        extra = f"（回滚自 {v.rollback_of}）" if v.rollback_of else ""
        lines.append(f"{v.version}{extra}  {mark}  发布于 {v.published_at}  用户 {v.user or '—'}  "
                     f"文件 {len(v.files)} 个  节点 {v.nodes}  关系 {v.relationships}  警告 {v.warnings}")
    return "\n".join(lines)


def render_diff(d: VersionDiff) -> str:
    lines = [f"版本 {d.a} → {d.b}"]
    lines += [f"  {_CHANGE[f['change']]}  {f['file']}  行数 {f['rows_a']} → {f['rows_b']}"
              for f in d.files if f["change"] != "unchanged"]
    lines += [f"  模板 {t['template']}：{t['a']} → {t['b']} 行" for t in d.templates if t["change"]]
    lines += [f"  节点 {k}：{v['a']} → {v['b']}" for k, v in d.nodes.items() if v["change"]]
    lines += [f"  关系 {k}：{v['a']} → {v['b']}" for k, v in d.relationships.items() if v["change"]]
    if len(lines) == 1:
        lines.append("  两个版本的内容相同。")
    return "\n".join(lines)


def render_build(out: LibraryBuild) -> str:
    from kgdesk.app.building import render_text

    parts = []
    if out.sync is not None:
        parts += out.sync.notes()
    if out.added is not None and out.added.outcomes:
        parts.append(render_add(out.added))
    if out.changes is not None:
        parts.append(render_changes(out.changes))
    parts.append(render_text(out.report))
    return "\n".join(parts)
