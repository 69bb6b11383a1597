"""A 最高/最低 word the plan does not carry is never answered with the whole grouped table.

每个项目的检查得分平均，平均分最低的是哪个项目 asks for one project; a plan that groups and averages but keeps every
group (no limit, or ordered the other way) answers another question, with a confident-looking table. Every operation
is covered alike (count, sum, average per group): the word is carried when the plan keeps the top groups in its
direction, computes the per-group maximum / minimum itself, or uses it as a bound (HAVING); otherwise the question is
refused rather than answered by the table. The words are the lexicon's max/min cues, as the scan found them.

refuse_uncarried_extreme is the last look at a finished plan and also refuses the two other plans that answer
another question with a confident number: a "still here" word contradicted by the plan (在职和离职的人,
current_conflict), an average asked but a sum or count computed (均值, aggregate_guard), money asked or a money share but
records counted (差多少钱 / 总额里占几成, money_counted), a unit said that contradicts the field's (合同面积多少元, unit_guard), a number read as "=" after a word that is no
equality (合同金额过百万, equality_guard), a HAVING grouped by whole
records while a field of them is asked (哪些岗位…合计不到3人, having_guard), a group word dropped (各岗位,
group_guard), a stated day, month or code the plan drops (stated_guard) and an ignored word that modifies the
asked record type (新签的项目, modifier_guard) or a bare value that only describes another stated value and
would join a ledger the question never names (搞安保的保安_普保, value_modifier_guard); a leading clause searched as a name is refused too (clause_guard), and so is a department opening a question
about other records that reaches them only through a person (财务部的开票金额…, department_guard), and a count or 谁 whose
counted or listed thing is not the one asked (王海涛的项目有几个人, asked_noun_guard), and a remaining time taken from
another record than the asked one (维保合同还有多少天到期 from the project, derived_node_guard). Pass 50: 都 over listed months
is each month, over other listed values or a universal yes/no answered by existence refused (universal_guard); the top item
of each group (每个片区投诉最多的项目, per_group_guard), 人次 counted as people (person_times_guard) and a second asked
measure dropped (开票金额和收款金额各是多少, two_measures_guard) are refused. Pass 51: plan_hazards (hazard_guard).
"""

from __future__ import annotations

from datetime import date

from kgdesk.qa.aggregate_guard import aggregate_mismatch
from kgdesk.qa.asked_noun_guard import asked_noun_mismatch
from kgdesk.qa.clause_guard import not_a_name_searched
from kgdesk.qa.current_conflict import current_contradicted
from kgdesk.qa.department_guard import department_opens
from kgdesk.qa.derived_node_guard import derived_off_the_asked
from kgdesk.qa.dsl import AggFn, QueryPlan
from kgdesk.qa.equality_guard import number_after_word
from kgdesk.qa.group_guard import group_dropped
from kgdesk.qa.having_guard import having_regrouped
from kgdesk.qa.hazard_guard import plan_hazards
from kgdesk.qa.item_asked_guard import item_asked_by_value, now_dropped_on_monthly
from kgdesk.qa.modifier_guard import modifier_dropped
from kgdesk.qa.money_counted import money_counted
from kgdesk.qa.per_group_guard import top_of_each_group
from kgdesk.qa.person_times_guard import person_days, person_times_counted
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.related_total_guard import related_key_emptied, related_total_bounded
from kgdesk.qa.role_guard import role_rerouted
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.stated_guard import stated_dropped
from kgdesk.qa.two_measures_guard import second_measure_dropped
from kgdesk.qa.understand.last_readings import last_readings
from kgdesk.qa.understand.red_team9 import red_team9_readings
from kgdesk.qa.understanding import Understanding
from kgdesk.qa.unit_guard import unit_contradicted
from kgdesk.qa.universal_guard import each_read_as_any
from kgdesk.qa.value_modifier_guard import value_modifier_joined

_DIRECTION = {"max": "desc", "min": "asc"}


