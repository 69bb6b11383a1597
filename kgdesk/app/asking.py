"""The ask service the CLI and the GUI share: settings → graph, LLM, policy → the agent.

- `ask_cli(...)` → (the cli.md JSON document, a Chinese text rendering) for `kgdesk ask`.
- `ask_async(...)` for the GUI: awaits the agent on the caller's loop (or a worker loop), streams
  `AgentEvent`s (steps, progress, narrative text) through `on_event`.
- Threads, turns and the approved-answer cache for the chat page: `ThreadService` (dicts only).

LLM configured = `llm_base_url` and `llm_model`; `--no-llm` forces offline; without an endpoint the
deterministic planner answers alone and says "需要语言模型" where it cannot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kgdesk.agent.agent import Agent, AgentEvent, AgentOptions, AgentResult, OnEvent
from kgdesk.agent.interact import NonInteractive, StdinInteractor, options_text
from kgdesk.agent.memory import HistoryStore
from kgdesk.config.settings import Settings, effective_settings
from kgdesk.errors import ConfigError, KgdeskError
from kgdesk.llm import LLMClient, LLMNotConfiguredError
from kgdesk.paths import history_db
from kgdesk.progress import ProgressEvent
from kgdesk.qa.interactions import Interactor
from kgdesk.qa.policy import AllowAll, Policy

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------- composition


def history_store(home: Path | None = None) -> HistoryStore:
    return HistoryStore(history_db(home))


def make_policy(settings: Settings) -> Policy:
    """The permissions of kgdesk/security when they load; allow-all only when that package is absent."""
    try:
        from kgdesk.security.qa_policy import SecurityPolicy
    except ImportError:  # pragma: no cover - the security package ships with kgdesk
        log.warning("security policy unavailable; answering without role checks")
        return AllowAll()
    policy: Policy = SecurityPolicy.from_settings(settings)
    return policy


def make_client(settings: Settings, *, offline: bool, home: Path | None = None) -> LLMClient | None:
    """The LLM client, its token limits a PersistentTokenBudget under KGDESK_HOME: the hourly limit
    holds across restarts and is shared by the CLI, the desktop and its question worker process."""
    if offline or not settings.llm_configured:
        return None
    from kgdesk.llm import OpenAICompatibleClient
    from kgdesk.llm.budget import PersistentTokenBudget

    try:
        return OpenAICompatibleClient.from_settings(
            settings, budget=PersistentTokenBudget.from_limits(settings.limits, home=home)
        )
    except LLMNotConfiguredError:
        return None


def make_agent(
    settings: Settings,
    *,
    offline: bool = False,
    home: Path | None = None,
    client: LLMClient | None = None,
    policy: Policy | None = None,
) -> Agent:
    return Agent(
        store=history_store(home),
        client=client if client is not None else make_client(settings, offline=offline, home=home),
        policy=policy if policy is not None else make_policy(settings),
        limits=settings.limits,
        audit=True,
    )


async def _aclose_client(client: LLMClient | None) -> None:
    """Close the SDK's connections on the loop that opened them (before that loop ends)."""
    if client is not None:
        try:
            await client.aclose()
        except Exception:  # closing never fails a question
            log.debug("closing the LLM client failed", exc_info=True)


# ---------------------------------------------------------------------- the GUI


async def ask_async(
    question: str,
    *,
    interactor: Interactor | None = None,
    thread_id: str | None = None,
    role: str | None = None,
    user: str | None = None,
    on_event: OnEvent | None = None,
    conn: Any = None,
    settings: Settings | None = None,
    options: AgentOptions | None = None,
    on_token: Callable[[str], None] | None = None,
    progress: Callable[[ProgressEvent], None] | None = None,
    agent: Agent | None = None,
) -> AgentResult:
    """One question of a thread for the GUI. Events: step / progress / ask / text (narrative
    deltas) / retract (narrative dropped) / done. `on_token` and `progress` are adapters for callers
    that only take streamed text or `ProgressEvent`s. The graph connection is the caller's when
    given (never closed here)."""
    s: Settings = settings if settings is not None else await asyncio.to_thread(effective_settings)
    opts = options or AgentOptions(narrative=s.llm_configured)
    own_conn = conn is None
    if own_conn:
        from kgdesk.app.graph_access import open_graph

        conn = await asyncio.to_thread(lambda: open_graph(s, read_only=True))
    ag = agent or make_agent(s, offline=opts.offline)

    def emit(e: AgentEvent) -> None:
        if on_event is not None:
            on_event(e)
        if on_token is not None and e.kind == "text":
            on_token(e.text)
        if progress is not None and e.kind in ("step", "progress"):
            done = 1 if e.state == "done" else 0
            progress(ProgressEvent(stage=e.step or "understand", done=done, total=1, message=e.text))

    try:
        return await ag.ask(
            question,
            conn=conn,
            interactor=interactor,
            thread_id=thread_id,
            role=role or s.role,
            user=user or s.user,
            options=opts,
            on_event=emit,
        )
    finally:
        if agent is None:
            await _aclose_client(ag.client)
        if own_conn:
            close = getattr(conn, "close", None)
            if callable(close):
                await asyncio.to_thread(close)


