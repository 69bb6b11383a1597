"""What the data does not hold, said so (insufficient) rather than sent to a language model:
- an attribute no template records (学历, 毕业院校, 籍贯…: lexicon absent_fields) among the words the
  rules could not place — reason no_such_field; an entry whose name a template does have is skipped;
- a personal name asked after an existence word (证书名单里有没有王小明) that no record holds — reason
  no_such_entity;
- a company name (…有限公司: lexicon company_suffixes) the data does not hold — reason no_such_entity.
Only words left over after grounding are read, so a name or field the data has is never refused."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M, _insufficient, _Parsed
from kgdesk.qa.understand.words import looks_like_person_name
from kgdesk.qa.understanding import UnderstandContext

_BREAKS = frozenset({"cue", "label", "field", "rel", "derived", "condition", "analysis", "time"})
_LEADING = frozenset("在和与跟给对是有叫从向")


def _leftovers(p: _Parsed) -> list[_M]:
    return [m for m in p.mentions if m.kind == "leftover"]


def _field_tail(p: _Parsed, m: _M) -> bool:
    """平时加班|时长: a leftover glued right after a field word is said of that field, not an absent one."""
    prev = p.prev_before(m, skip_fillers=False)
    return prev is not None and prev.e == m.s and prev.kind == "lex" and any(s.kind == "field" for s in prev.senses)


def _absent_field(p: _Parsed, ctx: UnderstandContext, raw: dict[str, Any]) -> str | None:
    """An absent_fields term written where a leftover word lies (哪所学校毕业, 哪|里人)."""
    held = {f for info in ctx.schema.labels.values() for f in info.properties}
    spans = [(m.s, m.e) for m in _leftovers(p) if not _field_tail(p, m)]
    # 业主|户数: a leftover glued after a field word counts when the term covers that word too (业主户数 is the
    # absent thing as a whole, not 户数 said of 业主)
    tails = [(m.s, m.e) for m in _leftovers(p) if _field_tail(p, m)]
    for entry in raw.get("absent_fields", {}).get("fields", []):
        name = str(entry.get("field", ""))
        if not name or name in held:
            continue
        if _closing_absent(p, spans, entry):
            return name
        for term in entry.get("terms", []):
            at = p.qn.find(term)
            while at >= 0:
                if any(s < at + len(term) and at < e for s, e in spans) or any(
                    at < s < at + len(term) for s, _e in tails
                ):
                    return name
                at = p.qn.find(term, at + 1)
    return None


_CLOSERS = "了呢吗啊呀?？。!！ "


def _closing_absent(p: _Parsed, spans: list[tuple[int, int]], entry: dict[str, Any]) -> bool:
    """每次检查花了多长时间 / 一次检查要多久: a how-long phrase that closes the question asks the length of
    the thing itself, which no template records. Only at the end, and never after 还 / 离 / 到期 / 入职…
    (合同还要多久到期, 入职多长时间了 ask days elapsed or left, which the dates answer), and never with a
    measure named (加班用了多少时间 is its hours)."""
    if any(s.kind in ("field", "condition", "derived") for m in p.mentions for s in m.senses):
        return False  # 加班花了多长时间 / 请假用了多久: the hours or days of a recorded measure
    body = p.qn.rstrip(_CLOSERS)
    for term in entry.get("closing_terms", []):
        at = len(body) - len(term)
        if at < 0 or not body.endswith(term):
            continue
        if any(w in body[:at] for w in entry.get("closing_not_after", [])):
            return False
        return any(s < len(body) and at < e for s, e in spans)
    return False


def _asked_person(p: _Parsed, raw: dict[str, Any]) -> str | None:
    surnames = set(raw.get("surnames", []))
    for m in _leftovers(p):
        text, prev = m.text, p.prev_before(m, skip_fillers=False)
        if prev is not None and prev.e == m.s and prev.kind == "lex" and prev.text in surnames:
            text, prev = prev.text + text, p.prev_before(prev, skip_fillers=False)  # 张|伟: 张 is a classifier too
        if prev is None or prev.kind != "lex" or prev.e + len(text) != m.e:
            continue
        asked = any(s.kind == "cue" and s.name == "existence" for s in prev.senses)
        rest = p.qn[m.e :].strip("吗呢?？。!！ ")
        if asked and not rest and looks_like_person_name(text, surnames):
            return text
    return None


def _company(p: _Parsed, raw: dict[str, Any]) -> str | None:
    suffixes = sorted(raw.get("company_suffixes", {}).get("words", []), key=len, reverse=True)
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for suffix in suffixes:
        end = p.qn.find(suffix)
        if end < 0:
            continue
        end += len(suffix)
        inside = [m for m in ordered if m.e <= end and m.s < end]
        start, has_leftover = end, False
        for m in reversed(inside):
            breaks = m.kind not in ("leftover", "lex", "ambiguous") or any(s.kind in _BREAKS for s in m.senses)
            if m.e != start or breaks or m.text == "的":
                break
            start, has_leftover = m.s, has_leftover or m.kind == "leftover"
        while start < end and p.qn[start] in _LEADING:
            start += 1
        name = p.qn[start:end]
        if has_leftover and len(name) >= len(suffix) + 4:
            return name
    return None


def absent_in_data(p: _Parsed, ctx: UnderstandContext, raw: dict[str, Any]) -> None:
    """Raises insufficient when the question asks for something the data cannot hold or lacks."""
    if not _leftovers(p):
        return
    field = _absent_field(p, ctx, raw)
    if field is not None:
        raise _insufficient(f"台账中没有「{field}」这一项", "no_such_field", field)
    person = _asked_person(p, raw)
    if person is not None:
        raise _insufficient(f"数据中没有名为「{person}」的人员", "no_such_entity", person)
    company = _company(p, raw)
    if company is not None:
        raise _insufficient(f"数据中没有名为「{company}」的单位", "no_such_entity", company)
