"""Every blind set and the train set themselves, without a graph: gold recomputed from the Excel
files equals the stored literals, each set has its promised size and mix, the sets share no data,
seed or today, and gold never uses kgdesk. (tests/eval/test_blind_sets.py asks them on the graph.)"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.eval import blind_gold, runner
from tests.eval.set_facts import SETS, SetFacts

EVAL = Path(__file__).resolve().parent
REASONS = {"no_such_entity", "no_such_field", "outside_coverage", "no_records", "conflicting_values"}
CLASSES = {
    "count", "list", "sum_avg", "extreme_rank", "top_n", "existence", "status", "colloquial",
    "time_reference", "now_current", "monthly_fact", "compare", "group_having", "region_rollup",
    "negation", "or_values", "threshold_percent", "share", "grouped", "not_in_data_entity",
    "not_in_data_month", "not_in_data_field", "non_data",
}  # fmt: skip
"""The 23 classes of the second to fifth held-out sets."""


CLASSED = [s for s in SETS if s.min_per_class]
by_name = pytest.mark.parametrize("facts", SETS, ids=lambda s: s.name)


@by_name
def test_stored_gold_equals_gold_recomputed_from_the_excel_files(facts: SetFacts) -> None:
    fresh = {d["id"]: d for d in facts.module("make_gold").items()}
    stored = {d["id"]: d for d in facts.docs}
    assert fresh.keys() == stored.keys()
    differ = [i for i in stored if stored[i] != fresh[i]]
    assert not differ, f"stored gold differs from the recomputed gold: {differ}"


@by_name
def test_every_item_loads_with_a_class_and_a_literal(facts: SetFacts) -> None:
    items = runner.load_items(facts.module("gold").QUESTIONS)
    assert len(items) == len(facts.docs) >= facts.min_items
    assert len({it.id for it in items}) == len(items)
    if facts.id_prefix is not None:
        assert [it.id for it in items] == [f"{facts.id_prefix}{n:03d}" for n in range(1, len(items) + 1)]
    assert all(it.cls and it.has_literal for it in items)
    for it in items:
        if it.expected_status == "insufficient":
            assert it.reason in REASONS, it.id
        else:
            assert it.expected_status in (
                ("answered",) if facts.min_per_class else ("answered", "clarify")
            ), it.id


@pytest.mark.parametrize("facts", CLASSED, ids=lambda s: s.name)
def test_mix_of_the_set(facts: SetFacts) -> None:
    docs = facts.docs
    classes = Counter(d["class"] for d in docs)
    assert set(classes) == CLASSES
    assert min(classes.values()) >= facts.min_per_class
    not_in_data = sum(d["class"].startswith(("not_in_data", "non_data")) for d in docs)
    assert 0.12 <= not_in_data / len(docs) <= 0.2
    assert len({d["question"] for d in docs}) == len(docs)
    reasons = Counter(d["reason"] for d in docs if d["expected_status"] == "insufficient")
    assert {"no_such_entity", "no_such_field", "outside_coverage"} <= reasons.keys()
    templates = {json.loads(d["gold"]["compute"]).get("t") for d in docs}
    assert len(templates - {None}) >= 14  # the questions reach (nearly) every ledger


@by_name
def test_answered_gold_is_never_empty(facts: SetFacts) -> None:
    """An empty list or a group table without rows would reward an answer that found nothing."""
    for d in facts.docs:
        if d["expected_status"] == "answered" and d["gold"]["kind"] in ("names", "groups"):
            assert d["gold"]["value"], d["id"]


@by_name
def test_the_data_is_small_and_from_the_generator(facts: SetFacts) -> None:
    g = facts.module("gold")
    files = sorted(g.DATA_DIR.glob("*.xlsx"))
    assert len(files) == 15
    assert sum(f.stat().st_size for f in files) < 2_000_000
    months = [r["年月"] for r in g.GOLD.table("考勤与人员财务")]
    assert (min(months), max(months)) == g.COVERAGE
    month = g.TODAY.isoformat()[:7]
    if facts.min_per_class:  # the newer sets' today lies inside the coverage, the first two's after it
        assert g.COVERAGE[0] <= month <= g.COVERAGE[1]
    else:
        assert month > g.COVERAGE[1]


def test_no_two_sets_share_data_seed_or_today() -> None:
    golds = [s.module("gold") for s in SETS]
    assert len({g.DATA_DIR for g in golds}) == len({g.TODAY for g in golds}) == len(SETS)
    readmes = [(g.DATA_DIR / "README.md").read_text(encoding="utf-8") for g in golds]
    seeds = [re.findall(r"--seed (\d+)", text) for text in readmes]
    assert all(len(set(s)) == 1 for s in seeds), "each data README names its one seed"
    own = [s[0] for s in seeds]
    assert len(set(own)) == len(SETS)
    for text, seed in zip(readmes, own, strict=True):
        assert not [other for other in own if other != seed and other in text]


def test_gold_never_uses_kgdesk() -> None:
    paths = [EVAL / "blind_gold.py", EVAL / "blind_make_gold.py"]
    paths += [EVAL / s.name / f for s in SETS for f in ("gold.py", "make_gold.py", "author.py")]
    for path in paths:
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
        assert not {m for m in imported if m.split(".")[0] == "kgdesk"}, path


def test_parsers_follow_templates_md() -> None:
    num, ym, day = blind_gold.num, blind_gold.ym, blind_gold.day
    assert num("1,234.5") == 1234.5 and num("12.5万") == 125000 and num("12.5%") == 0.125
    assert ym("2026年3月") == "2026-03" and ym("202603") == "2026-03"
    assert str(day("2026年3月1日")) == "2026-03-01" and str(day("2026/3/1")) == "2026-03-01"
    assert blind_gold.code(" xmsq 0102 ") == "XMSQ0102"
