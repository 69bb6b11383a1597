"""What a perfect language model would answer for second held-out questions the rules do not answer.

**The people changing the planner must not read this file** (it holds the set's questions in plan form).

Written by hand from each question's gold spec (questions.jsonl) for the 71 questions the offline rules
did not answer when it was written (251/322), as a model that sees only the schema would write them:
the user's words as values (项目名称 = 原话里的项目名), never a key it could not know — kgdesk grounds
them like its own words. `tests/eval/test_perfect_model_heldout2.py` scripts the local
OpenAI-compatible server to reply with these plans (PLANS) or with a non-plan reply (REPLIES: the
model's honest "insufficient" for a field no ledger holds).

GAPS: questions whose right answer no reply of the model can produce (a non-data reply, a grouping over
several record types of one table); they are asked all the same and must not be answered right.
"""

from __future__ import annotations

from typing import Any

from tests.eval.train.model_plans import COUNT_KEYS, Plan, cond, count, hop, month, step, total

IN_SERVICE = cond("服务状态", "eq", "服务中")


def months(start: str, end: str, node: str = "n0", field: str = "年月") -> dict[str, Any]:
    return {"kind": "month_range", "node": node, "field": field, "start": start, "end": end}


def listing(*steps: dict[str, Any], **extra: Any) -> Plan:
    return {"query_type": "list", "steps": list(steps), **extra}


def status(entity_step: dict[str, Any], *fields: str) -> Plan:
    return {"query_type": "status", "steps": [entity_step], "projection": [{"node": "n0", "field": f} for f in fields]}


def exists(*steps: dict[str, Any], **extra: Any) -> Plan:
    return {"query_type": "existence", "steps": list(steps), **extra}


def agg(fn: str, field: str, *steps: dict[str, Any], **extra: Any) -> Plan:
    return {"query_type": "aggregate", "steps": list(steps), "aggregate": {"fn": fn, "node": "n0", "field": field}, **extra}


def ranked(
    s: dict[str, Any], group: dict[str, Any], aggregate: dict[str, Any], n: int | None = None, *, having: dict[str, Any] | None = None
) -> Plan:
    """The top n groups (with ties) by an aggregate, or, with `having`, every group meeting it."""
    plan: Plan = {"query_type": "list", "steps": [s], "group_by": [group], "aggregate": aggregate,
                  "sort": [{"by": "value", "direction": "desc"}]}
    if having is not None:
        plan["having"] = having
    else:
        plan["limit"], plan["with_ties"] = n, True
    return plan


def compare(s: dict[str, Any], group: dict[str, Any], aggregate: dict[str, Any], measure: str, left: str, right: str, **extra: Any) -> Plan:
    return {"query_type": "compare", "steps": [s], "group_by": [group], "aggregate": aggregate,
            "comparison": {"measure": measure, "left": left, "right": right}, **extra}


def sum_of(field: str, node: str = "n0") -> dict[str, Any]:
    return {"fn": "sum", "node": node, "field": field}


def field_of(field: str, node: str = "n0") -> dict[str, Any]:
    return {"node": node, "field": field}


N1 = {"node": "n1"}
N2 = {"node": "n2"}
COUNT_N0 = COUNT_KEYS
IN_REGION = hop("属于片区", "out", "片区")
OF_PROJECT = hop("所属项目", "out", "项目")
FINANCE_OF = hop("月度财务", "in", "项目")
PURCHASE_OF = hop("采购", "in", "项目")
HOLDER = hop("持有", "in", "人员")
INSPECTOR = hop("检查人", "out", "人员")


