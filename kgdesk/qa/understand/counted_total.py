"""服务状态不是已结束的项目一共几个 / 委托方式除了全委以外的项目一共多少个: 一共 / 总共 right before a count of
records (几个, 多少个, 几家 …: a count unit) only says "in all" — the question counts the records, it sums no
field. Only when no additive measure (开票金额, 加班小时 …) is named: 开票金额一共多少 is left a sum."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.spans import fields_of

_ASK = ("多少", "几")


def counted_total(p: _Parsed) -> None:
    lx = load_lexicon()
    additive = set(lx.additive_fields)
    if any(f in additive for m in p.mentions for _lab, f in fields_of(m)):
        return
    for c in p.cue("count"):
        unit = next((c.text[len(w) :] for w in _ASK if c.text.startswith(w)), "")
        if lx.units.get(unit, {}).get("kind") != "count":
            continue
        prev = p.prev_before(c, skip_fillers=False)
        if prev is not None and prev.e == c.s and prev.kind == "lex" and any(s.kind == "cue" and s.name == "sum" for s in prev.senses):
            prev.become_filler()
