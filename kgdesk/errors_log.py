"""Where unexpected errors go: a rotating log file under KGDESK_HOME, never the user's screen."""

from __future__ import annotations

import logging
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path

from kgdesk.paths import app_log


def log_file() -> Path:
    path = app_log()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def log_unexpected(exc: BaseException) -> Path:
    path = log_file()
    logger = logging.getLogger("kgdesk.unexpected")
    if not any(isinstance(h, RotatingFileHandler) for h in logger.handlers):
        handler = RotatingFileHandler(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
    logger.error("".join(traceback.format_exception(exc)))
    return path
