"""A model's plan is grounded like a rule plan: a month inside the data's coverage but outside the
months of the record type the plan's time condition is on (考勤 only to 3月, 财务 to 4月) is not in
the data (outside_coverage), never a count of 0."""

from __future__ import annotations

import dataclasses

from kgdesk.agent.plan_grounding import ground_plan
from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView
from tests.qa.helpers import context, schema_doc


def _plan(label: str, ym: str) -> QueryPlan:
    return QueryPlan.model_validate(
        {
            "query_type": "count",
            "steps": [
                {
                    "id": "s1",
                    "entity": label,
                    "time": [{"kind": "month_eq", "node": "n0", "field": "年月", "start": ym, "end": ym}],
                }
            ],
            "aggregate": {"fn": "count", "node": "n0"},
        }
    )


def test_month_outside_the_record_types_own_months() -> None:
    doc = schema_doc()
    doc["months"]["by_label"] = {"考勤": {"min": "2026-01", "max": "2026-03"}, "财务": {"min": "2026-01", "max": "2026-04"}}
    ctx = dataclasses.replace(context(), schema=SchemaView.from_json(doc))
    short = ground_plan(_plan("考勤", "2026-04"), ctx)
    assert short.outside and short.insufficient and "2026-04" in short.insufficient
    full = ground_plan(_plan("财务", "2026-04"), ctx)
    assert not full.outside and not full.insufficient
