"""Build from the import page against the real local graph server: progress, success, cancel, failure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgdesk.graph.connection import GraphConnection
from kgdesk.progress import ProgressEvent
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from tests.graph.helpers import node_counts, published
from tests.ui.conftest import Aio, until
from tests.ui.test_import_page import drop

pytestmark = pytest.mark.neo4j
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ledgers(tmp_path: Path) -> Path:
    folder = tmp_path / "台账"
    shutil.copytree(REPO / "data" / "test_data", folder, ignore=shutil.ignore_patterns("*.md"))
    return folder


def load(window: MainWindow, aio: Aio, folder: Path) -> None:
    page = window.import_page

    async def scenario() -> None:
        drop(window, [folder])
        await until(lambda: page.session.run is not None and not page.busy, 60)

    aio.run(scenario())
    assert page.build_btn.isEnabled()


def record_progress(window: MainWindow) -> list[tuple[str, str, int, int]]:
    """What the progress widget showed: (stage label, bar format, value, maximum) per GUI update."""
    seen: list[tuple[str, str, int, int]] = []
    bp = window.import_page.progress
    original = bp.update_event

    def spy(e: ProgressEvent) -> None:
        original(e)
        seen.append((bp.stage.text(), bp.bar.format(), bp.bar.value(), bp.bar.maximum()))

    bp.update_event = spy  # type: ignore[method-assign]
    return seen


def next_month_of_attendance(source: Path, target: Path) -> str:
    """The source's last month (2026-04) as a new file for 2026-05; returns one 工号 in it."""
    from openpyxl import load_workbook

    wb = load_workbook(source)
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    month_col, id_col = header.index("年月") + 1, header.index("工号") + 1
    for row in range(ws.max_row, 1, -1):
        if ws.cell(row, month_col).value != "2026-04":
            ws.delete_rows(row)
    for row in range(2, ws.max_row + 1):
        ws.cell(row, month_col).value = "2026-05"
    assert ws.max_row > 2
    wb.save(target)
    return str(ws.cell(2, id_col).value)


def test_build_publishes_with_progress_then_cancel_keeps_it(
    window: MainWindow, ctx: UiContext, aio: Aio, ledgers: Path, graph: GraphConnection, neo4j_env: dict[str, str]
) -> None:
    page = window.import_page
    load(window, aio, ledgers)
    seen = record_progress(window)

    # -- a successful build ------------------------------------------------------------
    async def build() -> None:
        page.build_btn.click()
        await until(lambda: page.progress.isVisible(), 10, "build started")
        assert not page.build_btn.isEnabled() and not page.add_files_btn.isEnabled()
        assert page.progress.isVisible() and page.progress.cancel.isEnabled()
        await until(lambda: not page.building, 240, "build finished")

    aio.run(build(), timeout=300)
    report = page.last_build
    assert report is not None and report["status"] == "published", report
    version = report["version"]
    assert page.banner.kind == "success"
    assert f"已发布新版本 {version}" in page.banner.text.text() and "节点" in page.banner.text.text()
    assert published(graph) == version
    assert node_counts(graph, version)["人员"] == 34
    labels = {s for s, *_ in seen}
    assert any(s.startswith("写入节点") for s in labels) and any(s.startswith("写入关系") for s in labels)
    assert any(fmt.endswith(f"/ {mx}") and val <= mx for _, fmt, val, mx in seen if mx)  # counted stages
    assert not page.progress.isVisible() and page.build_btn.isEnabled()

    # status bar and quality mark follow the new version
    aio.run(window._refresh_status())
    assert version in window.status.version.text()

    # -- a cancelled build: a new month of attendance is added; its relationships wait on a person this
    #    test holds locked (a write transaction of its own), released only once the cancel has reached the
    #    worker process — so the cancel is seen at a batch boundary, whatever the machine's speed --------
    month = ledgers.parent / "新月份"
    month.mkdir()
    person = next_month_of_attendance(ledgers / "考勤与人员财务.xlsx", month / "考勤-2026-05.xlsx")
    load(window, aio, month)
    worker = ctx.desktop.runtime.worker()
    session = graph.driver.session(database="neo4j")
    held = session.begin_transaction()
    held.run("MATCH (p:`人员` {工号: $id}) SET p._held = true", id=person).consume()

    async def cancel() -> None:
        try:
            page.build_btn.click()
            await until(lambda: page.progress.stage.text().startswith("写入"), 120, "writing")
            page.progress.cancel.click()
            assert page.progress.cancel.text() == "正在取消…" and not page.progress.cancel.isEnabled()
            sent = worker._cancel  # the worker process's shared cancel event
            await until(lambda: sent is not None and sent.is_set(), 30, "cancel sent to the worker")
        finally:
            held.rollback()
            session.close()
        await until(lambda: not page.building, 120, "cancelled build finished")

    aio.run(cancel(), timeout=300)
    assert page.last_build is not None and page.last_build["status"] == "cancelled"
    assert page.banner.kind == "info" and "构建已取消" in page.banner.text.text()
    assert f"之前发布的版本 {version} 仍在使用" in page.banner.text.text()
    assert published(graph) == version  # the previous version still answers
    assert node_counts(graph, version)["人员"] == 34
    # the run history shows the user's cancel as 已取消, not as a failed build
    builds = [r for r in ctx.desktop.history.run_log().runs if r.kind == "构建"]
    assert [r.status for r in builds][:2] == ["cancelled", "published"], builds


def test_failed_build_says_previous_version_is_in_use(
    window: MainWindow, aio: Aio, ledgers: Path, monkeypatch: pytest.MonkeyPatch, neo4j_env: dict[str, str]
) -> None:
    """A graph server that refuses the login: the build fails with the core's Chinese reason."""
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", "wrong-password")
    page = window.import_page
    load(window, aio, ledgers)

    async def build() -> None:
        page.build_btn.click()
        await until(lambda: page.building, 10)
        await until(lambda: not page.building, 120)

    try:
        aio.run(build(), timeout=180)
    finally:
        window.close_now()  # no more status refreshes with the wrong password
        wait_for_login(neo4j_env)
    assert page.banner.kind == "error"
    text = page.banner.text.text()
    assert text.startswith("构建失败") and "仍在使用" in text
    assert "密码" in text or "认证" in text or "登录" in text


def wait_for_login(env: dict[str, str], timeout: float = 60.0) -> None:
    """The wrong password tripped the server's login lock (a few seconds): the next module's
    fixtures log in on a server that accepts the right password again."""
    import time

    from kgdesk.graph.connection import GraphAuthError

    deadline = time.monotonic() + timeout
    while True:
        conn = GraphConnection(env["KGDESK_NEO4J_URI"], env["KGDESK_NEO4J_USER"], env["KGDESK_NEO4J_PASSWORD"], "neo4j")
        try:
            conn.verify()
            return
        except GraphAuthError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1.0)
        finally:
            conn.close()
