"""The style sheet draws the controls the way the rest of the app looks (checked on the pixels):
spin boxes and combo boxes with flat step / drop-down areas and visible chevrons, scroll bars with
a visible handle and no step arrows (the chat's too), and every image it names exists."""

from __future__ import annotations

import asyncio
import re

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from kgdesk.ui import theme
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio

CHEVRON = QColor("#4b5563")
HANDLE = QColor("#c3cad6")


def pixels(image: QImage, rect: QRect) -> list[QColor]:
    return [image.pixelColor(x, y) for y in range(rect.top(), rect.bottom() + 1)
            for x in range(rect.left(), rect.right() + 1)]


def near(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tolerance


def dark(c: QColor) -> bool:
    return c.alpha() > 128 and max(c.red(), c.green(), c.blue()) < 50


def grab(widget: QWidget) -> QImage:
    QApplication.processEvents()
    return widget.grab().toImage()


def test_every_image_of_the_style_sheet_loads(gui_app: QApplication) -> None:
    sheet = theme.load_style_sheet()
    names = set(re.findall(r"url\(([^)]+)\)", sheet))
    assert names, "the style sheet names its arrow images"
    for name in names:
        assert name.startswith(f"{theme.STYLE_SEARCH_PATH}:"), f"{name}: no absolute or remote paths"
        assert not QPixmap(name).isNull(), f"{name} does not load"


def test_spin_and_combo_boxes_are_flat_with_chevrons(gui_app: QApplication) -> None:
    host = QWidget()
    lay = QVBoxLayout(host)
    spin = QSpinBox()
    spin.setRange(0, 1_000_000)
    spin.setValue(500)
    spin.setSuffix(" 行")
    combo = QComboBox()
    combo.addItems(["经理（manager）", "员工（staff）"])
    lay.addWidget(spin)
    lay.addWidget(combo)
    host.resize(360, 120)
    host.show()
    try:
        for w, button_width in ((spin, 22), (combo, 26)):
            img = grab(w)
            # the step buttons / drop-down area, inside the rounded border
            area = QRect(w.width() - button_width, 2, button_width - 3, w.height() - 5)
            shown = pixels(img, area)
            assert sum(near(c, CHEVRON) for c in shown) >= 6, f"{type(w).__name__}: no chevron drawn"
            assert not any(dark(c) for c in shown), f"{type(w).__name__}: black bevel lines"
    finally:
        host.close()
        host.deleteLater()


def test_chat_scroll_bar_has_a_handle_and_no_arrows(window: MainWindow, aio: Aio) -> None:
    page = window.chat_page
    window.show_page(page)
    for i in range(60):  # more than the window holds
        page.msg_layout.insertWidget(0, QLabel(f"第 {i} 行"))

    async def scenario() -> QImage:
        await asyncio.sleep(0.2)
        bar = page.scroll_area.verticalScrollBar()
        assert bar.isVisible() and bar.maximum() > 0
        return grab(bar)

    img = aio.run(scenario())
    shown = pixels(img, img.rect())
    assert sum(near(c, HANDLE, 24) for c in shown) > 100, "no visible handle"
    assert not any(dark(c) for c in shown), "arrow glyphs or bevels"
