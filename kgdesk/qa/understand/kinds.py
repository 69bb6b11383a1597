"""The one place that decides a record type's kind field (设备 → 设备类型, 检查记录 → 检查类型), and a
number of kinds counted with it: 设备分几类 / 证书有几种 / 一共有几类设备 is the number of distinct
values of the kind field — never the number of items (it once answered the 20 devices). A type whose
every record is itself a kind (lexicon kind_labels: 岗位 of 岗位字典) counts its records. With no single
kind field (证书: 证书类别 and 专业类别) which is meant is not guessed."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn, Aggregate, QueryPlan
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView

_KIND_WORDS = ("种", "类")
_KIND_ENDS = ("类型", "类别")


def records_are_kinds(label: str, raw: dict[str, Any]) -> bool:
    """每个岗位 record is itself a kind (lexicon kind_labels)."""
    return label in raw.get("kind_labels", {}).get("labels", [])


def kind_field(schema: SchemaView, label: str) -> str | None:
    """The type's one present text field named …类型 / …类别 with more than one value, or None."""
    info = schema.labels.get(label)
    if info is None:
        return None
    kinds = [
        k
        for k, pi in info.properties.items()
        if k.endswith(_KIND_ENDS) and pi.present and not pi.numeric and pi.distinct != 1
    ]
    return kinds[0] if len(kinds) == 1 else None


def kinds_counted(plan: QueryPlan, schema: SchemaView, p: _Parsed, raw: dict[str, Any]) -> QueryPlan | None:
    """几种/几类 counted: the distinct values of the kind field; refused (needs an LLM) when the type
    has no single kind field; None when the question counts no kinds."""
    agg = plan.aggregate
    if agg is None or agg.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) or agg.field not in (None, "_key"):
        return None
    cues = [c for c in p.cue("count") if c.text.endswith(_KIND_WORDS)]
    if not cues:
        return None
    label = plan.output_step.aliases().get(agg.node, "")
    if records_are_kinds(label, raw):
        return None  # 有多少种岗位: each 岗位 record is a kind
    field = kind_field(schema, label)
    if field is None or plan.group_by:
        raise _needs_llm(f"「{cues[0].text}」问的是种类的个数，不是{label}的数量；无法确定按哪个字段分类")
    return plan.model_copy(update={"aggregate": Aggregate(fn=AggFn.COUNT_DISTINCT, node=agg.node, field=field)})
