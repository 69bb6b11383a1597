"""Role-by-role probes of crafted plans: a role without a field can neither see it, filter, sort or
group by it, aggregate it, compute with it nor join on it; labels without the intent are refused."""

from __future__ import annotations

import pytest

from kgdesk.qa.dsl import QueryPlan
from kgdesk.security.permissions import policy_for
from kgdesk.security.plancheck import (
    PlanDenied,
    check_plan,
    denial_message,
    enforce_plan,
    result_rules,
)
from tests.security.helpers import AGE, age, f, hop, plan, ref

ROLES = ("admin", "manager", "staff", "guest")


def allowed(p: QueryPlan, role: str) -> bool:
    return not check_plan(p, policy_for(role))


def fields_of(p: QueryPlan, role: str) -> set[tuple[str, str | None]]:
    return {(v.usage, v.field) for v in check_plan(p, policy_for(role)) if v.kind == "field"}


def intents_of(p: QueryPlan, role: str) -> set[str | None]:
    return {v.intent for v in check_plan(p, policy_for(role)) if v.kind == "intent"}


# ---------------------------------------------------------------- pay (工资 intent + sensitive)

PAY_PLANS = {
    "direct": plan("status", entity="考勤", filters=[f("工号", value="KWL1")], projection=[ref("税后工资")]),
    "filtered": plan("list", entity="考勤", filters=[f("税后工资", "gt", 5000)]),
    "sorted": plan("list", entity="考勤", sort=[{"by": "field", "field": "税后工资", "direction": "desc"}], limit=1),
    "aggregated": plan("aggregate", entity="考勤", aggregate={"fn": "sum", "field": "加班超时费"}),
    "grouped": plan("compare", entity="考勤", group_by=[ref("值班费")], aggregate={"fn": "count"}),
    "averaged_by_project": plan(
        "compare", entity="考勤", group_by=[ref("项目编号")], aggregate={"fn": "avg", "field": "税后工资"}
    ),
    "derived": plan("list", entity="考勤", derived=[age("总额", "to_number(税后工资) + to_number(餐费)")],
                    projection=[ref("总额")]),
    "time": plan("list", entity="考勤", time=[{"kind": "month_eq", "field": "国定加班费", "start": "2026-01",
                                               "end": "2026-01"}]),
}


@pytest.mark.parametrize("shape", sorted(PAY_PLANS))
def test_pay_fields_by_role(shape: str) -> None:
    p = PAY_PLANS[shape]
    assert allowed(p, "admin") and allowed(p, "manager")
    for role in ("staff", "guest"):
        vs = check_plan(p, policy_for(role))
        assert vs, (shape, role)
        assert "工资" in intents_of(p, role)
        assert "「工资」" in denial_message(vs, policy_for(role))


# ---------------------------------------------------------------- personal fields (no intent)


@pytest.mark.parametrize("fld", ["联系电话", "身份证号码", "政治面貌"])
def test_personal_field_every_usage_for_staff_and_guest(fld: str) -> None:
    probes = {
        "show": plan("status", filters=[f("姓名", value="张三")], projection=[ref(fld)]),
        "filter": plan("list", filters=[f(fld, "contains", "138")]),
        "sort": plan("list", sort=[{"by": "field", "field": fld}], limit=3),
        "group": plan("compare", group_by=[ref(fld)], aggregate={"fn": "count"}),
        "aggregate": plan("count", aggregate={"fn": "count_distinct", "field": fld}),
        "derive": plan("list", derived=[age("x", f"to_number({fld})")], projection=[ref("x")]),
        "ref": QueryPlan.model_validate(
            {
                "query_type": "list",
                "steps": [
                    {"id": "s1", "entity": "人员", "filters": [f("姓名", value="张三")]},
                    {"id": "s2", "entity": "人员", "depends_on": ["s1"], "filters": [
                        {"node": "n0", "field": fld, "op": "in", "value_source": "previous_step",
                         "ref": {"step": "s1", "node": "n0", "field": fld}}]},
                ],
            }
        ),
        "null_check": plan("list", filters=[f(fld, "not_null")]),
    }
    for usage, p in probes.items():
        for role in ("staff", "guest"):
            got = fields_of(p, role)
            assert got and all(field == fld for _, field in got), (usage, role, got)
        assert allowed(p, "admin"), usage


def test_phone_is_full_for_manager_but_id_card_is_not() -> None:
    assert allowed(plan("list", filters=[f("联系电话", "contains", "138")], projection=[ref("联系电话")]), "manager")
    assert not allowed(plan("list", projection=[ref("身份证号码")]), "manager")
    assert not allowed(plan("list", filters=[f("身份证号码", "contains", "3101")]), "manager")


# ---------------------------------------------------------------- aggregate-only access (manager, 政治面貌)


