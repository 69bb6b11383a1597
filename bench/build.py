"""Build throughput: full builds against incremental updates, the store with ten versions, batched writes.

Run: .venv/bin/python bench/build.py [--scales 1,10] [--with-100] [--rounds 2] [--sample 1000] [--store-scale 1]
     [--jit c1|c2] [--json OUT]
     .venv/bin/python bench/build.py --scales 10 --writers 1,2 [--rounds 3]   (only the two writing stages,
     one session against two, alternated: `writers_side_by_side`)
     .venv/bin/python bench/build.py --scales 1,10 --days [--rounds 3]   (only the day columns: every node of
     the plan written packed and per column, alternated, then the sample of 3. both ways, alternated, on the
     largest scale: `days_side_by_side`)

Starts its own local graph servers in a temporary folder (never the user's), generates the data
sets once with bench/gen_data.py into bench/out/, and prints:

1. per scale, a full build (every element written anew: `incremental=False`, what every build
   cost before validity intervals) and an update that adds one month of 考勤 and 排班 (two new
   files; only what changed is written; the library's validation cache holds the unchanged files,
   the two new ones are validated from scratch), alternated twice on the same server, best of two, and
   the ratio full / update. "x1 (cold)" is the first build on a fresh server, "x1 (restart)" an
   update after restarting the server on its data folder (a returning user: still incremental).
2. the store with ten versions (a base and nine monthly updates): nodes, relationships and the
   on-disk size of the store files, written as ten full copies (before) and as intervals (after),
   each on a fresh server.
3. on a sample of the full-volume plan, the build's batched writes against the same statements
   one row per transaction, as a ratio (statements compiled before timing, as in a build), with the
   day columns of 考勤/排班月报 packed (`_days`, as a build stores them) and per column (before #17.7).

Every figure prints with the load average; the machine may be shared, so CPU seconds of this
process and of the server are printed next to the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kgdesk.app.building import BuildReport, build_and_publish  # noqa: E402
from kgdesk.app.library_cache import ValidationCache  # noqa: E402
from kgdesk.graph import days  # noqa: E402
from kgdesk.graph import queries as q  # noqa: E402
from kgdesk.graph.builder import NODE_BATCH, REL_BATCH, GraphBuilder  # noqa: E402
from kgdesk.graph.connection import GraphConnection  # noqa: E402
from kgdesk.graph.dbaccess import GraphAccess, graph_access  # noqa: E402
from kgdesk.graph.intervals import delete_version_data  # noqa: E402
from kgdesk.graph.local_server import LocalGraphServer  # noqa: E402
from kgdesk.graph.planner import plan_graph  # noqa: E402
from kgdesk.templates.loader import default_template_set  # noqa: E402
from kgdesk.templates.validator import validate_paths  # noqa: E402
from tests.graph.helpers import add_month  # noqa: E402

OUT = REPO / "bench" / "out"
MONTHLY = ("考勤与人员财务.xlsx", "排班月报.xlsx")
NEW_MONTHS = ("2026-05", "2026-07", "2026-08", "2026-10", "2026-12", "2027-01", "2027-03", "2027-05", "2027-07")
"""31-day months, filled with the rows of 2026-01 (so every day column fits)."""


def data_set(scale: int) -> Path:
    """Generated once (seeded) and reused, the same folders bench/validate.py uses."""
    folder = OUT / f"data-x{scale}"
    if not (folder / ".complete").exists():
        subprocess.run(
            [
                sys.executable,
                str(REPO / "bench" / "gen_data.py"),
                "--scale",
                str(scale),
                "--out",
                str(folder),
            ],
            check=True,
        )
        (folder / ".complete").write_text("ok")
    return folder


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def _server_cpu(pid: int | None) -> float | None:
    """CPU seconds the server process has used (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def with_months(folder: Path, months: int, work: Path) -> Path:
    """The library of `folder` plus `months` new months of 考勤 and 排班 (two files each), in `work`."""
    out = work / f"{folder.name}+{months}"
    if (out / ".complete").exists():
        return out
    out.mkdir(parents=True, exist_ok=True)
    for f in folder.glob("*.xlsx"):
        shutil.copy2(f, out / f.name)
    for month in NEW_MONTHS[:months]:
        for name in MONTHLY:
            add_month(folder / name, out / name.replace(".xlsx", f"-{month}.xlsx"), "2026-01", month)
    (out / ".complete").write_text("ok")
    return out


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0


def primed_cache(folder: Path, work: Path) -> ValidationCache:
    """A validation cache holding `folder`'s files, as the library's is after the previous build
    (untimed); the update's new files are not in it, so the update validates them from scratch."""
    root = Path(tempfile.mkdtemp(prefix="cache-", dir=work))
    cache = ValidationCache(root=root)
    validate_paths([folder], default_template_set(), cache=cache)
    return cache


def run_build(
    conn: GraphConnection, folder: Path, label: str, home: Path, pid: int | None, *,
    incremental: bool = True, cache: ValidationCache | None = None,
) -> dict[str, Any]:
    """One publish; wall time, and CPU time of this process and of the server (the machine may be shared)."""
    cpu0, srv0 = time.process_time(), _server_cpu(pid)
    load0 = _load()
    t0 = time.perf_counter()
    report: BuildReport = build_and_publish(
        [folder], conn, home=home, keep_sources=False, incremental=incremental, validation_cache=cache
    )
    wall = time.perf_counter() - t0
    cpu, srv1 = time.process_time() - cpu0, _server_cpu(pid)
    srv = srv1 - srv0 if srv0 is not None and srv1 is not None else None
    if report.status != "published":
        raise SystemExit(f"{label}: 构建失败：{report.error}")
    n_nodes, n_rels = sum(report.nodes.values()), sum(report.relationships.values())
    t = report.timings
    w = report.written
    row = {
        "run": label,
        "seconds": round(wall, 2),
        "published_after_s": t.get("visible_after"),
        "nodes": n_nodes,
        "relationships": n_rels,
        "written": w,
        "client_cpu_s": round(cpu, 2),
        "server_cpu_s": round(srv, 2) if srv is not None else None,
        "load_avg": [round(load0, 2), round(_load(), 2)],
        "timings": t,
    }
    print(
        f"{label:<18} {wall:8.2f} s  nodes {n_nodes:>7} rels {n_rels:>7}  "
        f"written +{w.get('nodes_created', 0)}/-{w.get('nodes_closed', 0)} nodes, "
        f"+{w.get('relationships_created', 0)}/-{w.get('relationships_closed', 0)} rels  "
        f"(validate {t.get('validate', 0):.2f} · plan {t.get('plan', 0):.2f} · diff {t.get('diff', 0):.2f}"
        f" · nodes {t.get('nodes', 0):.2f} · rels {t.get('relationships', 0):.2f} · close {t.get('close', 0):.2f}"
        f" · verify {t.get('verify', 0):.2f} · schema {t.get('schema', 0):.2f} · prune {t.get('prune', 0):.2f})"
        f"  cpu: client {cpu:.1f} s, server {srv if srv is not None else float('nan'):.1f} s,"
        f" load {load0:.1f}→{_load():.1f}",
        flush=True,
    )
    return row


def full_vs_update(
    conn: GraphConnection, scale: int, folder: Path, work: Path, home: Path, pid: int | None, rounds: int = 2
) -> dict[str, Any]:
    """A full build of the library and an update adding one month, alternated on the same server."""
    month = with_months(folder, 1, work)
    runs: dict[str, list[dict[str, Any]]] = {"full": [], "update": []}
    for rnd in range(rounds):
        runs["full"].append(run_build(conn, folder, f"x{scale} full #{rnd + 1}", home, pid, incremental=False))
        cache = primed_cache(folder, work)
        runs["update"].append(run_build(conn, month, f"x{scale} +1 month #{rnd + 1}", home, pid, cache=cache))
    best = {m: min(r["seconds"] for r in rs) for m, rs in runs.items()}
    cpu = {m: min((r["server_cpu_s"] or 0.0) + r["client_cpu_s"] for r in rs) for m, rs in runs.items()}
    ratio = round(best["full"] / max(best["update"], 1e-6), 2)
    cpu_ratio = round(cpu["full"] / max(cpu["update"], 1e-6), 2)
    print(
        f"x{scale}: full build {best['full']:.2f} s, update (+1 month of 考勤/排班) {best['update']:.2f} s "
        f"→ update is {ratio}× faster (CPU client+server {cpu['full']:.1f} → {cpu['update']:.1f} s, {cpu_ratio}×), "
        f"load {_load():.1f}",
        flush=True,
    )
    return {"ratio": ratio, "cpu_ratio": cpu_ratio, "best_s": best, **runs}


def _du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


def store_with_ten_versions(
    folder: Path, work: Path, heap: str, jvm_args: list[str], scale: int, jit: str = "c1"
) -> dict[str, Any]:
    """Ten versions (a base and nine monthly updates) kept as full copies, then as intervals, each on
    a fresh server: elements in the graph and bytes of the store files (after a clean shutdown)."""
    out: dict[str, Any] = {}
    libraries = [with_months(folder, m, work) for m in range(10)]
    for mode in ("full copies", "intervals"):
        server = LocalGraphServer(
            work / f"store-{mode.replace(' ', '-')}", password="bench-" + work.name[-12:], heap=heap,
            page_cache="1g", jit=jit, extra_jvm_args=jvm_args,
        )
        home = work / f"home-{mode.replace(' ', '-')}"
        home.mkdir()
        server.start()
        try:
            with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
                t0 = time.perf_counter()
                for i, lib in enumerate(libraries):
                    report = build_and_publish(
                        [lib], conn, home=home, keep_sources=False, incremental=mode == "intervals"
                    )
                    if report.status != "published":
                        raise SystemExit(f"store {mode} #{i}: {report.error}")
                seconds = time.perf_counter() - t0
                row = graph_access(conn).read(q.store_counts())[0]
        finally:
            server.stop()
        store = _du(server.data_dir / "databases")
        tx = _du(server.data_dir / "transactions")
        out[mode] = {"nodes": int(row["nodes"]), "relationships": int(row["relationships"]),
                     "store_bytes": store, "transaction_log_bytes": tx, "seconds_for_ten": round(seconds, 1)}
        print(
            f"x{scale} store with ten versions as {mode}: {row['nodes']} nodes + {row['relationships']} "
            f"relationships, store files {store / 2**20:.1f} MiB (transaction logs {tx / 2**20:.1f} MiB); "
            f"ten builds {seconds:.1f} s, load {_load():.1f}",
            flush=True,
        )
    a, b = out["full copies"], out["intervals"]
    out["ratio_elements"] = round((a["nodes"] + a["relationships"]) / max(1, b["nodes"] + b["relationships"]), 2)
    out["ratio_store_bytes"] = round(a["store_bytes"] / max(1, b["store_bytes"]), 2)
    print(
        f"x{scale} ten versions: elements {out['ratio_elements']}× fewer, store files "
        f"{out['ratio_store_bytes']}× smaller with intervals",
        flush=True,
    )
    return out


def _timed_write(
    db: GraphAccess, mode: str, single: str, batched: str, rows: list[dict[str, Any]], size: int
) -> float:
    t0 = time.perf_counter()
    if mode == "baseline":
        for row in rows:
            db.write(single, data=q.batch([row]))
    else:
        for i in range(0, len(rows), size):
            db.write(batched, data=q.batch(rows[i : i + size]))
    return time.perf_counter() - t0


def _compile(db: GraphAccess, stmt: str, rows: list[dict[str, Any]]) -> None:
    """Run `stmt` on `rows` in a transaction that is rolled back: the server caches its plan (one
    for every batch size since the rows travel inside a map, `queries.batch`), so neither side pays
    for compiling it in the timed part."""
    with db.conn.driver.session(database=db.database) as session:
        tx = session.begin_transaction()
        try:
            tx.run(stmt, data=q.batch(rows)).consume()
        finally:
            tx.rollback()


def baseline_vs_batched(db: GraphAccess, folder: Path, n: int, pack: bool = True) -> dict[str, Any]:
    """The build's own statements (CREATE nodes; relationships with both ends found by the `_uid`
    index) on the same sample, one row per transaction against batched: n rows of the largest label,
    then n rows of the largest relationship group (its end nodes written beforehand, untimed).
    Every statement runs first on a batch of the size it is timed with, rolled back (`_compile`),
    so neither side pays for compiling it. `pack`: the day columns stored as a build stores them
    (`graph.days.pack`); False: one property per day, as before #17.7."""
    ts = default_template_set()
    run = validate_paths([folder], ts)
    results: dict[str, Any] = {}
    for mode in ("baseline", "batched"):
        version = f"bench-{mode}-{int(time.time())}"
        plan = plan_graph(run.dataset, ts, version)
        if pack:
            plan.nodes = {lbl: [days.pack(r) for r in rows] if lbl in plan.day_labels else rows
                          for lbl, rows in plan.nodes.items()}
        label = max(plan.nodes, key=lambda lbl: len(plan.nodes[lbl]))
        group = max(plan.relationships, key=lambda g: len(g.rows))
        node_stmt = q.create_nodes(label)
        rel_stmt = q.create_relationships(group.type, group.start_label, group.end_label)
        sample = plan.nodes[label][:n]
        rels = group.rows[:n]
        for stmt, rows, size in ((node_stmt, sample, NODE_BATCH), (rel_stmt, rels, REL_BATCH)):
            _compile(db, stmt, rows[: 1 if mode == "baseline" else size])
        t_nodes = _timed_write(db, mode, node_stmt, node_stmt, sample, NODE_BATCH)
        for other, rows in plan.nodes.items():  # the rest, so every relationship finds its ends
            rest = rows[len(sample) :] if other == label else rows
            for i in range(0, len(rest), NODE_BATCH):
                db.write(q.create_nodes(other), data=q.batch(rest[i : i + NODE_BATCH]))
        t_rels = _timed_write(db, mode, rel_stmt, rel_stmt, rels, REL_BATCH)
        results[mode] = {
            "label": label,
            "nodes": len(sample),
            "node_seconds": round(t_nodes, 4),
            "relationship_type": group.type,
            "relationships": len(rels),
            "relationship_seconds": round(t_rels, 4),
            "rows_per_s": round(_rate(len(sample) + len(rels), t_nodes + t_rels)),
        }
        delete_version_data(db, version, list(plan.nodes), rel_types=[group.type])
    b, s = results["baseline"], results["batched"]
    ratio = (b["node_seconds"] + b["relationship_seconds"]) / (s["node_seconds"] + s["relationship_seconds"])
    results["ratio"] = round(ratio, 1)
    results["node_ratio"] = round(b["node_seconds"] / s["node_seconds"], 1)
    results["relationship_ratio"] = round(b["relationship_seconds"] / s["relationship_seconds"], 1)
    results["load_avg"] = round(_load(), 2)
    results["packed"] = pack
    print(
        f"{'packed' if pack else 'per-column'} days: sample {b['nodes']} {b['label']} nodes + {b['relationships']} {b['relationship_type']} relationships: "
        f"one row per transaction {b['node_seconds'] + b['relationship_seconds']:.2f} s ({b['rows_per_s']} rows/s) vs "
        f"batched {s['node_seconds'] + s['relationship_seconds']:.3f} s ({s['rows_per_s']} rows/s) → batched is "
        f"{ratio:.1f}× faster (nodes {results['node_ratio']}×, relationships {results['relationship_ratio']}×), "
        f"load {_load():.1f}",
        flush=True,
    )
    return results


def _stage(label: str, pid: int | None, write: Any) -> dict[str, float]:
    srv0, t0, cpu0 = _server_cpu(pid), time.perf_counter(), time.process_time()
    write()
    wall, srv1, cpu = time.perf_counter() - t0, _server_cpu(pid), time.process_time() - cpu0
    srv = srv1 - srv0 if srv0 is not None and srv1 is not None else float("nan")
    return {"seconds": round(wall, 2), "server_cpu_s": round(srv, 2), "client_cpu_s": round(cpu, 2)}


def writers_side_by_side(
    conn: GraphConnection, folder: Path, pid: int | None, writers: list[int], rounds: int
) -> dict[str, Any]:
    """Every node and relationship of `folder`'s plan written with each number of sessions in turn
    (alternated, `rounds` times), then deleted again: wall time and the server's and this process's
    CPU seconds of the two writing stages alone (`GraphBuilder.write_nodes` / `write_relationships`)."""
    db = graph_access(conn)
    ts = default_template_set()
    run = validate_paths([folder], ts)
    out: dict[str, list[dict[str, Any]]] = {str(w): [] for w in writers}
    for rnd in range(rounds):
        for w in writers:
            plan = plan_graph(run.dataset, ts, f"bench-writers-{w}-{rnd}-{int(time.time())}")
            builder = GraphBuilder(db, writers=w)
            builder.ensure_schema(plan.nodes, [g.type for g in plan.relationships])
            load0 = _load()
            row: dict[str, Any] = {"nodes": _stage("nodes", pid, lambda b=builder, p=plan: b.write_nodes(p)),
                   "relationships": _stage("relationships", pid, lambda b=builder, p=plan: b.write_relationships(p)),
                   "load": [round(load0, 1), round(_load(), 1)]}
            delete_version_data(db, plan.version, list(plan.nodes), rel_types=[g.type for g in plan.relationships])
            out[str(w)].append(row)
            n, r = row["nodes"], row["relationships"]
            print(
                f"{w} writer(s) #{rnd + 1}: {plan.total_nodes} nodes {n['seconds']:.2f} s (server CPU "
                f"{n['server_cpu_s']:.1f} s, client {n['client_cpu_s']:.1f} s) · {plan.total_relationships} rels "
                f"{r['seconds']:.2f} s (server CPU {r['server_cpu_s']:.1f} s, client {r['client_cpu_s']:.1f} s), "
                f"load {load0:.1f}→{_load():.1f}",
                flush=True,
            )
    best = {w: {s: min(r[s]["seconds"] for r in rs) for s in ("nodes", "relationships")} for w, rs in out.items()}
    print(f"writers, best wall per stage: {best}", flush=True)
    return {"runs": out, "best_s": best}


def days_side_by_side(conn: GraphConnection, folder: Path, pid: int | None, rounds: int) -> dict[str, Any]:
    """Every node of `folder`'s plan written with the day columns per column (before #17.7) and
    packed (`GraphBuilder.pack_days`), alternated `rounds` times, then deleted again: wall time and
    the server's and this process's CPU seconds of the node stage alone."""
    db = graph_access(conn)
    ts = default_template_set()
    run = validate_paths([folder], ts)
    out: dict[str, list[dict[str, Any]]] = {"per-column": [], "packed": []}
    for rnd in range(rounds):
        for mode in out:
            plan = plan_graph(run.dataset, ts, f"bench-days-{mode}-{rnd}-{int(time.time())}")
            builder = GraphBuilder(db, pack_days=mode == "packed")
            builder.ensure_schema(plan.nodes, [g.type for g in plan.relationships])
            load0 = _load()
            row: dict[str, Any] = {**_stage("nodes", pid, lambda b=builder, p=plan: b.write_nodes(p))}
            row["load"] = [round(load0, 1), round(_load(), 1)]
            delete_version_data(db, plan.version, list(plan.nodes), rel_types=[])
            out[mode].append(row)
            print(
                f"{mode:<10} #{rnd + 1}: {plan.total_nodes} nodes {row['seconds']:.2f} s (server CPU "
                f"{row['server_cpu_s']:.1f} s, client {row['client_cpu_s']:.1f} s), load {load0:.1f}→{_load():.1f}",
                flush=True,
            )
    best = {m: {k: min(r[k] for r in rs) for k in ("seconds", "server_cpu_s")} for m, rs in out.items()}
    ratio = {k: round(best["per-column"][k] / best["packed"][k], 2) for k in ("seconds", "server_cpu_s")}
    print(f"days, best per mode: {best}; per-column / packed: {ratio}", flush=True)
    return {"runs": out, "best": best, "ratio": ratio}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="构建基准：全量构建与增量更新、十个版本的存储量、批量写入与逐行事务的对比")
    ap.add_argument("--scales", default="1,10", help="逗号分隔的规模，默认 1,10")
    ap.add_argument("--with-100", action="store_true", help="另外运行 ×100（耗时较长）")
    ap.add_argument("--sample", type=int, default=5000, help="逐行事务对比所用的样本行数")
    ap.add_argument("--rounds", type=int, default=2, help="全量构建与增量更新交替的轮数（取最好的一轮），默认 2")
    ap.add_argument("--store-scale", type=int, default=1, help="十个版本存储量对比的规模（0 = 不运行）")
    ap.add_argument("--heap", default="2g", help="本地图数据库的最大堆内存")
    ap.add_argument(
        "--jit", choices=("c1", "c2"), default="c1",
        help="服务器的 JIT：c1（只用 C1，小台账库的默认）或 c2（大台账库的默认，见 kgdesk/graph/server_profile.py）",
    )
    ap.add_argument(
        "--jvm-arg",
        action="append",
        default=[],
        help="额外的 JVM 参数（可重复），写成 --jvm-arg=-XX:TieredStopAtLevel=1，用于比较服务器启动参数",
    )
    ap.add_argument(
        "--writers", default="",
        help="只比较写入节点与关系的会话数（逗号分隔，如 1,2），在 --scales 的第一个规模上交替 --rounds 轮",
    )
    ap.add_argument(
        "--days", action="store_true",
        help="只比较 考勤/排班月报 日列的打包存储与逐列存储：每个规模的节点写入交替 --rounds 轮，"
        "再在最大规模上交替做逐行事务对比",
    )
    ap.add_argument("--json", type=Path, default=OUT / "build-results.json", help="结果 JSON 文件")
    args = ap.parse_args(argv)
    scales = [int(s) for s in args.scales.split(",") if s.strip()]
    if args.with_100 and 100 not in scales:
        scales.append(100)
    folders = {s: data_set(s) for s in {*scales, 1, args.store_scale} if s}

    work = Path(tempfile.mkdtemp(prefix="kgdesk-bench-build-"))
    server = LocalGraphServer(
        work / "server",
        password="bench-" + work.name[-12:],
        heap=args.heap,
        page_cache="1g",
        jit=args.jit,
        extra_jvm_args=args.jvm_arg,
    )
    results: dict[str, Any] = {"jit": args.jit, "jvm_args": args.jvm_arg, "runs": [], "load_at_start": round(_load(), 2)}
    print(f"load average at start {_load():.2f}", flush=True)
    try:
        t0 = time.perf_counter()
        server.start()
        print(f"local graph server up in {time.perf_counter() - t0:.1f} s at {server.uri}", flush=True)
        home = work / "home"
        home.mkdir()
        if args.days:
            with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
                results["days"] = {f"x{s}": days_side_by_side(conn, folders[s], server.pid, args.rounds)
                                   for s in scales}
                results["baseline"] = {"per-column": [], "packed": []}  # alternated, on the largest scale
                for _ in range(args.rounds):
                    for mode, rs in results["baseline"].items():
                        rs.append(baseline_vs_batched(graph_access(conn), folders[max(scales)], args.sample,
                                                      pack=mode == "packed"))
        elif args.writers:
            with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
                results["writers"] = writers_side_by_side(
                    conn, folders[scales[0]], server.pid, [int(w) for w in args.writers.split(",")],
                    args.rounds,
                )
        else:
            with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
                results["runs"].append(run_build(conn, folders[1], "x1 (cold)", home, server.pid, incremental=False))
            # the app restarted: the same data folder, a cold JVM again — the next update is still incremental
            server.stop()
            t0 = time.perf_counter()
            server.start()
            print(f"local graph server restarted in {time.perf_counter() - t0:.1f} s", flush=True)
            with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
                pid = server.pid
                results["runs"].append(run_build(conn, with_months(folders[1], 1, work), "x1 (restart) +1", home, pid))
                results["full_vs_update"] = {
                    f"x{s}": full_vs_update(conn, s, folders[s], work, home, pid, args.rounds) for s in sorted(scales)
                }
                results["baseline"] = {
                    mode: baseline_vs_batched(graph_access(conn), folders[1], args.sample, pack=mode == "packed")
                    for mode in ("per-column", "packed")
                }
    finally:
        server.stop()
    try:
        if args.store_scale and not args.writers and not args.days:
            results["store"] = store_with_ten_versions(
                folders[args.store_scale], work, args.heap, args.jvm_arg, args.store_scale, args.jit
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"results written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
