"""投标记录里最后中了标的有几个 / 最终落标的是哪几个: 最后 / 最终 right before a result value (中标结果 = 中标 /
未中标 …) says "in the end" — the result field already is the end of the process, so the word changes
nothing and is ignored (listed). Only before a value of a result field of the lexicon (`in_the_end.fields`);
最后一次检查 / 最后一个 stay latest-record words, read (or refused) by the other rules."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed


def _result_value(m: _M | None, fields: set[str]) -> bool:
    if m is None or m.kind != "lex":
        return False
    named: set[str] = set()
    for s in m.senses:
        if s.kind == "value":
            named.update(str(c.get("field")) for c in s.get("candidates", []))
        elif s.kind == "svalue":
            named.update(str(v[1]) for v in s.get("values", []))
    return bool(named) and named <= fields


def in_the_end(p: _Parsed) -> None:
    raw = load_lexicon().raw.get("in_the_end", {})
    words, fields = set(raw.get("words", [])), set(raw.get("fields", []))
    for m in p.mentions:
        if m.kind != "leftover" or m.text not in words:
            continue
        nxt = p.next_after(m, skip_fillers=False)
        if nxt is not None and nxt.s == m.e and _result_value(nxt, fields):
            m.kind, m.senses, m.data = "lex", [Sense("filler", {"ignored": True}, "")], None
            p.ignored.append(m.text)
