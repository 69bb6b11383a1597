"""The desktop's graph runtime: the local graph server it started, the shared read connection,
the two worker processes, and the status bar's view of them.

Qt-free and synchronous. Heavy modules (neo4j, pandas, the LLM SDK) are imported once, in one
thread, before any worker thread needs them, so the window opens before they load.
"""

from __future__ import annotations

import importlib
import logging
import threading
from typing import TYPE_CHECKING, Any

from kgdesk.app.contracts import StatusInfo, TestResult
from kgdesk.app.preferences import SettingsService
from kgdesk.errors import KgdeskError

if TYPE_CHECKING:
    from kgdesk.app.worker import ProcessWorker
    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import LocalGraphServer

log = logging.getLogger("kgdesk.desktop")
_IMPORT_LOCK = threading.Lock()
_WARM_MODULES = ("neo4j", "kgdesk.graph.connection", "kgdesk.app.building", "kgdesk.security.permissions",
                 "kgdesk.app.asking")


class GraphRuntime:
    """The local server, the read connection and the workers of one desktop window."""

    def __init__(self, settings: SettingsService) -> None:
        self.settings = settings
        self._lock = threading.RLock()
        self._server: LocalGraphServer | None = None
        self._server_error: str | None = None
        self._starting = False
        self._conn: GraphConnection | None = None
        self._conn_key: tuple[Any, ...] | None = None
        self._worker: ProcessWorker | None = None
        self._qa_worker: ProcessWorker | None = None
        self._warm = False

    def warm_up(self) -> None:
        """Import the heavy core modules once, in one thread, before any worker uses them.

        Two worker threads importing neo4j (or pandas) at the same time can see a partially
        initialised package ("cannot import name … (most likely due to a circular import)").
        """
        if self._warm:
            return
        with _IMPORT_LOCK:
            if self._warm:
                return
            for name in _WARM_MODULES:
                importlib.import_module(name)
            self._warm = True

    # -- graph server and connection ----------------------------------------------------------
    def local_mode(self) -> bool:
        return not self.settings.effective().neo4j_uri

    def ensure_graph(self) -> None:
        """Start the bundled local graph server (attached: it stops when kgdesk exits) if needed."""
        self.warm_up()
        if not self.local_mode():
            return
        from kgdesk.graph import local_server

        with self._lock:
            if self._server is not None and self._server.status().running:
                return
            if local_server.server_status().running:  # started by the CLI or another window
                return
            self._starting = True
            self._server_error = None
            try:
                server = local_server.LocalGraphServer()
                server.start()
                self._server = server
            except KgdeskError as e:
                self._server_error = e.message
                raise
            finally:
                self._starting = False

    def connection(self) -> GraphConnection:
        """One shared read connection (the driver is thread-safe); reopened when settings change."""
        self.warm_up()
        from kgdesk.graph.connection import GraphConnection

        s = self.settings.effective()
        key = (s.neo4j_uri, s.neo4j_user, s.neo4j_read_user, s.neo4j_database,
               self._server.pid if self._server else None)
        with self._lock:
            if self._conn is not None and self._conn_key == key:
                return self._conn
            self.drop_connection()
            # the window only reads (status, quality, cited rows); builds connect in the worker
            self._conn = GraphConnection.from_settings(s, read_only=True)
            self._conn_key = key
            return self._conn

    def drop_connection(self) -> None:
        with self._lock:
            conn, self._conn, self._conn_key = self._conn, None, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a dead driver must not break a settings change
                log.debug("closing graph connection failed", exc_info=True)

    def published_version(self) -> str | None:
        from kgdesk.graph.dbaccess import GraphAccess
        from kgdesk.graph.versions import published_version

        return published_version(GraphAccess(self.connection()))

    def local_published(self) -> str | None:
        """The published version from this computer's mirror of the pointer (graph unreachable)."""
        from kgdesk.graph.versions import VersionStore

        pub = VersionStore(self.settings.home).read_published()
        return str(pub["version"]) if pub and pub.get("version") else None

    def status(self) -> StatusInfo:
        s = self.settings.effective()
        llm = s.llm_configured
        llm_text = f"语言模型：在线（{s.llm_model}）" if llm else "语言模型：离线（仅规则问答）"
        if self._starting:
            return StatusInfo("图数据库：本地 · 启动中…", "busy", None, llm, llm_text)
        where = "本地" if not s.neo4j_uri else "共享服务器"
        try:
            version = self.published_version()
            return StatusInfo(f"图数据库：{where} · 运行中", "ok", version, llm, llm_text)
        except KgdeskError as e:
            self.drop_connection()
            if not s.neo4j_uri and self._server_error:
                text = f"图数据库：本地 · 启动失败（{self._server_error}）"
            elif not s.neo4j_uri:
                text = "图数据库：本地 · 未运行"
            else:
                text = f"图数据库：共享服务器 · 无法连接（{e.message}）"
            return StatusInfo(text, "bad", self.local_published(), llm, llm_text)

    def test_graph(self, uri: str | None, user: str, password: str | None, database: str | None) -> TestResult:
        """Connect and log in with what the user typed (nothing saved)."""
        self.warm_up()
        from kgdesk.graph.connection import GraphConnection

        if not uri:
            try:
                self.ensure_graph()
                info = self.connection().verify()
            except KgdeskError as e:
                return TestResult(False, e.message)
            return TestResult(True, f"本地图数据库正常：Neo4j {info.version}（{info.edition}）")
        if not password:
            return TestResult(False, "请填写密码")
        try:
            with GraphConnection(uri, user, password, database or None, connection_timeout_s=8.0) as conn:
                info = conn.verify()
        except KgdeskError as e:
            return TestResult(False, e.message)
        return TestResult(True, f"连接成功：Neo4j {info.version}（{info.edition}），地址 {info.address}")

    def test_llm(self, base_url: str, model: str, api_key: str | None) -> TestResult:
        """Ask the endpoint for its models (GET /models) with what the user typed."""
        from kgdesk.llm.client import OpenAICompatibleClient
        from kgdesk.llm.retry import RetryPolicy

        try:
            client = OpenAICompatibleClient(base_url=base_url, model=model, api_key=api_key or None, timeout_s=10.0,
                                            retry_policy=RetryPolicy(max_attempts=1))
            models: list[str] = client.list_models()  # closes its connections itself
        except KgdeskError as e:
            return TestResult(False, e.message)
        if models and model not in models:
            shown = "、".join(models[:8])
            return TestResult(False, f"服务可以连接，但没有模型「{model}」。可用模型：{shown}")
        return TestResult(True, f"连接成功：模型「{model}」可用")

    # -- workers -------------------------------------------------------------------------------
    def worker(self) -> ProcessWorker:
        """The warm worker process for CPU-heavy jobs (see kgdesk.app.worker for why a process)."""
        from kgdesk.app.worker import ProcessWorker

        with self._lock:
            if self._worker is None:
                self._worker = ProcessWorker()
            return self._worker

    def qa_worker(self) -> ProcessWorker:
        """A second worker process for questions (a question may wait on a dialog while a build runs)."""
        from kgdesk.app.worker import ProcessWorker

        with self._lock:
            if self._qa_worker is None:
                self._qa_worker = ProcessWorker("kgdesk-qa", warm_job="warm_qa")
            return self._qa_worker

    def start_workers(self) -> None:
        """Start both worker processes; they import the heavy core while the user looks around."""
        self.worker().start()
        self.qa_worker().start()

    def shutdown(self) -> None:
        """At exit: stop the workers, close the driver, stop the local server if this window started it."""
        with self._lock:
            workers = [w for w in (self._worker, self._qa_worker) if w is not None]
            self._worker = self._qa_worker = None
        for worker in workers:
            worker.stop()
        self.drop_connection()
        with self._lock:
            server, self._server = self._server, None
        if server is not None:
            try:
                server.stop(timeout=30.0)
            except KgdeskError:
                log.warning("local graph server did not stop cleanly", exc_info=True)
