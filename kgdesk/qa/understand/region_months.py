"""Monthly headcounts of a region or of the whole company, from the month's 考勤 rows
(青浦片区每个月的考勤人数 / 2026年3月各片区考勤人数分别是多少 / 每个月考勤表上各有多少人).

A headcount in a month is the same measure in every shape (as the single form 青浦片区3月考勤人数): the
distinct 工号 of that month's 考勤 rows per group, never the rows (a person on two projects of one region
in one month is one person of that region; on two regions, one of each). A region's counts the people of
its projects' rows, through each row's own project (考勤 → 项目 → 片区) — a project linked to two regions
counts in both. One grouping only: per month (for one region, or the company) or per region (in the
months said). 按人算 / 去重 and anything else named are left to the other rules."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    FieldRef,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    Step,
    TimeFilter,
    ValueSource,
)
from kgdesk.qa.plan_builder import _Anchor
from kgdesk.qa.plan_mentions import _M

_PEOPLE = ("人数", "多少人", "几个人", "几人", "多少个人")
_DISTINCT = ("按人", "去重", "不同", "重复")
_FACT, _REGION = "考勤", "片区"


def _labels(m: _M) -> set[str]:
    return {str(s.get("label")) for s in m.senses if s.kind == "label"} if m.kind == "lex" else set()


def region_months(itp: Any, anchors: list[_Anchor]) -> QueryPlan | None:
    p = itp.p
    qn: str = p.qn
    named = set().union(*(_labels(m) for m in p.mentions)) if p.mentions else set()
    if _FACT not in named or not named <= {_FACT, _REGION, "人员"} or any(w in qn for w in _DISTINCT):
        return None
    people = [m for m in p.mentions if m.kind == "lex" and any(w in m.text for w in _PEOPLE)]
    if not people or any(a.label != _REGION for a in anchors) or len(anchors) > 1:
        return None
    per_month = itp.cue("trend")
    per_region = [
        g
        for g in itp.cue("group")
        if (n := p.next_after(g, skip_fillers=False)) is not None and _REGION in _labels(n)
    ]
    times = p.of("time")
    if bool(per_month) == bool(per_region) or (per_region and (anchors or not times)):
        return None  # both or neither grouping; per region needs the month (else person-months)
    schema = itp.ctx.schema
    if schema.rel("所属项目", _FACT, "项目") is None or schema.rel("属于片区", "项目", _REGION) is None:
        return None
    step_filters: list[Filter] = []
    hops: list[Hop] = []
    if anchors or per_region:
        hops = [
            Hop(source="n0", rel="所属项目", direction="out", target="项目"),
            Hop(source="n1", rel="属于片区", direction="out", target=_REGION),
        ]
    if anchors:
        a = anchors[0]
        step_filters.append(
            Filter(
                node="n2",
                field="_key",
                op=Op.EQ if len(a.keys) == 1 else Op.IN,
                value=a.keys[0] if len(a.keys) == 1 else a.keys,
                value_source=ValueSource.GROUNDED,
                text=a.text,
            )
        )
    time: list[TimeFilter] = []
    if times:
        start, end = min(t.data.start for t in times), max(t.data.end for t in times)
        itp._coverage(start, end, strict=True)
        kind = "month_eq" if start == end else "month_range"
        time.append(TimeFilter(kind=kind, node="n0", field="年月", start=start, end=end))
    for m in (*people, *per_month, *per_region, *times):
        itp.use(m)
    for m in p.mentions:
        if _labels(m) and _labels(m) <= {_FACT, _REGION, "人员"}:
            itp.use(m)
    step = Step(entity=_FACT, hops=hops, filters=step_filters, time=time, description=f"每月的{_FACT}记录")
    by = FieldRef(node="n2", field=None) if per_region else FieldRef(node="n0", field="年月")
    itp._note(
        f"口径：某月的人数按该月{_FACT}记录中不同的工号计（同一人同月在同一组的多个项目只算一次）"
        + ("，片区按记录自身项目所属的片区，一个项目属于两个片区时两边都计" if hops else "")
    )
    return QueryPlan(
        query_type=QueryType.AGGREGATE if per_region else QueryType.TREND,
        steps=[step],
        group_by=[by],
        aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="工号"),  # people, never rows
        sort=[Sort(by="group", direction="asc")],
    )
