"""Shared test set-up: tests never touch the developer's real settings, keyring or data."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest_plugins = ["tests.llm_fixtures", "tests.neo4j_fixtures"]

REPO = Path(__file__).resolve().parent.parent
LLM_VARIABLES = ("KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY", "KGDESK_EMBEDDING_MODEL")
"""What would point a test at a real model: never taken from the developer's environment."""
DATA = REPO / "data"


@pytest.fixture(autouse=True)
def _fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own KGDESK_HOME and no LLM endpoint from the environment."""
    home = tmp_path / "kgdesk-home"
    home.mkdir()
    monkeypatch.setenv("KGDESK_HOME", str(home))
    for var in LLM_VARIABLES:
        monkeypatch.delenv(var, raising=False)
    yield home


@contextmanager
def offline_home(home: Path) -> Iterator[Path]:
    """`_fresh_home` for a module-scoped fixture (which runs before the autouse one): KGDESK_HOME
    set to `home` and no LLM endpoint from the environment, undone on exit."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KGDESK_HOME", str(home))
        for var in LLM_VARIABLES:
            mp.delenv(var, raising=False)
        yield home


@pytest.fixture
def test_data_dir() -> Path:
    return DATA / "test_data"
