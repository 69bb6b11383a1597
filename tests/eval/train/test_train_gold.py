"""The train set itself, without a graph: gold recomputed from the Excel files equals the stored
literals, the set has the promised size and mix, and gold never uses kgdesk."""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

from tests.eval import runner
from tests.eval.train import gold as g
from tests.eval.train import make_gold

HERE = Path(__file__).resolve().parent
DOCS = [json.loads(line) for line in g.QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
REASONS = {"no_such_entity", "no_such_field", "outside_coverage", "no_records", "conflicting_values"}


def test_stored_gold_equals_gold_recomputed_from_the_excel_files() -> None:
    fresh = {d["id"]: d for d in make_gold.items()}
    stored = {d["id"]: d for d in DOCS}
    assert fresh.keys() == stored.keys()
    differ = [i for i in stored if stored[i] != fresh[i]]
    assert not differ, f"stored gold differs from the recomputed gold: {differ}"


def test_every_item_loads_and_has_a_class() -> None:
    items = runner.load_items(g.QUESTIONS)
    assert len(items) == len(DOCS) >= 220
    assert [it.id for it in items] == [f"t{n:03d}" for n in range(1, len(items) + 1)]
    assert all(it.cls and it.has_literal for it in items)
    for it in items:
        if it.expected_status == "insufficient":
            assert it.reason in REASONS, it.id
        else:
            assert it.expected_status in ("answered", "clarify"), it.id


def test_mix_of_the_set() -> None:
    statuses = Counter(d["expected_status"] for d in DOCS)
    classes = Counter(d["class"] for d in DOCS)
    not_in_data = sum(d["class"].startswith(("not_in_data", "non_data")) for d in DOCS)
    assert 0.1 <= not_in_data / len(DOCS) <= 0.2
    assert statuses["clarify"] <= 5
    assert len(classes) >= 20 and min(classes.values()) >= 2
    assert len({d["question"] for d in DOCS}) == len(DOCS)
    reasons = Counter(d["reason"] for d in DOCS if d["expected_status"] == "insufficient")
    assert {"no_such_entity", "no_such_field", "outside_coverage", "no_records"} <= reasons.keys()


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
    assert g.TODAY.isoformat() > g.COVERAGE[1]


def test_the_train_data_is_not_the_heldout_data() -> None:
    from tests.eval.heldout import gold as heldout

    assert g.DATA_DIR != heldout.DATA_DIR and g.TODAY != heldout.TODAY
    readme = (HERE / "data" / "README.md").read_text(encoding="utf-8")
    assert "--seed 73041627" in readme and "51720931" not in readme


def test_gold_never_uses_kgdesk() -> None:
    for module in ("gold.py", "make_gold.py", "author.py"):
        tree = ast.parse((HERE / module).read_text(encoding="utf-8"))
        imported: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
        assert not {m for m in imported if m.split(".")[0] == "kgdesk"}, module


def test_parsers_follow_templates_md() -> None:
    assert g.num("1,234.5") == 1234.5 and g.num("12.5万") == 125000 and g.num("12.5%") == 0.125
    assert g.ym("2026年3月") == "2026-03" and g.ym("202603") == "2026-03"
    assert str(g.day("2026年3月1日")) == "2026-03-01" and str(g.day("2026/3/1")) == "2026-03-01"
    assert g.code(" xmsq 0102 ") == "XMSQ0102"
