"""The audit log: append-only SQLite under KGDESK_HOME, one hash-chained record per action.

Each record (import, build, question, settings change) holds who, role, when, action, question,
plan JSON, Cypher texts, row counts, decision, the sha256 of the answer shown, duration, detail
and injection flags. `hash = sha256(prev_hash + canonical JSON of the record)`, so editing,
deleting or reordering a record breaks the chain at that point; `verify()` finds the first
broken record. Triggers refuse UPDATE and DELETE (an accident guard; someone with the file and
sqlite3 can drop them, which is what the chain is for). A one-row head table holds the last id
and hash, so cutting records off the end is detected too.

What is never written: secrets (scrubbed by value and by pattern before hashing), query
parameter values (they can hold the personal data a question was about; the question text and
the Cypher are kept), answers (only their digest). If a record cannot be written the action
fails with `AuditError`: nothing happens that is not on the record.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.paths import audit_db
from kgdesk.security.redact import scrub

GENESIS = "0" * 64
BUSY_TIMEOUT_MS = 10_000
SCHEMA_VERSION = 1
_BEIJING = timezone(timedelta(hours=8))

ACTION_TEXT = {
    "import": "导入",
    "build": "构建",
    "question": "提问",
    "settings": "设置",
    "export": "导出",
    "identity": "切换用户",
}

_COLUMNS = (
    "id",
    "ts",
    "action",
    "user",
    "role",
    "question",
    "plan",
    "cypher",
    "rows",
    "decision",
    "answer_sha256",
    "duration_ms",
    "detail",
    "flags",
    "prev_hash",
)
"""Hashed columns, in order; `hash` itself is the last column."""

_DDL = f"""
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    action TEXT NOT NULL,
    user TEXT NOT NULL,
    role TEXT NOT NULL,
    question TEXT,
    plan TEXT,
    cypher TEXT NOT NULL,
    rows TEXT NOT NULL,
    decision TEXT NOT NULL,
    answer_sha256 TEXT,
    duration_ms INTEGER,
    detail TEXT NOT NULL,
    flags TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_head (
    k INTEGER PRIMARY KEY CHECK (k = 1),
    last_id INTEGER NOT NULL,
    last_hash TEXT NOT NULL,
    schema_version INTEGER NOT NULL
);
INSERT OR IGNORE INTO audit_head (k, last_id, last_hash, schema_version) VALUES (1, 0, '{GENESIS}', {SCHEMA_VERSION});
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
"""


class AuditError(KgdeskError):
    """The audit record could not be written (or read): the action must not go ahead."""

    code = "E_AUDIT"


# ---------------------------------------------------------------------- canonical form


def _jsonable(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(v) for v in value), key=lambda x: json.dumps(x, ensure_ascii=False, default=str))
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: the same value always gives the same string."""
    return json.dumps(_jsonable(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def record_hash(prev_hash: str, body: Mapping[str, Any]) -> str:
    return hashlib.sha256((prev_hash + canonical_json(body)).encode("utf-8")).hexdigest()


def answer_digest(answer: str) -> str:
    return hashlib.sha256(answer.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------- records


@dataclass
class AuditRecord:
    id: int
    ts: str
    action: str
    user: str
    role: str
    question: str | None
    plan: Any
    cypher: list[str]
    rows: list[Any]
    decision: str
    answer_sha256: str | None
    duration_ms: int | None
    detail: dict[str, Any]
    flags: list[Any]
    prev_hash: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        return {c: getattr(self, c) for c in (*_COLUMNS, "hash")}


def _row_to_record(row: sqlite3.Row) -> AuditRecord:
    def load(text: str | None, default: Any) -> Any:
        if text is None:
            return default
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    return AuditRecord(
        id=int(row["id"]),
        ts=row["ts"],
        action=row["action"],
        user=row["user"],
        role=row["role"],
        question=row["question"],
        plan=load(row["plan"], None),
        cypher=load(row["cypher"], []),
        rows=load(row["rows"], []),
        decision=row["decision"],
        answer_sha256=row["answer_sha256"],
        duration_ms=row["duration_ms"],
        detail=load(row["detail"], {}),
        flags=load(row["flags"], []),
        prev_hash=row["prev_hash"],
        hash=row["hash"],
    )


def _body_of(row: Mapping[str, Any]) -> dict[str, Any]:
    """The hashed part of a stored row: its columns as stored (JSON columns as their text)."""
    return {c: row[c] for c in _COLUMNS}


# ---------------------------------------------------------------------- the store


def audit_path(home: Path | None = None) -> Path:
    return audit_db(home)


def _wal(conn: sqlite3.Connection) -> Any:
    """Switch to WAL once (the file remembers it). Changing the journal mode answers "database is
    locked" at once, without the busy handler, while another writer creates the file: retry."""
    mode = conn.execute("PRAGMA journal_mode").fetchone()
    if mode is not None and str(mode[0]).lower() == "wal":
        return mode
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return conn.execute("PRAGMA journal_mode = WAL").fetchone()
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@contextmanager
def _connect(home: Path | None, what: str) -> Iterator[sqlite3.Connection]:
    path = audit_path(home)
    new = not path.exists()
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except (sqlite3.Error, OSError) as e:
        raise AuditError(f"审计日志无法打开（{path}）：{e}，{what}") from e
    if new and os.name == "posix":
        with suppress(OSError):
            os.chmod(path, 0o600)  # other OS accounts on a shared machine cannot read who asked what
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = _wal(conn)
        if mode is None or str(mode[0]).lower() != "wal":
            raise sqlite3.OperationalError(f"cannot use WAL journal (got {mode[0] if mode else None})")
        conn.execute("PRAGMA synchronous = FULL")
        conn.executescript(_DDL)
        yield conn
    except sqlite3.Error as e:
        raise AuditError(f"审计日志读写失败（{path}）：{e}，{what}") from e
    finally:
        conn.close()


def _now() -> str:
    return datetime.now(_BEIJING).isoformat(timespec="milliseconds")


def _cypher_and_rows(queries: Sequence[Any] | None) -> tuple[list[str], list[Any]]:
    """Cypher texts and row counts of executed queries; parameter values are deliberately left out."""
    cypher: list[str] = []
    rows: list[Any] = []
    for q in queries or ():
        if hasattr(q, "to_json"):
            q = q.to_json()
        if isinstance(q, Mapping):
            cypher.append(str(q.get("cypher", "")))
            rows.append(q.get("rows"))
        elif isinstance(q, str):
            cypher.append(q)
            rows.append(None)
    return cypher, rows


def record(
    action: str,
    *,
    user: str,
    role: str,
    question: str | None = None,
    plan: Any = None,
    queries: Sequence[Any] | None = None,
    rows: Sequence[Any] | int | None = None,
    decision: str = "ok",
    answer: str | None = None,
    duration_ms: float | None = None,
    detail: Mapping[str, Any] | None = None,
    flags: Sequence[Any] | None = None,
    home: Path | None = None,
) -> int:
    """Append one record and return its id; raises AuditError when it cannot be written.

    `queries` are executed queries (objects with `to_json()` or dicts with `cypher`/`rows`);
    `rows` overrides the row counts (one int for a whole build or import); `answer` is hashed,
    never stored.
    """
    if not action or not action.replace("_", "").isalnum():
        raise AuditError(f"审计记录的操作名无效：{action!r}")
    cypher, counts = _cypher_and_rows(queries)
    if rows is not None:
        counts = [rows] if isinstance(rows, int) else list(rows)
    values: dict[str, Any] = {
        "ts": _now(),
        "action": action,
        "user": scrub(str(user or "")),
        "role": str(role or ""),
        "question": scrub(question) if question is not None else None,
        "plan": canonical_json(scrub(_jsonable(plan))) if plan is not None else None,
        "cypher": canonical_json(scrub(cypher)),
        "rows": canonical_json(counts),
        "decision": scrub(str(decision)),
        "answer_sha256": answer_digest(answer) if answer is not None else None,
        "duration_ms": round(duration_ms) if duration_ms is not None else None,
        "detail": canonical_json(scrub(_jsonable(dict(detail or {})))),
        "flags": canonical_json(scrub(_jsonable(list(flags or [])))),
    }
    with _connect(home, "本次操作未执行") as conn:
        try:
            conn.execute("BEGIN IMMEDIATE")
            last = conn.execute("SELECT id, hash FROM audit ORDER BY id DESC LIMIT 1").fetchone()
            prev_id, prev_hash = (int(last["id"]), str(last["hash"])) if last else (0, GENESIS)
            head = conn.execute("SELECT last_id, last_hash FROM audit_head WHERE k = 1").fetchone()
            if head is not None and int(head["last_id"]) > prev_id:
                # records were cut off the end: chain to the head so the gap stays visible to verify()
                prev_id, prev_hash = int(head["last_id"]), str(head["last_hash"])
            row = {"id": prev_id + 1, **values, "prev_hash": prev_hash}
            digest = record_hash(prev_hash, _body_of(row))
            conn.execute(
                f"INSERT INTO audit ({', '.join((*_COLUMNS, 'hash'))}) VALUES ({', '.join('?' * (len(_COLUMNS) + 1))})",
                [*(row[c] for c in _COLUMNS), digest],
            )
            conn.execute("UPDATE audit_head SET last_id = ?, last_hash = ? WHERE k = 1", (row["id"], digest))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return int(row["id"])


def preflight(home: Path | None = None) -> None:
    """Check the log can take a record (opened, writable, lock obtainable) before a long action."""
    with _connect(home, "操作未开始") as conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")


@dataclass
class AuditEntry:
    """What an action fills in while it runs (see `audited`)."""

    question: str | None = None
    plan: Any = None
    queries: list[Any] = field(default_factory=list)
    rows: Sequence[Any] | int | None = None
    decision: str = "ok"
    answer: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    flags: list[Any] = field(default_factory=list)
    record_id: int | None = None


@contextmanager
def audited(action: str, *, user: str, role: str, home: Path | None = None, **initial: Any) -> Iterator[AuditEntry]:
    """Run an action with its audit record: the log is checked first (no record → no action), the
    record is written when the action ends (also on failure), and a failed write fails the action."""
    preflight(home)
    entry = AuditEntry(**initial)
    t0 = time.perf_counter()
    try:
        yield entry
    except BaseException as e:
        if entry.decision == "ok":
            entry.decision = f"error:{getattr(e, 'code', type(e).__name__)}"
        _write(action, entry, user, role, t0, home)
        raise
    entry.record_id = _write(action, entry, user, role, t0, home)


def _write(action: str, e: AuditEntry, user: str, role: str, t0: float, home: Path | None) -> int:
    return record(
        action,
        user=user,
        role=role,
        question=e.question,
        plan=e.plan,
        queries=e.queries,
        rows=e.rows,
        decision=e.decision,
        answer=e.answer,
        duration_ms=(time.perf_counter() - t0) * 1000,
        detail=e.detail,
        flags=e.flags,
        home=home,
    )


# ---------------------------------------------------------------------- reading and verifying


def read_records(home: Path | None = None, *, user: str | None = None, limit: int | None = None) -> list[AuditRecord]:
    """Records in id order (the last `limit` when given), optionally only one user's."""
    sql = "SELECT * FROM audit"
    args: list[Any] = []
    if user is not None:
        sql += " WHERE user = ?"
        args.append(user)
    sql += " ORDER BY id DESC" + (" LIMIT ?" if limit else "")
    if limit:
        args.append(int(limit))
    with _connect(home, "无法读取审计日志") as conn:
        rows = conn.execute(sql, args).fetchall()
    return [_row_to_record(r) for r in reversed(rows)]


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    records: int
    first_broken: int | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "records": self.records, "first_broken": self.first_broken, "reason": self.reason}


def verify(home: Path | None = None) -> VerifyResult:
    """Walk the chain from the first record; report the first one whose hash or link does not hold."""
    with _connect(home, "无法校验审计日志") as conn:
        rows = conn.execute("SELECT * FROM audit ORDER BY id").fetchall()
        head = conn.execute("SELECT last_id, last_hash FROM audit_head WHERE k = 1").fetchone()
    prev_hash = GENESIS
    expected_id = 1
    for r in rows:
        rid = int(r["id"])
        if rid != expected_id:
            return VerifyResult(False, len(rows), rid, f"记录 {expected_id} 到 {rid - 1} 缺失（被删除）")
        if r["prev_hash"] != prev_hash:
            return VerifyResult(False, len(rows), rid, "与上一条记录的哈希链接不符（上一条被改动、删除或顺序被调换）")
        if record_hash(prev_hash, _body_of(r)) != r["hash"]:
            return VerifyResult(False, len(rows), rid, "记录内容与其哈希不符（记录被改动）")
        prev_hash = r["hash"]
        expected_id += 1
    last_id = expected_id - 1
    if head is not None and (int(head["last_id"]) != last_id or head["last_hash"] != prev_hash):
        return VerifyResult(False, len(rows), last_id + 1, f"末尾记录缺失（应有 {head['last_id']} 条）")
    return VerifyResult(True, len(rows))


_verify_chain = verify


# ---------------------------------------------------------------------- the `kgdesk audit` command


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _cut(text: str, width: int) -> str:
    out, w = "", 0
    for ch in text:
        cw = _width(ch)
        if w + cw > width - 1 and len(text) > len(out) + 1:
            return out + "…"
        out += ch
        w += cw
    return out


def _pad(text: str, width: int) -> str:
    text = _cut(text, width)
    return text + " " * max(0, width - _width(text))


def render_table(records: Sequence[AuditRecord]) -> str:
    headers = ("编号", "时间", "用户", "角色", "操作", "结果", "行数", "耗时毫秒", "问题或说明")
    widths = (6, 20, 10, 8, 8, 18, 8, 9, 50)
    lines = ["  ".join(_pad(h, w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    for r in records:
        total = sum(x for x in r.rows if isinstance(x, int)) if r.rows else 0
        about = r.question or ("；".join(f"{k}={v}" for k, v in r.detail.items()) if r.detail else "")
        cells = (
            str(r.id),
            r.ts.replace("T", " ")[:19],
            r.user,
            r.role,
            ACTION_TEXT.get(r.action, r.action),
            r.decision,
            str(total) if r.rows else "",
            "" if r.duration_ms is None else str(r.duration_ms),
            about.replace("\n", " "),
        )
        lines.append("  ".join(_pad(c, w) for c, w in zip(cells, widths, strict=True)).rstrip())
    return "\n".join(lines)


def cli_command(as_json: bool, verify: bool) -> int:
    """`kgdesk audit [--json] [--verify]`: 0 = listed / chain intact, 1 = chain broken or refused."""
    if verify:
        result = _verify_chain()
        if as_json:
            sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        elif result.ok:
            print(f"审计日志完整：共 {result.records} 条记录，哈希链校验通过。")
        else:
            print(f"审计日志已被改动：第一条异常记录编号 {result.first_broken}（{result.reason}）。")
        return 0 if result.ok else 1
    from kgdesk.security.identity import current_identity

    ident = current_identity()
    scope_user = None if ident.is_admin else ident.user
    records = read_records(user=scope_user)
    if as_json:
        doc = {
            "scope": "all" if scope_user is None else "own",
            "user": ident.user,
            "role": ident.role,
            "records": [r.to_json() for r in records],
        }
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        return 0
    if not records:
        print("审计日志中还没有记录。" if scope_user is None else f"审计日志中还没有用户 {scope_user} 的记录。")
        return 0
    if scope_user is not None:
        print(f"（当前角色 {ident.role} 只能查看自己的记录；管理员可查看全部）")
    print(render_table(records))
    return 0
