"""KGDESK_HOME/library/validated: each library file's own validation result, kept by content.

Validating the whole library again for every monthly update cost most of an update's time; a file
that did not change validates to the same result alone (`kgdesk.templates.cachehook` says what the
key covers: bytes, name, template metadata, limits, engine, code), and the cross-file checks re-run
over all files every time. Entries carry a BLAKE2b checksum of their bytes: a truncated, edited or
otherwise corrupt entry is a miss, never trusted. Writes are atomic (tmp + replace).
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path

from kgdesk.paths import library_dir

log = logging.getLogger(__name__)

CACHE_DIR = "validated"
_MAGIC = b"KGDV1\n"
_DIGEST = 32


def _checksum(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=_DIGEST).digest()


class ValidationCache:
    """A `cachehook.ResultStore` on disk; one entry per file name (a new result replaces the old)."""

    def __init__(self, home: Path | None = None, root: Path | None = None) -> None:
        self.root = root or library_dir(home) / CACHE_DIR

    def _path(self, key: str) -> Path:
        return self.root / f"{key}.bin"

    def get(self, key: str) -> bytes | None:
        try:
            blob = self._path(key).read_bytes()
        except OSError:
            return None
        head, digest, data = blob[: len(_MAGIC)], blob[len(_MAGIC) : len(_MAGIC) + _DIGEST], blob[len(_MAGIC) + _DIGEST :]
        if head != _MAGIC or digest != _checksum(data):
            log.info("validation cache entry %s is corrupt; validating again", key)
            return None
        return data

    def put(self, key: str, name: str, data: bytes) -> None:
        """Keep `data`; drop this name's older entries (a replaced file's result is not needed again)."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".tmp-", suffix=".bin")
            with os.fdopen(fd, "wb") as f:
                f.write(_MAGIC + _checksum(data) + data)
            os.replace(tmp, self._path(key))
            index = self._index(name)
            try:
                old = index.read_text(encoding="utf-8").split()
            except OSError:
                old = []
            for k in old:
                if k != key:
                    self._path(k).unlink(missing_ok=True)
            index.write_text(key, encoding="utf-8")
        except OSError as e:  # a cache that cannot be written only costs time
            log.warning("could not keep the validation result of %s: %s", name, e)

    def _index(self, name: str) -> Path:
        return self.root / f"{hashlib.blake2b(name.casefold().encode(), digest_size=12).hexdigest()}.name"

    def forget(self, name: str) -> None:
        """A file left the library: its results go too (the folder never grows past the library)."""
        index = self._index(name)
        try:
            for k in index.read_text(encoding="utf-8").split():
                self._path(k).unlink(missing_ok=True)
            index.unlink(missing_ok=True)
        except OSError:
            pass

    def clear(self) -> None:
        if self.root.exists():
            for p in self.root.iterdir():
                if p.is_file():
                    p.unlink(missing_ok=True)


class ReadOnlyCache:
    """The library's results for reading only: `kgdesk validate` and `kgdesk build --only` reuse the
    result of a file the library already holds (same bytes and name: the key says so), but never
    write. Their files are often drafts that share a library file's name, and a write would drop
    that file's entry (one entry per name), costing the next library build its validation."""

    def __init__(self, home: Path | None = None) -> None:
        self._cache = ValidationCache(home)

    def get(self, key: str) -> bytes | None:
        return self._cache.get(key)

    def put(self, key: str, name: str, data: bytes) -> None:
        return None