def extreme_not_carried(parsed: _Parsed, plan: QueryPlan) -> str | None:
    """The word left out (最低), or None when the plan honours every max/min word or groups nothing."""
    if not plan.group_by or plan.having is not None or plan.comparison is not None:
        return None
    if plan.aggregate is not None and plan.aggregate.fn in (AggFn.MAX, AggFn.MIN):
        return None  # 每个项目最高的检查得分: the per-group maximum is the answer
    for cue, direction in _DIRECTION.items():
        for m in parsed.cue(cue):
            if plan.limit is None or not any(s.by == "value" and s.direction == direction for s in plan.sort):
                return m.text
    return None


def refuse_uncarried_extreme(
    parsed: _Parsed, und: Understanding, schema: SchemaView | None = None, today: date | None = None
) -> Understanding:
    """The understanding itself, or a refusal naming the word its plan would drop or contradict (最低 / 在职)."""
    und = each_read_as_any(parsed.text, und, schema)  # 2月和3月都请过假的人: each month; 所有员工都有证书吗: never by existence
    und = plan_hazards(parsed.text, und, schema)  # pass 51: 有没有加班 is 加班 > 0; 所在项目 is the current one …
    und = person_days(parsed.text, und)  # 3月出勤了多少人次: Σ 上班天数, never the headcount
    und = last_readings(parsed.text, und, today)  # pass 58: events of a device, 现在 of people, A而非B, 最高的是什么
    und = red_team9_readings(parsed.text, und, schema)  # pass 60: 都…的项目, 2月在岗人数为3, 还剩不到90天, X的完好率
    if und.plan is None:
        return und
    if (word := extreme_not_carried(parsed, und.plan)) is not None:
        reason = f"「{word}」没有体现在分组结果上"
    elif (word := current_contradicted(parsed.qn, und.plan)) is not None:
        reason = f"「{word}」与计划中相反的条件同时出现"  # 在职和离职的人: both sides, not one of them
    elif (measured := _measure_refused(parsed, und.plan)) is not None:
        reason = measured
    elif (asked := _asked_refused(parsed, und.plan, schema)) is not None:
        reason = asked
    elif schema is not None and (word := group_dropped(parsed, und.plan, schema)) is not None:
        reason = f"「{word}」没有体现为分组"  # 各岗位的预算编制加总: never one total
    elif (word := stated_dropped(parsed.qn, und.plan)) is not None:
        reason = f"问题给出的「{word}」取值没有体现为条件"  # 离职日期写的是…的人: never the whole roster
    elif (word := modifier_dropped(parsed.qn, parsed.ignored, und.plan, parsed.text)) is not None:
        reason = f"「{word}」限定了所问的记录，计划中没有对应的条件，不能忽略"  # 新签的项目: never every project
    elif (word := value_modifier_joined(parsed.qn, und.plan)) is not None:
        reason = f"「{word}」说的是所问的人干的活或后面的取值，问题没有提到它所在的台账，不能加为那份台账的条件"  # 搞安保的保安_普保
    elif (said := not_a_name_searched(parsed.text, und.plan)) is not None:
        reason = said  # 领导开会要用：… / 保安（含领班、消控员）: never "no such device / person"
    elif (word := department_opens(parsed.qn, und.plan)) is not None:
        reason = (
            f"开头的「{word}」可能是提问人所在的部门（不作为条件），也可能是要求相关人员属于{word}；"
            f"请说明是哪一种（例如“全部项目中…”或“{word}人员服务的项目中…”）"
        )
    else:
        return und
    return und.refused(reason)


