"""A company named with the deed of a field is that field's condition (海湾安全技术有限公司造的设备 = 制造厂商是
海湾安全技术有限公司的设备).

The verb (造 / 生产 / 制造 / 出的) names no relation of its own: it is the deed the lexicon's `field_verbs` rows give
the field (制造厂商). Only a name that ends as a company does (lexicon company_suffixes: …有限公司 / …集团) and is
followed by the verb and 的 is read this way, so the rewrite is `<field>是<name>的`; whether such a company is in the
data is left to grounding (a company the data lacks is still said to be missing, never dropped)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_SHOWN = ("出",)
"""出的 after a company (海湾出的设备) is the same deed: what it turned out."""


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    raw = load_lexicon().raw
    suffixes = raw.get("company_suffixes", {}).get("words", [])
    if not suffixes:
        return ()
    out = []
    for row in raw.get("field_verbs", {}).get("rows", []):
        verbs = [*row.get("verbs", []), *_SHOWN]
        name = rf"(?P<name>[\u4e00-\u9fffA-Za-z0-9（）()]{{2,30}}?(?:{alternation(suffixes)}))"
        out.append((re.compile(rf"{name}(?:{alternation(verbs)})(?:出来)?的"), str(row["field"])))
    return tuple(out)


def maker_condition(text: str) -> str:
    """海湾安全技术有限公司造的设备里… → 制造厂商是海湾安全技术有限公司的设备里…"""
    for pat, field in _patterns():
        text = pat.sub(lambda m, f=field: f"{f}是{m.group('name')}的", text)  # type: ignore[misc]
    return text
