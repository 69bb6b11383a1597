"""The audit log: append-only SQLite under KGDESK_HOME, one hash-chained record per action.

Each record (import, build, question, settings change) holds who, role, when, action, question,
plan JSON, Cypher texts, row counts, decision, the sha256 of the answer shown, duration, detail
and injection flags. `hash = sha256(prev_hash + canonical JSON of the record)`, so editing,
deleting or reordering a record breaks the chain at that point; `verify()` finds the first
broken record. Triggers refuse UPDATE and DELETE (an accident guard; someone with the file and
sqlite3 can drop them, which is what the chain is for). A one-row head table holds the last id
and hash, so cutting records off the end is detected too.

Keyed (issue 13.6): a plain hash chain can be recomputed by whoever edits the file, so each
record's `hash` is an HMAC-SHA256 under a key kept outside KGDESK_HOME (`audit_key.py`: the OS
keyring, or a private key file beside the home), marked `mac = 'hmac-sha256'`; and the chain head
(last id and MAC) is anchored there too, so deleting, emptying or cutting the log is reported.
Records written before keys existed (`mac` empty) still verify as a plain chain and are reported
as 未加密签名的旧日志; the first keyed record seals them (its MAC covers their last hash).

What is never written: secrets (scrubbed by value and by pattern before hashing), query
parameter values (they can hold the personal data a question was about; the question text and
the Cypher are kept), answers (only their digest). If a record cannot be written the action
fails with `AuditError`: nothing happens that is not on the record.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import math
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.paths import audit_db, home_dir
from kgdesk.security import audit_key
from kgdesk.security.audit_key import MAC_KIND, Anchor, AuditKey
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
    hash TEXT NOT NULL,
    mac TEXT
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
    """The plain (unkeyed) link of records written before the log was keyed."""
    return hashlib.sha256((prev_hash + canonical_json(body)).encode("utf-8")).hexdigest()


def record_mac(key: AuditKey, prev_hash: str, body: Mapping[str, Any]) -> str:
    """The keyed link: the body includes its `mac` kind, so a record cannot be downgraded."""
    return key.mac(prev_hash + canonical_json({**body, "mac": MAC_KIND}))


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
        if "mac" not in {r[1] for r in conn.execute("PRAGMA table_info(audit)")}:
            conn.execute("ALTER TABLE audit ADD COLUMN mac TEXT")  # a log from before keying
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
    home = home or home_dir()
    with _connect(home, "本次操作未执行") as conn:
        key = _key_for_writing(home)  # made only once the log itself can be written
        try:
            conn.execute("BEGIN IMMEDIATE")
            last = conn.execute("SELECT id, hash FROM audit ORDER BY id DESC LIMIT 1").fetchone()
            prev_id, prev_hash = (int(last["id"]), str(last["hash"])) if last else (0, GENESIS)
            head = conn.execute("SELECT last_id, last_hash FROM audit_head WHERE k = 1").fetchone()
            if head is not None and int(head["last_id"]) > prev_id:
                # records were cut off the end: chain to the head so the gap stays visible to verify()
                prev_id, prev_hash = int(head["last_id"]), str(head["last_hash"])
            row = {"id": prev_id + 1, **values, "prev_hash": prev_hash}
            digest = record_mac(key, prev_hash, _body_of(row))
            conn.execute(
                f"INSERT INTO audit ({', '.join((*_COLUMNS, 'hash', 'mac'))}) "
                f"VALUES ({', '.join('?' * (len(_COLUMNS) + 2))})",
                [*(row[c] for c in _COLUMNS), digest, MAC_KIND],
            )
            conn.execute("UPDATE audit_head SET last_id = ?, last_hash = ? WHERE k = 1", (row["id"], digest))
            first = conn.execute("SELECT min(id) FROM audit WHERE mac IS NOT NULL").fetchone()
            # under the write lock, so concurrent writers (threads or processes) move it in order
            before = _anchor(home, key, int(row["id"]), digest, int(first[0] or row["id"]))
            try:
                conn.execute("COMMIT")
            except BaseException:
                _restore_anchor(home, key, before)
                raise
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return int(row["id"])


def _key_for_writing(home: Path) -> AuditKey:
    try:
        key = audit_key.load_key(home, create=True)
    except KgdeskError as e:
        raise AuditError(f"{e.message}，本次操作未执行") from e
    if key is None:  # pragma: no cover - load_key(create=True) always makes one
        raise AuditError("审计日志没有可用的签名密钥，本次操作未执行")
    return key


def _anchor(home: Path, key: AuditKey, last_id: int, mac: str, keyed_from: int) -> Anchor | None:
    """Move the anchor forward before the record commits (never back); the anchor it replaced.
    If it cannot be written, the record is not written either."""
    try:
        current = audit_key.load_anchor(home, key).anchor
        if current is not None and current.last_id >= last_id:
            return current
        audit_key.save_anchor(home, key, Anchor(last_id, mac, min(keyed_from, current.keyed_from) if current else keyed_from))
    except KgdeskError as e:
        raise AuditError(f"{e.message}（记录 {last_id} 未写入，本次操作未执行）") from e
    return current


def _restore_anchor(home: Path, key: AuditKey, before: Anchor | None) -> None:
    """The record did not commit: put the anchor back where the log ends (best effort; if this fails
    too, verify() reports the mismatch rather than hiding it)."""
    if before is not None:
        with suppress(KgdeskError, OSError):
            audit_key.save_anchor(home, key, before)


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
    keyed: bool = False
    """Every record from `keyed_from` on carries an HMAC that held (not only a plain hash)."""
    legacy: int = 0
    """Records written before the log was keyed (未加密签名的旧日志): forgery there is not provable."""
    key_where: str = ""
    anchor_where: str = ""
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "records": self.records,
            "first_broken": self.first_broken,
            "reason": self.reason,
            "keyed": self.keyed,
            "legacy_records": self.legacy,
            "key": self.key_where,
            "anchor": self.anchor_where,
            "notes": list(self.notes),
        }


def verify(home: Path | None = None) -> VerifyResult:
    """Walk the chain from the first record; report the first one whose MAC, hash or link does not
    hold, and check the log against the anchor kept outside it (deleted, emptied, cut, rewritten)."""
    home = home or home_dir()
    try:
        key = audit_key.load_key(home, create=False)
        found = audit_key.load_anchor(home, key)
    except KgdeskError as e:
        raise AuditError(f"{e.message}，无法校验审计日志") from e
    anchor = found.anchor
    result = functools.partial(VerifyResult, key_where=key.where if key else "", anchor_where=found.where)
    if found.forged:
        return result(False, 0, None, f"审计日志的链头锚点被改动或无法读取（{found.where}）")
    if not audit_path(home).exists() and anchor is not None:
        return result(False, 0, 1, f"审计日志文件不存在：它已被删除（应至少有 {anchor.last_id} 条记录）")
    with _connect(home, "无法校验审计日志") as conn:
        rows = conn.execute("SELECT * FROM audit ORDER BY id").fetchall()
        head = conn.execute("SELECT last_id, last_hash FROM audit_head WHERE k = 1").fetchone()
    n = len(rows)
    if not rows and anchor is not None:
        return result(False, 0, 1, f"审计日志被清空（应至少有 {anchor.last_id} 条记录）")
    prev_hash, expected_id, legacy, keyed_seen = GENESIS, 1, 0, False
    macs: dict[int, str] = {}
    for r in rows:
        rid = int(r["id"])
        broken = _check_row(r, rid, expected_id, prev_hash, key, keyed_seen, anchor)
        if broken:
            return result(False, n, rid, broken, legacy=legacy)
        if r["mac"]:
            keyed_seen = True
        else:
            legacy += 1
        prev_hash = r["hash"]
        macs[rid] = prev_hash
        expected_id += 1
    last_id = expected_id - 1
    if head is not None and (int(head["last_id"]) != last_id or head["last_hash"] != prev_hash):
        return result(False, n, last_id + 1, f"末尾记录缺失（应有 {head['last_id']} 条）", legacy=legacy)
    if anchor is not None and macs.get(anchor.last_id) != anchor.last_mac:
        why = (
            f"末尾记录缺失（{found.where}中记着第 {anchor.last_id} 条，日志只到第 {last_id} 条）"
            if anchor.last_id > last_id
            else f"与{found.where}中保存的链头（第 {anchor.last_id} 条）不符：记录被删除、重新编号或重算"
        )
        return result(False, n, min(anchor.last_id, last_id + 1), why, legacy=legacy)
    notes = []
    if legacy:
        notes.append(f"前 {legacy} 条是未加密签名的旧日志（启用签名之前写入），只能发现未重算哈希的改动")
    if n and anchor is None:
        notes.append("没有找到链头锚点（首次校验或锚点所在处被清除）：无法确认末尾记录未被删除")
    return result(True, n, keyed=keyed_seen or n == 0, legacy=legacy, notes=tuple(notes))


def _check_row(
    r: Any, rid: int, expected_id: int, prev_hash: str, key: AuditKey | None, keyed_seen: bool,
    anchor: Anchor | None,
) -> str:
    """Why record `r` breaks the chain, or ''."""
    if rid != expected_id:
        return f"记录 {expected_id} 到 {rid - 1} 缺失（被删除）"
    if r["prev_hash"] != prev_hash:
        return "与上一条记录的哈希链接不符（上一条被改动、删除或顺序被调换）"
    body = _body_of(r)
    if r["mac"]:
        if r["mac"] != MAC_KIND:
            return f"未知的签名方式 {r['mac']!r}（记录被改动）"
        if key is None:
            return "记录有签名，但找不到审计日志的密钥（密钥环或密钥文件被清除，或日志来自另一台电脑）"
        if not hmac.compare_digest(record_mac(key, prev_hash, body), str(r["hash"])):
            return "记录内容与其签名不符（记录被改动或伪造）"
        return ""
    if keyed_seen or (anchor is not None and rid >= anchor.keyed_from):
        return "已签名的日志中出现未签名的记录（伪造）"
    if record_hash(prev_hash, body) != r["hash"]:
        return "记录内容与其哈希不符（记录被改动）"
    return ""


_verify_chain = verify
