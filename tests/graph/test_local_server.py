"""The local graph server against real JVMs: start, stop, errors, state file, parent death, restart."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgdesk.graph import local_cli, local_process
from kgdesk.graph import local_server as ls
from kgdesk.graph.connection import GraphAuthError, GraphConnection
from kgdesk.graph.local_server import LocalGraphServer, LocalServerError
from kgdesk.paths import project_root
from tests.neo4j_fixtures import build_jars, make_test_server, random_password

pytestmark = pytest.mark.neo4j


@pytest.fixture(scope="module", autouse=True)
def _jars() -> None:
    build_jars()


@pytest.fixture
def held_port() -> Iterator[int]:
    """A port on 127.0.0.1 that something else is listening on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def _wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while ls._pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def test_session_server_is_up_with_a_state_file(neo4j_server: LocalGraphServer) -> None:
    status = neo4j_server.status()
    assert status.running and status.answering
    assert status.port == neo4j_server.port and status.port > 0
    state = json.loads((neo4j_server.home / ls.STATE_FILE).read_text(encoding="utf-8"))
    assert state["port"] == neo4j_server.port and state["pid"] == status.pid
    assert ls.bolt_answers(neo4j_server.port)
    # Another object (another CLI invocation) sees the same server through the state file.
    assert LocalGraphServer(neo4j_server.home).status().port == neo4j_server.port
    # (test_data_folder_in_use may have rotated the console log to *.1)
    logs = [p.read_text(encoding="utf-8") for p in (neo4j_server.home / "logs").glob(ls.CONSOLE_LOG + "*")]
    assert any(f"KGDESK_READY bolt_port={neo4j_server.port}" in text for text in logs)
    assert (neo4j_server.home / "logs" / "debug.log").is_file()


def test_the_warm_up_runs_after_ready_and_commits_nothing(neo4j_server: LocalGraphServer) -> None:
    """The server warms its JVM up in the background (WarmUp.java) in rolled-back transactions."""
    deadline = time.monotonic() + 300
    done: list[str] = []
    while not done and time.monotonic() < deadline:
        logs = [p.read_text(encoding="utf-8") for p in (neo4j_server.home / "logs").glob(ls.CONSOLE_LOG + "*")]
        done = [line for text in logs for line in text.splitlines() if line.startswith("KGDESK_WARM_UP")]
        time.sleep(0.5)
    assert done and done[0].startswith("KGDESK_WARM_UP ms="), done
    with GraphConnection(neo4j_server.uri, neo4j_server.user, neo4j_server.password) as conn:
        assert conn.read("MATCH (n:_KgdeskWarmUp) RETURN count(n) AS n")[0]["n"] == 0
        assert conn.read("MATCH ()-[r:_KGDESK_WARM_UP]->() RETURN count(r) AS n")[0]["n"] == 0
        labels = {r["label"] for r in conn.read("CALL db.labels() YIELD label RETURN label")}
        assert "_KgdeskWarmUp" not in labels


def test_the_warm_up_can_be_switched_off(tmp_path: Path) -> None:
    server = make_test_server(tmp_path / "srv")
    command = server.command(Path("java"), "cp", detached=False)
    assert "--no-warm-up" not in command
    server.warm_up = False
    assert "--no-warm-up" in server.command(Path("java"), "cp", detached=False)


def test_only_loopback_and_no_http(neo4j_server: LocalGraphServer) -> None:
    with GraphConnection(neo4j_server.uri, "neo4j", neo4j_server.password) as conn:
        info = conn.verify()
        rows = conn.read(
            "SHOW SETTINGS YIELD name, value WHERE name IN $names RETURN name, value",
            {
                "names": [
                    "server.bolt.listen_address",
                    "server.http.enabled",
                    "dbms.security.auth_enabled",
                    "db.transaction.timeout",
                    "server.memory.pagecache.size",
                ]
            },
        )
    settings = {r["name"]: r["value"] for r in rows}
    assert info.version.startswith("5.26.") and info.edition == "community"
    assert settings["server.bolt.listen_address"].startswith("127.0.0.1:")
    assert settings["server.http.enabled"] == "false"
    assert settings["dbms.security.auth_enabled"] == "true"
    assert settings["db.transaction.timeout"] == "1m"
    assert settings["server.memory.pagecache.size"] == "128.00MiB"


