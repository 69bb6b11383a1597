"""3月份的耗材采购（按年月算）花了多少钱: a bracket that says which month field the time is on. When the plan
puts the time on that very field (the month field the record type has), the bracket only restates it and
changes nothing; when the plan reads the time on another field, or has no time at all, the bracket names a
basis the plan did not apply — refused, never answered on another field. The rewrite drops the bracket
(`drop_basis_bracket`, before the scan); the original question keeps it for the check (`basis_not_applied`,
after planning). Only a bracket that is 按 + a month field of some template (+ 算 / 计算 / 统计).

以<ledger>的<field>为准 (以岗位字典的岗位大类为准，保洁类的岗位有几个) names the source of a classification the same way:
dropped before the scan, and after planning the plan must hold a condition or a grouping on that field of a record type
the ledger holds (lexicon labels and ledger_names); otherwise refused, naming the words."""

from __future__ import annotations

import re
from datetime import date

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.week_words import week_days, week_refused
from kgdesk.qa.understanding import Understanding
from kgdesk.templates.loader import default_template_set

_BRACKET = re.compile(r"[（(]\s*(?:按照|按|以)(?P<f>[\u4e00-\u9fff]{2,8}?)(?:来)?(?:算|计算|统计|计)?\s*[）)]")


_SOURCE = re.compile(r"[（(]?\s*(?:以|按照|按|根据)(?P<l>[\u4e00-\u9fff]{2,10}?)(?:里|中|上)?的(?P<f>[\u4e00-\u9fff]{2,8}?)为准\s*[）)]?\s*[，,]?")


def _ledger_labels(words: str) -> set[str]:
    raw = load_lexicon().raw
    out = {label for label, terms in raw.get("labels", {}).items() if words == label or words in terms}
    for row in raw.get("ledger_names", {}).get("ledgers", []):
        if words in row.get("words", []):
            out.update(row.get("labels", []))
    for t in default_template_set().templates:  # 以项目信息的服务状态为准: a template's own name
        if words == t.name:
            out.update(t.labels)
    return out


def _source(text: str) -> tuple[re.Match[str], set[str], str] | None:
    m = _SOURCE.search(text)
    if m is None:
        return None
    labels = _ledger_labels(m.group("l"))
    return (m, labels, m.group("f")) if labels else None


def source_not_applied(question: str, plan: QueryPlan | None) -> str | None:
    """The 以…为准 words when the plan holds no condition or grouping on that field of the ledger's records, else None."""
    found = _source(question)
    if found is None or plan is None:
        return None
    m, labels, field = found
    for step in plan.steps:
        nodes = {alias for alias, label in step.aliases().items() if label in labels}
        if any(f.node in nodes and f.field == field for f in step.filters):
            return None
    if any(g.field == field for g in plan.group_by):
        return None
    return m.group(0).strip("，, ")


def _month_fields(schema: SchemaView) -> set[str]:
    return {k for info in schema.labels.values() for k, p in info.properties.items() if p.is_month}


def _basis(text: str, schema: SchemaView) -> tuple[re.Match[str], str] | None:
    m = _BRACKET.search(text)
    return (m, m.group("f")) if m is not None and m.group("f") in _month_fields(schema) else None


def drop_basis_bracket(text: str, schema: SchemaView, today: date | None = None) -> str:
    """The question without the bracket (and a week word as its day range, understand/week_words)."""
    text = week_days(text, today)
    if (source := _source(text)) is not None:
        text = text[: source[0].start()] + text[source[0].end() :]
    found = _basis(text, schema)
    if found is None:
        return text
    m = found[0]
    return text[: m.start()] + text[m.end() :]


def basis_not_applied(question: str, plan: QueryPlan | None, schema: SchemaView) -> str | None:
    """The bracket's words when the plan does not put every time on that field, else None."""
    found = _basis(question, schema)
    if found is None or plan is None:
        return None
    times = [t for s in plan.steps for t in s.time]
    if times and all(t.field == found[1] for t in times):
        return None
    return found[0].group(0)


def basis_checked(question: str, und: Understanding, schema: SchemaView, today: date | None = None) -> Understanding:
    """The understanding itself, or a refusal when its plan does not apply the bracket's month field (or the question
    names a week relative to today, understand/week_words)."""
    if (refused := week_refused(question, und, today)) is not und:
        return refused
    if (source := source_not_applied(question, und.plan)) is not None:
        return und.refused(f"「{source}」说的分类口径没有体现在查询中")
    basis = basis_not_applied(question, und.plan, schema)
    if basis is None:
        return und
    reason = f"「{basis}」说的口径没有体现在查询中"
    return und.refused(reason)
