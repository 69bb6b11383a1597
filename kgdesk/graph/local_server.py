"""The bundled local graph server: a real Neo4j Community 5.26 engine in a child JVM.

The Java side (`installer/neo4j`, class `kgdesk.localserver.Main`) prints `KGDESK_READY
bolt_port=N pid=P` once Bolt listens, or `KGDESK_ERROR kind=K message=M` before exiting; its
output goes to `<home>/logs/kgdesk-server.log` (a file, so a detached server never blocks on a pipe).

Attached (GUI, tests): its stdin is a pipe we never write; when this process dies the server shuts
down by itself. Detached (`kgdesk local-neo4j start`): it outlives the command; later commands find
it through `<home>/kgdesk-server.json` and stop it with a stop-request file, then SIGTERM / kill.
Health (`status(check_health=True)`): a trivial read and the data disk's free space.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from kgdesk.errors import GraphError, KgdeskError
from kgdesk.graph.local_process import CDS_ARCHIVE as CDS_ARCHIVE
from kgdesk.graph.local_process import JAR_NAME as JAR_NAME
from kgdesk.graph.local_process import JAVA_ENV as JAVA_ENV
from kgdesk.graph.local_process import JVM_FLAGS as JVM_FLAGS
from kgdesk.graph.local_process import MAIN_CLASS as MAIN_CLASS
from kgdesk.graph.local_process import MIN_JAVA as MIN_JAVA
from kgdesk.graph.local_process import LocalServerError as LocalServerError
from kgdesk.graph.local_process import _is_our_server, _pid_alive, _tail, _terminate_pid
from kgdesk.graph.local_process import bolt_answers as bolt_answers
from kgdesk.graph.local_process import find_classpath as find_classpath
from kgdesk.graph.local_process import find_java as find_java
from kgdesk.graph.local_process import jar_dir as jar_dir
from kgdesk.graph.local_process import java_major_version as java_major_version
from kgdesk.graph.local_process import local_password as local_password
from kgdesk.graph.local_process import port_free as port_free
from kgdesk.graph.server_profile import resolve_profile
from kgdesk.paths import local_neo4j_dir

PASSWORD_ENV = "KGDESK_LOCAL_NEO4J_PASSWORD"
"""How the child JVM receives the password (never on its command line)."""
STATE_FILE = "kgdesk-server.json"
STOP_FILE = "kgdesk-stop-request"
CONSOLE_LOG = "kgdesk-server.log"
USER = "neo4j"
STOP_TIMEOUT_S = 30.0
FULL_DISK_STOP_S = 3.0
MIN_FREE_BYTES = 64 * 1024 * 1024
"""Below this the database cannot checkpoint, rotate its log or start: reported as 磁盘已满."""


def default_home() -> Path:
    """The server's own folder (data/ and logs/ inside) under KGDESK_HOME."""
    return local_neo4j_dir()


# --------------------------------------------------------------------------- state file


@dataclass(frozen=True)
class ServerState:
    """What a running server leaves in its state file for later CLI invocations."""

    pid: int
    port: int
    home: str
    started_at: str
    detached: bool

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    home: Path
    pid: int | None = None
    port: int | None = None
    detached: bool = False
    answering: bool = False
    """Bolt answered a handshake just now (False while it is still starting or hung)."""
    problem: str | None = None
    """Chinese, when checked (`status(check_health=True)`): why the database cannot work now
    (磁盘已满 / 数据库需要重启 / 不响应), None when a trivial read succeeded."""

    @property
    def uri(self) -> str | None:
        return f"bolt://127.0.0.1:{self.port}" if self.port else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "running": self.running,
            "answering": self.answering,
            "pid": self.pid,
            "port": self.port,
            "uri": self.uri,
            "detached": self.detached,
            "home": str(self.home),
            "problem": self.problem,
        }