def region_step(entity: str, first: dict[str, Any], region: str, *filters: dict[str, Any], time: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """Rows of `entity` whose project (via `first`) lies in a region named as the user wrote it."""
    return step(entity, cond("片区名称", "eq", region, node="n2"), *filters,
                hops=(first, hop("属于片区", "out", "片区", source="n1")), time=time)


PLANS: dict[str, Plan] = {
    # ---- count
    "k003": count(step("项目", cond("片区名称", "eq", "嘉定片区", node="n1"), hops=(IN_REGION,))),
    "k011": count(step("人员", hops=(hop("持有", "out", "证书"),))),
    "k014": count(step("检查记录", time=(months("2026-03", "2026-03", field="检查日期"),))),
    "k015": count(step("人员", cond("政治面貌", "eq", "中共党员"))),
    "k017": count(step("岗位", cond("员工层级", "eq", "一线员工"))),
    "k018": count(step("项目", cond("片区名称", "eq", "科创片区", node="n1"), hops=(IN_REGION,))),
    "k021": count(step("项目", cond("续签前项目编号", "not_null"))),
    # ---- list
    "k032": listing(step("人员", hops=(hop("负责人", "in", "片区"),))),
    "k034": listing(step("岗位", cond("员工层级", "eq", "项目管理人员"))),
    "k039": listing(step("项目", hops=(hop("维保", "out", "维保合同"),), time=(months("2027-01", "2027-12", node="n1", field="结束日期"),))),
    # ---- sum / avg / extremes
    "k054": total("税后工资", step("考勤", time=(month("2026-02"),))),
    "k055": agg("avg", "上班天数", step("考勤")),
    "k064": total("数量", step("采购记录", cond("记录类型", "eq", "耗材采购"), cond("名称", "eq", "复合肥"))),
    # the highest single record (单月…最高): each group's largest row, the top group with ties
    "k067": ranked(step("考勤", hops=(hop("有考勤", "in", "人员"),)), N1, {"fn": "max", "node": "n0", "field": "税后工资"}, 1),
    "k075": ranked(step("财务", hops=(FINANCE_OF,)), N1, {"fn": "max", "node": "n0", "field": "开票金额"}, 1),
    "k077": agg("max", "检查得分", step("检查记录")),
    # ---- top n
    "k082": ranked(step("维保合同"), field_of("维保单位名称"), COUNT_N0, 3),
    "k084": ranked(step("采购记录", cond("记录类型", "in", ["耗材采购", "固定资产"]), hops=(PURCHASE_OF,)), N1, sum_of("金额"), 3),
    "k085": ranked(step("设备"), field_of("设备类型"), sum_of("原值"), 2),
    "k090": ranked(step("检查记录", hops=(INSPECTOR,)), N1, COUNT_N0, 2),
    # ---- existence
    "k100": exists(step("供应商", cond("供应商名称", "contains", "嘉兴"))),
    "k103": exists({
        **step("考勤", cond("婚假天数", "gt", 0, text="休婚假"), time=(month("2026-04"),)),
        "derived": [{"name": "婚假天数", "node": "n0", "expression": 'day_count("婚")', "unit": "天"}],
    }),
    # ---- one record's value
    "k115": status(step("维保合同", cond("记录编号", "eq", "WB0012")), "维保单位名称"),
    "k116": status(step("供应商", cond("供应商名称", "eq", "上海鑫达电梯工程有限公司")), "类别"),
    "k118": status(step("投标记录", cond("项目名称", "eq", "徐汇-南翔工业园区", node="n1"), hops=(hop("投标", "in", "项目"),)), "年份"),
    "k120": status(step("采购记录", cond("记录编号", "eq", "CG0100")), "名称"),
    "k121": status(step("证书", cond("姓名", "eq", "邹杰", node="n1"), cond("证书名称", "eq", "物业管理师"), hops=(HOLDER,)), "发证日期"),
    "k122": status(step("项目", cond("项目编号", "eq", "XMSQ0360")), "项目地址"),
    "k124": status(step("设备", cond("项目名称", "eq", "龙华镇政府", node="n1"), cond("设备编号", "eq", "XF-002"), hops=(OF_PROJECT,)), "完好状况"),
    # ---- colloquial
    "k126": ranked(step("财务", hops=(FINANCE_OF,), time=(months("2026-01", "2026-04"),)), N1, sum_of("收款金额"), 1),
    "k127": total("开票金额", step("财务", time=(month("2026-04"),))),
    "k128": total("收款金额", step("财务", time=(month("2026-03"),))),
    "k133": count(step("设备", cond("完好状况", "eq", "带病运行", text="有毛病但还在用"))),
    "k134": ranked(step("采购记录", cond("记录类型", "in", ["耗材采购", "固定资产"]), hops=(hop("供应商", "out", "供应商"),)), N1, sum_of("金额"), 1),
    "k135": count(step("考勤", cond("项目名称", "eq", "唐镇社区卫生服务中心-综合楼", node="n1"), hops=(OF_PROJECT,), time=(month("2026-01"),))),
    "k136": count(step("人员", cond("岗位名称", "eq", "工程主管", text="管工程的主管"))),
    "k137": total("数量", step("采购记录", cond("名称", "eq", "巡逻电动车"))),
    "k138": total("税后工资", step("考勤", time=(month("2026-03"),))),
    "k140": count(step("投标记录", cond("姓名", "eq", "魏秀英", node="n1"), hops=(hop("经办人", "out", "人员"),))),
    # ---- a stated reference date
    "k142": {**count(step("证书", cond("有效期至", "lt", "2026-03-31", text="已经过了有效期"))), "reference_date": "2026-03-31"},
    "k155": listing(
        step("人员", cond("有效期至", "gte", "2026-01-01", node="n1", text="今年内"), cond("有效期至", "lte", "2026-04-23", node="n1", text="已经到期"),
             hops=(hop("持有", "out", "证书"),)),
        reference_date="2026-04-23",
    ),
    # ---- now / current
    "k159": count(step("设备", cond("完好状况", "eq", "停用", text="停用状态"))),
    "k165": exists(step("人员", cond("姓名", "eq", "高文杰"), cond("离职日期", "is_null", text="在职"))),
    # ---- a project's month
    "k176": total("开票金额", step("财务", cond("项目编号", "eq", "XMSQ0347", node="n1"), hops=(FINANCE_OF,), time=(month("2026-03"),))),
    "k180": total("收款金额", step("财务", cond("项目编号", "eq", "XMSQ0170", node="n1"), hops=(FINANCE_OF,), time=(month("2026-02"),))),
    # ---- compare
    "k189": compare(
        step("财务", cond("项目名称", "eq", "长宁-梅陇街道办事处", node="n1"), cond("年月", "in", ["2026-01", "2026-04"]), hops=(FINANCE_OF,)),
        field_of("年月"), sum_of("开票金额"), "difference", "2026-01", "2026-04",
    ),
    "k192": compare(step("设备", cond("设备类型", "in", ["消防", "电梯"])), field_of("设备类型"), COUNT_N0, "difference", "消防", "电梯"),
    "k193": compare(
        step("检查记录", cond("检查类型", "in", ["月度品质检查", "消防安全检查"])),
        field_of("检查类型"), {"fn": "avg", "node": "n0", "field": "检查得分"}, "greater", "月度品质检查", "消防安全检查",
    ),
    # two groups that differ in both the project and the month: the union of the two rows, grouped by project
    "k199": {
        **compare(step("财务", cond("项目编号", "eq", "XMSQ0112"), time=(month("2026-02"),), sid="s1"),
                  field_of("项目编号"), sum_of("开票金额"), "greater", "XMSQ0112", "XMSQ0211"),
        "steps": [
            step("财务", cond("项目编号", "eq", "XMSQ0112"), time=(month("2026-02"),), sid="s1"),
            step("财务", cond("项目编号", "eq", "XMSQ0211"), time=(month("2026-01"),), sid="s2"),
        ],
        "combine": [{"id": "c1", "op": "union", "steps": ["s1", "s2"]}],
    },
    # ---- group having
    "k206": ranked(step("维保合同"), field_of("维保单位名称"), COUNT_N0, having={"op": "gt", "value": 10}),
    "k210": ranked(step("检查记录", hops=(INSPECTOR,)), N1, COUNT_N0, having={"op": "gt", "value": 70}),
    "k212": ranked(step("项目", hops=(hop("包含", "out", "项目"),)), {"node": "n0"},
                   {"fn": "count_distinct", "node": "n1", "field": "_key"}, having={"op": "gte", "value": 4}),
    # ---- region rollup
    "k218": count(region_step("考勤", OF_PROJECT, "长宁片区", time=(month("2026-02"),))),
    "k224": count(step("项目", cond("片区名称", "eq", "嘉定片区", node="n1"), hops=(IN_REGION, hop("月度财务", "out", "财务")),
                       time=(month("2026-04", node="n2"),))),
    # ---- negation
    "k228": count(step("人员", cond("员工层级", "ne", "一线员工", text="不是一线员工"))),
    # the positions left once the named kinds are taken out, one per position (grouped by the field)
    "k230": {
        "query_type": "list",
        "steps": [step("岗位编制", *(cond("岗位", "ne", v) for v in ("保安_普保", "保安_领班", "保安_消控员", "保洁员", "保洁_领班")))],
        "group_by": [field_of("岗位")],
        "aggregate": COUNT_N0,
    },
    "k231": count(step("供应商", hops=({**hop("供应商", "in", "采购记录"), "negate": True},))),
    "k232": count(
        step("项目", IN_SERVICE, sid="s1"),
        step("项目", IN_SERVICE, hops=(hop("月度财务", "out", "财务"),), time=(month("2026-04", node="n1"),), sid="s2"),
        combine=[{"id": "c1", "op": "difference", "steps": ["s1", "s2"]}],
    ),
    "k233": count(
        step("项目", sid="s1"),
        step("项目", cond("片区名称", "eq", "嘉定片区", node="n1"), hops=(IN_REGION,), sid="s2"),
        combine=[{"id": "c1", "op": "difference", "steps": ["s1", "s2"]}],
    ),
    "k234": total("合同金额", step("项目", cond("服务状态", "ne", "已结束", text="已结束的项目以外"))),
    # ---- or values
    "k241": total("金额", step("维保合同", cond("类别", "in", ["电梯维保", "消防维保"]))),
    "k247": total("金额", step("采购记录", cond("记录类型", "eq", "耗材采购"), cond("状态", "in", ["已验收", "已入账"]))),
    # ---- percent thresholds
    "k258": count(step("项目", cond("实际毛利率", "gte", 0.05, text="5%"), cond("实际毛利率", "lte", 0.08, text="8%"))),
    # ---- grouped
    "k278": {
        "query_type": "compare",
        "steps": [step("考勤", hops=(OF_PROJECT, hop("属于片区", "out", "片区", source="n1")), time=(month("2026-03"),))],
        "group_by": [N2],
        "aggregate": COUNT_N0,
    },
    # ---- not in the data: a plan whose grounding finds no such name
    "k284": status(step("供应商", cond("供应商名称", "eq", "上海宏图物业工程有限公司")), "类别"),
}

REPLIES: dict[str, dict[str, Any]] = {
    # a field no ledger holds: the model's honest reply (no plan can name the field)
    "k305": {"status": "insufficient", "message": "人员信息里没有血型这一项"},
    "k307": {"status": "insufficient", "message": "人员信息里没有籍贯这一项"},
    "k308": {"status": "insufficient", "message": "台账中没有用电量这一项"},
}

GAPS: dict[str, str] = {
    "k277": "a count grouped by a field over one table whose rows become several record types (labels): a step has one label",
    "k318": "a non-data turn (who are you): the model's reply is a plan or a refusal, never a plain chat answer",
    "k322": "a non-data turn (thanks): the model's reply is a plan or a refusal, never a plain chat answer",
}
