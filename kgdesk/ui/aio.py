"""asyncio on the Qt loop (qasync): executors for sync work, named tasks, dialogs awaited without exec().

Rules this module enforces for the rest of kgdesk.ui:
- sync work (pandas, the Neo4j driver, file IO) runs in `run_sync` (a worker thread);
- worker threads never touch widgets: `ThreadSafeProgress` hops to the GUI thread with
  `loop.call_soon_threadsafe` and coalesces bursts so the GUI thread is never flooded;
- every task has a name and an owner (`TaskKeeper`); a new request cancels the one it supersedes;
  errors of a task go to the one error funnel;
- modal dialogs are opened with `open()` and awaited on a future resolved by `finished`
  (no nested `exec()` loop under qasync).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import queue
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from PySide6.QtWidgets import QDialog

from kgdesk.app.notifications import ErrorFunnel, funnel
from kgdesk.progress import ProgressEvent

log = logging.getLogger("kgdesk.ui")
T = TypeVar("T")

SHUTDOWN_GRACE_S = 2.0
"""How long closing the app waits for running executor calls."""


class DaemonExecutor(Executor):
    """A small thread pool whose threads never hold up the process exit.

    ThreadPoolExecutor joins its threads at exit, so one call stuck on an unreachable server
    (the driver retries for many seconds) would keep the closed window's process alive. Work
    that must finish before exit (a build's rollback) is awaited by the shutdown sequence.
    """

    def __init__(self, max_workers: int = 4, name: str = "kgdesk-worker") -> None:
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]] | None]
        self._queue = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._idle = threading.Semaphore(0)
        self._max = max_workers
        self._name = name
        self._lock = threading.Lock()
        self._shutdown = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            if self._shutdown:
                raise RuntimeError("executor is shut down")
            fut: Future[Any] = Future()
            self._queue.put((fut, fn, args, kwargs))
            if not self._idle.acquire(blocking=False) and len(self._threads) < self._max:
                t = threading.Thread(target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True)
                self._threads.append(t)
                t.start()
            return fut

    @property
    def is_shut_down(self) -> bool:
        return self._shutdown

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            fut, fn, args, kwargs = item
            if fut.set_running_or_notify_cancel():
                try:
                    fut.set_result(fn(*args, **kwargs))
                except BaseException as e:  # delivered to the awaiting coroutine
                    fut.set_exception(e)
            del item, fut
            self._idle.release()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No new work; `wait` gives running calls a short grace period, never an unbounded join
        (the closing event loop calls this, and a call stuck in driver retries must not hold the
        window's process for half a minute)."""
        with self._lock:
            if self._shutdown:
                return
            self._shutdown = True
            if cancel_futures:
                while True:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is not None:
                        item[0].cancel()
            for _ in self._threads:
                self._queue.put(None)
        if wait:
            deadline = time.monotonic() + SHUTDOWN_GRACE_S
            for t in self._threads:
                t.join(max(0.0, deadline - time.monotonic()))


_executor: DaemonExecutor | None = None
_executor_lock = threading.Lock()


def executor() -> DaemonExecutor:
    """One small pool for the GUI's sync work (the machine may have 2 cores)."""
    global _executor
    with _executor_lock:
        if _executor is None or _executor.is_shut_down:  # a closed loop shuts its default executor
            _executor = DaemonExecutor(max_workers=4)
        return _executor


def shutdown_executor() -> None:
    global _executor
    with _executor_lock:
        ex, _executor = _executor, None
    if ex is not None:
        ex.shutdown(wait=False, cancel_futures=True)


async def run_sync(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """Run blocking `fn` in a worker thread and await its result on the GUI loop."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(executor(), functools.partial(fn, *args, **kwargs))


class ThreadSafeProgress:
    """A `ProgressCallback` callable from any thread; `handler` runs on the GUI thread.

    Bursts are coalesced: at most one hop is pending, and it delivers the latest event of each
    stage seen since the last delivery (so a stage change is never lost, a counter never floods).
    """

    def __init__(self, handler: Callable[[ProgressEvent], None], loop: asyncio.AbstractEventLoop | None = None):
        self._handler = handler
        self._loop = loop or asyncio.get_running_loop()
        self._lock = threading.Lock()
        self._pending: dict[str, ProgressEvent] = {}
        self._scheduled = False
        self.closed = False

    def __call__(self, event: ProgressEvent) -> None:
        with self._lock:
            if self.closed:
                return
            self._pending.pop(event.stage, None)
            self._pending[event.stage] = event  # keeps stage order, latest event per stage
            if self._scheduled:
                return
            self._scheduled = True
        with contextlib.suppress(RuntimeError):  # loop closed while a worker was still reporting
            self._loop.call_soon_threadsafe(self._deliver)

    def _deliver(self) -> None:
        with self._lock:
            events = list(self._pending.values())
            self._pending.clear()
            self._scheduled = False
            closed = self.closed
        if closed:
            return
        for e in events:
            self._handler(e)

    def close(self) -> None:
        """No more deliveries (the widget it feeds may be gone)."""
        with self._lock:
            self.closed = True
            self._pending.clear()


class TaskKeeper:
    """Named tasks with a reference kept until they finish (FeelUOwn `task.py` idea).

    `spawn(name, coro)` cancels a still-running task of the same name (the new request
    supersedes it). Errors other than cancellation go to the error funnel.
    """

    def __init__(self, errors: ErrorFunnel | None = None) -> None:
        self._tasks: dict[str, asyncio.Task[Any]] = {}
        self._errors = errors or funnel()

    def spawn(self, name: str, coro: Coroutine[Any, Any, T], *, supersede: bool = True) -> asyncio.Task[T]:
        old = self._tasks.get(name)
        if old is not None and not old.done():
            if supersede:
                old.cancel()
            else:
                coro.close()
                return old
        task = asyncio.get_event_loop().create_task(coro, name=name)
        self._tasks[name] = task
        task.add_done_callback(functools.partial(self._finished, name))
        return task

    def _finished(self, name: str, task: asyncio.Task[Any]) -> None:
        if self._tasks.get(name) is task:
            del self._tasks[name]
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None:
            self._errors.report(exc, context=name)

    def get(self, name: str) -> asyncio.Task[Any] | None:
        return self._tasks.get(name)

    def running(self, name: str) -> bool:
        t = self._tasks.get(name)
        return t is not None and not t.done()

    def cancel(self, name: str) -> None:
        t = self._tasks.get(name)
        if t is not None:
            t.cancel()

    def cancel_all(self) -> list[asyncio.Task[Any]]:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for t in tasks:
            t.cancel()
        return tasks

    @property
    def names(self) -> list[str]:
        return [n for n, t in self._tasks.items() if not t.done()]


async def show_dialog(dialog: QDialog) -> int:
    """Open `dialog` modally with `open()` and await its result code (Accepted/Rejected).

    If the awaiting task is cancelled, the dialog is rejected and closed, so nothing is left
    waiting on the screen.
    """
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[int] = loop.create_future()

    def done(result: int) -> None:
        if not fut.done():
            fut.set_result(int(result))

    dialog.finished.connect(done)
    dialog.open()
    try:
        return await fut
    except asyncio.CancelledError:
        with contextlib.suppress(RuntimeError):  # already deleted with its parent
            if dialog.isVisible():
                dialog.reject()
        raise
    finally:
        with contextlib.suppress(RuntimeError, TypeError):
            dialog.finished.disconnect(done)


class MainThreadGC:
    """Run Python's cyclic garbage collector only on the GUI thread.

    Automatic collection can start in any thread; if it frees a Qt object there, Qt warns
    ("Timers cannot be stopped from another thread") or crashes. Same idea as pyqtgraph's
    GarbageCollector: switch automatic collection off and collect from a GUI-thread timer.
    """

    def __init__(self, interval_ms: int = 1000) -> None:
        import gc

        from PySide6.QtCore import QTimer

        self._gc = gc
        self.threshold = gc.get_threshold()
        gc.disable()
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def check(self) -> None:
        c0, c1, c2 = self._gc.get_count()
        t0, t1, t2 = self.threshold
        if c0 > t0:
            self._gc.collect(0)
            if c1 > t1:
                self._gc.collect(1)
                if c2 > t2:
                    self._gc.collect(2)

    def stop(self) -> None:
        self.timer.stop()
        self._gc.enable()
