"""Gold answers of the thirty-seventh held-out set, computed with pandas from tests/eval/heldout37/data.

Only the set's constants live here (its fixed today and covered months; its ledgers and questions
beside this file); the interpreter, the parsers and the spec language are tests/eval/blind_gold.py.
"""

from __future__ import annotations

import datetime as dt

from tests.eval.blind_gold import GoldSet

GOLD = GoldSet.beside(__file__, today=dt.date(2026, 4, 14), coverage=("2026-01", "2026-04"))
"""The fixed "today" answers relative time in a question that states no date."""
DATA_DIR, TODAY, QUESTIONS, COVERAGE = GOLD.data_dir, GOLD.today, GOLD.questions, GOLD.coverage
