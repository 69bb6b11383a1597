"""Evaluation of offline question answering over the sets of tests/eval/runner.SETS: the dev set
on data/test_data (accuracy, citation rate, wrong-answer rate and abstain rate, plus the wrong and
abstained questions), the train set tests/eval/train (open: per question like the dev set, plus the
per-class table), and the blind held-out sets tests/eval/heldout, heldout2, … (aggregates and a
per-class table only, never a question).

Run: .venv/bin/python bench/eval.py [--set dev|train|heldout|heldout2|…|both|blind] [--ids q01,t007] [--json OUT.json]
     [--uri bolt://… --password …] [--llm]
With --llm the questions go through the configured language model (KGDESK_LLM_*): per question the
verdict, model calls, tokens and seconds (held-out: totals only). See bench/llm_eval.py.
Without --uri it starts its own local graph server (a temporary folder, a random password) and
stops it at the end; KGDESK_HOME is a temporary folder too, so nothing of the user's is touched.
The questions and gold answers are tests/eval (gold computed from the Excel files with pandas).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.eval import runner  # noqa: E402


def _args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="kgdesk 问答评测（data/test_data，离线，--auto）")
    ap.add_argument(
        "--set",
        choices=(*runner.SETS, "both", "blind"),
        default="both",
        help="评测集：dev（data/test_data）、train（训练集 tests/eval/train，逐题输出）、留出集 heldout、heldout2……"
        "（tests/eval/heldout*，只输出汇总）、both（默认：dev 和 heldout）或 blind（全部留出集）",
    )
    ap.add_argument("--ids", default="", help="只跑开发集或训练集的这些问题，逗号分隔（如 q01,t007）")
    ap.add_argument(
        "--json", type=Path, help="把开发集（或训练集）每个问题的结果写入这个 JSON 文件（留出集从不写出）"
    )
    ap.add_argument("--uri", help="使用已有的图数据库（默认：启动一个临时的本地图数据库）")
    ap.add_argument("--user", default="neo4j")
    ap.add_argument("--password", default=os.environ.get("KGDESK_NEO4J_PASSWORD", ""))
    ap.add_argument("--database", default="neo4j")
    ap.add_argument(
        "--core",
        action="store_true",
        help="直接调用对话代理 kgdesk.agent（无设置、无权限；默认：kgdesk.app.asking 的问答服务）",
    )
    ap.add_argument(
        "--llm",
        action="store_true",
        help="经已配置的语言模型服务（KGDESK_LLM_*）回答，逐题打印结果、调用次数、tokens 和耗时（留出集只打印汇总）",
    )
    args = ap.parse_args(argv)
    if args.llm and args.core:
        ap.error("--llm 用的是问答服务（agent），不能与 --core 同用")
    return args


def _asker(conn: Any, home: Path, today: Any, level: str) -> runner.Asker:
    if level != "llm":
        return runner.make_asker(conn, home, today=today, level=level)
    from llm_eval import make_llm_asker  # bench/ is on sys.path when a bench script runs

    asker, about = make_llm_asker(conn, home, today=today, role=runner.ROLE)
    print(about, flush=True)
    return asker


def _chosen(name: str) -> list[runner.EvalSet]:
    """The sets a --set value names: one set, "both" (dev and the first held-out set, the default)
    or "blind" (every held-out set)."""
    if name == "both":
        return [runner.SETS["dev"], runner.SETS["heldout"]]
    if name == "blind":
        return list(runner.BLIND_SETS)
    return [runner.SETS[name]]


def _evaluate_sets(
    conn: Any, home: Path, args: argparse.Namespace, ids: set[str]
) -> list[tuple[runner.EvalSet, list[runner.Scored]]]:
    """The chosen sets' results, one after the other on the same graph (--ids only for open sets)."""
    level = "llm" if args.llm else "core" if args.core else "app"
    out = []
    for eval_set in _chosen(args.set):
        doc, scored = runner.evaluate(
            conn,
            home,
            eval_set,
            lambda today: _asker(conn, home, today, level),
            frozenset() if eval_set.blind else frozenset(ids),
        )
        print(
            f"已构建并发布{eval_set.title}（{eval_set.folder}）：版本 {doc['version']}，"
            f"{sum(doc['nodes'].values())} 个节点，{len(scored)} 个问题",
            flush=True,
        )
        out.append((eval_set, scored))
    return out


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    ids = {x.strip() for x in args.ids.split(",") if x.strip()}
    from llm_eval import keep_llm_env, report, restore_llm_env
    from offline_home import offline_home  # bench/ is on sys.path when a bench script runs

    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import LocalGraphServer

    endpoint = keep_llm_env()
    with tempfile.TemporaryDirectory(prefix="kgdesk-eval-") as tmp:
        home = offline_home(tmp)
        if args.llm:
            restore_llm_env(endpoint)
        if args.uri:
            conn = GraphConnection(args.uri, args.user, args.password, args.database)
            try:
                results = _evaluate_sets(conn, home, args, ids)
            finally:
                conn.close()
        else:
            print("启动临时本地图数据库……", flush=True)
            server = LocalGraphServer(
                Path(tmp) / "neo4j",
                password="kgdesk-eval-" + secrets.token_hex(8),
                heap="768m",
                page_cache="128m",
            )
            server.start()
            try:
                conn = GraphConnection(server.uri, server.user, server.password, "neo4j")
                try:
                    results = _evaluate_sets(conn, home, args, ids)
                finally:
                    conn.close()
            finally:
                server.stop()
    level = "core" if args.core else "app"
    for eval_set, scored in results:
        print()
        if eval_set.blind:
            print(runner.heldout_report(scored, level, eval_set.folder))
        elif eval_set.name == "train":
            print(runner.train_report(scored, level))
        else:
            print(runner.report(scored, level))
        if args.llm:
            print(report(scored, blind=eval_set.blind))
    wrong = sum(runner.summarize(scored).wrong for _, scored in results)
    open_results = [scored for eval_set, scored in results if not eval_set.blind]
    if args.json and open_results:
        scored = open_results[0]
        args.json.write_text(
            json.dumps(
                [
                    {
                        "id": s.item.id,
                        "question": s.item.question,
                        "type": s.item.type,
                        "expected_status": s.item.expected_status,
                        "gold": runner.gold_text(s.gold),
                        "verdict": s.outcome.verdict.value,
                        "reason": s.outcome.reason,
                        "citation_ok": s.outcome.citation_ok,
                        "seconds": round(s.seconds, 3),
                        "result": s.result,
                    }
                    for s in scored
                ],
                ensure_ascii=False,
                indent=2,
                default=str,
            ),
            encoding="utf-8",
        )
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
