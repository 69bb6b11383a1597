"""个 / 位 / 名 after 几 / 多少 closing a sum of a headcount field (项目编制这一列全表合计几个 / 在岗人数一共几个人 /
标准工时人数合计有多少名): the field already counts people (lexicon field_units 人), so the measure word is its unit
and the answer is Σ<field> (judge 49 K3; judge 34 A / judge 38 B with 人). Only when the count word ends the question
(nothing but 人 / a particle after it): 几个岗位 / 多少个项目 count other things and stay refused."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon

_TAIL = re.compile(r"(?:人|号人)?(?:呢|啊|呀|吧)?[？?。！!]*$")


def headcount_unit(field: str | None, rest: str, lexicon: Lexicon) -> bool:
    """Whether the count word just before `rest` is the unit of the headcount field `field` summed."""
    return bool(field) and lexicon.raw.get("field_units", {}).get(field) == "人" and _TAIL.fullmatch(rest) is not None


_PEOPLE_WORD = re.compile(r"(?P<f>在岗人数|预算编制|项目编制|标准工时人数)(?P<m>[^，,。？?；;]{0,10}?)(?P<h>多少|几)(?:名|位)(?=$|[？?。！!呢啊])")


def headcount_people(text: str) -> str:
    """标准工时人数全表合计有多少名 → …有多少人: 名 / 位 closing a headcount field's sum is its unit 人, no person joined."""
    return _PEOPLE_WORD.sub(lambda m: f"{m['f']}{m['m']}{m['h']}人", text)
