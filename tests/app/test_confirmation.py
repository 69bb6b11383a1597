"""The confirmation setting, decided Qt-free: a plain plan is answered without any dialog, a plan
with an assumption shows one understanding dialog naming it, `always` shows both, `never` none."""

from __future__ import annotations

import asyncio

import pytest

from kgdesk.app.confirmation import ConfirmingInteractor, uncertainty
from kgdesk.app.wording import ASSUMPTION_SLOT, plain
from kgdesk.qa.interactions import PlanConfirmation, Reply, ScriptedInteractor, SlotConfirmation

SLOTS = [("意图", "计数"), ("对象", "项目"), ("时间", "不限"), ("条件", "无"), ("粒度", "汇总")]
PLAIN_PLAN = {"query_type": "count", "steps": [{"id": "s1", "entity": "项目", "filters": []}]}
ASSUMED_PLAN = {
    "query_type": "count",
    "steps": [{"id": "s1", "entity": "项目", "filters": [
        {"node": "n0", "field": "项目名称", "op": "contains", "value": "图书馆"},
        {"node": "n0", "field": "项目状态", "op": "eq", "value": "服务中", "assumption": True},
    ]}],
}
PLAIN_LINES = ["查找「项目」", "输出：计数"]
ASSUMED_LINES = ["查找「项目」", "条件：项目名称包含「图书馆」", "条件：项目状态为「服务中」", "输出：计数"]


def ask(mode: str, plan: dict[str, object], lines: list[str], inner: ScriptedInteractor) -> tuple[Reply, Reply, list[str]]:
    ci = ConfirmingInteractor(inner, mode)  # type: ignore[arg-type]

    async def run() -> tuple[Reply, Reply]:
        a = await ci.confirm_slots(SlotConfirmation("图书馆项目有几个", SLOTS))
        b = await ci.confirm_plan(PlanConfirmation("图书馆项目有几个", lines, plan))
        return a, b

    a, b = asyncio.run(run())
    return a, b, ci.shown


def test_a_plain_question_needs_no_dialog_by_default() -> None:
    inner = ScriptedInteractor()
    a, b, shown = ask("uncertain", PLAIN_PLAN, PLAIN_LINES, inner)
    assert a.ok and b.ok and shown == [] and inner.requests == []


def test_an_assumption_is_confirmed_once_and_named() -> None:
    inner = ScriptedInteractor(slots=[Reply(False, "4月")])
    a, b, shown = ask("uncertain", ASSUMED_PLAN, ASSUMED_LINES, inner)
    assert a.ok and shown == ["assumptions"]
    assert b == Reply(False, "4月")  # the user's edit goes back as the plan's reply (the agent re-plans)
    [req] = inner.requests
    assert isinstance(req, SlotConfirmation)
    assert (ASSUMPTION_SLOT, "项目状态为「服务中」") in req.slots
    assert not [v for k, v in req.slots if k == ASSUMPTION_SLOT and "图书馆" in v]  # a stated condition is no assumption


def test_plan_notes_and_unknown_types_are_uncertain() -> None:
    noted = {**PLAIN_PLAN, "notes": ["口径：按在职人员统计"]}
    assert uncertainty(PlanConfirmation("q", PLAIN_LINES, noted)).assumptions == ["口径：按在职人员统计"]
    assert uncertainty(PlanConfirmation("q", [], {"query_type": "unknown"})).uncertain
    assert not uncertainty(PlanConfirmation("q", PLAIN_LINES, PLAIN_PLAN)).uncertain


@pytest.mark.parametrize(("mode", "expected"), [("always", ["slots", "plan"]), ("never", [])])
def test_always_and_never(mode: str, expected: list[str]) -> None:
    inner = ScriptedInteractor()
    _, _, shown = ask(mode, ASSUMED_PLAN, ASSUMED_LINES, inner)
    assert shown == expected and len(inner.requests) == len(expected)


def test_graph_notation_reads_as_chinese() -> None:
    assert plain("关系：人员 -[服务于]-> 项目") == "关系：人员所服务的项目"
    assert plain("关系：项目 <-[服务于]- 人员") == "关系：服务于项目的人员"
    assert plain("关系：人员 -[持有]-> 证书（1～3 跳）") == "关系：人员所持有的证书（经过 1～3 层关系）"
    assert plain("关系：人员 -[有考勤]-> 考勤") == "关系：人员的考勤"
    assert plain("关系：不存在 设备 -[责任人]-> 人员") == "关系：没有设备的责任人（人员）"
    assert plain("条件：项目状态为「服务中」") == "条件：项目状态为「服务中」"
    assert plain("步骤 s1：查找「人员」") == "查找「人员」"
    assert plain("条件：项目 = 青浦-赵巷镇政府（XMSQ0110）（已在图谱中匹配）") == "条件：项目 = 青浦-赵巷镇政府（XMSQ0110）（已在数据中找到）"
