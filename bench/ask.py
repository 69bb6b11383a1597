"""Latency of the deterministic question path on the full-volume graph: p50 / p95 per stage.

Run: .venv/bin/python bench/ask.py [--scale 1] [--rounds 20] [--json OUT] [--uri bolt://… --password …]
     [--against ../main [--pairs 3]]   (before/after on the same graph, alternating processes)

Generates the full-volume ledgers with bench/gen_data.py (into a temporary folder), starts its own
local graph server in a temporary folder (never the user's), builds and publishes, then asks a set
of questions of every common shape — built from names found in the generated files — `--rounds`
times each, with --auto semantics. Stages come from each answer's trace: understand, ground,
(plan), compile, execute, render; "total" is the whole `ask()` call. The first round is reported
separately as cold (entity index, EXPLAIN cache and server plan cache are filled then).
Per question it also counts the statements sent to the graph and the time spent waiting for them
(reads and EXPLAINs through the connection; parallel steps overlap, so the sum can exceed the
wall time). Target: p95 of the total under 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

STAGES = ("load", "understand", "ground", "plan", "compile", "execute", "verify", "render", "total")
TARGET_P95_MS = 300.0


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return s[k]


def _sheet(folder: Path, name: str) -> Any:
    import pandas as pd

    return pd.read_excel(folder / f"{name}.xlsx", sheet_name="数据", dtype=object, engine="calamine")


def questions(folder: Path) -> list[str]:
    """Questions of the common shapes, with real names from the generated ledgers."""
    projects = _sheet(folder, "项目信息")
    people = _sheet(folder, "人员信息")
    areas = _sheet(folder, "片区信息")
    devices = _sheet(folder, "设备信息")
    finance = _sheet(folder, "项目月度财务")
    active = projects[projects["服务状态"] == "服务中"]
    with_finance = active[
        active["项目编号"].isin(set(finance["项目编号"]))
    ]  # the finance questions have data
    p1 = str((with_finance if len(with_finance) else active).iloc[0]["项目名称"])
    busy = devices["项目编号"].value_counts().index[0]
    p2 = str(projects[projects["项目编号"] == busy].iloc[0]["项目名称"])
    staffed = people.dropna(subset=["当前服务项目编号"])
    person = str(staffed.iloc[len(staffed) // 2]["姓名"])
    if (people["姓名"] == person).sum() > 1:
        person = str(staffed.iloc[0]["工号"])
    area = str(areas.iloc[0]["片区名称"])
    return [
        "一共有多少个项目",
        "服务中的项目有多少个",
        "有没有报废的设备",
        f"{p1}有多少人",
        f"3月{p1}有多少人",
        f"{p2}有哪些设备",
        f"{p2}有几台设备",
        f"{person}的岗位是什么",
        f"{person}在哪个片区",
        f"{area}有哪些项目",
        f"2026年3月{p1}的开票金额是多少",
        f"1到3月{p1}的收款金额合计",
        "3月平均每人加班多少小时",
        "保安有多少人",
        "各片区分别有多少个项目",
        "哪个项目3月开票金额最高",
        f"{p1}1到4月开票金额趋势",
        "3月哪些人缺勤",
        "哪些服务中的项目没有人员",
        "年龄超过50岁的员工有哪些",
        "连续三个月都有加班的人有哪些",
    ]


def _generate(scale: int, out: Path) -> None:
    subprocess.run(
        [sys.executable, str(REPO / "bench" / "gen_data.py"), "--scale", str(scale), "--out", str(out)],
        check=True,
    )


class StatementMeter:
    """Counts the statements a question sends and the milliseconds spent in them, by wrapping the
    connection's two entry points on this one instance (reads, and EXPLAIN / transaction functions)."""

    def __init__(self, conn: Any) -> None:
        import threading

        self.lock = threading.Lock()
        self.depth = threading.local()
        self.count = 0
        self.ms = 0.0
        for name in ("read", "read_tx"):
            setattr(conn, name, self._wrap(getattr(conn, name)))

    def _wrap(self, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            depth = getattr(self.depth, "n", 0)
            self.depth.n = depth + 1
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.depth.n = depth
                if depth == 0:  # the outermost call: one statement (or one EXPLAIN)
                    with self.lock:
                        self.count += 1
                        self.ms += (time.perf_counter() - t0) * 1000

        return timed

    def take(self) -> tuple[int, float]:
        with self.lock:
            out = (self.count, self.ms)
            self.count, self.ms = 0, 0.0
        return out


def run(conn: Any, folder: Path, rounds: int, today: date) -> dict[str, Any]:
    from kgdesk.agent.agent import Agent, AgentOptions
    from kgdesk.agent.memory import HistoryStore
    from kgdesk.app.asking import ask_async
    from kgdesk.config.settings import effective_settings

    settings = effective_settings()
    # the question service the CLI and the desktop share, offline, on an in-memory history
    agent = Agent(store=HistoryStore(), client=None, limits=settings.limits, today=today)
    options = AgentOptions(auto=True, offline=True, narrative=False)
    qs = questions(folder)
    cold: dict[str, list[float]] = defaultdict(list)
    warm: dict[str, list[float]] = defaultdict(list)
    statuses: Counter[str] = Counter()
    per_question: dict[str, list[float]] = defaultdict(list)
    statements: dict[str, list[int]] = defaultdict(list)
    graph_ms: dict[str, list[float]] = defaultdict(list)
    not_answered: dict[str, str] = {}
    meter = StatementMeter(conn)
    load_before = os.getloadavg()

    async def one(q: str) -> tuple[dict[str, float], str]:
        t0 = time.perf_counter()
        r = await ask_async(q, conn=conn, settings=settings, options=options, agent=agent)
        wall = (time.perf_counter() - t0) * 1000
        stages: dict[str, float] = defaultdict(float)
        for t in r.trace:
            stages[t["step"]] += float(t["ms"])
        stages["total"] = wall
        return stages, r.status

    for i in range(rounds):
        for q in qs:
            meter.take()
            stages, status = asyncio.run(one(q))
            n, ms = meter.take()
            bucket = cold if i == 0 else warm
            for k in STAGES:
                bucket[k].append(stages.get(k, 0.0))
            if i > 0:
                per_question[q].append(stages["total"])
                statements[q].append(n)
                graph_ms[q].append(ms)
            if i == 0:
                statuses[status] += 1
                if status != "answered":
                    not_answered[q] = status
    return {
        "questions": qs,
        "rounds": rounds,
        "load": {"start": list(load_before), "end": list(os.getloadavg())},
        "statuses": dict(statuses),
        "not_answered": not_answered,
        "cold": {k: {"p50": _pct(v, 0.5), "p95": _pct(v, 0.95)} for k, v in cold.items()},
        "warm": {
            k: {"p50": _pct(v, 0.5), "p95": _pct(v, 0.95), "mean": statistics.fmean(v)}
            for k, v in warm.items()
        },
        "per_question_p95": {q: _pct(v, 0.95) for q, v in per_question.items()},
        "per_question_p50": {q: _pct(v, 0.5) for q, v in per_question.items()},
        "samples": dict(per_question),
        "statements": {q: _pct([float(x) for x in v], 0.5) for q, v in statements.items()},
        "graph_ms_p50": {q: _pct(v, 0.5) for q, v in graph_ms.items()},
    }


LONG_NAME_CHARS = 10_000
MEMORY_LIMIT_MB = 300.0


def name_memory(conn: Any, today: date) -> dict[str, float]:
    """Peak memory of understanding one question (issue 13 item 1) on the published graph's entity
    index, without and with one extra project whose name is 10,000 characters long (a pasted
    paragraph): name matching must stay bounded whatever the length of a cell."""
    import tracemalloc

    from kgdesk.qa.executor import ReadOnlyGraph
    from kgdesk.qa.grounding import EntityIndex, Entry
    from kgdesk.qa.lexicon import load_lexicon, normalize
    from kgdesk.qa.planner import DeterministicPlanner
    from kgdesk.qa.understanding import UnderstandContext
    from kgdesk.qa.values import ValueIndex
    from kgdesk.templates.loader import default_template_set

    reader = ReadOnlyGraph(conn, timeout_s=60)
    _version, schema = reader.published()
    lx = load_lexicon()
    base = EntityIndex.build(reader, schema, lx)
    long_name = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(LONG_NAME_CHARS))
    extra = Entry(
        "项目", "XMSQ9990", "长名称项目（XMSQ9990）", "项目名称", "name", long_name, normalize(long_name)
    )
    qs = ["一共有多少个项目？", "青浦片区有几个项目", f"{long_name[500:510]}有多少人", "哪些设备报废了"]
    out: dict[str, float] = {}
    for tag, index in (("plain", base), ("long_name", EntityIndex([*base.entries, extra]))):
        ctx = UnderstandContext(
            schema=schema,
            index=index,
            values=ValueIndex(schema, lx),
            lexicon=lx,
            templates=default_template_set(),
            today=today,
        )
        planner = DeterministicPlanner(lx)
        peaks = []
        for q in qs:
            tracemalloc.start()
            try:
                planner.understand_sync(q, ctx)
                peaks.append(tracemalloc.get_traced_memory()[1] / 1e6)
            finally:
                tracemalloc.stop()
        out[tag] = max(peaks)
    return out


