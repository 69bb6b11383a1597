"""Excel out, read back with openpyxl: an answer (Ctrl+E on the chat page) with its table, value,
conditions and a source column; the quality viewer's problem rows (its button and Ctrl+E) with a
reason per row and the bad cells filled. Formula-like text stays text."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from kgdesk.app.excel_export import BAD_FILL, MISSING_FILL, REASON_COLUMN, ROW_COLUMN, SOURCE_COLUMN
from kgdesk.config.settings import Settings, save_settings
from kgdesk.graph.versions import VersionStore
from kgdesk.quality.report import build_quality_report, write_quality
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.validator import validate_paths
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.quality import QualityDialog
from tests.ui.conftest import Aio, modal_dialog, until
from tests.xlsx import row_for, write_xlsx

PEOPLE = list(default_template_set().template("人员信息").field_names)
INJECTION = "=HYPERLINK(\"http://evil\",\"点我\")"
DDE = "@SUM(1+1)*cmd|' /C calc'!A0"  # a source cell that is text in the ledger, a formula if written raw

ANSWER: dict[str, Any] = {
    "status": "answered",
    "answer": (
        "符合条件的人员共 2 人：\n\n"
        "| 名称 | 岗位名称 | 来源 |\n|---|---|---|\n"
        "| 张三（KWL0001） | 保安\\_领班 | 人员信息.xlsx·数据 第 2 行 |\n"
        f"| 李四（KWL0002） | {INJECTION} | 人员信息.xlsx·数据 第 3、5–6 行 |\n\n"
        "条件：岗位名称包含「保安」\n\n**来源**\n- 人员信息：人员信息.xlsx·数据 第 2–3、5–6 行"
    ),
    "value": 2,
    "version": "20261201-100000-000001-aaaaaaaa",
    "citations": [
        {"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": 2},
        {"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": 3},
    ],
    "plan_description": ["查找「人员」", "关系：人员 -[服务于]-> 项目", "条件：岗位名称包含「保安」"],
}


async def save_through(dialog_kind: str, path: Path) -> None:
    dlg = await modal_dialog(QFileDialog)
    assert isinstance(dlg, QFileDialog) and dlg.objectName() == dialog_kind
    assert "xlsx" in dlg.defaultSuffix()
    dlg.fileSelected.emit(str(path))  # what choosing the file does
    dlg.reject()
    await until(path.exists, 30, f"{path.name} written")


def test_ctrl_e_exports_the_latest_answer(window: MainWindow, aio: Aio, tmp_path: Path) -> None:
    page = window.chat_page
    out = tmp_path / "答案.xlsx"

    async def scenario() -> None:
        await until(lambda: page.thread_id is not None, 30, "a thread")
        card = page._add_question("保安有哪些人？")
        card.set_result(ANSWER)
        QTest.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        await save_through("exportDialog", out)
        await until(lambda: page.banner.isVisible() and "已导出" in page.banner.text.text(), 30, "banner")

    window.start()
    aio.run(scenario())
    wb = load_workbook(out)
    assert wb.sheetnames == ["回答", "结果", "引用"]
    summary = {r[0]: r[1] for r in wb["回答"].iter_rows(min_row=2, values_only=True)}
    assert summary["问题"] == "保安有哪些人？" and summary["状态"] == "answered" and summary["结果值"] == 2
    assert summary["条件"] == "岗位名称包含「保安」"
    assert summary["查询步骤 2"] == "关系：人员所服务的项目"  # plain Chinese, no graph notation
    assert "|" not in summary["回答"] and "**" not in summary["回答"]
    table = list(wb["结果"].iter_rows(values_only=True))
    assert table[0] == ("名称", "岗位名称", SOURCE_COLUMN)
    assert table[1] == ("张三（KWL0001）", "保安_领班", "人员信息.xlsx · 数据 · 第 2 行")
    assert table[2][2] == "人员信息.xlsx · 数据 · 第 3、5–6 行"
    cell = wb["结果"].cell(row=3, column=2)
    assert cell.value == INJECTION and cell.data_type == "s" and cell.quotePrefix  # text, never a formula
    cites = list(wb["引用"].iter_rows(values_only=True))
    assert cites == [("模板", "文件", "工作表", "行号"), ("人员信息", "人员信息.xlsx", "数据", 2),
                     ("人员信息", "人员信息.xlsx", "数据", 3)]


def publish(home: Path, tmp: Path) -> None:
    rows = [
        row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="保安_领班", 出生日期="1990-13-45",
                联系电话="13812345678", 备注=DDE),
        row_for(PEOPLE, 姓名=None, 工号="KWL0002", 岗位名称="保洁"),
    ]
    run = validate_paths([write_xlsx(tmp / "人员.xlsx", PEOPLE, rows)])
    store = VersionStore(home)
    version = "20261201-100000-000001-aaaaaaaa"
    store.create(version)
    write_quality(build_quality_report(run, version), store.path(version))
    store.write_published(version, "2026-12-01T10:00:00+08:00")


def export_problems(window: MainWindow, aio: Aio, out: Path, *, key: bool) -> QualityDialog:
    async def scenario() -> QualityDialog:
        dlg = window.quality.open_dialog()
        await until(lambda: dlg.state == "report" and dlg.export_btn.isEnabled(), 30, "the report")
        if key:
            QTest.keyClick(dlg, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        else:
            dlg.export_btn.click()
        await save_through("exportProblemsDialog", out)
        await until(lambda: "已导出" in dlg.banner.text.text(), 30, "banner")
        return dlg

    return aio.run(scenario())


def test_problem_rows_export_with_reasons_and_highlighted_cells(
    window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    save_settings(Settings(user="admin", role="admin", first_run_done=True), _fresh_home)
    publish(_fresh_home, tmp_path)
    out = tmp_path / "问题行.xlsx"
    dlg = export_problems(window, aio, out, key=False)
    dlg.close()
    wb = load_workbook(out)
    assert wb.sheetnames == ["说明", "人员"]
    ws = wb["人员"]
    header = [c.value for c in ws[1]]
    assert header == [*PEOPLE, ROW_COLUMN, REASON_COLUMN]  # the template's columns: fix and import again
    rows = {r[header.index("工号")]: r for r in ws.iter_rows(min_row=2, values_only=True)}
    zhang, li = rows["KWL0001"], rows["KWL0002"]
    assert zhang[header.index(ROW_COLUMN)] == 2 and li[header.index(ROW_COLUMN)] == 3
    assert "1990-13-45" in zhang[header.index(REASON_COLUMN)] and "月份 13" in zhang[header.index(REASON_COLUMN)]
    assert "「姓名」缺失" in li[header.index(REASON_COLUMN)]
    by_no = {ws.cell(row=r, column=header.index("工号") + 1).value: r for r in range(2, ws.max_row + 1)}
    birth = ws.cell(row=by_no["KWL0001"], column=header.index("出生日期") + 1)
    name = ws.cell(row=by_no["KWL0002"], column=header.index("姓名") + 1)
    assert birth.fill.start_color.rgb.endswith(BAD_FILL) and "月份 13" in birth.comment.text
    assert name.fill.start_color.rgb.endswith(MISSING_FILL)
    plain = ws.cell(row=by_no["KWL0001"], column=header.index("岗位名称") + 1)
    assert plain.fill.fill_type is None  # only the problem cells are coloured
    note = ws.cell(row=by_no["KWL0001"], column=header.index("备注") + 1)
    assert note.value == DDE and note.data_type == "s" and note.quotePrefix


def test_problem_rows_export_is_masked_for_a_guest(window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path) -> None:
    save_settings(Settings(user="guest", role="guest", first_run_done=True), _fresh_home)
    publish(_fresh_home, tmp_path)
    out = tmp_path / "问题行.xlsx"
    export_problems(window, aio, out, key=True).close()
    text = "\n".join(str(c.value) for ws in load_workbook(out).worksheets for row in ws.iter_rows() for c in row)
    text += "\n".join(c.comment.text for ws in load_workbook(out).worksheets for row in ws.iter_rows()
                      for c in row if c.comment)
    assert "KWL0001" in text and "（无权查看）" in text
    assert "1990" not in text and "13812345678" not in text


def test_nothing_to_export_says_so(window: MainWindow, aio: Aio) -> None:
    async def scenario() -> str:
        await asyncio.sleep(0)
        return (await window.quality.export(Path("x.xlsx")) or "")  # type: ignore[return-value]

    window.quality.open_dialog()
    assert aio.run(scenario()) == ""
    assert window.quality.dialog is not None and window.quality.dialog.banner.kind == "error"
    window.quality.dialog.close()