def test_aggregate_level_allows_counts_by_group_only() -> None:
    count_by = plan("compare", group_by=[ref("政治面貌")], aggregate={"fn": "count"})
    assert allowed(count_by, "manager")
    assert result_rules(count_by, policy_for("manager")).suppress_small_groups
    assert not result_rules(count_by, policy_for("admin")).suppress_small_groups
    assert allowed(plan("count", aggregate={"fn": "count_distinct", "field": "政治面貌"}), "manager")
    refused = {
        "show": plan("list", projection=[ref("政治面貌")]),
        "filter": plan("count", filters=[f("政治面貌", value="中共党员")], aggregate={"fn": "count"}),
        "sort": plan("list", sort=[{"by": "field", "field": "政治面貌"}]),
        "group_without_aggregate": plan("list", group_by=[ref("政治面貌")]),
        "group_with_detail": plan("list", group_by=[ref("政治面貌")], aggregate={"fn": "count"},
                                  projection=[ref(None)]),
        "max": plan("aggregate", aggregate={"fn": "max", "field": "政治面貌"}),
    }
    for usage, p in refused.items():
        assert not allowed(p, "manager"), usage
        assert allowed(p, "admin"), usage


def test_aggregate_level_needs_a_plan_whose_groups_can_be_suppressed() -> None:
    """Groups are counted on the rows the masker sees: later Python filters or set operations could
    shrink a group below the minimum after the check, so such plans are refused."""
    late_filter = plan("compare", derived=[age()], filters=[f("年龄", "gte", 50)], group_by=[ref("政治面貌")],
                       aggregate={"fn": "count"})
    combined = QueryPlan.model_validate({
        "query_type": "compare",
        "steps": [{"id": "s1", "entity": "人员", "filters": [f("性别", value="女")]},
                  {"id": "s2", "entity": "人员", "filters": [f("当前服务项目编号", value="XMSQ0102")]}],
        "combine": [{"id": "c1", "op": "intersection", "steps": ["s1", "s2"]}],
        "group_by": [ref("政治面貌")], "aggregate": {"fn": "count"},
    })
    for p in (late_filter, combined):
        assert fields_of(p, "manager") == {("group", "政治面貌")}
        assert allowed(p, "admin")
    db_filter = plan("compare", filters=[f("性别", value="女")], group_by=[ref("政治面貌")], aggregate={"fn": "count"})
    assert allowed(db_filter, "manager")


# ---------------------------------------------------------------- ages (band access)


def test_age_bands_for_roles_without_birth_date() -> None:
    show = plan("list", derived=[age()], projection=[ref(None), ref("年龄")])
    group = plan("compare", derived=[age()], group_by=[ref("年龄")], aggregate={"fn": "count"})
    over_50 = plan("count", derived=[age()], filters=[f("年龄", "gte", 50)], aggregate={"fn": "count"})
    under_40 = plan("count", derived=[age()], filters=[f("年龄", "lt", 40)], aggregate={"fn": "count"})
    band_range = plan("count", derived=[age()], filters=[f("年龄", "range", [30, 49])], aggregate={"fn": "count"})
    for role in ROLES:
        for p in (show, group, over_50, under_40, band_range):
            assert allowed(p, role), role
    rules = result_rules(show, policy_for("staff"))
    assert ("s1", "n0", "年龄") in rules.banded
    assert not result_rules(show, policy_for("admin")).banded


@pytest.mark.parametrize(
    ("name", "p"),
    [
        ("exact filter", plan("list", derived=[age()], filters=[f("年龄", "eq", 37)])),
        ("off-band threshold", plan("count", derived=[age()], filters=[f("年龄", "gt", 45)], aggregate={"fn": "count"})),
        ("off-band range", plan("count", derived=[age()], filters=[f("年龄", "range", [35, 36])],
                                aggregate={"fn": "count"})),
        ("sort by age", plan("list", derived=[age()], sort=[{"by": "field", "field": "年龄", "direction": "desc"}],
                             limit=1)),
        ("average age", plan("aggregate", derived=[age()], aggregate={"fn": "avg", "field": "年龄"})),
        ("oldest", plan("aggregate", derived=[age()], aggregate={"fn": "max", "field": "年龄"})),
        ("birth year", plan("list", derived=[age("出生年", "year(出生日期)")], projection=[ref("出生年")])),
        ("age in months", plan("list", derived=[age("月龄", "months_between(出生日期, today)")])),
        ("age at a chosen date", plan("count", derived=[age("年龄", "years_between(出生日期, '2016-03-01')")],
                                      filters=[f("年龄", "gte", 30)], aggregate={"fn": "count"})),
        ("raw birth date", plan("list", projection=[ref("出生日期")])),
        ("birth month", plan("list", time=[{"kind": "month_eq", "field": "出生日期", "start": "1990-01",
                                            "end": "1990-01"}])),
        ("sort by birth date", plan("list", sort=[{"by": "field", "field": "出生日期"}])),
    ],
)
def test_age_misuse_is_refused(name: str, p: QueryPlan) -> None:
    for role in ("manager", "staff", "guest"):
        assert not allowed(p, role), (name, role)
    assert allowed(p, "admin"), name


# ---------------------------------------------------------------- labels and relationships (intents)


