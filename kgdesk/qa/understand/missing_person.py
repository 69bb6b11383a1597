"""a person-like name the data does not hold is one name said to be missing — never split
into fragments. Two shapes the scan cuts apart: a compound surname whose first character another word
took (上|官云: 上 a filler), and a known name with one more character (陈静|静 — 陈静静 is not 陈静).
Both are put back together as one unknown word before grounding, where a name no record holds is
answered no_such_entity (interpret_words: _not_a_fragment / _classify_unknown)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed


def _cjk(text: str) -> bool:
    return bool(text) and all("\u4e00" <= c <= "\u9fff" for c in text)


def _person(m: _M) -> bool:
    g: Any = m.data
    chosen = getattr(g, "chosen", None)
    return m.kind == "entity" and chosen is not None and chosen.entry.label == "人员" and chosen.method == "exact"


def _ends_a_name(p: _Parsed, m: _M) -> bool:
    """What follows `m` lets a name end there: the end, 的, or a field / label / cue word."""
    nxt = p.next_after(m, skip_fillers=False)
    if nxt is None:
        return True
    if nxt.s != m.e:
        return False
    return nxt.kind == "time" or (
        nxt.kind == "lex"
        and (nxt.text == "的" or nxt.has("field") or nxt.has("label") or nxt.has("cue") or nxt.has("rel"))
    )


def _glued_verb(m: _M, surnames: list[str], neutral: Collection[str], verbs: Collection[str]) -> bool:
    """欧阳明月|持(有哪些) / 王大锤|持(有哪些) / 刘大壮|管(哪些项目): a name-shaped leftover (a surname and one
    or two more characters) with a neutral or role verb's first character glued after it."""
    if m.kind != "leftover" or not _cjk(m.text) or (m.text[-1] not in neutral and m.text[-1] not in verbs):
        return False
    compound = [s for s in surnames if len(s) == 2]
    if m.text[:2] in compound:
        return len(m.text) >= 4
    return m.text[0] in surnames and 3 <= len(m.text) <= 4


def rejoin_names(
    p: _Parsed, surnames: list[str], neutral: Collection[str], verbs: Collection[str] = ()
) -> None:
    compound = [s for s in surnames if len(s) == 2]
    for m in sorted(p.mentions, key=lambda x: x.s):
        if _glued_verb(m, surnames, neutral, verbs):
            # 欧阳明月|持(有哪些): a neutral verb glued after the name is no part of it
            cut = m.e - 1
            p.mentions.remove(m)
            p.mentions += [
                _M("leftover", m.s, cut, m.text[:-1]),
                _M("lex", cut, m.e, m.text[-1], senses=[Sense("filler", {"ignored": True}, "")]),
            ]
            p.ignored.append(m.text[-1])
            p.mentions.sort(key=lambda x: x.s)
        if m.kind != "leftover" or not _cjk(m.text) or m not in p.mentions:
            continue
        prev = p.prev_before(m, skip_fillers=False)
        if prev is None or prev.e != m.s:
            continue
        joined = prev.text + m.text
        glued = len(joined) == 5 and joined[-1] in neutral  # 上|官婉儿持(有哪些): the verb is no part of it
        split_surname = (
            prev.kind == "lex" and prev.is_filler() and len(prev.text) == 1
            and any(joined.startswith(s) for s in compound) and 3 <= len(joined) - glued <= 4
        )
        if split_surname and glued:
            p.mentions.append(_M("lex", m.e - 1, m.e, joined[-1], senses=[Sense("filler", {"ignored": True}, "")]))
            p.ignored.append(joined[-1])
            m = _M("leftover", m.s, m.e - 1, m.text[:-1])
            joined = joined[:-1]
        # 陈静静 / 王海涛涛 (the last character doubled) or 陈静X的: never a verb after the name (张丽管几个项目)
        said_as_name = m.text == prev.text[-1:] or p.qn.startswith("的", m.e)
        one_more = _person(prev) and len(m.text) == 1 and m.text not in neutral and said_as_name and _ends_a_name(p, m)
        if split_surname or one_more:
            p.mentions = [x for x in p.mentions if x is not prev and x is not m and not (x.kind == "leftover" and x.s == m.s)]
            p.mentions.append(_M("leftover", prev.s, m.e, joined))
            p.mentions.sort(key=lambda x: x.s)


def surname_before(p: _Parsed, m: _M, surnames: Collection[str]) -> str:
    """张|伟伟: the one-character surname the scan left as a filler right before `m`, else ''."""
    prev = p.prev_before(m, skip_fillers=False)
    if prev is None or prev.e != m.s or prev.kind != "lex" or len(prev.text) != 1 or prev.text not in surnames:
        return ""
    return prev.text if all(s.kind == "filler" for s in prev.senses) else ""


def person_noun(m: _M | None, p: _Parsed, word: _M) -> bool:
    """员工司马光明的岗位 / 员工司马光是哪天入职的: the word for people right before a name followed by 的, or by 是 / 在 (a
    copula before what is asked of that one person), leaves it in a name's place (每个员工车牌号多少: no 的 — a field
    no ledger has, not a person; 每个员工车牌号是多少: each of them, never one name)."""
    people = m is not None and m.kind == "lex" and [s.get("label") for s in m.senses if s.kind == "label"] == ["人员"]
    if not people or m is None:
        return False
    if p.qn.startswith("的", word.e):
        return True
    # 员工司马光是哪天入职的: one person named by the word for people (never 每个员工 / 所有人员 — a field of each of them)
    each = p.qn[max(0, m.s - 2) : m.s] in _EVERY or p.qn[m.s - 1 : m.s] in ("每", "各") if m.s else False
    return not each and m.e == word.s and p.qn.startswith(("是", "在", "于"), word.e)


_EVERY = ("每个", "每位", "每名", "各个", "各位", "所有", "全体", "全部", "一个", "哪个", "哪位")
