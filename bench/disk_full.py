"""What a full disk costs the local graph server's lifecycle: status, stop and start, in seconds.

Run (as root: it mounts a 1 GiB tmpfs for the server's folder): .venv/bin/python bench/disk_full.py

Starts a detached server on the tmpfs as `kgdesk local-neo4j start` does, fills the disk, then times
`local-neo4j status`, `stop` and `start` through the CLI functions and prints each exit code and
the first line of its message. Before the fix (issue 13.5): status said "running", stop took 76 s,
start gave up after 180 s.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def _fill(folder: Path) -> None:
    with open(folder / "filler", "wb") as fh, contextlib.suppress(OSError):
        while True:
            fh.write(b"\0" * (1 << 20))
            fh.flush()


def _timed(action: str, home: Path) -> tuple[float, int, str]:
    from kgdesk.errors import KgdeskError
    from kgdesk.graph.local_cli import cli_command

    out = io.StringIO()
    t0 = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out):
            code = cli_command(action, home)
    except KgdeskError as e:
        code, out = 1, io.StringIO(e.message)
    return time.perf_counter() - t0, code, out.getvalue().strip().splitlines()[0][:100]


def _report(action: str, home: Path) -> None:
    seconds, code, line = _timed(action.split()[0], home)
    print(f"{action:15s} {seconds:6.1f} s  exit {code}  {line}")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        disk = Path(tmp) / "disk"
        disk.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1g", "tmpfs", str(disk)], check=True)
        try:
            os.environ["KGDESK_HOME"] = str(disk / "home")
            os.environ["KGDESK_NEO4J_PASSWORD"] = "bench-" + os.urandom(6).hex()
            home = disk / "home" / "neo4j"
            _report("start (room)", home)
            _fill(disk)
            print(f"disk free {shutil.disk_usage(disk).free} bytes")
            for action in ("status", "stop", "start"):
                _report(action, home)
            (disk / "filler").unlink()
            _timed("stop", home)
        finally:
            subprocess.run(["umount", "-l", str(disk)], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
