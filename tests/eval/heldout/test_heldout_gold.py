"""What is the first held-out set's own: its mix of classes and statuses (the checks every set
shares are tests/eval/test_blind_set_gold.py's)."""

from __future__ import annotations

from collections import Counter

from tests.eval.set_facts import SETS

DOCS = next(s for s in SETS if s.name == "heldout").docs


def test_mix_of_the_set() -> None:
    statuses = Counter(d["expected_status"] for d in DOCS)
    not_in_data = sum(d["class"].startswith(("not_in_data", "non_data")) for d in DOCS)
    assert 0.12 <= not_in_data / len(DOCS) <= 0.2
    assert statuses["clarify"] <= 5
    assert len({d["class"] for d in DOCS}) >= 15
    assert len({d["question"] for d in DOCS}) == len(DOCS)
