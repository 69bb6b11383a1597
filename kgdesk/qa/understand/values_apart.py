"""Named values asked apart (男女各多少人 / 耗材采购和固定资产，金额分别是多少 / 维保合同、耗材采购、固定资产各自的金额合计):
two values of one field joined without 或 are neither an either-condition nor both at once — a 各 / 分别 / 各自 after
them asks for one number per value, a grouping restricted to the values named (each shown, 0 when it has none). A
各 right before an object or a field (各项目 / 各岗位) opens another grouping, not this one: left to the rules that
read it. The words are the lexicon's values_apart."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed


@cache
def _words() -> tuple[str, ...]:
    words = load_lexicon().raw.get("values_apart", {}).get("words", [])
    return tuple(sorted(words, key=len, reverse=True))


def values_apart(p: _Parsed, after: int) -> list[_M] | None:
    """The mentions of the 各 / 分别 / 各自 after position `after` that asks for the values just named one by one
    (read: used), or None when there is none."""
    for w in _words():
        i = p.qn.find(w, after)
        while i >= 0:
            nxt = next((x for x in sorted(p.mentions, key=lambda x: x.s) if x.s >= i + len(w)), None)
            opens_group = nxt is not None and nxt.s == i + len(w) and (nxt.has("label") or nxt.has("field"))
            if not opens_group:
                return [x for x in p.mentions if x.s >= i and x.e <= i + len(w)]
            i = p.qn.find(w, i + 1)
    return None
