"""3月份的耗材采购（按年月算）花了多少钱: a bracket that says which month field the time is on. When the plan
puts the time on that very field (the month field the record type has), the bracket only restates it and
changes nothing; when the plan reads the time on another field, or has no time at all, the bracket names a
basis the plan did not apply — refused, never answered on another field. The rewrite drops the bracket
(`drop_basis_bracket`, before the scan); the original question keeps it for the check (`basis_not_applied`,
after planning). Only a bracket that is 按 + a month field of some template (+ 算 / 计算 / 统计)."""

from __future__ import annotations

import re
from datetime import date

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.week_words import week_days, week_refused
from kgdesk.qa.understanding import Understanding

_BRACKET = re.compile(r"[（(]\s*(?:按照|按|以)(?P<f>[\u4e00-\u9fff]{2,8}?)(?:来)?(?:算|计算|统计|计)?\s*[）)]")


def _month_fields(schema: SchemaView) -> set[str]:
    return {k for info in schema.labels.values() for k, p in info.properties.items() if p.is_month}


def _basis(text: str, schema: SchemaView) -> tuple[re.Match[str], str] | None:
    m = _BRACKET.search(text)
    return (m, m.group("f")) if m is not None and m.group("f") in _month_fields(schema) else None


def drop_basis_bracket(text: str, schema: SchemaView, today: date | None = None) -> str:
    """The question without the bracket (and a week word as its day range, understand/week_words)."""
    text = week_days(text, today)
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
    basis = basis_not_applied(question, und.plan, schema)
    if basis is None:
        return und
    reason = f"「{basis}」说的口径没有体现在查询中"
    return und.refused(reason)
