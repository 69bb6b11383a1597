"""The local graph server's JIT and memory, chosen by the size of the library it will hold.

Measured (docs/library.md, "×100 and the JIT"; server CPU seconds from /proc, one full write of the
plan on a fresh server):

    rows (×1 = 6,292)     C1 only (-XX:TieredStopAtLevel=1)     C2 (tiered, the JVM's default)
    ×1      6,292         17.5 s first build, 9.2 s warm         31.8 s, 16.3 s
    ×10     62,920        38 s first write, 35 / 33 s later       56 s, 22 / 22 s later
    ×100    629,289       376 / 364 s                             243 s

C1 costs about 3.75 s of server CPU per ×1 of a full write, C2 about 2.1 s plus a one-off ~35 s
(its compiling, fitted through the ×10 and ×100 first writes), so C2 pays for itself in a server's
first full write from 35 / (3.75 − 2.1) ≈ 21 × 6,292 ≈ 130,000 rows: `LARGE_LIBRARY_ROWS`. Below
that C1 is kept — its cold first build is far nearer a warm one (server CPU 1.43–1.9×; C2: 2.48×)
and a warm small build cheaper. A large library also gets a larger heap and page cache when the
machine has the memory (the ×100 runs above used 3 GB and 2 GB).

The library's size is read from the manifest `kgdesk.app.library` keeps (`library.json`,
`files[].imported_rows`) when the server starts: the choice holds for the server's lifetime, so the
very first import into an empty library runs with C1 and the next start sizes it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

LARGE_LIBRARY_ROWS = 130_000
"""From this many imported rows in the library the server runs with C2 (module doc)."""
C1_ONLY = ("-XX:TieredStopAtLevel=1",)
GIB = 2**30
MANIFEST = "library.json"


@dataclass(frozen=True)
class ServerProfile:
    """What the server is started with: heap, page cache and JIT flags (`jit` is "c1" or "c2")."""

    jit: str
    heap: str
    page_cache: str
    rows: int | None

    @property
    def jit_flags(self) -> tuple[str, ...]:
        return C1_ONLY if self.jit == "c1" else ()


SMALL = ("1g", "256m")
"""heap, page cache of a small library: the defaults since the server was first bundled."""


def large_memory(total_ram: int | None) -> tuple[str, str]:
    """heap, page cache for a large library: what the ×100 runs used (3 GB, 2 GB) on a machine with
    16 GB or more; 2 GB and 1 GB from 8 GB; otherwise the small library's (memory is not there)."""
    if total_ram is None or total_ram < 8 * GIB - GIB // 2:  # "8 GB" machines report a little less
        return SMALL
    if total_ram < 16 * GIB - GIB:
        return ("2g", "1g")
    return ("3g", "2g")


def choose_profile(rows: int | None, total_ram: int | None) -> ServerProfile:
    """C1 and the small memory below `LARGE_LIBRARY_ROWS` (or when the size is unknown), else C2 and
    the memory `large_memory` gives."""
    if rows is None or rows < LARGE_LIBRARY_ROWS:
        return ServerProfile("c1", *SMALL, rows=rows)
    return ServerProfile("c2", *large_memory(total_ram), rows=rows)


def library_rows(library_root: Path) -> int | None:
    """Imported rows of every file in the library's manifest; None when there is no readable one."""
    try:
        doc = json.loads((library_root / MANIFEST).read_text(encoding="utf-8"))
        files = doc.get("files") or []
        total = 0
        for f in files:
            n = f.get("imported_rows")
            total += int(n if n is not None else f.get("rows") or 0)
        return total
    except (OSError, ValueError, TypeError, AttributeError):
        return None


def total_memory() -> int | None:
    """Physical memory in bytes, None when it cannot be read."""
    if sys.platform == "win32":
        import ctypes

        class _MemoryStatus(ctypes.Structure):
            _fields_ = [
                ("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
                ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
                ("ullTotalPageFile", ctypes.c_ulonglong), ("ullAvailPageFile", ctypes.c_ulonglong),
                ("ullTotalVirtual", ctypes.c_ulonglong), ("ullAvailVirtual", ctypes.c_ulonglong),
                ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
            ]

        status = _MemoryStatus()
        status.dwLength = ctypes.sizeof(status)
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
            return int(status.ullTotalPhys)
        return None
    with contextlib.suppress(AttributeError, OSError, ValueError):
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    return None


def profile_for_library(library_root: Path) -> ServerProfile:
    """The profile for the library under `library_root` on this machine."""
    return choose_profile(library_rows(library_root), total_memory())


def resolve_profile(
    library_root: Path | None, *, heap: str | None, page_cache: str | None, jit: str | None
) -> ServerProfile:
    """The profile a server is started with: what the caller fixed (tests, benchmarks), the rest by
    the library under `library_root` (KGDESK_HOME's when None) on this machine."""
    if heap and page_cache and jit:
        return ServerProfile(jit, heap, page_cache, rows=None)
    if library_root is None:
        from kgdesk.paths import library_dir

        library_root = library_dir()
    chosen = profile_for_library(library_root)
    return ServerProfile(jit or chosen.jit, heap or chosen.heap, page_cache or chosen.page_cache, chosen.rows)