def _asked_refused(parsed: _Parsed, plan: QueryPlan, schema: SchemaView | None) -> str | None:
    """Why the plan answers about another thing than the one asked (passes 49–50), or None."""
    if (word := top_of_each_group(parsed.text, plan)) is not None:
        return f"「{word}」问的是每一组各自排在最前的记录，不能只答一组或一条"  # 每个片区投诉最多的项目: one per 片区
    if schema is not None and (word := derived_off_the_asked(parsed.text, plan, schema)) is not None:
        return f"「{word}」不是按所问记录自己的日期算出的剩余时间，不能这样回答"  # 维保合同还有多少天到期: never the project's
    if (word := role_rerouted(parsed.text, plan)) is not None:
        return f"「{word}」指人与记录的特定关系（责任人 / 检查人 / 经办人 / 负责人），计划却经由其他关系找到记录，不能这样回答"
    if (word := asked_noun_mismatch(parsed.text, plan) or item_asked_by_value(parsed.text, plan)) is not None:
        return f"问的是「{word}」，计划数出或列出的却不是它（问题中点名的记录本身或另一种记录），不能这样回答"  # 王海涛的项目有几个人
    if schema is not None and (word := now_dropped_on_monthly(parsed.text, plan, schema)) is not None:
        return f"「{word}」没有体现在按月记录的查询中（没有限定月份），不能按全部月份回答"  # 目前在哪个项目上班
    return _related_refused(parsed, plan, schema) if schema is not None else None


def _related_refused(parsed: _Parsed, plan: QueryPlan, schema: SchemaView) -> str | None:
    """Why a condition said of the asked record was put on a related one (judge 51), or None."""
    if (bound := related_total_bounded(parsed.text, plan, schema)) is not None:  # 采购金额在50万及以上的供应商
        field, said = bound
        return (
            f"「{field}{said}」可以指其中一笔记录的{field}，也可以指{field}合计，"
            f"请说明（例如“{field}合计{said}”或“有单笔{field}{said}”）"
        )
    if (word := related_key_emptied(plan, schema)) is not None:  # 当前服务项目编号空着的人员: never 项目.项目编号
        return f"「{word}」为空说的是所问记录自己的字段，计划却查关联记录的编号（它永远不为空），不能这样回答"
    return None


def _measure_refused(parsed: _Parsed, plan: QueryPlan) -> str | None:
    """Why the plan computes another measure than the one asked (a sum for a mean, records for money, other groups
    under a HAVING, a unit the field does not have), or None."""
    if (word := aggregate_mismatch(parsed.qn, plan)) is not None:
        return _another_statistic(word)  # 均值多少: never the total
    if (word := money_counted(parsed.qn, plan)) is not None:
        return f"问的是「{word}」，但计划算的是记录条数"  # 差多少钱: never a difference of counts
    if (word := having_regrouped(plan, parsed.text)) is not None:
        return f"问的是按「{word}」分组的合计条件，计划却按每条记录分组，不能顶替"  # 哪些岗位…合计不到3人: never people
    if (word := second_measure_dropped(parsed, plan)) is not None:
        return f"问题要两个量，计划没有算「{word}」，不能只答其中一个"  # 开票金额和收款金额各是多少: never one of them
    if (word := person_times_counted(parsed.text, plan)) is not None:
        return f"问的单位是「{word}」（出勤或排班的人天数），计划数的却是人数或记录条数，不能顶替"  # 多少人次: never the headcount
    if (word := unit_contradicted(parsed.text, plan)) is not None:
        return f"问题要的单位「{word}」与所算字段的单位不同，不能换算"  # 合同面积多少元: never an area for money
    if (word := number_after_word(parsed.qn, plan)) is not None:
        return f"数字前的「{word}」没有读懂，不能把这个数字当作“等于”的条件"  # 合同金额过百万: never = 1000000
    return None


def refuse_miscounted_share(parsed: _Parsed, und: Understanding, schema: SchemaView | None = None) -> Understanding:
    """A share (占比) is planned by its own reading, past the last look above; the two looks that concern the measure
    of a share still apply: a money share counted (采购总额里耗材占几成 → 6 / 9 orders) and a mean computed otherwise."""
    und = red_team9_readings(parsed.text, und, schema)  # 设备全是完好的项目的占比 / 电梯设备的完好率
    if und.plan is None:
        return und
    if (word := money_counted(parsed.qn, und.plan)) is not None:
        reason = f"问的是「{word}」的占比，但计划算的是记录条数"  # never 6 / 9 orders for a share of money
    elif (word := aggregate_mismatch(parsed.qn, und.plan)) is not None:
        reason = _another_statistic(word)
    else:
        return und
    return und.refused(reason)


def _another_statistic(word: str) -> str:
    return f"问的是「{word}」，计划算的却是另一种统计，不能顶替"