def report(doc: dict[str, Any]) -> str:
    lines = [
        f"确定性问答延迟（{len(doc['questions'])} 个问题 × {doc['rounds'] - 1} 轮热身后；首轮单列为冷启动）",
        "机器负载（1/5/15 分钟）：开始 {} → 结束 {}".format(
            *("/".join(f"{x:.1f}" for x in doc.get("load", {}).get(k, [])) for k in ("start", "end"))
        ),
        f"首轮状态：{doc['statuses']}"
        + "".join(f"\n  未回答（{st}）：{q}" for q, st in doc.get("not_answered", {}).items()),
        "",
        f"{'阶段':<12}{'p50 ms':>10}{'p95 ms':>10}{'冷 p95':>10}",
    ]
    for k in STAGES:
        w = doc["warm"].get(k)
        c = doc["cold"].get(k)
        if w is None:
            continue
        lines.append(f"{k:<12}{w['p50']:>10.1f}{w['p95']:>10.1f}{(c or {}).get('p95', float('nan')):>10.1f}")
    p95 = doc["warm"]["total"]["p95"]
    lines.append("")
    lines.append(
        f"总耗时 p95 = {p95:.1f} ms（目标 < {TARGET_P95_MS:.0f} ms）：{'达标' if p95 < TARGET_P95_MS else '未达标'}"
    )
    lines.append("")
    lines.append("各问题（ms；语句数 = 发往图数据库的语句，含 EXPLAIN；图耗时 = 等待这些语句的时间之和，中位数）：")
    lines.append(f"  {'p95':>8}{'p50':>8}{'语句数':>6}{'图耗时':>8}  问题")
    for q, v in sorted(doc["per_question_p95"].items(), key=lambda x: -x[1]):
        p50 = doc.get("per_question_p50", {}).get(q, float("nan"))
        n = doc.get("statements", {}).get(q, float("nan"))
        g = doc.get("graph_ms_p50", {}).get(q, float("nan"))
        lines.append(f"  {v:8.1f}{p50:8.1f}{n:6.0f}{g:8.1f}  {q}")
    mem = doc.get("name_memory_mb")
    if mem:
        lines.append("")
        ratio = mem["long_name"] / mem["plain"] if mem["plain"] else float("nan")
        lines.append(
            f"理解一个问题的峰值内存：{mem['plain']:.1f} MB；加一个 {LONG_NAME_CHARS} 字的项目名称后 "
            f"{mem['long_name']:.1f} MB（{ratio:.2f} 倍，上限 {MEMORY_LIMIT_MB:.0f} MB："
            f"{'达标' if mem['long_name'] < MEMORY_LIMIT_MB else '未达标'}）"
        )
    return "\n".join(lines)


