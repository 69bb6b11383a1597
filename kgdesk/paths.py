"""Where kgdesk finds its bundled data and keeps the user's data."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def project_root() -> Path:
    """The source checkout, or the PyInstaller bundle folder when frozen."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    override = os.environ.get("KGDESK_DATA_DIR")
    return Path(override) if override else project_root() / "data"


def templates_dir() -> Path:
    return data_dir() / "templates"


def home_dir() -> Path:
    """KGDESK_HOME: settings, versions, history, audit log."""
    override = os.environ.get("KGDESK_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("LOCALAPPDATA", Path.home())) / "kgdesk"
    else:
        path = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "kgdesk"
    path.mkdir(parents=True, exist_ok=True)
    return path
