"""The one way to reach Neo4j: the official sync driver behind a small, typed facade.

Every driver exception is translated here (`translate_error`) into a GraphError (or ConfigError)
with a Chinese message, so no module above this one imports `neo4j.exceptions`. A connection
fails fast when the server is down: a few seconds for a refused port or a silent listener, checked
once before first use (and again after the server went away), instead of the driver's retries.
"""

from __future__ import annotations

import errno
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import urlsplit

import neo4j
from neo4j import exceptions as nx

from kgdesk.config import secrets as kg_secrets
from kgdesk.config.settings import Settings, effective_settings, reveal
from kgdesk.errors import ConfigError, GraphError, KgdeskError
from kgdesk.graph import local_server
from kgdesk.graph import queries as q

SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
MIN_SERVER_MAJOR = 5

CONNECT_TIMEOUT_S = 3.0
"""TCP connect: a refused or filtered port is known within this."""
ACQUIRE_TIMEOUT_S = 3.0
"""Getting a usable connection, Bolt handshake and login included: bounds a silent listener."""
READ_RETRY_S = 2.0
"""Managed read transactions retry transient errors this long (the driver's default is 30 s)."""
WRITE_RETRY_S = 15.0
"""Builds write in many transactions: a deadlock or leader switch is retried longer."""
EXPLAIN_CACHE_SIZE = 512

R = TypeVar("R")


class GraphUnavailableError(GraphError):
    code = "E_GRAPH_UNAVAILABLE"


class GraphAuthError(GraphError):
    code = "E_GRAPH_AUTH"


class GraphDatabaseNotFoundError(GraphError):
    code = "E_GRAPH_DATABASE"


class GraphVersionError(GraphError):
    code = "E_GRAPH_VERSION"


class GraphTimeoutError(GraphError):
    code = "E_GRAPH_TIMEOUT"


class GraphQueryError(GraphError):
    """The server refused a statement (syntax, constraint, type): a kgdesk bug or bad data."""

    code = "E_GRAPH_QUERY"


class GraphBusyError(GraphError):
    """A transient server condition that outlived the retries (locks, leader switch, memory)."""

    code = "E_GRAPH_SERVER"


class GraphDiskFullError(GraphError):
    code = "E_GRAPH_DISK_FULL"


class GraphNeedsRestartError(GraphError):
    """The database panicked (disk full, corrupt store, out of memory): only a restart helps."""

    code = "E_GRAPH_RESTART"


CONNECTION_ERRORS = (nx.ServiceUnavailable, nx.SessionExpired, ConnectionError, OSError)
"""The server went away or cannot be reached (as opposed to the server refusing a statement)."""
DRIVER_ERRORS = (nx.Neo4jError, nx.DriverError, *CONNECTION_ERRORS)
"""Everything the driver raises: catch this tuple (and call `translate_error`) in code that still
holds a raw driver, instead of importing `neo4j.exceptions`."""


@dataclass(frozen=True)
class ServerInfo:
    version: str
    edition: str
    agent: str
    address: str
    protocol_version: str
    database: str | None


@dataclass(frozen=True)
class PublishedPointer:
    """What the `_KgdeskMeta {name: 'published'}` node says: the one version readers see."""

    version: str
    published_at: str | None
    schema: str | None
    """The meta-schema as JSON text (parse it once per version)."""


# --------------------------------------------------------------------------- error translation


def _chain_text(e: BaseException) -> str:
    parts: list[str] = []
    seen: BaseException | None = e
    while seen is not None and len(parts) < 6:
        parts.append(f"{seen.__class__.__name__} {seen}")
        seen = seen.__cause__ or seen.__context__
    return " | ".join(parts).lower()


def _unreachable_reason(e: BaseException) -> str:
    text = _chain_text(e)
    if "protocol version" in text or "bolt protocol" in text or "boltprotocol" in text:
        return "Bolt 协议不兼容（服务器版本过旧，或该端口不是图数据库）"
    if "ssl" in text or "certificate" in text or "tls" in text:
        return "加密连接失败（服务器未启用加密，或证书不受信任）"
    if "routing" in text:
        return "无法从该地址获取路由信息（neo4j:// 地址：服务器未启动、没有响应，或该端口不是图数据库）"
    if "refused" in text or "errno 111" in text or "winerror 10061" in text:
        return "连接被拒绝（该端口上没有图数据库在监听）"
    if "timed out" in text or "timeout" in text or "deadline" in text:
        return f"服务器在 {ACQUIRE_TIMEOUT_S:.0f} 秒内没有响应"
    if "resolve" in text or "name or service" in text or "getaddrinfo" in text:
        return "无法解析服务器地址"
    if "defunct" in text or "closed" in text or "reset" in text or "broken pipe" in text:
        return "连接被中断（服务器已停止或网络断开）"
    return "服务器不可达"