def _worker(repo: Path, args: argparse.Namespace) -> int:
    """`run` with the code of another checkout (for --against): its kgdesk first on sys.path."""
    sys.path.insert(0, str(repo.resolve()))
    import kgdesk
    from kgdesk.graph.connection import GraphConnection

    assert Path(kgdesk.__file__).resolve().parent.parent == repo.resolve(), kgdesk.__file__
    conn = GraphConnection(args.uri, args.user, args.password, "neo4j")
    try:
        doc = run(conn, args.data, max(2, args.rounds), date.fromisoformat(args.today))
    finally:
        conn.close()
    args.json.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return 0


def side_by_side(uri: str, password: str, folder: Path, other: Path, rounds: int, pairs: int) -> dict[str, Any]:
    """This checkout and `other` on the same graph, alternating in fresh processes (ABBA…), so load
    changes on a shared machine fall on both alike; warm samples pooled per side."""
    sides = {"before": other.resolve(), "after": REPO}
    pooled: dict[str, dict[str, list[float]]] = {k: defaultdict(list) for k in sides}
    statements: dict[str, dict[str, float]] = {}
    answers: dict[str, dict[str, Any]] = {}
    loads = []
    with tempfile.TemporaryDirectory(prefix="kgdesk-bench-ab-") as tmp:
        for i in range(pairs):
            for side in ("before", "after") if i % 2 == 0 else ("after", "before"):
                out = Path(tmp) / f"{side}.json"
                loads.append(os.getloadavg()[0])
                subprocess.run(
                    [sys.executable, __file__, "--worker", str(sides[side]), "--uri", uri, "--password",
                     password, "--data", str(folder), "--rounds", str(rounds), "--json", str(out)],
                    check=True,
                )
                doc = json.loads(out.read_text(encoding="utf-8"))
                for q, v in doc["samples"].items():
                    pooled[side][q].extend(v)
                statements[side] = doc["statements"]
                answers[side] = doc["statuses"]
    return {"pooled": pooled, "statements": statements, "statuses": answers, "loads": loads,
            "other": str(other), "rounds": rounds, "pairs": pairs}


