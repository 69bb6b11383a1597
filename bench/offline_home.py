"""The app data folder the question benches run in: fresh, offline (no LLM, no embedding model)."""

from __future__ import annotations

import os
from pathlib import Path

_ONLINE = ("KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY", "KGDESK_EMBEDDING_MODEL")


def offline_home(tmp: str | Path) -> Path:
    """`tmp`/home as KGDESK_HOME, with the variables that would switch on the LLM or embeddings cleared."""
    home = Path(tmp) / "home"
    home.mkdir()
    os.environ["KGDESK_HOME"] = str(home)
    for var in _ONLINE:
        os.environ.pop(var, None)
    return home
