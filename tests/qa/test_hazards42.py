"""Judge-37 classes, the rules alone (no graph; the wordings are asked end to end on the dev ledgers in
test_hazards42_graph.py). Wordings are our own besides the judge's."""

from __future__ import annotations

import pytest

from kgdesk.qa.clause_guard import clause_searched
from kgdesk.qa.department_guard import department_opens
from kgdesk.qa.dsl import Filter, Hop, Op, QueryPlan, QueryType, Step, ValueSource
from kgdesk.qa.lexicon import normalize
from kgdesk.qa.modifier_guard import modifier_dropped
from kgdesk.qa.understand.count_bracket import count_bracket
from kgdesk.qa.understand.maker_condition import maker_condition
from kgdesk.qa.understand.presence_verbs import presence_verbs
from kgdesk.qa.understand.range_back import range_back
from kgdesk.qa.understand.who_of_named import who_of_named
from kgdesk.qa.understanding import UnderstandingStatus
from kgdesk.qa.value_modifier_guard import value_modifier_joined
from tests.qa.helpers import understand

# ---------------------------------------------------------------- W: an ignored word modifying the asked record type


@pytest.mark.parametrize(
    "q, word",
    [
        ("新签的项目有几个", "新签"),
        ("今年新签了几个项目", "新签"),
        ("新买的设备有几台", "新"),
        ("XMSQ0150新买了几台设备", "新买"),
        ("新接的项目有哪些", "新接"),
        ("下属的项目有几个", "下属"),
        ("全新的设备有几台", "全新"),
        ("新的检查记录有几条", "新"),
        ("剩下的维保合同有几份", "剩下"),
        ("还在的员工有几个", "还"),
        ("新投的标有几个", "新投"),
        # our own
        ("还剩下的供应商有几家", "还剩下"),
        ("下属的员工有几个", "下属"),
        ("去年新接了几个项目", "新接"),
        ("新发的证书有几张", "新发"),
        ("在干活的人有几个", "干活"),  # a tie word with nothing tied: the roster, 离职 included, is no answer
    ],
)
def test_w_a_word_before_the_record_type_is_refused(q: str, word: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.PLAN, u.plan
    if u.status is UnderstandingStatus.NEEDS_LLM and "限定了所问的记录" in (u.message or ""):
        assert word in (u.message or "")


@pytest.mark.parametrize(
    "q",
    [
        "配了设备的项目有几个",
        "被检查过的项目有几个",
        "PQ01片区下属的项目有几个",
        "PQ01片区下面挂了几个项目",
        "3月一共做了几次检查",
        "登记的设备有几台",
        "表里的设备有几台",
        "采购与维保台账中的供应商有几家",  # a place the records are in, not a kind of them
        "全公司的员工有几个",
        "给我列一下这些设备",
        "考取的证书有几张",  # restates the records asked
    ],
)
def test_w_restating_and_discourse_words_stay_answered(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message


def test_w_the_guard_reads_the_slot_and_the_relation() -> None:
    alone = QueryPlan(query_type=QueryType.COUNT, steps=[Step(entity="项目")])
    assert modifier_dropped("新签的项目有几个", ["新签"], alone) == "新签"
    assert modifier_dropped("签的项目有几个", ["签"], alone) == "签"
    assert modifier_dropped("看看项目", ["看看"], alone) is None  # no 的/了/过: a request, not a modifier
    assert modifier_dropped("登记的项目有几个", ["登记的"], alone) is None
    assert modifier_dropped("下属的项目有几个", ["下属"], alone) == "下属"
    related = QueryPlan(
        query_type=QueryType.COUNT, steps=[Step(entity="项目", hops=[Hop(rel="位于", direction="out", target="片区")])]
    )
    assert modifier_dropped("pq01片区下属的项目有几个", ["下属"], related) is None  # restates the plan's relation
    devices = QueryPlan(
        query_type=QueryType.COUNT, steps=[Step(entity="项目", hops=[Hop(rel="配置", direction="in", target="设备")])]
    )
    assert modifier_dropped("配了设备的项目有几个", ["配"], devices) is None
    assert modifier_dropped("配了设备的项目有几个", ["配"], alone) == "配"


# ---------------------------------------------------------------- X: an unknown phrase is no name


@pytest.mark.parametrize("q", ["花钱最多的项目是哪个", "花钱最少的是哪个项目", "花钱超过10万的项目有哪些"])
def test_x_a_verb_phrase_is_never_a_missing_person(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.INSUFFICIENT, u.message


@pytest.mark.parametrize("q", ["王小二是谁", "王小二有几张证书"])
def test_x_a_name_where_a_name_stands_is_still_missing(q: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.INSUFFICIENT and u.reason == "no_such_entity", u.message


@pytest.mark.parametrize(
    "q, value",
    [
        ("急着要：设备里报废的有几台", "报废"),
        ("赶时间：报废的设备有几台", "报废"),
        ("有点急，报废的设备有几台", "报废"),
        ("着急用：完好的设备有几台", "完好"),
    ],
)
def test_x_an_urgency_clause_is_context(q: str, value: str) -> None:
    u = understand(q)
    assert u.status is UnderstandingStatus.PLAN and u.plan is not None, u.message
    filters = [f for s in u.plan.steps for f in s.filters]
    assert [(f.field, f.value) for f in filters] == [("完好状况", value)], filters


@pytest.mark.parametrize("q", ["领导开会要用：设备里报废的有几台", "周会材料：设备有几台"])
def test_x_a_leading_clause_is_never_searched_as_a_name(q: str) -> None:
    u = understand(q)
    assert u.status is not UnderstandingStatus.INSUFFICIENT, u.message
    if u.plan is not None:
        assert not any(f.op is Op.CONTAINS for s in u.plan.steps for f in s.filters), u.plan


def test_x_the_clause_guard_looks_at_text_searches_only() -> None:
    searched = QueryPlan(
        query_type=QueryType.COUNT,
        steps=[Step(entity="设备", filters=[Filter(field="设备名称", op=Op.CONTAINS, value="开会要用", value_source=ValueSource.USER_TEXT)])],
    )
    assert clause_searched("开会要用：设备有几台", searched) == "开会要用"
    assert clause_searched("设备名称带开会要用的有几台", searched) is None  # no leading clause


# ---------------------------------------------------------------- B2: a department opening a question about other records


def _finance_by_department(text: str) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.LIST,
        steps=[
            Step(
                entity="财务",
                hops=[
                    Hop(rel="月度财务", direction="in", target="项目"),
                    Hop(source="n1", rel="服务于", direction="in", target="人员"),
                ],
                filters=[Filter(node="n2", field="组织名称", op=Op.EQ, value="财务部", text=text)],
            )
        ],
    )


def test_b2_a_department_opening_other_records_is_refused() -> None:
    plan = _finance_by_department("财务部")
    assert department_opens("财务部的开票金额最高的两个项目", plan) == "财务部"
    assert department_opens("我们财务部开票金额最高的两个项目", plan) == "财务部"
    assert department_opens("财务部的人服务的项目开票金额最高的两个", plan) is None  # the people are named
    assert department_opens("开票金额最高的两个项目里财务部的", plan) is None  # not the opening words


def test_b2_a_department_on_people_stays_a_condition() -> None:
    plan = QueryPlan(
        query_type=QueryType.COUNT,
        steps=[Step(entity="人员", filters=[Filter(field="组织名称", op=Op.EQ, value="财务部", text="财务部")])],
    )
    assert department_opens("财务部的人有几个", plan) is None


# ---------------------------------------------------------------- D: 造的 / 出考勤 rewritten to what the rules read


def test_d_the_rewrites() -> None:
    assert maker_condition("海湾安全技术有限公司造的设备有几台") == "制造厂商是海湾安全技术有限公司的设备有几台"
    assert maker_condition("日立电梯（中国）有限公司生产的设备") == "制造厂商是日立电梯（中国）有限公司的设备"
    assert maker_condition("JS-001是谁家造的") == "JS-001是谁家造的"  # no company named: maker_verbs asks it
    assert presence_verbs("3月份有多少人出考勤") == "3月份有多少人有考勤记录"
    assert presence_verbs("出考勤的人有几个") == "有考勤记录的人有几个"
    assert presence_verbs("谁打了卡") == "谁有考勤记录"
    assert presence_verbs("3月份人出考勤天数") == "3月份人出考勤天数"  # a field, not the records


# ---------------------------------------------------------------- E: a range said first, then referred back to


def test_e_the_range_is_put_on_its_field() -> None:
    assert (
        range_back("从元旦到今天（2026-03-31）为止，检查日期落在这段里的检查有几条", 2026)
        == "检查日期在2026年1月1日到2026年3月31日之间的检查有几条"
    )
    assert range_back("从元旦到2025年3月31日，检查日期在这期间的检查", 2026) == "检查日期在2025年1月1日到2025年3月31日之间的检查"
    assert range_back("从元旦到今天，检查日期落在这段里的检查", 2026) == "从元旦到今天，检查日期落在这段里的检查"  # no day
    assert range_back("从元旦到3月31日，青浦片区在这段里的检查", 2026) == "从元旦到3月31日，青浦片区在这段里的检查"


# ---------------------------------------------------------------- I: 谁 between named objects is which of them


def test_i_who_between_named_objects() -> None:
    assert who_of_named("XMSQ0150和XMSQ0102，1月份谁开票多？") == "XMSQ0150和XMSQ0102，1月份哪个开票多？"
    assert who_of_named("青浦-区图书馆与青浦-北斗园区，3月谁收款更多") == "青浦-区图书馆与青浦-北斗园区，3月哪个收款更多"
    assert who_of_named("XMSQ0150和XMSQ0102，谁是负责人") == "XMSQ0150和XMSQ0102，谁是负责人"  # no comparison
    assert who_of_named("宋志刚和高永强，谁加班多") == "宋志刚和高永强，谁加班多"  # people: 谁 is right
    assert who_of_named("1月份谁开票多") == "1月份谁开票多"  # nothing named first


# ---------------------------------------------------------------- F: values in a bracket closing a count are their union


def test_f_a_count_bracket_is_a_union() -> None:
    assert count_bracket("固定资产里状态是已入账的有多少笔（清洁设备和绿化设备）") == "固定资产里状态是已入账的有多少笔（清洁设备或绿化设备）"
    assert count_bracket("耗材采购有多少笔（清洁耗材、绿化耗材）？") == "耗材采购有多少笔（清洁耗材或绿化耗材）？"
    assert count_bracket("耗材采购各有多少笔（清洁耗材和绿化耗材）") == "耗材采购各有多少笔（清洁耗材和绿化耗材）"  # apart
    assert count_bracket("金额（耗材和固定资产）比1月少多少") == "金额（耗材和固定资产）比1月少多少"  # no count closed


# ---------------------------------------------------------------- W2: a place between the record word and its bracket


@pytest.mark.parametrize(
    "text",
    [
        "在服务的项目里（服务状态=服务中），年化合同额最低的是哪个",
        "在服务的项目中（服务状态=服务中）有几个",
        "在服务的项目表里（服务状态=服务中）有几个",
        "在服务的项目台账中 (服务状态=服务中) 有几个",
    ],
)
def test_w2_a_place_word_before_the_explaining_bracket_keeps_it(text: str) -> None:
    """项目里（服务状态=服务中）: a place or ledger word between the record word and the bracket names no kind;
    the bracket still explains the modifier (pass 44)."""
    alone = QueryPlan(query_type=QueryType.COUNT, steps=[Step(entity="项目")])
    qn = normalize(text)
    assert modifier_dropped(qn, ["在服务"], alone, text) is None


def test_w2_a_word_between_that_is_no_place_still_refuses() -> None:
    alone = QueryPlan(query_type=QueryType.COUNT, steps=[Step(entity="项目")])
    text = "在服务的项目经理（服务状态=服务中）有几个"
    assert modifier_dropped(normalize(text), ["在服务"], alone, text) == "在服务"
    text = "在服务的项目有几个"
    assert modifier_dropped(normalize(text), ["在服务"], alone, text) == "在服务"


# ---------------------------------------------------------------- pass 45: three over-eager refusals, as classes


def _projects_except(district: str) -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.COUNT,
        steps=[
            Step(
                entity="项目",
                filters=[
                    Filter(field="市（区）", op=Op.NE, value=district, value_source=ValueSource.GROUNDED, text=district)
                ],
            )
        ],
    )


def test_r1_the_bracketed_tail_of_a_condition_field_is_no_modifier() -> None:
    """其他区的项目: 区 is the word of 市（区）, the field of the plan's condition (judge dev: 7 projects)."""
    q = normalize("除了青浦区以外，其他区的项目一共几个")
    assert modifier_dropped(q, ["区"], _projects_except("青浦区")) is None
    assert modifier_dropped(q, ["市"], _projects_except("青浦区")) is None
    alone = QueryPlan(query_type=QueryType.COUNT, steps=[Step(entity="项目")])
    assert modifier_dropped("其他区的项目有几个", ["区"], alone) == "区"  # no condition on 市（区）: still a modifier
    assert modifier_dropped("新区的项目有几个", ["新区"], _projects_except("青浦区")) == "新区"  # no field word


def _by_project() -> QueryPlan:
    return QueryPlan(
        query_type=QueryType.LIST,
        steps=[Step(entity="设备", hops=[Hop(rel="所属项目", direction="out", target="项目")])],
    )


@pytest.mark.parametrize(
    "q, word",
    [("哪个项目拥有的设备最多", "拥有"), ("哪个项目有的设备最多", "有"), ("哪个项目配有的设备最多", "配有"), ("项目所拥有的设备有几台", "拥有")],
)
def test_r2_a_verb_of_having_between_related_record_types_restates_the_relation(q: str, word: str) -> None:
    assert modifier_dropped(q, [word], _by_project()) is None


def test_r2_a_verb_of_having_without_the_related_pair_stays_a_modifier() -> None:
    alone = QueryPlan(query_type=QueryType.COUNT, steps=[Step(entity="设备")])
    assert modifier_dropped("哪个项目拥有的设备最多", ["拥有"], alone) == "拥有"  # the plan relates no project
    assert modifier_dropped("拥有的设备有几台", ["拥有"], _by_project()) == "拥有"  # no record word before it
    assert modifier_dropped("xmsq0150新有的设备有几台", ["新有"], _by_project()) == "新有"
    people = QueryPlan(
        query_type=QueryType.COUNT,
        steps=[Step(entity="设备", hops=[Hop(rel="责任人", direction="out", target="人员")])],
    )
    assert modifier_dropped("哪个项目拥有的设备最多", ["拥有"], people) == "拥有"  # 项目 is not the related type


def _sick_devices(kind: str | None) -> QueryPlan:
    filters = [Filter(node="n1", field="完好状况", op=Op.EQ, value="带病运行", value_source=ValueSource.GROUNDED, text="带病运行")]
    if kind is not None:
        filters.append(Filter(node="n1", field="设备类型", op=Op.EQ, value=kind, value_source=ValueSource.GROUNDED, text=kind))
    return QueryPlan(
        query_type=QueryType.LIST,
        steps=[Step(entity="项目", hops=[Hop(rel="所属项目", direction="in", target="设备")], filters=filters)],
    )


def test_r3_a_ledger_named_by_a_value_of_its_own_field_is_named() -> None:
    """带病运行的电梯: 电梯 is a 设备类型, so the 设备 ledger is named; 带病运行 is a condition on it."""
    assert value_modifier_joined("带病运行的电梯分布在哪些项目上", _sick_devices("电梯")) is None
    assert value_modifier_joined("带病运行的设备分布在哪些项目上", _sick_devices(None)) is None


def test_r3_a_value_of_another_ledger_names_no_ledger() -> None:
    """搞安保的保安_普保 stays refused: 保安_普保 is a value of the roster, not of the certificate ledger."""
    roster = QueryPlan(
        query_type=QueryType.COUNT,
        steps=[
            Step(
                entity="人员",
                hops=[Hop(rel="持有", direction="out", target="证书")],
                filters=[
                    Filter(node="n1", field="专业类别", op=Op.EQ, value="安保", value_source=ValueSource.GROUNDED, text="安保"),
                    Filter(field="岗位名称", op=Op.EQ, value="保安_普保", value_source=ValueSource.GROUNDED, text="保安_普保"),
                ],
            )
        ],
    )
    assert value_modifier_joined("搞安保的保安_普保有几个", roster) == "安保"
    user_text = _sick_devices(None)
    user_text.steps[0].filters.append(Filter(node="n1", field="设备类型", op=Op.EQ, value="电梯", text="电梯"))
    assert value_modifier_joined("带病运行的电梯分布在哪些项目上", user_text) == "带病运行"  # not a value of the data
