"""Write questions.jsonl from author.py, with the gold values computed by gold.py.

Run: .venv/bin/python -m tests.eval.train.make_gold [--check]
--check recomputes every gold value and exits 1 when the stored file differs (the test does too).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tests.eval.train import author
from tests.eval.train import gold as g


def items() -> list[dict[str, Any]]:
    """Every question as one questions.jsonl document, gold computed now."""
    out: list[dict[str, Any]] = []

    def add(doc: dict[str, Any]) -> None:
        doc = {"id": f"t{len(out) + 1:03d}", **doc}
        out.append(doc)

    for cls, question, kind, spec in author.ANSWERED:
        value = g.to_json(g.evaluate(spec))
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
                "gold": {"kind": "none", "compute": json.dumps({"op": "none"}), "value": None},
            }
        )
    for cls, question in author.NON_DATA:
        add(
            {
                "class": cls,
                "question": question,
                "type": cls,
                "expected_status": "answered",
                "gold": {"kind": "none", "compute": json.dumps({"op": "none"}), "value": None},
            }
        )
    for cls, question, why in author.CLARIFY:
        add(
            {
                "class": cls,
                "question": question,
                "type": cls,
                "expected_status": "clarify",
                "notes": why,
                "gold": {"kind": "none", "compute": json.dumps({"op": "none"}), "value": None},
            }
        )
    return out


def render(docs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="生成或核对训练评测集的 gold")
    ap.add_argument("--check", action="store_true", help="只核对，不写文件")
    args = ap.parse_args(argv)
    text = render(items())
    if args.check:
        same = g.QUESTIONS.read_text(encoding="utf-8") == text
        print("gold 一致" if same else "gold 与 questions.jsonl 不一致")
        return 0 if same else 1
    g.QUESTIONS.write_text(text, encoding="utf-8")
    print(f"写入 {g.QUESTIONS}（{text.count(chr(10))} 题）")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