def side_by_side_report(ab: dict[str, Any]) -> str:
    pooled = ab["pooled"]
    qs = list(pooled["before"])
    lines = [
        f"前后对照（同一图谱，交替进程 {ab['pairs']} 对，每进程 {ab['rounds']} 轮、首轮不计）：before = {ab['other']}，after = 本工作区",
        "每个进程开始时的 1 分钟负载：" + " ".join(f"{x:.1f}" for x in ab["loads"]),
        f"首轮状态：before {ab['statuses']['before']}；after {ab['statuses']['after']}",
        "",
        f"{'':<8}{'p50 ms':>10}{'p95 ms':>10}",
    ]
    for side in ("before", "after"):
        xs = [x for q in qs for x in pooled[side][q]]
        lines.append(f"{side:<8}{_pct(xs, 0.5):>10.1f}{_pct(xs, 0.95):>10.1f}")
    lines += ["", f"{'p95 前':>8}{'p95 后':>8}{'p50 前':>8}{'p50 后':>8}{'语句 前':>7}{'语句 后':>7}  问题"]
    for q in sorted(qs, key=lambda q: -_pct(pooled["before"][q], 0.95)):
        b, a = pooled["before"][q], pooled["after"][q]
        nb, na = ab["statements"]["before"].get(q, 0), ab["statements"]["after"].get(q, 0)
        lines.append(
            f"{_pct(b, 0.95):8.1f}{_pct(a, 0.95):8.1f}{_pct(b, 0.5):8.1f}{_pct(a, 0.5):8.1f}{nb:7.0f}{na:7.0f}  {q}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="确定性问答路径的延迟（全量规模图谱）")
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--data", type=Path, help="已生成的台账目录（默认：临时目录中重新生成）")
    ap.add_argument("--uri", help="使用已有的图数据库（会在其中构建并发布一个新版本）")
    ap.add_argument("--user", default="neo4j")
    ap.add_argument("--password", default=os.environ.get("KGDESK_NEO4J_PASSWORD", ""))
    ap.add_argument("--today", default="2026-04-20")
    ap.add_argument("--against", type=Path, help="另一个检出目录（如 main）：在同一图谱上交替运行两边，并排输出")
    ap.add_argument("--pairs", type=int, default=3, help="--against：交替的进程对数")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker is not None:
        return _worker(args.worker, args)
    from offline_home import offline_home  # bench/ is on sys.path when a bench script runs

    from kgdesk.app.building import build_and_publish
    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import LocalGraphServer

    today = date.fromisoformat(args.today)
    with tempfile.TemporaryDirectory(prefix="kgdesk-bench-ask-") as tmp:
        home = offline_home(tmp)
        folder = args.data or Path(tmp) / f"data-x{args.scale}"
        if args.data is None:
            print(f"生成 ×{args.scale} 台账……", flush=True)
            _generate(args.scale, folder)
        server = None
        if args.uri:
            conn = GraphConnection(args.uri, args.user, args.password, "neo4j")
        else:
            print("启动临时本地图数据库……", flush=True)
            server = LocalGraphServer(Path(tmp) / "neo4j", password="kgdesk-bench-" + secrets.token_hex(8))
            server.start()
            conn = GraphConnection(server.uri, server.user, server.password, "neo4j")
        try:
            t0 = time.perf_counter()
            rep = build_and_publish([folder], conn, home=home)
            if rep.status != "published":
                print(f"构建失败：{rep.error}", file=sys.stderr)
                return 1
            print(
                f"已发布 {sum(rep.nodes.values())} 个节点、{sum(rep.relationships.values())} 条关系（{time.perf_counter() - t0:.0f} 秒）",
                flush=True,
            )
            if args.against is not None:
                uri = args.uri or (server.uri if server is not None else "")
                password = args.password if args.uri else (server.password if server is not None else "")
                ab = side_by_side(uri, password, folder, args.against, max(2, args.rounds), args.pairs)
                print(side_by_side_report(ab))
                if args.json:
                    args.json.write_text(json.dumps(ab, ensure_ascii=False, indent=2), encoding="utf-8")
                return 0
            doc = run(conn, folder, max(2, args.rounds), today)
            doc["nodes"], doc["relationships"] = rep.nodes, rep.relationships
            doc["name_memory_mb"] = name_memory(conn, today)
        finally:
            conn.close()
            if server is not None:
                server.stop()
    print(report(doc))
    if args.json:
        args.json.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    ok = doc["warm"]["total"]["p95"] < TARGET_P95_MS and doc["name_memory_mb"]["long_name"] < MEMORY_LIMIT_MB
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
