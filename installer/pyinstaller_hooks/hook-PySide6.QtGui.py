"""Replaces PyInstaller's hook for PySide6.QtGui: the same collection, minus unwanted Qt plugins.

PyInstaller's hook collects every plugin type QtGui owns (platform themes, EGL device integrations,
Wayland, evdev input, all image formats …) and then follows their links: the GTK platform theme
alone drags GTK, cairo and pango into a Linux bundle, and imageformats/qpdf drags in Qt Pdf.
Filtering after the Analysis is too late for those links, so the plugins are filtered here,
before dependency analysis, with the allow-list of build.spec (`QT_PLUGINS`, passed as
`hooksconfig={"kgdesk": {"qt_plugins": ...}}`). Without that configuration the hook behaves
like PyInstaller's own.
"""

from pathlib import Path

from PyInstaller.utils.hooks import get_hook_config
from PyInstaller.utils.hooks.qt import add_qt6_dependencies


def _kept(src, dest_dir, allowed_by_type):
    parts = Path(dest_dir).parts
    if "plugins" not in parts:
        return True
    kind = "/".join(parts[parts.index("plugins") + 1 :])
    allowed = allowed_by_type.get(kind)
    if allowed is None:
        return False
    name = Path(src).name.split(".")[0]
    if name.startswith("lib"):
        name = name[3:]
    return "*" in allowed or name in allowed


def hook(hook_api):
    hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
    allowed_by_type = get_hook_config(hook_api, "kgdesk", "qt_plugins")
    if allowed_by_type is not None:
        binaries = [(src, dest) for src, dest in binaries if _kept(src, dest, allowed_by_type)]
    hook_api.add_imports(*hiddenimports)
    hook_api.add_binaries(binaries)
    hook_api.add_datas(datas)
