"""Latency of the deterministic question path on the full-volume graph: p50 / p95 per stage.

Run: .venv/bin/python bench/ask.py [--scale 1] [--rounds 20] [--json OUT] [--uri bolt://… --password …]

Generates the full-volume ledgers with bench/gen_data.py (into a temporary folder), starts its own
local graph server in a temporary folder (never the user's), builds and publishes, then asks a set
of questions of every common shape — built from names found in the generated files — `--rounds`
times each, with --auto semantics. Stages come from each answer's trace: understand, ground,
(plan), compile, execute, render; "total" is the whole `ask()` call. The first round is reported
separately as cold (entity index, EXPLAIN cache and server plan cache are filled then).
Target: p95 of the total under 300 ms.
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
    not_answered: dict[str, str] = {}

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
            stages, status = asyncio.run(one(q))
            bucket = cold if i == 0 else warm
            for k in STAGES:
                bucket[k].append(stages.get(k, 0.0))
            if i > 0:
                per_question[q].append(stages["total"])
            if i == 0:
                statuses[status] += 1
                if status != "answered":
                    not_answered[q] = status
    return {
        "questions": qs,
        "rounds": rounds,
        "statuses": dict(statuses),
        "not_answered": not_answered,
        "cold": {k: {"p50": _pct(v, 0.5), "p95": _pct(v, 0.95)} for k, v in cold.items()},
        "warm": {
            k: {"p50": _pct(v, 0.5), "p95": _pct(v, 0.95), "mean": statistics.fmean(v)}
            for k, v in warm.items()
        },
        "per_question_p95": {q: _pct(v, 0.95) for q, v in per_question.items()},
    }


LONG_NAME_CHARS = 10_000
MEMORY_LIMIT_MB = 300.0


def name_memory(conn: Any, today: date) -> dict[str, float]:
    """Peak memory of understanding one question (issue 13 item 1) on the published graph's entity
    index, without and with one extra project whose name is 10,000 characters long (a pasted
    paragraph): name matching must stay bounded whatever the length of a cell."""
    import tracemalloc

    from kgdesk.qa.executor import ReadOnlyGraph
    from kgdesk.qa.grounding import EntityIndex, Entry, ValueIndex
    from kgdesk.qa.lexicon import load_lexicon, normalize
    from kgdesk.qa.planner import DeterministicPlanner
    from kgdesk.qa.understanding import UnderstandContext
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
    lines.append("各问题 p95（ms）：")
    for q, v in sorted(doc["per_question_p95"].items(), key=lambda x: -x[1]):
        lines.append(f"  {v:8.1f}  {q}")
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
    args = ap.parse_args(argv)
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
