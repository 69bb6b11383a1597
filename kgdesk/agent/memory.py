"""Conversation memory: threads and their turns, plus the approved-answer cache, in one SQLite file.

One file under KGDESK_HOME (`history.sqlite3`), opened per operation (WAL, busy timeout) so the GUI's
worker threads and a CLI process can use it at the same time. What is stored has already been
masked for the asking role by the question-answering core: the store never sees more than the
user was shown.

Turns are of two kinds: `question` (went through understanding) and `protocol` (a short reply to
an interaction, a mode command). Only question turns are memory for understanding: the last
`MEMORY_TURNS` of them, by count, the current question excluded.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.paths import history_db

MEMORY_TURNS = 10
BUSY_TIMEOUT_MS = 5000
MAX_TITLE_CHARS = 40
_BEIJING = timezone(timedelta(hours=8))

_DDL = """
CREATE TABLE IF NOT EXISTS threads (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    user TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT '',
    modes TEXT NOT NULL DEFAULT '{}',
    pending TEXT
);
CREATE TABLE IF NOT EXISTS turns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT '',
    answer TEXT NOT NULL DEFAULT '',
    value TEXT,
    plan TEXT,
    version TEXT NOT NULL DEFAULT '',
    citations TEXT NOT NULL DEFAULT '[]',
    result TEXT,
    context_key TEXT NOT NULL DEFAULT '',
    user TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT '',
    policy TEXT NOT NULL DEFAULT '',
    from_cache INTEGER NOT NULL DEFAULT 0,
    document TEXT
);
CREATE INDEX IF NOT EXISTS turns_thread ON turns(thread_id, id);
CREATE TABLE IF NOT EXISTS approved (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    turn_id INTEGER NOT NULL UNIQUE REFERENCES turns(id) ON DELETE CASCADE,
    question_key TEXT NOT NULL,
    context_key TEXT NOT NULL,
    version TEXT NOT NULL,
    policy TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS approved_lookup ON approved(question_key, context_key, version, policy);
"""


class HistoryError(KgdeskError):
    code = "E_HISTORY"


def _now() -> str:
    return datetime.now(_BEIJING).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))


def _loads(text: str | None) -> Any:
    if text is None or text == "":
        return None
    return json.loads(text)


def question_key(question: str) -> str:
    """The exact question, with only outer whitespace and full-width/half-width spaces folded."""
    return " ".join(question.replace("\u3000", " ").split())


def context_key_of(plan: Mapping[str, Any] | None) -> str:
    """What a follow-up was understood against: a digest of the previous plan ('' = standalone)."""
    if not plan:
        return ""
    return hashlib.sha256(_dumps(plan).encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class ThreadInfo:
    id: str
    title: str
    created_at: str
    updated_at: str
    user: str
    role: str
    turns: int = 0
    modes: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "user": self.user,
            "role": self.role,
            "turns": self.turns,
            "modes": dict(self.modes),
        }


@dataclass(frozen=True)
class Turn:
    """One stored exchange. `result` is the compact, masked output kept for reuse by follow-ups."""

    id: int
    thread_id: str
    created_at: str
    kind: str
    question: str
    status: str
    answer: str
    value: Any
    plan: dict[str, Any] | None
    version: str
    citations: list[dict[str, Any]]
    result: dict[str, Any] | None
    context_key: str
    user: str
    role: str
    policy: str
    from_cache: bool
    approved: bool
    document: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "thread_id": self.thread_id,
            "created_at": self.created_at,
            "kind": self.kind,
            "question": self.question,
            "status": self.status,
            "answer": self.answer,
            "value": self.value,
            "version": self.version,
            "citations": self.citations,
            "from_cache": self.from_cache,
            "approved": self.approved,
        }

    def memory(self) -> dict[str, Any]:
        """What understanding sees of this turn: the question, the outcome, the plan; no rows."""
        return {
            "turn_id": self.id,
            "question": self.question,
            "status": self.status,
            "answer": self.answer[:600],
            "value": self.value if not isinstance(self.value, list) else self.value[:20],
            "plan": self.plan,
            "version": self.version,
        }


@dataclass
class Pending:
    """An interaction left open when the front could not ask (the CLI without a terminal).

    `kind`: choose_values | choose_scope | confirm_slots | confirm_plan. `state` holds what is
    needed to resume: the original question, the options, the plan being confirmed.
    """

    kind: str
    question: str
    prompt: str
    options: list[dict[str, Any]] = field(default_factory=list)
    multiple: bool = False
    state: dict[str, Any] = field(default_factory=dict)
    asked_at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "question": self.question,
            "prompt": self.prompt,
            "options": self.options,
            "multiple": self.multiple,
            "state": self.state,
            "asked_at": self.asked_at,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Pending:
        return cls(
            kind=str(doc.get("kind") or ""),
            question=str(doc.get("question") or ""),
            prompt=str(doc.get("prompt") or ""),
            options=list(doc.get("options") or []),
            multiple=bool(doc.get("multiple")),
            state=dict(doc.get("state") or {}),
            asked_at=str(doc.get("asked_at") or ""),
        )


class HistoryStore:
    """Threads, turns, pending interactions and approved answers (see module docstring)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or history_db()
        with self._connect():
            pass

    # ------------------------------------------------------------------ plumbing

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except (sqlite3.Error, OSError) as e:
            raise HistoryError(f"对话记录无法打开（{self.path}）：{e}") from e
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.executescript(_DDL)
            yield conn
        except sqlite3.Error as e:
            raise HistoryError(f"对话记录读写失败（{self.path}）：{e}") from e
        finally:
            conn.close()

    # ------------------------------------------------------------------ threads

    def create_thread(self, title: str = "", *, user: str = "", role: str = "", thread_id: str | None = None) -> str:
        tid = thread_id or uuid.uuid4().hex[:12]
        now = _now()
        with self._connect() as c:
            c.execute(
                "INSERT OR IGNORE INTO threads(id, title, created_at, updated_at, user, role) VALUES (?,?,?,?,?,?)",
                (tid, (title or "新对话")[:MAX_TITLE_CHARS], now, now, user, role),
            )
        return tid

    def ensure_thread(self, thread_id: str | None, *, user: str = "", role: str = "", title: str = "") -> str:
        """The given thread (created under that id when new), or a new one when None."""
        if thread_id and self.thread(thread_id) is not None:
            return thread_id
        return self.create_thread(title, user=user, role=role, thread_id=thread_id or None)

    def claim_thread(self, thread_id: str, *, user: str, role: str) -> bool:
        """Give a thread created without an owner (a new chat page thread) to its first asker."""
        with self._connect() as c:
            cur = c.execute("UPDATE threads SET user = ?, role = ? WHERE id = ? AND user = ''", (user, role, thread_id))
            return cur.rowcount > 0

    def thread(self, thread_id: str) -> ThreadInfo | None:
        with self._connect() as c:
            row = c.execute(
                "SELECT t.*, (SELECT count(*) FROM turns u WHERE u.thread_id = t.id) AS n FROM threads t WHERE id = ?",
                (thread_id,),
            ).fetchone()
        return _thread(row) if row else None

    def list_threads(self, *, user: str | None = None) -> list[ThreadInfo]:
        """Most recently used first."""
        sql = "SELECT t.*, (SELECT count(*) FROM turns u WHERE u.thread_id = t.id) AS n FROM threads t"
        args: tuple[Any, ...] = ()
        if user is not None:
            sql += " WHERE user = ?"
            args = (user,)
        sql += " ORDER BY updated_at DESC, id"
        with self._connect() as c:
            return [_thread(r) for r in c.execute(sql, args).fetchall()]

    def rename_thread(self, thread_id: str, title: str) -> None:
        title = title.strip()
        if not title:
            raise HistoryError("对话名称不能为空")
        with self._connect() as c:
            cur = c.execute(
                "UPDATE threads SET title = ?, updated_at = ? WHERE id = ?", (title[:MAX_TITLE_CHARS], _now(), thread_id)
            )
            if cur.rowcount == 0:
                raise HistoryError(f"没有编号为 {thread_id} 的对话")

    def delete_thread(self, thread_id: str) -> None:
        """The thread, its turns and every approval of those turns."""
        with self._connect() as c:
            c.execute("BEGIN IMMEDIATE")
            c.execute("DELETE FROM approved WHERE turn_id IN (SELECT id FROM turns WHERE thread_id = ?)", (thread_id,))
            c.execute("DELETE FROM turns WHERE thread_id = ?", (thread_id,))
            c.execute("DELETE FROM threads WHERE id = ?", (thread_id,))
            c.execute("COMMIT")

    def set_modes(self, thread_id: str, modes: Mapping[str, Any]) -> None:
        with self._connect() as c:
            c.execute("UPDATE threads SET modes = ?, updated_at = ? WHERE id = ?", (_dumps(dict(modes)), _now(), thread_id))

    # ------------------------------------------------------------------ pending interaction

    def pending(self, thread_id: str) -> Pending | None:
        with self._connect() as c:
            row = c.execute("SELECT pending FROM threads WHERE id = ?", (thread_id,)).fetchone()
        doc = _loads(row["pending"]) if row else None
        return Pending.from_json(doc) if isinstance(doc, dict) else None

    def set_pending(self, thread_id: str, pending: Pending | None) -> None:
        if pending is not None and not pending.asked_at:
            pending.asked_at = _now()
        with self._connect() as c:
            c.execute(
                "UPDATE threads SET pending = ? WHERE id = ?",
                (_dumps(pending.to_json()) if pending is not None else None, thread_id),
            )

    # ------------------------------------------------------------------ turns

    def add_turn(
        self,
        thread_id: str,
        *,
        kind: str,
        question: str,
        status: str = "",
        answer: str = "",
        value: Any = None,
        plan: Mapping[str, Any] | None = None,
        version: str = "",
        citations: list[dict[str, Any]] | None = None,
        result: Mapping[str, Any] | None = None,
        context_key: str = "",
        user: str = "",
        role: str = "",
        policy: str = "",
        from_cache: bool = False,
        document: Mapping[str, Any] | None = None,
    ) -> int:
        now = _now()
        with self._connect() as c:
            c.execute("BEGIN IMMEDIATE")
            cur = c.execute(
                """INSERT INTO turns(thread_id, created_at, kind, question, status, answer, value, plan, version,
                       citations, result, context_key, user, role, policy, from_cache, document)
                   VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""",
                (
                    thread_id,
                    now,
                    kind,
                    question,
                    status,
                    answer,
                    _dumps(value),
                    _dumps(dict(plan)) if plan else None,
                    version,
                    _dumps(citations or []),
                    _dumps(dict(result)) if result is not None else None,
                    context_key,
                    user,
                    role,
                    policy,
                    int(from_cache),
                    _dumps(dict(document)) if document is not None else None,
                ),
            )
            # the first real question names the thread
            c.execute(
                "UPDATE threads SET updated_at = ?, title = CASE WHEN title = '新对话' AND ? = 'question' THEN ? ELSE title END"
                " WHERE id = ?",
                (now, kind, question[:MAX_TITLE_CHARS], thread_id),
            )
            c.execute("COMMIT")
            return int(cur.lastrowid or 0)

    def turn(self, turn_id: int) -> Turn | None:
        with self._connect() as c:
            row = c.execute(_TURN_SELECT + " WHERE t.id = ?", (turn_id,)).fetchone()
        return _turn(row) if row else None

    def turns(self, thread_id: str, *, limit: int | None = None) -> list[Turn]:
        """Every turn of the thread, oldest first (the last `limit` when given)."""
        sql = _TURN_SELECT + " WHERE t.thread_id = ? ORDER BY t.id DESC"
        args: tuple[Any, ...] = (thread_id,)
        if limit is not None:
            sql += " LIMIT ?"
            args = (thread_id, int(limit))
        with self._connect() as c:
            rows = c.execute(sql, args).fetchall()
        return [_turn(r) for r in reversed(rows)]

    def memory(self, thread_id: str, n: int = MEMORY_TURNS) -> list[Turn]:
        """The last `n` question turns (by count), oldest first: the context of the next question."""
        with self._connect() as c:
            rows = c.execute(
                _TURN_SELECT + " WHERE t.thread_id = ? AND t.kind = 'question' ORDER BY t.id DESC LIMIT ?",
                (thread_id, int(n)),
            ).fetchall()
        return [_turn(r) for r in reversed(rows)]

    # ------------------------------------------------------------------ approved answers

    def approve(self, turn_id: int) -> None:
        """The user marks this answer correct: an exact repeat in the same context and version reuses it."""
        t = self.turn(turn_id)
        if t is None:
            raise HistoryError(f"没有编号为 {turn_id} 的回答")
        if t.kind != "question" or t.status != "answered" or t.document is None:
            raise HistoryError("只有已经回答的问题才能标记为正确")
        if t.from_cache:
            raise HistoryError("这是缓存中的回答，原回答已被标记为正确")
        with self._connect() as c:
            c.execute(
                """INSERT OR REPLACE INTO approved(turn_id, question_key, context_key, version, policy, created_at)
                   VALUES (?,?,?,?,?,?)""",
                (turn_id, question_key(t.question), t.context_key, t.version, t.policy, _now()),
            )

    def unapprove(self, turn_id: int) -> bool:
        """Undo a mark (on the approved turn, or on an answer that came from it); True if one was removed."""
        t = self.turn(turn_id)
        target = turn_id
        if t is not None and t.from_cache and t.document is not None:
            target = int((t.document.get("cache") or {}).get("turn_id") or turn_id)
        with self._connect() as c:
            cur = c.execute("DELETE FROM approved WHERE turn_id = ?", (target,))
            return cur.rowcount > 0

    def cached(
        self, question: str, *, context_keys: list[str], version: str, policy: str, model: str = ""
    ) -> Turn | None:
        """The newest approved answer to exactly this question for this context, version and role
        (and model, for a model's answer) that may be replayed at all.

        Approvals of other versions are dropped first: a new published version invalidates them.
        An answer that rested on the previous turn, a user's choice or today's date is never
        replayed (its document says why: `cache_rule.block`).
        """
        keys = list(dict.fromkeys(context_keys)) or [""]
        with self._connect() as c:
            c.execute("DELETE FROM approved WHERE version <> ?", (version,))
            marks = ",".join("?" for _ in keys)
            rows = c.execute(
                _TURN_SELECT
                + f""" JOIN approved a ON a.turn_id = t.id
                   WHERE a.question_key = ? AND a.version = ? AND a.policy = ? AND a.context_key IN ({marks})
                   ORDER BY a.id DESC""",
                (question_key(question), version, policy, *keys),
            ).fetchall()
        for row in rows:
            turn = _turn(row)
            rule = (turn.document or {}).get("cache_rule") or {}
            if not rule.get("block") and str(rule.get("model") or "") in ("", model):
                return turn
        return None

    def drop_approvals_except(self, version: str) -> int:
        """Forget approvals made on other versions (called when a new version is seen)."""
        with self._connect() as c:
            return c.execute("DELETE FROM approved WHERE version <> ?", (version,)).rowcount

    def approvals(self) -> list[dict[str, Any]]:
        with self._connect() as c:
            rows = c.execute("SELECT * FROM approved ORDER BY id").fetchall()
        return [dict(r) for r in rows]


_TURN_SELECT = """SELECT t.*, EXISTS(SELECT 1 FROM approved a2 WHERE a2.turn_id = t.id) AS is_approved FROM turns t"""


def _thread(row: sqlite3.Row) -> ThreadInfo:
    modes = _loads(row["modes"])
    return ThreadInfo(
        id=row["id"],
        title=row["title"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        user=row["user"],
        role=row["role"],
        turns=int(row["n"]),
        modes=modes if isinstance(modes, dict) else {},
    )


def _turn(row: sqlite3.Row) -> Turn:
    plan = _loads(row["plan"])
    result = _loads(row["result"])
    doc = _loads(row["document"])
    return Turn(
        id=int(row["id"]),
        thread_id=row["thread_id"],
        created_at=row["created_at"],
        kind=row["kind"],
        question=row["question"],
        status=row["status"],
        answer=row["answer"],
        value=_loads(row["value"]),
        plan=plan if isinstance(plan, dict) else None,
        version=row["version"],
        citations=list(_loads(row["citations"]) or []),
        result=result if isinstance(result, dict) else None,
        context_key=row["context_key"],
        user=row["user"],
        role=row["role"],
        policy=row["policy"],
        from_cache=bool(row["from_cache"]),
        approved=bool(row["is_approved"]),
        document=doc if isinstance(doc, dict) else None,
    )
