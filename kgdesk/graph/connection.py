"""One connection to the graph: the official sync neo4j driver behind a small, typed facade.

Every driver exception is translated here into a GraphError (or ConfigError) with a Chinese
message, so no caller above this module ever sees a neo4j exception.
"""

from __future__ import annotations

import re
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

SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
MIN_SERVER_MAJOR = 5

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


@dataclass(frozen=True)
class ServerInfo:
    version: str
    edition: str
    agent: str
    address: str
    protocol_version: str
    database: str | None


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


class GraphConnection:
    """A driver plus the database name; `read`/`write` run managed (retried) transactions."""

    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str | None = None,
        *,
        default_timeout_s: float | None = None,
        connection_timeout_s: float = 10.0,
        max_retry_time_s: float = 15.0,
    ) -> None:
        _check_uri(uri)
        self.uri = uri
        self.user = user
        self.database = database or None
        self.default_timeout_s = default_timeout_s
        try:
            self._driver = neo4j.GraphDatabase.driver(
                uri,
                auth=(user, password),
                connection_timeout=connection_timeout_s,
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

    # ------------------------------------------------------------------ queries
    def read(
        self, cypher: str, params: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """Rows as dicts, from a read transaction (routed to a follower in a cluster)."""
        return self.read_tx(_collect, cypher, params or {}, timeout=timeout)

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
            return [r.data() for r in session.run(query, params or {})]

    @property
    def driver(self) -> neo4j.Driver:
        """The underlying driver, for code that batches its own transactions (the builder)."""
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

    @contextmanager
    def _session(self, mode: str) -> Iterator[neo4j.Session]:
        with self._driver.session(database=self.database, default_access_mode=mode) as session:
            yield session

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except GraphError:
            raise
        except nx.AuthError as e:
            raise GraphAuthError(
                f"图数据库 {self.uri} 拒绝登录：用户名或密码错误（用户 {self.user}）。请在设置中更正密码。"
            ) from e
        except nx.UnsupportedServerProduct as e:
            raise GraphVersionError(
                f"{self.uri} 不是受支持的 Neo4j 服务器（需要 Neo4j 5 或更高版本）：{e}"
            ) from e
        except nx.ClientError as e:
            raise self._client_error(e) from e
        except (nx.TransientError, nx.DatabaseError) as e:
            if "Transaction" in (e.code or "") and "Timed" in (e.code or ""):
                raise self._timeout_error(e) from e
            raise GraphError(f"图数据库暂时无法完成操作：{e.message or e}", code="E_GRAPH_SERVER") from e
        except (nx.ServiceUnavailable, nx.SessionExpired) as e:
            raise GraphUnavailableError(self._unreachable(e)) from e
        except nx.ConfigurationError as e:
            raise ConfigError(f"图数据库连接配置无效（{self.uri}）：{e}", code="E_GRAPH_URI") from e
        except nx.DriverError as e:
            raise GraphError(f"图数据库驱动出错：{e}", code="E_GRAPH_DRIVER") from e
        except OSError as e:
            raise GraphUnavailableError(self._unreachable(e)) from e

    def _unreachable(self, e: BaseException) -> str:
        protocol = "Bolt 协议不兼容（服务器版本过旧？）" if "protocol version" in str(e).lower() else str(e)
        return f"无法连接图数据库 {self.uri}：{protocol}。请确认服务器已启动、地址和端口正确、网络可达。"

    def _timeout_error(self, e: nx.Neo4jError) -> GraphTimeoutError:
        return GraphTimeoutError(f"图数据库查询超时，已被服务器终止（{e.code}）。请缩小问题范围后重试。")

    def _client_error(self, e: nx.ClientError) -> GraphError:
        code = e.code or ""
        if code == "Neo.ClientError.Database.DatabaseNotFound":
            return GraphDatabaseNotFoundError(
                f"图数据库服务器 {self.uri} 上没有名为 {self.database!r} 的数据库。请检查设置中的数据库名。"
            )
        if code.startswith("Neo.ClientError.Transaction.TransactionTimedOut"):
            return self._timeout_error(e)
        if code == "Neo.ClientError.Security.AuthenticationRateLimit":
            return GraphAuthError(f"图数据库 {self.uri} 暂时锁定了登录：密码错误次数过多，请稍等几秒后重试。")
        if code.startswith("Neo.ClientError.Security."):
            return GraphAuthError(f"图数据库拒绝了该操作（权限不足）：{e.message}")
        return GraphQueryError(f"图数据库拒绝执行语句（{code}）：{e.message}")


def security_error_text(code: str | None) -> str | None:
    """The Chinese message for a Neo4j security error (wrong password, locked login, no privilege),
    for code paths that use the driver directly; never the password itself."""
    code = code or ""
    if code == "Neo.ClientError.Security.AuthenticationRateLimit":
        return "图数据库暂时锁定了登录：密码错误次数过多，请稍等几秒后重试。"
    if code in ("Neo.ClientError.Security.Unauthorized", "Neo.ClientError.Security.CredentialsExpired"):
        return "图数据库拒绝登录：用户名或密码错误。请在设置中更正密码（或环境变量 KGDESK_NEO4J_PASSWORD）。"
    if code.startswith("Neo.ClientError.Security."):
        return "图数据库拒绝了该操作：当前图数据库账号没有权限。"
    return None


CONNECTION_ERRORS = (nx.ServiceUnavailable, nx.SessionExpired, ConnectionError, OSError)
"""The server went away or cannot be reached (as opposed to the server refusing a statement)."""


def describe_error(e: BaseException) -> str:
    """A Chinese one-liner for an error from code that uses the driver directly (builds, queries)."""
    if isinstance(e, KgdeskError):
        return e.message
    if isinstance(e, CONNECTION_ERRORS):
        return "图数据库连接中断（服务器已停止或网络不可达）"
    if isinstance(e, nx.Neo4jError):
        return security_error_text(e.code) or f"图数据库返回错误：{e.code or ''} {e.message or ''}".strip()
    return f"{e.__class__.__name__}: {e}"


def _collect(tx: neo4j.ManagedTransaction, cypher: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    return [record.data() for record in tx.run(cypher, params)]
