"""The JVM's cold first build against a warm one: a fresh local server per variant, two ×1 builds.

Run: .venv/bin/python bench/build_cold.py [--variants default,no-cds,...] [--rounds 1]

For every variant a fresh local graph server (new data folder, new JVM) is started, then the same
×1 library is published twice, each a full write (`incremental=False`; an update of an unchanged
library writes nothing): "cold" is the first build the JVM ever sees, "warm" the second.
The library is validated once up front and the same validation run is handed to every build, so
the figures are the graph side only (plan, write, read-back, meta-schema, publish). Printed per
variant: server start-up, the time to readiness, the cold and warm builds, their ratio, and the
server's CPU seconds for each (the machine may be shared: the CPU figures show the work, the
wall time the wait), with the load average. Target of issue 17 item 7: cold ≤ 1.5 × warm.

Variants (a variant only adds JVM arguments or a step; the defaults are LocalGraphServer's):
  default    as the app starts it for a ×1 library: CDS archive, C1 only, and two background warm-ups after readiness
             (WarmUp.java inside the JVM, then graph.service.warm_up_in_background compiling the
             builder's statements); the cold build starts once they are done, as a user's would
  no-cds     -Xshare:off: what the class-data-sharing archive saves
  c2         -XX:TieredStopAtLevel=4: the C2 compiler back on
  no-warm    both warm-ups switched off (LocalGraphServer(warm_up=False))
  no-wait    the cold build starts right at readiness, while the warm-ups still run
  py-warm    no-warm, then graph.service.warm_up run in the foreground before the cold build
  one-writer the builds write in one session (build_and_publish(writers=1)), as before builder.WRITERS
  schema-first  the data schema (builder.ensure_schema) created before the cold build, untimed

Measured 2026-12-01 on the shared 2-core machine (load 5–21, so wall times say little; the
server's CPU seconds are the comparable figure), server CPU cold/warm per round:
  default  1.34 1.58 1.43 (median 1.43×; cold 9.8–10.2 s, warm 6.5–7.3 s)
  no-warm  1.63 1.83 1.85 (median 1.83×; cold 11.9–13.0 s)
  no-cds   1.45 1.99 (and start-up 32–65 s instead of 10–20 s)
  c2       2.48 (one round; cold 26.8 s of server CPU)
Re-measured 2026-12-02 (load 16–21), both builds full writes (before this, the warm build had become an
update that wrote nothing): default 1.90 1.79 (cold 9.3–10.8 s, warm 5.2–5.7 s), one-writer 1.94 1.94 —
the warm build got cheaper since, the cold one did not (docs/library.md).
2026-12-05 (load 3–8), side by side: default 2.40 2.51 (cold 9.0–9.7 s, warm 3.6–4.0 s) before; then the
batched statements' rows inside a map parameter (one plan for every batch size) and the warm-up creating
the data schema first: default 1.73 1.83 (cold 6.2 s, warm 3.4 s; wall 1.59×, 1.64×), no-warm 3.07 2.79.
2026-12-05, later (load 4–9): the rest of the gap was one constraint. The first build still created the
source copies' uniqueness rule (versions.ensure_meta_schema), and any new rule makes the server plan again
everything it had cached — the warm-up's work was thrown away. builder.ensure_schema (the warm-up's first
step) now creates it too: default 0.93 1.14 1.23 (median 1.14×; cold 3.9–4.4 s, warm 3.4–4.7 s; wall
0.83–1.16×), no-warm 2.97 2.93 2.86. Trials that also wrote, read back and deleted a small sample library in
the warm-up, or compiled the bookkeeping statements in a rolled-back transaction, measured the same: not kept.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.build import _server_cpu, data_set  # noqa: E402
from kgdesk.app.building import build_and_publish  # noqa: E402
from kgdesk.graph.connection import GraphConnection  # noqa: E402
from kgdesk.graph.local_server import LocalGraphServer  # noqa: E402
from kgdesk.graph.service import warm_up  # noqa: E402
from kgdesk.templates.records import ValidationRun  # noqa: E402
from kgdesk.templates.validator import validate_paths  # noqa: E402


@dataclass(frozen=True)
class Variant:
    name: str
    jvm_args: tuple[str, ...] = ()
    warm_up: bool = True
    wait_warm_up: bool = True  # start the cold build once the server's warm-up is done (as a user would)
    before: Callable[[GraphConnection], object] | None = None
    writers: int | None = None  # write sessions of the builds (builder.WRITERS when None)


def _schema_first(conn: GraphConnection) -> None:
    """The data schema (constraints and indexes of every label and type) created before the cold build."""
    from kgdesk.graph.builder import GraphBuilder
    from kgdesk.graph.dbaccess import graph_access
    from kgdesk.templates.loader import default_template_set

    ts = default_template_set()
    GraphBuilder(graph_access(conn)).ensure_schema(ts.labels, [r.type for r in ts.relations])


VARIANTS = {
    v.name: v
    for v in (
        Variant("default"),
        Variant("no-cds", ("-Xshare:off",)),
        Variant("c2", ("-XX:TieredStopAtLevel=4",)),
        Variant("no-warm", warm_up=False),
        Variant("no-wait", wait_warm_up=False),
        Variant("py-warm", warm_up=False, before=warm_up),
        Variant("one-writer", writers=1),
        Variant("schema-first", before=_schema_first),
    )
}


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def _wait_warm_up(server: LocalGraphServer, timeout: float = 300.0) -> float:
    """Seconds after readiness until the server's warm-ups are done (KGDESK_WARM_UP, then the statements)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        text = server.console_log.read_text(encoding="utf-8", errors="replace")
        if "KGDESK_WARM_UP" in text:
            break
        time.sleep(0.2)
    if server.warm_up_thread is not None:  # the builder's statements (graph.service.warm_up_in_background)
        server.warm_up_thread.join(max(0.0, timeout - (time.perf_counter() - t0)))
    return round(time.perf_counter() - t0, 2)


