"""Day-code conditions (请了病假的人 / 有出差的记录 / 2月没有旷工的人 / 2月一天旷工都没有的人).

A day-code word reads as "at least one day with that code" on the record (旷工天数 > 0). Said with a negation — right
before it (没有旷工 / 没旷工) or after it as 一天X都没有 / X都没有 — it reads as "none": the people with a record of that
time, minus those whose record has such a day (the set difference the other negated measures use, 3月没有加班的人).
A record with no code at all has zero such days; only one negated measure per question, and only on a related
record (a person's 考勤), so the difference is taken by the person's key — anything else stays refused."""

from __future__ import annotations

from functools import cache
from typing import Any

from kgdesk.qa.dsl import Derived, Filter, Op, ValueSource
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _M


@cache
def _after_words() -> tuple[str, ...]:
    row = load_lexicon().raw.get("day_code_negation", {})
    return tuple(sorted(row.get("after", []), key=len, reverse=True))


def _negation(itp: Any, m: _M) -> list[_M] | None:
    """The words that negate the day code `m` (没有 before it; 都没有 after it with 一天 before it), or None."""
    if (neg := itp._negation_before(m)) is not None:
        return [neg]
    qn = itp.p.qn
    after = next((w for w in _after_words() if qn.startswith(w, m.e)), None)
    if after is None:
        return None
    span = (m.e, m.e + len(after))
    words = [x for x in itp.p.mentions if x.s >= span[0] and x.e <= span[1]]
    before = load_lexicon().raw.get("day_code_negation", {}).get("before", [])
    lead = next((w for w in before if qn[: m.s].endswith(w)), None)
    if lead is not None:  # 一天旷工都没有: 一天 only says "not a single day"
        words += [x for x in itp.p.mentions if x.s >= m.s - len(lead) and x.e <= m.s]
    return words


def day_conditions(itp: Any, b: _StepBuilder) -> None:
    for m in itp.p.lex("derived"):
        ds = m.sense("derived")
        if ds is None or not ds.get("day_codes") or id(m) in itp.used:
            continue
        prev, nxt = itp.p.prev_before(m), itp.p.next_after(m)
        if (prev is not None and prev.kind == "num") or (nxt is not None and nxt.kind == "num"):
            continue  # 病假超过2天: a numeric condition, see _numbers_and_derived
        lab = ds.get("label")
        alias = "n0" if lab == b.entity else b.ensure(lab)
        name = ds.get("name")
        if not any(d.name == name and d.node == alias for d in b.derived):
            b.derived.append(Derived(name=name, node=alias, expression=ds.get("expression"), unit="天"))
        f = Filter(node=alias, field=name, op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=m.text)
        neg = _negation(itp, m)
        if neg is not None and alias != "n0" and itp._negated_measure is None:
            itp._negated_measure = f  # 2月没有旷工的人: the month's people minus those with such a day
            itp.slots.append(("条件", f"有{lab}记录但{name}为0"))
            for x in neg:
                itp.use(x)
        else:
            b.filters.append(f)
            itp.slots.append(("条件", f"{name} > 0"))
        itp._note(itp._derived_note(ds.data))
        itp.use(m)