def read_state(home: Path) -> ServerState | None:
    path = home / STATE_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return ServerState(
            pid=int(raw["pid"]),
            port=int(raw["port"]),
            home=str(raw["home"]),
            started_at=str(raw["started_at"]),
            detached=bool(raw["detached"]),
        )
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        # A torn or foreign file says nothing reliable: treat as no server.
        return None


def _write_state(home: Path, state: ServerState) -> None:
    path = home / STATE_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(state), ensure_ascii=False, indent=2), encoding="utf-8")
    tmp.replace(path)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


# --------------------------------------------------------------------------- the server


class LocalGraphServer:
    """Starts, watches and stops one local Neo4j process on one data folder (Qt-free)."""

    def __init__(
        self,
        home: Path | None = None,
        *,
        port: int = 0,
        password: str | None = None,
        heap: str | None = None,
        initial_heap: str = "128m",
        page_cache: str | None = None,
        jit: str | None = None,
        library_root: Path | None = None,
        tx_timeout_s: int = 60,
        startup_timeout_s: float = 180.0,
        extra_jvm_args: list[str] | None = None,
        warm_up: bool = True,
    ) -> None:
        self.home = (home or default_home()).resolve()
        self.requested_port = port
        self._password = password
        self.profile = resolve_profile(library_root, heap=heap, page_cache=page_cache, jit=jit)
        """heap, page cache and JIT: as given, else by the library's size (kgdesk.graph.server_profile)."""
        self.heap, self.page_cache = self.profile.heap, self.profile.page_cache
        self.initial_heap = initial_heap
        self.tx_timeout_s = tx_timeout_s
        self.startup_timeout_s = startup_timeout_s
        self.extra_jvm_args = list(extra_jvm_args or [])
        self.warm_up = warm_up
        self.warm_up_thread: threading.Thread | None = None
        """Warm the server up in the background once ready: WarmUp.java in the JVM, then the builder's
        statements (graph.service.warm_up_in_background); bench/build_cold.py measures both."""
        self._proc: subprocess.Popen[bytes] | None = None
        self._state: ServerState | None = None
        self._console_log = self.logs_dir / CONSOLE_LOG

    # paths -----------------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def logs_dir(self) -> Path:
        return self.home / "logs"

    @property
    def console_log(self) -> Path:
        """stdout and stderr of the JVM of the last start (the one before is kept as *.1)."""
        return self._console_log

    @property
    def state_file(self) -> Path:
        return self.home / STATE_FILE

    @property
    def stop_file(self) -> Path:
        return self.home / STOP_FILE

    # facts about the running server -----------------------------------------
    @property
    def password(self) -> str:
        if self._password is None:
            self._password = local_password()
        return self._password

    @property
    def user(self) -> str:
        return USER

    @property
    def port(self) -> int:
        state = self._state or read_state(self.home)
        if state is None:
            raise LocalServerError("本地图数据库没有在运行。", code="E_NOT_RUNNING")
        return state.port

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        state = self._state or read_state(self.home)
        return state.pid if state else None

    # lifecycle --------------------------------------------------------------
    def command(self, java: Path, classpath: str, *, detached: bool) -> list[str]:
        cds = jar_dir() / CDS_ARCHIVE
        cmd = [
            str(java),
            f"-Xmx{self.heap}",
            f"-Xms{self.initial_heap}",
            *([f"-XX:SharedArchiveFile={cds}"] if cds.is_file() else []),
            *self.profile.jit_flags,
            *JVM_FLAGS,
            *self.extra_jvm_args,
            "-cp",
            classpath,
            MAIN_CLASS,
            "--home",
            str(self.home),
            "--port",
            str(self.requested_port),
            "--tx-timeout",
            f"{self.tx_timeout_s}s",
            "--pagecache",
            self.page_cache,
            "--password-env",
            PASSWORD_ENV,
            "--stop-file",
            str(self.stop_file),
        ]
        if detached:
            cmd.append("--no-watch-stdin")
        if not self.warm_up:
            cmd.append("--no-warm-up")
        return cmd

    def start(self, *, detached: bool = False) -> int:
        """Start the server and wait until Bolt accepts our password; returns the Bolt port.

        detached=True lets the server outlive this process (the CLI's `local-neo4j start`).
        """
        if self._proc is not None and self._proc.poll() is None:
            return self.port
        existing = self.status()
        if existing.running:
            raise LocalServerError(
                f"本地图数据库已经在运行（进程 {existing.pid}，端口 {existing.port}），"
                f"数据目录 {self.data_dir} 正被它占用。如需重启，请先运行 kgdesk local-neo4j stop。",
                code="E_DATA_LOCKED",
            )
        full = self.disk_problem()
        if full is not None:
            raise LocalServerError(f"本地图数据库无法启动：{full}。请清理磁盘后重试。", code="E_DISK_FULL")
        java = find_java()
        classpath = find_classpath()
        password = self.password
        if self.requested_port and not port_free(self.requested_port):
            raise self._port_error()

        self.logs_dir.mkdir(parents=True, exist_ok=True)
        _remove(self.stop_file)
        self._console_log = self._fresh_console_log()
        env = dict(os.environ)
        env[PASSWORD_ENV] = password
        popen_kwargs: dict[str, Any] = {}
        if sys.platform == "win32":
            popen_kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) | getattr(
                subprocess, "CREATE_NO_WINDOW", 0
            )
        else:
            # Detached: own session, so a Ctrl-C in the launching terminal does not reach it.
            popen_kwargs["start_new_session"] = detached
        with open(self.console_log, "wb") as log:
            proc = subprocess.Popen(
                self.command(java, classpath, detached=detached),
                stdin=subprocess.DEVNULL if detached else subprocess.PIPE,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.home,
                env=env,
                **popen_kwargs,
            )
        self._proc = proc
        try:
            port, pid = self._wait_ready(proc)
            self._wait_bolt(port, password)
            state = ServerState(
                pid=pid,
                port=port,
                home=str(self.home),
                started_at=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
                detached=detached,
            )
            _write_state(self.home, state)
            self._state = state
            if self.warm_up:  # the builder's statements, compiled while the user looks at the window
                from kgdesk.graph.service import warm_up_in_background

                self.warm_up_thread = warm_up_in_background(f"bolt://127.0.0.1:{port}", USER, password)
        except BaseException:
            self._kill(proc)
            self._proc = None
            raise
        return port

    def _wait_ready(self, proc: subprocess.Popen[bytes]) -> tuple[int, int]:
        deadline = time.monotonic() + self.startup_timeout_s
        while True:
            text = ""
            with contextlib.suppress(OSError):
                text = self.console_log.read_text(encoding="utf-8", errors="replace")
            for line in text.splitlines():
                if line.startswith("KGDESK_READY"):
                    fields = dict(re.findall(r"(\w+)=(\d+)", line))
                    return int(fields["bolt_port"]), int(fields.get("pid", proc.pid))
                if line.startswith("KGDESK_ERROR"):
                    m = re.match(r"KGDESK_ERROR kind=(\S+) message=(.*)", line)
                    kind, message = (m.group(1), m.group(2)) if m else ("startup", line)
                    proc.wait(timeout=30)
                    raise self._java_error(kind, message)
            if proc.poll() is not None:
                raise LocalServerError(
                    f"本地图数据库进程意外退出（退出码 {proc.returncode}）。\n{self._log_excerpt()}",
                    code="E_START_FAILED",
                )
            if time.monotonic() > deadline:
                raise self._timeout_error()
            time.sleep(0.2)

    def _wait_bolt(self, port: int, password: str) -> None:
        deadline = time.monotonic() + min(60.0, self.startup_timeout_s)
        while not bolt_answers(port):
            if time.monotonic() > deadline:
                raise self._timeout_error()
            time.sleep(0.2)
        uri = f"bolt://127.0.0.1:{port}"
        from kgdesk.graph.connection import GraphAuthError, GraphConnection  # connection imports us

        with GraphConnection(uri, USER, password, connection_timeout_s=10, acquisition_timeout_s=30) as conn:
            while True:
                try:
                    conn.read("RETURN 1 AS ok", timeout=30)
                    return
                except GraphAuthError as e:
                    raise LocalServerError(
                        "本地图数据库已启动，但密码校验失败（服务器未接受设置的密码）。", code="E_START_FAILED"
                    ) from e
                except GraphError as e:
                    # the database may still be starting (DatabaseUnavailable): wait, unless the disk is full
                    full = self.disk_problem()
                    if full is not None or time.monotonic() > deadline:
                        raise LocalServerError(
                            f"本地图数据库的进程已启动，但数据库没有启动成功：{full or e.message}。"
                            f"\n{self._log_excerpt()}",
                            code="E_DISK_FULL" if full else "E_START_FAILED",
                        ) from e
                    time.sleep(0.5)

    def disk_problem(self) -> str | None:
        """'磁盘已满…' when the data folder's disk has too little room for the database to run."""
        from kgdesk.graph.diskspace import MB, free_bytes

        free = free_bytes(self.data_dir)
        if free is not None and free < MIN_FREE_BYTES:
            return (
                f"磁盘已满（数据目录 {self.data_dir} 所在磁盘只剩 {free / MB:.0f} MB，"
                f"图数据库至少需要 {MIN_FREE_BYTES // MB} MB）"
            )
        return None

    def health(self) -> str | None:
        """None when the database answers a trivial read and its disk has room; else why not."""
        full = self.disk_problem()
        state = self._state or read_state(self.home)
        if state is None:
            return full
        from kgdesk.graph.connection import GraphConnection

        try:
            password = self.password
        except KgdeskError:  # no keyring in this session: the disk is all that can be checked
            return full
        with GraphConnection(state.uri, USER, password, connection_timeout_s=3, acquisition_timeout_s=5) as conn:
            problem = conn.healthy()
        if problem is None:
            return full
        if problem.code in ("E_GRAPH_RESTART", "E_GRAPH_DISK_FULL"):
            return "；".join(x for x in (full, "数据库需要重启") if x)
        return "；".join(x for x in (full, problem.message) if x)

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> bool:
        """Shut the server down cleanly (force after `timeout`); False when none was running.

        Bounded: on a full disk the clean shutdown cannot checkpoint and would hang, so it gets a
        few seconds before the process is killed (the transaction log recovers it at the next start)."""
        if self.disk_problem() is not None:
            timeout = min(timeout, FULL_DISK_STOP_S)
        proc = self._proc
        self._proc = None
        self._state = None
        try:
            if proc is not None:
                if proc.poll() is not None:
                    return False
                self.stop_file.touch()
                if proc.stdin is not None:
                    with contextlib.suppress(OSError):
                        proc.stdin.close()
                try:
                    proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    self._kill(proc)
                return True
            state = read_state(self.home)
            if state is None or not (_pid_alive(state.pid) and _is_our_server(state.pid)):
                return False
            self.stop_file.touch()
            if not self._wait_pid_exit(state.pid, timeout):
                _terminate_pid(state.pid, force=False)
                if not self._wait_pid_exit(state.pid, 5.0):
                    _terminate_pid(state.pid, force=True)
                    self._wait_pid_exit(state.pid, 10.0)
            return True
        finally:
            _remove(self.state_file)
            _remove(self.stop_file)

    def status(self, *, check_health: bool = False) -> ServerStatus:
        """Running or not, from the state file (also for a server another process started);
        `check_health` also runs a trivial read and looks at the disk (`problem`)."""
        state = self._state or read_state(self.home)
        if state is None:
            return ServerStatus(running=False, home=self.home)
        if self._proc is not None and self._state is not None:
            alive = self._proc.poll() is None
        else:
            alive = _pid_alive(state.pid) and _is_our_server(state.pid)
        if not alive:
            _remove(self.state_file)  # stale: the server died without cleaning up
            self._state = None
            return ServerStatus(running=False, home=self.home)
        answering = bolt_answers(state.port, timeout=1.0)
        problem = (self.health() if answering else self.disk_problem()) if check_health else None
        return ServerStatus(
            running=True,
            home=self.home,
            pid=state.pid,
            port=state.port,
            detached=state.detached,
            answering=answering,
            problem=problem,
        )

    def __enter__(self) -> LocalGraphServer:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    # helpers ------------------------------------------------------------------
    def detach(self) -> None:
        """Forget the child without stopping it (a detached server keeps running)."""
        proc, self._proc = self._proc, None
        if proc is not None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                del proc

    def _fresh_console_log(self) -> Path:
        """Keep the previous run's console log (as *.1) instead of truncating a file in use."""
        path = self.logs_dir / CONSOLE_LOG
        try:
            if path.exists():
                path.replace(path.with_name(CONSOLE_LOG + ".1"))
        except OSError:
            # Windows: still open by another process; write next to it.
            return path.with_name(f"kgdesk-server-{os.getpid()}.log")
        return path

    @staticmethod
    def _wait_pid_exit(pid: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while _pid_alive(pid):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)
        return True

    def _kill(self, proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=30)
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        _remove(self.state_file)

    def _log_excerpt(self) -> str:
        parts = [f"日志文件：{self.console_log}"]
        console = _tail(self.console_log, 20)
        if console:
            parts.append(console)
        debug = _tail(self.logs_dir / "debug.log", 10)
        if debug:
            parts.append(f"{self.logs_dir / 'debug.log'} 的最后几行：\n{debug}")
        return "\n".join(parts)

    def _port_error(self) -> LocalServerError:
        return LocalServerError(
            f"端口 {self.requested_port} 已被其他程序占用，本地图数据库无法启动。"
            "请关闭占用该端口的程序，或改用其他端口（0 表示自动选择空闲端口）。",
            code="E_PORT_IN_USE",
        )

    def _timeout_error(self) -> LocalServerError:
        return LocalServerError(
            f"本地图数据库在 {self.startup_timeout_s:.0f} 秒内没有启动完成，已放弃。\n{self._log_excerpt()}",
            code="E_START_TIMEOUT",
        )

    def _java_error(self, kind: str, message: str) -> LocalServerError:
        if kind == "locked":
            return LocalServerError(
                f"本地图数据库的数据目录 {self.data_dir} 正被另一个进程占用（可能是另一个 kgdesk 或 Neo4j）。"
                f"请先关闭该进程，或运行 kgdesk local-neo4j stop。（{message}）",
                code="E_DATA_LOCKED",
            )
        if kind == "port_in_use":
            return self._port_error()
        if kind == "password":
            return LocalServerError(f"本地图数据库的密码设置失败：{message}", code="E_START_FAILED")
        return LocalServerError(
            f"本地图数据库启动失败：{message}\n{self._log_excerpt()}", code="E_START_FAILED"
        )


# --------------------------------------------------------------------------- CLI helpers


def start_background(home: Path | None = None, *, port: int = 0) -> ServerStatus:
    """`kgdesk local-neo4j start`: start a detached server unless one already runs."""
    server = LocalGraphServer(home, port=port)
    current = server.status()
    if current.running:
        return current
    server.start(detached=True)
    server.detach()
    return server.status()


def stop_background(home: Path | None = None) -> bool:
    """`kgdesk local-neo4j stop`: True when a server was running and is now stopped."""
    return LocalGraphServer(home).stop()


def server_status(home: Path | None = None, *, check_health: bool = False) -> ServerStatus:
    """`kgdesk local-neo4j status`."""
    return LocalGraphServer(home).status(check_health=check_health)
