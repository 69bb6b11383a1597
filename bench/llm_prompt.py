"""Token counts of the real planning prompts, before (the whole schema and lexicon, the full JSON
Schema of the reply) and after (only what the question can touch, a compact reply type), over the
dev eval questions (tests/eval/questions.jsonl) on the full data/test_data schema.

Run: .venv/bin/python bench/llm_prompt.py [--cache /tmp/kgdesk-prompt-ctx.pickle] [--show q07]

It builds and publishes data/test_data in a temporary local graph server (or reuses --cache), then
composes each question's planning messages exactly as the client sends them and counts tokens with
kgdesk's estimator (one per CJK character, one per four other characters: on the high side for
Chinese). "Per call" is the first planning call (it carries the reply's type); "per question" is
the agent's planning calls when the model needs all of its tries (1 with the type, 2 with feedback).
"""

from __future__ import annotations

import argparse
import json
import pickle
import secrets
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.eval import gold as g  # noqa: E402
from tests.eval import runner  # noqa: E402

FEEDBACK = ["计划与图谱不符：人员 没有属性「性别x」"]


def _context(cache: Path | None) -> Any:
    """(schema, entity index) of data/test_data as published, built once and pickled."""
    if cache is not None and cache.exists():
        return pickle.loads(cache.read_bytes())
    from offline_home import offline_home

    from kgdesk.graph.connection import GraphConnection
    from kgdesk.graph.local_server import LocalGraphServer
    from kgdesk.qa.executor import GraphReader
    from kgdesk.qa.grounding import EntityIndex
    from kgdesk.qa.lexicon import load_lexicon

    with tempfile.TemporaryDirectory(prefix="kgdesk-prompt-") as tmp:
        home = offline_home(tmp)
        server = LocalGraphServer(
            Path(tmp) / "neo4j", password="kgdesk-bench-" + secrets.token_hex(8), heap="768m", page_cache="128m"
        )
        print("启动临时本地图数据库并发布 data/test_data……", flush=True)
        server.start()
        try:
            conn = GraphConnection(server.uri, server.user, server.password, "neo4j")
            try:
                runner.build(conn, home)
                reader = GraphReader(conn)
                _version, schema = reader.published()
                index = EntityIndex.build(reader, schema, load_lexicon())
            finally:
                conn.close()
        finally:
            server.stop()
    ctx = (schema, index)
    if cache is not None:
        cache.write_bytes(pickle.dumps(ctx))
    return ctx


def _ctx(schema: Any, index: Any) -> Any:
    from kgdesk.qa.grounding import ValueIndex
    from kgdesk.qa.lexicon import load_lexicon
    from kgdesk.qa.understanding import UnderstandContext
    from kgdesk.templates.loader import default_template_set

    lexicon = load_lexicon()
    return UnderstandContext(
        schema=schema,
        index=index,
        values=ValueIndex(schema, lexicon),
        lexicon=lexicon,
        templates=default_template_set(),
        today=g.TODAY,
        offline=False,
    )


def _before(question: str, ctx: Any, feedback: list[str], with_schema: bool) -> list[Any]:
    """The planning messages as kgdesk sent them before compact prompts (main at d2ebe0b)."""
    from kgdesk.agent import prompts as p
    from kgdesk.agent.llm_understander import LLMPlanReply
    from kgdesk.llm.jsonout import with_json_instruction
    from kgdesk.llm.types import ChatMessage

    system = "\n\n".join(
        [
            p.SAFETY,
            p.DSL_RULES,
            p.schema_text(ctx.schema, ctx.lexicon),
            p.lexicon_text(ctx.lexicon, ctx.schema, []),
            p.coverage_text(ctx.schema, ctx.today),
        ]
    )
    parts = ["当前问题：\n" + p.delimit(question)]
    if feedback:
        parts.append("需要根据以下反馈修正计划：\n" + "\n".join(f"- {x}" for x in feedback))
    text = "只输出一个 JSON 对象，不要输出任何其他文字、解释或 Markdown 代码块标记。"
    if with_schema:
        schema = json.dumps(LLMPlanReply.model_json_schema(), ensure_ascii=False, separators=(",", ":"))
        text += f"\n该 JSON 必须符合以下 JSON Schema：\n{schema}"
    msgs = [ChatMessage(role="system", content=system), ChatMessage(role="user", content="\n\n".join(parts))]
    return with_json_instruction(msgs, text)


def _after(question: str, ctx: Any, feedback: list[str], with_schema: bool) -> list[Any]:
    """The planning messages as the LLM understander and the client send them now."""
    from kgdesk.agent.llm_understander import LLMPlanReply, LLMUnderstander
    from kgdesk.llm.jsonout import json_instruction, with_json_instruction

    und = LLMUnderstander(client=None)  # type: ignore[arg-type]  # messages() never calls the client
    msgs = und.messages(question, ctx, feedback)
    return with_json_instruction(msgs, json_instruction(LLMPlanReply, include_schema=with_schema))


def _tokens(msgs: list[Any]) -> int:
    from kgdesk.llm.accounting import estimate_prompt_tokens

    return estimate_prompt_tokens(msgs)


def _pct(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="规划提示词的 token 数（精简前后，dev 评测问题）")
    ap.add_argument("--cache", type=Path, help="把发布后的元图谱和名称索引缓存到这个文件（再跑时复用）")
    ap.add_argument("--show", default="", help="打印这个问题（如 q07）精简后的完整提示词")
    args = ap.parse_args(argv)
    schema, index = _context(args.cache)
    ctx = _ctx(schema, index)
    items = runner.load_items()
    rows: dict[str, dict[str, list[int]]] = {"before": {"call": [], "question": [], "chars": []},
                                              "after": {"call": [], "question": [], "chars": []}}
    for it in items:
        for name, compose in (("before", _before), ("after", _after)):
            first = compose(it.question, ctx, [], True)
            retry = compose(it.question, ctx, FEEDBACK, False)
            call = _tokens(first)
            rows[name]["call"].append(call)
            rows[name]["question"].append(call + 2 * _tokens(retry))
            rows[name]["chars"].append(sum(len(m["content"]) for m in first))
        if args.show and it.id == args.show:
            for m in _after(it.question, ctx, [], True):
                print(f"----- {m['role']} -----\n{m['content']}")
    print(f"dev 评测问题 {len(items)} 个（tests/eval/questions.jsonl），完整 data/test_data 元图谱")
    print(f"{'':8}{'每次调用 p50':>14}{'p95':>8}{'最大':>8}{'字符 p50':>10}{'每个问题 p50':>14}{'p95':>8}")
    for name in ("before", "after"):
        r = rows[name]
        print(
            f"{name:8}{_pct(r['call'], 0.5):>14}{_pct(r['call'], 0.95):>8}{max(r['call']):>8}"
            f"{_pct(r['chars'], 0.5):>10}{_pct(r['question'], 0.5):>14}{_pct(r['question'], 0.95):>8}"
        )
    b, a = rows["before"], rows["after"]
    print(
        f"after/before：每次调用 p50 {statistics.median(a['call']) / statistics.median(b['call']):.2f}，"
        f"每个问题 p50 {statistics.median(a['question']) / statistics.median(b['question']):.2f}"
    )
    over = [it.id for it, n in zip(items, a["call"], strict=True) if n > 3000]
    print(f"精简后超过 3000 tokens 的调用：{len(over)} 个 {over[:10]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
