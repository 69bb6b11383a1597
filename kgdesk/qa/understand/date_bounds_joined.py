"""Two bounds on one date field joined by 且 with the field said once (有效期至在今天之后且不晚于2027年12月31日 / 结束日期晚于今天并且
早于2027年1月1日): the second bound is on the same field — the field is restated before it (…且有效期至不晚于2027年12月31日),
the form the date rules read as two conditions (as understand/day_range writes a range). Only for a date field of the
templates (their 日期 type), only when the second clause is a time with a comparison word of its own (早于 / 晚于 /
不早于 / 不晚于 / 之前 / 之后 … — lexicon comparison_residue) and names no field itself."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.templates.loader import default_template_set

_JOIN = r"(?:并且|而且|且|同时|但|又)"
_TIME = r"(?:今天|今日|当前|现在|\d{4}\s*年|\d{1,2}\s*月)"


@cache
def _pattern() -> re.Pattern[str]:
    ts = default_template_set()
    dates = sorted({f.name for t in ts.templates for f in t.fields if f.type.value == "日期"}, key=len, reverse=True)
    words = load_lexicon().raw.get("comparison_residue", {}).get("words", [])
    comp = "|".join(sorted(map(re.escape, words), key=len, reverse=True)) or "(?!)"
    field = "|".join(map(re.escape, dates)) or "(?!)"
    first = rf"(?P<f>{field})(?P<a>[^，,。？?；;]{{0,16}}?(?:{comp})[^，,。？?；;]{{0,12}}?)"
    second = rf"(?=(?:不)?(?:在|于)?[^，,。？?；;]{{0,4}}?(?:(?:{comp})[^，,。？?；;]{{0,4}}?{_TIME}|{_TIME}[^，,。？?；;]{{0,14}}?(?:{comp})))"
    return re.compile(rf"{first}(?P<j>[，,]?{_JOIN}){second}")


def date_bounds_joined(text: str) -> str:
    """有效期至在今天之后且不晚于2027年12月31日 → 有效期至在今天之后且有效期至不晚于2027年12月31日."""
    m = _pattern().search(text)
    if m is None or not any(t in m.group("a") for t in ("今天", "今日", "当前", "现在", "年", "月", "日")):
        return text
    return f"{text[: m.end()]}{m.group('f')}{text[m.end() :]}"
