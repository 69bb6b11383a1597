"""Run one question in its own thread and event loop, with the GUI's interactor bridged back.

Why: the pipeline is a coroutine, but parts of it are CPU work (understanding, grounding, the
value index) that would stall the GUI thread if awaited on the Qt loop. Here the whole question
runs on a worker thread's loop; each interaction (a modal dialog) is run on the GUI loop with
`run_coroutine_threadsafe` and awaited from the worker; progress and streamed tokens hop back
with `call_soon_threadsafe` (`Hop`). Qt-free: any asyncio loop can be the "GUI" loop (tests use plain
asyncio as well as qasync).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from kgdesk.errors import CancelledError

T = TypeVar("T")



class ThreadedCoroutine:
    """`await run(factory)` runs `factory()` on a fresh loop in a daemon thread; `cancel()` reaches it."""

    def __init__(self, name: str = "kgdesk-ask") -> None:
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[Any] | None = None
        self._started = threading.Event()

    async def run(self, factory: Callable[[], Coroutine[Any, Any, T]]) -> T:
        done: concurrent.futures.Future[T] = concurrent.futures.Future()

        def target() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                self._task = loop.create_task(factory())
                self._started.set()
                done.set_result(loop.run_until_complete(self._task))
            except BaseException as e:  # delivered to the awaiting side, cancellation included
                done.set_exception(e)
            finally:
                self._started.set()
                try:
                    loop.run_until_complete(loop.shutdown_asyncgens())
                    loop.run_until_complete(loop.shutdown_default_executor())
                finally:
                    loop.close()

        threading.Thread(target=target, name=self.name, daemon=True).start()
        try:
            return await asyncio.wrap_future(done)
        except asyncio.CancelledError:
            self.cancel()
            raise

    def cancel(self) -> None:
        self._started.wait(5)
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # loop closed in between
                loop.call_soon_threadsafe(task.cancel)


class Hop:
    """Wrap a callback so that calling it from the worker thread runs it on `loop` (coalescing nothing)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, fn: Callable[..., None] | None) -> None:
        self.loop = loop
        self.fn = fn

    def __call__(self, *args: Any) -> None:
        if self.fn is None:
            return
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.fn, *args)


async def on_loop(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    """Await, from another thread's loop, a coroutine that must run on `loop` (the GUI's)."""
    cf = asyncio.run_coroutine_threadsafe(coro, loop)
    try:
        return await asyncio.wrap_future(cf)
    except asyncio.CancelledError:
        cf.cancel()  # closes the dialog on the GUI side
        raise


def make_bridged_interactor(target: Any, loop: asyncio.AbstractEventLoop) -> Any:
    """An Interactor (kgdesk.qa.interactions) whose four methods run `target`'s on the GUI loop.

    `cancelled` is set when the user closed a dialog (the target raised CancelledError), so the
    caller can tell a cancelled question from a failed one whatever the core made of the error.
    """
    from kgdesk.qa.interactions import Interactor

    class Bridged(Interactor):
        cancelled = False

        async def _call(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
            try:
                result: T = await on_loop(loop, make())
            except CancelledError:
                self.cancelled = True
                raise
            return result

        async def confirm_slots(self, request: Any) -> Any:
            return await self._call(lambda: target.confirm_slots(request))

        async def confirm_plan(self, request: Any) -> Any:
            return await self._call(lambda: target.confirm_plan(request))

        async def choose_scope(self, request: Any) -> Any:
            return await self._call(lambda: target.choose_scope(request))

        async def choose_values(self, request: Any) -> Any:
            return await self._call(lambda: target.choose_values(request))

    return Bridged()
