"""How long `kgdesk ask` and `kgdesk quality` take to say the graph is down.

Run: .venv/bin/python bench/graph_down.py [--rounds 1]

Two dead servers on 127.0.0.1: a refused port (nothing listens) and a silent one (a TCP listener
that accepts and never answers the Bolt handshake). Each CLI command runs in a fresh process with
a throw-away KGDESK_HOME and KGDESK_NEO4J_URI pointing at the dead server, bolt:// and neo4j://.
Prints seconds per case, the exit code and the first line of stderr/stdout. Target: under 10 s.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET_S = 10.0


def _refused_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SilentServer:
    """Accepts connections and never writes a byte."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = int(self.sock.getsockname()[1])
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self.sock.close()
        for c in self.held:
            c.close()


def _run(args: list[str], uri: str, home: Path) -> tuple[float, int, str]:
    env = dict(os.environ)
    env.update(
        KGDESK_HOME=str(home), KGDESK_NEO4J_URI=uri, KGDESK_NEO4J_USER="neo4j", KGDESK_NEO4J_PASSWORD="x" * 12
    )
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "kgdesk", *args], capture_output=True, text=True, env=env, cwd=REPO, timeout=600
    )
    seconds = time.perf_counter() - t0
    text = (out.stderr.strip() or out.stdout.strip()).splitlines()
    return seconds, out.returncode, (text[0] if text else "")[:110]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    silent = SilentServer()
    servers = {"refused": _refused_port(), "silent": silent.port}
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for name, port in servers.items():
            for scheme in ("bolt", "neo4j"):
                uri = f"{scheme}://127.0.0.1:{port}"
                for cmd in (["ask", "一共有多少个项目？", "--no-llm", "--auto"], ["quality"]):
                    for _ in range(args.rounds):
                        seconds, rc, line = _run(cmd, uri, home)
                        worst = max(worst, seconds)
                        print(f"{name:8s} {scheme:5s} {cmd[0]:8s} {seconds:6.1f} s  exit {rc}  {line}")
    silent.close()
    print(f"worst {worst:.1f} s (target {TARGET_S:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
