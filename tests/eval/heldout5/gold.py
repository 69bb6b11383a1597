"""Gold answers of the fifth held-out set, computed with pandas from tests/eval/heldout5/data.

The interpreter, the parsers and the spec language are tests/eval/blind_gold.py, shared by every
blind set; this module holds only the set's constants (its data folder, today, question file and
covered months) and re-exports what the set's tests, make_gold.py and tests/eval/runner.py use.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.eval.blind_gold import (
    DATA_SHEET,
    OPS,
    Gold,
    GoldSet,
    Spec,
    code,
    day,
    num,
    parse,
    text,
    to_json,
    ym,
)

HERE = Path(__file__).resolve().parent
DATA_DIR = HERE / "data"
QUESTIONS = HERE / "questions.jsonl"
TODAY = dt.date(2026, 3, 6)
"""The fixed "today" of the fifth held-out set: relative time in a question that states no date."""
COVERAGE = ("2026-01", "2026-04")

GOLD = GoldSet(DATA_DIR, TODAY, QUESTIONS, COVERAGE)
evaluate = GOLD.evaluate
select = GOLD.select
table = GOLD.table
raw_sheet = GOLD.raw_sheet
region_of = GOLD.region_of

__all__ = [
    "COVERAGE", "DATA_DIR", "DATA_SHEET", "GOLD", "OPS", "QUESTIONS", "TODAY", "Gold", "Spec",
    "code", "day", "evaluate", "num", "parse", "raw_sheet", "region_of", "select", "table",
    "text", "to_json", "ym",
]  # fmt: skip
