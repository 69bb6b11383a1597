"""Shared test set-up: tests never touch the developer's real settings, keyring or data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest_plugins = ["tests.llm_fixtures", "tests.neo4j_fixtures"]

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"


@pytest.fixture(autouse=True)
def _fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own KGDESK_HOME and no LLM endpoint from the environment."""
    home = tmp_path / "kgdesk-home"
    home.mkdir()
    monkeypatch.setenv("KGDESK_HOME", str(home))
    for var in ("KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY", "KGDESK_EMBEDDING_MODEL"):
        monkeypatch.delenv(var, raising=False)
    yield home


@pytest.fixture
def test_data_dir() -> Path:
    return DATA / "test_data"
