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


# -- the files and folders kgdesk keeps in KGDESK_HOME: each name spelled here only ----------------
def _in_home(home: Path | None, name: str) -> Path:
    return (home or home_dir()) / name


def settings_file(home: Path | None = None) -> Path:
    """The saved settings (never a secret: those live in the OS keyring)."""
    return _in_home(home, "settings.json")


def window_state_file(home: Path | None = None) -> Path:
    """Where the desktop window was left (page, open conversation), to reopen there."""
    return _in_home(home, "window_state.json")


def history_db(home: Path | None = None) -> Path:
    """Question threads, turns and the answer cache."""
    return _in_home(home, "history.sqlite3")


def audit_db(home: Path | None = None) -> Path:
    """The hash-chained audit log."""
    return _in_home(home, "audit.sqlite3")


def llm_usage_db(home: Path | None = None) -> Path:
    """The hourly LLM token budget shared by every kgdesk process."""
    return _in_home(home, "llm_usage.sqlite3")


def versions_dir(home: Path | None = None) -> Path:
    """One folder per built graph version (manifest, schema, quality report, sources)."""
    return _in_home(home, "versions")


def library_dir(home: Path | None = None) -> Path:
    """The ledger library: library.json, files/ (a copy of each ledger), keys/ (kgdesk.app.library)."""
    return _in_home(home, "library")


def published_file(home: Path | None = None) -> Path:
    """The pointer to the published graph version."""
    return _in_home(home, "published.json")


def local_neo4j_dir(home: Path | None = None) -> Path:
    """The bundled local graph server's data, logs and state."""
    return _in_home(home, "neo4j")


def logs_dir(home: Path | None = None) -> Path:
    """kgdesk's own logs (the local graph server keeps its logs in its own folder)."""
    return _in_home(home, "logs")


def cache_dir(home: Path | None = None) -> Path:
    """Files kgdesk can rebuild at any time (the Chinese segmenter's prefix dictionary): safe to delete."""
    return _in_home(home, "cache")


def app_log(home: Path | None = None) -> Path:
    """The rotating application log."""
    return logs_dir(home) / "kgdesk.log"


def self_test_report(home: Path | None = None) -> Path:
    """What `--self-test` prints when the frozen windowed app has no console."""
    return logs_dir(home) / "self-test.txt"


# -- inside one version folder (versions_dir(home) / <version>) ---------------------------------------
def version_sources_dir(version_folder: Path) -> Path:
    """The uploaded ledgers of a version, kept as built."""
    return version_folder / "sources"


def version_marker(version_folder: Path) -> Path:
    """Written by kgdesk into each version folder it creates: pruning removes only folders with it."""
    return version_folder / ".kgdesk-version"


def version_manifest(version_folder: Path) -> Path:
    return version_folder / "manifest.json"


def version_schema(version_folder: Path) -> Path:
    return version_folder / "schema.json"


def version_quality(version_folder: Path) -> Path:
    """The version's data-quality report."""
    return version_folder / "quality.json"
