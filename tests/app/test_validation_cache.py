"""The library's per-file validation cache: the same results as validating again, never a stale or
corrupt entry trusted (real files, real cache folder)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from kgdesk.app.library_cache import ValidationCache
from kgdesk.templates.loader import default_template_set
from kgdesk.templates.records import ValidationRun
from kgdesk.templates.validator import Validator, validate_paths
from tests.graph.helpers import edit_rows


def _facts(run: ValidationRun) -> tuple[Any, ...]:
    """Everything a build takes from a run: the report, every row as read, and the merged records."""
    rows = [(f.file, f.sha256, f.columns, [(d.row, d.raw, d.values, d.skipped) for d in f.data_rows]) for f in run.files]
    records = [(r.template, r.label, r.key, r.properties, r.sources) for r in run.dataset.records]
    return run.to_json(), [i.to_reference_json() for i in run.references], rows, records


@pytest.fixture
def library(tmp_path: Path, test_data_dir: Path) -> Path:
    folder = tmp_path / "files"
    shutil.copytree(test_data_dir, folder, ignore=shutil.ignore_patterns("*.md"))
    return folder


def _run(folder: Path, cache: ValidationCache | None, **kw: Any) -> tuple[ValidationRun, int]:
    v = Validator(cache=cache, **kw)
    run = v.run([folder])
    return run, v.cache_hits


def test_cached_results_equal_validating_again(library: Path, tmp_path: Path) -> None:
    cache = ValidationCache(root=tmp_path / "cache")
    plain = validate_paths([library])
    first, hits = _run(library, cache)
    assert hits == 0 and _facts(first) == _facts(plain)
    second, hits = _run(library, cache)
    assert hits == len(plain.files) == 15
    assert _facts(second) == _facts(plain)  # cross-file warnings (duplicates, references) re-run, not doubled
    assert second.warning_count == plain.warning_count


def test_a_changed_file_is_validated_again(library: Path, tmp_path: Path) -> None:
    cache = ValidationCache(root=tmp_path / "cache")
    _run(library, cache)
    edit_rows(library / "设备信息.xlsx", drop_last=2)
    run, hits = _run(library, cache)
    assert hits == 14  # every file but the edited one
    assert _facts(run) == _facts(validate_paths([library]))
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 15  # the old result of 设备信息 is gone


def test_other_metadata_or_limits_never_reuse_an_entry(library: Path, tmp_path: Path) -> None:
    cache = ValidationCache(root=tmp_path / "cache")
    _run(library, cache)
    ts = default_template_set()
    spec = ts.template("设备信息")
    changed_field = dataclasses.replace(spec.fields[0], description=spec.fields[0].description + "（改）")
    other = dataclasses.replace(
        ts, templates=tuple(dataclasses.replace(t, fields=(changed_field, *t.fields[1:])) if t is spec else t
                            for t in ts.templates))
    _run_other, hits = _run(library, cache, template_set=other)
    assert hits == 0
    from kgdesk.config.settings import Limits

    _run_limits, hits = _run(library, cache, limits=Limits(max_rows_per_sheet=5000))
    assert hits == 0


@pytest.mark.parametrize("damage", ["flip", "truncate", "empty", "swap"])
def test_a_corrupt_entry_is_not_trusted(library: Path, tmp_path: Path, damage: str) -> None:
    root = tmp_path / "cache"
    cache = ValidationCache(root=root)
    plain = validate_paths([library])
    _run(library, cache)
    entries = sorted(root.glob("*.bin"))
    target = entries[0]
    blob = target.read_bytes()
    if damage == "flip":
        target.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0xFF]) + blob[-9:])
    elif damage == "truncate":
        target.write_bytes(blob[: len(blob) // 2])
    elif damage == "empty":
        target.write_bytes(b"")
    else:  # another file's intact entry under this key: checksum fine, but not what the key asks for
        target.write_bytes(entries[1].read_bytes())
    run, hits = _run(library, cache)
    assert hits == 14
    assert _facts(run) == _facts(plain)
    _again, hits = _run(library, cache)
    assert hits == 15  # validated again and kept afresh


def test_a_file_removed_from_the_library_takes_its_entry_along(library: Path, tmp_path: Path) -> None:
    from kgdesk.app.library import Library, add_files

    home = tmp_path / "home"
    lib = Library(home)
    add_files(lib, [library], user="张三")
    cache_dir = home / "library" / "validated"
    assert len(list(cache_dir.glob("*.bin"))) == 15  # adding validated each file alone and kept it
    removed, missing = lib.remove(["设备信息.xlsx"])
    assert removed == ["设备信息.xlsx"] and not missing
    assert len(list(cache_dir.glob("*.bin"))) == 14
    run, hits = _run(library, ValidationCache(home))
    assert hits == 14 and len(run.files) == 15


def test_validate_and_build_only_read_the_library_results_and_never_write_them(library: Path) -> None:
    """`kgdesk validate` and `kgdesk build --only` reuse the library's result of a file it holds (the
    same bytes and name), and leave the library's entries alone for a draft of the same name."""
    import pickle

    from kgdesk.app.building import build
    from kgdesk.app.validation import validate
    from kgdesk.templates.cachehook import file_sha256

    cache = ValidationCache()  # the library's own (KGDESK_HOME of this test)
    validate_paths([library], cache=cache)
    target = library / "设备信息.xlsx"
    [entry] = [p for p in cache.root.glob("*.bin") if p.stem.startswith(file_sha256(target))]
    data = cache.get(entry.stem)
    assert data is not None
    fmt, key, result, flat = pickle.loads(data)
    result.sheet = "库中的结果"  # marks the entry: only a run that read it shows this sheet name
    cache.put(key, target.name, pickle.dumps((fmt, key, result, flat)))

    def sheet(run: ValidationRun | None) -> str | None:
        assert run is not None
        return next(f.sheet for f in run.files if f.file == target.name)

    assert sheet(validate([library])) == "库中的结果"
    assert sheet(build([library], dry_run=True, only=True).run) == "库中的结果"
    entries = sorted(p.name for p in cache.root.iterdir())
    edit_rows(target, drop_last=1)  # a draft with the library file's name: validated, not cached
    assert sheet(validate([library])) != "库中的结果"
    assert sheet(build([library], dry_run=True, only=True).run) != "库中的结果"
    assert sorted(p.name for p in cache.root.iterdir()) == entries  # the library's entry is still there
