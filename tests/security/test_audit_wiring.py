"""Every question leaves one audit record, and a question whose audit cannot be written fails."""

from __future__ import annotations

import asyncio
from pathlib import Path

from kgdesk.agent.agent import Agent
from kgdesk.agent.memory import HistoryStore
from kgdesk.paths import history_db
from kgdesk.security import audit


def _agent(home: Path) -> Agent:
    return Agent(store=HistoryStore(history_db(home)), audit=True)


def test_protocol_reply_is_audited(_fresh_home: Path) -> None:
    result = asyncio.run(_agent(_fresh_home).ask("确认", conn=None, role="staff", user="王五"))
    records = audit.read_records()
    assert [r.action for r in records] == ["question"]
    assert records[0].user == "王五" and records[0].question == "确认"
    assert records[0].decision == result.status
    assert audit.verify().ok


def test_broken_audit_file_fails_the_question(_fresh_home: Path) -> None:
    path = audit.audit_path()
    path.write_bytes(b"this is not a database" * 100)
    result = asyncio.run(_agent(_fresh_home).ask("确认", conn=None))
    assert result.status == "error"
