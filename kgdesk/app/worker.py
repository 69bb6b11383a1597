"""A long-lived worker process for the desktop's CPU-heavy jobs (validation, build).

Why a process: validating or planning runs Python and C extensions that hold the GIL for tens
of milliseconds at a time; in a thread that freezes the GUI (measured: 70–150 ms stalls while
validating the full-volume ledgers). In a second process the GUI thread never waits for them.

One warm child (spawn start method, same on Windows and Linux) runs one job at a time. Progress
events come back through a queue, cancellation goes through a shared event that the child's
`CancelToken` reads, results come back pickled (the GUI's copy of a validation run is slimmed:
no merged records, only the raw rows that have an issue). Qt-free; the caller blocks, so the GUI
calls `run` from an executor thread.
"""

from __future__ import annotations

import concurrent.futures as futures
import contextlib
import itertools
import logging
import multiprocessing as mp
import os
import queue
import threading
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kgdesk.app.library_desk import WORKER_JOBS as LIBRARY_JOBS
from kgdesk.errors import CancelledError, KgdeskError
from kgdesk.progress import CancelToken, ProgressCallback

log = logging.getLogger("kgdesk.worker")

POLL_S = 0.05
WARM_MODULES = ("pandas", "openpyxl", "neo4j", "kgdesk.templates.validator", "kgdesk.app.building",
                "kgdesk.security.permissions")


class WorkerDied(KgdeskError):
    code = "E_WORKER"


# ---------------------------------------------------------------------------- the child side


class _SharedCancel(CancelToken):
    """A CancelToken backed by the multiprocessing event the parent sets."""

    def __init__(self, event: Any) -> None:
        self._event = event


def _job_validate(paths: Sequence[str], settings: Any, progress: ProgressCallback, cancel: CancelToken) -> Any:
    from kgdesk.app.validation import validate

    run = validate([Path(p) for p in paths], settings, progress=progress, cancel=cancel)
    return slim_run(run)


def _job_build(paths: Sequence[str], settings: Any, progress: ProgressCallback, cancel: CancelToken) -> Any:
    from kgdesk.app.building import build

    report = build([Path(p) for p in paths], dry_run=False, progress=progress, cancel=cancel, settings=settings)
    doc: dict[str, Any] = report.to_json()
    if report.error_code:
        doc["error_code"] = report.error_code
    return doc


def _job_read_row(path: str, row: int, settings: Any, progress: ProgressCallback, cancel: CancelToken) -> Any:
    """One data row of a stored source copy, read exactly as the validator reads it."""
    from kgdesk.templates.validator import validate_paths

    result = validate_paths([Path(path)], limits=settings.limits, cancel=cancel).files[0]
    data = next((d for d in result.data_rows if d.row == row), None)
    columns = list(result.columns) or (list(data.raw) if data else [])
    return {"template": result.template, "sheet": result.sheet, "columns": columns,
            "raw": dict(data.raw) if data is not None else None}


_CONN: dict[str, Any] = {}


def _connection(settings: Any) -> Any:
    """One graph connection per settings in the child, reused across questions."""
    from kgdesk.app.graph_access import open_graph

    key = repr((settings.neo4j_uri, settings.neo4j_user, settings.neo4j_database, settings.neo4j_read_user))
    conn = _CONN.get(key)
    if conn is None:
        for old in _CONN.values():
            with contextlib.suppress(Exception):
                old.close()
        _CONN.clear()
        conn = _CONN[key] = open_graph(settings, read_only=True)  # questions: the read account if any
    return conn


def _job_ask(question: str, thread_id: str | None, settings: Any, progress: ProgressCallback,
             cancel: CancelToken, call: Callable[[str, Any], Any]) -> Any:
    """One question through kgdesk.app.asking in this process; dialogs go to the parent via `call`."""
    import asyncio

    from kgdesk.app.asking import ask_async
    from kgdesk.qa.interactions import Interactor

    class Proxy(Interactor):
        async def _ask(self, method: str, request: Any) -> Any:
            return await asyncio.to_thread(call, method, request)

        async def confirm_slots(self, request: Any) -> Any:
            return await self._ask("confirm_slots", request)

        async def confirm_plan(self, request: Any) -> Any:
            return await self._ask("confirm_plan", request)

        async def choose_scope(self, request: Any) -> Any:
            return await self._ask("choose_scope", request)

        async def choose_values(self, request: Any) -> Any:
            return await self._ask("choose_values", request)

    def on_event(e: Any) -> None:
        progress(("event", e.kind, e.step, e.state, e.text))  # type: ignore[arg-type]

    async def main() -> Any:
        conn = await asyncio.to_thread(_connection, settings)
        task = asyncio.ensure_future(ask_async(
            question, interactor=Proxy(), thread_id=thread_id, role=settings.role, user=settings.user,
            on_event=on_event, conn=conn, settings=settings,
        ))
        while not task.done():  # the parent's cancel reaches the agent as a task cancellation
            if cancel.cancelled:
                task.cancel()
                break
            await asyncio.wait([task], timeout=0.1)
        try:
            return (await task).to_json()
        except asyncio.CancelledError:
            raise CancelledError("已取消提问") from None

    return asyncio.run(main())


