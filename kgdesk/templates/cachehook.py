"""The validator's per-file result cache hook: what one file validates to, alone, kept by content.

Reading and checking a file depends on the file's bytes, its name (every issue names it), the
template metadata, the read limits, the engine and this package's code — nothing else; the
cross-file checks (merging, references, dictionaries) always run again over every file. So the
result of a file alone can be kept under a key made of all of those and reused when none changed.
A store only holds bytes; any entry that is missing, unreadable or not what its key promises is
ignored and the file is validated again (a stale or corrupt entry is never trusted).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import pickle
import pkgutil
import types
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from kgdesk.templates.merge import ParsedRow
from kgdesk.templates.model import TemplateSet
from kgdesk.templates.records import FileResult

FORMAT = 1
"""Bump when the frozen layout changes (the code fingerprint below covers the checks themselves)."""


class ResultStore(Protocol):
    """Where frozen results live (the library keeps them next to its file copies)."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, name: str, data: bytes) -> None: ...


def modules_digest(package: str, names: Sequence[str] | None = None) -> str:
    """The code of a package's modules (all of them, or `names`): their source where it is on disk,
    else — in the frozen app, which ships no .py files — their compiled code, walked field by field
    (deterministic, unlike marshal's output). Any change to that code changes the digest."""
    pkg = importlib.import_module(package)
    if names is None:
        names = sorted(m.name for m in pkgutil.iter_modules(pkg.__path__))
        if not names:
            raise RuntimeError(f"no modules found in {package}")  # never a digest of nothing
    h = hashlib.blake2b(digest_size=16)
    for name in names:
        full = f"{package}.{name}"
        spec = importlib.util.find_spec(full)
        loader: Any = spec.loader if spec is not None else None
        h.update(full.encode())
        source = _source(loader, full)
        if source is not None:
            h.update(source.encode("utf-8"))
        elif loader is not None and hasattr(loader, "get_code") and (code := loader.get_code(full)) is not None:
            _walk_code(code, h)
        else:
            raise RuntimeError(f"no code found for {full}")  # never a digest that ignores a module
    return h.hexdigest()


def _source(loader: Any, name: str) -> str | None:
    try:
        src = loader.get_source(name) if loader is not None and hasattr(loader, "get_source") else None
    except (ImportError, OSError):
        return None
    return src if isinstance(src, str) else None


def _walk_code(code: types.CodeType, h: Any) -> None:
    h.update(code.co_code)
    h.update(repr(code.co_names).encode())
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            _walk_code(c, h)
        elif isinstance(c, frozenset):
            h.update(repr(sorted(map(repr, c))).encode())  # set order follows the hash seed
        else:
            h.update(repr(c).encode())


@lru_cache(maxsize=1)
def code_digest() -> str:
    """This package's code: any change to parsing or checking invalidates every entry."""
    return modules_digest(__package__ or "kgdesk.templates")


def fingerprint(ts: TemplateSet, limits: Any, engine: str) -> str:
    """Everything besides the file that a file's result depends on (template metadata and code)."""
    try:
        import python_calamine

        reader = str(getattr(python_calamine, "__version__", ""))
    except ImportError:  # pragma: no cover - calamine is a dependency
        reader = ""
    parts = (FORMAT, code_digest(), repr(ts), repr(limits), engine, reader)
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=16).hexdigest()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def cache_key(sha256: str, name: str, fp: str) -> str:
    tail = hashlib.blake2b(f"{name}\0{fp}".encode(), digest_size=12).hexdigest()
    return f"{sha256}-{tail}"


def freeze(result: FileResult, rows: list[ParsedRow], key: str) -> bytes:
    """A file's result right after it was read alone (before any cross-file check touched it)."""
    flat = [(pr.template.name, pr.sheet, pr.row, pr.values, pr.label, pr.key) for pr in rows]
    return pickle.dumps((FORMAT, key, result, flat), protocol=pickle.HIGHEST_PROTOCOL)


def thaw(data: bytes, key: str, path: Path, ts: TemplateSet) -> tuple[FileResult, list[ParsedRow]] | None:
    """The result again, or None when the entry is not exactly what `key` asks for."""
    try:
        fmt, stored_key, result, flat = pickle.loads(data)
        if fmt != FORMAT or stored_key != key or not isinstance(result, FileResult) or result.file != path.name:
            return None
        result.path = path
        rows = [ParsedRow(result, ts.template(t), sheet, row, values, label, tuple(k))
                for t, sheet, row, values, label, k in flat]
    except Exception:  # a corrupt entry is a miss, whatever it raises
        return None
    return result, rows
