"""Small in-memory stand-ins built from the real template metadata (no graph needed)."""

from __future__ import annotations

from datetime import date
from typing import Any

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.planner import DeterministicPlanner
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus
from kgdesk.qa.values import ValueIndex
from kgdesk.templates.loader import default_template_set

VALUES: dict[tuple[str, str], list[Any]] = {
    ("项目", "服务状态"): ["服务中", "已结束", "未开始"],
    ("人员", "岗位名称"): ["保安_领班", "保安_普保", "保洁员", "项目经理"],
    ("人员", "员工层级"): ["一线员工", "项目管理人员", "职能管理人员"],
    ("人员", "性别"): ["男", "女"],
    ("设备", "完好状况"): ["完好", "带病运行", "停用", "报废"],
    ("投标记录", "中标结果"): ["中标", "未中标", "待定"],
    ("证书", "专业类别"): ["电工", "安保", "消防"],
}
MONTHS = ["2026-01", "2026-02", "2026-03", "2026-04"]


def schema_doc(version: str = "v-test") -> dict[str, Any]:
    ts = default_template_set()
    labels: dict[str, Any] = {}
    for label in ts.labels:
        props: dict[str, Any] = {}
        for t in ts.templates_for_label(label):
            for f in t.fields:
                entry: dict[str, Any] = {"type": f.type.value, "count": 10, "distinct": 5}
                if (label, f.name) in VALUES:
                    entry["values"] = VALUES[(label, f.name)]
                if f.sensitive:
                    entry["sensitive"] = True
                props.setdefault(f.name, entry)
        labels[label] = {
            "count": 10,
            "key": list(ts.key_of(label)),
            "display": ts.display_fields.get(label),
            "properties": props,
        }
    rels = []
    seen = set()
    for r in ts.relations:
        k = (r.type, r.start_label, r.end_label)
        if k in seen:
            continue
        seen.add(k)
        props = [p.name for p in r.edge_properties]
        if r.type == "服务于":
            props = ["开始", "结束", "依据"]
        rels.append(
            {"type": r.type, "start": r.start_label, "end": r.end_label, "count": 5, "properties": props}
        )
    return {
        "version": version,
        "labels": labels,
        "relationships": rels,
        "months": {"min": MONTHS[0], "max": MONTHS[-1], "list": MONTHS},
    }


def schema() -> SchemaView:
    return SchemaView.from_json(schema_doc())


INDEX_ROWS = [
    {
        "label": "项目",
        "_key": "XMSQ0102",
        "_display": "青浦-区图书馆（XMSQ0102）",
        "项目编号": "XMSQ0102",
        "项目名称": "青浦-区图书馆",
        "项目简称": "区图书馆",
        "甲方名称": "上海市青浦区图书馆",
        "服务状态": "服务中",
    },
    {
        "label": "项目",
        "_key": "XMSQ0150",
        "_display": "青浦-工业园区（XMSQ0150）",
        "项目编号": "XMSQ0150",
        "项目名称": "青浦-工业园区",
        "服务状态": "服务中",
    },
    {
        "label": "项目",
        "_key": "XMSQ0121",
        "_display": "青浦-赵巷公园（XMSQ0121）",
        "项目编号": "XMSQ0121",
        "项目名称": "青浦-赵巷公园",
        "服务状态": "已结束",
    },
    {
        "label": "项目",
        "_key": "XMSQ0122",
        "_display": "青浦-赵巷公园（XMSQ0122）",
        "项目编号": "XMSQ0122",
        "项目名称": "青浦-赵巷公园",
        "服务状态": "服务中",
    },
    {
        "label": "项目",
        "_key": "XMSQ0202",
        "_display": "徐汇-环境监测中心（XMSQ0202）",
        "项目编号": "XMSQ0202",
        "项目名称": "徐汇-环境监测中心",
        "服务状态": "服务中",
    },
    {
        "label": "项目",
        "_key": "XMSQ0205",
        "_display": "徐汇-区政务服务中心（XMSQ0205）",
        "项目编号": "XMSQ0205",
        "项目名称": "徐汇-区政务服务中心",
        "服务状态": "服务中",
    },
    {
        "label": "人员",
        "_key": "KWL2307024",
        "_display": "赵德胜（KWL2307024）",
        "工号": "KWL2307024",
        "姓名": "赵德胜",
    },
    {
        "label": "人员",
        "_key": "KWL0000001",
        "_display": "张伟（KWL0000001）",
        "工号": "KWL0000001",
        "姓名": "张伟",
    },
    {
        "label": "人员",
        "_key": "KWL0000002",
        "_display": "张伟（KWL0000002）",
        "工号": "KWL0000002",
        "姓名": "张伟",
    },
    {
        "label": "片区",
        "_key": "PQ01",
        "_display": "青浦片区（PQ01）",
        "片区编号": "PQ01",
        "片区名称": "青浦片区",
    },
]


def index() -> EntityIndex:
    return EntityIndex.from_rows(INDEX_ROWS, load_lexicon())


def context(today: date = date(2026, 4, 20)) -> UnderstandContext:
    sv = schema()
    lx = load_lexicon()
    return UnderstandContext(
        schema=sv,
        index=index(),
        values=ValueIndex(sv, lx),
        lexicon=lx,
        templates=default_template_set(),
        today=today,
    )


def understand(q: str, today: date = date(2026, 4, 20)) -> Understanding:
    """The deterministic planner's understanding of `q` on the in-memory schema and index."""
    return DeterministicPlanner().understand_sync(q, context(today))


def understand_with(
    q: str, today: date, values: dict[tuple[str, str], list[Any]], rows: list[dict[str, Any]] | None = None
) -> Understanding:
    """`understand` on a schema whose fields also list `values` and an index that also holds `rows`."""
    saved = dict(VALUES)
    VALUES.update(values)
    try:
        sv = SchemaView.from_json(schema_doc())
    finally:
        VALUES.clear()
        VALUES.update(saved)
    lx = load_lexicon()
    ctx = UnderstandContext(
        schema=sv,
        index=EntityIndex.from_rows([*INDEX_ROWS, *(rows or [])], lx),
        values=ValueIndex(sv, lx),
        lexicon=lx,
        templates=default_template_set(),
        today=today,
    )
    return DeterministicPlanner().understand_sync(q, ctx)


def planned(q: str, today: date = date(2026, 4, 20)) -> QueryPlan:
    """The plan of `q`, which must be understood as one."""
    u = understand(q, today)
    assert u.status is UnderstandingStatus.PLAN, (q, u.status, u.message)
    assert u.plan is not None
    return u.plan


def filter_set(plan: QueryPlan) -> set[tuple[str, str, object]]:
    """Every step's filters as (field, op, value) — a list value as a tuple — for membership asserts."""
    return {(f.field, f.op.value, tuple(f.value) if isinstance(f.value, list) else f.value) for s in plan.steps for f in s.filters}
