"""A "not in the data" (no_such_field) must only name a word that is no field, measure or aggregate of any
template: 耗材采购、固定资产、维保合同各自的金额合计是多少 was answered 台账中没有「金额合计」这一项 — a measure
(金额) and an aggregate word (合计) split wrongly by some rule, the rest claimed absent. That states something
untrue. Whatever rule raised it, a missing word wholly made of known words (template fields, field
synonyms, the aggregate and count words of the lexicon) is not absent: the question is refused as not
understood instead (checked once, where every refusal passes, planner._interpret)."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.plan_mentions import _needs_llm, _Stop
from kgdesk.qa.schema import SchemaView

_AGGREGATES = ("sum", "avg", "max", "min", "count", "distinct")


@cache
def _aggregate_words() -> frozenset[str]:
    cues = load_lexicon().raw.get("cues", {})
    return frozenset(normalize(w) for c in _AGGREGATES for w in cues.get(c, []) if normalize(w))


def _fields(schema: SchemaView) -> set[str]:
    names = {normalize(f) for info in schema.labels.values() for f in info.properties if not f.startswith("_")}
    return {n for n in names | {normalize(w) for w in load_lexicon().field_words()} if len(n) >= 2}


def made_of_known_words(word: str, schema: SchemaView) -> bool:
    """The word splits wholly into fields and aggregate words (的 between allowed), one field at least."""
    w, fields, aggs = normalize(word), _fields(schema), _aggregate_words()
    # best[i]: None = the prefix w[:i] cannot be split; else whether a field is among its pieces
    best: list[bool | None] = [False] + [None] * len(w)
    for i in range(len(w)):
        if best[i] is None:
            continue
        for j in range(i + 1, len(w) + 1):
            piece = w[i:j]
            is_field = piece in fields
            if is_field or piece in aggs or piece == "的":
                best[j] = bool(best[j]) or bool(best[i]) or is_field
    return bool(best[len(w)])


def checked_absence(stop: _Stop, schema: SchemaView) -> _Stop:
    """The stop itself, or a refusal when its no_such_field names only known words."""
    if stop.reason != "no_such_field" or not stop.missing or not made_of_known_words(stop.missing, schema):
        return stop
    return _needs_llm(f"「{stop.missing}」是台账中已有的字段和统计词，离线规则没能确定问的是哪一种统计")
