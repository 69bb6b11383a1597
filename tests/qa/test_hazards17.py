"""Judge-12 classes at the plan (in-memory schema, own wording).

W5: a ledger named as the subject (岗位字典里…的岗位) — the asked noun is that ledger's record type, so a
field both templates have (员工层级, 岗位名称) is read on it, never on the people's rows carrying it."""

from __future__ import annotations

import pytest

from tests.qa.helpers import planned


@pytest.mark.parametrize(
    "q, field",
    [
        ("岗位字典中员工层级属于一线员工的岗位，列一下", "员工层级"),
        ("岗位字典里员工层级为项目管理人员的岗位有哪些", "员工层级"),
        ("按岗位字典，员工层级是一线员工的岗位都有哪些", "员工层级"),
        ("在岗位字典里，岗位大类为保安的岗位有几个", "岗位大类"),
    ],
)
def test_a_ledger_named_as_subject_reads_a_shared_field_on_its_own_records(q: str, field: str) -> None:
    p = planned(q)
    step = p.steps[0]
    assert step.entity == "岗位" and not step.hops, p
    assert [(f.node, f.field) for f in step.filters] == [("n0", field)], p


def test_without_the_ledger_a_person_field_stays_on_people() -> None:
    p = planned("员工层级为一线员工的人员有哪些")
    assert p.steps[0].entity == "人员", p


def test_a_ledger_with_another_record_type_named_is_read_as_before() -> None:
    p = planned("岗位字典中保洁员岗位的人员有几个")
    assert p.steps[0].entity == "人员", p

