"""A named entity excluded (除了青浦-区图书馆 / 区图书馆以外) or negated (不属于青浦片区 / 不在青浦片区):

- of the record type asked for itself: every other record (key ≠ it);
- of a record type one relationship away (项目 不属于 片区): the records with no such relationship to
  it (NOT EXISTS the hop to that node) — never the whole set, never only those that have it.

Anything further away, or several named at once, is not guessed."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _needs_llm


def exclude_anchor(itp: Any, b: _StepBuilder, a: _Anchor) -> bool:
    """True when anchor `a` was excluded (its words used); False when it is an ordinary anchor."""
    excl = itp._anchor_exclusion(a)
    if not excl and a.label != b.entity:
        excl = _negated_membership(itp.p, a)
    if not excl:
        return False
    if len(a.keys) != 1:
        raise _needs_llm(f"无法可靠地理解排除「{a.text}」的条件")
    shown = "、".join(a.displays)
    if a.label == b.entity:
        b.filters.append(
            Filter(node="n0", field="_key", op=Op.NE, value=a.keys[0], value_source=ValueSource.GROUNDED, text=a.text)
        )
        itp.slots.append(("条件", f"{a.label} 不是 {shown}"))
    else:
        before = len(b.hops)
        alias = b.add_path("n0", a.label, negate=True)
        if len(b.hops) != before + 1:
            raise _needs_llm(f"无法可靠地理解排除「{a.text}」的条件")
        b.filters.append(
            Filter(node=alias, field="_key", op=Op.EQ, value=a.keys[0], value_source=ValueSource.GROUNDED, text=a.text)
        )
        itp.slots.append(("条件", f"不属于 {shown}"))
        if _others_of(itp.p, a.label):  # 除了青浦片区，其他片区的项目: in some other one, too
            b.add_path("n0", a.label)
        itp._note(f"口径：与{shown}没有{b.hops[-1].rel}关系的{b.entity}")
    for x in excl:
        itp.use(x)
    itp._other_words_after_exclusion()
    return True


_COPULAS = frozenset({"属于", "在", "是", "归", "位于", "归属"})
_OTHERS = frozenset({"其他", "其它", "其余", "别的"})


def _negated_membership(p: Any, a: _Anchor) -> list[Any]:
    """不属于青浦片区 / 不在青浦片区: the negation word and the copula right before the entity."""
    m = next((x for x in p.mentions if (x.s, x.e) == a.span), None)
    prev = p.prev_before(m, skip_fillers=False) if m is not None else None
    words = []
    if prev is not None and prev.e == a.span[0] and prev.kind == "lex" and prev.text in _COPULAS:
        words.append(prev)
        prev = p.prev_before(prev, skip_fillers=False)
    negated = prev is not None and prev.kind == "lex" and any(s.kind == "cue" and s.name == "negation" for s in prev.senses)
    if negated and prev is not None and prev.e == (words[0].s if words else a.span[0]):
        return [prev, *words]
    return []


def _others_of(p: Any, label: str) -> bool:
    for x in p.mentions:
        nxt = p.next_after(x, skip_fillers=False) if x.kind == "lex" and x.text in _OTHERS else None
        ls = nxt.sense("label") if nxt is not None and nxt.kind == "lex" else None
        if ls is not None and ls.get("label") == label:
            return True
    return False
