"""The audit log: hash chain, tamper detection with sqlite3 directly, failure semantics, secrets, CLI."""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
from pathlib import Path

import pytest

from kgdesk.cli import main
from kgdesk.config.settings import Settings, save_settings
from kgdesk.paths import audit_db
from kgdesk.security import audit
from kgdesk.security.audit import AuditError, answer_digest, audited, read_records, record, verify

PLAN = {"query_type": "count", "steps": [{"id": "s1", "entity": "人员"}]}
QUERIES = [{"cypher": "MATCH (n0:`人员`) WHERE n0._version = $version RETURN n0 LIMIT $row_cap",
            "params": {"version": "v1", "p0": "张三的身份证 310101199001011234"}, "rows": 12}]


def db(home: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(audit_db(home)))


def fill(home: Path, n: int = 5) -> None:
    for i in range(n):
        record("question", user=f"u{i % 2}", role="staff", question=f"第{i}个问题：有多少人", plan=PLAN,
               queries=QUERIES, decision="answered", answer=f"共 {i} 人", duration_ms=12.5 + i)


def test_records_are_chained_and_verify(_fresh_home: Path) -> None:
    fill(_fresh_home, 5)
    record("build", user="admin", role="admin", rows=1234, detail={"version": "v2", "files": 15})
    record("settings", user="admin", role="admin", detail={"role": "staff"})
    result = verify()
    assert result.ok and result.records == 7 and result.first_broken is None
    recs = read_records()
    assert [r.id for r in recs] == list(range(1, 8))
    assert recs[0].prev_hash == audit.GENESIS and all(b.prev_hash == a.hash for a, b in itertools.pairwise(recs))
    q = recs[2]
    assert q.action == "question" and q.user == "u0" and q.role == "staff" and q.question == "第2个问题：有多少人"
    assert q.plan == PLAN and q.cypher == [QUERIES[0]["cypher"]] and q.rows == [12]
    assert q.answer_sha256 == answer_digest("共 2 人") and q.duration_ms == 14 and q.decision == "answered"
    assert recs[5].rows == [1234] and recs[5].detail == {"files": 15, "version": "v2"}
    # parameter values (personal data a question was about) are not stored
    raw = audit_db(_fresh_home).read_bytes()
    assert b"310101199001011234" not in raw


def test_wal_and_busy_timeout(_fresh_home: Path) -> None:
    fill(_fresh_home, 1)
    with db(_fresh_home) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_update_and_delete_are_refused_by_triggers(_fresh_home: Path) -> None:
    fill(_fresh_home, 2)
    conn = db(_fresh_home)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE audit SET question = 'x' WHERE id = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM audit WHERE id = 1")
    conn.close()
    assert verify().ok


def _tamper(home: Path, sql: str, *args: object) -> None:
    conn = db(home)
    conn.execute("DROP TRIGGER audit_no_update")
    conn.execute("DROP TRIGGER audit_no_delete")
    conn.execute(sql, args)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    ("sql", "args", "broken"),
    [
        ("UPDATE audit SET question = ? WHERE id = 3", ("改过的问题",), 3),
        ("UPDATE audit SET role = ? WHERE id = 2", ("admin",), 2),
        ("UPDATE audit SET answer_sha256 = ? WHERE id = 5", ("0" * 64,), 5),
        ("UPDATE audit SET rows = ? WHERE id = 1", ("[999]",), 1),
        ("DELETE FROM audit WHERE id = ?", (4,), 5),
    ],
)
def test_tampering_is_detected_at_the_record(_fresh_home: Path, sql: str, args: tuple, broken: int) -> None:
    fill(_fresh_home, 6)
    _tamper(_fresh_home, sql, *args)
    result = verify()
    assert not result.ok and result.first_broken == broken and result.reason


def test_rehashing_one_record_is_caught_at_that_record(_fresh_home: Path) -> None:
    fill(_fresh_home, 4)
    conn = db(_fresh_home)
    conn.row_factory = sqlite3.Row
    row = dict(conn.execute("SELECT * FROM audit WHERE id = 2").fetchone())
    conn.close()
    row["question"] = "伪造"
    new_hash = audit.record_hash(row["prev_hash"], {c: row[c] for c in audit._COLUMNS})
    _tamper(_fresh_home, "UPDATE audit SET question = '伪造', hash = ? WHERE id = 2", new_hash)
    result = verify()
    # the records are keyed: a plain recomputed hash is not the record's MAC
    assert not result.ok and result.first_broken == 2 and "签名" in result.reason


def test_cutting_the_tail_is_detected_even_after_new_records(_fresh_home: Path) -> None:
    fill(_fresh_home, 5)
    _tamper(_fresh_home, "DELETE FROM audit WHERE id >= ?", 4)
    result = verify()
    assert not result.ok and result.first_broken == 4
    record("question", user="u", role="guest", question="之后的问题")
    again = verify()
    assert not again.ok and again.first_broken == 6  # ids 4 and 5 are missing


