"""Build throughput: full-volume, ×10 (and ×100 on request) publishes, plus batched vs one-row-per-transaction.

Run: .venv/bin/python bench/build.py [--scales 1,10] [--with-100] [--sample 1000] [--json OUT]

Starts its own local graph server in a temporary folder (never the user's), generates the data
sets once with bench/gen_data.py into bench/out/, and prints for every scale: seconds for the
whole publish (validate + plan + write + read-back + meta-schema + publish), the stage timings,
nodes/s and relationships/s of the two writing stages, and CPU seconds of this process and of
the server (the machine may be shared: the CPU figures show the work, the wall time the wait).
Runs: "x1 (cold)" the first build on the fresh server (every statement compiled by a cold JVM),
"x1" the same again, "x1 (restart)" after restarting the server on its data folder (what a user
sees after reopening the app), then ×10 (and ×100). Then, on a sample of the full-volume plan,
the batched writer against a one-row-per-transaction MERGE baseline, as a ratio.
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
from kgdesk.graph import queries as q  # noqa: E402
from kgdesk.graph.builder import NODE_BATCH, REL_BATCH  # noqa: E402
from kgdesk.graph.connection import GraphConnection  # noqa: E402
from kgdesk.graph.dbaccess import GraphAccess, graph_access  # noqa: E402
from kgdesk.graph.local_server import LocalGraphServer  # noqa: E402
from kgdesk.graph.planner import plan_graph  # noqa: E402
from kgdesk.graph.versions import delete_version_data  # noqa: E402
from kgdesk.templates.loader import default_template_set  # noqa: E402
from kgdesk.templates.validator import validate_paths  # noqa: E402

OUT = REPO / "bench" / "out"


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


def run_build(
    conn: GraphConnection, folder: Path, label: str, home: Path, pid: int | None, legacy: bool = False
) -> dict[str, Any]:
    """One publish; wall time, and CPU time of this process and of the server (the machine may be shared).

    `legacy`: MERGE the nodes and scan the graph for the meta-schema, as builds did before."""
    cpu0, srv0 = time.process_time(), _server_cpu(pid)
    t0 = time.perf_counter()
    report: BuildReport = build_and_publish([folder], conn, home=home, legacy_write=legacy, keep_sources=False)
    wall = time.perf_counter() - t0
    cpu, srv1 = time.process_time() - cpu0, _server_cpu(pid)
    srv = srv1 - srv0 if srv0 is not None and srv1 is not None else None
    if report.status != "published":
        raise SystemExit(f"{label}: 构建失败：{report.error}")
    n_nodes, n_rels = sum(report.nodes.values()), sum(report.relationships.values())
    t = report.timings
    row = {
        "run": label,
        "seconds": round(wall, 2),
        "published_after_s": t.get("visible_after"),
        "nodes": n_nodes,
        "relationships": n_rels,
        "nodes_per_s": round(_rate(n_nodes, t.get("nodes", 0.0))),
        "relationships_per_s": round(_rate(n_rels, t.get("relationships", 0.0))),
        "client_cpu_s": round(cpu, 2),
        "server_cpu_s": round(srv, 2) if srv is not None else None,
        "load_avg": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "timings": t,
    }
    print(
        f"{label:<14} {wall:8.2f} s (published after {t.get('visible_after', 0):.2f} s)  "
        f"nodes {n_nodes:>8}  rels {n_rels:>8}  "
        f"nodes/s {row['nodes_per_s']:>8}  rels/s {row['relationships_per_s']:>8}  "
        f"(validate {t.get('validate', 0):.2f} · nodes {t.get('nodes', 0):.2f} · rels {t.get('relationships', 0):.2f}"
        f" · verify {t.get('verify', 0):.2f} · schema {t.get('schema', 0):.2f} · prune {t.get('prune', 0):.2f})"
        f"  cpu: client {cpu:.1f} s, server {srv if srv is not None else float('nan'):.1f} s,"
        f" load {row['load_avg'] or 0:.1f}",
        flush=True,
    )
    return row


def before_after(conn: GraphConnection, folders: dict[int, Path], home: Path, pid: int | None) -> dict[str, Any]:
    """The old write path (MERGE nodes, meta-schema scanned from the graph) and the new one (CREATE,
    meta-schema from the rows in memory), alternated on the same server, the same data and the
    same machine load; ratios old/new of the whole publish and of the two stages that changed."""
    out: dict[str, Any] = {}
    for scale, folder in sorted(folders.items()):
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for rnd in range(2):
            for mode in ("before", "after"):
                runs[mode].append(run_build(conn, folder, f"x{scale} {mode} #{rnd + 1}", home, pid, mode == "before"))

        def best(mode: str, key: str, runs: dict[str, list[dict[str, Any]]] = runs) -> float:
            return min(r["seconds"] if key == "seconds" else r["timings"].get(key, 0.0) for r in runs[mode])

        ratios = {k: round(best("before", k) / max(best("after", k), 1e-6), 2) for k in ("seconds", "nodes", "schema")}
        cpu = {m: [r["server_cpu_s"] for r in runs[m] if r["server_cpu_s"] is not None] for m in runs}
        if cpu["before"] and cpu["after"]:  # the server's work, less sensitive to a shared machine's load
            ratios["server_cpu"] = round(min(cpu["before"]) / max(min(cpu["after"]), 1e-6), 2)
        out[f"x{scale}"] = {"ratios": ratios, "before": runs["before"], "after": runs["after"]}
        print(
            f"x{scale} before → after (best of 2): publish {best('before', 'seconds'):.2f} → "
            f"{best('after', 'seconds'):.2f} s ({ratios['seconds']}×), nodes {best('before', 'nodes'):.2f} → "
            f"{best('after', 'nodes'):.2f} s ({ratios['nodes']}×), meta-schema {best('before', 'schema'):.2f} → "
            f"{best('after', 'schema'):.2f} s ({ratios['schema']}×), server CPU {ratios.get('server_cpu', float('nan'))}×",
            flush=True,
        )
    return out


def _timed_write(
    db: GraphAccess, mode: str, single: str, batched: str, rows: list[dict[str, Any]], size: int
) -> float:
    t0 = time.perf_counter()
    if mode == "baseline":
        for row in rows:
            db.write(single, row=row)
    else:
        for i in range(0, len(rows), size):
            db.write(batched, rows=rows[i : i + size])
    return time.perf_counter() - t0


def baseline_vs_batched(db: GraphAccess, folder: Path, n: int) -> dict[str, Any]:
    """The same sample written one row per transaction and batched: n rows of the largest label,
    then n rows of the largest relationship group (its end nodes written beforehand, untimed)."""
    ts = default_template_set()
    run = validate_paths([folder], ts)
    results: dict[str, Any] = {}
    for mode in ("baseline", "batched"):
        version = f"bench-{mode}-{int(time.time())}"
        plan = plan_graph(run.dataset, ts, version)
        label = max(plan.nodes, key=lambda lbl: len(plan.nodes[lbl]))
        sample = plan.nodes[label][:n]
        t_nodes = _timed_write(db, mode, q.merge_node_single(label), q.merge_nodes(label), sample, NODE_BATCH)
        for other, rows in plan.nodes.items():  # the rest, so every relationship finds its ends
            rest = rows[len(sample) :] if other == label else rows
            for i in range(0, len(rest), NODE_BATCH):
                db.write(q.merge_nodes(other), rows=rest[i : i + NODE_BATCH])
        group = max(plan.relationships, key=lambda g: len(g.rows))
        rels = group.rows[:n]
        t_rels = _timed_write(
            db,
            mode,
            q.create_relationship_single(group.type, group.start_label, group.end_label),
            q.create_relationships(group.type, group.start_label, group.end_label),
            rels,
            REL_BATCH,
        )
        results[mode] = {
            "label": label,
            "nodes": len(sample),
            "node_seconds": round(t_nodes, 3),
            "relationship_type": group.type,
            "relationships": len(rels),
            "relationship_seconds": round(t_rels, 3),
            "rows_per_s": round(_rate(len(sample) + len(rels), t_nodes + t_rels)),
        }
        delete_version_data(db, version, list(plan.nodes))
    b, s = results["baseline"], results["batched"]
    ratio = (b["node_seconds"] + b["relationship_seconds"]) / (s["node_seconds"] + s["relationship_seconds"])
    results["ratio"] = round(ratio, 1)
    results["node_ratio"] = round(b["node_seconds"] / s["node_seconds"], 1)
    results["relationship_ratio"] = round(b["relationship_seconds"] / s["relationship_seconds"], 1)
    print(
        f"sample {b['nodes']} {b['label']} nodes + {b['relationships']} {b['relationship_type']} relationships: "
        f"one row per transaction {b['node_seconds'] + b['relationship_seconds']:.2f} s ({b['rows_per_s']} rows/s) vs "
        f"batched {s['node_seconds'] + s['relationship_seconds']:.3f} s ({s['rows_per_s']} rows/s) → batched is "
        f"{ratio:.1f}× faster (nodes {results['node_ratio']}×, relationships {results['relationship_ratio']}×)",
        flush=True,
    )
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="构建吞吐量基准：全量、×10、×100，以及批量写入与逐行事务的对比")
    ap.add_argument("--scales", default="1,10", help="逗号分隔的规模，默认 1,10")
    ap.add_argument("--with-100", action="store_true", help="另外运行 ×100（耗时较长）")
    ap.add_argument("--sample", type=int, default=1000, help="逐行事务对比所用的节点样本数")
    ap.add_argument("--heap", default="2g", help="本地图数据库的最大堆内存")
    ap.add_argument(
        "--jvm-arg",
        action="append",
        default=[],
        help="额外的 JVM 参数（可重复），写成 --jvm-arg=-XX:TieredStopAtLevel=1，用于比较服务器启动参数",
    )
    ap.add_argument("--json", type=Path, default=OUT / "build-results.json", help="结果 JSON 文件")
    ap.add_argument("--no-compare", dest="compare", action="store_false",
                    help="不运行新旧写入方式（MERGE/CREATE、元模式来源）的并排对比")
    args = ap.parse_args(argv)
    scales = [int(s) for s in args.scales.split(",") if s.strip()]
    if args.with_100 and 100 not in scales:
        scales.append(100)
    folders = {s: data_set(s) for s in scales}
    if 1 not in folders:
        folders[1] = data_set(1)

    work = Path(tempfile.mkdtemp(prefix="kgdesk-bench-build-"))
    server = LocalGraphServer(
        work / "server",
        password="bench-" + work.name[-12:],
        heap=args.heap,
        page_cache="1g",
        extra_jvm_args=args.jvm_arg,
    )
    results: dict[str, Any] = {"jvm_args": args.jvm_arg, "runs": []}
    try:
        t0 = time.perf_counter()
        server.start()
        print(f"local graph server up in {time.perf_counter() - t0:.1f} s at {server.uri}", flush=True)
        with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
            home = work / "home"
            home.mkdir()
            pid = server.pid
            results["runs"].append(run_build(conn, folders[1], "x1 (cold)", home, pid))
            results["runs"].append(run_build(conn, folders[1], "x1", home, pid))
        # the app restarted: the same data folder, the published version in it, a cold JVM again
        server.stop()
        t0 = time.perf_counter()
        server.start()
        print(f"local graph server restarted in {time.perf_counter() - t0:.1f} s", flush=True)
        with GraphConnection(server.uri, server.user, server.password, "neo4j") as conn:
            pid = server.pid
            results["runs"].append(run_build(conn, folders[1], "x1 (restart)", home, pid))
            for s in scales:
                if s != 1:
                    results["runs"].append(run_build(conn, folders[s], f"x{s}", home, pid))
            per = {
                r["run"]: r["seconds"] / max(1, r["nodes"] + r["relationships"]) * 1000
                for r in results["runs"]
                if r["run"] in ("x10", "x100")
            }
            if len(per) == 2:
                print(f"cost per 1000 rows: x10 {per['x10']:.3f} s, x100 {per['x100']:.3f} s", flush=True)
            results["baseline"] = baseline_vs_batched(graph_access(conn), folders[1], args.sample)
            if args.compare:
                results["before_after"] = before_after(conn, {s: folders[s] for s in scales}, home, pid)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"results written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
