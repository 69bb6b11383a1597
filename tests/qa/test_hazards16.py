"""Judge-11 W4 at the plan (in-memory schema, own wording): a relationship between two records of the
same type (项目 包含 项目, 项目 续签自 项目) takes its direction from the role the words give the named
record — X的子项目 / 上级项目编号是X的 / X下面的项目 / 哪些项目属于X list what X contains; X的上级项目 /
X属于哪个项目 / 哪些项目包含X list what contains X; a role left unclear is refused, never guessed."""

from __future__ import annotations

import pytest

from kgdesk.qa.understanding import UnderstandingStatus
from tests.qa.helpers import planned, understand


def _hop(q: str) -> tuple[str, str]:
    p = planned(q)
    assert p.steps[0].entity == "项目" and len(p.steps[0].hops) == 1, p
    h = p.steps[0].hops[0]
    assert h.target == "项目", p
    assert [f.value for f in p.steps[0].filters if f.field == "_key"] == ["XMSQ0102"], p
    return h.rel, h.direction


@pytest.mark.parametrize(
    "q",
    [
        "上级项目编号是XMSQ0102的项目有哪些",
        "上级项目编号是XMSQ0102的子项目有哪些",
        "上级项目为区图书馆的项目有几个",
        "区图书馆的子项目有哪些",
        "区图书馆下面的项目有几个",
        "区图书馆下面有几个子项目",
        "哪些项目属于区图书馆",
        "属于区图书馆的项目有几个",
        "区图书馆包含哪些项目",
    ],
)
def test_the_named_project_contains_the_listed_ones(q: str) -> None:
    assert _hop(q) == ("包含", "in")


@pytest.mark.parametrize(
    "q",
    ["XMSQ0102的上级项目是哪个", "XMSQ0102属于哪个项目", "区图书馆的母项目", "哪些项目包含区图书馆"],
)
def test_the_listed_project_contains_the_named_one(q: str) -> None:
    assert _hop(q) == ("包含", "out")


def test_a_stated_earlier_project_is_the_one_renewed_from() -> None:
    assert _hop("续签前项目编号是XMSQ0102的项目") == ("续签自", "out")
    assert _hop("区图书馆的续签项目") == ("续签自", "out")  # the new one is the start
    assert _hop("区图书馆的续签前项目") == ("续签自", "in")


@pytest.mark.parametrize(
    "q",
    ["区图书馆是哪个项目的子项目", "XMSQ0102的上级项目的子项目有哪些", "上级项目编号是XMSQ0102的上级项目"],
)
def test_an_unclear_role_is_refused(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN, u.plan


def test_membership_in_another_type_is_untouched() -> None:
    p = planned("区图书馆属于哪个片区")
    assert all(h.rel != "包含" for h in p.steps[0].hops), p
