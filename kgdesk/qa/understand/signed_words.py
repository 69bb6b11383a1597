"""Whether a difference asked is signed (judge 35 A, judge 46 W2): "A比B多 / 少 / 高 / 低 / 大 / 小 多少" names a direction
and is A − B (or B − A for 少 / 低 / 小); "相差 / 差多少 / 差了多少 / 差距" is |A − B| — also inside a frame that only sets
the two sides ("A跟B比，差了多少", "A同B比起来相差多少", "A和B相比差距多大"). 比 alone never decides the sign: only a
direction word after it (多多少 / 少了多少 / 高出几 / 多开票多少) does, and never in a which-question
(哪个多，多多少: the answer names the larger one, the figure is unsigned). One rule for every path that decides the
sign: two projects, two months, two values of a field, two people, two fields of the same records."""

from __future__ import annotations

import re

from kgdesk.qa.dsl import QueryPlan

_HOW_MUCH = re.compile(r"多少|几|多大|多高|多长|多久")
_NOT_DIRECTION = re.compile(r"大厦|大楼|大道|大学|大街|大院|小区|小学|高新|高层|低压|高压|大概|大约|至少|多数|大小|高低|多寡")
_SIGNED = re.compile(r"比[^比]*?[多少高低大小]")
_WHICH = re.compile(r"哪|谁")


def signed_difference(qn: str) -> bool:
    """True when the question asks A比B多/少…多少 (a signed difference: 3月比2月多开票多少), False for 相差 / 差多少 /
    差距 in any frame; the how-much words and names holding 大 / 小 / 高 / 低 (小区, 大厦) are no direction."""
    said = _NOT_DIRECTION.sub("", _HOW_MUCH.sub("", qn))
    return bool(_SIGNED.search(said)) and not _WHICH.search(qn)


_UNSIGNED = re.compile(r"相差|差(?:了|个)?(?:多少|几)|差距|差额|差值|差别")


def unsigned_compare(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """The last look on every plan (rules or model): a signed A − B of two groups asked as 相差 / 差多少 / 差距 with no
    direction word is made |A − B| (the answer says which side is larger); None when nothing changes."""
    c = plan.comparison
    if c is None or c.measure != "difference" or not _UNSIGNED.search(text) or signed_difference(text):
        return None
    note = "口径：「相差 / 差多少」不分正负，取两者之差的绝对值（哪个多由回答说明）"
    return plan.model_copy(update={"comparison": c.model_copy(update={"measure": "abs_difference"})}), note
