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
    with_finance = active[active["项目编号"].isin(set(finance["项目编号"]))]  # the finance questions have data
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
    from kgdesk.qa import AutoInteractor, QuestionAnswerer, ask

    qa = QuestionAnswerer()
    qs = questions(folder)
    cold: dict[str, list[float]] = defaultdict(list)
    warm: dict[str, list[float]] = defaultdict(list)
    statuses: Counter[str] = Counter()
    per_question: dict[str, list[float]] = defaultdict(list)
    not_answered: dict[str, str] = {}

    async def one(q: str) -> tuple[dict[str, float], str]:
        t0 = time.perf_counter()
        r = await ask(q, conn=conn, interactor=AutoInteractor(), today=today, answerer=qa)
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
        finally:
            conn.close()
            if server is not None:
                server.stop()
    print(report(doc))
    if args.json:
        args.json.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0 if doc["warm"]["total"]["p95"] < TARGET_P95_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
