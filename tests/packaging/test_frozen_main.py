"""The frozen entry point's preparations, run from source (the frozen run is `make package`)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from kgdesk import frozen_main
from kgdesk.paths import self_test_report


def test_windowed_self_test_writes_its_report_to_a_file(
    monkeypatch: pytest.MonkeyPatch, _fresh_home: Path
) -> None:
    """kgdesk.exe is windowed: no stdout. The self-test report must land somewhere a user can open."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    report = frozen_main._streams_for(["--self-test"])
    try:
        assert report is not None
        print("✓ 自检")
    finally:
        assert report is not None
        report.close()
    assert self_test_report(_fresh_home).read_text(encoding="utf-8") == "✓ 自检\n"


def test_windowed_commands_write_to_nowhere_without_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert frozen_main._streams_for(["validate", "x.xlsx"]) is None
    print("校验结果")  # would raise AttributeError on None
    sys.stderr.write("警告\n")


def test_bundled_embedding_model_is_used_only_with_sentence_transformers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "models" / "embedding").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    for var in ("QT_API", "KGDESK_EMBEDDING_MODEL"):  # set then deleted: both are unset again afterwards
        monkeypatch.setenv(var, "")
        monkeypatch.delenv(var)
    frozen_main._prepare_environment()

    assert os.environ["QT_API"] == "pyside6"
    has_st = importlib.util.find_spec("sentence_transformers") is not None
    assert ("KGDESK_EMBEDDING_MODEL" in os.environ) is has_st
