"""已经到期的维保合同: a lexicon word for a date compared with today (已到期 = 项目's 合同剩余天数 < 0, i.e. its
结束日期 before today) said of another record type that has the same date field itself is that record's own
date compared with today — never a hop to the lexicon row's type and a condition there. The row's type is
kept when the question names it (已到期的项目的维保合同) or the subject lacks the date field."""

from __future__ import annotations

import copy
import re
from typing import Any

from kgdesk.qa.dsl import Op
from kgdesk.qa.understand.leftovers import labels_named
from kgdesk.qa.understand.passed import day_count_name

_DAYS_TO = re.compile(r"^days_between\(today,\s*(?P<f>[^)]+?)\s*\)$")


def _named_besides(p: Any, text: str) -> set[str]:
    """Types named by words other than `text` (已到期 is also a value of 项目's 合同状况: not a naming)."""
    q = copy.copy(p)
    q.mentions = [x for x in p.mentions if x.text != text]
    return labels_named(q)


def own_date_row(it: Any, b: Any, label: str, row: dict[str, Any], text: str) -> tuple[str, str, str]:
    """(label, derived name, expression) the derived condition applies to. When it is the subject's own
    date, an equality the same word gave on another type (项目.合同状况 = 已到期) is dropped with it."""
    m = _DAYS_TO.match(str(row.get("expression", "")))
    subject = str(b.entity)
    if m is None or label == subject or label in _named_besides(it.p, text):
        return label, str(row["name"]), str(row["expression"])
    field = m.group("f")
    info = it.ctx.schema.prop(subject, field)
    if info is None or not info.is_date:
        return label, str(row["name"]), str(row["expression"])
    b.filters[:] = [f for f in b.filters if not (f.text == text and f.node != "n0" and f.op in (Op.EQ, Op.IN))]
    return subject, day_count_name(field), f"days_between(today, {field})"


def derived_op(it: Any, m: Any, ds: Any) -> tuple[Op, Any, str]:
    """(op, value, condition text) of a derived condition: its own, or — said excluded (别算已经离职的 / 除了已离职的) — the
    complement its lexicon row gives (按参考日未离职 < 1 → ≥ 1: not left by T, an empty 离职日期 included)."""
    excl = it._exclusion_around(m) or ([n] if (n := it._negation_before(m)) is not None else [])
    comp = ds.get("complement")
    if excl and isinstance(comp, dict):
        for x in excl:
            it.use(x)
        return Op(comp["op"]), comp["value"], f"不是{ds.get('text') or m.text}"
    return Op(ds.get("op")), ds.get("value"), str(ds.get("text") or m.text)
