"""The fifth held-out set itself, without a graph: gold recomputed from the Excel files equals
the stored literals, the set has the promised size and mix, and gold never uses kgdesk."""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

from tests.eval import runner
from tests.eval.heldout5 import gold as g
from tests.eval.heldout5 import make_gold

HERE = Path(__file__).resolve().parent
DOCS = [json.loads(line) for line in g.QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
REASONS = {"no_such_entity", "no_such_field", "outside_coverage", "no_records", "conflicting_values"}
CLASSES = {
    "count", "list", "sum_avg", "extreme_rank", "top_n", "existence", "status", "colloquial",
    "time_reference", "now_current", "monthly_fact", "compare", "group_having", "region_rollup",
    "negation", "or_values", "threshold_percent", "share", "grouped", "not_in_data_entity",
    "not_in_data_month", "not_in_data_field", "non_data",
}  # fmt: skip


def test_stored_gold_equals_gold_recomputed_from_the_excel_files() -> None:
    fresh = {d["id"]: d for d in make_gold.items()}
    stored = {d["id"]: d for d in DOCS}
    assert fresh.keys() == stored.keys()
    differ = [i for i in stored if stored[i] != fresh[i]]
    assert not differ, f"stored gold differs from the recomputed gold: {differ}"


def test_every_item_loads_and_has_a_class() -> None:
    items = runner.load_items(g.QUESTIONS)
    assert len(items) == len(DOCS) >= 150
    assert [it.id for it in items] == [f"h5-{n:03d}" for n in range(1, len(items) + 1)]
    assert all(it.cls and it.has_literal for it in items)
    for it in items:
        if it.expected_status == "insufficient":
            assert it.reason in REASONS, it.id
        else:
            assert it.expected_status == "answered", it.id


def test_mix_of_the_set() -> None:
    classes = Counter(d["class"] for d in DOCS)
    assert set(classes) == CLASSES
    assert min(classes.values()) >= 7
    not_in_data = sum(d["class"].startswith(("not_in_data", "non_data")) for d in DOCS)
    assert 0.12 <= not_in_data / len(DOCS) <= 0.2
    assert len({d["question"] for d in DOCS}) == len(DOCS)
    reasons = Counter(d["reason"] for d in DOCS if d["expected_status"] == "insufficient")
    assert {"no_such_entity", "no_such_field", "outside_coverage"} <= reasons.keys()
    templates = {json.loads(d["gold"]["compute"]).get("t") for d in DOCS}
    assert len(templates - {None}) >= 14  # the questions reach (nearly) every ledger


def test_answered_gold_is_never_empty() -> None:
    """An empty list or a group table without rows would reward an answer that found nothing."""
    for d in DOCS:
        if d["expected_status"] == "answered" and d["gold"]["kind"] in ("names", "groups"):
            assert d["gold"]["value"], d["id"]


def test_the_data_is_small_and_from_the_generator() -> None:
    files = sorted((HERE / "data").glob("*.xlsx"))
    assert len(files) == 15
    assert sum(f.stat().st_size for f in files) < 2_000_000
    months = [r["年月"] for r in g.table("考勤与人员财务")]
    assert (min(months), max(months)) == g.COVERAGE
    assert g.COVERAGE[0] <= g.TODAY.isoformat()[:7] <= g.COVERAGE[1]  # today inside the coverage


def test_the_data_is_none_of_the_other_sets_data() -> None:
    from tests.eval.heldout import gold as heldout
    from tests.eval.heldout2 import gold as heldout2
    from tests.eval.heldout3 import gold as heldout3
    from tests.eval.heldout4 import gold as heldout4
    from tests.eval.train import gold as train

    others = (heldout, heldout2, heldout3, heldout4, train)
    assert g.DATA_DIR not in [o.DATA_DIR for o in others]
    assert g.TODAY not in [o.TODAY for o in others]
    readme = (HERE / "data" / "README.md").read_text(encoding="utf-8")
    assert "--seed 57510776" in readme
    assert all(seed not in readme for seed in ("51720931", "73041627", "97277398", "68591210", "45386304"))


def test_gold_never_uses_kgdesk() -> None:
    for path in (HERE / "gold.py", HERE / "make_gold.py", HERE / "author.py",
                 HERE.parent / "blind_gold.py", HERE.parent / "blind_make_gold.py"):  # fmt: skip
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
        assert not {m for m in imported if m.split(".")[0] == "kgdesk"}, path.name


def test_parsers_follow_templates_md() -> None:
    assert g.num("1,234.5") == 1234.5 and g.num("12.5万") == 125000 and g.num("12.5%") == 0.125
    assert g.ym("2026年3月") == "2026-03" and g.ym("202603") == "2026-03"
    assert str(g.day("2026年3月1日")) == "2026-03-01" and str(g.day("2026/3/1")) == "2026-03-01"
    assert g.code(" xmsq 0102 ") == "XMSQ0102"
