"""`kgdesk --self-test` from source: the same program the installer's "kgdesk 自检" runs frozen.

The full run starts a real local graph server (the jars are built first), builds data/test_data
and asks three questions offline; it must leave nothing behind: no server, no temp folder, the
user's KGDESK_HOME untouched, and no Qt loaded (the self-test is headless).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kgdesk.app import selftest
from tests.neo4j_fixtures import build_jars

REPO = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from kgdesk.cli import main
code = main(["--self-test"])
qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'qasync'))
sys.stderr.write('QT_MODULES=' + json.dumps(qt) + '\\n')
sys.exit(code)
"""

STEPS = [
    "加载模板与配置",
    "启动本地图数据库",
    "校验测试数据",
    "构建并发布",
    selftest.SEGMENTER_STEP,
    *[f"问答：{q.text}" for q in selftest.QUESTIONS],
    "清理",
]


def _leftovers() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("kgdesk-selftest-*")}


@pytest.mark.neo4j
@pytest.mark.timeout(1500)
def test_self_test_passes_from_source(_fresh_home: Path) -> None:
    build_jars()
    before = _leftovers()
    proc = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=1400,
    )
    report = proc.stdout
    assert proc.returncode == 0, (
        f"self-test failed (exit {proc.returncode}):\n{report}\n{proc.stderr[-3000:]}"
    )
    lines = report.splitlines()
    assert lines[0].startswith("kgdesk 自检"), report
    for step in STEPS:
        line = next((ln for ln in lines if step in ln), None)
        assert line is not None and line.lstrip().startswith("✓"), f"step {step}:\n{report}"
        assert "秒" in line, f"no timing for {step}: {line}"
    assert "✗" not in report
    assert "全部通过（9/9 项）" in report
    assert "条引用" in report, "answers must cite their sources"
    # headless, and nothing left behind
    qt_line = next(ln for ln in proc.stderr.splitlines() if ln.startswith("QT_MODULES="))
    assert json.loads(qt_line.removeprefix("QT_MODULES=")) == []
    assert _leftovers() <= before, "the self-test left its temporary folder behind"
    assert not any(_fresh_home.iterdir()), "the self-test wrote into the user's KGDESK_HOME"


def test_self_test_fails_loudly_and_still_cleans_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _fresh_home: Path
) -> None:
    """Broken data (no template metadata): ✗ for that step, the rest not run, exit 1, temp removed."""
    (tmp_path / "templates").mkdir()
    monkeypatch.setenv("KGDESK_DATA_DIR", str(tmp_path))
    before = _leftovers()
    out = io.StringIO()
    code = selftest.run_self_test(out)
    report = out.getvalue()
    assert code == 1, report
    assert "✗ 加载模板与配置" in report
    assert "－ 启动本地图数据库" in report and "前面的步骤失败，未执行" in report
    assert "✓ 清理" in report
    assert "未通过（1/9 项通过）" in report
    assert os.environ["KGDESK_HOME"] == str(_fresh_home), "KGDESK_HOME must be restored"
    assert _leftovers() <= before


@pytest.mark.parametrize(
    ("value", "expected", "ok"),
    [
        (12, 12, True),
        (11, 12, False),
        (True, True, True),
        (1, True, False),
        (
            [
                "保安员（三级）（KWL2307024|保安员（三级））",
                "消防设施操作员（初级）（K|消防设施操作员（初级））",
            ],
            ("保安员（三级）", "消防设施操作员（初级）"),
            True,
        ),
        (
            ["保安员（三级）（KWL2307024|保安员（三级））"],
            ("保安员（三级）", "消防设施操作员（初级）"),
            False,
        ),
        ([], ("保安员（三级）",), False),
    ],
)
def test_answer_comparison(value: object, expected: object, ok: bool) -> None:
    assert selftest._value_matches(value, expected) is ok
