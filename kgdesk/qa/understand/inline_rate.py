"""A rate defined inline right after it (设备完好率是多少（完好台数除以设备总台数） / 中标率（中标条数/全部投标条数）)
restates the share the rate word already names — the records with the rate's own word (完好, 中标) over
all of them — and is dropped. Only when the numerator holds the rate's word and the denominator is the
whole (总 / 全部 / 所有 / 全体, and the numerator is not); any other definition is left to be read (and
refused when it cannot be)."""

from __future__ import annotations

import re

_WHOLE = ("总", "全部", "所有", "全体")
_RATE = re.compile(
    r"(?P<stem>[\u4e00-\u9fff]{2})率(?P<mid>[^（()）]{0,8}?)[（(]\s*(?:即|也就是|按)?"
    r"(?P<num>[^（()）/÷]{1,14}?)\s*(?:除以|/|÷)\s*(?P<den>[^（()）/÷]{1,16}?)\s*(?:算|计算)?[）)]"
)


def inline_rate(text: str) -> str:
    m = _RATE.search(text)
    if m is None:
        return text
    num, den = m.group("num"), m.group("den")
    if m.group("stem") not in num or not any(w in den for w in _WHOLE) or any(w in num for w in _WHOLE):
        return text
    return text[: m.start()] + m.group("stem") + "率" + m.group("mid") + text[m.end() :]
