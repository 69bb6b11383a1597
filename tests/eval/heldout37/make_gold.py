"""Write questions.jsonl from author.py, with the gold values computed by gold.py.

Run: .venv/bin/python -m tests.eval.heldout37.make_gold [--check]
--check recomputes every gold value and exits 1 when the stored file differs (the test does too).
The work is tests/eval/blind_make_gold.py's, shared by every blind set.
"""

from __future__ import annotations

from typing import Any

from tests.eval import blind_make_gold as core
from tests.eval.heldout37 import author
from tests.eval.heldout37 import gold as g


def items() -> list[dict[str, Any]]:
    """Every question as one questions.jsonl document, gold computed now."""
    return core.items(author, g.GOLD, "h37-")


def render(docs: list[dict[str, Any]]) -> str:
    return core.render(docs)


def main(argv: list[str] | None = None) -> int:
    return core.main(argv, items(), g.GOLD, "生成或核对第三十七留出评测集的 gold")


if __name__ == "__main__":
    raise SystemExit(main())
