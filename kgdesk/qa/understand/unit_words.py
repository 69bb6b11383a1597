"""A unit word after 多少 / 几 that fits the measure asked (预算编制一共多少人, 在岗人数加起来是多少人,
项目编制合计多少个人): 人 is how the measure is counted (field_units 预算编制 = 人), not the person
records — it adds no hop and no entity (a join through 项目 → 人员 would drop the positions of projects
with nobody on them). The unit becomes a unit filler; the measure is the answer."""

from __future__ import annotations

from collections.abc import Mapping

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_ASK = ("多少", "几")


def _total_word(m: _M) -> bool:
    """合计 / 总数 / 数量: a total said as a noun, not an amount question (no 多少 / 几 in it) — 预算编制总数是多少人
    asks the same sum as 预算编制是多少人."""
    if any(s.kind == "cue" and s.name == "sum" for s in m.senses):
        return True
    return any(s.kind == "cue" and s.name == "count" for s in m.senses) and not any(w in m.text for w in _ASK)


def _measure_before(p: _Parsed, c: _M) -> str | None:
    """The field named right before the amount question (fillers and a total word between), if any."""
    prev = p.prev_before(c, skip_fillers=False)
    while prev is not None and prev.kind == "lex" and (prev.is_filler() or _total_word(prev)):
        prev = p.prev_before(prev, skip_fillers=False)
    fs = prev.sense("field") if prev is not None and prev.kind == "lex" else None
    return str(fs.get("field")) if fs is not None else None


def _unit_count_after(p: _Parsed, field_units: Mapping[str, str]) -> None:
    """预算编制人数 / 在岗人数的人数: a count noun of the measure's own unit (人 + 数) glued to the measure
    restates what the measure counts — not the person records counted; it becomes a unit filler."""
    for f in list(p.lex("field")):
        fs = f.sense("field")
        unit = field_units.get(str(fs.get("field"))) if fs is not None else None
        nxt = p.next_after(f, skip_fillers=False)
        if not unit or nxt is None or nxt.s != f.e or nxt.kind != "lex" or nxt.text != unit + "数":
            continue
        if any(s.kind == "cue" and s.name == "count" for s in nxt.senses):
            nxt.senses = [Sense("filler", {"unit": True}, "")]


def unit_of_the_measure(p: _Parsed, field_units: Mapping[str, str]) -> None:
    _unit_count_after(p, field_units)
    for c in list(p.mentions):
        if c.kind != "lex" or not any(s.kind == "cue" and s.name in ("count", "status") for s in c.senses):
            continue
        if not any(w in c.text for w in _ASK):
            continue
        field = _measure_before(p, c)
        unit = field_units.get(field or "")
        if not unit:
            continue
        nxt = p.next_after(c, skip_fillers=False)
        if nxt is not None and nxt.s == c.e and nxt.kind == "lex" and nxt.text == unit and nxt.has("label"):
            p.mentions.remove(nxt)  # 是多少|人 / 多少个|人
        elif c.text.endswith(unit) and not c.text.endswith(_ASK):
            c.e, c.text = c.e - len(unit), c.text[: -len(unit)]  # 多少人 → 多少|人
        else:
            continue
        cut = 1 if c.text.endswith("个") and c.text[:-1].endswith(_ASK) else 0  # 多少个|人: the 个 goes too
        c.e, c.text = c.e - cut, c.text[: len(c.text) - cut]
        text = "个" * cut + unit
        p.mentions.append(_M("lex", c.e, c.e + len(text), text, [Sense("filler", {"unit": True}, "")]))


_ALL = ("所有", "全部", "全体", "所有的", "全部的")


def all_of_the_owners(p: _Parsed, schema: SchemaView) -> None:
    """所有项目的在岗人数: "all the projects" before another record type's measure restricts nothing —
    the records of every project are all the records; a hop to 项目 would drop those without one."""
    for m in list(p.lex("label")):
        prev = p.prev_before(m, skip_fillers=False)
        nxt = p.next_after(m, skip_fillers=True)
        if prev is None or prev.e != m.s or prev.text not in _ALL or nxt is None or nxt.kind != "lex":
            continue
        ls, fs = m.sense("label"), nxt.sense("field")
        if ls is None or fs is None or len(m.senses) != 1:
            continue
        if schema.has_property(str(ls.get("label")), str(fs.get("field"))):
            continue  # 所有项目的合同金额: the projects' own field
        m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
        p.ignored.append(prev.text + m.text)