def _panic_error(text: str) -> GraphError | None:
    if "no space left" in text or "disk full" in text or "not enough space" in text:
        return GraphDiskFullError(
            "图数据库所在磁盘已满，数据库无法写入，需要重启：请清理磁盘空间后重启图数据库"
            "（kgdesk local-neo4j stop 再 start，或重启 kgdesk）。之前发布的数据不受影响。"
        )
    if "needs to be restarted" in text or "critical error" in text or "panic" in text:
        return GraphNeedsRestartError(
            "图数据库遇到严重错误，数据库需要重启（kgdesk local-neo4j stop 再 start，或重启 kgdesk）。"
            "请同时检查磁盘空间。"
        )
    return None


def translate_error(
    e: BaseException, *, uri: str = "", user: str = "", database: str | None = None
) -> KgdeskError:
    """The one Chinese wording of every driver error class (auth, unavailable, database not found,
    transient, client error, disk full / database panic, timeouts); the raw text stays in __cause__."""
    if isinstance(e, KgdeskError):
        return e
    where = f"图数据库 {uri}" if uri else "图数据库"
    if isinstance(e, OSError) and e.errno == errno.ENOSPC:  # a local file (version copy, report)
        return GraphError(f"磁盘已满，无法写入 {e.filename or '文件'}", code="E_DISK_FULL")
    text = _chain_text(e)
    panic = _panic_error(text)
    if panic is not None and not isinstance(e, nx.AuthError):
        return panic
    if isinstance(e, nx.AuthError) or (isinstance(e, nx.Neo4jError) and (e.code or "").endswith(
        ("Security.Unauthorized", "Security.CredentialsExpired")
    )):
        who = f"（用户 {user}）" if user else ""
        return GraphAuthError(f"{where} 拒绝登录：用户名或密码错误{who}。请在设置中更正密码（或环境变量 KGDESK_NEO4J_PASSWORD）。")
    if isinstance(e, nx.UnsupportedServerProduct):
        return GraphVersionError(f"{uri or '该地址'} 不是受支持的 Neo4j 服务器（需要 Neo4j 5 或更高版本）。")
    if isinstance(e, nx.Neo4jError):
        return _server_error(e, where, database)
    if isinstance(e, (nx.ServiceUnavailable, nx.SessionExpired, OSError)):
        return GraphUnavailableError(
            f"无法连接{where}：{_unreachable_reason(e)}。请确认服务器已启动、地址和端口正确、网络可达。"
        )
    if isinstance(e, nx.ConfigurationError):
        return ConfigError(f"{where} 的连接配置无效：{e}", code="E_GRAPH_URI")
    if isinstance(e, nx.DriverError):
        return GraphError(f"{where} 的驱动出错（{e.__class__.__name__}）。", code="E_GRAPH_DRIVER")
    return GraphError(f"内部错误（{e.__class__.__name__}）：{e}", code="E_GRAPH")


def _server_error(e: nx.Neo4jError, where: str, database: str | None) -> GraphError:
    code = e.code or ""
    if code.endswith("Database.DatabaseNotFound"):
        return GraphDatabaseNotFoundError(f"{where} 上没有名为 {database!r} 的数据库。请检查设置中的数据库名。")
    if "TransactionTimedOut" in code or ("Transaction" in code and "Timed" in code):
        return GraphTimeoutError(f"图数据库查询超时，已被服务器终止（{code}）。请缩小问题范围后重试。")
    if code == "Neo.ClientError.Security.AuthenticationRateLimit":
        return GraphAuthError(f"{where} 暂时锁定了登录：密码错误次数过多，请稍等几秒后重试。")
    if code.startswith("Neo.ClientError.Security."):
        return GraphAuthError(f"{where} 拒绝了该操作：当前账号没有权限（{code}）。")
    if code.endswith("General.DatabaseUnavailable") or code.endswith("Database.DatabaseUnavailable"):
        return GraphNeedsRestartError(
            f"{where} 的数据库当前不可用（{code}），可能需要重启图数据库。请检查磁盘空间。"
        )
    if code.startswith("Neo.ClientError."):
        return GraphQueryError(f"{where} 拒绝执行语句（{code}）：{e.message}")
    if code.startswith("Neo.TransientError."):
        return GraphBusyError(f"{where} 暂时无法完成操作（{code}），重试后仍未成功，请稍后再试。")
    return GraphBusyError(f"{where} 内部出错（{code or '未知错误'}）。如果反复出现，请重启图数据库。")


