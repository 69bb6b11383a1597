"""Planner pass 56 (red team 6's classes), our own wordings on the in-memory dev schema and index."""

from __future__ import annotations

from datetime import date

import pytest

from tests.qa.helpers import UnderstandingStatus, understand

TODAY = date(2026, 4, 20)


# ---------------------------------------------------------------- K / H: a universal yes/no is never existence or a list


@pytest.mark.parametrize(
    "q",
    [
        "XMSQ0150的设备都是完好的吗",
        "XMSQ0102的设备全部完好吗",
        "XMSQ0102上个月考勤的人都是保安_普保吗",
        "XMSQ0150的设备全都是完好吗",
        "上个月XMSQ0102的人都加过班吗",
    ],
)
def test_a_universal_yes_no_is_never_answered_by_existence(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is not UnderstandingStatus.PLAN or u.plan is None or u.plan.query_type.value != "existence", u.plan


@pytest.mark.parametrize("q", ["XMSQ0150今年每个月都有考勤记录吗", "XMSQ0102今年以来每个月都有人考勤吗"])
def test_a_yes_no_over_each_month_is_never_a_list(q: str) -> None:
    u = understand(q, TODAY)
    assert u.plan is None or u.plan.query_type.value != "list", u.plan


@pytest.mark.parametrize("q", ["XMSQ0102有带病运行的设备吗", "XMSQ0150有没有报废的设备"])
def test_an_existence_question_stays_existence(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None and u.plan.query_type.value == "existence"


# ---------------------------------------------------------------- C: a bare 编制 asked as a number is Σ 项目编制


@pytest.mark.parametrize(
    "q", ["XMSQ0150的编制总数是多少", "XMSQ0102编制一共是多少人", "XMSQ0150有多少个编制", "XMSQ0102的编制有几个人"]
)
def test_a_bare_bianzhi_asked_as_a_number_is_the_sum_of_xiangmu_bianzhi(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    agg = u.plan.aggregate
    assert agg is not None and agg.fn.value == "sum" and agg.field == "项目编制", u.plan
    assert any("预算编制" in n for n in u.plan.notes), u.plan.notes


def test_a_named_budget_quota_keeps_its_field() -> None:
    u = understand("XMSQ0102的预算编制一共多少", TODAY)
    assert u.plan is not None and u.plan.aggregate is not None and u.plan.aggregate.field == "预算编制"


# ---------------------------------------------------------------- B: a person's service start / end month is their own


@pytest.mark.parametrize(
    "q, field, start, end",
    [
        ("1月份开始服务的员工有几个", "服务起始年月", "2026-01", "2026-01"),
        ("今年开始服务的保安_普保有哪些", "服务起始年月", "2026-01", "2026-12"),
        ("2025年服务开始的人有多少", "服务起始年月", "2025-01", "2025-12"),
        ("3月服务结束的员工有哪些", "服务结束年月", "2026-03", "2026-03"),
        ("上上个月结束服务的人有几位", "服务结束年月", "2026-02", "2026-02"),
        ("服务结束年月在2026年1月的人有几个", "服务结束年月", "2026-01", "2026-01"),
        ("这个月离开项目的人有几个", "服务结束年月", "2026-04", "2026-04"),
        # a post that starts with 项目 is a person (the lead's re-run of red team 6: 项目.开始日期 was used)
        ("2025年开始服务的项目经理有几个", "服务起始年月", "2025-01", "2025-12"),
        ("今年服务结束的项目负责人有哪些", "服务结束年月", "2026-01", "2026-12"),
    ],
)
def test_a_persons_service_start_or_end_in_a_month_is_their_own_field(q: str, field: str, start: str, end: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    times = [t for s in u.plan.steps for t in s.time]
    assert [(t.field, t.start, t.end) for t in times] == [(field, start, end)], u.plan
    assert not any(f.field == "服务状态" for s in u.plan.steps for f in s.filters), u.plan


def test_a_project_that_started_serving_keeps_its_start_date() -> None:
    u = understand("今年开始服务的项目有几个", TODAY)
    assert u.plan is not None and [t.field for t in u.plan.steps[0].time] == ["开始日期"]


# ---------------------------------------------------------------- A: a device's 进场 date is its own 入项目日期


@pytest.mark.parametrize(
    "q", ["XMSQ0150的设备是什么时候进场的", "XMSQ0102报废的设备什么时候进场", "XMSQ0150停用的设备是哪天进场的"]
)
def test_a_devices_entry_is_its_own_entry_date(q: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert [s.entity for s in u.plan.steps] == ["设备"], u.plan
    assert "入项目日期" in [r.field for r in u.plan.projection] and "开始日期" not in [r.field for r in u.plan.projection]


def test_a_project_that_came_in_keeps_its_start_date() -> None:
    u = understand("XMSQ0150是什么时候进场的", TODAY)
    assert u.plan is not None and [r.field for r in u.plan.projection] == ["开始日期"]


# ---------------------------------------------------------------- D: a count's value is never a text


@pytest.mark.parametrize("q, value", [("政府办公业态的项目有几个", "政府办公"), ("产业园区业态的项目一共有多少个", "产业园区")])
def test_a_value_before_yetai_is_counted_by_its_own_field(monkeypatch: pytest.MonkeyPatch, q: str, value: str) -> None:
    import tests.qa.helpers as h

    monkeypatch.setitem(h.VALUES, ("项目", "细分业态"), ["政府办公", "产业园区", "公园绿地"])
    monkeypatch.setitem(h.VALUES, ("项目", "汇总业态"), ["公建", "园区"])
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert u.plan.query_type.value == "count", u.plan
    assert ("细分业态", value) in [(f.field, f.value) for f in u.plan.steps[0].filters], u.plan


def test_a_how_many_answered_with_a_fields_value_is_refused() -> None:
    from kgdesk.qa.dsl import QueryPlan
    from kgdesk.qa.plan_mentions import _Stop
    from kgdesk.qa.understand.count_not_text import count_not_text

    plan = QueryPlan.model_validate(
        {
            "query_type": "status",
            "answer_contract": "entity_snapshot",
            "steps": [{"entity": "项目", "filters": [{"field": "细分业态", "op": "eq", "value": "政府办公"}]}],
            "projection": [{"field": "汇总业态"}],
        }
    )
    with pytest.raises(_Stop):
        count_not_text(plan, "政府办公那种的项目一共有几家")
    count_not_text(plan, "政府办公的项目是什么业态")


def test_a_fields_own_how_much_is_left_alone() -> None:
    assert understand("XMSQ0102的服务期限是多少", TODAY).status is UnderstandingStatus.PLAN


# ---------------------------------------------------------------- E: a shift code's number is its day cells


@pytest.mark.parametrize(
    "q, code", [("XMSQ0150上个月排班中夜班有几个", "夜"), ("XMSQ0102二月份的排班里中班总共有多少个", "中")]
)
def test_a_shift_codes_number_is_its_day_cells(q: str, code: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    agg = u.plan.aggregate
    assert agg is not None and agg.fn.value == "sum", u.plan
    assert [d.expression for d in u.plan.steps[0].derived] == [f'day_count("{code}")'], u.plan


# ---------------------------------------------------------------- F: 有 X 但没 Y on one monthly record


@pytest.mark.parametrize(
    "q, x, y",
    [
        ("2月份开票了但是还没收款的项目有几个", "开票金额", "收款金额"),
        ("上个月有收款却没有开票的项目有哪些", "收款金额", "开票金额"),
    ],
)
def test_x_but_not_y_of_one_monthly_record_keeps_both(q: str, x: str, y: str) -> None:
    u = understand(q, TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    (step,) = u.plan.steps
    assert not any(h.negate for h in step.hops), u.plan
    got = {(f.field, f.op.value, float(f.value)) for f in step.filters if f.field in (x, y)}  # type: ignore[arg-type]
    assert got == {(x, "ne", 0.0), (y, "eq", 0.0)}, u.plan


# ---------------------------------------------------------------- G: 最早 / 最晚到期的证书 ranks by 有效期至


@pytest.mark.parametrize("q, desc", [("哪张证书最先到期的？最早到期的证书是哪张", False), ("最晚失效的证书是哪一张", True)])
def test_the_earliest_expiring_certificate_ranks_by_valid_to(q: str, desc: bool) -> None:
    u = understand(q.split("？")[-1], TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert [(s.field, s.direction == "desc") for s in u.plan.sort] == [("有效期至", desc)], u.plan


# ---------------------------------------------------------------- N: 全勤 and 多久 are ordinary words


def test_quanqin_is_never_a_missing_name() -> None:
    u = understand("2月份全勤的员工有几个", TODAY)
    assert u.status is not UnderstandingStatus.INSUFFICIENT and "全勤" in (u.message or ""), u.message


def test_duoj_after_a_duration_field_asks_the_field() -> None:
    u = understand("XMSQ0150的服务期限有多久", TODAY)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    assert [r.field for r in u.plan.projection] == ["服务期限"] and not u.plan.steps[0].filters[1:], u.plan


# ---------------------------------------------------------------- the lead, after judge 48 (new wordings, fresh data)


def test_a_service_month_said_after_the_verb_is_the_persons_own() -> None:
    u = understand("服务结束在2026年2月的员工有几个", TODAY)
    assert u.plan is not None, u.message
    assert [(t.field, t.start) for s in u.plan.steps for t in s.time] == [("服务结束年月", "2026-02")], u.plan


@pytest.mark.parametrize("q", ["电工类证书中最晚到期的是哪一张", "证书里最早到期的是哪张"])
def test_certificates_named_before_the_rank_rank_by_their_expiry(q: str) -> None:
    u = understand(q, TODAY)
    assert u.plan is not None and [s.field for s in u.plan.sort] == ["有效期至"], (u.message, u.plan)


def test_a_bare_label_count_answered_with_a_text_is_refused() -> None:
    from kgdesk.qa.understand.count_not_text import _HOW_MANY, value_with_field_word

    assert _HOW_MANY.search("学校业态项目数") and _HOW_MANY.search("报废设备总数")
    assert not _HOW_MANY.search("XMSQ0102的项目编制数")
    assert value_with_field_word("学校业态项目数") == "学校类的项目数"
