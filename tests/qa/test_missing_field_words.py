"""A field no template has is named as written, without the copula that follows it (judge 43 K9: 「下次保养日期是」):
the reason and `missing` of an `insufficient` answer name the thing the user asked for. Our own wordings."""

from __future__ import annotations

from datetime import date

import pytest

from tests.qa.helpers import UnderstandingStatus, understand


@pytest.mark.parametrize(
    "q, missing",
    [("XMSQ0102的下次保养日期是哪天", "下次保养日期"), ("赵德胜的紧急联系人是谁", "紧急联系人"), ("XMSQ0102有多少个停车位", "停车位")],
)
def test_a_missing_field_is_named_without_the_copula(q: str, missing: str) -> None:
    u = understand(q, date(2026, 3, 9))
    assert u.status is UnderstandingStatus.INSUFFICIENT, (u.status, u.message)
    assert u.missing == missing and f"「{missing}」" in (u.message or ""), (u.missing, u.message)
