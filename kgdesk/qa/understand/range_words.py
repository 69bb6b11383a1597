"""A number range said in words (实际毛利率落在8%~10%区间内（含8%和10%） / 合同金额在100万到200万之间 / 毛利率从8%到10% /
合同金额100万~300万 / 介于100万和300万之间) is two bounds on the field before it: 不低于A且不高于B, which the rules read as
two conditions. Both ends count unless a bracket says they do not: （不含） / （不含首尾） → 高于A且低于B; a bracket that names
one end (（不含30万）) leaves out that end only (不低于A且低于B); a bracket that names a number that is neither end is not
guessed (left as written, for the rules to refuse). Only numbers (with %, 万, 元,
分 …) on both sides of 到 / 至 / ~ (和 only after 介于, or 在 with a closing 之间), opened by 在 / 从 / 落在 / 介于 or right after a word (合同金额100万~300万),
and never a year or a day (two 4-digit numbers without another unit than 年, a number followed by 年 / 月 / 日 / 号 / 季 / 周 / 点, or a
digit, stays for the time rules), so a date range (1月1日到3月31日, which the time rules own) or a month span is never
touched."""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?(?:%|万元|万|元|分|人|个|岁|年|小时|天)?"
_RANGE = re.compile(
    rf"(?:(?P<open>落在|处在|处于|在|介于|从)|(?<=[\u4e00-\u9fff])(?<![第前后近]))(?P<a>{_NUM})\s*(?P<to>到|至|~|～|-|—|和)\s*(?P<b>{_NUM})"
    r"(?![\d.年月日号季周点]|个月|个季)\s*"
    r"(?:的?(?P<close>之间|区间内|区间里|区间|范围内|范围里|范围))?"
    r"(?P<note>[（(](?:(?P<neg>不)?(?:含|包含|包括)(?P<named>[^（()）]{0,16})|(?:两头|两端|首尾|端点)都?(?P<ends>不)?(?:算|计|含)(?:在内)?)[）)])?"
)
_BOTH = re.compile(r"^(?:两端|两头|首尾|端点|边界|上下限)?(?:都算|都不算|在内)?$")
_YEAR = re.compile(r"\d{4}年?")
_YEAR_MONTH = re.compile(r"(?:19|20)\d{2}[-—~～/.](?:0?[1-9]|1[0-2])")


def _excluding(a: str, b: str, named: str, said: str) -> str:
    """（不含） → neither end; （不含B） → only B left out; （不含A和B） → neither; any other number named → as written."""
    if _BOTH.match(named):
        return f"高于{a}且低于{b}"
    unit = next((_split(x)[1] for x in (b, a) if _split(x)[1]), "")
    ends = [_split(x, unit) for x in re.split(r"[和与及、,，]", named) if x]
    out_a, out_b = _split(a, unit) in ends, _split(b, unit) in ends
    if not (out_a or out_b) or len(ends) != out_a + out_b:
        return said  # a number named that is neither end: not guessed
    return f"{'高于' if out_a else '不低于'}{a}且{'低于' if out_b else '不高于'}{b}"


def _split(x: str, unit: str = "") -> tuple[str, str]:
    """30万 → ('30', '万'); 30 with the range's unit 万 → ('30', '万')."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(\S*?)\s*", x)
    return (m.group(1), m.group(2) or unit) if m else (x, "")


def range_words(text: str) -> str:
    """实际毛利率落在8%~10%区间内（含8%和10%）的项目 → 实际毛利率不低于8%且不高于10%的项目."""

    def repl(m: re.Match[str]) -> str:
        a, b, opened, to = m.group("a"), m.group("b"), m.group("open"), m.group("to")
        if (to == "和" and opened != "介于" and not (opened == "在" and m.group("close"))) or all(_YEAR.fullmatch(x) for x in (a, b)):
            return m.group(0)
        if _YEAR_MONTH.fullmatch(f"{a}{to}{b}"):
            return m.group(0)  # 在2026-04的: a year and its month, for the time rules
        if not m.group("note") and re.match(r"\s*[（(]", m.string[m.end() :]):
            return m.group(0)  # （88和92都算）: a bracket of another shape is left to the rules that read it
        if not opened and to in "-—":
            return m.group(0)  # 3-5 without 在 / 从: a code or a dash, not guessed
        if opened in (None, "从") and not m.group("close") and not m.group("note") and a[-1].isdigit() != b[-1].isdigit():
            return m.group(0)  # 从3到5个: the unit said once is left to the rules as written
        if m.group("ends"):
            return f"高于{a}且低于{b}"
        named = (m.group("named") or "").strip()
        if m.group("neg"):  # （不含10万，含30万）: what follows 含 counts, as it would by default
            return _excluding(a, b, re.split(r"[，,、]?\s*(?:含|包含|包括)", named)[0].strip(), m.group(0))
        if (x := re.search(r"[，,、]?\s*不(?:含|包含|包括|算)", named)) is not None:
            return _excluding(a, b, named[x.end() :].strip(), m.group(0))  # （含10万，不含30万）
        return f"不低于{a}且不高于{b}"

    return _RANGE.sub(repl, text)
