"""The one composition root of the desktop: logging, the error funnel, Qt, qasync, the window.

Qt is imported only inside `run_gui`, so `kgdesk validate|build|ask` never load it (FeelUOwn's
`create_app()` pattern). asyncio runs on the Qt event loop through qasync; the main coroutine
finishes on an event set when the user closes the window (or Qt's `aboutToQuit`).
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Sequence

from kgdesk.paths import app_log

log = logging.getLogger("kgdesk")
_KEEP: list[object] = []
"""The closed Qt event loop stays referenced until the process ends: having the cyclic GC
finalise qasync's Qt objects outside the Qt loop can hang (seen in the GUI tests)."""


def setup_logging() -> None:
    """Everything INFO and up to <KGDESK_HOME>/logs/kgdesk.log (rotated); warnings to stderr too."""
    path = app_log()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # the status bar says it; retries are noise
    logging.getLogger("httpx").setLevel(logging.WARNING)


def run_gui(argv: Sequence[str] | None = None) -> int:
    """Open the desktop window and run until it is closed; returns the process exit code."""
    import asyncio

    from kgdesk.app.desktop import Desktop
    from kgdesk.app.notifications import funnel

    setup_logging()
    errors = funnel()
    errors.install()

    from qasync import QEventLoop

    from kgdesk.ui.app import create_application, desktop_main

    app = create_application(argv)
    desktop = Desktop()
    code = 0

    def make_loop() -> QEventLoop:
        loop = QEventLoop(app)
        _KEEP.append(loop)
        return loop

    try:
        with asyncio.Runner(loop_factory=make_loop) as runner:
            runner.run(desktop_main(app, desktop, errors))
    except RuntimeError as e:
        # Qt quit on its own (e.g. the session ended): the loop stopped before main() finished.
        log.warning("event loop stopped early: %s", e)
    except Exception as e:  # the funnel logs it; the user already saw the message if the window was up
        errors.report(e, context="桌面程序")
        code = 1
    finally:
        desktop.shutdown()
        errors.uninstall()
    return code


if __name__ == "__main__":  # pragma: no cover - `python -m kgdesk.app.composition`
    sys.exit(run_gui())
