"""The 版本 dialog of the import page against the real local graph server: two builds, the list,
the difference (Enter), a rollback asked first (Esc changes nothing), run in the worker with progress
and audited, the import page and the status bar following it, and a rollback the core refuses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.versions import VersionStore
from kgdesk.security.audit import read_records
from kgdesk.ui.aio import run_sync
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.prompts import ConfirmBox
from kgdesk.ui.versions_dialog import VersionsDialog
from tests.graph.helpers import node_counts, published
from tests.neo4j_fixtures import reset_database
from tests.ui.conftest import Aio, modal_dialog, until

pytestmark = [pytest.mark.neo4j, pytest.mark.timeout(600)]

FIRST = ("项目信息.xlsx", "片区信息.xlsx", "项目片区关系.xlsx")
LATER = "设备信息.xlsx"


@pytest.fixture
def ledgers(tmp_path: Path, test_data_dir: Path) -> Path:
    out = tmp_path / "ledgers"
    out.mkdir()
    for name in (*FIRST, LATER):
        shutil.copy2(test_data_dir / name, out / name)
    return out


def cell(dlg: VersionsDialog, row: int, col: int) -> str:
    return str(dlg.model.data(dlg.model.index(row, col)))


def table_rows(dlg: VersionsDialog, tab: str) -> list[list[str]]:
    t = dlg.diff_tables[tab]
    return [[t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())]


async def confirm_box() -> ConfirmBox:
    box = await modal_dialog(ConfirmBox, 30)
    assert isinstance(box, ConfirmBox)
    return box


def test_versions_list_diff_rollback_and_a_refused_rollback(
    window: MainWindow, ctx: UiContext, aio: Aio, ledgers: Path, graph: GraphConnection,
    neo4j_env: dict[str, str], _fresh_home: Path,
) -> None:
    reset_database(graph)
    page = window.import_page
    lib = ctx.desktop.library()

    async def scenario() -> None:
        r1 = await run_sync(lib.build, [ledgers / n for n in FIRST])
        r2 = await run_sync(lib.build, [ledgers / LATER])
        assert r1.report["status"] == r2.report["status"] == "published", (r1.report, r2.report)
        v1, v2 = r1.report["version"], r2.report["version"]
        page.start()
        await until(lambda: len(page.library_panel.model.rows) == 4, 30, "library listed")
        assert page.library_panel.versions_btn.isVisible()

        # the list: newest first, who and when, counts, which one is published, which can roll back
        page.library_panel.versions_btn.click()
        dlg = await modal_dialog(VersionsDialog, 30)
        assert isinstance(dlg, VersionsDialog)
        await until(lambda: dlg.listed is not None, 60, "versions listed")
        assert [v.version for v in dlg.model.rows] == [v2, v1]
        assert dlg.model.HEADERS == ("版本", "发布时间", "发布人", "文件数", "节点数", "关系数", "警告数",
                                     "当前发布", "可回滚")
        assert cell(dlg, 0, 3) == "4" and cell(dlg, 1, 3) == "3"
        assert cell(dlg, 1, 4) == str(sum(r1.report["nodes"].values()))
        assert cell(dlg, 0, 5) == str(sum(r2.report["relationships"].values()))
        assert cell(dlg, 0, 7) == "● 是" and cell(dlg, 1, 7) == ""
        assert cell(dlg, 0, 8).startswith("—") and cell(dlg, 1, 8) == "可以"
        assert cell(dlg, 0, 2) and cell(dlg, 0, 1).startswith(v2[:4])
        assert f"当前发布：{v2}" in dlg.summary.text()
        assert not dlg.compare_btn.isEnabled() and not dlg.rollback_btn.isEnabled()

        # the current version cannot be rolled back to; two versions are compared with Enter
        dlg.select(v2)
        assert not dlg.rollback_btn.isEnabled() and not dlg.compare_btn.isEnabled()
        assert "设备信息.xlsx" in dlg.detail.text()
        dlg.select(v1, v2)
        assert dlg.compare_btn.isEnabled() and dlg.compare_btn.isDefault()
        assert dlg.compare_btn.text() == "比较所选的两个版本" and not dlg.rollback_btn.isEnabled()
        dlg.table.setFocus()
        QTest.keyClick(dlg.table, Qt.Key.Key_Return)
        await until(lambda: dlg.shown_diff is not None, 60, "difference shown")
        assert dlg.shown_diff is not None and (dlg.shown_diff.a, dlg.shown_diff.b) == (v1, v2)
        assert dlg.tabs.isVisible() and dlg.detail_title.text() == f"版本差异：{v1}（之前）→ {v2}（之后）"
        assert "文件新增 1 个" in dlg.detail.text()
        files = table_rows(dlg, "文件")
        assert files[0][:3] == [LATER, "设备信息", "新增"] and all(r[2] == "不变" for r in files[1:])
        devices = next(r for r in table_rows(dlg, "节点") if r[0] == "设备")
        assert devices[1] == "0" and int(devices[2]) > 0 and devices[3] == f"+{devices[2]}"
        assert any(r[0] == "设备信息" and r[1] == "0" for r in table_rows(dlg, "模板行数"))
        assert table_rows(dlg, "关系")

        # rollback to v1: the box says what changes; Esc changes nothing
        dlg.select(v1)
        assert dlg.rollback_btn.isEnabled() and dlg.compare_btn.text() == "与当前发布的版本比较"
        dlg.rollback_btn.click()
        box = await confirm_box()
        text = box.message.text()
        assert f"图谱将回到版本 {v1}" in text and f"与当前发布的版本 {v2} 相比" in text
        assert f"移除 1 个（{LATER}）" in text and "台账库将改为该版本的 3 个文件" in text
        assert "设备" in text and "审计日志" in text and box.ok_btn.isDefault()
        QTest.keyClick(box, Qt.Key.Key_Escape)
        await until(lambda: not dlg.rolling_back, 30)
        assert "已取消回滚" in dlg.banner.text.text() and published(graph) == v2

        # again, Enter: it runs in the worker with progress, publishes, and everything follows
        dlg.rollback_btn.click()
        box = await confirm_box()
        QTest.keyClick(box.cancel_btn, Qt.Key.Key_Return)  # Enter is the action even from 取消
        await until(lambda: dlg.progress.isVisible(), 30, "rollback started")
        assert not dlg.rollback_btn.isEnabled() and page.building
        await until(lambda: not dlg.rolling_back, 300, "rollback finished")
        report = dlg.last_rollback
        assert report is not None and report["status"] == "published", report
        v3 = report["version"]
        assert published(graph) == v3 and dlg.banner.kind == "success"
        assert f"已回滚到版本 {v1}" in dlg.banner.text.text() and f"新版本 {v3}" in dlg.banner.text.text()
        assert node_counts(graph, v3) == {k: n for k, n in r1.report["nodes"].items() if n}
        await until(lambda: [v.version for v in dlg.model.rows] == [v3, v2, v1], 30, "list reloaded")
        assert cell(dlg, 0, 0) == f"{v3}（回滚自 {v1}）" and cell(dlg, 2, 8) == "可以"
        await until(lambda: len(page.library_panel.model.rows) == 3, 30, "import page reloaded")
        assert f"已发布版本 {v3}" in page.library_panel.title.text()
        await until(lambda: v3 in window.status.version.text(), 30, "status bar followed")
        record = [r for r in read_records() if r.action == "rollback"][-1]
        assert record.decision == "published" and record.detail["rollback_of"] == v1
        # as `kgdesk versions rollback`: no role beyond a valid identity is asked for (a guest may)
        assert record.role == "guest"

        # a refused rollback: v2's copies are gone since the list was read; the core's message
        shutil.rmtree(VersionStore(_fresh_home).path(v2))
        graph.write("MATCH (s:_KgdeskSource) DETACH DELETE s")
        dlg.select(v2)
        assert dlg.rollback_btn.isEnabled()  # the list does not know yet
        dlg.rollback_btn.click()
        box = await confirm_box()
        box.ok_btn.click()
        await until(lambda: dlg.last_rollback is not None and dlg.last_rollback is not report, 120, "refused")
        await until(lambda: not dlg.rolling_back, 60)
        assert dlg.last_rollback["error_code"] == "E_VERSION_INCOMPLETE", dlg.last_rollback
        assert dlg.banner.kind == "error" and "源文件副本已不完整" in dlg.banner.text.text()
        assert "仍在使用" in dlg.banner.text.text() and published(graph) == v3
        await until(lambda: dlg.model.rows and cell(dlg, 1, 8).startswith("不可以"), 30, "list reloaded")

        # Esc while a rollback runs asks it to stop instead of closing; how it ended is shown either way
        dlg.select(v1)
        dlg.rollback_btn.click()
        (await confirm_box()).ok_btn.click()
        await until(lambda: dlg.progress.isVisible(), 30, "second rollback started")
        QTest.keyClick(dlg, Qt.Key.Key_Escape)
        assert dlg.isVisible() and not dlg.progress.cancel.isEnabled()
        assert dlg.progress.cancel.text() == "正在取消…"
        await until(lambda: not dlg.rolling_back, 300, "second rollback ended")
        now = published(graph)
        if now == v3:  # stopped in time: nothing published
            assert dlg.last_rollback["status"] == "cancelled" and "回滚已取消" in dlg.banner.text.text()
        else:  # the worker had already published when the request came
            assert dlg.last_rollback["status"] == "published" and now == dlg.last_rollback["version"]

        # Esc closes the dialog when nothing runs
        QTest.keyClick(dlg, Qt.Key.Key_Escape)
        await until(lambda: not dlg.isVisible(), 10, "closed")

    aio.run(scenario(), timeout=600)
