"""Personal data under KGDESK_HOME is private to the OS user (issue 13.10), and the CLI saves the
identity on first use like the desktop's first-run wizard."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from kgdesk.paths import PRIVATE_DIR_MODE, home_dir, private_files_supported

REPO = Path(__file__).resolve().parents[2]
TEST_DATA = REPO / "data" / "test_data"

pytestmark = pytest.mark.skipif(not private_files_supported(), reason="Windows: the user profile's ACL")


def _cli(*args: str, home: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "KGDESK_HOME": str(home), **(env or {})}
    full.pop("KGDESK_ROLE", None)
    full.pop("KGDESK_USER", None)
    return subprocess.run(
        [sys.executable, "-m", "kgdesk", *args], cwd=REPO, capture_output=True, text=True, env=full, timeout=600
    )


def _dead_uri() -> dict[str, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    return {"KGDESK_NEO4J_URI": f"bolt://127.0.0.1:{port}", "KGDESK_NEO4J_PASSWORD": "unused-password"}


def _loose(home: Path) -> list[str]:
    """Everything under home that group or others could read, write or enter."""
    bad = []
    for root, dirs, files in os.walk(home):
        for name in (*dirs, *files):
            p = Path(root) / name
            mode = stat.S_IMODE(p.lstat().st_mode)
            if stat.S_ISLNK(p.lstat().st_mode):
                continue
            if mode & 0o077 or (p.is_dir() and mode != PRIVATE_DIR_MODE):
                bad.append(f"{p.relative_to(home)} {oct(mode)}")
    return bad


def test_an_old_home_is_tightened_and_new_files_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "old-home"
    (home / "versions" / "v1").mkdir(parents=True)
    (home / "versions" / "v1" / "项目.xlsx").write_bytes(b"x")
    (home / "history.sqlite3").write_bytes(b"")
    for p in (home, home / "versions", home / "versions" / "v1"):
        p.chmod(0o755)
    for p in (home / "versions" / "v1" / "项目.xlsx", home / "history.sqlite3"):
        p.chmod(0o644)
    monkeypatch.setenv("KGDESK_HOME", str(home))
    assert home_dir() == home
    (home / "new.json").write_text("{}", encoding="utf-8")
    (home / "cache").mkdir()
    assert _loose(home) == []


@pytest.mark.neo4j
def test_build_and_ask_leave_only_private_files(tmp_path: Path, neo4j_env: dict[str, str]) -> None:
    home = tmp_path / "home"
    build = _cli("build", str(TEST_DATA), "--json", home=home, env=neo4j_env)
    assert json.loads(build.stdout)["status"] == "published", build.stderr
    ask = _cli("ask", "一共有多少个项目？", "--no-llm", "--auto", "--json", home=home, env=neo4j_env)
    assert json.loads(ask.stdout)["status"] == "answered", ask.stdout + ask.stderr
    names = {p.name for p in home.rglob("*")}
    assert {"history.sqlite3", "settings.json", "sources"} <= names
    assert any(p.suffix == ".xlsx" for p in home.rglob("versions/*/sources/*"))
    assert _loose(home) == []


def test_the_cli_saves_the_identity_on_first_use(tmp_path: Path) -> None:
    home = tmp_path / "fresh"
    first = _cli("ask", "一共有多少个项目？", "--no-llm", "--auto", "--json", "--role", "staff", home=home, env=_dead_uri())
    assert json.loads(first.stdout)["status"] == "error"  # the graph is down, but the identity is chosen
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved["role"] == "staff" and saved["first_run_done"] is True
    # accepted the first time; from now on --role only narrows
    wider = _cli("ask", "一共有多少个项目？", "--no-llm", "--auto", "--json", "--role", "admin", home=home, env=_dead_uri())
    assert wider.returncode == 1
    doc = json.loads(wider.stdout)
    assert doc["status"] == "denied" and "管理员" in doc["answer"]
    narrower = _cli("ask", "一共有多少个项目？", "--no-llm", "--auto", "--json", "--role", "guest", home=home, env=_dead_uri())
    assert json.loads(narrower.stdout)["status"] != "denied"
    assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["role"] == "staff"
