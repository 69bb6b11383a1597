"""A role relationship named without an anchor (负责人 between 项目 / 片区 and 人员), read from the
schema's relationships rather than word lists:

- a label word right before the relation word names the owner side (片区负责人 = the people who
  are some 片区's 负责人): the other end is listed, reached through that relationship;
- the owner label after the relation word with a ranking (谁负责的项目最多 / 负责项目最多的前三位):
  the owner's records are counted per person at the other end — the 负责人 relationship, never the
  default path between the two labels (服务于 would count the projects a person serves).

Anything else (no owner label, the relationship not unique in the schema) stays unanswered."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M
from kgdesk.qa.understand.each_role import said_each

Anchorless = tuple[str, str, str, str]
"""(entity label, rel type, direction from the entity, label at the hop's other end)."""


def _label(m: _M) -> str | None:
    ls = m.sense("label")
    return str(ls.get("label")) if ls is not None else None


def role_relation(itp: Any, m: _M, rs: Sense, free: list[_M]) -> tuple[Anchorless, str | None] | None:
    """(anchorless relationship, label to group by or None) for a role word without an anchor."""
    rel = str(rs.get("rel"))
    schema = itp.ctx.schema

    def ends(owner: str | None) -> set[str]:
        return {
            r.end
            for r in schema.relationships
            if r.type == rel and r.start == owner and r.end != owner and r.count != 0
        }

    # 片区负责人 / 片区的负责人 (B3): the owner's word right before the role word, a 的 between allowed
    before = [
        f
        for f in free
        if f.e <= m.s and (itp.p.qn[f.e : m.s] in ("", "的") or (said_each(f) and itp.p.qn.endswith("的", 0, m.s)))
        and len(ends(_label(f))) == 1
    ]  # 片区各自的负责人: 各自 between, read by each_role
    after = sorted((f for f in free if f.s >= m.e and len(ends(_label(f))) == 1), key=lambda f: f.s)
    owner_m = before[0] if before else (after[0] if after else None)
    superlative = bool(itp.cue("max") or itp.cue("min") or itp.p.of("top"))
    earlier = [f for f in free if f.e < m.s and len(ends(_label(f))) == 1]
    measured = any(  # 金额最高的维保单位: a sum or one record's? (给工号: a field shown, no measure)
        (pi := schema.prop(str(s.get("label")), str(s.get("field")))) is None or pi.numeric
        for m2 in itp.p.lex("field")
        for s in m2.senses
        if s.kind == "field"
    )
    if owner_m is None and superlative and len(earlier) == 1 and not measured:
        owner_m = earlier[0]  # 维保合同最多的维保单位: the record type counted, said before the superlative
    counted = bool(itp.p.of("num")) and not measured  # 检查次数在3次及以上的检查人: a number of records
    if owner_m is None and counted and len(earlier) == 1:
        owner_m = earlier[0]
    if owner_m is None:
        return _only_pair(itp, m, rel, free)
    owner = str(_label(owner_m))
    other = ends(owner).pop()
    others = [f for f in free if _label(f) == other]
    used = [m, owner_m, *others, *_same_rel(itp, rel)]
    if before:  # 片区负责人: the people at the other end of some 片区's relationship
        found: tuple[Anchorless, str | None] = ((other, rel, "in", owner), None)
    elif superlative:
        found = ((owner, rel, "out", other), other)  # 谁负责的项目最多: owners counted per person
    elif (g := _group_cue_before(itp, m)) is not None and any(itp.cue(c) for c in ("count", "list", "sum", "avg")):
        found = ((owner, rel, "out", other), other)  # 每个检查人各做了几次检查 / 各维保单位的合同金额合计
        used.append(g)
    elif counted and owner_m is not before_or_none(before):
        # 负责5个以上项目的负责人: the people, with a condition on their number of owners (HAVING —
        # the count condition takes the owner label word)
        found = ((other, rel, "in", owner), None)
        used.remove(owner_m)
    else:
        return None
    for f in used:
        itp.use(f)
    return found


def before_or_none(before: list[_M]) -> _M | None:
    return before[0] if before else None


def _group_cue_before(itp: Any, m: _M) -> _M | None:
    """每个检查人 / 各检查人: the group word right before the role word."""
    prev = itp.p.prev_before(m, skip_fillers=False)
    if prev is not None and prev.e == m.s and prev.kind == "lex" and any(s.kind == "cue" and s.name == "group" for s in prev.senses):
        return prev
    return None


def _only_pair(itp: Any, m: _M, rel: str, free: list[_M]) -> tuple[Anchorless, str | None] | None:
    """检查人都有谁: a role whose relationship joins one pair of record types in the whole schema
    (检查记录 → 人员) needs no record type named: the people at its end. Any other label named, or a
    role of several record types (经办人), is not settled here."""
    pairs = {(r.start, r.end) for r in itp.ctx.schema.relationships if r.type == rel and r.count != 0}
    if len(pairs) != 1:
        return None
    owner, other = next(iter(pairs))
    if owner == other or any(_label(f) not in (None, other) for f in free):
        return None
    for f in [m, *(f for f in free if _label(f) == other), *_same_rel(itp, rel)]:
        itp.use(f)
    return (other, rel, "in", owner), None


def _same_rel(itp: Any, rel: str) -> list[_M]:
    """负责…的负责人: the relation word said twice is one relationship."""
    return [x for x in itp.p.lex("rel") if (xs := x.sense("rel")) is not None and xs.get("rel") == rel]


def value_label(m: _M) -> str | None:
    """The one label whose field a data-value mention (电梯 → 设备.设备类型) belongs to, else None."""
    labels: set[str] = set()
    for s in m.senses if m.kind == "lex" else []:
        if s.kind == "svalue":
            labels.update(str(v[0]) for v in s.get("values", []))
        elif s.kind == "value":
            labels.update(str(c["label"]) for c in s.get("candidates", []) if c.get("label"))
    if m.kind == "cvalue" and isinstance(m.data, list):
        labels.update(str(v.label) for v in m.data)
    return labels.pop() if len(labels) == 1 else None


_AGGREGATES = ("avg", "sum", "max", "min")
_COPULAS = ("是", "为", "分别是", "都是", "各是")


def attribute_slot(p: Any, m: _M, named_before: Any) -> str | None:
    """The noun as written (with a one-character filler glued after it: 停车|位) when mention `m`
    stands where a field or a counted thing of something named stands — 「<named>的[平均]X是多少」
    or 「<named>有多少个X」 at the end, the named thing also a record type said per record (每个项目有多少个X) —
    or 「<record type>X平均…」 (员工公积金缴纳基数平均是多少) — else None. There it is an attribute no template has,
    never a fragment of some name."""
    text = m.text
    nxt = p.next_after(m, skip_fillers=False)
    glued = nxt is not None and nxt.s == m.e and nxt.kind == "lex" and len(nxt.text) == 1 and nxt.text not in "是为"
    if nxt is not None and glued and nxt.has("filler"):  # 下次保养日期|是哪天: a copula is no part of the noun
        text, nxt = text + nxt.text, p.next_after(nxt, skip_fillers=False)
    after = p.next_after(nxt, skip_fillers=False) if nxt is not None and nxt.text in _COPULAS else None
    if after is not None and after.s == nxt.e and after.kind == "lex" and after.has("cue") and not after.has("label"):
        nxt = after  # 每家供应商的开户银行|是|谁: the copula before the question word says nothing of its own
    ends = nxt is None or (
        nxt.kind == "lex" and (nxt.has("cue") or nxt.has("display")) and not (nxt.has("label") or nxt.has("field"))
    )  # 载客|人数: a field-like compound is settled by its own rule
    if not ends:
        return None
    prev = p.prev_before(m, skip_fillers=False)
    while prev is not None and prev.kind == "lex" and any(s.kind == "cue" and s.name in _AGGREGATES for s in prev.senses):
        prev = p.prev_before(prev, skip_fillers=False)  # 员工的平均|身高
    if prev is None or prev.kind != "lex":
        return None
    if prev.text == "的" and named_before(prev):
        return text
    if prev.e == m.s and prev.has("label") and len(text) >= 3 and _aggregated(nxt):
        return text  # 员工|公积金缴纳基数|平均是多少: a record type's word glued to a field no template has
    counted = any(s.kind == "cue" and s.name == "count" for s in prev.senses) and nxt is None
    counted = counted and prev.text.endswith("个")  # 多少台|来着: a classifier already counts a label
    before = p.prev_before(prev, skip_fillers=True) if counted else None
    if before is not None and before.kind == "entity":
        return text  # 川沙人民医院有多少个|停车位
    if before is not None and before.kind == "lex" and before.has("label") and _each_before(p, before):
        return text  # 每个项目有多少个|图书室: asked per record of a type, a thing no template has
    return None


def _aggregated(nxt: _M | None) -> bool:
    """平均 / 合计 / 最高 right after the noun: a statistic of it is asked."""
    return nxt is not None and nxt.kind == "lex" and any(s.kind == "cue" and s.name in _AGGREGATES for s in nxt.senses)


def _each_before(p: Any, label: _M) -> bool:
    """每个项目 / 各项目: the record type word is said per record (a group cue right before it)."""
    prev = p.prev_before(label, skip_fillers=False)
    return prev is not None and prev.e == label.s and prev.kind == "lex" and any(
        s.kind == "cue" and s.name == "group" for s in prev.senses
    )


def named_with_its_record_word(chosen: list[tuple[str, Any]], word: str, labels: dict[str, list[str]]) -> list[tuple[str, Any]]:
    """耗材 is inside values of two fields of 采购记录 (类别 清洁耗材…, 记录类型 耗材采购): the one value
    that is the word plus a word of its own record type (耗材|采购) is the reading; else unchanged."""
    exact = [
        (a, v)
        for a, v in chosen
        if len(v.values) == 1
        and any(str(v.values[0]) in (word + t, t + word) for t in labels.get(v.label, []))
    ]
    return exact if len(exact) == 1 and len(chosen) > 1 else chosen
