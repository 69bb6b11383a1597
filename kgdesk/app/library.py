"""The ledger library: every accepted file the published graph is built from, kept under KGDESK_HOME.

Monthly work adds one file at a time; the graph is always rebuilt from the whole library, so adding
this month's attendance never drops last month's projects. Layout (docs/library.md):

    KGDESK_HOME/library/library.json     the manifest: files, who added them, the synced version
    KGDESK_HOME/library/files/<name>     a copy of each accepted file, as it was validated
    KGDESK_HOME/library/keys/<name>.json its node keys per label (to say which files overlap)

A file is known by its name: adding a file whose name is in the library replaces it; a rejected
file changes nothing. Qt-free and graph-free: the shared-server part is `kgdesk.app.library_sync`.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kgdesk.config.settings import Limits
from kgdesk.graph.versions import iso_now, sha256_file, write_json_atomic
from kgdesk.paths import home_dir, library_dir
from kgdesk.progress import CancelToken, ProgressCallback
from kgdesk.templates.model import FieldType
from kgdesk.templates.records import FileResult, Issue, ValidationRun

MANIFEST = "library.json"
FILES_DIR = "files"
KEYS_DIR = "keys"
FORMAT = 1


def name_key(name: str) -> str:
    """File names compare as Windows does: case-insensitive."""
    return name.casefold()


@dataclass(frozen=True)
class KeyRange:
    label: str
    first: str
    last: str
    count: int


@dataclass(frozen=True)
class FileFacts:
    """What one validated file covers: months and node keys per label."""

    months: list[str]
    keys: dict[str, set[str]]

    def key_ranges(self) -> list[KeyRange]:
        return [KeyRange(label, min(ks), max(ks), len(ks)) for label, ks in sorted(self.keys.items()) if ks]


@dataclass
class LibraryFile:
    """One ledger of the library (library.json `files[]`, `kgdesk library list --json`)."""

    file: str
    sha256: str
    size: int
    template: str | None
    sheet: str | None
    rows: int
    imported_rows: int
    skipped_rows: int
    warnings: int
    months: list[str]
    key_ranges: list[KeyRange]
    added_at: str
    added_by: str
    origin: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> LibraryFile:
        def num(k: str) -> int:
            return int(doc.get(k) or 0)

        def text(k: str) -> str:
            return str(doc.get(k) or "")

        return cls(
            file=text("file"), sha256=text("sha256"), size=num("size"), template=doc.get("template"),
            sheet=doc.get("sheet"), rows=num("rows"), imported_rows=num("imported_rows"),
            skipped_rows=num("skipped_rows"), warnings=num("warnings"), months=list(doc.get("months") or []),
            key_ranges=[KeyRange(**r) for r in doc.get("key_ranges") or []], added_at=text("added_at"),
            added_by=text("added_by"), origin=text("origin"),
        )


@dataclass
class LibraryState:
    """library.json: the files, and the published version the library last agreed with.

    `base_files` (name → sha256) is that version's file list: a file missing here but present
    in it was removed on purpose; one present in a newer published version was added by someone else.
    """

    files: list[LibraryFile] = field(default_factory=list)
    base_version: str | None = None
    base_files: dict[str, str] = field(default_factory=dict)
    updated_at: str = ""

    def find(self, name: str) -> LibraryFile | None:
        k = name_key(name)
        return next((f for f in self.files if name_key(f.file) == k), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "updated_at": self.updated_at,
            "base_version": self.base_version,
            "base_files": dict(self.base_files),
            "files": [f.to_json() for f in self.files],
        }


@dataclass(frozen=True)
class Overlap:
    """Keys a new file shares with a file already in the library (merged by the usual rules)."""

    file: str
    label: str
    count: int

    def message(self, new_file: str) -> str:
        return (
            f"「{new_file}」与「{self.file}」有 {self.count} 个相同的{self.label}主键，"
            f"构建时按合并规则合并（同一主键的行合并为一个节点，取值不一致记为 W_CONFLICT）"
        )


@dataclass
class AddOutcome:
    """What adding one file did: added, replaced, unchanged (same content) or rejected."""

    file: str
    action: str  # added | replaced | unchanged | rejected
    template: str | None
    rows: int
    errors: list[Issue] = field(default_factory=list)
    warnings: int = 0
    overlaps: list[Overlap] = field(default_factory=list)
    replaced_added_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "action": self.action,
            "template": self.template,
            "rows": self.rows,
            "warnings": self.warnings,
            "errors": [i.to_json() for i in self.errors],
            "overlaps": [{**asdict(o), "message": o.message(self.file)} for o in self.overlaps],
            "replaced_added_by": self.replaced_added_by,
        }


@dataclass
class AddResult:
    outcomes: list[AddOutcome]
    run: ValidationRun | None = None

    @property
    def rejected(self) -> list[AddOutcome]:
        return [o for o in self.outcomes if o.action == "rejected"]

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [o.to_json() for o in self.outcomes],
            "summary": {a: sum(1 for o in self.outcomes if o.action == a)
                        for a in ("added", "replaced", "unchanged", "rejected")},
        }


# ------------------------------------------------------------------ facts of a validation run


def describe_run(run: ValidationRun) -> dict[str, FileFacts]:
    """Months (from the template's 年月 fields) and node keys of every accepted file of a run."""
    from kgdesk.templates.loader import default_template_set

    ts = default_template_set()
    keys: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for rec in run.dataset.records:
        if rec.label is None or not rec.key:
            continue
        for src in rec.sources:
            keys[src.file][rec.label].add(rec.key_text)
    out: dict[str, FileFacts] = {}
    for f in run.accepted_files:
        months: set[str] = set()
        if f.template:
            spec = ts.template(f.template)
            mfields = [fl.name for fl in spec.fields if fl.type is FieldType.MONTH]
            for d in f.data_rows:
                if d.skipped:
                    continue
                for m in mfields:
                    v = d.values.get(m)
                    for x in v if isinstance(v, list) else [v]:
                        if isinstance(x, str) and len(x) == 7 and x[4] == "-":
                            months.add(x)
        out[f.file] = FileFacts(sorted(months), {k: set(v) for k, v in keys.get(f.file, {}).items()})
    return out


# ------------------------------------------------------------------ the store


class Library:
    """KGDESK_HOME/library: load, save, add, remove. Writes are atomic (tmp + replace)."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home or home_dir()
        self.root = library_dir(self.home)

    @property
    def manifest_path(self) -> Path:
        return self.root / MANIFEST

    def file_path(self, name: str) -> Path:
        return self.root / FILES_DIR / name

    def _keys_path(self, name: str) -> Path:
        return self.root / KEYS_DIR / f"{name}.json"

    def load(self) -> LibraryState:
        if not self.manifest_path.exists():
            return LibraryState()
        doc = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        return LibraryState(
            files=[LibraryFile.from_json(f) for f in doc.get("files") or []],
            base_version=doc.get("base_version"),
            base_files=dict(doc.get("base_files") or {}),
            updated_at=str(doc.get("updated_at") or ""),
        )

    def save(self, state: LibraryState) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        state.updated_at = iso_now()
        write_json_atomic(self.manifest_path, state.to_json())

    def paths(self, state: LibraryState | None = None) -> list[Path]:
        st = state or self.load()
        return [self.file_path(f.file) for f in st.files]

    def keys(self, name: str) -> dict[str, set[str]]:
        p = self._keys_path(name)
        if not p.exists():
            return {}
        doc = json.loads(p.read_text(encoding="utf-8"))
        return {label: set(ks) for label, ks in doc.items()}

    def put(self, state: LibraryState, entry: LibraryFile, source: Path, keys: dict[str, set[str]]) -> None:
        """Copy one file in (replacing a same-named one) and record it; the caller saves the state."""
        for d in (FILES_DIR, KEYS_DIR):
            (self.root / d).mkdir(parents=True, exist_ok=True)
        old = state.find(entry.file)
        if old is not None and old.file != entry.file:  # same name, other case: drop the old spelling
            self.drop_copy(old.file)
        dest = self.file_path(entry.file)
        tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
        shutil.copy2(source, tmp)
        os.replace(tmp, dest)
        write_json_atomic(self._keys_path(entry.file), {k: sorted(v) for k, v in keys.items()})
        state.files = [f for f in state.files if name_key(f.file) != name_key(entry.file)] + [entry]

    def drop_copy(self, name: str) -> None:
        from kgdesk.app.library_cache import ValidationCache

        for p in (self.file_path(name), self._keys_path(name)):
            p.unlink(missing_ok=True)
        ValidationCache(self.home).forget(name)

    def remove(self, names: Sequence[str], user: str = "") -> tuple[list[str], list[str]]:
        """Remove files by name; returns (removed, not found). Nothing is removed if any is not found."""
        state = self.load()
        missing = [n for n in names if state.find(n) is None]
        if missing:
            return [], missing
        removed = []
        for n in names:
            f = state.find(n)
            if f is None:
                continue
            state.files.remove(f)
            self.drop_copy(f.file)
            removed.append(f.file)
        self.save(state)
        return removed, []

    def replace_all(self, entries: Iterable[tuple[LibraryFile, Path]], keys: dict[str, dict[str, set[str]]],
                    base_version: str | None, base_files: dict[str, str]) -> LibraryState:
        """The library becomes exactly these files (a rollback, or a first pull of a shared library)."""
        state = LibraryState(base_version=base_version, base_files=dict(base_files))
        old = self.load()
        wanted = [(e, src) for e, src in entries]
        for f in old.files:
            if all(name_key(f.file) != name_key(e.file) for e, _ in wanted):
                self.drop_copy(f.file)
        for e, src in wanted:
            self.put(state, e, src, keys.get(e.file, {}))
        self.save(state)
        return state


def entry_for(f: FileResult, facts: FileFacts | None, user: str, origin: str = "") -> LibraryFile:
    return LibraryFile(
        file=f.file,
        sha256=f.sha256 or sha256_file(f.path),
        size=f.path.stat().st_size,
        template=f.template,
        sheet=f.sheet,
        rows=f.rows,
        imported_rows=f.imported_rows,
        skipped_rows=f.skipped_rows,
        warnings=len(f.warnings),
        months=list(facts.months) if facts else [],
        key_ranges=facts.key_ranges() if facts else [],
        added_at=iso_now(),
        added_by=user,
        origin=origin,
    )


def add_files(
    library: Library,
    paths: Sequence[Path],
    *,
    user: str,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    commit: bool = True,
) -> tuple[AddResult, LibraryState]:
    """Validate the new files and put the accepted ones in the library (replacing same-named ones).

    Acceptance is a property of each file alone (unreadable, unknown template, missing column), so
    only the new files are read here; the build validates the whole library again for the cross-file
    checks. `commit=False` (a dry run) returns the library as it would be, changing nothing on disk.
    """
    from kgdesk.templates.validator import collect_paths, validate_paths

    state = library.load()
    files = collect_paths(paths)
    seen: dict[str, Path] = {}
    outcomes: list[AddOutcome] = []
    unique: list[Path] = []
    for p in files:
        k = name_key(p.name)
        if k in seen:
            outcomes.append(AddOutcome(p.name, "rejected", None, 0, [Issue(
                "E_DUPLICATE_NAME", f"同一次添加中有两个同名文件「{p.name}」（{seen[k]} 和 {p}），请改名后再添加", p.name)]))
            continue
        seen[k] = p
        unique.append(p)
    from kgdesk.app.library_cache import ValidationCache

    run = (validate_paths(unique, limits=limits, progress=progress, cancel=cancel, cache=ValidationCache(library.home))
           if unique else ValidationRun([]))
    facts = describe_run(run)
    for f in run.files:
        if not f.accepted:
            outcomes.append(AddOutcome(f.file, "rejected", f.template, f.rows, list(f.errors), len(f.warnings)))
            continue
        old = state.find(f.file)
        fact = facts.get(f.file) or FileFacts([], {})
        entry = entry_for(f, fact, user, str(f.path))
        if old is not None and old.sha256 == entry.sha256:
            outcomes.append(AddOutcome(f.file, "unchanged", f.template, f.rows, [], len(f.warnings)))
            continue
        overlaps = _overlaps(library, state, f.file, fact)
        action = "replaced" if old is not None else "added"
        outcomes.append(AddOutcome(f.file, action, f.template, f.rows, [], len(f.warnings), overlaps,
                                   old.added_by if old is not None else None))
        if commit:
            library.put(state, entry, f.path, fact.keys)
        else:
            state.files = [x for x in state.files if name_key(x.file) != name_key(f.file)] + [entry]
    if commit and any(o.action in ("added", "replaced") for o in outcomes):
        library.save(state)
    return AddResult(outcomes, run), state


def _overlaps(library: Library, state: LibraryState, name: str, facts: FileFacts) -> list[Overlap]:
    out: list[Overlap] = []
    for other in state.files:
        if name_key(other.file) == name_key(name):
            continue
        theirs = library.keys(other.file)
        for label, ks in facts.keys.items():
            n = len(ks & theirs.get(label, set()))
            if n:
                out.append(Overlap(other.file, label, n))
    return out
