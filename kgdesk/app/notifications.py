"""One error funnel, Qt-free: every unhandled error ends here, is logged with its cause, and is
handed to whoever shows messages (the desktop's Qt layer; nothing in headless mode).

Pattern from napari `utils/notifications.py`: the manager installs `sys.excepthook` and
`threading.excepthook`; the GUI subscribes and shows the Chinese text on its own thread.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType

from kgdesk.errors import CancelledError, KgdeskError

log = logging.getLogger("kgdesk.errors")


@dataclass(frozen=True)
class Notification:
    """What the user sees (`message`, Chinese) and what the log keeps (`detail`)."""

    message: str
    code: str
    detail: str = ""
    context: str = ""
    severity: str = "error"


Subscriber = Callable[[Notification], None]


def user_message(exc: BaseException) -> tuple[str, str]:
    """Chinese message and code for an exception; never a traceback, never a secret."""
    if isinstance(exc, KgdeskError):
        return exc.message, exc.code
    if type(exc).__module__.startswith("neo4j"):  # a driver error that escaped a translation
        from kgdesk.graph.connection import describe_error

        return describe_error(exc), "E_GRAPH"
    network = _NETWORK_TEXT.get(type(exc))
    if network is not None:
        return network, "E_NETWORK"
    if isinstance(exc, PermissionError):
        return f"没有权限访问文件：{getattr(exc, 'filename', '') or ''}。请检查文件是否被其他程序占用。", "E_OS"
    if isinstance(exc, FileNotFoundError):
        return f"找不到文件：{getattr(exc, 'filename', '') or ''}", "E_OS"
    if isinstance(exc, OSError):
        return f"读写文件或网络时出错：{exc.strerror or exc.__class__.__name__}", "E_OS"
    if isinstance(exc, MemoryError):
        return "内存不足，请关闭其他程序后重试。", "E_MEMORY"
    return "程序内部错误，操作未完成。详细原因已写入日志，请联系管理员。", "E_INTERNAL"


_NETWORK_TEXT: dict[type[BaseException], str] = {
    ConnectionRefusedError: "连接被拒绝：对方服务没有启动，或地址、端口不对。",
    ConnectionResetError: "连接被对方中断，请稍后重试。",
    ConnectionAbortedError: "连接被中止，请检查网络后重试。",
    BrokenPipeError: "连接已断开，请稍后重试。",
    TimeoutError: "连接超时：网络不通或对方没有响应。",
}


class ErrorFunnel:
    """Collects errors from hooks, tasks and callers; logs them; notifies subscribers (any thread)."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()
        self._prev_excepthook: Callable[..., object] | None = None
        self._prev_thread_hook: Callable[..., object] | None = None
        self.installed = False

    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(fn)

        def unsubscribe() -> None:
            with self._lock:
                if fn in self._subscribers:
                    self._subscribers.remove(fn)

        return unsubscribe

    def report(self, exc: BaseException, *, context: str = "") -> Notification | None:
        """Log `exc` with its traceback and notify subscribers; cancellations are not errors."""
        if isinstance(exc, CancelledError | KeyboardInterrupt):
            return None
        message, code = user_message(exc)
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        if isinstance(exc, KgdeskError):
            log.warning("%s%s: %s", f"[{context}] " if context else "", code, detail)
        else:
            log.error("%s未处理的错误：\n%s", f"[{context}] " if context else "", detail)
        note = Notification(message=message, code=code, detail=detail, context=context)
        self.notify(note)
        return note

    def notify(self, note: Notification) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for fn in subscribers:
            try:
                fn(note)
            except Exception:  # a broken subscriber must not hide the original error
                log.exception("error subscriber failed")

    # -- hooks ---------------------------------------------------------------------------
    def _excepthook(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if exc is None:  # pragma: no cover - defensive, Python always passes an instance
            exc = exc_type()
        if exc.__traceback__ is None and tb is not None:
            exc = exc.with_traceback(tb)
        self.report(exc, context="未处理")

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or isinstance(args.exc_value, SystemExit):
            return
        name = args.thread.name if args.thread is not None else "?"
        self.report(args.exc_value, context=f"线程 {name}")

    def install(self) -> None:
        if self.installed:
            return
        self._prev_excepthook = sys.excepthook
        self._prev_thread_hook = threading.excepthook
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_hook
        self.installed = True

    def uninstall(self) -> None:
        if not self.installed:
            return
        if self._prev_excepthook is not None:
            sys.excepthook = self._prev_excepthook
        if self._prev_thread_hook is not None:
            threading.excepthook = self._prev_thread_hook
        self.installed = False


_FUNNEL = ErrorFunnel()


def funnel() -> ErrorFunnel:
    """The process-wide funnel (one per process, like the hooks it installs)."""
    return _FUNNEL
