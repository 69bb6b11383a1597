"""A relationship between two records of the same type (项目 包含 项目, 项目 续签自 项目): its
direction comes from the role the words give the named record, never from the relation word alone.

- the word after the named record (X的子项目 / X下面有几个子项目 / X的上级项目): X is the word's
  owner (the lexicon's owner_side) and the other end is listed;
- the word before it with a stated value (上级项目编号是X的项目 / 子项目为X): X IS what the word
  names (its target_side), so the records listed are on the other side;
- a verb (X包含哪些项目 / 哪些项目包含X; X属于哪个项目 / 哪些项目属于X): its subject is before it;
- 下面 / 下属 / 旗下 right after a named project with the label word of the same type (X下面的项目)
  and 属于 between a named project and that label word are read as the containment relationship.

Anything else (X是哪个项目的子项目, a role word without a clear owner) stays unanswered."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_builder import _Anchor
from kgdesk.qa.plan_mentions import _M, _needs_llm

_CONTAINS = "包含"
_VERB_SUBJECT = {"包含": "start", "包括": "start", "属于": "end"}
"""A verb's subject side: 包含 — the containing record; 属于 — the contained one."""
_UNDER = frozenset({"下面", "下边", "下属", "旗下", "底下"})
_STATED = re.compile(r"(?:编号|代码|名称|名字)?(?:是|为|等于|=|：|:)")
_NOT_OWNER = re.compile(r"是|为|属于|归|作为|当")
_NEGATION = "不没非未"


def _other(side: str) -> str:
    return "end" if side == "start" else "start"


def self_relation_direction(p: Any, m: _M, rs: Sense, anchor: _Anchor) -> str:
    """'in' (the listed records are the end) or 'out' (they are the start) for a same-type relation;
    every word of the same relationship must read the same way (XMSQ0106的上级项目的子项目: not one hop)."""
    direction = _direction(p, m, rs, anchor)
    for o in p.lex("rel"):
        os_ = o.sense("rel")
        same = o is not m and os_ is not None and os_.get("rel") == rs.get("rel")
        if same and os_ is not None and _direction(p, o, os_, anchor) != direction:
            raise _needs_llm(f"「{m.text}」和「{o.text}」的方向不一致")
    return direction


def _direction(p: Any, m: _M, rs: Sense, anchor: _Anchor) -> str:
    a_s, a_e = anchor.span
    before, after = m.e <= a_s, a_e <= m.s
    gap = p.qn[m.e : a_s] if before else p.qn[a_e : m.s] if after else None
    side: str | None = None
    if gap is not None and m.text in _VERB_SUBJECT:
        subject = _VERB_SUBJECT[m.text]
        if gap == "":
            side = subject if after else _other(subject)
    elif gap is not None and after and not _NOT_OWNER.search(gap):
        side = str(rs.get("owner_side"))  # X的子项目: X owns the word
    elif gap is not None and before and _STATED.fullmatch(gap):
        side = str(rs.get("target_side"))  # 上级项目编号是X: X is the 上级项目 itself
    if side not in ("start", "end"):
        raise _needs_llm(f"无法确定「{m.text}」的方向（谁是上级、谁是下级）")
    return "in" if side == "start" else "out"


def membership_relation(itp: Any, anchors: list[_Anchor]) -> list[_M]:
    """属于 / 下面 between a named record and the label word of its own type, read as 包含 (or nothing)."""
    if len(anchors) != 1:
        return []
    a = anchors[0]
    if itp.ctx.schema.rel(_CONTAINS, a.label, a.label) is None:
        return []
    p = itp.p
    same = [
        x for x in p.mentions
        if x.kind == "lex" and (ls := x.sense("label")) is not None and ls.get("label") == a.label
        and (x.e <= a.span[0] or x.s >= a.span[1])
    ]
    if not same:
        return []
    for w in p.mentions:
        if w.kind != "lex" or not w.is_filler():
            continue
        next_to = w.e == a.span[0] or w.s == a.span[1]
        if w.text == "属于" and next_to and (w.s == 0 or p.qn[w.s - 1] not in _NEGATION):
            pass
        elif not (w.text in _UNDER and w.s == a.span[1]):
            continue
        w.senses = [Sense("rel", {"rel": _CONTAINS, "owner_side": "start", "target_side": "end", "label": a.label}, w.text)]
        return [w]
    return []
