"""设备分几类 / 证书有几种 / 一共有几类设备: a number of kinds, never the number of items (it answered
the 20 devices). Counting the records of a label is only a count of kinds when each record is
itself a kind (lexicon kind_labels: 岗位 of 岗位字典); otherwise which field the kinds are (设备类型?
完好状况?) is not guessed here."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed

_KIND_WORDS = ("种", "类")


def kinds_counted(plan: QueryPlan, p: _Parsed, raw: dict[str, Any]) -> None:
    """Raises (needs an LLM) when 几种/几类 is answered by counting the items themselves."""
    agg = plan.aggregate
    if agg is None or agg.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) or agg.field not in (None, "_key"):
        return
    cues = [c for c in p.cue("count") if c.text.endswith(_KIND_WORDS)]
    if not cues:
        return
    label = plan.output_step.aliases().get(agg.node, "")
    if label in raw.get("kind_labels", {}).get("labels", []):
        return  # 有多少种岗位: each 岗位 record is a kind
    raise _needs_llm(f"「{cues[0].text}」问的是种类的个数，不是{label}的数量；无法确定按哪个字段分类")