def test_labels_and_relationships_need_their_intent() -> None:
    equipment = plan("count", entity="设备", aggregate={"fn": "count"})
    certs = plan("list", hops=[hop("持有", "证书")], filters=[f("证书名称", "contains", "电工", node="n1")])
    service = plan("list", hops=[hop("服务于", "项目")], filters=[f("项目编号", value="XMSQ0102", node="n1")])
    no_cert = plan("list", hops=[hop("持有", "证书", negate=True)])
    finance = plan("aggregate", entity="财务", aggregate={"fn": "sum", "field": "开票金额"})
    snapshot_billing = plan("list", entity="月度快照", projection=[ref("收款金额")])
    snapshot_staff = plan("list", entity="月度快照", projection=[ref("在岗人数")])
    attendance = plan("count", entity="考勤", filters=[f("年月", value="2026-03")], aggregate={"fn": "count"})
    renewal = plan("list", entity="项目", hops=[hop("续签自", "项目", max_hops=3)])
    end_date = plan("list", entity="项目", projection=[ref("结束日期")])
    assert intents_of(equipment, "guest") == {"设备"} and allowed(equipment, "staff")
    assert intents_of(certs, "guest") == {"证书"} and allowed(certs, "staff")
    assert intents_of(service, "guest") == {"服务期/从属/续签"}
    assert intents_of(no_cert, "guest") == {"证书"}
    assert intents_of(finance, "staff") == {"收费"} and allowed(finance, "manager")
    assert intents_of(snapshot_billing, "staff") == {"收费"}
    assert allowed(snapshot_staff, "guest")
    assert allowed(attendance, "guest")
    assert intents_of(renewal, "guest") == {"服务期/从属/续签"} and allowed(renewal, "staff")
    assert intents_of(end_date, "guest") == {"服务期/从属/续签"}


def test_relationship_property_filters_are_checked() -> None:
    p = plan("count", hops=[hop("服务于", "项目")], filters=[f("开始", "gte", "2026-01", node="r1")],
             aggregate={"fn": "count"})
    assert intents_of(p, "guest") == {"服务期/从属/续签"}
    assert allowed(p, "staff")


def test_hop_to_pay_through_another_label() -> None:
    p = plan("list", hops=[hop("有考勤", "考勤")], filters=[f("税后工资", "gt", 8000, node="n1")])
    assert "工资" in intents_of(p, "staff")
    assert allowed(p, "manager")


def test_derived_name_cannot_shadow_a_visible_field() -> None:
    """A derived attribute named like a harmless field still reads the pay field."""
    p = plan("list", entity="考勤", derived=[age("工号", "to_number(税后工资)")], projection=[ref("工号")])
    assert not allowed(p, "staff")


def test_combined_steps_are_all_checked() -> None:
    p = QueryPlan.model_validate(
        {
            "query_type": "list",
            "steps": [
                {"id": "s1", "entity": "人员", "filters": [f("性别", value="女")]},
                {"id": "s2", "entity": "人员", "filters": [f("联系电话", "contains", "139")]},
            ],
            "combine": [{"id": "c1", "op": "intersection", "steps": ["s1", "s2"]}],
        }
    )
    assert fields_of(p, "staff") == {("filter", "联系电话")}
    assert allowed(p, "manager")




def test_enforce_plan_raises_denied_with_the_missing_permission() -> None:
    p = PAY_PLANS["averaged_by_project"]
    with pytest.raises(PlanDenied) as e:
        enforce_plan(p, policy_for("staff"))
    assert e.value.code == "E_DENIED" and "「工资」" in e.value.message
    assert e.value.violations[0].kind == "intent"
    rules = enforce_plan(p, policy_for("manager"))
    assert not rules.suppress_small_groups
    msg = denial_message(check_plan(plan("list", projection=[ref("身份证号码")]), policy_for("staff")),
                         policy_for("staff"))
    assert "身份证号码" in msg


def test_explain_and_harmless_plans_pass_for_everyone() -> None:
    explain = QueryPlan.model_validate({"query_type": "explain", "explain": {"template": "考勤与人员财务", "field": "税后工资"}})
    people = plan("count", filters=[f("性别", value="女")], aggregate={"fn": "count"})
    for role in ROLES:
        assert allowed(explain, role) and allowed(people, role)


def test_an_expression_that_cannot_be_checked_is_refused_for_everyone() -> None:
    p = plan("list", derived=[age("x", "__import__('os').system('rm -rf /')")], projection=[ref("x")])
    for role in ROLES:
        assert not allowed(p, role)


def test_age_expression_recogniser() -> None:
    from kgdesk.security.plancheck import is_age_expression

    assert is_age_expression(AGE, "出生日期")
    for e in ("years_between(出生日期, '2016-01-01')", "years_between(入职日期, today)", "year(出生日期)", "years_between(出生日期, 出生日期)",
              "years_between(出生日期, today) + 0.5", "years_between(today, 出生日期)"):
        assert not is_age_expression(e, "出生日期"), e
