"""缩小范围 with many ways to narrow (one per value of each field) still fits a small screen: the
options scroll and 确定 stays in reach; a short list shows whole, without a scroll bar."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from kgdesk.ui.interaction_dialogs import Choice, ChooseScopeDialog
from tests.ui.conftest import Aio

MANY = [Choice(f"n0.性别={i}", f"只看所属组织名称为「片区{i}」的", f"{i + 3} 条") for i in range(24)]
MANY += [Choice("summary", "只看汇总（数量与前 30 条）"), Choice("all", "全部列出（37 条）")]


def test_many_options_scroll_and_ok_stays_on_screen(aio: Aio, gui_app: QApplication) -> None:
    dlg = ChooseScopeDialog(None, "结果共有 37 条，超过 30 条。要缩小范围吗？", MANY, question="有哪些人员？")
    try:
        dlg.show()
        QApplication.processEvents()
        assert dlg.height() <= 700  # a 1366×768 laptop, less its task bar
        assert dlg.options_area.verticalScrollBar().maximum() > 0
        ok = dlg.ok_btn.mapTo(dlg, dlg.ok_btn.rect().bottomLeft())
        assert dlg.ok_btn.isVisible() and ok.y() <= dlg.height()
        last = dlg.radios[-1]
        dlg.options_area.ensureWidgetVisible(last)
        last.click()
        assert dlg.chosen is not None and dlg.chosen.key == "all"
    finally:
        dlg.close()
        dlg.deleteLater()


def test_short_list_shows_whole(aio: Aio, gui_app: QApplication) -> None:
    dlg = ChooseScopeDialog(None, "结果共有 37 条。", MANY[-2:], question="有哪些人员？")
    try:
        dlg.show()
        QApplication.processEvents()
        assert dlg.options_area.verticalScrollBar().maximum() == 0
        assert dlg.chosen is not None and dlg.chosen.key == "summary"
    finally:
        dlg.close()
        dlg.deleteLater()


def test_enter_takes_the_summary_not_a_narrowing_nobody_chose(aio: Aio, gui_app: QApplication) -> None:
    """The first options narrow the result to one value (只看…为「男」的); Enter must not pick one."""
    dlg = ChooseScopeDialog(None, "结果共有 37 条。", MANY, question="有哪些人员？", default="summary")
    try:
        dlg.show()
        QApplication.processEvents()
        assert dlg.chosen is not None and dlg.chosen.key == "summary"
        assert dlg.options_area.verticalScrollBar().value() > 0  # scrolled to where the choice is
    finally:
        dlg.close()
        dlg.deleteLater()
