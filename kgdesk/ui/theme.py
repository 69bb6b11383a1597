"""Look and feel: the style sheet, the self-drawn SVG icons, and a CJK font that exists on this machine."""

from __future__ import annotations

import functools
import logging
import sys
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QByteArray, QCoreApplication, QDir, QLibraryInfo, QLocale, QSize, Qt, QTranslator
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QWidget

from kgdesk.paths import project_root

log = logging.getLogger("kgdesk.ui")

PRIMARY = "#1a56db"
TEXT = "#374151"
MUTED = "#6b7280"
DANGER = "#b42318"
SUCCESS = "#067647"
WARNING = "#b54708"
WHITE = "#ffffff"

# Preferred UI families, best first: Windows ships Microsoft YaHei (UI), macOS PingFang, Linux
# distributions Noto Sans CJK / Source Han Sans / WenQuanYi.
CJK_FAMILIES = (
    "Microsoft YaHei UI",
    "Microsoft YaHei",
    "PingFang SC",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Micro Hei",
    "Noto Sans SC",
    "SimHei",
    "SimSun",
)
MONO_FAMILIES = ("Cascadia Mono", "Consolas", "Noto Sans Mono CJK SC", "DejaVu Sans Mono", "Noto Sans Mono", "Courier New")


def resources_dir() -> Path:
    return project_root() / "resources"


def _first_available(candidates: tuple[str, ...]) -> list[str]:
    available = set(QFontDatabase.families())
    return [f for f in candidates if f in available]


def cjk_families() -> list[str]:
    """The installed CJK families in preference order (may be empty on a bare machine)."""
    return _first_available(CJK_FAMILIES)


def apply_font(app: QApplication) -> QFont:
    """Set an application font whose first family renders Chinese; keep the others as fallbacks."""
    families = cjk_families()
    font = QFont(app.font())
    if families:
        font.setFamilies([*families, font.family()])
    else:
        log.warning("未找到中文字体（如 Microsoft YaHei 或 Noto Sans CJK），界面中文可能显示为方框")
    font.setPointSizeF(9.5 if sys.platform == "win32" else 10.0)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    app.setFont(font)
    return font


def mono_font(size: float | None = None) -> QFont:
    families = _first_available(MONO_FAMILIES) + cjk_families()
    font = QFont()
    if families:
        font.setFamilies(families)
    font.setStyleHint(QFont.StyleHint.Monospace)
    if size is None:
        size = max(8.0, QGuiApplication.font().pointSizeF() - 0.5)
    font.setPointSizeF(size)
    return font


STYLE_SEARCH_PATH = "style"
"""The style sheet names its images `style:NAME.svg` (resources/style): a search path, so the sheet
holds no absolute path and works from the source tree and from the installed bundle alike."""


def load_style_sheet() -> str:
    QDir.setSearchPaths(STYLE_SEARCH_PATH, [str(resources_dir() / "style")])
    path = resources_dir() / "style.qss"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        log.warning("样式表缺失：%s", path)
        return ""


_TRANSLATORS: list[QTranslator] = []


class _MissingQtTexts(QTranslator):
    """Qt's own texts that Qt 6's qtbase_zh_CN catalogue lacks (the file dialog's labels with
    accelerators); everything else falls through to that catalogue (None = not translated here)."""

    TEXTS: ClassVar[dict[tuple[str, str], str]] = {
        ("QFileDialog", "&Look in:"): "查找范围(&L)：",
        ("QFileDialog", "Files of &type:"): "文件类型(&T)：",
    }

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str | None:
        return self.TEXTS.get((context, source))

    def isEmpty(self) -> bool:
        return False


def install_translations(app: QCoreApplication) -> bool:
    """Qt's own texts in Chinese (file dialogs, standard buttons, the copy / select-all menus):
    without qtbase_zh_CN a file dialog says "Look in:" and "Cancel" on a machine set to English."""
    if _TRANSLATORS:
        return True
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    import PySide6

    folders = [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
               str(Path(PySide6.__file__).resolve().parent / "Qt" / "translations")]
    for folder in folders:
        translator = QTranslator(app)
        if translator.load("qtbase_zh_CN", folder):
            app.installTranslator(translator)
            extra = _MissingQtTexts(app)
            app.installTranslator(extra)  # installed last: asked first
            _TRANSLATORS.extend([translator, extra])
            return True
    log.warning("Qt's Chinese translations (qtbase_zh_CN.qm) were not found in %s", folders)
    return False


def apply_theme(app: QApplication) -> None:
    app.setStyle("Fusion")  # same look on Windows and Linux; the style sheet does the rest
    install_translations(app)
    apply_font(app)
    app.setStyleSheet(load_style_sheet())
    app.setWindowIcon(app_icon())


@functools.cache
def _svg_text(name: str) -> str:
    return (resources_dir() / "icons" / f"{name}.svg").read_text(encoding="utf-8")


def _render(svg: str, size: int, ratio: float) -> QPixmap:
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    px = QPixmap(QSize(int(size * ratio), int(size * ratio)))
    px.fill(Qt.GlobalColor.transparent)
    painter = QPainter(px)
    renderer.render(painter)
    painter.end()
    px.setDevicePixelRatio(ratio)
    return px


@functools.cache
def icon(name: str, color: str = TEXT, disabled: str = "#b8bec8") -> QIcon:
    """A stroke icon from resources/icons, drawn in `color` (the SVGs carry a #COLOR placeholder)."""
    try:
        text = _svg_text(name)
    except OSError:
        log.warning("图标缺失：%s", name)
        return QIcon()
    ic = QIcon()
    ratio = max(1.0, QGuiApplication.primaryScreen().devicePixelRatio() if QGuiApplication.primaryScreen() else 1.0)
    for size in (16, 20, 24, 32):
        ic.addPixmap(_render(text.replace("#COLOR", color), size, ratio), QIcon.Mode.Normal)
        ic.addPixmap(_render(text.replace("#COLOR", disabled), size, ratio), QIcon.Mode.Disabled)
    return ic


@functools.cache
def app_icon() -> QIcon:
    try:
        text = _svg_text("app")
    except OSError:
        return QIcon()
    ic = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        ic.addPixmap(_render(text, size, 1.0))
    return ic


def set_variant(widget: QWidget, prop: str, value: str) -> None:
    """Change a style-sheet property (e.g. banner=error) and re-polish so the look follows."""
    if widget.property(prop) == value:
        return
    widget.setProperty(prop, value)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()
