"""A range of days on a named date field (检查日期在1月1日到3月31日之间 / 在2026年1月1日至2026年3月31日之间（以检查日期为准）)
is two bounds on that field, both days counted: 检查日期不早于A且检查日期不晚于B, which the date rules read as two
conditions. The field is the …日期 word said right before 在, or named by 以…为准 right after the range; with no
date field named (青浦片区在1月1日到3月31日之间) the text is left as it is (refused, never a guessed field). A day
without its year is in the clock's year when neither end says one; a second end without its year is in the first
end's year (2026年1月10日到3月20日) when it does not fall before the first; a first end without one is not guessed.
The field may be 有效期至 too (a date field whose name ends in 至), or said as …时间 (入职时间: the rules read it as
入职日期, or refuse a time that names no date field). A bracket after the range saying neither end counts
(（不含） / （两头都不算）, lexicon day_bounds.range_exclusive) makes both bounds strict: 晚于A且早于B."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_DAY = r"(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
_RANGE = re.compile(
    rf"(?P<f>[\u4e00-\u9fff]{{0,6}}日期|[\u4e00-\u9fff]{{1,4}}时间|有效期至)?\s*(?:在|从|介于|处于)?\s*(?P<a>{_DAY})\s*(?:到|至|~|～|—|-)\s*(?P<b>{_DAY})\s*"
    r"(?:的)?(?:之间|期间|这段时间|内|为止)?"
    r"(?:\s*[（(]\s*以(?P<g>[\u4e00-\u9fff]{0,6}日期)为准\s*[）)])?"
)


def _full(day: str, year: int) -> str:
    return day if "年" in day else f"{year}年{day}"


_YMD = re.compile(r"(?:(?P<y>\d{4})\s*年\s*)?(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})")


def _same_year(a: str, b: str) -> str | None:
    """The second end in the first end's year (2026年1月10日到3月20日 → 2026年3月20日) when it does not fall before the
    first; a second end earlier in the year (2025年11月1日到2月28日) may be in the next year: not guessed (None)."""
    ma, mb = _YMD.match(a), _YMD.match(b)
    if ma is None or mb is None or (int(mb["m"]), int(mb["d"])) < (int(ma["m"]), int(ma["d"])):
        return None
    return f"{ma['y']}年{b}"


@cache
def _exclusive() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("day_bounds", {}).get("range_exclusive", [])
    return re.compile(rf"\s*[（(]\s*(?:{alternation(words)})\s*[）)]") if words else None


def day_range(text: str, this_year: int) -> str:
    """检查日期在1月1日到3月31日之间 → 检查日期不早于2026年1月1日且检查日期不晚于2026年3月31日."""
    m = _RANGE.search(text)
    if m is None:
        return text
    field = m.group("f") or m.group("g")
    if not field or (m.group("f") and m.group("g") and m.group("f") != m.group("g")):
        return text
    a, b = m.group("a"), m.group("b")
    if "年" in b and "年" not in a:
        return text  # the first end without its year, the second with one: which year the first is in is not guessed
    if "年" in a and "年" not in b:
        b = _same_year(a, b)  # 2026年1月10日到3月20日: the second end in the first's year
        if b is None:
            return text
    a, b = _full(a, this_year), _full(b, this_year)
    pat = _exclusive()
    if pat is not None and (x := pat.match(text, m.end())) is not None:  # （不含）: neither end counts
        return f"{text[: m.start()]}{field}在{a}之后且{field}在{b}之前{text[x.end() :]}"
    return f"{text[: m.start()]}{field}不早于{a}且{field}不晚于{b}{text[m.end() :]}"
