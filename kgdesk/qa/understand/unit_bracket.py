"""A bracket holding only the unit of the measure asked (合同面积加起来之和（平方米） / 原值最高的设备（单位：元）): the
answer is given in the field's own unit already, so the bracket restates it and is dropped. Only when every field
of the question that has a unit (lexicon field_units) has exactly this one, and the unit carries no factor (万元 /
万平方米 would ask for a scaled number, which is left to the rules that refuse it); a unit that contradicts the
field's (元 on an area) stays in the question and is refused as an unread word, never silently dropped."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import load_lexicon

_BRACKET = re.compile(r"\s*[（(]\s*(?:单位\s*(?:[：:]|是|为)?\s*|按)?(?P<u>[^（）()，,\s]{1,4}?)\s*(?:为单位|计)?\s*[）)]")


def _unit_of(word: str) -> str | None:
    """The standard unit a bracket word names, or None (not a unit, or a scaled one such as 万元)."""
    lx = load_lexicon()
    units = lx.raw.get("units", {})
    info = units.get(word)
    if not isinstance(info, dict) or info.get("factor"):
        return None
    return str(info.get("same_as") or word)


def _named_units(text: str) -> set[str]:
    """The units of the fields the question names (longest names first, a shorter one inside a longer is not named)."""
    units: set[str] = set()
    taken = text
    for field, unit in sorted(load_lexicon().field_units.items(), key=lambda kv: -len(kv[0])):
        if unit and field in taken:
            units.add(unit)
            taken = taken.replace(field, "　")
    return units


def unit_bracket(text: str) -> str:
    """合同面积合计（平方米） → 合同面积合计; 合同面积合计（元） is left as said (refused)."""
    m = next((m for m in _BRACKET.finditer(text) if _unit_of(m.group("u")) is not None), None)
    if m is None:
        return text
    said = _unit_of(m.group("u"))
    if _named_units(text[: m.start()] + text[m.end() :]) != {said}:
        return text
    return text[: m.start()] + text[m.end() :]
