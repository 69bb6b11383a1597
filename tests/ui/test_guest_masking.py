"""A guest opens the data-quality viewer through the window: no string it shows (table cells,
tooltips, the issue list, labels) holds a value the guest may not see. The same walk as an admin
finds those values, so the walk itself reads what the viewer shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from kgdesk.config.settings import Settings, save_settings
from kgdesk.graph.versions import VersionStore
from kgdesk.quality.report import build_quality_report, write_quality
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.validator import validate_paths
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.quality import QualityDialog
from tests.ui.conftest import Aio, until
from tests.xlsx import row_for, write_xlsx

PEOPLE = list(default_template_set().template("人员信息").field_names)
BIRTH = "1990-13-45"  # invalid: the validator's message quotes it
PHONE = "13812345678"
ID_NO = "31010119900307123Z"
SENSITIVE = (BIRTH, PHONE, ID_NO, "1990")


def publish(home: Path, tmp: Path) -> None:
    rows = [
        row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="保安_领班", 出生日期=BIRTH, 联系电话=PHONE, 身份证号码=ID_NO),
        row_for(PEOPLE, 姓名=None, 工号="KWL0002", 岗位名称="保洁", 联系电话=PHONE),
    ]
    run = validate_paths([write_xlsx(tmp / "人员.xlsx", PEOPLE, rows)])
    store = VersionStore(home)
    version = "20261201-100000-000001-aaaaaaaa"
    store.create(version)
    write_quality(build_quality_report(run, version), store.path(version))
    store.write_published(version, "2026-12-01T10:00:00+08:00")


def shown_strings(dlg: QualityDialog) -> list[str]:
    """Everything the viewer shows for every file: labels, list items and their tooltips, header
    and cell texts and tooltips of the problem-row table."""
    out: list[str] = []
    for i in range(dlg.file_list.count()):
        dlg.file_list.setCurrentRow(i)
        item = dlg.file_list.item(i)
        out += [item.text(), item.toolTip() or ""]
        out += [w.text() for w in dlg.findChildren(QLabel) if w.isVisibleTo(dlg)]
        m = dlg.rows
        for c in range(m.columnCount()):
            out.append(str(m.headerData(c, Qt.Orientation.Horizontal)))
            for r in range(m.rowCount()):
                idx = m.index(r, c)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = m.data(idx, role)
                    if value is not None:
                        out.append(str(value))
    return out


def open_viewer(window: MainWindow, aio: Aio) -> QualityDialog:
    async def scenario() -> QualityDialog:
        dlg = window.quality.open_dialog()
        await until(lambda: dlg.state == "report", 30, "the report")
        return dlg

    return aio.run(scenario())


@pytest.mark.parametrize("role", ["guest", "admin"])
def test_quality_viewer_shows_a_guest_no_sensitive_value(
    role: str, window: MainWindow, aio: Aio, tmp_path: Path, _fresh_home: Path
) -> None:
    save_settings(Settings(user=role, role=role, first_run_done=True), _fresh_home)
    publish(_fresh_home, tmp_path)
    dlg = open_viewer(window, aio)
    try:
        text = "\n".join(shown_strings(dlg))
        assert "张三" in text and "KWL0001" in text  # what anyone may see is there
        leaked = [v for v in SENSITIVE if v in text]
        if role == "guest":
            assert not leaked, leaked
            assert "无权查看" in text  # the issue is still reported, without its value
        else:
            assert set(leaked) >= {BIRTH, PHONE, ID_NO}  # the walk does see the values when allowed
    finally:
        dlg.close()