def _job_warm_qa(*_: Any, **__: Any) -> None:
    """Import the question pipeline ahead of the first question."""
    _job_warm()
    import importlib

    for name in ("kgdesk.app.asking", "markdown"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    try:
        from kgdesk.qa.understand.segmenter import preload

        preload()
    except Exception:  # a question still loads it on first use
        log.warning("worker could not preload the segmenter", exc_info=True)


def _job_warm(*_: Any, **__: Any) -> None:
    import importlib

    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            log.warning("worker could not preload %s", name)


def _job_collect(paths: Sequence[str], progress: ProgressCallback, cancel: CancelToken) -> list[Path]:
    """Files as given, folders expanded to their spreadsheets (the validator's own rule)."""
    from kgdesk.templates.validator import collect_paths

    return collect_paths([Path(p) for p in paths])


JOBS: dict[str, Callable[..., Any]] = {
    "validate": _job_validate,
    "build": _job_build,
    "read_row": _job_read_row,
    "collect": _job_collect,
    "ask": _job_ask,
    "warm": _job_warm,
    "warm_qa": _job_warm_qa,
    **LIBRARY_JOBS,
}
INTERACTIVE = frozenset({"ask"})
"""Jobs that may ask the parent something while they run (`call`)."""


def slim_run(run: Any) -> Any:
    """What the import page needs of a ValidationRun: files, issues, and the raw rows with an issue."""
    from kgdesk.templates.records import Dataset

    for f in run.files:
        rows = {i.row for i in (*f.errors, *f.warnings) if i.row is not None}
        rows |= {i.row for i in run.references if i.file == f.file and i.row is not None}
        f.data_rows = [d for d in f.data_rows if d.row in rows]
        f.records = []
    run.dataset = Dataset()
    return run


def _exit_with_parent() -> None:
    """End this process when the window's process ends, even if it was killed (no orphans)."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        from multiprocessing.connection import wait

        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="kgdesk-parent-watch", daemon=True).start()


def _child_main(requests: Any, events: Any, cancel_event: Any, replies: Any) -> None:
    """The worker's loop: one job at a time until it receives None."""
    _exit_with_parent()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("neo4j").setLevel(logging.ERROR)  # the parent's status bar reports the server
    calls = itertools.count(1)
    while True:
        job = requests.get()
        if job is None:
            return
        job_id, name, args = job

        def progress(e: Any, job_id: int = job_id) -> None:
            events.put(("progress", job_id, e))

        def call(method: str, payload: Any, job_id: int = job_id) -> Any:
            """Ask the parent (a dialog for the user) and wait for the answer."""
            seq = next(calls)
            events.put(("call", job_id, (seq, method, payload)))
            while True:
                rseq, ok, value = replies.get()
                if rseq == seq:
                    break
            if not ok:
                raise _rebuild(value)
            return value

        kwargs: dict[str, Any] = {"progress": progress, "cancel": _SharedCancel(cancel_event)}
        if name in INTERACTIVE:
            kwargs["call"] = call
        try:
            result = JOBS[name](*args, **kwargs)
            events.put(("result", job_id, result))
        except BaseException as e:  # everything goes back to the parent, which decides
            events.put(("error", job_id, _describe(e)))
            if not isinstance(e, Exception):
                raise


def _describe(e: BaseException) -> dict[str, Any]:
    shown: BaseException = e
    if not isinstance(e, KgdeskError):
        from kgdesk.graph.connection import DRIVER_ERRORS, translate_error

        if isinstance(e, DRIVER_ERRORS):  # the one Chinese wording, not "后台处理出错（ServiceUnavailable）"
            shown = translate_error(e)
    return {
        "cancelled": isinstance(shown, CancelledError),
        "kgdesk": isinstance(shown, KgdeskError),
        "message": getattr(shown, "message", "") or str(shown),
        "code": getattr(shown, "code", "E_INTERNAL"),
        "type": type(e).__name__,
        "traceback": "".join(traceback.format_exception(type(e), e, e.__traceback__)),
    }


# ---------------------------------------------------------------------------- the parent side


class ProcessWorker:
    """The parent's handle: `run(job, *args, progress=, cancel=)` blocks until the job ends."""

    def __init__(self, name: str = "kgdesk-worker", warm_job: str = "warm") -> None:
        self.name = name
        self.warm_job = warm_job
        self._ctx = mp.get_context("spawn")
        self._lock = threading.Lock()  # one job at a time
        self._state = threading.Lock()  # the child's start and stop
        self._stopped = False
        self._ids = itertools.count(1)
        self._proc: Any = None
        self._requests: Any = None
        self._events: Any = None
        self._cancel: Any = None
        self._replies: Any = None

    def _ensure(self) -> None:
        if self._stopped:
            raise WorkerDied("程序正在退出，后台处理已停止。")
        if self._proc is not None and self._proc.is_alive():
            return
        self._requests = self._ctx.Queue()
        self._events = self._ctx.Queue()
        self._replies = self._ctx.Queue()
        self._cancel = self._ctx.Event()
        self._proc = self._ctx.Process(
            target=_child_main, args=(self._requests, self._events, self._cancel, self._replies),
            name=self.name, daemon=True,
        )
        self._proc.start()

    def start(self) -> None:
        """Start the child and let it import the heavy modules while the user looks at the window."""
        threading.Thread(target=self._warm, name="kgdesk-worker-warm", daemon=True).start()

    def _warm(self) -> None:
        try:
            self.run(self.warm_job)
        except KgdeskError:
            if not self._stopped:
                log.warning("worker warm-up failed", exc_info=True)

    def run(
        self,
        job: str,
        *args: Any,
        progress: Callable[[Any], None] | None = None,
        cancel: CancelToken | None = None,
        answer: Callable[[str, Any], Any] | None = None,
    ) -> Any:
        """Run `job` in the child; `answer(method, payload)` replies to its questions (blocking)."""
        with self._lock:
            with self._state:
                self._ensure()
                proc, requests, events, shared_cancel = self._proc, self._requests, self._events, self._cancel
                replies = self._replies
            job_id = next(self._ids)
            shared_cancel.clear()
            requests.put((job_id, job, args))
            while True:
                if cancel is not None and cancel.cancelled and not shared_cancel.is_set():
                    shared_cancel.set()
                try:
                    kind, jid, payload = events.get(timeout=POLL_S)
                except queue.Empty:
                    if not proc.is_alive():
                        with self._state:
                            if self._proc is proc:
                                self._proc = None
                        if self._stopped:
                            raise WorkerDied("程序正在退出，后台处理已停止。") from None
                        raise WorkerDied(
                            f"后台处理进程意外退出（退出码 {proc.exitcode}），请重试；如反复出现，请查看日志。"
                        ) from None
                    continue
                if jid != job_id:
                    continue  # left over from an earlier job
                if kind == "progress":
                    if progress is not None:
                        progress(payload)
                elif kind == "call":
                    seq, method, request = payload
                    try:
                        if answer is None:
                            raise KgdeskError("内部错误：这个任务不应提问")
                        replies.put((seq, True, answer(method, request)))
                    except KgdeskError as e:
                        replies.put((seq, False, _describe(e)))
                    except (Exception, futures.CancelledError):  # the GUI side went away
                        replies.put((seq, False, _describe(CancelledError("已取消提问"))))
                elif kind == "result":
                    return payload
                else:
                    raise _rebuild(payload)

    def stop(self, timeout: float = 1.0) -> None:
        """No more jobs; the child ends now (a running job is abandoned: its caller gets WorkerDied)."""
        with self._state:
            self._stopped = True
            proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(Exception):
            self._cancel.set()
            self._requests.put(None)
        proc.join(timeout)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout)


def _rebuild(info: dict[str, Any]) -> KgdeskError:
    if info.get("cancelled"):
        return CancelledError(info.get("message") or "操作已取消")
    if info.get("kgdesk"):
        return KgdeskError(str(info.get("message")), code=str(info.get("code") or "E_KGDESK"))
    log.error("worker job failed:\n%s", info.get("traceback"))
    return WorkerFailed(f"后台处理出错（{info.get('type')}），详细原因已写入日志。")


class WorkerFailed(KgdeskError):
    code = "E_INTERNAL"
