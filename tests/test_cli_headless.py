"""The command line is the core without Qt: it never loads PySide6, and it keeps cli.md's exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.xlsx import row_for, write_xlsx

REPO = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
from kgdesk.cli import main
code = main(sys.argv[1:])
qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'qasync'))
sys.stderr.write('QT_MODULES=' + json.dumps(qt) + '\\n')
sys.exit(code)
"""


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


def qt_modules(proc: subprocess.CompletedProcess[str]) -> list[str]:
    line = next(ln for ln in proc.stderr.splitlines() if ln.startswith("QT_MODULES="))
    mods: list[str] = json.loads(line.removeprefix("QT_MODULES="))
    return mods


def test_validate_json_without_qt(tmp_path: Path) -> None:
    from kgdesk.templates.loader import default_template_set

    header = list(default_template_set().template("项目信息").field_names)
    good = write_xlsx(tmp_path / "项目.xlsx", header, [row_for(header, 项目编号="XM1", 项目名称="甲", 项目负责人工号="K1")])
    proc = run_cli("validate", str(good), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["summary"] == {"accepted": 1, "rejected": 0, "warnings": 0}
    assert doc["files"][0]["template"] == "项目信息"
    assert qt_modules(proc) == []


def test_rejected_file_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "空.xlsx"
    bad.write_bytes(b"")
    proc = run_cli("validate", str(bad), "--json")
    assert proc.returncode == 1
    doc = json.loads(proc.stdout)
    assert doc["files"][0]["status"] == "rejected"
    assert doc["files"][0]["errors"][0]["code"] == "E_UNREADABLE"


def test_bad_usage_exits_2_with_one_line(tmp_path: Path) -> None:
    proc = run_cli("validate", str(tmp_path / "不存在.xlsx"))
    assert proc.returncode == 2
    lines = [ln for ln in proc.stderr.splitlines() if not ln.startswith("QT_MODULES=")]
    assert len(lines) == 1 and "不存在" in lines[0] and "Traceback" not in proc.stderr
    proc = run_cli("frobnicate")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_a_reader_that_stops_early_is_not_an_internal_error(tmp_path: Path) -> None:
    """`kgdesk … --json | head`: the reader closes the pipe before the document is written. The work
    is done; the user gets no "内部错误" and no traceback, only a non-zero exit (the output was cut)."""
    from kgdesk.templates.loader import default_template_set

    header = list(default_template_set().template("项目信息").field_names)
    good = write_xlsx(tmp_path / "项目.xlsx", header, [row_for(header, 项目编号="XM1", 项目名称="甲", 项目负责人工号="K1")])
    proc = subprocess.Popen(
        [sys.executable, "-c", PROBE, "validate", str(good), "--json"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # long before the interpreter has started and validated
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1, err
    assert "内部错误" not in err and "Traceback" not in err and "BrokenPipe" not in err, err


def _stderr_lines(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return [ln for ln in proc.stderr.splitlines() if not ln.startswith("QT_MODULES=")]


def test_help_and_usage_errors_are_chinese() -> None:
    for args in (["--help"], ["ask", "--help"], ["validate", "--help"], ["templates", "export", "--help"]):
        proc = run_cli(*args)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("用法：") and "选项" in proc.stdout, proc.stdout
        for english in ("usage:", "options:", "positional arguments", "show this help"):
            assert english not in proc.stdout, (args, english)
    ask_help = run_cli("ask", "--help").stdout
    for flag in ("--json", "--auto", "--no-llm", "--role ROLE", "--user NAME", "--thread ID", "--debug"):
        line = next(ln for ln in ask_help.splitlines() if ln.strip().startswith(flag))
        assert len(line.strip()) > len(flag) + 2, f"{flag} has no help text"
    for args, word in ((["local-neo4j", "restart"], "无效"), (["validate"], "缺少"), (["validate", "x", "--bogus"], "无法识别")):
        proc = run_cli(*args)
        lines = _stderr_lines(proc)
        assert proc.returncode == 2 and len(lines) == 1 and word in lines[0], (args, proc.stderr)


def test_unknown_role_is_bad_usage(tmp_path: Path) -> None:
    # an unknown role is a configuration mistake (exit 2, one line), not a denied question (exit 1)
    proc = run_cli("ask", "有多少个项目", "--json", "--no-llm", "--auto", "--role", "没有这个角色")
    lines = _stderr_lines(proc)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert len(lines) == 1 and "未知角色" in lines[0] and "Traceback" not in proc.stderr


def test_build_with_a_rejected_file_publishes_the_rest_and_exits_1(
    tmp_path: Path, neo4j_env: dict[str, str], graph: object
) -> None:
    from kgdesk.templates.loader import default_template_set

    header = list(default_template_set().template("项目信息").field_names)
    write_xlsx(tmp_path / "in" / "项目.xlsx", header, [row_for(header, 项目编号="XM1", 项目名称="甲", 项目负责人工号="K1")])
    (tmp_path / "in" / "坏文件.xlsx").write_bytes(b"not a workbook")
    proc = run_cli("build", str(tmp_path / "in"), "--json", env=neo4j_env)
    doc = json.loads(proc.stdout)
    assert doc["status"] == "published" and doc["nodes"] == {"项目": 1}, doc
    assert doc["rejected_files"] == ["坏文件.xlsx"]
    assert proc.returncode == 1, "cli.md: exit 1 when a file was rejected"
    (tmp_path / "in" / "坏文件.xlsx").unlink()
    clean = run_cli("build", str(tmp_path / "in"), "--json", env=neo4j_env)
    assert clean.returncode == 0 and json.loads(clean.stdout)["status"] == "published", clean.stderr


def test_malformed_graph_address_is_bad_configuration_for_ask_and_build(tmp_path: Path) -> None:
    env = {"KGDESK_NEO4J_URI": "http://127.0.0.1:7474", "KGDESK_NEO4J_PASSWORD": "irrelevant-123"}
    for args in (("ask", "有多少个项目", "--json", "--no-llm", "--auto"), ("build", str(REPO / "data" / "test_data"), "--json")):
        proc = run_cli(*args, env=env)
        lines = _stderr_lines(proc)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert len(lines) == 1 and "bolt://" in lines[0] and "Traceback" not in proc.stderr


# ---------------------------------------------------------------- the graph is down (issue 13.7)


def _dead_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _graph_env(uri: str) -> dict[str, str]:
    return {"KGDESK_NEO4J_URI": uri, "KGDESK_NEO4J_USER": "neo4j", "KGDESK_NEO4J_PASSWORD": "not-used-123"}


def test_ask_with_the_graph_down_says_so_in_chinese(tmp_path: Path) -> None:
    for scheme in ("bolt", "neo4j"):
        uri = f"{scheme}://127.0.0.1:{_dead_port()}"
        proc = run_cli("ask", "一共有多少个项目？", "--no-llm", "--auto", "--json", env=_graph_env(uri))
        assert proc.returncode == 1, proc.stderr
        doc = json.loads(proc.stdout)
        assert doc["status"] == "error"
        assert "无法连接图数据库" in doc["answer"] and uri in doc["answer"]
        assert "Unable to retrieve" not in proc.stdout + proc.stderr


def test_quality_says_when_it_shows_the_local_copy(tmp_path: Path) -> None:
    from kgdesk.graph.versions import VersionStore
    from kgdesk.quality.report import write_quality

    home = tmp_path / "home"
    store = VersionStore(home)
    store.create("20261201-000000-000000-aaaa")
    store.write_published("20261201-000000-000000-aaaa", "2026-12-01T00:00:00+00:00")
    write_quality(
        {"version": "20261201-000000-000000-aaaa", "has_issues": False, "summary": {}, "files": []},
        store.path("20261201-000000-000000-aaaa"),
    )
    env = {**_graph_env(f"bolt://127.0.0.1:{_dead_port()}"), "KGDESK_HOME": str(home)}
    text = run_cli("quality", env=env)
    assert text.returncode == 0, text.stderr
    assert "未能连接图数据库" in text.stdout and "本机保存的副本" in text.stdout
    proc = run_cli("quality", "--json", env=env)
    doc = json.loads(proc.stdout)
    assert doc["source"] == "local" and "本机保存的副本" in doc["notice"]
    assert "连接被拒绝" in doc["graph_error"]


def test_library_and_versions_commands(tmp_path: Path, neo4j_env: dict[str, str], graph: object) -> None:
    """library add/list/remove, build --dry-run, versions, diff and rollback, with cli.md's exit codes."""
    from kgdesk.templates.loader import default_template_set

    ts = default_template_set()
    env = {**neo4j_env, "KGDESK_HOME": str(tmp_path / "home"), "KGDESK_USER": "王五"}
    project = list(ts.template("项目信息").field_names)
    people = list(ts.template("人员信息").field_names)
    p1 = write_xlsx(tmp_path / "in" / "项目.xlsx", project, [row_for(project, 项目编号="XM1", 项目名称="甲", 项目负责人工号="K1")])
    p2 = write_xlsx(tmp_path / "in2" / "人员.xlsx", people, [row_for(people, 姓名="张三", 工号="K1", 岗位名称="保洁")])

    first = run_cli("build", str(p1), "--json", env=env)
    assert first.returncode == 0, first.stderr
    v1 = json.loads(first.stdout)["version"]
    added = run_cli("library", "add", str(p2), "--json", env=env)
    assert added.returncode == 0 and json.loads(added.stdout)["files"][0]["action"] == "added", added.stderr
    listed = json.loads(run_cli("library", "list", "--json", env=env).stdout)
    assert {f["file"]: f["in_published"] for f in listed["files"]} == {"项目.xlsx": True, "人员.xlsx": False}
    assert listed["changes"]["summary"]["added"] == 1 and listed["files"][0]["added_by"] == "王五"
    second = json.loads(run_cli("build", "--json", env=env).stdout)
    assert second["status"] == "published" and second["nodes"] == {"项目": 1, "人员": 1}, second
    v2 = second["version"]

    assert run_cli("library", "remove", "没有.xlsx", "--json", env=env).returncode == 1
    assert run_cli("library", "remove", "人员.xlsx", env=env).returncode == 0
    dry = run_cli("build", "--dry-run", "--json", env=env)
    doc = json.loads(dry.stdout)
    assert dry.returncode == 0 and "status" not in doc and doc["dry_run"] is True and doc["ok"] is True
    assert doc["library"]["changes"]["dropped_templates"] == ["人员信息"]

    versions = json.loads(run_cli("versions", "--json", env=env).stdout)
    assert versions["published_version"] == v2 and [v["version"] for v in versions["versions"]][:2] == [v2, v1]
    diff = json.loads(run_cli("versions", "diff", v1, v2, "--json", env=env).stdout)
    assert [f["change"] for f in diff["files"] if f["file"] == "人员.xlsx"] == ["added"]
    assert run_cli("versions", "diff", v1, "没有这个版本", env=env).returncode == 2
    back = run_cli("versions", "rollback", v1, "--json", env=env)
    doc = json.loads(back.stdout)
    assert back.returncode == 0 and doc["status"] == "published" and doc["rollback_of"] == v1, back.stderr
    assert doc["nodes"] == {"项目": 1}
    assert run_cli("versions", "rollback", "没有这个版本", "--json", env=env).returncode == 1
