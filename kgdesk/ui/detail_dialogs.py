"""Citation dialog (the cited source row with all its fields) and query details (plan, DSL, Cypher, timings)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kgdesk.app.wording import plain
from kgdesk.errors import KgdeskError
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.interaction_dialogs import DetailDialog
from kgdesk.ui.markdown_view import citation_text
from kgdesk.ui.theme import mono_font
from kgdesk.ui.widgets import Banner, button, label

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext

STEP_NAMES = {
    "ingress": "接收",
    "cache": "缓存",
    "reuse": "沿用上一轮",
    "understand": "理解",
    "ground": "匹配数据",
    "permit": "权限",
    "plan": "计划",
    "compile": "编译",
    "execute": "执行",
    "verify": "审查",
    "answer": "回答",
    "render": "生成答案",
    "narrate": "语言模型叙述",
    "narrative": "语言模型小结",
    "mask": "脱敏",
    "total": "合计",
    "gate": "问题分类",
    "load": "读取图谱结构",
    "core": "查询核心",
    "llm": "语言模型调用",
    "llm_error": "语言模型出错",
    "retry": "重试",
    "replan": "重新规划",
    "plan_change": "按您的意见修改计划",
    "injection_check": "安全检查",
    "capability_review": "能力核对",
    "validate": "校验计划",
    "followup": "追问",
    "feedback": "您的意见",
    "route": "分流",
    "probe": "探查数据",
    "resume": "继续上次的追问",
}
TRACE_KEYS = {
    "kind": "类型",
    "hit": "命中缓存",
    "by": "方式",
    "status": "结果",
    "confidence": "置信度",
    "ok": "成功",
    "purpose": "用途",
    "model": "模型",
    "prompt_tokens": "输入 tokens",
    "completion_tokens": "输出 tokens",
    "first_token_ms": "首字毫秒",
    "attempt": "第几次",
    "attempts": "尝试次数",
    "reason": "原因",
    "code": "错误码",
    "message": "说明",
    "flags": "标记",
    "feedback": "意见",
    "rows": "行数",
}
TRACE_VALUES = {
    "deterministic": "内置规则",
    "rules": "内置规则",
    "llm": "语言模型",
    "question": "问题",
    "protocol": "对话指令",
    "answered": "已回答",
    "plan": "已生成计划",
    "clarify": "需要补充",
    "needs_llm": "需要语言模型",
    "insufficient": "数据不足",
    "denied": "无权查看",
    "error": "出错",
}


def trace_rows(trace: list[dict[str, Any]]) -> tuple[list[list[Any]], float]:
    """(rows of 步骤 / 毫秒 / 说明 in Chinese, the question's total ms). Steps of the query core
    (stage=core) are indented under 查询核心 and not added again to the total."""
    rows: list[list[Any]] = []
    total: float | None = None
    outer = 0.0
    for t in trace:
        step = str(t.get("step", ""))
        inner = t.get("stage") == "core"
        ms = float(t.get("ms") or 0)
        if step == "total":
            if not inner and total is None:
                total = ms
            continue
        if not inner:
            outer += ms
        extra = []
        for k, v in t.items():
            if k in ("step", "ms", "stage"):
                continue
            if isinstance(v, bool):
                v = "是" if v else "否"
            elif isinstance(v, float):
                v = f"{v:.2f}"
            elif isinstance(v, str):
                v = TRACE_VALUES.get(v, v)
            elif isinstance(v, (list, dict)):
                v = json.dumps(v, ensure_ascii=False)
            extra.append(f"{TRACE_KEYS.get(k, k)}：{v}")
        name = STEP_NAMES.get(step, step)
        rows.append([f"　└ {name}" if inner else name, f"{ms:.0f}" if ms >= 10 or ms == int(ms) else f"{ms:.1f}", "；".join(extra)])
    return rows, total if total is not None else outer


def _table(headers: list[str], rows: list[list[Any]], object_name: str) -> QTableWidget:
    t = QTableWidget(len(rows), len(headers))
    t.setObjectName(object_name)
    t.setHorizontalHeaderLabels(headers)
    t.verticalHeader().hide()
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setAlternatingRowColors(True)
    t.setWordWrap(True)
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            item = QTableWidgetItem("" if v is None else str(v))
            item.setToolTip(item.text())
            t.setItem(r, c, item)
    h = t.horizontalHeader()
    h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    h.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
    return t


def _code(text: str, object_name: str) -> QPlainTextEdit:
    w = QPlainTextEdit(text)
    w.setObjectName(object_name)
    w.setReadOnly(True)
    w.setFont(mono_font())
    w.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    return w


class CitationDialog(DetailDialog):
    """Every field of the cited row, as stored with the data version the answer came from."""

    def __init__(self, parent: QWidget | None, citation: dict[str, Any], number: int) -> None:
        super().__init__(parent, f"来源 [{number}]：{citation_text(citation)}", "citationDialog")
        self.citation = citation
        self.resize(700, 640)
        self.banner = Banner()
        self.root.insertWidget(2, self.banner)
        self.table = _table(["字段", "值"], [], "citationFields")
        self.body.addWidget(self.table)
        self.subtitle.setText("正在读取源文件副本…")
        self.open_btn = button("打开原文件（定位到这一行）", "export",
                               tip="用电脑上的表格软件打开这个文件的副本，这一行已选中并标黄")
        self.open_btn.setObjectName("openSource")
        self.open_btn.setEnabled(False)
        self.extra.addWidget(self.open_btn)

    def show_row(self, doc: dict[str, Any]) -> None:
        fields: list[tuple[str, Any]] = [(str(f[0]), f[1]) for f in doc.get("fields") or []]
        masked = set(doc.get("masked") or [])
        problems = set(doc.get("problem_fields") or [])
        self.table.setRowCount(len(fields))
        for r, (name, value) in enumerate(fields):
            k = QTableWidgetItem(str(name))
            text = "（无权查看）" if name in masked else ("" if value is None else str(value))
            v = QTableWidgetItem(text)
            v.setToolTip(text)
            if name in masked:
                v.setForeground(QBrush(QColor("#6b7280")))
            if name in problems:
                v.setBackground(QBrush(QColor("#fee4e2")))
            self.table.setItem(r, 0, k)
            self.table.setItem(r, 1, v)
        self.table.resizeRowsToContents()
        parts = [f"模板：{doc.get('template') or self.citation.get('template') or '—'}"]
        if doc.get("sheet") or self.citation.get("sheet"):
            parts.append(f"工作表：{doc.get('sheet') or self.citation.get('sheet')}")
        parts.append(f"Excel 第 {doc.get('row') or self.citation.get('row')} 行")
        if doc.get("version"):
            parts.append(f"数据版本：{doc['version']}")
        self.subtitle.setText(" · ".join(parts))
        if masked:
            self.banner.show_message("info", f"按您的角色，{len(masked)} 个敏感字段已隐藏。")

    def show_error(self, message: str) -> None:
        self.subtitle.setText("")
        self.banner.show_message("error", message)


async def open_citation(ctx: UiContext, parent: QWidget, citation: dict[str, Any], version: str | None,
                        number: int) -> None:
    dlg = CitationDialog(parent, citation, number)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.open_btn.clicked.connect(lambda: ctx.tasks.spawn("citation.open", open_source(ctx, dlg, citation, version)))
    waiting = ctx.tasks.spawn("citation.load", _load_row(ctx, dlg, citation, version))
    try:
        await show_dialog(dlg)
    finally:
        waiting.cancel()


async def _load_row(ctx: UiContext, dlg: CitationDialog, citation: dict[str, Any], version: str | None) -> None:
    try:
        doc = await run_sync(ctx.desktop.sources.source_row, citation, version)
    except KgdeskError as e:
        dlg.show_error(f"无法读取来源：{e.message}")
        return
    dlg.show_row(cast(dict[str, Any], doc))
    dlg.open_btn.setEnabled(True)


async def open_source(ctx: UiContext, dlg: CitationDialog, citation: dict[str, Any], version: str | None) -> bool:
    """A highlighted copy of the cited workbook, opened with the system's spreadsheet program
    through `ctx.open_file` (one injectable opener)."""
    dlg.open_btn.setEnabled(False)
    try:
        opened = await run_sync(ctx.desktop.sources.open_copy, citation, version)
    except KgdeskError as e:
        dlg.banner.show_message("error", e.message)
        return False
    finally:
        dlg.open_btn.setEnabled(True)
    if not ctx.open_file(opened.path):
        dlg.banner.show_message("error", f"没有找到能打开 {opened.path.suffix} 文件的程序。副本在：{opened.path}")
        return False
    dlg.banner.show_message("success", f"已打开副本（{opened.sheet} 工作表第 {opened.cell[1:]} 行已标黄）：{opened.path}")
    return True


class CitationListDialog(DetailDialog):
    """Every citation of an answer; double-click (or 打开) opens the source row."""

    def __init__(self, parent: QWidget | None, citations: list[dict[str, Any]]) -> None:
        super().__init__(parent, f"全部来源（{len(citations)} 处）", "citationListDialog")
        self.resize(720, 560)
        rows = [[i, c.get("file", ""), c.get("sheet", ""), c.get("row", ""), c.get("template", "")]
                for i, c in enumerate(citations, start=1)]
        self.table = _table(["序号", "文件", "工作表", "行", "模板"], rows, "citationList")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.body.addWidget(self.table)
        self.subtitle.setText("双击一行查看该行的全部字段")


async def open_citation_list(parent: QWidget, citations: list[dict[str, Any]], open_one: Any) -> None:
    dlg = CitationListDialog(parent, citations)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.table.cellDoubleClicked.connect(lambda r, _c: open_one(r + 1))
    await show_dialog(dlg)


class QueryDetailsDialog(DetailDialog):
    """查询详情: the plan in words, the DSL, each Cypher query with parameters and row count, timings."""

    def __init__(self, parent: QWidget | None, question: str, doc: dict[str, Any]) -> None:
        super().__init__(parent, "查询详情", "queryDetailsDialog")
        self.resize(900, 680)
        self.subtitle.setText(f"问题：{question}" + (f" · 数据版本 {doc['version']}" if doc.get("version") else ""))
        tabs = QTabWidget()
        self.tabs = tabs
        self.body.addWidget(tabs)
        plan = doc.get("plan") or {}
        description = doc.get("plan_description") or (plan.get("description") if isinstance(plan, dict) else None)
        if isinstance(description, list):
            description = "\n".join(f"{i}. {plain(str(line))}" for i, line in enumerate(description, start=1))
        plan_page = QWidget()
        pl = QVBoxLayout(plan_page)
        pl.addWidget(label("计划说明", "section"))
        self.description = label(str(description or "（没有计划说明）"), wrap=True, selectable=True)
        pl.addWidget(self.description)
        pl.addWidget(label("查询 DSL", "section"))
        self.dsl = _code(json.dumps(plan, ensure_ascii=False, indent=2) if plan else "（无）", "dslText")
        pl.addWidget(self.dsl, 1)
        tabs.addTab(plan_page, "计划")

        queries = list(doc.get("queries") or [])
        q_page = QWidget()
        ql = QVBoxLayout(q_page)
        parts = []
        for i, q in enumerate(queries, 1):
            params = json.dumps(q.get("params") or {}, ensure_ascii=False, indent=2)
            parts.append(
                f"// 查询 {i}" + (f"（{q['step']}）" if q.get("step") else "") + f" · 返回 {q.get('rows', '?')} 行"
                + (f" · {q['ms']} 毫秒" if q.get("ms") is not None else "")
                + f"\n{q.get('cypher', '')}\n// 参数\n{params}"
            )
        self.cypher = _code("\n\n".join(parts) or "（这个答案没有执行查询）", "cypherText")
        ql.addWidget(self.cypher)
        tabs.addTab(q_page, f"Cypher（{len(queries)}）")

        rows, total = trace_rows(list(doc.get("trace") or []))
        self.timings = _table(["步骤", "毫秒", "说明"], rows, "timingsTable")
        t_page = QWidget()
        tl = QVBoxLayout(t_page)
        tl.addWidget(label(f"合计约 {total:.0f} 毫秒", "muted"))
        tl.addWidget(self.timings, 1)
        tabs.addTab(t_page, "用时")


async def open_query_details(parent: QWidget, question: str, doc: dict[str, Any]) -> None:
    dlg = QueryDetailsDialog(parent, question, doc)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    await show_dialog(dlg)
