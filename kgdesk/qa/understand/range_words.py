"""A number range said in words (实际毛利率落在8%~10%区间内（含8%和10%） / 合同金额在100万到200万之间 / 毛利率从8%到10% /
合同金额100万~300万 / 介于100万和300万之间) is two bounds on the field before it: 不低于A且不高于B, which the rules read as
two conditions. Both ends count unless a bracket says they do not (（不含） → 高于A且低于B). Only numbers (with %, 万, 元,
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
    r"(?P<note>[（(](?P<neg>不)?(?:含|包含|包括)[^（()）]{0,16}[）)])?"
)
_YEAR = re.compile(r"\d{4}年?")


def range_words(text: str) -> str:
    """实际毛利率落在8%~10%区间内（含8%和10%）的项目 → 实际毛利率不低于8%且不高于10%的项目."""

    def repl(m: re.Match[str]) -> str:
        a, b, opened, to = m.group("a"), m.group("b"), m.group("open"), m.group("to")
        if (to == "和" and opened != "介于" and not (opened == "在" and m.group("close"))) or all(_YEAR.fullmatch(x) for x in (a, b)):
            return m.group(0)
        if not m.group("note") and re.match(r"\s*[（(]", m.string[m.end() :]):
            return m.group(0)  # （88和92都算）: a bracket of another shape is left to the rules that read it
        if not opened and to in "-—":
            return m.group(0)  # 3-5 without 在 / 从: a code or a dash, not guessed
        if opened in (None, "从") and not m.group("close") and not m.group("note") and a[-1].isdigit() != b[-1].isdigit():
            return m.group(0)  # 从3到5个: the unit said once is left to the rules as written
        if m.group("neg"):
            return f"高于{a}且低于{b}"
        return f"不低于{a}且不高于{b}"

    return _RANGE.sub(repl, text)