def test_write_failure_fails_the_action(_fresh_home: Path) -> None:
    audit_db(_fresh_home).write_bytes(b"this is not a database" * 100)
    with pytest.raises(AuditError) as e:
        record("question", user="u", role="guest", question="有多少人")
    assert e.value.code == "E_AUDIT" and "审计日志" in e.value.message
    ran = []
    with pytest.raises(AuditError), audited("build", user="u", role="admin"):
        ran.append(1)  # the action body must not run when the log cannot take its record
    assert ran == []


def test_audited_records_success_and_failure(_fresh_home: Path) -> None:
    with audited("build", user="admin", role="admin") as entry:
        entry.rows = 77
        entry.detail["version"] = "v9"
    assert entry.record_id == 1
    with pytest.raises(RuntimeError), audited("import", user="admin", role="admin"):
        raise RuntimeError("boom")
    recs = read_records()
    assert recs[0].rows == [77] and recs[0].decision == "ok" and recs[0].duration_ms is not None
    assert recs[1].action == "import" and recs[1].decision == "error:RuntimeError"
    assert verify().ok


def test_audit_failure_at_the_end_fails_the_action(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(AuditError), audited("question", user="u", role="guest") as entry:
        entry.answer = "答案"
        # the log becomes unusable while the action runs: the action must not be reported as done
        audit_db(_fresh_home).unlink()
        audit_db(_fresh_home).mkdir()
    assert entry.record_id is None


def test_secrets_never_reach_the_file(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    neo = "kgdesk-neo4j-pass-1f2e3d4c"
    key = "sk-live-AbCdEf0123456789XyZ"
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", neo)
    monkeypatch.setenv("KGDESK_LLM_API_KEY", key)
    typed = "Bearer abcdefghijklmnop123456"
    record(
        "question",
        user="u",
        role="guest",
        question=f"我的密码是 {neo}，key={key}，token: {typed}",
        plan={"notes": [f"连接 neo4j://neo4j:{neo}@127.0.0.1:7687", "api_key=zzzzSECRETzzzz"]},
        queries=[{"cypher": f"// {key}", "rows": 1}],
        detail={"llm_api_key": key, "uri": "bolt://neo4j:hunter2hunter2@localhost", "other": "GhpAbCdEfGhIjKlMnOpQrStUvWxYz0123456789"},
        decision=f"error: auth failed for {neo}",
        answer=f"包含 {key}",
    )
    paths = [p for p in _fresh_home.iterdir() if p.name.startswith(audit_db(_fresh_home).name)]
    blob = b"".join(p.read_bytes() for p in paths)
    for secret in (neo, key, "abcdefghijklmnop123456", "zzzzSECRETzzzz", "hunter2hunter2",
                   "GhpAbCdEfGhIjKlMnOpQrStUvWxYz0123456789"):
        assert secret.encode() not in blob, secret
    rec = read_records()[0]
    assert "***" in (rec.question or "") and verify().ok


def test_concurrent_writers_keep_one_chain(_fresh_home: Path) -> None:
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(15):
                record("question", user=f"t{n}", role="guest", question=f"{n}-{i}")
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    result = verify()
    assert result.ok and result.records == 60


# ---------------------------------------------------------------- the CLI


def test_cli_verify_exit_codes(_fresh_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(_fresh_home, 3)
    assert main(["audit", "--verify"]) == 0
    assert "哈希链校验通过" in capsys.readouterr().out
    _tamper(_fresh_home, "UPDATE audit SET user = 'mallory' WHERE id = 2")
    assert main(["audit", "--verify"]) == 1
    assert "第一条异常记录编号 2" in capsys.readouterr().out
    assert main(["audit", "--verify", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is False and doc["first_broken"] == 2


def test_cli_lists_own_records_unless_admin(_fresh_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record("question", user="guest", role="guest", question="我的问题")
    record("question", user="boss", role="manager", question="经理的问题")
    assert main(["audit", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["scope"] == "own" and [r["question"] for r in doc["records"]] == ["我的问题"]
    save_settings(Settings(user="admin", role="admin", first_run_done=True))
    assert main(["audit", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["scope"] == "all" and len(doc["records"]) == 2
    assert main(["audit"]) == 0
    out = capsys.readouterr().out
    assert "编号" in out and "经理的问题" in out and "提问" in out


def test_cli_broken_log_file_is_refused(_fresh_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    audit_db(_fresh_home).write_bytes(b"garbage" * 500)
    assert main(["audit", "--verify"]) == 1
    assert "审计日志" in capsys.readouterr().err