def test_port_taken_is_refused_before_starting(tmp_path: Path, held_port: int) -> None:
    server = make_test_server(tmp_path / "srv", port=held_port)
    with pytest.raises(LocalServerError) as err:
        server.start()
    assert err.value.code == "E_PORT_IN_USE"
    assert str(held_port) in err.value.message and "端口" in err.value.message
    assert not server.status().running


def test_port_taken_is_reported_by_the_server(
    tmp_path: Path, held_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Skip our own pre-check, as if the port was taken between the check and the bind.
    monkeypatch.setattr(ls, "port_free", lambda port, host="127.0.0.1": True)
    server = make_test_server(tmp_path / "srv", port=held_port)
    with pytest.raises(LocalServerError) as err:
        server.start()
    assert err.value.code == "E_PORT_IN_USE"
    assert str(held_port) in err.value.message
    assert "KGDESK_ERROR kind=port_in_use" in server.console_log.read_text(encoding="utf-8")
    assert not (server.data_dir / "databases").exists()  # refused before opening any database
    assert not (server.home / ls.STATE_FILE).exists()


def test_data_folder_in_use(neo4j_server: LocalGraphServer) -> None:
    # Known to kgdesk (state file): refused at once.
    second = make_test_server(neo4j_server.home)
    with pytest.raises(LocalServerError) as err:
        second.start()
    assert err.value.code == "E_DATA_LOCKED"
    assert str(neo4j_server.port) in err.value.message

    # Held by a process kgdesk does not know about: Neo4j's store lock says so.
    state = neo4j_server.home / ls.STATE_FILE
    hidden = state.with_name("state-hidden.json")
    state.replace(hidden)
    try:
        with pytest.raises(LocalServerError) as err:
            second.start()
    finally:
        hidden.replace(state)
    assert err.value.code == "E_DATA_LOCKED"
    assert "占用" in err.value.message
    assert neo4j_server.status().answering  # the first server is unharmed


def test_no_java_and_missing_jars(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.delenv(ls.JAVA_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(LocalServerError) as err:
        ls.find_java()
    assert err.value.code == "E_NO_JAVA" and "Java" in err.value.message

    old_java = tmp_path / "old" / "java"
    old_java.parent.mkdir()
    old_java.write_text("#!/bin/sh\necho 'java version \"1.8.0_401\"' >&2\n")
    old_java.chmod(0o755)
    monkeypatch.setenv(ls.JAVA_ENV, str(old_java))
    with pytest.raises(LocalServerError) as err:
        ls.find_java()
    assert err.value.code == "E_NO_JAVA" and "版本过低" in err.value.message

    monkeypatch.setattr(local_process, "jar_dir", lambda: tmp_path / "nothing-built")
    with pytest.raises(LocalServerError) as err:
        ls.find_classpath()
    assert err.value.code == "E_JARS_MISSING" and "make setup" in err.value.message


def test_startup_timeout_kills_the_process_and_shows_the_log(tmp_path: Path) -> None:
    server = make_test_server(tmp_path / "srv", startup_timeout_s=1.0)
    with pytest.raises(LocalServerError) as err:
        server.start()
    assert err.value.code == "E_START_TIMEOUT"
    assert str(server.console_log) in err.value.message
    assert not server.status().running
    assert not (server.home / ls.STATE_FILE).exists()
    assert not _java_running_on(server.home)


def _java_running_on(home: Path) -> bool:
    """Any live process whose command line names this server folder (Linux /proc)."""
    needle = str(home).encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if needle in (entry / "cmdline").read_bytes() and ls._pid_alive(int(entry.name)):
                    return True
            except OSError:
                continue
    return False


@pytest.mark.timeout(900)  # two full starts; slow when the machine is busy
def test_cli_start_status_stop_then_restart_with_another_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _fresh_home: Path
) -> None:
    first_password = random_password()
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", first_password)
    monkeypatch.delenv("KGDESK_NEO4J_URI", raising=False)
    home = ls.default_home()
    assert home.parent == _fresh_home
    try:
        assert local_cli.cli_command("start") == 0
        assert "已启动" in capsys.readouterr().out

        # A later invocation finds it through the state file.
        status = ls.server_status()
        assert status.running and status.answering and status.detached
        assert local_cli.cli_command("start") == 0
        assert "已在运行" in capsys.readouterr().out
        assert local_cli.cli_command("status") == 0
        assert f"127.0.0.1:{status.port}" in capsys.readouterr().out

        # No URI configured: the connection goes to the local server.
        with GraphConnection.from_settings() as conn:
            assert conn.uri == f"bolt://127.0.0.1:{status.port}"
            conn.write("CREATE (:测试 {名称: $n})", {"n": "持久化"})

        assert local_cli.cli_command("stop") == 0
        assert "已停止" in capsys.readouterr().out
        assert status.pid is not None and _wait_gone(status.pid, 30)
        assert not (home / ls.STATE_FILE).exists()
        assert not ls.server_status().running
        assert local_cli.cli_command("stop") == 0
        assert "没有在运行" in capsys.readouterr().out
    finally:
        ls.stop_background()

    # Restart on the existing data folder with a new password: the data is still there,
    # the new password works and the old one no longer does. SIGTERM then shuts it down cleanly.
    second_password = random_password()
    with make_test_server(home, password=second_password) as server:
        with GraphConnection(server.uri, "neo4j", second_password) as conn:
            assert conn.read("MATCH (n:测试) RETURN n.名称 AS n") == [{"n": "持久化"}]
        with GraphConnection(server.uri, "neo4j", first_password) as conn, pytest.raises(GraphAuthError):
            conn.verify()
        pid = server.pid
        assert pid is not None
        os.kill(pid, signal.SIGTERM)
        assert _wait_gone(pid, 60)
    debug = (home / "logs" / "debug.log").read_text(encoding="utf-8")
    assert debug.count("Shutdown started") == 2  # the detached run and this one
    assert not (home / ls.STATE_FILE).exists()


_PARENT_SCRIPT = """
import sys, time
sys.path.insert(0, sys.argv[3])
from tests.neo4j_fixtures import make_test_server
server = make_test_server(__import__("pathlib").Path(sys.argv[1]), password=sys.argv[2])
server.start()
print(server.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.timeout(600)
def test_server_exits_when_its_parent_dies(tmp_path: Path) -> None:
    home = tmp_path / "orphan"
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT_SCRIPT, str(home), random_password(), str(project_root())],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    try:
        line = parent.stdout.readline() if parent.stdout else ""
        assert line.strip().isdigit(), f"parent did not start the server: {line!r}"
        java_pid = int(line)
        assert ls._pid_alive(java_pid)
        parent.kill()  # no clean-up code runs in the parent
        parent.wait(timeout=30)
        assert _wait_gone(java_pid, 60), "the server outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if parent.stdout:
            parent.stdout.close()
    assert "KGDESK_STOPPED" in (home / "logs" / ls.CONSOLE_LOG).read_text(encoding="utf-8")
    # The state file it left is recognised as stale.
    assert not LocalGraphServer(home).status().running
    assert not (home / ls.STATE_FILE).exists()


# ---------------------------------------------------------------- a full disk (issue 13.5)

DATA = project_root() / "data" / "test_data"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 1 GiB tmpfs (the server preallocates 512 MiB of transaction log), unmounted after."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1g", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def _fill(folder: Path, leave: int = 0) -> Path:
    """Write a filler file until only `leave` bytes are free."""
    import shutil

    filler = folder / f"filler-{len(list(folder.glob('filler-*')))}"
    with open(filler, "wb") as fh:
        try:
            while shutil.disk_usage(folder).free > leave + (1 << 20):
                fh.write(b"\0" * (1 << 20))
                fh.flush()
            fh.write(b"\0" * max(0, shutil.disk_usage(folder).free - leave))
            fh.flush()
        except OSError:
            pass
    return filler


@pytest.mark.timeout(900)
def test_a_full_disk_is_refused_reported_and_survived(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kgdesk.app.building import build_and_publish
    from kgdesk.graph.builder import BuildHooks
    from tests.graph.helpers import published

    home = small_disk / "home"
    home.mkdir()
    monkeypatch.setenv("KGDESK_HOME", str(home))
    server = make_test_server(home / "neo4j")
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", server.password)  # how a CLI run finds the local password
    files = sorted(DATA.glob("*.xlsx"))
    server.start()
    try:
        conn = GraphConnection(server.uri, server.user, server.password, "neo4j")
        first = build_and_publish(files, conn, home=home)
        assert first.status == "published", first.error

        # 1. not enough room for the planned build: refused before anything is written
        filler = _fill(small_disk, leave=100 << 20)
        refused = build_and_publish(files, conn, home=home)
        assert refused.status == "failed" and refused.error_code == "E_DISK_FULL"
        assert "磁盘空间不足" in (refused.error or "") and "未开始构建" in (refused.error or "")
        assert published(conn) == first.version
        filler.unlink()

        # 2. the disk fills up during the build: the failure says so, the old version still answers
        during = build_and_publish(
            files, conn, home=home, hooks=BuildHooks(between_stages=lambda _v: _fill(small_disk))
        )
        assert during.status == "failed"
        assert "磁盘已满" in (during.error or ""), during.error
        assert published(conn) == first.version
        conn.close()

        # 3. status tells the truth (exit 1), stop is bounded and works, start refuses with the reason
        status = server.status(check_health=True)
        assert status.running and status.problem and "磁盘已满" in status.problem
        assert local_cli.cli_command("status", server.home) == 1
        assert "不能正常工作" in capsys.readouterr().out and "磁盘已满" in status.problem
        with pytest.raises(LocalServerError) as err:
            local_cli.cli_command("start", server.home)
        assert err.value.code == "E_UNHEALTHY"
        pid = server.pid
        assert server.stop() is True and pid is not None and _wait_gone(pid, 30)
        with pytest.raises(LocalServerError) as err:
            server.start()
        assert err.value.code == "E_DISK_FULL" and "磁盘已满" in err.value.message
        assert not server.status().running
    finally:
        server.stop()
    # room again: the server starts and still publishes the first version (nothing lost)
    for f in small_disk.glob("filler-*"):
        f.unlink()
    server.start()
    try:
        with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
            assert published(conn) == first.version
            assert server.status(check_health=True).problem is None
    finally:
        server.stop()


@pytest.mark.timeout(600)
def test_a_failed_build_checks_whether_the_graph_still_answers(tmp_path: Path) -> None:
    """The build fails for its own reason and the database is gone by then: the health read after
    the failure says so, instead of only "之前发布的版本仍在使用"."""
    from kgdesk.app.building import build_and_publish
    from kgdesk.graph.builder import BuildHooks

    server = make_test_server(tmp_path / "srv")
    server.start()

    def fail_and_stop(_version: str) -> None:
        server.stop()
        raise RuntimeError("a bug in the middle of a build")

    try:
        with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
            report = build_and_publish(
                sorted(DATA.glob("*.xlsx")), conn, home=tmp_path / "home", hooks=BuildHooks(between_stages=fail_and_stop)
            )
        assert report.status == "failed"
        assert "图数据库现在无法回答问题" in (report.error or ""), report.error
        assert "已停止或无法连接" in (report.error or "") and "仍在使用" not in (report.error or "")
    finally:
        server.stop()


def test_the_space_check_with_an_injected_need(tmp_path: Path) -> None:
    from kgdesk.graph.diskspace import DiskSpaceError, SpaceNeed, build_needs, check_space, free_bytes

    free = free_bytes(tmp_path)
    assert free is not None
    check_space([SpaceNeed(tmp_path, "测试目录", free // 2)])
    with pytest.raises(DiskSpaceError) as err:
        check_space([SpaceNeed(tmp_path, "测试目录", free + (1 << 30))])
    assert "磁盘空间不足" in err.value.message and str(tmp_path) in err.value.message
    # one disk: the needs of KGDESK_HOME and of the server's data add up
    needs = build_needs(1000, [], home=tmp_path, server_data=tmp_path / "neo4j" / "data", bytes_per_row=10)
    assert len(needs) == 1 and needs[0].bytes > 10_000 + 300 * (1 << 20)