def _build(
    conn: GraphConnection, run: ValidationRun, home: Path, pid: int | None, writers: int | None = None
) -> tuple[float, float | None]:
    srv0 = _server_cpu(pid)
    t0 = time.perf_counter()
    # a full write each time (incremental=False): the warm build does the cold one's work again, instead
    # of an update that finds nothing changed and writes nothing
    report = build_and_publish(run, conn, home=home, keep_sources=False, writers=writers, incremental=False)
    wall = time.perf_counter() - t0
    srv1 = _server_cpu(pid)
    if report.status != "published":
        raise SystemExit(f"构建失败：{report.error}")
    return wall, (srv1 - srv0 if srv0 is not None and srv1 is not None else None)


def measure(variant: Variant, run: ValidationRun, work: Path, heap: str, page_cache: str) -> dict[str, Any]:
    """One fresh server: start, (the variant's step), cold build, warm build, stop."""
    folder = Path(tempfile.mkdtemp(prefix=f"{variant.name}-", dir=work))
    server = LocalGraphServer(
        folder / "server",
        password="cold-" + folder.name[-10:].ljust(8, "x"),
        heap=heap,
        page_cache=page_cache,
        jit="c1",  # a ×1 library's choice (kgdesk/graph/server_profile.py); the c2 variant adds level 4
        extra_jvm_args=list(variant.jvm_args),
        warm_up=variant.warm_up,
    )
    t0 = time.perf_counter()
    server.start()
    started = time.perf_counter() - t0
    row: dict[str, Any] = {"variant": variant.name, "start_s": round(started, 2), "load_start": _load()}
    if variant.warm_up and variant.wait_warm_up:
        row["warm_up_s"] = _wait_warm_up(server)
    try:
        with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
            pid = server.pid
            if variant.before is not None:
                t0 = time.perf_counter()
                variant.before(conn)
                row["before_s"] = round(time.perf_counter() - t0, 2)
            home = folder / "home"
            home.mkdir()
            row["cold_s"], row["cold_cpu_s"] = _build(conn, run, home, pid, variant.writers)
            row["warm_s"], row["warm_cpu_s"] = _build(conn, run, home, pid, variant.writers)
            row["load_end"] = _load()
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    row["ratio"] = row["cold_s"] / row["warm_s"]
    row["cpu_ratio"] = (
        row["cold_cpu_s"] / row["warm_cpu_s"] if row["cold_cpu_s"] and row["warm_cpu_s"] else float("nan")
    )
    return row


def _fmt(x: float | None) -> str:
    return f"{x:7.2f}" if x is not None else "    nan"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="冷启动后的第一次构建与第二次构建之比（每个变体一台新的本地图数据库）")
    ap.add_argument("--variants", default="default,no-warm,no-wait,no-cds", help=f"逗号分隔，可选：{','.join(VARIANTS)}")
    ap.add_argument("--rounds", type=int, default=1, help="每个变体重复几轮（交替进行）")
    ap.add_argument("--heap", default="1g", help="最大堆内存（默认与桌面应用相同）")
    ap.add_argument("--page-cache", default="256m", help="页缓存（默认与桌面应用相同）")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.variants.split(",") if n.strip()]
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        raise SystemExit(f"未知变体：{', '.join(unknown)}（可选：{', '.join(VARIANTS)}）")
    run = validate_paths([data_set(1)])
    work = Path(tempfile.mkdtemp(prefix="kgdesk-bench-cold-"))
    rows: list[dict[str, Any]] = []
    try:
        for rnd in range(args.rounds):
            for name in names:
                row = measure(VARIANTS[name], run, work, args.heap, args.page_cache)
                row["round"] = rnd + 1
                rows.append(row)
                print(
                    f"{name:<8} #{rnd + 1}  start {row['start_s']:6.2f} s  cold {row['cold_s']:6.2f} s  "
                    f"warm {row['warm_s']:6.2f} s  cold/warm {row['ratio']:.2f}×  "
                    f"server cpu {_fmt(row['cold_cpu_s'])} / {_fmt(row['warm_cpu_s'])} s ({row['cpu_ratio']:.2f}×)"
                    f"{'  before ' + str(row['before_s']) + ' s' if 'before_s' in row else ''}"
                    f"{'  warm-up ' + str(row['warm_up_s']) + ' s' if 'warm_up_s' in row else ''}"
                    f"  load {row['load_start']:.1f}→{row['load_end']:.1f}",
                    flush=True,
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("\n变体        冷/热 墙钟（各轮）        冷/热 服务器 CPU（各轮）   CPU 比中位数")
    for name in names:
        mine = [r for r in rows if r["variant"] == name]
        walls = " ".join(f"{r['ratio']:.2f}" for r in mine)
        cpus = " ".join(f"{r['cpu_ratio']:.2f}" for r in mine)
        median = statistics.median(r["cpu_ratio"] for r in mine)
        print(f"{name:<10} {walls:<24} {cpus:<26} {median:.2f}×")
    print("墙钟受同机其他进程影响很大；服务器 CPU 秒是服务器自己做的功，比值更可比。")
    print("目标：冷构建 ≤ 1.5 × 热构建（issue 17 第 7 项）")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