class ThreadService:
    """Threads, turns and approvals for the chat page, as plain dicts (safe to hand to Qt).

    Threads belong to a user: the list shows the user's own threads and a thread of another user
    cannot be read, renamed or deleted — except by an admin, who sees all, and every such look at
    other users' threads is audited. The identity is the saved one unless given."""

    def __init__(self, home: Path | None = None, *, user: str | None = None, role: str | None = None) -> None:
        self.home = home
        self.store = history_store(home)
        self._who = (user, role) if user is not None or role is not None else None

    # -- who is asking
    def _identity(self) -> tuple[str, str, bool]:
        """(user, role, is_admin)."""
        from kgdesk.security.identity import current_identity
        from kgdesk.security.qa_policy import SecurityPolicy

        if self._who is None:
            ident = current_identity(home=self.home)
            self._who = (ident.user, ident.role)
        user, role = self._who
        return user or "", role or "", bool(SecurityPolicy().policy(role).is_admin)

    def _audit(self, action: str, detail: dict[str, Any]) -> None:
        from kgdesk.security import audit

        user, role, _ = self._identity()
        audit.record(action, user=user, role=role, detail=detail, home=self.home)

    def _check_owner(self, thread_id: str, what: str) -> None:
        info = self.store.thread(thread_id)
        user, _, admin = self._identity()
        if info is None or info.user == user:
            return
        if not admin:
            raise KgdeskError(f"这个对话属于其他用户，不能{what}。", code="E_DENIED")
        self._audit("thread_read", {"thread_id": thread_id, "owner": info.user, "what": what})

    # -- threads
    def list_threads(self) -> list[dict[str, Any]]:
        user, _, admin = self._identity()
        if admin:
            threads = self.store.list_threads()
            others = sorted({t.user for t in threads if t.user != user})
            if others:
                self._audit("history_list", {"scope": "all", "threads": len(threads), "users": others})
            return [t.to_json() for t in threads]
        return [t.to_json() for t in self.store.list_threads(user=user)]

    def create_thread(self, title: str = "") -> dict[str, Any]:
        user, role, _ = self._identity()
        tid = self.store.create_thread(title, user=user, role=role)
        info = self.store.thread(tid)
        assert info is not None
        return info.to_json()

    def rename_thread(self, thread_id: str, title: str) -> None:
        self._check_owner(thread_id, "改名")
        self.store.rename_thread(thread_id, title)

    def delete_thread(self, thread_id: str) -> None:
        self._check_owner(thread_id, "删除")
        self.store.delete_thread(thread_id)

    def turns(self, thread_id: str) -> list[dict[str, Any]]:
        """Oldest first: {turn_id, question, result (the ask JSON), approved, from_cache, kind, created_at}."""
        self._check_owner(thread_id, "查看")
        out = []
        for t in self.store.turns(thread_id):
            out.append(
                {
                    "turn_id": t.id,
                    "question": t.question,
                    "kind": t.kind,
                    "created_at": t.created_at,
                    "result": t.document or t.to_json(),
                    "approved": t.approved,
                    "from_cache": t.from_cache,
                }
            )
        return out

    def approve(self, turn_id: int) -> None:
        """Mark the answer correct: an exact repeat (same thread context, data version, role) reuses it."""
        self.store.approve(int(turn_id))

    def unapprove(self, turn_id: int) -> bool:
        """Undo a mark (on the answer itself, or on a cached answer that came from it)."""
        return self.store.unapprove(int(turn_id))


def default_store(home: Path | None = None) -> ThreadService:
    return ThreadService(home)


def approve(*, result: dict[str, Any], home: Path | None = None, **_: Any) -> None:
    """The chat page's "答案正确" on an ask document that carries `turn_id`."""
    turn_id = result.get("turn_id")
    if turn_id is None:
        raise KgdeskError("这个回答没有记录编号，无法标记")
    ThreadService(home).approve(int(turn_id))


def unapprove(*, result: dict[str, Any], home: Path | None = None, **_: Any) -> bool:
    turn_id = result.get("turn_id")
    if turn_id is None:
        return False
    return ThreadService(home).unapprove(int(turn_id))


# ---------------------------------------------------------------------- the CLI


