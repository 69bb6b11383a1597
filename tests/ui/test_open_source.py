"""打开原文件 from a citation: a copy of the version's stored file with the cited row active, selected
and highlighted, handed to the system through the one injectable opener. The stored copy is
untouched; a role that may not see every column of the file is refused."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from openpyxl import load_workbook

from kgdesk.app.sources import HIGHLIGHT
from kgdesk.config.settings import Settings, save_settings
from kgdesk.graph.versions import VersionStore
from kgdesk.templates.loader import default_template_set
from kgdesk.ui.context import UiContext
from kgdesk.ui.detail_dialogs import CitationDialog, open_citation
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, modal_dialog, until
from tests.xlsx import row_for, write_xlsx

PROJECT = list(default_template_set().template("项目信息").field_names)
PEOPLE = list(default_template_set().template("人员信息").field_names)
VERSION = "20261201-100000-000001-aaaaaaaa"


def store_version(home: Path, tmp: Path) -> Path:
    files = [
        write_xlsx(tmp / "项目信息.xlsx", PROJECT, [
            row_for(PROJECT, 项目编号=f"XMSQ01{i:02d}", 项目名称=f"项目{i}", 项目负责人工号="KWL0001") for i in range(1, 6)]),
        write_xlsx(tmp / "人员信息.xlsx", PEOPLE, [row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 联系电话="13812345678")]),
    ]
    store = VersionStore(home)
    store.create(VERSION)
    store.write_manifest(VERSION, {"version": VERSION, "files": store.copy_sources(VERSION, files)})
    return store.path(VERSION)


def open_through_dialog(window: MainWindow, ctx: UiContext, aio: Aio, citation: dict[str, object]) -> CitationDialog:
    async def scenario() -> CitationDialog:
        ctx.tasks.spawn("test.citation", open_citation(ctx, window, citation, VERSION, 1))
        dlg = await modal_dialog(CitationDialog, 60)
        assert isinstance(dlg, CitationDialog)
        await until(dlg.open_btn.isEnabled, 120, "the row")
        dlg.open_btn.click()
        await until(lambda: dlg.banner.isVisible() and not ctx.tasks.running("citation.open"), 60, "opened")
        return dlg

    return aio.run(scenario(), timeout=240)


def test_open_source_copies_the_workbook_at_the_row(
    window: MainWindow, ctx: UiContext, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    save_settings(Settings(user="admin", role="admin", first_run_done=True), _fresh_home)
    stored = store_version(_fresh_home, tmp_path) / "sources" / "项目信息.xlsx"
    before = hashlib.sha256(stored.read_bytes()).hexdigest()
    opened: list[Path] = []
    ctx.open_file = lambda p: opened.append(p) or True
    dlg = open_through_dialog(window, ctx, aio, {"template": "项目信息", "file": "项目信息.xlsx", "sheet": "数据", "row": 4})
    try:
        assert dlg.banner.kind == "success", dlg.banner.text.text()
        [path] = opened
        assert path.name == "项目信息.xlsx" and path != stored and path.exists()
        assert hashlib.sha256(stored.read_bytes()).hexdigest() == before  # the version's copy is untouched
        wb = load_workbook(path)
        ws = wb.active
        assert ws is not None and ws.title == "数据"
        assert ws.sheet_view.selection[0].activeCell == "A4"
        assert ws.sheet_view.selection[0].sqref.startswith("A4:")
        assert ws.cell(row=4, column=PROJECT.index("项目编号") + 1).value == "XMSQ0103"  # the cited row itself
        for c in range(1, len(PROJECT) + 1):
            assert ws.cell(row=4, column=c).fill.start_color.rgb.endswith(HIGHLIGHT)
        assert ws.cell(row=3, column=1).fill.fill_type is None and ws.cell(row=5, column=1).fill.fill_type is None
    finally:
        dlg.close()


@pytest.mark.parametrize("role", ["guest"])
def test_open_source_refused_when_the_role_may_not_see_the_file(
    role: str, window: MainWindow, ctx: UiContext, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    save_settings(Settings(user=role, role=role, first_run_done=True), _fresh_home)
    store_version(_fresh_home, tmp_path)
    opened: list[Path] = []
    ctx.open_file = lambda p: opened.append(p) or True
    dlg = open_through_dialog(window, ctx, aio, {"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": 2})
    try:
        assert opened == [] and dlg.banner.kind == "error"
        assert "联系电话" in dlg.banner.text.text() and "不能打开原文件" in dlg.banner.text.text()
    finally:
        dlg.close()
