"""Issue 13 items 1 and 4: name matching costs bounded memory whatever the length of a name, and
names in the data never outrank the schema's own words."""

from __future__ import annotations

import tracemalloc

from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.understanding import UnderstandContext, UnderstandingStatus
from tests.qa import helpers


def _ctx(extra_rows: list[dict[str, object]]) -> UnderstandContext:
    ctx = helpers.context()
    ctx.index = EntityIndex.from_rows([*helpers.INDEX_ROWS, *extra_rows], load_lexicon())
    return ctx


def _project(key: str, name: str, short: str) -> dict[str, object]:
    return {
        "label": "项目",
        "_key": key,
        "_display": f"{name}（{key}）",
        "项目编号": key,
        "项目名称": name,
        "项目简称": short,
        "服务状态": "服务中",
    }


def test_a_ten_thousand_character_name_costs_little_memory() -> None:
    long_name = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(10_000))
    ctx = _ctx([_project("XMSQ0999", long_name, "长名称项目")])
    planner = DeterministicPlanner()
    tracemalloc.start()
    try:
        und = planner.understand_sync("一共有多少个项目？", ctx)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert und.status is UnderstandingStatus.PLAN
    assert peak < 50 * 1024 * 1024, f"peak {peak / 1e6:.0f} MB"
    # a part of the long name still finds the project
    und = planner.understand_sync(f"{long_name[100:110]}有多少人", ctx)
    assert any(g.key == "XMSQ0999" for g in und.groundings)


def test_schema_words_outrank_data_names() -> None:
    ctx = _ctx(
        [
            _project("XMSQ0901", "人员公寓", "人员"),
            _project("XMSQ0902", "设备中心", "设备"),
            _project("XMSQ0903", "一共有多少大厦", "一共有多少"),
        ]
    )
    planner = DeterministicPlanner()
    for q, label in (
        ("一共有多少个人员", "人员"),
        ("一共有多少个项目", "项目"),
        ("一共有多少台设备", "设备"),
    ):
        und = planner.understand_sync(q, ctx)
        assert und.status is UnderstandingStatus.PLAN, (q, und.message)
        assert und.plan is not None
        step = und.plan.steps[0]
        assert step.entity == label and not step.filters and not step.hops, (q, step)
