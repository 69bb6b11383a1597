"""A whole value of a category field is no part of a name (judge 43 K3): "消防那些设备 / 安防那几台设备" — 消防 is a
设备类型, so the devices are those of that type, never the ones whose 设备名称 happens to contain it (one 消防水泵 of three
fire devices) nor "no such device" when no name contains it (安防). Used by name_contains before it turns the words in
front of a demonstrative into a name search: the type before the name when the words are a whole category value of
the record type asked."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed


def whole_category_value(p: _Parsed, s: int, e: int, label: str) -> bool:
    """True when a mention spanning exactly s..e is a data value of one of `label`'s fields."""
    for m in p.mentions:
        if (m.s, m.e) != (s, e) or m.kind != "lex":
            continue
        for sense in m.senses:
            if sense.kind == "svalue" and any(str(v[0]) == label for v in sense.get("values", [])):
                return True
            if sense.kind == "value" and any(c.get("label") == label for c in sense.get("candidates", [])):
                return True
    return False
