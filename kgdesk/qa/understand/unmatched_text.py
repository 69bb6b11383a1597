"""a word of the question searched as text must not silently drive a "没有".

An existence question whose text condition (a name searched with CONTAINS, a value taken as written)
matches no value of its field anywhere in the published graph is not answered "没有": the word was
not understood as data (这类项目 once became 项目名称 CONTAINS "这类"), so the answer says the word
was not found, with the field it was looked for in. A word that is a value of the field somewhere
(图书馆 in some project's name, only not under the other conditions) still answers "没有", and so does
a name the question marks as one (有没有叫王五的员工 / 名字里带星河的: the lexicon's name_markers and
name_contains' verbs)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Filter, Op, QueryPlan, QueryType
from kgdesk.qa.grounding import EntityIndex
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.name_contains import CONTAIN_VERBS


def _known_values(label: str, field: str, index: EntityIndex, schema: SchemaView) -> list[str] | None:
    """The field's values in the graph: the indexed names, else the meta-schema's listed values;
    None when neither holds them (nothing can be said)."""
    named = [e.norm for e in index.entries if e.label == label and e.field == field]
    if named:
        return named
    info = schema.prop(label, field)
    if info is not None and info.values:
        return [normalize(str(v)) for v in info.values if v is not None]
    return None


def _matches(f: Filter, values: list[str]) -> bool:
    raw = f.value if isinstance(f.value, list) else [f.value]
    words = [normalize(str(w)) for w in raw if w is not None]
    if f.op is Op.CONTAINS:
        return any(w and any(w in v for v in values) for w in words)
    return any(w in values for w in words)


def _marked(question: str, f: Filter) -> bool:
    """The question says the word is a name (叫王五 / 名字里带星河): asked as such, answered as such."""
    q = normalize(question)
    words = f.value if isinstance(f.value, list) else [f.value]
    marks = (*load_lexicon().name_markers, *CONTAIN_VERBS)
    return any(f"{mk}{normalize(str(w))}" in q for w in words for mk in marks)


def unmatched(
    plan: QueryPlan, probes: list[Any], index: EntityIndex, schema: SchemaView, question: str = ""
) -> list[Any]:
    """The probes (scope.Probe) whose condition's words, not marked as a name by the question, match
    no value of their field in the graph."""
    out = []
    for p in probes:
        if _marked(question, p.filter):
            continue
        label = plan.step(p.step_id).aliases().get(p.filter.node)
        values = _known_values(label, p.filter.field, index, schema) if label else None
        if values is not None and not _matches(p.filter, values):
            out.append(p)
    return out


def asked_name(plan: QueryPlan, probe: Any, question: str) -> bool:
    """有叫张伟的人吗: an existence question about a name the question marks as one is answered about that
    name — no one by it is a plain 没有 — and never with other records' look-alike names (蒋伟, 张丽) to pick."""
    return plan.query_type is QueryType.EXISTENCE and _marked(question, probe.filter)