def describe_error(e: BaseException) -> str:
    """A Chinese one-liner for any error from graph code (builds, queries)."""
    return translate_error(e).message


# --------------------------------------------------------------------------- checks


def _check_uri(uri: str) -> None:
    parts = urlsplit(uri)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise ConfigError(
            f"图数据库地址 {uri!r} 无效：应形如 bolt://主机:7687 或 neo4j://主机:7687"
            f"（支持 {', '.join(s + '://' for s in SCHEMES)}）。",
            code="E_GRAPH_URI",
        )


def check_server_version(version: str) -> None:
    """Neo4j 5 and the calendar versions (2025.x) are supported; 4.4 and older are not."""
    m = re.match(r"(\d+)\.", version)
    if not m or int(m.group(1)) < MIN_SERVER_MAJOR:
        raise GraphVersionError(
            f"图数据库服务器版本 {version or '未知'} 不受支持：kgdesk 需要 Neo4j 5 或更高版本（含 2025.x）。"
        )


# --------------------------------------------------------------------------- the connection


class GraphConnection:
    """A driver plus the database name: sessions, read/write, EXPLAIN, translated errors, caches."""

    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str | None = None,
        *,
        default_timeout_s: float | None = None,
        connection_timeout_s: float = CONNECT_TIMEOUT_S,
        acquisition_timeout_s: float = ACQUIRE_TIMEOUT_S,
        max_retry_time_s: float = READ_RETRY_S,
        write_retry_time_s: float = WRITE_RETRY_S,
    ) -> None:
        _check_uri(uri)
        self.uri = uri
        self.user = user
        self.database = database or None
        self.default_timeout_s = default_timeout_s
        self.connection_timeout_s = connection_timeout_s
        self.acquisition_timeout_s = max(acquisition_timeout_s, connection_timeout_s)
        self.max_retry_time_s = max_retry_time_s
        self.write_retry_time_s = write_retry_time_s
        self._reached = False
        self._lock = threading.Lock()
        self._caches: dict[str, dict[Any, Any]] = {}
        self._explained: OrderedDict[str, str] = OrderedDict()
        try:
            self._driver = neo4j.GraphDatabase.driver(
                uri,
                auth=(user, password),
                connection_timeout=connection_timeout_s,
                connection_acquisition_timeout=self.acquisition_timeout_s,
                max_transaction_retry_time=max_retry_time_s,
                user_agent="kgdesk",
                # server hints (unknown label on a fresh database…) are noise to a desktop user
                notifications_min_severity="OFF",
            )
        except (nx.ConfigurationError, ValueError) as e:
            raise ConfigError(f"图数据库连接配置无效（{uri}）：{e}", code="E_GRAPH_URI") from e

    @classmethod
    def from_settings(cls, settings: Settings | None = None, *, read_only: bool = False) -> GraphConnection:
        """The configured server, or the local graph server when no URI is set.

        `read_only`: for questions and reports. When a separate read account is configured for the
        shared server (`neo4j_read_user`, its password in the keyring or KGDESK_NEO4J_READ_PASSWORD),
        log in with it, so a server-side read-only role backs up kgdesk's own read-only checks.
        """
        s = settings or effective_settings()
        timeout = s.limits.query_timeout_s
        if s.neo4j_uri and read_only and s.neo4j_read_user:
            password = reveal(s.neo4j_read_password) or kg_secrets.get_secret(kg_secrets.NEO4J_READ_PASSWORD)
            if not password:
                raise ConfigError(
                    f"设置了只读账号 {s.neo4j_read_user}，但没有它的密码：请在设置中保存，"
                    "或设置环境变量 KGDESK_NEO4J_READ_PASSWORD。",
                    code="E_GRAPH_AUTH",
                )
            return cls(s.neo4j_uri, s.neo4j_read_user, password, s.neo4j_database, default_timeout_s=timeout)
        if s.neo4j_uri:
            password = reveal(s.neo4j_password) or kg_secrets.get_secret(kg_secrets.NEO4J_PASSWORD)
            if not password:
                raise ConfigError(
                    f"没有图数据库 {s.neo4j_uri} 的密码：请在设置中保存，或设置环境变量 KGDESK_NEO4J_PASSWORD。",
                    code="E_GRAPH_AUTH",
                )
            return cls(s.neo4j_uri, s.neo4j_user, password, s.neo4j_database, default_timeout_s=timeout)
        status = local_server.server_status()
        if not status.running or status.uri is None:
            raise GraphUnavailableError(
                "没有配置图数据库地址，本地图数据库也没有在运行。"
                "请打开 kgdesk 桌面程序，或运行 kgdesk local-neo4j start，或设置 KGDESK_NEO4J_URI。",
                code="E_LOCAL_NOT_RUNNING",
            )
        password = reveal(s.neo4j_password) or local_server.local_password()
        return cls(status.uri, local_server.USER, password, s.neo4j_database, default_timeout_s=timeout)

    # ------------------------------------------------------------------ checks
    def verify(self) -> ServerInfo:
        """Connect, log in, check the database exists and the server is Neo4j 5 or newer."""
        with self._translate():
            self._driver.verify_connectivity()
            info = self._driver.get_server_info()
        self._reached = True
        rows = self.read(
            "CALL dbms.components() YIELD name, versions, edition "
            "RETURN versions[0] AS version, edition LIMIT 1",
            timeout=30,
        )
        version = str(rows[0]["version"]) if rows else (info.agent or "").partition("/")[2]
        edition = str(rows[0]["edition"]) if rows else "unknown"
        check_server_version(version)
        return ServerInfo(
            version=version,
            edition=edition,
            agent=info.agent or "",
            address=str(info.address),
            protocol_version=".".join(str(p) for p in info.protocol_version),
            database=self.database,
        )

    def healthy(self) -> GraphError | None:
        """A trivial read after a failure: None when the database answers, else why it does not
        (unreachable, disk full, needs a restart) — for telling the user the truth after a build."""
        try:
            # a panicked database refuses to begin any transaction, reads included
            self.read("RETURN 1 AS ok", timeout=10)
        except GraphError as e:
            return e
        return None

    # ------------------------------------------------------------------ queries
    def read(
        self, cypher: str, params: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """Rows as dicts, from one read-only statement (routed to a follower in a cluster).

        An auto-commit statement in a read session: one statement needs no explicit transaction,
        and skipping BEGIN and COMMIT saves a round trip per statement (a question sends several).
        Transient failures are retried for `max_retry_time_s`, as a managed read would be."""
        query = neo4j.Query(cypher, timeout=self._timeout(timeout))
        delays = _retry_delays()
        deadline: float | None = None
        while True:
            checked = not self._reached  # this attempt starts with the un-retried reachability check
            try:
                with self._translate(), self._session(neo4j.READ_ACCESS) as session:
                    return [_row(record) for record in session.run(query, params or {})]
            except GraphError as e:
                cause = e.__cause__
                if not (isinstance(cause, (nx.Neo4jError, nx.DriverError)) and cause.is_retryable()):
                    raise
                if checked and isinstance(e, GraphUnavailableError):
                    raise  # a server that cannot be reached fails fast, not after the retries
                now = time.monotonic()
                deadline = deadline or now + self.max_retry_time_s
                delay = next(delays)
                if now + delay > deadline:
                    raise
            time.sleep(delay)

    def explain(self, cypher: str, params: dict[str, Any] | None = None, *, timeout: float | None = None) -> str:
        """What the server says the statement would do (`EXPLAIN`, nothing runs): 'r', 'rw', 'w' or 's'."""
        return self.read_tx(_query_type, cypher, params or {}, timeout=timeout)

    def write(
        self, cypher: str, params: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """Rows as dicts, from a write transaction (retried on transient errors)."""
        return self.write_tx(_collect, cypher, params or {}, timeout=timeout)

    def read_tx(self, work: Callable[..., R], *args: Any, timeout: float | None = None) -> R:
        """Run `work(tx, *args)` in one read transaction (retried on transient errors)."""
        unit = neo4j.unit_of_work(timeout=self._timeout(timeout))(work)
        with self._translate(), self._session(neo4j.READ_ACCESS) as session:
            return session.execute_read(unit, *args)

    def write_tx(self, work: Callable[..., R], *args: Any, timeout: float | None = None) -> R:
        """Run `work(tx, *args)` in one write transaction (retried on transient errors)."""
        unit = neo4j.unit_of_work(timeout=self._timeout(timeout, write=True))(work)
        with self._translate(), self._session(neo4j.WRITE_ACCESS) as session:
            return session.execute_write(unit, *args)

    def autocommit(
        self, cypher: str, params: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """An auto-commit statement: needed for `CALL { … } IN TRANSACTIONS` and schema commands."""
        query = neo4j.Query(cypher, timeout=self._timeout(timeout, write=True))
        with self._translate(), self._session(neo4j.WRITE_ACCESS) as session:
            return [_row(r) for r in session.run(query, params or {})]

    def query_type(self, cypher: str, params: dict[str, Any] | None = None) -> str:
        """What the server says the statement would do ('r', 'rw', 'w', 's'), from `EXPLAIN`.

        Remembered per statement text on this connection: the type depends on the text only."""
        with self._lock:
            cached = self._explained.get(cypher)
            if cached is not None:
                self._explained.move_to_end(cypher)
                return cached

        def work(tx: neo4j.ManagedTransaction) -> str:
            summary = tx.run("EXPLAIN " + cypher, params or {}).consume()
            return str(summary.query_type or "")

        qt = self.read_tx(work)
        with self._lock:
            self._explained[cypher] = qt
            while len(self._explained) > EXPLAIN_CACHE_SIZE:
                self._explained.popitem(last=False)
        return qt

    def published_pointer(self) -> PublishedPointer | None:
        """The published version (None when nothing is published): read once per question."""
        rows = self.read(q.published_pointer())
        m = rows[0].get("m") if rows else None
        if not m or not m.get("version"):
            return None
        schema = m.get("schema")
        return PublishedPointer(str(m["version"]), m.get("published_at"), str(schema) if schema else None)

    def cache(self, name: str) -> dict[Any, Any]:
        """A memo that lives as long as this connection (parsed schemas, entity indexes…), so
        nothing is keyed by `id(driver)` at module level."""
        with self._lock:
            return self._caches.setdefault(name, {})

    @property
    def driver(self) -> neo4j.Driver:
        """The underlying driver, for code that batches its own transactions; checked reachable."""
        with self._translate():
            self._ensure_reachable()
        return self._driver

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> GraphConnection:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ internals
    def _timeout(self, timeout: float | None, *, write: bool = False) -> float | None:
        if timeout is not None:
            return timeout
        return None if write else self.default_timeout_s

    def _ensure_reachable(self) -> None:
        """One un-retried connectivity check before first use: a dead server fails in seconds,
        not after the driver's retry loop (refused port 17–31 s, silent listener 2 minutes)."""
        if not self._reached:
            try:
                self._driver.verify_connectivity()
            except nx.AuthError:
                # the server answered: a wrong password must not cost a second login per statement
                # (three failures lock the account for a few seconds)
                self._reached = True
                raise
            self._reached = True

    @contextmanager
    def _session(self, mode: str) -> Iterator[neo4j.Session]:
        self._ensure_reachable()
        kwargs: dict[str, Any] = {"database": self.database, "default_access_mode": mode}
        if mode == neo4j.WRITE_ACCESS:
            kwargs["max_transaction_retry_time"] = self.write_retry_time_s
        with self._driver.session(**kwargs) as session:
            yield session

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except GraphError:
            raise
        except (*DRIVER_ERRORS, nx.ConfigurationError) as e:
            error = translate_error(e, uri=self.uri, user=self.user, database=self.database)
            if isinstance(error, GraphUnavailableError):
                self._reached = False  # check again (quickly) before the next statement
            raise error from e


def _retry_delays(first: float = 0.05, factor: float = 2.0, cap: float = 1.0) -> Iterator[float]:
    """Back-off between retries of a failed read: 50 ms, 100 ms, … at most 1 s."""
    delay = first
    while True:
        yield delay
        delay = min(cap, delay * factor)


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None), bytes})
_GRAPH_TYPES = (neo4j.graph.Node, neo4j.graph.Relationship, neo4j.graph.Path)


def _plain(value: Any) -> bool:
    """True when `value` holds no node, relationship or path (the only values `Record.data()` changes)."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return True
    if kind is dict or kind is list:
        for v in value.values() if kind is dict else value:
            if type(v) not in _PLAIN_TYPES and not _plain(v):
                return False
        return True
    return not isinstance(value, _GRAPH_TYPES)


def _row(record: neo4j.Record) -> dict[str, Any]:
    """`record.data()`, without its generic walk when nothing needs converting: the statements return
    maps and lists, and `data()` spent ~45 ms on a question's 500 rows of them."""
    for v in record:
        if type(v) not in _PLAIN_TYPES and not _plain(v):
            return record.data()
    return dict(zip(record.keys(), record, strict=True))


def _collect(tx: neo4j.ManagedTransaction, cypher: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    return [_row(record) for record in tx.run(cypher, params)]


def _query_type(tx: neo4j.ManagedTransaction, cypher: str, params: dict[str, Any]) -> str:
    return str(tx.run("EXPLAIN " + cypher, params).consume().query_type or "")
