"""Optional separate read credentials for a shared server (issue 7, item 3): questions and reports
log in with the read account, builds with the main one. Real Neo4j, a real second user."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgdesk.config.settings import effective_settings
from kgdesk.errors import ConfigError
from kgdesk.graph.connection import GraphConnection
from kgdesk.graph.local_server import LocalGraphServer


@pytest.fixture
def reader(neo4j_server: LocalGraphServer) -> Iterator[tuple[str, str]]:
    name = "kgdesk_reader_" + secrets.token_hex(4)
    password = "reader-pw-" + secrets.token_hex(8)
    with GraphConnection(neo4j_server.uri, neo4j_server.user, neo4j_server.password, "system") as admin:
        admin.autocommit(f"CREATE USER {name} SET PASSWORD $pw CHANGE NOT REQUIRED", {"pw": password})
        try:
            yield name, password
        finally:
            admin.autocommit(f"DROP USER {name} IF EXISTS")


def _who(conn: GraphConnection) -> str:
    return str(conn.autocommit("SHOW CURRENT USER YIELD user RETURN user")[0]["user"])


def test_questions_use_the_read_account_builds_the_main_one(
    neo4j_env: dict[str, str], reader: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, password = reader
    monkeypatch.setenv("KGDESK_NEO4J_READ_USER", name)
    monkeypatch.setenv("KGDESK_NEO4J_READ_PASSWORD", password)
    s = effective_settings()
    assert s.neo4j_read_user == name
    with GraphConnection.from_settings(s, read_only=True) as conn:
        assert _who(conn) == name
    with GraphConnection.from_settings(s) as conn:  # a build
        assert _who(conn) == neo4j_env["KGDESK_NEO4J_USER"]

    from kgdesk.app.graph_access import open_graph

    with open_graph(s, read_only=True) as conn:
        assert _who(conn) == name


def test_a_question_logs_in_with_the_read_account(
    neo4j_env: dict[str, str], reader: tuple[str, str], monkeypatch: pytest.MonkeyPatch, _fresh_home: Path
) -> None:
    """A wrong read password fails the question (with the Chinese reason, never the password) while the
    main password is right: so the question did use the read account."""
    from kgdesk.app.asking import ask_cli

    name, password = reader
    wrong = "wrong-reader-" + secrets.token_hex(6)
    monkeypatch.setenv("KGDESK_NEO4J_READ_USER", name)
    monkeypatch.setenv("KGDESK_NEO4J_READ_PASSWORD", wrong)
    doc, text = ask_cli("有多少人", auto=True, no_llm=True)
    assert doc["status"] == "error" and "用户名或密码错误" in doc["answer"], doc["answer"]
    assert wrong not in text and wrong not in str(doc)
    monkeypatch.setenv("KGDESK_NEO4J_READ_PASSWORD", password)
    doc, _ = ask_cli("有多少人", auto=True, no_llm=True)
    assert "用户名或密码错误" not in doc["answer"], doc["answer"]


def test_read_account_without_a_password_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring

    from tests.config.test_secrets import MemoryKeyring

    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())  # a secure keyring with nothing saved
    try:
        monkeypatch.setenv("KGDESK_NEO4J_URI", "bolt://127.0.0.1:1")
        monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", "main-password")
        monkeypatch.setenv("KGDESK_NEO4J_READ_USER", "reader")
        monkeypatch.delenv("KGDESK_NEO4J_READ_PASSWORD", raising=False)
        with pytest.raises(ConfigError, match="KGDESK_NEO4J_READ_PASSWORD") as err:
            GraphConnection.from_settings(effective_settings(), read_only=True)
        assert "只读账号 reader" in err.value.message
    finally:
        keyring.set_keyring(before)
