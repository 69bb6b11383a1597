"""Day-code concepts on the LLM path (issue 18, class 11): 旷工, 病假, 事假, 年假… are counted on the
rule path as `day_count("旷")` over a record's day columns, from the code tables of the templates
(考勤代码, 排班代码). The model may write the same construct: the prompt lists the codes of the
labels in scope, and a derived `day_count(...)` whose codes all belong to a code table of its
label is accepted like a registered concept, whatever name the model gives it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping

from kgdesk.qa.lexicon import normalize
from kgdesk.templates.model import TemplateSet


def day_code_tables(templates: TemplateSet) -> dict[str, dict[str, str]]:
    """Label → {code: meaning} of the code tables its template's day columns use."""
    out: dict[str, dict[str, str]] = {}
    for t in templates.templates:
        tables = {f.code_table for f in t.fields if f.code_table}
        for label in t.labels:
            for table in sorted(tables):
                out.setdefault(label, {}).update(t.code_tables.get(table, {}))
    return out


def day_count_codes(expression: str) -> list[str] | None:
    """The codes of `day_count("旷", "病")`, or None when the expression is anything else."""
    try:
        node = ast.parse(expression.strip(), mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "day_count"):
        return None
    if node.keywords or not node.args:
        return None
    codes = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return codes if len(codes) == len(node.args) else None


def is_day_count(label: str, expression: str, tables: Mapping[str, Mapping[str, str]]) -> bool:
    codes = day_count_codes(expression)
    known = tables.get(label, {})
    return bool(codes) and all(c in known for c in codes or ())


def labels_named_by_codes(question: str, tables: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Labels whose day-code meanings the question uses (旷工 → 考勤): they belong in the prompt's scope."""
    q = normalize(question)
    return [
        label
        for label, codes in tables.items()
        if any(len(m) > 1 and normalize(m.split("（")[0]) in q for m in codes.values())
    ]


def day_codes_text(
    tables: Mapping[str, Mapping[str, str]], labels: Iterable[str], groups: Mapping[str, list[str]], question: str
) -> str:
    """One line per label in scope: its codes and the day_count construct; the lexicon's group
    words (请假 = 事假、病假…) the question uses."""
    lines: list[str] = []
    for label in labels:
        codes = tables.get(label)
        if not codes:
            continue
        if not lines:
            lines.append(
                '## 每日代码（某类天数用 derived：{"name":"旷工天数","node":"<该标签的别名>","expression":"day_count(\\"旷\\")"}，'
                "多个代码写 day_count(\"事\", \"病\")；按 name 在 filters 中引用，如 旷工天数 > 0）"
            )
        lines.append(f"- {label}：" + "、".join(f"{c}={m}" for c, m in codes.items()))
    if lines:
        q = normalize(question)
        for word, meanings in groups.items():
            if len(word) > 1 and normalize(word) in q:
                lines.append(f"- 「{word}」= {'、'.join(meanings)}")
    return "\n".join(lines)
