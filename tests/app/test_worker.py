"""The background worker process: jobs, errors, cancellation, and no orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgdesk.app.worker import ProcessWorker
from kgdesk.errors import KgdeskError

PARENT = """
import sys, time
from kgdesk.app.worker import ProcessWorker
w = ProcessWorker("kgdesk-orphan-test")
w.start()
w.run("collect", [])  # the child is up and answering
print(w._proc.pid, flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purpose (its parent died and nobody reaped it yet)
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ", 1)[1].startswith("Z"))


def test_job_result_and_error_come_back(tmp_path: Path) -> None:
    (tmp_path / "a.xlsx").write_bytes(b"")
    w = ProcessWorker("kgdesk-test")
    try:
        found = w.run("collect", [str(tmp_path)])
        assert [Path(p).name for p in found] == ["a.xlsx"]
        with pytest.raises(KgdeskError):
            w.run("read_row", str(tmp_path / "missing.xlsx"), 2, None)
    finally:
        w.stop()


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 and /proc are POSIX; Windows uses the same sentinel wait")
def test_worker_ends_when_the_window_process_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert _alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 15
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(child), "the worker outlived the killed window process"
    finally:
        if parent.poll() is None:
            parent.kill()


def test_a_driver_error_in_a_job_comes_back_in_the_one_chinese_wording() -> None:
    """A driver error raised inside a worker job is translated like everywhere else (graph.connection),
    not reported as an internal error with the driver's class name."""
    from neo4j.exceptions import ServiceUnavailable

    from kgdesk.app.worker import _describe, _rebuild

    err = _rebuild(_describe(ServiceUnavailable("Couldn't connect to 127.0.0.1:1")))
    assert err.code != "E_INTERNAL" and "无法连接图数据库" in err.message
    assert "ServiceUnavailable" not in err.message and "后台处理出错" not in err.message
    assert _rebuild(_describe(ValueError("x"))).code == "E_INTERNAL"  # other errors stay internal


def test_the_question_worker_warm_up_loads_the_segmenter_dictionary(tmp_path: Path) -> None:
    """The first question with leftover words must not wait about a second for jieba's dictionary."""
    code = (
        "import kgdesk.qa.understand.segmenter as s\n"
        "from kgdesk.app.worker import _job_warm_qa\n"
        "assert s._base is None\n"
        "_job_warm_qa()\n"
        "assert s._base is not None\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", timeout=180, check=False,
        env={**os.environ, "KGDESK_HOME": str(tmp_path / "home"), "PYTHONIOENCODING": "utf-8"},
    )
    assert proc.returncode == 0, proc.stderr
    assert list((tmp_path / "home" / "cache" / "jieba").glob("jieba*.cache"))
