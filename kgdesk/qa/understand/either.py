"""Two values of one field joined by 和 / 与 / 跟 / 及 (带病运行和停用的设备, 清洁耗材和绿化耗材的采购金额):
either value — one record holds one value of its own field, so "both at once" names nothing.

Read as either only when the values are on the records asked about themselves (n0: a related
record type, 有电工证和安保证的人, may well mean both), the question compares nothing and asks for
no per-value groups (分别 / 各) and the two are not every value the field has (男的和女的: a
breakdown) unless a total or 两类 joins them, and a total, a listing or 这两类 says they go together (a bare 有多少 could want two
counts); otherwise the old rules stand: a total and a count word, or 都算
after the values."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Filter, Op, QueryPlan, QueryType, ValueSource
from kgdesk.qa.lexicon import normalize_with_map
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed

BOTH = ("都算", "都包括", "都计", "都含", "都统计", "都要算")  # 耗材和固定资产都算: either value counts
_APART = ("分别", "各自", "各", "每")
_JOINERS = frozenset({"和", "与", "跟", "及", "以及", "、", "加", "+"})
_TOTAL = ("一共", "总共", "合计", "总计", "累计", "加起来", "加在一起", "加一起", "合起来")


def either_of_two(itp: Any, entity: str, old: Filter, new: Filter, m: _M) -> list[_M]:
    """The words that make the two values one either-condition (to be marked used), else []."""
    p = itp.p
    if (itp.cue("sum") and itp.cue("count") and not itp._comparing()) or p.qn.startswith(BOTH, m.e):
        return itp.cue("sum") or [
            x for x in p.mentions if x.s == m.e
        ]  # 保洁员和保洁领班一共多少人 / 耗材和固定资产都算
    end = itp._value_end(old)
    summed = itp.cue("sum") or itp.cue("avg") or itp.cue("union") or itp.cue("max") or itp.cue("min")
    # 供应商的耗材采购和固定资产加起来: a related record's own field, one amount over either value
    between = [x for x in p.mentions if end <= x.s and x.e <= m.s]
    plus = len(between) == 1 and between[0].text == "+"  # 耗材+固定资产: said added together (加 alone: not guessed)
    # 按采购金额排前两名的项目（只算A和B）: the related records' amounts ranked, over either value
    bracketed = _restating_bracket(p, end, m)  # 采购（耗材采购和固定资产）: the values a record type's rows hold
    related = old.node == new.node != "n0" and (bool(summed) or plus or bool(p.of("top")) or bracketed)
    if (old.node != "n0" or new.node != "n0") and not related:
        return []
    if end <= 0 or itp._comparing() or (itp.cue("group") and not p.of("top")):
        return []  # 按采购金额排前两名（只算A和B）: a ranking's 按 orders the groups, it splits no value
    if any(w in p.qn for w in _APART):
        return []  # 带病运行和停用的设备分别有几台: one answer per value, not their union
    said_total = [x for x in p.mentions if x.text.startswith(_TOTAL)]
    together = itp.cue("sum") or itp.cue("union") or said_total or plus or bracketed
    # 一共 / 两类合计 / 这两类合在一起 / 一共有 (a filler that starts with a total word): one total of both
    known = {str(v) for v in itp.ctx.values.fields.get((entity, new.field)) or ()}
    both = {str(v) for f in (old, new) for v in (f.value if isinstance(f.value, list) else [f.value])}
    ranked = itp.cue("max") or itp.cue("min") or p.of("top")  # 采购金额（耗材采购加固定资产）最高的两家
    if known and known <= both and not (together or ranked):
        return []  # 男的和女的: every value of the field — a breakdown, not a condition
    if not (together or ranked or itp.cue("avg") or itp.cue("list") or itp.cue("which") or "这两" in p.qn):
        return []  # 保安和保洁员有多少人: the two counts or their total? not guessed
    joined = between
    if not joined and bracketed:  # 采购记录（耗材采购、固定资产）: the 、 is punctuation, no mention — the bracket joins them
        joined = [m]
    elif not joined and (itp.cue("sum") or said_total or _summed_after(itp, m.e) or _scope_after(itp, m.e)) and p.qn[end : m.s].strip() in {"", *_JOINERS}:
        # 保安员（三级）、保安员（五级）这两种证书加起来: the 、 (dropped from the normalised text) joins them when a total
        # word says so, or a scope word right after the second value (季度综合检查、消防安全检查这两类检查的平均得分): the
        # values are the asked records' own field, one value per record — both at once names nothing, so it is either
        joined = [m]
    elif len(joined) != 1 or joined[0].text not in _JOINERS:
        return []
    return joined + itp.cue("union") + _together(itp)  # 合在一起算的平均: the together word joins them


def union_said(plan: QueryPlan, p: _Parsed) -> None:
    """两类 / 这两种 said, but no condition joins two said values of one field (its text is "A或B",
    as the either-reading writes it): refused, never ignored."""
    words = [
        m for m in p.mentions if m.kind == "lex" and any(s.kind == "cue" and s.name == "union" for s in m.senses)
    ]
    if not words:
        return
    joined = [
        f
        for st in plan.steps
        for f in st.filters
        if f.op is Op.IN and isinstance(f.value, list) and len(f.value) >= 2 and "或" in (f.text or "")
    ]
    if plan.query_type is QueryType.COMPARE and len(plan.group_by) == 1:
        g = plan.group_by[0]
        # 清洁耗材和绿化耗材两类的金额差了多少: 两类 restates the two values compared (the groups)
        joined += [
            f
            for f in plan.steps[0].filters
            if (f.node, f.field) == (g.node, g.field) and f.op is Op.IN and isinstance(f.value, list) and len(f.value) == 2
        ]
    excluded = {
        (f.node, f.field, f.text)
        for st in plan.steps
        for f in st.filters
        if f.op is Op.NE and f.value_source is ValueSource.GROUNDED and f.text
    }
    if p.cue("exclusion") and len(excluded) == 2 and len({(n, fl) for n, fl, _t in excluded}) == 1:
        return  # 除了保安、保洁这两类岗位以外: the two values just excluded
    if not joined:
        raise _needs_llm(f"「{words[0].text}」指的是哪两类，无法从问题中确定")


def mixed_negation(plan: QueryPlan) -> None:
    """不是完好和停用的设备: a value said not and another of the same field said plainly on one record
    (≠ A and = B) is "neither" or "not A but B" — not guessed."""
    for st in plan.steps:
        ops: dict[tuple[str, str], set[Op]] = {}
        for f in st.filters:
            if not f.assumption:
                ops.setdefault((f.node, f.field), set()).add(f.op)
        for (_node, field), seen in ops.items():
            if Op.NE in seen and seen & {Op.EQ, Op.IN}:
                raise _needs_llm(f"问题对{field}既有否定又有肯定的取值，无法确定是“都不是”还是“不是A而是B”")


def plus_between_values(p: _Parsed) -> None:
    """停用加报废的设备一共几台: a leftover 加 right between two data values joins them like 和 (a filler
    here; either_of_two then needs a total word to read the two as one condition)."""
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for a, m, b in zip(ordered, ordered[1:], ordered[2:], strict=False):
        if m.kind == "leftover" and m.text == "加" and a.e == m.s and m.e == b.s and _is_value(a) and _is_value(b):
            m.become_filler()


def _restating_bracket(p: _Parsed, old_end: int, m: _M) -> bool:
    """采购（耗材采购和固定资产） / 采购记录（耗材或固定资产）: two values alone in one bracket right after a record type's
    word say which rows that type covers — either of them (a row holds one value of its field), never both at once."""
    qn, where = normalize_with_map(p.text)
    if qn != p.qn or m.e > len(where) or old_end <= 0:
        return False
    t = p.text
    a = max(t.rfind("（", 0, where[m.s]), t.rfind("(", 0, where[m.s]))
    b = min((i for i in (t.find("）", where[m.e - 1]), t.find(")", where[m.e - 1])) if i >= 0), default=-1)
    if a < 0 or b < 0 or any(c in t[a + 1 : where[m.s]] for c in "）)") or where[old_end - 1] < a:
        return False
    before = [x for x in p.mentions if x.e > 0 and where[x.e - 1] < a]
    edge = max(before, key=lambda x: x.e) if before else None
    if edge is None or t[where[edge.e - 1] + 1 : a].strip():
        return False
    last: _M | None = edge
    if edge.kind == "lex" and edge.has("cue") and len(before) > 1:
        prev = max((x for x in before if x is not edge), key=lambda x: x.e)
        last = prev if prev.e == edge.s else None  # 采购笔数（耗材和固定资产）: the count of that type's rows
    if last is None or last.kind != "lex" or last.sense("label") is None:
        return False
    inside = [x for x in p.mentions if x.e > 0 and a < where[x.s] and where[x.e - 1] < b]
    return all(x.kind != "lex" or x.is_filler() or _is_value(x) or x.text in _JOINERS for x in inside)


def _is_value(m: _M) -> bool:
    return m.kind == "lex" and any(s.kind in ("value", "svalue") for s in m.senses)


def aggregate_order(itp: Any) -> tuple[str, ...]:
    """The aggregate cues in the order they are tried: 合在一起算，平均得分多少 — a together word
    (合在一起 / 加起来) next to an average joins the values said before it, the average is what is
    computed, never their sum."""
    together = _together(itp)
    if itp.cue("avg") and together and len(together) == len(itp.cue("sum")):
        return ("avg", "max", "min")
    return ("sum", "avg", "max", "min")


def _summed_after(itp: Any, at: int) -> bool:
    """A together word of the lexicon (each_total.words: 加起来 / 合在一起) said after the values."""
    return any(w in itp.p.qn[at:] for w in itp.lx.raw.get("each_total", {}).get("words", []))


def _scope_after(itp: Any, at: int) -> bool:
    """A scope word of the lexicon (cues.union: 这两类 / 这两种) right after the second value."""
    return any(x.s == at for x in itp.cue("union"))


def _together(itp: Any) -> list[_M]:
    return [m for m in itp.cue("sum") if "一起" in m.text or "起来" in m.text]


def joined_not_summed(itp: Any) -> list[_M]:
    """The sum cues left to be a sum: a together word that joined two values (合在一起算的平均) is used."""
    return [m for m in itp.cue("sum") if not (id(m) in itp.used and m in _together(itp))]
