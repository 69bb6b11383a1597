"""Writing and checking a blind set's questions.jsonl, once for every blind set.

A set's make_gold.py passes its author module (the questions as written: ANSWERED, NOT_IN_DATA,
NON_DATA, CLARIFY), its GoldSet and its id prefix; the gold values are computed now, with pandas,
by tests/eval/blind_gold.py.
"""

from __future__ import annotations

import argparse
import json
from types import ModuleType
from typing import Any

from tests.eval.blind_gold import GoldSet, to_json

NONE = {"kind": "none", "compute": json.dumps({"op": "none"}), "value": None}


def items(author: ModuleType, gold: GoldSet, prefix: str) -> list[dict[str, Any]]:
    """Every question of `author` as one questions.jsonl document, gold computed now."""
    out: list[dict[str, Any]] = []

    def add(doc: dict[str, Any]) -> None:
        doc = {"id": f"{prefix}{len(out) + 1:03d}", **doc}
        out.append(doc)

    for cls, question, kind, spec in author.ANSWERED:
        value = to_json(gold.evaluate(spec))
        add(
            {
                "class": cls,
                "question": question,
                "type": cls,
                "expected_status": "answered",
                "gold": {"kind": kind, "compute": json.dumps(spec, ensure_ascii=False), "value": value},
            }
        )
    for cls, question, reason, missing in author.NOT_IN_DATA:
        add(
            {
                "class": cls,
                "question": question,
                "type": cls,
                "expected_status": "insufficient",
                "reason": reason,
                "missing": missing,
                "gold": dict(NONE),
            }
        )
    for cls, question in author.NON_DATA:
        add({"class": cls, "question": question, "type": cls, "expected_status": "answered", "gold": dict(NONE)})
    for cls, question, why in getattr(author, "CLARIFY", ()):
        add(
            {
                "class": cls,
                "question": question,
                "type": cls,
                "expected_status": "clarify",
                "notes": why,
                "gold": dict(NONE),
            }
        )
    return out


def render(docs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)


def main(argv: list[str] | None, docs: list[dict[str, Any]], gold: GoldSet, description: str) -> int:
    """Write `docs` to the set's questions.jsonl, or with --check only compare (exit 1 if they differ)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--check", action="store_true", help="只核对，不写文件")
    args = ap.parse_args(argv)
    text = render(docs)
    if args.check:
        same = gold.questions.read_text(encoding="utf-8") == text
        print("gold 一致" if same else "gold 与 questions.jsonl 不一致")
        return 0 if same else 1
    gold.questions.write_text(text, encoding="utf-8")
    print(f"写入 {gold.questions}（{text.count(chr(10))} 题）")
    return 0
