"""The desktop's asking service: conversation threads, one question through the question worker
process, the approved-answer cache, and search over the user's conversations.

A question runs in the runtime's question worker (kgdesk.app.worker); the agent's dialogs come
back here and run on the caller's loop through `ConfirmingInteractor`, which applies the
confirmation setting before a dialog is shown.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kgdesk.app.contracts import SearchHit, ThreadInfo, Turn
from kgdesk.app.preferences import SettingsService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.errors import CancelledError
from kgdesk.progress import CancelToken

if TYPE_CHECKING:
    from kgdesk.qa.interactions import Interactor

AnswerDoc = dict[str, Any]
"""The ask document of cli.md (`kgdesk ask --json`), plus `question`."""
StepFn = Callable[[str, str, str], None]

_ASK_STEP = {"confirm_slots": "understand", "confirm_plan": "plan", "choose_values": "ground", "choose_scope": "execute"}
SNIPPET = 36


class AskingService:
    """Threads, turns, questions and approvals for the chat page."""

    def __init__(self, settings: SettingsService, runtime: GraphRuntime) -> None:
        self.settings = settings
        self.runtime = runtime

    def _store(self) -> Any:
        from kgdesk.app.asking import ThreadService

        return ThreadService(self.settings.home)

    # -- threads -----------------------------------------------------------------------------
    def threads(self) -> list[ThreadInfo]:
        """Most recent first."""
        return [_thread(t) for t in self._store().list_threads()]

    def new_thread(self, title: str = "新对话") -> ThreadInfo:
        return _thread(self._store().create_thread(title))

    def rename_thread(self, thread_id: str, title: str) -> None:
        self._store().rename_thread(thread_id, title)

    def delete_thread(self, thread_id: str) -> None:
        self._store().delete_thread(thread_id)

    def turns(self, thread_id: str) -> list[Turn]:
        """Oldest first."""
        return [
            Turn(t.get("turn_id"), str(t.get("question") or ""), dict(t.get("result") or {}),
                 bool(t.get("approved")), bool(t.get("from_cache")))
            for t in self._store().turns(thread_id)
        ]

    def search(self, text: str) -> list[SearchHit]:
        """Conversations whose title, questions or answers contain `text` (case-insensitive)."""
        needle = text.strip().casefold()
        if not needle:
            return []
        hits: list[SearchHit] = []
        for t in self.threads():
            if needle in t.title.casefold():
                hits.append(SearchHit(t.id, t.title, None, t.title))
            for turn in self.turns(t.id):
                for part in (turn.question, str(turn.result.get("answer") or "")):
                    at = part.casefold().find(needle)
                    if at >= 0:
                        hits.append(SearchHit(t.id, t.title, turn.turn_id, _snippet(part, at, len(needle))))
                        break
        return hits

    # -- questions ---------------------------------------------------------------------------
    async def ask(
        self,
        question: str,
        *,
        thread_id: str | None,
        interactor: Interactor,
        on_step: StepFn | None = None,
        on_token: Callable[[str], None] | None = None,
        on_retract: Callable[[str], None] | None = None,
    ) -> AnswerDoc:
        """One question in the question worker process; the ask document of cli.md.

        The agent's interactions run `interactor` (under the confirmation setting) on the caller's
        loop; `on_step`, `on_token` and `on_retract` are called there too. A dialog closed by the
        user raises CancelledError; cancelling the awaiting task cancels the question in the worker.
        """
        from kgdesk.app.confirmation import ConfirmingInteractor  # the question path: the core is loaded now

        loop = asyncio.get_running_loop()
        step, token, retract = Hop(loop, on_step), Hop(loop, on_token), Hop(loop, on_retract)
        settings = await asyncio.to_thread(self.settings.effective)
        mode = await asyncio.to_thread(self.settings.confirm_mode)
        confirming = ConfirmingInteractor(interactor, mode)
        await asyncio.to_thread(self.runtime.ensure_graph)  # the local server belongs to this process
        cancelled = False

        def answer(method: str, request: Any) -> Any:  # on an executor thread, blocks for the user
            nonlocal cancelled
            fut = asyncio.run_coroutine_threadsafe(getattr(confirming, method)(request), loop)
            try:
                return fut.result()
            except (CancelledError, concurrent.futures.CancelledError):
                cancelled = True
                raise CancelledError("已取消提问") from None

        def on_event(msg: Any) -> None:
            _tag, kind, step_name, st, text = msg
            if kind == "step":
                step(step_name, st or "active", text or "")
            elif kind == "progress":
                step(step_name or "understand", "active", text or "")
            elif kind == "ask":
                step(_ASK_STEP.get(step_name, ""), "active", "")
            elif kind == "text":
                token(text)
            elif kind == "retract":
                retract(text or "")

        cancel = CancelToken()
        worker = self.runtime.qa_worker()
        step("understand", "active", "")
        try:
            doc: AnswerDoc = await asyncio.to_thread(
                worker.run, "ask", question, thread_id, settings, progress=on_event, cancel=cancel, answer=answer
            )
        except asyncio.CancelledError:
            cancel.cancel()  # the worker cancels the agent; its dialogs are closed by the caller
            raise
        if cancelled:
            raise CancelledError("已取消提问")
        doc["question"] = question
        return doc

    def approve_answer(self, doc: AnswerDoc, approved: bool) -> None:
        """Mark an answer correct for the approved-answer cache, or undo the mark."""
        from kgdesk.app.asking import approve, unapprove

        if approved:
            approve(result=doc, home=self.settings.home)
        else:
            unapprove(result=doc, home=self.settings.home)


def _thread(t: dict[str, Any]) -> ThreadInfo:
    return ThreadInfo(str(t["id"]), str(t.get("title") or "新对话"), str(t.get("updated_at") or ""))


def _snippet(text: str, at: int, n: int) -> str:
    start = max(0, at - SNIPPET // 2)
    out = text[start:at + n + SNIPPET].replace("\n", " ")
    return ("…" if start else "") + out + ("…" if at + n + SNIPPET < len(text) else "")


class Hop:
    """Call `fn` on `loop` from any thread (progress and streamed text back to the GUI)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, fn: Callable[..., None] | None) -> None:
        self.loop = loop
        self.fn = fn

    def __call__(self, *args: Any) -> None:
        if self.fn is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed while a worker was still reporting
            self.loop.call_soon_threadsafe(self.fn, *args)
