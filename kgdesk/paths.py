"""Where kgdesk finds its bundled data and keeps the user's data.

KGDESK_HOME holds personal data (copied ledgers, question history, settings, the audit log), so
everything in it is private to the OS user: folders 0700, files 0600. On POSIX that is the process
umask (set once, when the home is first used) plus one pass that tightens what an older version
left readable. On Windows it is a no-op: %LOCALAPPDATA% is already private through the user
profile's ACL, and POSIX modes do not apply there.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
_PRIVATE_UMASK = 0o077
_secured: set[Path] = set()


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


def private_files_supported() -> bool:
    """POSIX modes protect the files; on Windows the user profile's ACL does (see module doc)."""
    return sys.platform != "win32"


def make_private(path: Path) -> None:
    """Owner-only access for one file or folder (for copies, which keep their source's mode)."""
    if not private_files_supported():
        return
    with contextlib.suppress(OSError):
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            return
        wanted = PRIVATE_DIR_MODE if stat.S_ISDIR(mode) else PRIVATE_FILE_MODE
        if stat.S_IMODE(mode) & 0o077 or (stat.S_ISDIR(mode) and stat.S_IMODE(mode) != wanted):
            os.chmod(path, stat.S_IMODE(mode) & ~0o077 | (wanted & 0o700))


def secure_home(home: Path) -> None:
    """Every new file under `home` private from now on (umask), and what is there made private."""
    if not private_files_supported():
        return
    os.umask(_PRIVATE_UMASK)
    key = home.resolve()
    if key in _secured:
        return
    _secured.add(key)
    make_private(home)
    for root, dirs, files in os.walk(home):
        base = Path(root)
        for name in (*dirs, *files):
            make_private(base / name)


def home_dir() -> Path:
    """KGDESK_HOME: settings, versions, history, audit log (owner-only, see the module doc)."""
    override = os.environ.get("KGDESK_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("LOCALAPPDATA", Path.home())) / "kgdesk"
    else:
        path = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "kgdesk"
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
    secure_home(path)
    return path
