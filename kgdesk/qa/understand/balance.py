"""A word of a remaining balance, quota or entitlement (还剩 / 剩余 / 剩下 / 余额 / 额度 / 可休) said of a
measure the ledgers record as it happens (年假 = leave days taken, 值班费 = pay paid) names a quantity the
data does not hold: "年假还剩超过2天" is never "年假天数 > 2" with 还剩 ignored. Insufficient, reason
no_such_field. A measure that is itself a remainder (剩余服务月数, 证书剩余有效天数: 还剩几个月到期) and
a balance word away from any measure (项目还剩多少个: those left after an exclusion) are not affected.
Lexicon `balance_words`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kgdesk.qa.plan_mentions import _M, _insufficient, _Parsed
from kgdesk.qa.schema import SchemaView

_NUMERIC = ("整数", "小数", "百分比")
_BETWEEN = 4
"""At most this many characters of fillers or a number between the balance word and the measure."""


def balance_of_a_measure(p: _Parsed, schema: SchemaView, raw: Mapping[str, Any]) -> None:
    """Raises insufficient when a balance word stands next to a recorded (not remaining) measure."""
    words = sorted((raw.get("balance_words") or {}).get("words", []), key=len, reverse=True)
    if not words:
        return
    spans: list[tuple[int, int, str]] = []
    for w in words:
        start = p.qn.find(w)
        while start >= 0:
            if not any(a < start + len(w) and start < b for a, b, _ in spans):
                spans.append((start, start + len(w), w))
            start = p.qn.find(w, start + 1)
    if not spans:
        return
    measures = [(m, name) for m in p.mentions if (name := _measure(m, schema)) is not None]
    for a, b, word in spans:
        near = [(m, name) for m, name in measures if _near(p, m, a, b)]
        if near and not any(_remainder(m) for m in p.mentions if _near(p, m, a, b)):
            m, name = near[0]
            p.ignored[:] = [w for w in p.ignored if w != word]  # never listed as a word that changes nothing
            said = word + m.text if m.s >= b else m.text + word
            raise _insufficient(
                f"台账只记录实际发生的{name}，没有「{said}」（剩余、余额或额度）这一项", "no_such_field", said
            )


def _measure(m: _M, schema: SchemaView) -> str | None:
    """The measure a mention names: a numeric field or a derived measure, None otherwise."""
    if m.kind != "lex":
        return None
    for s in m.senses:
        if s.kind == "derived" and "剩余" not in str(s.get("name", "")):
            return str(s.get("name"))
        if s.kind == "field":
            info = schema.prop(str(s.get("label")), str(s.get("field")))
            if info is not None and info.type in _NUMERIC:
                return str(s.get("field"))
    return None


def _remainder(m: _M) -> bool:
    """A measure that is itself what is left (剩余服务月数 / 到期): the balance word is its own."""
    return m.kind == "lex" and any(
        s.kind in ("derived", "derived_condition") and "剩余" in str(s.get("name", "") or s.get("derived", ""))
        for s in m.senses
    )


def _near(p: _Parsed, m: _M, a: int, b: int) -> bool:
    """`m` is right before or after the span [a, b), with only fillers or a number between."""
    if m.e <= a:
        gap = (m.e, a)
    elif m.s >= b:
        gap = (b, m.s)
    else:
        return False
    if gap[1] - gap[0] > _BETWEEN:
        return False
    for x in p.mentions:
        if x is m or x.e <= gap[0] or x.s >= gap[1]:
            continue
        if x.kind == "num" or x.is_filler():
            continue
        if x.kind == "lex" and any(s.kind == "cue" and s.name == "count" for s in x.senses):
            continue  # 还有多少天
        return False
    return True
