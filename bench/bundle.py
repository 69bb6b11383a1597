"""The frozen bundle: its size by component, and how fast it starts.

Run after `make package`:  .venv/bin/python bench/bundle.py [dist/kgdesk] [--repeat 3] [--no-self-test]

Sizes: every file of the bundle goes to exactly one component (Qt, Python, Python libraries,
native libraries, server jars, Java runtime, data, executables), so the rows add up to the total.
Start: median wall-clock time of
- `kgdesk-cli --help` (bootloader, interpreter, the CLI module: the floor of every command),
- `kgdesk-cli --self-test` until its first report line (the self-test has started), and in full,
- `kgdesk` until the main window is first shown, under QT_QPA_PLATFORM=offscreen (the window's
  own probe, KGDESK_STARTUP_PROBE / KGDESK_EXIT_AFTER_SHOWN of kgdesk/ui/app.py; the graph is set
  to an address where nothing listens so no server starts and only the window is measured).
Results also go to bench/out/bundle.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "bench" / "out"

COMPONENTS = [
    "Qt（PySide6、Qt 库与插件）",
    "Python 解释器与标准库",
    "Python 第三方库（pandas、numpy 等）",
    "其他原生库",
    "图数据库服务 jar（neo4j/）",
    "Java 运行时（runtime/）",
    "数据与资源（data/、resources/、models/）",
    "可执行文件（含 Python 代码归档）",
]


def component(rel: Path) -> int:
    """Index into COMPONENTS for a path relative to the bundle folder."""
    parts = rel.parts
    name = rel.name
    if parts[0] == "runtime":
        return 5
    if parts[0] != "_internal":
        return 7
    inner = parts[1:]
    if not inner:
        return 3
    top = inner[0]
    if top in ("data", "resources", "models"):
        return 6
    if top == "neo4j" and name.endswith(".jar"):
        return 4
    if top in ("PySide6", "shiboken6") or name.startswith(
        ("libQt6", "Qt6", "libicu", "icu", "libpyside6", "libshiboken6", "pyside6", "shiboken6")
    ):
        return 0
    if (
        top.startswith("python3")
        or name.startswith(("libpython3", "python3", "base_library.zip"))
        or top == "lib-dynload"
    ):
        return 1
    if len(inner) == 1 and (name.endswith((".so", ".dll")) or ".so." in name):
        return 3
    return 2


def sizes(bundle: Path) -> list[int]:
    totals = [0] * len(COMPONENTS)
    for path in bundle.rglob("*"):
        if path.is_file() and not path.is_symlink():
            totals[component(path.relative_to(bundle))] += path.stat().st_size
    return totals


def _exe(bundle: Path, name: str) -> Path:
    win = bundle / f"{name}.exe"
    return win if win.exists() else bundle / name


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KGDESK_")}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONIOENCODING="utf-8", **extra)
    return env


def time_help(cli: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run([str(cli), "--help"], capture_output=True, check=True, env=_env(), timeout=300)
    return time.perf_counter() - t0


def time_window(gui: Path) -> tuple[float, float]:
    """(seconds from launch to the window shown, of which inside the GUI's own start-up)."""
    with tempfile.TemporaryDirectory(prefix="kgdesk-bench-") as tmp:
        probe = Path(tmp) / "probe.json"
        env = _env(
            KGDESK_HOME=str(Path(tmp) / "home"),
            KGDESK_NEO4J_URI="bolt://127.0.0.1:9",
            KGDESK_STARTUP_PROBE=str(probe),
            KGDESK_EXIT_AFTER_SHOWN="1",
        )
        t0 = time.time()
        proc = subprocess.run([str(gui)], capture_output=True, text=True, env=env, timeout=300)
        if not probe.exists():
            raise SystemExit(f"the window was never shown (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        doc = json.loads(probe.read_text(encoding="utf-8"))
        return float(doc["shown_at"]) - t0, float(doc["gui_ms"]) / 1000


def time_self_test(cli: Path) -> tuple[float, float, int, list[str]]:
    """(seconds to the first report line, total seconds, exit code, report lines)."""
    t0 = time.perf_counter()
    first = 0.0
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kgdesk-bench-") as tmp:
        proc = subprocess.Popen(
            [str(cli), "--self-test"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=_env(KGDESK_HOME=str(Path(tmp) / "home")),
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if not first:
                first = time.perf_counter() - t0
            lines.append(line.rstrip("\n"))
        code = proc.wait(timeout=1800)
    return first, time.perf_counter() - t0, code, lines


def _mb(n: float) -> str:
    return f"{n / 1024 / 1024:8.1f}"


def table(rows: Iterable[tuple[str, str]], head: tuple[str, str]) -> str:
    rows = list(rows)
    width = max(_cols(r[0]) for r in [head, *rows]) + 2
    out = [_pad(head[0], width) + head[1]]
    out += [_pad(a, width) + b for a, b in rows]
    return "\n".join(out)


def _cols(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _cols(text))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", nargs="?", type=Path, default=REPO / "dist" / "kgdesk")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-self-test", action="store_true", help="skip the full self-test (about 1–3 minutes)")
    args = ap.parse_args()
    bundle: Path = args.bundle
    if not bundle.is_dir():
        print(f"没有找到安装包目录 {bundle}，请先运行 make package", file=sys.stderr)
        return 2
    cli, gui = _exe(bundle, "kgdesk-cli"), _exe(bundle, "kgdesk")

    totals = sizes(bundle)
    total = sum(totals)
    print(f"安装包 {bundle}：{total / 1024 / 1024:.1f} MB")
    print(
        table(
            [
                (name, f"{_mb(size)} MB  {100 * size / total:5.1f}%")
                for name, size in zip(COMPONENTS, totals, strict=True)
            ],
            ("组成部分", "    大小       占比"),
        )
    )

    results: dict[str, object] = {
        "bundle": str(bundle),
        "total_bytes": total,
        "components": dict(zip(COMPONENTS, totals, strict=True)),
    }
    helps = [time_help(cli) for _ in range(args.repeat)]
    windows = [time_window(gui) for _ in range(args.repeat)]
    timing_rows = [
        ("kgdesk-cli --help（启动下限）", f"{statistics.median(helps):6.2f} 秒"),
        ("主窗口首次显示（offscreen）", f"{statistics.median(w[0] for w in windows):6.2f} 秒"),
        ("  其中界面自身启动", f"{statistics.median(w[1] for w in windows):6.2f} 秒"),
    ]
    results["help_s"] = helps
    results["window_s"] = [w[0] for w in windows]
    results["window_gui_s"] = [w[1] for w in windows]
    report: list[str] = []
    if not args.no_self_test:
        first, full, code, report = time_self_test(cli)
        timing_rows += [
            ("--self-test 开始输出", f"{first:6.2f} 秒"),
            ("--self-test 全部完成", f"{full:6.2f} 秒" + ("" if code == 0 else f"（失败，退出码 {code}）")),
        ]
        results.update(
            self_test_first_line_s=first, self_test_total_s=full, self_test_exit=code, self_test_report=report
        )
    print()
    print(f"启动时间（{args.repeat} 次取中位数；自检运行 1 次）")
    print(table(timing_rows, ("测量", "  时间")))
    if report:
        print()
        print("\n".join(report))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bundle.json").write_text(json.dumps(results, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0 if results.get("self_test_exit", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
