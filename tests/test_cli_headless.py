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
