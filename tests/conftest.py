"""Shared test set-up: tests never touch the developer's real settings, keyring or data."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

# No test may read or write the developer's real OS keyring (a Windows Credential Manager or a
# desktop session's Secret Service): the whole run, and every kgdesk process a test starts, gets
# the "no keyring" backend CI has. Tests about secrets install tests.ui.conftest.MemoryKeyring.
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
keyring.set_keyring(fail.Keyring())

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
