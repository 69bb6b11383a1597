"""Data-quality viewer: header marks, the dialog's content (every field, missing/bad highlighted), refresh."""

from __future__ import annotations

from pathlib import Path

from kgdesk.graph.versions import VersionStore
from kgdesk.paths import version_quality
from kgdesk.quality.report import build_quality_report, write_quality
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.validator import validate_paths
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.models import BAD_BG, MISSING_BG
from kgdesk.ui.quality import QualityDialog
from tests.ui.conftest import Aio, until
from tests.xlsx import row_for, write_xlsx

TS = default_template_set()
PEOPLE = list(TS.template("人员信息").field_names)
PROJECT = list(TS.template("项目信息").field_names)


def publish_report(home: Path, tmp: Path, version: str, *, broken: bool = True) -> None:
    """A published version on disk whose quality report comes from real files (graph unreachable)."""
    people = [
        row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="保安_领班", 联系电话="0"),
        row_for(PEOPLE, 姓名="李四", 工号="KWL0002", 岗位名称="保洁", 入职日期="2026-13-45" if broken else "2026-03-01"),
        row_for(PEOPLE, 姓名="王五" if not broken else None, 工号="KWL0003", 岗位名称="保安_普保"),
    ]
    files = [
        write_xlsx(tmp / version / "人员.xlsx", PEOPLE, people),
        write_xlsx(tmp / version / "项目.xlsx", PROJECT,
                   [row_for(PROJECT, 项目编号="XMSQ0102", 项目名称="青浦-区图书馆", 项目负责人工号="KWL0001")]),
    ]
    run = validate_paths(files)
    store = VersionStore(home)
    store.create(version)
    write_quality(build_quality_report(run, version), store.path(version))
    store.write_published(version, "2026-11-30T10:00:00+08:00")


def test_marks_and_dialog_show_every_field_with_problems_highlighted(
    window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    publish_report(_fresh_home, tmp_path, "20261130-100000-000001-aaaaaaaa")
    q = window.quality

    async def scenario() -> QualityDialog:
        await q.refresh()
        return q.open_dialog()

    dlg = aio.run(scenario())
    aio.run(until(lambda: dlg.state == "report", what="report shown"))
    for page in (window.import_page, window.chat_page):
        assert not page.header.quality_mark.isHidden()
        assert page.header.quality_mark.text().startswith("数据质量问题")

    assert dlg.files[0]["file"] == "人员.xlsx"  # the file with problem rows comes first
    assert dlg.file_list.count() == 1  # the clean project file is not listed
    m = dlg.rows
    header = [m.headerData(c, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) for c in range(m.columnCount())]
    assert header[:3] == ["行号", "状态", "问题"]
    assert set(PEOPLE) <= set(header[3:])  # every field of the template is a column

    def cell(row_label: str, field: str) -> tuple[str, object]:
        r = [m.data(m.index(i, 0)) for i in range(m.rowCount())].index(row_label)
        c = header.index(field)
        idx = m.index(r, c)
        bg = m.data(idx, 8)  # BackgroundRole
        return m.data(idx), (bg.color().name() if bg is not None else None)

    # row 3: 入职日期 "2026-13-45" is a bad value → shown as typed, amber
    assert cell("第 3 行", "入职日期") == ("2026-13-45", BAD_BG.name())
    # row 4: 姓名 missing → empty cell, red; other fields still shown
    assert cell("第 4 行", "姓名") == ("", MISSING_BG.name())
    assert cell("第 4 行", "工号") == ("KWL0003", None)
    assert "第 2 行" not in [m.data(m.index(i, 0)) for i in range(m.rowCount())]  # clean rows are not listed


def test_masked_fields_and_zero_values_in_the_viewer(window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path) -> None:
    """联系电话 is sensitive: a guest sees that the field exists, never its value; zeros stay 0."""
    people = [row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="保安_领班", 联系电话="13800000000", 职级="0",
                      服务起始年月="坏")]
    run = validate_paths([write_xlsx(tmp_path / "人员.xlsx", PEOPLE, people)])
    store = VersionStore(_fresh_home)
    store.create("v1")
    write_quality(build_quality_report(run, "v1"), store.path("v1"))
    store.write_published("v1", "2026-11-30T10:00:00+08:00")

    async def scenario() -> QualityDialog:
        await window.quality.refresh()
        return window.quality.open_dialog()

    dlg = aio.run(scenario())
    aio.run(until(lambda: dlg.state == "report"))
    m = dlg.rows
    cols = [m.headerData(c, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) for c in range(m.columnCount())]
    assert m.data(m.index(0, cols.index("联系电话"))) == "（无权查看）"
    assert m.data(m.index(0, cols.index("职级"))) == "0"


def test_refresh_on_activation_hides_mark_when_new_version_is_clean(
    window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    publish_report(_fresh_home, tmp_path, "v-broken")
    q = window.quality
    aio.run(q.refresh())
    assert not window.import_page.header.quality_mark.isHidden()
    dlg = q.open_dialog()
    aio.run(until(lambda: dlg.state == "report"))

    publish_report(_fresh_home, tmp_path, "v-clean", broken=False)
    before = q.refreshes
    q._last = 0.0  # as if the last refresh was long ago
    window.activated.emit()  # the user comes back to the window
    aio.run(until(lambda: q.refreshes > before and q.doc is not None and q.doc.get("version") == "v-clean"))
    assert window.import_page.header.quality_mark.isHidden()
    assert window.chat_page.header.quality_mark.isHidden()
    assert dlg.state == "clean" and "没有数据质量问题" in dlg.message.text()
    assert q.timer.interval() == 30_000 and q.timer.isActive() is False  # started by window.start()


def test_unreadable_report_shows_error_state_with_working_retry(
    window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    publish_report(_fresh_home, tmp_path, "v1")
    report = version_quality(VersionStore(_fresh_home).path("v1"))
    good = report.read_text(encoding="utf-8")
    report.write_text("{半个文件", encoding="utf-8")
    q = window.quality
    dlg = q.open_dialog()
    aio.run(until(lambda: dlg.state == "error", what="error state"))
    assert dlg.retry_btn.isVisible() and "无法读取" in dlg.message.text()

    report.write_text(good, encoding="utf-8")
    dlg.retry_btn.click()
    aio.run(until(lambda: dlg.state == "report", what="report after retry"))
    assert dlg.file_list.count() == 1


def test_no_published_version(window: MainWindow, aio: Aio) -> None:
    dlg = window.quality.open_dialog()
    aio.run(until(lambda: dlg.state == "none"))
    assert "还没有发布的数据版本" in dlg.message.text()
    assert window.import_page.header.quality_mark.isHidden()
