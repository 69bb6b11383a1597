"""The entry point of the frozen (PyInstaller) application: `kgdesk.exe` and `kgdesk-cli.exe`.

Kept apart from `kgdesk.cli` (FeelUOwn's `pyinstaller/main.py` idea) for what only a frozen
process needs before anything else is imported:
- `multiprocessing.freeze_support()`: a worker process started by the frozen executable must run
  the worker, not a second copy of the application;
- standard streams: the windowed `kgdesk.exe` has none (`sys.stdout is None`), and a console whose
  code page is GBK cannot encode ✓/✗; output becomes UTF-8 with replacement, and a windowed
  `--self-test` writes its report to `<KGDESK_HOME>/logs/self-test.txt` instead of nowhere;
- `QT_API`: qasync otherwise probes for PyQt5/PyQt6/PySide2, none of which is in the bundle;
- an embedding model folder shipped in the bundle (`models/embedding`) is used by default, but
  only when sentence-transformers is in the bundle too (otherwise every question would log a
  failed load).
Then it hands over to `kgdesk.cli.main`, so the frozen and the source application are one program.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import multiprocessing
import os
import sys
from pathlib import Path
from typing import TextIO


def _utf8(stream: TextIO | None) -> TextIO | None:
    if stream is None:
        return None
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
            reconfigure(encoding="utf-8", errors="replace")
    return stream


def _bundle_dir() -> Path:
    return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))


def _prepare_environment() -> None:
    os.environ.setdefault("QT_API", "pyside6")
    model = _bundle_dir() / "models" / "embedding"
    if (
        "KGDESK_EMBEDDING_MODEL" not in os.environ
        and model.is_dir()
        and importlib.util.find_spec("sentence_transformers") is not None
    ):
        os.environ["KGDESK_EMBEDDING_MODEL"] = str(model)


def _streams_for(argv: list[str]) -> TextIO | None:
    """Give a windowed process somewhere to write; returns the report file to close at exit."""
    report: TextIO | None = None
    if sys.stdout is None:
        if "--self-test" in argv:
            from kgdesk.paths import self_test_report

            path = self_test_report()
            path.parent.mkdir(parents=True, exist_ok=True)
            report = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in main()
            sys.stdout = report
        else:
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if sys.stderr is None:
        sys.stderr = sys.stdout
    _utf8(sys.stdout)
    _utf8(sys.stderr)
    return report


def main() -> int:
    multiprocessing.freeze_support()
    argv = sys.argv[1:]
    report = _streams_for(argv)
    _prepare_environment()
    from kgdesk.cli import main as cli_main

    try:
        return cli_main(argv)
    finally:
        if report is not None:
            report.close()


if __name__ == "__main__":
    sys.exit(main())
