"""The local server's JIT and memory by library size: the choice and the command line it gives
(no server is started; timing is bench/build.py's and bench/build_cold.py's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.app.library import Library, LibraryFile, LibraryState
from kgdesk.graph import server_profile as sp
from kgdesk.graph.local_server import LocalGraphServer
from kgdesk.paths import library_dir

GIB = 2**30


def _library(home: Path, rows: list[int]) -> Path:
    """A library.json written by the app's own Library class (so a change of its format shows here)."""
    lib = Library(home)
    files = [
        LibraryFile(file=f"f{i}.xlsx", sha256="0" * 64, size=1, template="项目信息", sheet="数据", rows=n + 1,
                    imported_rows=n, skipped_rows=1, warnings=0, months=[], key_ranges=[], added_at="", added_by="")
        for i, n in enumerate(rows)
    ]
    lib.save(LibraryState(files=files))
    return lib.root


def _command(server: LocalGraphServer) -> list[str]:
    return server.command(Path("java"), "cp", detached=False)


def _memory(p: sp.ServerProfile) -> tuple[str, str]:
    return (p.heap, p.page_cache)


def test_choice_by_rows_and_memory() -> None:
    assert sp.choose_profile(None, 16 * GIB) == sp.ServerProfile("c1", "1g", "256m", None)
    assert sp.choose_profile(6_292, 16 * GIB).jit == "c1"  # ×1
    assert sp.choose_profile(62_957, 16 * GIB).jit == "c1"  # ×10
    assert sp.choose_profile(sp.LARGE_LIBRARY_ROWS - 1, 64 * GIB).jit == "c1"
    big = sp.choose_profile(sp.LARGE_LIBRARY_ROWS, 16 * GIB)
    assert (big.jit, big.heap, big.page_cache) == ("c2", "3g", "2g")
    assert _memory(sp.choose_profile(629_289, int(7.8 * GIB))) == ("2g", "1g")  # an "8 GB" machine
    assert _memory(sp.choose_profile(629_289, 4 * GIB)) == ("1g", "256m")  # no memory to spare: C2 only
    assert _memory(sp.choose_profile(629_289, None)) == ("1g", "256m")
    assert sp.choose_profile(0, 16 * GIB).jit_flags == ("-XX:TieredStopAtLevel=1",)
    assert big.jit_flags == ()


def test_rows_come_from_the_library_manifest(tmp_path: Path) -> None:
    assert sp.library_rows(tmp_path / "nowhere") is None
    root = _library(tmp_path / "home", [40_000, 50_000, 45_000])
    assert sp.library_rows(root) == 135_000
    (root / sp.MANIFEST).write_text("{not json", encoding="utf-8")
    assert sp.library_rows(root) is None  # a torn manifest: the small library's profile


def test_command_line_for_a_small_and_a_large_library(tmp_path: Path) -> None:
    small = LocalGraphServer(tmp_path / "srv", library_root=_library(tmp_path / "a", [6_292]))
    cmd = _command(small)
    assert "-XX:TieredStopAtLevel=1" in cmd and "-Xmx1g" in cmd
    assert cmd[cmd.index("--pagecache") + 1] == "256m"

    large = LocalGraphServer(tmp_path / "srv", library_root=_library(tmp_path / "b", [629_289]))
    cmd = _command(large)
    assert not any(a.startswith("-XX:TieredStopAtLevel") for a in cmd)
    heap, cache = sp.large_memory(sp.total_memory())
    assert f"-Xmx{heap}" in cmd and cmd[cmd.index("--pagecache") + 1] == cache

    # what a caller fixes (tests, benchmarks) wins; an extra JVM argument comes after the choice
    fixed = LocalGraphServer(tmp_path / "srv", library_root=_library(tmp_path / "c", [629_289]), jit="c1",
                             heap="768m", extra_jvm_args=["-XX:TieredStopAtLevel=4"])
    cmd = _command(fixed)
    assert "-Xmx768m" in cmd
    assert cmd.index("-XX:TieredStopAtLevel=1") < cmd.index("-XX:TieredStopAtLevel=4")


def test_the_default_library_is_kgdesk_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KGDESK_HOME", str(tmp_path / "home"))
    assert "-XX:TieredStopAtLevel=1" in _command(LocalGraphServer(tmp_path / "srv"))  # empty library
    _library(tmp_path / "home", [200_000])
    assert library_dir() == tmp_path / "home" / "library"
    assert "-XX:TieredStopAtLevel=1" not in _command(LocalGraphServer(tmp_path / "srv"))
