"""Secrets: environment overrides, a real (in-memory) keyring backend, and refused insecure backends."""

from __future__ import annotations

from collections.abc import Iterator

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail, null

from kgdesk.config import secrets
from kgdesk.errors import ConfigError


class MemoryKeyring(KeyringBackend):
    """A complete keyring backend that keeps entries in memory (stands in for the OS store)."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.entries:
            raise keyring.errors.PasswordDeleteError(username)
        del self.entries[(service, username)]


class PlaintextKeyring(MemoryKeyring):
    """Same module path and name as keyrings.alt's plain-file backend."""


PlaintextKeyring.__module__ = "keyrings.alt.file"


@pytest.fixture
def use_backend(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Restores the process-wide keyring backend the test replaces; no secret comes from env."""
    before = keyring.get_keyring()
    for var in ("KGDESK_NEO4J_PASSWORD", "KGDESK_LLM_API_KEY", "KGDESK_SECRET_OTHER_THING"):
        monkeypatch.delenv(var, raising=False)
    yield
    keyring.set_keyring(before)


def test_round_trip_in_a_secure_backend(use_backend: None) -> None:
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    assert secrets.get_secret(secrets.LOCAL_NEO4J) is None
    secrets.set_secret(secrets.LOCAL_NEO4J, "s3cret-value")
    assert backend.entries == {("kgdesk", "local-neo4j"): "s3cret-value"}
    assert secrets.get_secret(secrets.LOCAL_NEO4J) == "s3cret-value"
    secrets.set_secret(secrets.LOCAL_NEO4J, None)  # a cleared field removes the entry
    assert secrets.get_secret(secrets.LOCAL_NEO4J) is None
    secrets.delete_secret(secrets.LOCAL_NEO4J)  # deleting twice is fine


def test_environment_overrides_the_keyring(use_backend: None, monkeypatch: pytest.MonkeyPatch) -> None:
    keyring.set_keyring(MemoryKeyring())
    secrets.set_secret(secrets.LLM_API_KEY, "from-keyring")
    monkeypatch.setenv("KGDESK_LLM_API_KEY", "from-env")
    assert secrets.get_secret(secrets.LLM_API_KEY) == "from-env"
    monkeypatch.setenv("KGDESK_SECRET_OTHER_THING", "x")
    assert secrets.env_var("other-thing") == "KGDESK_SECRET_OTHER_THING"
    assert secrets.get_secret("other-thing") == "x"


@pytest.mark.parametrize(
    ("backend", "words"),
    [(fail.Keyring(), "没有可用的密钥环"), (null.Keyring(), "丢弃"), (PlaintextKeyring(), "明文")],
)
def test_insecure_backends_are_refused(use_backend: None, backend: KeyringBackend, words: str) -> None:
    keyring.set_keyring(backend)
    for call in (
        lambda: secrets.get_secret(secrets.LOCAL_NEO4J),
        lambda: secrets.set_secret(secrets.LOCAL_NEO4J, "pw"),
        lambda: secrets.delete_secret(secrets.LOCAL_NEO4J),
    ):
        with pytest.raises(ConfigError) as err:
            call()
        assert err.value.code == "E_KEYRING"
        assert words in err.value.message and "KGDESK_NEO4J_PASSWORD" in err.value.message
    if isinstance(backend, PlaintextKeyring):
        assert backend.entries == {}  # nothing was written in plain text


def test_env_works_without_any_keyring(use_backend: None, monkeypatch: pytest.MonkeyPatch) -> None:
    keyring.set_keyring(fail.Keyring())
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", "ci-password")
    assert secrets.get_secret(secrets.LOCAL_NEO4J) == "ci-password"


def test_local_server_password_is_generated_once(use_backend: None) -> None:
    from kgdesk.graph.local_server import local_password

    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    first = local_password()
    assert len(first) >= 24
    assert backend.entries == {("kgdesk", "local-neo4j"): first}
    assert local_password() == first


def test_the_suite_never_reaches_the_real_keyring() -> None:
    """tests/conftest.py puts the whole run, and the processes it starts, on the no-keyring backend."""
    import os
    import subprocess
    import sys

    assert isinstance(keyring.get_keyring(), fail.Keyring)
    child = subprocess.run(
        [sys.executable, "-c", "import keyring; print(type(keyring.get_keyring()).__module__)"],
        capture_output=True, text=True, check=True, env=dict(os.environ),
    )
    assert child.stdout.strip() == "keyring.backends.fail"