def _identity(role: str | None, user: str | None) -> tuple[str | None, str | None, str | None]:
    """(role, user, denial message): KGDESK_ROLE / KGDESK_USER and --role / --user narrow the saved
    identity, never widen it (checked even without flags: the environment alone must not widen)."""
    try:
        from kgdesk.security.identity import current_identity
    except ImportError:  # pragma: no cover
        return role, user, None
    try:
        ident = current_identity({"role": role, "user": user})
    except ConfigError:  # an unknown role is bad usage (exit 2), not a denial
        raise
    except KgdeskError as e:
        return role, user, e.message
    return ident.role, ident.user, None


def ask_cli(
    question: str,
    *,
    auto: bool = False,
    no_llm: bool = False,
    role: str | None = None,
    user: str | None = None,
    thread: str | None = None,
    debug: bool = False,
) -> tuple[dict[str, Any], str]:
    """`kgdesk ask`: the cli.md JSON document and its Chinese text rendering.

    Without --auto, a terminal gets questions on stdin (prompts on stderr); without a terminal the
    command behaves as --auto and returns `clarify` where only the user can choose (reply with
    `kgdesk ask "B" --thread <id>`).
    """
    role, user, denied = _identity(role, user)
    if denied is not None:
        doc = AgentResult("denied", denied).to_json()
        return doc, render_text(doc, debug=debug)
    overrides = {k: v for k, v in {"role": role, "user": user}.items() if v}
    settings = effective_settings(overrides=overrides)
    if auto:
        interactor: Interactor = NonInteractive()
    elif sys.stdin.isatty():
        interactor = StdinInteractor(output_fn=lambda text: print(text, file=sys.stderr, flush=True))
    else:
        interactor = NonInteractive()
    from kgdesk.app.graph_access import open_graph

    try:
        conn = open_graph(settings, read_only=True)
    except ConfigError:  # a malformed address or missing secret: bad configuration, exit 2 like build
        raise
    except KgdeskError as e:
        doc = AgentResult("error", e.message).to_json()
        return doc, render_text(doc, debug=debug)
    agent = make_agent(settings, offline=no_llm)
    opts = AgentOptions(auto=auto, offline=no_llm or agent.client is None, debug=debug, narrative=False)

    async def run() -> AgentResult:
        try:
            return await agent.ask(
                question,
                conn=conn,
                interactor=interactor,
                thread_id=thread,
                role=settings.role,
                user=settings.user,
                options=opts,
            )
        finally:
            await _aclose_client(agent.client)

    try:
        result = asyncio.run(run())
    finally:
        conn.close()
    doc = result.to_json()
    return doc, render_text(doc, debug=debug)


# ---------------------------------------------------------------------- text rendering


_STATUS = {
    "answered": "",
    "clarify": "【需要您补充】",
    "insufficient": "【数据不足】",
    "denied": "【无权查看】",
    "error": "【出错】",
}


def render_text(doc: dict[str, Any], *, debug: bool = False) -> str:
    """The answer as a terminal shows it: the Markdown answer, options to reply with, the thread id."""
    lines: list[str] = []
    head = _STATUS.get(str(doc.get("status")), "")
    answer = str(doc.get("answer") or "")
    lines.append(f"{head}{answer}" if head else answer)
    if doc.get("source") == "reuse":
        lines.append("")
        lines.append("（本回答基于上一轮结果推导，未重新查询。）")
    tid = doc.get("thread_id")
    if tid:
        lines.append("")
        lines.append(f"（对话编号 {tid}；继续追问：kgdesk ask \"…\" --thread {tid}）")
    if debug:
        lines.append("")
        lines.append(debug_text(doc))
    return "\n".join(lines).rstrip()


def debug_text(doc: dict[str, Any]) -> str:
    """--debug: the plan, every Cypher with parameters and rows, the trace (steps, LLM calls, retries)."""
    out = ["== 计划（Query DSL）==", json.dumps(doc.get("plan") or {}, ensure_ascii=False, indent=2)]
    for i, q in enumerate(doc.get("queries") or [], start=1):
        out.append(f"== 查询 {i}（{q.get('rows')} 行）==")
        out.append(str(q.get("cypher")))
        out.append("参数：" + json.dumps(q.get("params"), ensure_ascii=False, default=str))
    out.append("== 过程 ==")
    for t in doc.get("trace") or []:
        extra = {k: v for k, v in t.items() if k not in ("step", "ms")}
        tail = " " + json.dumps(extra, ensure_ascii=False, default=str) if extra else ""
        out.append(f"{t.get('step')}: {t.get('ms')} ms{tail}")
    if doc.get("options"):
        out.append("== 选项 ==")
        out.append(options_text([_opt(o) for o in doc["options"]]))
    return "\n".join(out)


def _opt(o: dict[str, Any]) -> Any:
    from kgdesk.qa.understanding import Option

    return Option(str(o.get("id")), str(o.get("label")), str(o.get("detail") or ""))
