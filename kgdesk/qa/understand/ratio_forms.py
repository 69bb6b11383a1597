"""A ratio of two measures said another way (judge 47 K7): 「A是B的百分之几 / 百分之多少 / 几成」, 「A与B之比 / A和B的比值」
and 「A占到了B的几成」 are the same question as 「A占B的百分之几 / 比例」, which the rules read (ΣA ÷ ΣB over the rows
the question names). Only between two words with no digit or clause break inside, ending the question."""

from __future__ import annotations

import re

_W = r"[^\s，,。？?！!的\d]"
_IS_SHARE = re.compile(
    rf"(?P<a>{_W}{{1,12}})是(?P<b>(?:同月|当月|同期)?的?{_W}{{1,12}})的(?P<q>百分之几|百分之多少|几成|多少成|几分之几)"
    r"(?P<e>[？?。]?)$"
)
_RATIO = re.compile(rf"(?P<a>{_W}{{1,12}}?)(?:与|和|跟|同)(?P<b>{_W}{{1,12}}?)(?:之比|的比值)(?:是多少|为多少|是几|多少)?(?P<e>[？?。]?)$")
_REACHED = re.compile(r"占到了?(?=(?:同月|当月|同期)?的?[^\s，,。？?]{1,12}的(?:百分之|几成|比例|多少成))")


def ratio_forms(text: str) -> str:
    """3月收款金额是开票金额的百分之几 → 3月收款金额占开票金额的百分之几; 收款与开票之比 → 收款占开票的比例."""
    text = _REACHED.sub("占", text)
    text = _IS_SHARE.sub(lambda m: f"{m['a']}占{m['b']}的{m['q']}{m['e']}", text)
    return _RATIO.sub(lambda m: f"{m['a']}占{m['b']}的比例{m['e']}", text)
