"""The desktop's one adapter to the core: every service call the GUI makes goes through here.

Qt-free and synchronous (the GUI runs these methods in a worker thread). It holds no business
logic: each method forwards to the core service that owns the rule, imported lazily so the
window opens before pandas, the Neo4j driver or the LLM SDK are loaded. When a core service
is not there yet, the call raises `ServiceUnavailable` with a Chinese message instead of
guessing.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.config.settings import Settings, effective_settings, load_saved
from kgdesk.errors import CancelledError, ConfigError, GraphError, KgdeskError
from kgdesk.progress import CancelToken, ProgressCallback
from kgdesk.templates.records import ValidationRun
from kgdesk.templates.records import issue_title as issue_title  # the one issue-title table, for the GUI

if TYPE_CHECKING:
    from kgdesk.app.library_desk import LibraryDesk
    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import LocalGraphServer

log = logging.getLogger("kgdesk.desktop")
_IMPORT_LOCK = threading.Lock()


class ServiceUnavailable(KgdeskError):
    """A core service the desktop needs is not installed in this build."""

    code = "E_UNAVAILABLE"


def _service(module: str, name: str, what: str) -> Any:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            raise ServiceUnavailable(f"{what}功能尚未就绪（缺少 {module}）") from e
        raise
    try:
        return getattr(mod, name)
    except AttributeError as e:
        raise ServiceUnavailable(f"{what}功能尚未就绪（缺少 {module}.{name}）") from e


@dataclass(frozen=True)
class StatusInfo:
    """What the status bar shows; texts are Chinese, `graph_state` drives the colour."""

    graph_text: str
    graph_state: str  # ok | busy | bad | off
    version: str | None
    llm_online: bool
    llm_text: str


@dataclass
class ImportSession:
    """The files the user put on the import page, validated together so cross-file checks run."""

    paths: list[Path] = field(default_factory=list)
    run: ValidationRun | None = None

    def add(self, paths: Sequence[Path], expanded: Sequence[Path] | None = None) -> list[Path]:
        """Add files and folders (expanded to their spreadsheets); returns the new files.

        `expanded`: the expansion done elsewhere (the worker process), else the validator's here.
        """
        if expanded is None:
            from kgdesk.templates.validator import collect_paths

            expanded = collect_paths([Path(x) for x in paths])
        known = {p.resolve() for p in self.paths}
        added: list[Path] = []
        for p in expanded:
            r = p.resolve()
            if r not in known:
                known.add(r)
                self.paths.append(p)
                added.append(p)
        return added

    def remove(self, path: Path) -> None:
        self.paths = [p for p in self.paths if p.resolve() != path.resolve()]

    def clear(self) -> None:
        self.paths.clear()
        self.run = None


@dataclass(frozen=True)
class TestResult:
    ok: bool
    message: str


class Desktop:
    """Service calls of the desktop. Methods block: the GUI calls them through `run_sync`."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home
        self._lock = threading.RLock()
        self._server: LocalGraphServer | None = None
        self._server_error: str | None = None
        self._starting = False
        self._conn: GraphConnection | None = None
        self._conn_key: tuple[Any, ...] | None = None
        self._worker: Any = None
        self._qa_worker: Any = None
        self._warm = False

    # -- heavy imports, once ----------------------------------------------------------------
    _WARM_MODULES = ("neo4j", "kgdesk.graph.connection", "kgdesk.app.building", "kgdesk.security.permissions",
                     "kgdesk.app.asking")

    def _warm_up(self) -> None:
        """Import the heavy core modules once, in one thread, before any worker uses them.

        Two worker threads importing neo4j (or pandas) at the same time can see a partially
        initialised package ("cannot import name … (most likely due to a circular import)").
        """
        if self._warm:
            return
        with _IMPORT_LOCK:
            if self._warm:
                return
            for name in self._WARM_MODULES:
                try:
                    importlib.import_module(name)
                except ImportError:  # an optional core part missing: its callers say so
                    log.warning("could not preload %s", name, exc_info=True)
            self._warm = True

    # -- settings ------------------------------------------------------------------------
    def saved_settings(self) -> Settings:
        return load_saved(self.home)

    def effective(self) -> Settings:
        """Effective settings with the checked identity: KGDESK_USER / KGDESK_ROLE may narrow the
        saved user and role, never widen them (a widening environment is ignored and logged)."""
        s = effective_settings(home=self.home)
        user, role = self._identity()
        if (user, role) != (s.user, s.role):
            s = s.model_copy(update={"user": user, "role": role})
        return s

    def _identity(self) -> tuple[str, str]:
        from kgdesk.security.identity import current_identity, resolve_identity
        from kgdesk.security.permissions import PermissionDenied, default_permissions

        perms = default_permissions()
        saved = load_saved(self.home)
        try:
            ident = current_identity(home=self.home, perms=perms)
        except (PermissionDenied, ConfigError) as e:  # the environment asked for more, or an unknown role
            log.warning("KGDESK_USER / KGDESK_ROLE ignored: %s", e.message)
            try:
                ident = resolve_identity(perms, saved.user, saved.role)
            except ConfigError:  # an unknown saved role: the default role, never the environment's
                return saved.user, perms.default_role
        return ident.user, ident.role

    def first_run_needed(self) -> bool:
        try:
            return not load_saved(self.home).first_run_done
        except ConfigError:
            return True

    def check_keyring(self) -> str | None:
        """None when secrets can be stored safely, else the Chinese reason."""
        secure_backend = _service("kgdesk.config.secrets", "secure_backend", "密钥保存")
        try:
            secure_backend()
        except KgdeskError as e:
            return e.message
        return None

    def get_secret(self, name: str) -> str | None:
        get = _service("kgdesk.config.secrets", "get_secret", "密钥读取")
        value: str | None = get(name)
        return value

    def save(
        self, settings: Settings, secrets: dict[str, str | None] | None = None, *, first_run: bool = False
    ) -> None:
        """Check and audit the change, put secrets in the OS keyring (never in the file), save the file.

        A changed user or role needs the admin role (outside the first-run set-up); the audit
        record is written first and a failed write fails the save (kgdesk.app.settings_change).
        """
        from kgdesk.app.settings_change import save_settings_change

        store = _service("kgdesk.config.secrets", "set_secret", "密钥保存") if secrets else None
        try:
            save_settings_change(settings, secrets, home=self.home, first_run=first_run, store_secret=store)
        finally:
            self._drop_connection()

    def user_text(self) -> str:
        s = self.effective()
        return f"用户：{s.user}（{s.role}）"

    def test_graph(self, uri: str | None, user: str, password: str | None, database: str | None) -> TestResult:
        """Connect and log in with what the user typed (nothing saved)."""
        self._warm_up()
        from kgdesk.graph.connection import GraphConnection

        if not uri:
            try:
                self.ensure_graph()
                conn = self.connection()
                info = conn.verify()
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
        self._warm_up()
        client_cls = _service("kgdesk.llm.client", "OpenAICompatibleClient", "语言模型")
        retry = _service("kgdesk.llm.retry", "RetryPolicy", "语言模型")
        try:
            client = client_cls(base_url=base_url, model=model, api_key=api_key or None, timeout_s=10.0,
                                retry_policy=retry(max_attempts=1))
            models: list[str] = client.list_models()  # closes its connections itself
        except KgdeskError as e:
            return TestResult(False, e.message)
        if models and model not in models:
            shown = "、".join(models[:8])
            return TestResult(False, f"服务可以连接，但没有模型「{model}」。可用模型：{shown}")
        return TestResult(True, f"连接成功：模型「{model}」可用")

    # -- graph server --------------------------------------------------------------------
    def local_mode(self) -> bool:
        return not self.effective().neo4j_uri

    def ensure_graph(self) -> None:
        """Start the bundled local graph server (attached: it stops when kgdesk exits) if needed."""
        self._warm_up()
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

    def shutdown(self) -> None:
        """At exit: stop the worker, close the driver, stop the local server if this window started it."""
        with self._lock:
            workers = [w for w in (self._worker, self._qa_worker) if w is not None]
            self._worker = self._qa_worker = None
        for worker in workers:
            worker.stop()
        self._drop_connection()
        with self._lock:
            server, self._server = self._server, None
        if server is not None:
            try:
                server.stop(timeout=30.0)
            except KgdeskError:
                log.warning("local graph server did not stop cleanly", exc_info=True)

    def connection(self) -> GraphConnection:
        """One shared connection (the driver is thread-safe); reopened when settings change."""
        self._warm_up()
        from kgdesk.graph.connection import GraphConnection

        s = self.effective()
        key = (s.neo4j_uri, s.neo4j_user, s.neo4j_read_user, s.neo4j_database,
               self._server.pid if self._server else None)
        with self._lock:
            if self._conn is not None and self._conn_key == key:
                return self._conn
            self._drop_connection()
            # the window only reads (status, quality, cited rows); builds connect in the worker
            self._conn = GraphConnection.from_settings(s, read_only=True)
            self._conn_key = key
            return self._conn

    def _drop_connection(self) -> None:
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

    def status(self) -> StatusInfo:
        s = self.effective()
        llm = s.llm_configured
        llm_text = f"语言模型：在线（{s.llm_model}）" if llm else "语言模型：离线（仅规则问答）"
        version: str | None = None
        if self._starting:
            return StatusInfo("图数据库：本地 · 启动中…", "busy", None, llm, llm_text)
        where = "本地" if not s.neo4j_uri else "共享服务器"
        try:
            version = self.published_version()
            graph_text, state = f"图数据库：{where} · 运行中", "ok"
        except KgdeskError as e:
            self._drop_connection()
            if not s.neo4j_uri and self._server_error:
                graph_text, state = f"图数据库：本地 · 启动失败（{self._server_error[:40]}）", "bad"
            elif not s.neo4j_uri:
                graph_text, state = "图数据库：本地 · 未运行", "bad"
            else:
                graph_text, state = f"图数据库：共享服务器 · 无法连接（{e.message[:40]}）", "bad"
            version = self._local_published()
        return StatusInfo(graph_text, state, version, llm, llm_text)

    def _local_published(self) -> str | None:
        from kgdesk.graph.versions import VersionStore

        pub = VersionStore(self.home).read_published()
        return str(pub["version"]) if pub and pub.get("version") else None

    # -- import and build -----------------------------------------------------------------
    def worker(self) -> Any:
        """The warm worker process for CPU-heavy jobs (see kgdesk.app.worker for why a process)."""
        from kgdesk.app.worker import ProcessWorker

        with self._lock:
            if self._worker is None:
                self._worker = ProcessWorker()
            return self._worker

    def start_worker(self) -> None:
        """Start both worker processes; they import the heavy core while the user looks around."""
        self.worker().start()
        self.qa_worker().start()

    def collect(self, paths: Sequence[Path]) -> list[Path]:
        """Files and folders → the spreadsheets in them (in the worker: the validator is heavy to import)."""
        out: list[Path] = self.worker().run("collect", [str(p) for p in paths])
        return out

    def validate(
        self, paths: Sequence[Path], progress: ProgressCallback | None = None, cancel: CancelToken | None = None
    ) -> ValidationRun:
        """Validate in the worker process; the run comes back slimmed for the import page."""
        run: ValidationRun = self.worker().run(
            "validate", [str(p) for p in paths], self.effective(), progress=progress, cancel=cancel
        )
        return run

    def build(
        self, paths: Sequence[Path], progress: ProgressCallback | None = None, cancel: CancelToken | None = None
    ) -> dict[str, Any]:
        """Add `paths` to the ledger library and publish the whole library (kgdesk.app.library_desk).

        The report of cli.md, plus `library_notes` (files pulled from a shared server's version)."""
        out = self.library().build(paths, progress, cancel)
        return {**out.report, "library_notes": list(out.sync_notes)}

    def library(self) -> LibraryDesk:
        """The ledger library of the import page (kgdesk.app.library_desk owns the logic)."""
        from kgdesk.app.library_desk import LibraryDesk

        return LibraryDesk(self)

    def quality(self) -> dict[str, Any]:
        """The published version's data-quality report, row values masked for the user's role."""
        self._warm_up()
        from kgdesk.app.building import version_quality_report as quality_report

        try:
            doc: dict[str, Any] = quality_report(self.connection())
        except GraphError:  # unreachable graph: the local mirror of the published pointer
            doc = quality_report(self.home)
        policy = self._policy()
        for f in doc.get("files") or []:
            template = f.get("template")
            if not template:
                continue
            for r in f.get("problem_rows") or []:
                r["raw"] = policy.mask_template_row(template, r.get("raw") or {})
        return doc

    def source_row(self, citation: dict[str, Any], version: str | None) -> dict[str, Any]:
        """All fields of a cited row, read from the version's stored copy and masked for the role.

        Returns `fields` [(name, raw text)] in column order, `masked` (names hidden for the
        role), `template`, `sheet`, `row`, `version`.
        """
        self._warm_up()
        from kgdesk.graph.versions import VersionStore

        version = version or citation.get("version")
        if not version:
            raise KgdeskError("这个答案没有记录数据版本，无法找到来源文件")
        store = VersionStore(self.home)
        manifest = store.read_manifest(str(version))
        if manifest is None:
            raise KgdeskError(f"本机没有数据版本 {version} 的源文件副本（可能已被清理，或由另一台电脑构建）")
        file = str(citation.get("file") or "")
        stored = next((c.get("stored_as") for c in manifest.get("files") or []
                       if c.get("file") == file), None)
        path = store.path(str(version)) / str(stored or f"sources/{file}")
        if not path.exists():
            raise KgdeskError(f"数据版本 {version} 中没有文件「{file}」的副本")
        row_no = int(citation.get("row") or 0)
        read = self.qa_worker().run("read_row", str(path), row_no, self.effective())
        if read["raw"] is None:
            raise KgdeskError(f"文件「{file}」的副本中没有第 {row_no} 行数据")
        columns = list(read["columns"])
        columns += [c for c in read["raw"] if c not in columns]
        raw = {c: read["raw"].get(c, "") for c in columns}
        template = str(citation.get("template") or read["template"] or "")
        from kgdesk.security.permissions import MASK_TEXT

        shown = self._policy().mask_template_row(template, raw) if template else raw
        masked = [c for c in columns if shown.get(c) == MASK_TEXT and raw.get(c) != MASK_TEXT]
        return {
            "fields": [(c, "" if c in masked else shown.get(c, "")) for c in columns],
            "masked": masked,
            "template": template,
            "sheet": citation.get("sheet") or read["sheet"],
            "row": row_no,
            "file": file,
            "version": version,
        }

    def _policy(self) -> Any:
        self._warm_up()
        from kgdesk.security.permissions import policy_for

        s = self.effective()
        return policy_for(s.role, user=s.user, min_group_size=s.limits.min_group_size)

    def roles(self) -> list[tuple[str, str]]:
        """(name, display) of the roles in data/permissions.json; the current role's admin flag."""
        self._warm_up()
        from kgdesk.security.permissions import default_permissions

        return [(name, spec.display) for name, spec in default_permissions().roles.items()]

    def is_admin(self) -> bool:
        try:
            return bool(self._policy().is_admin)
        except KgdeskError:
            return False

    # -- history and audit ------------------------------------------------------------------
    def _audit_user(self) -> str | None:
        """Whose records the viewer shows: everyone's for an admin, otherwise the user's own."""
        return None if self.is_admin() else self.effective().user

    def run_history(self) -> dict[str, Any]:
        """Questions and builds so far, from the audit log: counts, latency, LLM tokens (recorded per question)."""
        from kgdesk.security.audit import read_records

        self._warm_up()
        records = read_records(self.home, user=self._audit_user())
        questions = [r for r in records if r.action == "question"]
        durations = [r.duration_ms for r in questions if r.duration_ms is not None]
        statuses: dict[str, int] = {}
        for r in questions:
            statuses[r.decision] = statuses.get(r.decision, 0) + 1
        runs = []
        for r in reversed(records):
            if r.action not in ("question", "build", "import"):
                continue
            runs.append({
                "at": r.ts, "kind": _ACTION_TEXT.get(r.action, r.action), "user": r.user, "status": r.decision,
                "ms": r.duration_ms, "tokens": (_llm_tokens(r) or "") if r.action == "question" else "",
                "text": r.question or "、".join((r.detail or {}).get("files") or []),
            })
        failed = statuses.get("error", 0)
        return {
            "summary": {
                "questions": len(questions),
                "failure_rate": failed / len(questions) if questions else 0.0,
                "avg_ms": sum(durations) / len(durations) if durations else 0.0,
                "llm_tokens": sum(_llm_tokens(r) for r in questions),
                "builds": sum(1 for r in records if r.action == "build"),
                "statuses": statuses,
            },
            "runs": runs,
        }

    def audit_records(self) -> list[dict[str, Any]]:
        from kgdesk.security.audit import read_records

        self._warm_up()
        return [
            {"at": r.ts, "user": r.user, "role": r.role, "action": _ACTION_TEXT.get(r.action, r.action),
             "decision": r.decision, "ms": r.duration_ms, "summary": _audit_summary(r), "id": r.id}
            for r in read_records(self.home, user=self._audit_user())
        ]

    def verify_audit(self) -> tuple[bool, str]:
        from kgdesk.security.audit import verify

        result = verify(self.home)
        if result.ok:
            return True, f"审计日志完整：{result.records} 条记录的哈希链全部吻合。"
        return False, f"审计日志被改动：第 {result.first_broken} 条起 {result.reason}。"

    # -- chat: threads, questions, the approved-answer cache ------------------------------------
    def _store(self) -> Any:
        """Threads, turns and approvals: the history store of kgdesk.app.asking (one SQLite file)."""
        self._warm_up()
        return _service("kgdesk.app.asking", "default_store", "对话记录")(self.home)

    def threads(self) -> list[dict[str, Any]]:
        """[{id, title, updated_at, …}], most recent first."""
        out: list[dict[str, Any]] = self._store().list_threads()
        return out

    def new_thread(self, title: str = "新对话") -> dict[str, Any]:
        doc: dict[str, Any] = self._store().create_thread(title)
        return doc

    def rename_thread(self, thread_id: str, title: str) -> None:
        self._store().rename_thread(thread_id, title)

    def delete_thread(self, thread_id: str) -> None:
        self._store().delete_thread(thread_id)

    def turns(self, thread_id: str) -> list[dict[str, Any]]:
        """[{turn_id, question, result (ask JSON), approved, from_cache}] oldest first."""
        out: list[dict[str, Any]] = self._store().turns(thread_id)
        return out

    def qa_worker(self) -> Any:
        """A second worker process for questions (a question may wait on a dialog while a build runs)."""
        from kgdesk.app.worker import ProcessWorker

        with self._lock:
            if self._qa_worker is None:
                self._qa_worker = ProcessWorker("kgdesk-qa", warm_job="warm_qa")
            return self._qa_worker

    async def ask(
        self,
        question: str,
        *,
        thread_id: str | None,
        interactor: Any,
        on_step: Any = None,
        on_token: Any = None,
        on_retract: Any = None,
    ) -> dict[str, Any]:
        """One question through kgdesk.app.asking in the question worker process; the ask JSON of cli.md.

        The agent's interactions come back here and run `interactor` (the GUI's dialogs) on the
        caller's loop; `on_step(step, state, detail)`, `on_token(text)` and `on_retract(reason)`
        are called there too. A dialog closed by the user raises CancelledError; cancelling the
        awaiting task cancels the question in the worker.
        """
        import asyncio
        import concurrent.futures

        loop = asyncio.get_running_loop()
        step, token, retract = Hop(loop, on_step), Hop(loop, on_token), Hop(loop, on_retract)
        settings = await asyncio.to_thread(self.effective)
        await asyncio.to_thread(self.ensure_graph)  # the local server belongs to this process
        state = {"cancelled": False}

        def answer(method: str, request: Any) -> Any:  # on an executor thread, blocks for the user
            fut = asyncio.run_coroutine_threadsafe(getattr(interactor, method)(request), loop)
            try:
                return fut.result()
            except (CancelledError, concurrent.futures.CancelledError):
                state["cancelled"] = True
                raise CancelledError("已取消提问") from None

        def on_event(msg: Any) -> None:
            _tag, kind, step_name, st, text = msg
            if kind == "step":
                step(step_name, st or "active", text or "")
            elif kind == "progress":
                step(step_name or "understand", "active", text or "")
            elif kind == "ask":
                step(_ASK_STEP.get(step_name, ""), "active", "等待您的确认")
            elif kind == "text":
                token(text)
            elif kind == "retract":
                retract(text or "")

        cancel = CancelToken()
        worker = self.qa_worker()
        step("understand", "active", "")
        try:
            doc: dict[str, Any] = await asyncio.to_thread(
                worker.run, "ask", question, thread_id, settings, progress=on_event, cancel=cancel, answer=answer
            )
        except asyncio.CancelledError:
            cancel.cancel()  # the worker cancels the agent; its dialogs are closed by the caller
            raise
        if state["cancelled"]:
            raise CancelledError("已取消提问")
        doc["question"] = question
        return doc

    def approve_answer(self, thread_id: str | None, doc: dict[str, Any], approved: bool) -> None:
        """Mark an answer correct for the approved-answer cache, or undo the mark."""
        fn = _service("kgdesk.app.asking", "approve" if approved else "unapprove", "答案缓存")
        fn(result=doc, home=self.home)


def _llm_tokens(r: Any) -> int:
    """LLM tokens of one audited question (recorded by the agent with the question)."""
    value = (r.detail or {}).get("llm_tokens")
    return int(value) if isinstance(value, int | float) else 0


_ACTION_TEXT = {"question": "提问", "build": "构建", "import": "导入", "settings": "修改设置"}


def _audit_summary(r: Any) -> str:
    if r.question:
        return str(r.question)
    detail = r.detail or {}
    files = detail.get("files")
    if files:
        return "文件：" + "、".join(str(f) for f in files)
    return "，".join(f"{k}={v}" for k, v in detail.items())


_ASK_STEP = {"confirm_slots": "understand", "confirm_plan": "plan", "choose_values": "ground", "choose_scope": "execute"}


class Hop:
    """Call `fn` on `loop` from any thread (progress and streamed text back to the GUI)."""

    def __init__(self, loop: Any, fn: Any) -> None:
        self.loop = loop
        self.fn = fn

    def __call__(self, *args: Any) -> None:
        if self.fn is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed while a worker was still reporting
            self.loop.call_soon_threadsafe(self.fn, *args)
