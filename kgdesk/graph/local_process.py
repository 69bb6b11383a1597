"""The local graph server's surroundings: finding Java and the jars, and watching processes.

Split from local_server.py (which starts, watches and stops the server itself); everything here
is re-exported there.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from kgdesk.config import secrets as kg_secrets
from kgdesk.errors import GraphError
from kgdesk.paths import project_root

MAIN_CLASS = "kgdesk.localserver.Main"
JAR_NAME = "kgdesk-local-neo4j.jar"
CDS_ARCHIVE = "kgdesk-local-neo4j.jsa"
"""Class-data-sharing archive recorded by installer/neo4j/build.sh: about halves JVM start-up."""
JAVA_ENV = "KGDESK_JAVA"
"""Optional full path of the java executable to use."""
MIN_JAVA = 17

JVM_FLAGS = [
    # the JIT (C1 only for a small library, C2 for a large one) comes before these, by the library's
    # size: kgdesk.graph.server_profile
    "-XX:+ExitOnOutOfMemoryError",
    "-XX:-OmitStackTraceInFastThrow",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "-Dfile.encoding=UTF-8",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
]


class LocalServerError(GraphError):
    """The local graph server could not be found, started or stopped."""

    code = "E_LOCAL_SERVER"


def local_password() -> str:
    """The local server's password: env override, else the keyring, else generated once and stored."""
    existing = kg_secrets.get_secret(kg_secrets.LOCAL_NEO4J)
    if existing:
        return existing
    password = secrets.token_urlsafe(24)
    kg_secrets.set_secret(kg_secrets.LOCAL_NEO4J, password)
    return password


# --------------------------------------------------------------------------- java and jars


@functools.lru_cache(maxsize=8)
def java_major_version(java: str) -> int:
    """Major version of a java executable (8 for 1.8), 0 when it does not run."""
    try:
        out = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=60, errors="replace", check=False
        )
    except (OSError, subprocess.SubprocessError):
        return 0
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not m:
        return 0
    major = int(m.group(1))
    if major == 1 and m.group(2):
        major = int(m.group(2))
    return major


def _java_candidates() -> Iterator[Path]:
    exe = "java.exe" if sys.platform == "win32" else "java"
    explicit = os.environ.get(JAVA_ENV)
    if explicit:
        yield Path(explicit)
    if getattr(sys, "frozen", False):
        for base in (project_root(), Path(sys.executable).resolve().parent):
            yield base / "runtime" / "bin" / exe
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        yield Path(java_home) / "bin" / exe
    on_path = shutil.which("java")
    if on_path:
        yield Path(on_path)


def find_java() -> Path:
    """The first Java >= 17: KGDESK_JAVA, the bundled runtime (frozen app), JAVA_HOME, PATH."""
    too_old: list[str] = []
    for candidate in _java_candidates():
        if not candidate.is_file():
            continue
        major = java_major_version(str(candidate))
        if major >= MIN_JAVA:
            return candidate
        too_old.append(f"{candidate}（版本 {major or '未知'}）")
    if too_old:
        raise LocalServerError(
            f"找到的 Java 版本过低：{'；'.join(too_old)}。本地图数据库需要 Java {MIN_JAVA} 或更高版本，"
            "请安装后设置 JAVA_HOME。",
            code="E_NO_JAVA",
        )
    raise LocalServerError(
        f"找不到 Java 运行环境，本地图数据库需要 Java {MIN_JAVA} 或更高版本。"
        "请安装 Java 17+ 并设置 JAVA_HOME（或加入 PATH）；安装包版本自带 Java，可重新安装 kgdesk。",
        code="E_NO_JAVA",
    )


def jar_dir() -> Path:
    """Where the server jar and its lib/ folder are: the Maven target, or the bundle."""
    if getattr(sys, "frozen", False):
        return project_root() / "neo4j"
    return project_root() / "installer" / "neo4j" / "target"


def find_classpath() -> str:
    """The JVM class path: our jar plus every jar of lib/ (a Java wildcard keeps it short)."""
    base = jar_dir()
    jar = base / JAR_NAME
    lib = base / "lib"
    if not jar.is_file() or not any(lib.glob("neo4j-*.jar")):
        hint = (
            "安装包不完整，请重新安装 kgdesk。"
            if getattr(sys, "frozen", False)
            else "请先在源码目录运行 make setup（或 installer/neo4j/build.sh）构建它。"
        )
        raise LocalServerError(
            f"本地图数据库组件尚未构建（缺少 {jar} 或 {lib}）。{hint}", code="E_JARS_MISSING"
        )
    return os.pathsep.join([str(jar), str(lib / "*")])


# --------------------------------------------------------------------------- processes


def _pid_alive(pid: int) -> bool:
    """Whether pid is a live process (zombies count as dead; our own dead children get reaped)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return bool(ok) and code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
        if reaped == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    with contextlib.suppress(OSError, IndexError):
        if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
            return False
    return True


def _is_our_server(pid: int) -> bool:
    """Guards against a recycled pid: on Linux the command line must name our main class."""
    cmdline = Path(f"/proc/{pid}/cmdline")
    try:
        return MAIN_CLASS.encode() in cmdline.read_bytes()
    except OSError:
        return True  # no /proc (Windows, macOS): trust the pid


def _terminate_pid(pid: int, *, force: bool) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            subprocess.run(["taskkill", "/PID", str(pid), "/T", "/F"], capture_output=True, check=False)
        else:
            os.kill(pid, signal.SIGKILL if force else signal.SIGTERM)


def bolt_answers(port: int, host: str = "127.0.0.1", timeout: float = 2.0) -> bool:
    """A Bolt handshake (no login): proves a Bolt server, not just any socket, listens."""
    handshake = b"\x60\x60\xb0\x17" + b"\x00\x08\x08\x05" + b"\x00\x00\x04\x04" + b"\x00" * 8
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.sendall(handshake)
            reply = s.recv(4)
    except OSError:
        return False
    return len(reply) == 4 and reply != b"\x00\x00\x00\x00"


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _tail(path: Path, lines: int) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])
