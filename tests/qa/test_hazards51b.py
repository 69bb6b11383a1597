"""Red team 3's re-ask after pass 51: a list question about people (…的项目经理有哪些 / 是哪些人) planned as a list
of the projects those people serve answered with the projects — the asked people must be what is listed."""

from __future__ import annotations

from datetime import date

import pytest

from tests.qa.helpers import UnderstandingStatus, understand

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize(
    "q",
    [
        "服务中的项目的项目经理有哪些？",
        "已结束的项目的项目经理都有谁",
        "中标项目的项目经理有哪些",
        "全委的项目，项目经理是哪几位",
    ],
)
def test_people_asked_never_answered_with_projects(q: str) -> None:
    u = understand(q, TODAY)
    if u.status is UnderstandingStatus.PLAN and u.plan is not None:
        assert u.plan.steps[0].entity == "人员", (q, u.plan)


@pytest.mark.parametrize("q", ["公建项目的项目经理有哪些人？", "服务中的项目有哪些", "哪些项目的负责人是项目经理"])
def test_people_or_projects_listed_as_asked_stay(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, (q, u.message)
