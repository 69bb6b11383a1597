"""A range of days on a named date field (检查日期在1月1日到3月31日之间 / 在2026年1月1日至2026年3月31日之间（以检查日期为准）)
is two bounds on that field, both days counted: 检查日期不早于A且检查日期不晚于B, which the date rules read as two
conditions. The field is the …日期 word said right before 在, or named by 以…为准 right after the range; with no
date field named (青浦片区在1月1日到3月31日之间) the text is left as it is (refused, never a guessed field). A day
without its year is in the clock's year, and only when neither end says one."""

from __future__ import annotations

import re

_DAY = r"(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
_RANGE = re.compile(
    rf"(?P<f>[\u4e00-\u9fff]{{0,6}}日期)?\s*(?:在|从|介于|处于)?\s*(?P<a>{_DAY})\s*(?:到|至|~|～|—|-)\s*(?P<b>{_DAY})\s*"
    r"(?:的)?(?:之间|期间|这段时间|内|为止)?"
    r"(?:\s*[（(]\s*以(?P<g>[\u4e00-\u9fff]{0,6}日期)为准\s*[）)])?"
)


def _full(day: str, year: int) -> str:
    return day if "年" in day else f"{year}年{day}"


def day_range(text: str, this_year: int) -> str:
    """检查日期在1月1日到3月31日之间 → 检查日期不早于2026年1月1日且检查日期不晚于2026年3月31日."""
    m = _RANGE.search(text)
    if m is None:
        return text
    field = m.group("f") or m.group("g")
    if not field or (m.group("f") and m.group("g") and m.group("f") != m.group("g")):
        return text
    a, b = m.group("a"), m.group("b")
    if ("年" in a) != ("年" in b):
        return text  # one end with its year, one without: which year the other is in is not guessed
    a, b = _full(a, this_year), _full(b, this_year)
    return f"{text[: m.start()]}{field}不早于{a}且{field}不晚于{b}{text[m.end() :]}"
