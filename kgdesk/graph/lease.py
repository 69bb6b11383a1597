"""The build lease: `(:_KgdeskLock {name:'build'})`, so only one build writes to a graph at a time."""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass

import neo4j

from kgdesk.errors import CancelledError, GraphError
from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent, no_progress

log = logging.getLogger(__name__)


def make_holder() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class LeaseState:
    holder: str | None
    expires_at: int
    now: int


class BuildLease:
    """`(:_KgdeskLock {name:'build'})` with holder and expiry (server clock, epoch ms).

    Acquire waits while another live holder has it; a heartbeat thread renews it; a holder that
    dies stops renewing, so its lease expires and the next builder takes over.
    """

    def __init__(self, db: GraphAccess, lease_seconds: float = 60.0, holder: str | None = None) -> None:
        self.db = db
        self.lease_ms = int(lease_seconds * 1000)
        self.holder = holder or make_holder()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lost: str | None = None
        self._last_ok = 0.0
        self.held = False

    def _try_take(self) -> LeaseState:
        def work(tx: neo4j.ManagedTransaction) -> LeaseState:
            tx.run(q.lock_touch(), name=q.LOCK_NAME).consume()
            row = tx.run(q.lock_read(), name=q.LOCK_NAME).single()
            assert row is not None
            lock = row["l"]
            state = LeaseState(lock.get("holder"), int(lock.get("expires_at") or 0), int(row["now"]))
            if state.holder is None or state.holder == self.holder or state.expires_at < state.now:
                took = tx.run(
                    q.lock_take(), name=q.LOCK_NAME, holder=self.holder, lease_ms=self.lease_ms
                ).single()
                assert took is not None
                return LeaseState(self.holder, int(took["expires_at"]), state.now)
            return state

        return self.db.write_tx(work)

    def acquire(
        self,
        wait_seconds: float = 600.0,
        progress: ProgressCallback = no_progress,
        cancel: CancelToken | None = None,
        poll_seconds: float = 0.5,
    ) -> None:
        deadline = time.monotonic() + wait_seconds
        told = False
        while True:
            state = self._try_take()
            if state.holder == self.holder:
                break
            if not told:
                progress(
                    ProgressEvent(
                        "lock", state.holder or "", 0, 0, f"另一个构建正在进行（{state.holder}），等待其完成…"
                    )
                )
                told = True
            if cancel is not None and cancel.cancelled:
                raise CancelledError("构建已取消（仍在等待另一个构建完成）")
            if time.monotonic() > deadline:
                raise GraphError(
                    f"另一个构建正在进行（{state.holder}），等待 {int(wait_seconds)} 秒后仍未结束，请稍后再试",
                    code="E_BUILD_LOCKED",
                )
            time.sleep(poll_seconds)
        self.held = True
        self._lost = None
        self._last_ok = time.monotonic()
        self._stop.clear()
        self._thread = threading.Thread(target=self._heartbeat, name="kgdesk-lease", daemon=True)
        self._thread.start()

    def renew(self) -> bool:
        def work(tx: neo4j.ManagedTransaction) -> bool:
            tx.run(q.lock_touch(), name=q.LOCK_NAME).consume()
            return (
                tx.run(q.lock_extend(), name=q.LOCK_NAME, holder=self.holder, lease_ms=self.lease_ms).single()
                is not None
            )

        return self.db.write_tx(work)

    def _heartbeat(self) -> None:
        interval = max(0.2, self.lease_ms / 3000.0)
        while not self._stop.wait(interval):
            try:
                if self.renew():
                    self._last_ok = time.monotonic()
                else:
                    self._lost = "构建锁已被其他构建接管（本构建续租超时）"
                    return
            except Exception as e:  # connection trouble: the lease may still be valid for a while
                log.warning("lease renewal failed: %s", e)
                if time.monotonic() - self._last_ok > self.lease_ms / 1000.0:
                    self._lost = "无法续租构建锁（图数据库连接中断）"
                    return

    def stop_renewing(self) -> None:
        """Stop the heartbeat without releasing: what a holder that died looks like to others."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self.held = False

    def check(self) -> None:
        """Called between batches: stop writing the moment the lease is no longer ours."""
        if self._lost:
            raise GraphError(self._lost, code="E_BUILD_LOCK_LOST")

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        if not self.held:
            return
        self.held = False
        try:
            self.db.write(q.lock_release(), name=q.LOCK_NAME, holder=self.holder)
        except Exception as e:  # the lease expires on its own
            log.warning("lease release failed: %s", e)
