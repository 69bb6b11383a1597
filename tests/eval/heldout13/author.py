"""The thirteenth held-out set as written: every question with its gold spec (tests/eval/blind_gold.py).

Written blind (see README.md). Today is 2026-03-24; coverage 2026-01…2026-04.
"""

from __future__ import annotations

from typing import Any

P, H, Q, R = "项目信息", "人员信息", "片区信息", "项目片区关系"
F, A, Y, B = "项目月度财务", "考勤与人员财务", "排班月报", "投标记录"
X, E, C, K = "岗位编制", "设备信息", "采购与维保", "检查记录"
Z, S, D = "人员证书", "月度快照", "岗位字典"
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
WB = ["记录类型", "=", "维保合同"]


def cnt(t: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def lst(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def m(t: str, month: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return cnt(t, ["年月", "=", month], *where, agg=agg)


def pj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def reg(r: str) -> list[Any]:
    return ["项目编号", "region", r]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # count
    ("count", "项目台账里汇总业态是园区的一共几个项目？", "number", cnt(P, ["汇总业态", "=", "园区"])),
    ("count", "花名册上女员工有多少人", "number", cnt(H, ["性别", "=", "女"])),
    ("count", "请问设备台账中电梯类设备共有几台？", "number", cnt(E, ["设备类型", "=", "电梯"])),
    ("count", "维保合同一共签了多少份", "number", cnt(C, WB)),
    (
        "count",
        "人员证书表里 保安员（五级） 证书有几本",
        "number",
        cnt(Z, ["证书名称", "=", "保安员（五级）"]),
    ),
    (
        "count",
        "2026年2月的检查记录总共多少条？谢谢",
        "number",
        cnt(K, ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-28"]),
    ),
    ("count", "xmsq0220 2026年3月排班月报里排了几个人", "number", m(Y, "2026-03", pj("XMSQ0220"))),
    # list
    ("list", "列出松江片区下面的所有项目", "names", lst(R, "项目编号", ["片区编号", "=", "PQ05"])),
    ("list", "哪些人持有物业管理师证书？", "names", lst(Z, "工号", ["证书名称", "=", "物业管理师"])),
    (
        "list",
        "帮我看下细分业态为科研检测的项目都有哪些",
        "names",
        lst(P, "项目编号", ["细分业态", "=", "科研检测"]),
    ),
    (
        "list",
        "2026年3月在XMSQ0247考勤的员工名单",
        "names",
        lst(A, "工号", pj("XMSQ0247"), ["年月", "=", "2026-03"]),
    ),
    (
        "list",
        "苏州恒通电梯工程有限公司负责维保的是哪几个项目",
        "names",
        lst(C, "项目编号", WB, ["维保单位名称", "=", "苏州恒通电梯工程有限公司"]),
    ),
    ("list", "有报废设备的项目，列一下", "names", lst(E, "项目编号", ["完好状况", "=", "报废"])),
    (
        "list",
        "岗位字典里员工层级属于项目管理人员的岗位有哪些",
        "names",
        lst(D, "岗位名称", ["员工层级", "=", "项目管理人员"]),
    ),
    # sum_avg
    ("sum_avg", "2026年1月所有项目开票金额合计多少元", "number", m(F, "2026-01", agg="sum:开票金额")),
    ("sum_avg", "全部项目的平均客户满意度是多少？", "number", cnt(P, agg="avg:客户满意度")),
    (
        "sum_avg",
        "设备台账里供配电设备原值加起来一共多少钱",
        "number",
        cnt(E, ["设备类型", "=", "供配电"], agg="sum:原值"),
    ),
    (
        "sum_avg",
        "2026年2月考勤表里平时加班小时总数是多少小时",
        "number",
        m(A, "2026-02", agg="sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "消防安全检查的平均得分",
        "number",
        cnt(K, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "固定资产采购的总金额是多少钱？",
        "number",
        cnt(C, ["记录类型", "=", "固定资产"], agg="sum:金额"),
    ),
    ("sum_avg", "2026年3月考勤记录的平均上班天数是几天", "number", m(A, "2026-03", agg="avg:上班天数")),
    # extreme_rank
    (
        "extreme_rank",
        "合同金额最高的项目是哪个",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:合同金额", "n": 1},
    ),
    ("extreme_rank", "单个项目的客户投诉最多有几次？", "number", cnt(P, agg="max:客户投诉")),
    (
        "extreme_rank",
        "2026年3月开票金额最低的项目",
        "names",
        {
            "op": "top",
            "t": F,
            "where": [["年月", "=", "2026-03"]],
            "by": "项目编号",
            "agg": "sum:开票金额",
            "n": 1,
            "order": "asc",
        },
    ),
    (
        "extreme_rank",
        "原值最高的那台设备在哪个项目？",
        "names",
        {"op": "top", "t": E, "by": "项目编号", "agg": "max:原值", "n": 1},
    ),
    ("extreme_rank", "检查得分最低的一次是多少分", "number", cnt(K, agg="min:检查得分")),
    (
        "extreme_rank",
        "2026年1月税后工资最高的员工是谁",
        "names",
        {
            "op": "top",
            "t": A,
            "where": [["年月", "=", "2026-01"]],
            "by": "工号",
            "agg": "sum:税后工资",
            "n": 1,
        },
    ),
    ("extreme_rank", "投标金额最大的一次投标是多少元？", "number", cnt(B, agg="max:投标金额")),
    # top_n
    (
        "top_n",
        "设备数量排前两名的项目",
        "names",
        {"op": "top", "t": E, "by": "项目编号", "agg": "count", "n": 2},
    ),
    (
        "top_n",
        "采购金额最多的前5家供应商是哪些？",
        "names",
        {"op": "top", "t": C, "where": [BUY], "by": "供应商名称", "agg": "sum:金额", "n": 5},
    ),
    (
        "top_n",
        "年化合同额top3的项目有哪些",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:年化合同额", "n": 3},
    ),
    (
        "top_n",
        "2026年2月收款金额前五名项目",
        "names",
        {
            "op": "top",
            "t": F,
            "where": [["年月", "=", "2026-02"]],
            "by": "项目编号",
            "agg": "sum:收款金额",
            "n": 5,
        },
    ),
    (
        "top_n",
        "项目数最多的两个片区",
        "names",
        {"op": "top", "t": R, "by": "片区编号", "agg": "count", "n": 2},
    ),
    (
        "top_n",
        "客户满意度最低的3个项目分别是",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:客户满意度", "n": 3, "order": "asc"},
    ),
    (
        "top_n",
        "被检查次数最多的前2个项目？",
        "names",
        {"op": "top", "t": K, "by": "项目编号", "agg": "count", "n": 2},
    ),
    # existence
    (
        "existence",
        "有没有处于停用状态的电梯",
        "bool",
        {"op": "exists", "t": E, "where": [["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]]},
    ),
    (
        "existence",
        "2026年有没有未中标的投标记录？",
        "bool",
        {"op": "exists", "t": B, "where": [["年份", "=", 2026], ["中标结果", "=", "未中标"]]},
    ),
    (
        "existence",
        "商业业态的项目存在吗",
        "bool",
        {"op": "exists", "t": P, "where": [["汇总业态", "=", "商业"]]},
    ),
    (
        "existence",
        "请问有人持有高压电工作业证吗",
        "bool",
        {"op": "exists", "t": Z, "where": [["证书名称", "=", "高压电工作业"]]},
    ),
    (
        "existence",
        "XMSQ0369 在2026年3月有没有项目月度财务记录",
        "bool",
        {"op": "exists", "t": F, "where": [pj("XMSQ0369"), ["年月", "=", "2026-03"]]},
    ),
    (
        "existence",
        "有没有委托方式为单一单委且已结束服务的项目？",
        "bool",
        {"op": "exists", "t": P, "where": [["委托方式", "=", "单一单委"], ["服务状态", "=", "已结束"]]},
    ),
    (
        "existence",
        "2026年1月的考勤里有没有人旷工？",
        "bool",
        {"op": "exists", "t": A, "where": [["年月", "=", "2026-01"], ["x", "has_code", "旷"]]},
    ),
    # status
    (
        "status",
        "XMSQ0369的项目负责人是谁",
        "value",
        {"op": "value", "t": P, "where": [pj("XMSQ0369")], "field": "项目负责人"},
    ),
    (
        "status",
        "XMSQ0116 计费方式是什么？",
        "value",
        {"op": "value", "t": P, "where": [pj("XMSQ0116")], "field": "计费方式"},
    ),
    (
        "status",
        "何春生是什么岗位",
        "value",
        {"op": "value", "t": H, "where": [["姓名", "=", "何春生"]], "field": "岗位名称"},
    ),
    (
        "status",
        "XMSQ0261 的 JS-001 设备现在完好状况如何",
        "value",
        {"op": "value", "t": E, "where": [pj("XMSQ0261"), ["设备编号", "=", "JS-001"]], "field": "完好状况"},
    ),
    (
        "status",
        "维保合同WB0003的结束日期是哪天",
        "value",
        {"op": "value", "t": C, "where": [["记录编号", "=", "WB0003"]], "field": "结束日期"},
    ),
    (
        "status",
        "片区PQ04的负责人工号？",
        "value",
        {"op": "value", "t": Q, "where": [["片区编号", "=", "PQ04"]], "field": "片区负责人工号"},
    ),
    (
        "status",
        "邱欣怡的入职日期",
        "value",
        {"op": "value", "t": H, "where": [["姓名", "=", "邱欣怡"]], "field": "入职日期"},
    ),
    # colloquial
    ("colloquial", "咱们手上一共多少个项目啊", "number", cnt(P)),
    ("colloquial", "那个 保洁员 岗位花名册里有多少号人？", "number", cnt(H, ["岗位名称", "=", "保洁员"])),
    ("colloquial", "带病运行的设备有多少台呀", "number", cnt(E, ["完好状况", "=", "带病运行"])),
    ("colloquial", "嗨，想问下包干制的项目有几个", "number", cnt(P, ["计费方式", "=", "包干制"])),
    ("colloquial", "咱们供应商名录里一共有几家供应商啊", "number", cnt(C, ["记录类型", "=", "供应商"])),
    ("colloquial", "浦东片区底下挂了多少项目哈", "number", cnt(R, ["片区编号", "=", "PQ07"])),
    (
        "colloquial",
        "劳保耗材总共花了多少钱啊",
        "number",
        cnt(C, ["类别", "=", "劳保耗材"], BUY, agg="sum:金额"),
    ),
    # time_reference
    ("time_reference", "上个月XMSQ0247考勤的有几个人", "number", m(A, "2026-02", pj("XMSQ0247"))),
    ("time_reference", "本月全部项目开票一共开了多少", "number", m(F, "2026-03", agg="sum:开票金额")),
    (
        "time_reference",
        "上上个月的检查做了几次？",
        "number",
        cnt(K, ["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-01-31"]),
    ),
    (
        "time_reference",
        "今年以来各项目收款金额总计",
        "number",
        cnt(F, ["年月", "in", ["2026-01", "2026-02", "2026-03"]], agg="sum:收款金额"),
    ),
    ("time_reference", "这个月月度快照里出勤人次加起来多少", "number", m(S, "2026-03", agg="sum:出勤人次")),
    (
        "time_reference",
        "年初至今采购（耗材+固定资产）的金额合计？",
        "number",
        cnt(C, BUY, ["年月", "in", ["2026-01", "2026-02", "2026-03"]], agg="sum:金额"),
    ),
    ("time_reference", "今年投了几次标", "number", cnt(B, ["年份", "=", 2026])),
    # now_current
    ("now_current", "目前服务状态为服务中的项目有多少个", "number", cnt(P, ["服务状态", "=", "服务中"])),
    ("now_current", "当前完好状况是停用的设备有几台？", "number", cnt(E, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "有效期至在今天（2026-03-24）或之后的证书现在有多少本",
        "number",
        cnt(Z, ["有效期至", ">=", "2026-03-24"]),
    ),
    (
        "now_current",
        "何春生当前服务的是哪个项目",
        "value",
        {"op": "value", "t": H, "where": [["姓名", "=", "何春生"]], "field": "当前服务项目编号"},
    ),
    (
        "now_current",
        "合同状况为已签约未进场的项目有哪些？",
        "names",
        lst(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "到2026年3月24日已经过了结束日期的维保合同有几份",
        "number",
        cnt(C, WB, ["结束日期", "<", "2026-03-24"]),
    ),
    (
        "now_current",
        "证书已到期（有效期至早于2026-03-24）的人有哪些",
        "names",
        lst(Z, "工号", ["有效期至", "<", "2026-03-24"]),
    ),
    # monthly_fact
    (
        "monthly_fact",
        "XMSQ0116 2026年3月开票金额是多少",
        "number",
        m(F, "2026-03", pj("XMSQ0116"), agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0120 在2026年2月收款多少元？",
        "number",
        m(F, "2026-02", pj("XMSQ0120"), agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照中XMSQ0247在4月份的在岗人数",
        "number",
        m(S, "2026-04", pj("XMSQ0247"), agg="sum:在岗人数"),
    ),
    (
        "monthly_fact",
        "何春生2026年2月的上班天数",
        "number",
        m(A, "2026-02", ["姓名", "=", "何春生"], agg="sum:上班天数"),
    ),
    ("monthly_fact", "2026年1月 XMSQ0278 的考勤人数", "number", m(A, "2026-01", pj("XMSQ0278"))),
    (
        "monthly_fact",
        "XMSQ0220 2026年3月月度快照的加班小时合计",
        "number",
        m(S, "2026-03", pj("XMSQ0220"), agg="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "邱欣怡2026年1月税后工资多少",
        "number",
        m(A, "2026-01", ["姓名", "=", "邱欣怡"], agg="sum:税后工资"),
    ),
    # compare
    (
        "compare",
        "XMSQ0116 2026年2月的开票金额比3月多多少？",
        "number",
        {
            "op": "diff",
            "a": m(F, "2026-02", pj("XMSQ0116"), agg="sum:开票金额"),
            "b": m(F, "2026-03", pj("XMSQ0116"), agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "所有项目合起来，2026年1月开票金额比2月多多少",
        "number",
        {"op": "diff", "a": m(F, "2026-01", agg="sum:开票金额"), "b": m(F, "2026-02", agg="sum:开票金额")},
    ),
    (
        "compare",
        "闵行片区和嘉定片区的项目数相差多少",
        "number",
        {"op": "absdiff", "a": cnt(R, ["片区编号", "=", "PQ04"]), "b": cnt(R, ["片区编号", "=", "PQ06"])},
    ),
    (
        "compare",
        "XMSQ0247 2026年3月考勤人数高于2026年1月吗？",
        "bool",
        {"op": "gt", "a": m(A, "2026-03", pj("XMSQ0247")), "b": m(A, "2026-01", pj("XMSQ0247"))},
    ),
    (
        "compare",
        "男员工比女员工多多少人（按花名册）",
        "number",
        {"op": "diff", "a": cnt(H, ["性别", "=", "男"]), "b": cnt(H, ["性别", "=", "女"])},
    ),
    (
        "compare",
        "暖通空调设备和供配电设备，哪个多",
        "names",
        {
            "op": "top",
            "t": E,
            "where": [["设备类型", "in", ["暖通空调", "供配电"]]],
            "by": "设备类型",
            "agg": "count",
            "n": 1,
        },
    ),
    (
        "compare",
        "消防安全检查平均分是否高于月度品质检查平均分",
        "bool",
        {
            "op": "gt",
            "a": cnt(K, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
            "b": cnt(K, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
        },
    ),
    # group_having
    (
        "group_having",
        "设备达到10台及以上的项目有哪些",
        "names",
        {"op": "having", "t": E, "by": "项目编号", "agg": "count", "cmp": [">=", 10]},
    ),
    (
        "group_having",
        "持有2本及以上证书的人员有谁",
        "names",
        {"op": "having", "t": Z, "by": "工号", "agg": "count", "cmp": [">=", 2]},
    ),
    (
        "group_having",
        "2026年3月考勤人数在4人及以上的项目",
        "names",
        {
            "op": "having",
            "t": A,
            "where": [["年月", "=", "2026-03"]],
            "by": "项目编号",
            "agg": "count",
            "cmp": [">=", 4],
        },
    ),
    (
        "group_having",
        "被检查超过3次的项目有几个？",
        "number",
        {"op": "having_count", "t": K, "by": "项目编号", "agg": "count", "cmp": [">", 3]},
    ),
    (
        "group_having",
        "采购记录达到15条及以上的供应商",
        "names",
        {"op": "having", "t": C, "where": [BUY], "by": "供应商名称", "agg": "count", "cmp": [">=", 15]},
    ),
    (
        "group_having",
        "项目数超过40个的片区是哪些",
        "names",
        {"op": "having", "t": R, "by": "片区编号", "agg": "count", "cmp": [">", 40]},
    ),
    (
        "group_having",
        "有3份及以上维保合同的项目",
        "names",
        {"op": "having", "t": C, "where": [WB], "by": "项目编号", "agg": "count", "cmp": [">=", 3]},
    ),
    # region_rollup
    (
        "region_rollup",
        "闵行片区2026年2月开票金额合计",
        "number",
        m(F, "2026-02", reg("PQ04"), agg="sum:开票金额"),
    ),
    ("region_rollup", "徐汇片区 2026年1月 考勤人数一共多少", "number", m(A, "2026-01", reg("PQ02"))),
    ("region_rollup", "长宁片区的设备总共几台", "number", cnt(E, reg("PQ08"))),
    (
        "region_rollup",
        "科创片区2026年3月收款金额是多少？",
        "number",
        m(F, "2026-03", reg("PQ03"), agg="sum:收款金额"),
    ),
    (
        "region_rollup",
        "青浦片区各项目2026年4月月度快照的在岗人数加总",
        "number",
        m(S, "2026-04", reg("PQ01"), agg="sum:在岗人数"),
    ),
    ("region_rollup", "嘉定片区一共被检查了多少次", "number", cnt(K, reg("PQ06"))),
    (
        "region_rollup",
        "各片区2026年3月的开票金额分别是多少",
        "groups",
        {
            "op": "groups",
            "t": F,
            "where": [["年月", "=", "2026-03"]],
            "by": "@片区编号",
            "agg": "sum:开票金额",
        },
    ),
    # negation
    ("negation", "不是公建业态的项目有几个", "number", cnt(P, ["汇总业态", "!=", "公建"])),
    ("negation", "除了保安_普保以外，花名册里还有多少人", "number", cnt(H, ["岗位名称", "!=", "保安_普保"])),
    ("negation", "完好状况不是完好的设备有多少台", "number", cnt(E, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "没有任何设备的项目有几个？",
        "number",
        cnt(P, ["项目编号", "not_in_q", {"op": "list", "t": E, "key": "项目编号"}]),
    ),
    (
        "negation",
        "2026年3月没有开票记录的服务中项目有多少",
        "number",
        cnt(
            P,
            ["服务状态", "=", "服务中"],
            ["项目编号", "not_in_q", lst(F, "项目编号", ["年月", "=", "2026-03"])],
        ),
    ),
    (
        "negation",
        "检查类型别算客户满意度回访，其余检查一共多少条",
        "number",
        cnt(K, ["检查类型", "!=", "客户满意度回访"]),
    ),
    ("negation", "非一线员工的人数（人员信息表）", "number", cnt(H, ["员工层级", "!=", "一线员工"])),
    # or_values
    (
        "or_values",
        "学校或者医疗卫生类的项目一共多少个",
        "number",
        cnt(P, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    ("or_values", "停用或报废的设备有几台", "number", cnt(E, ["完好状况", "in", ["停用", "报废"]])),
    (
        "or_values",
        "保安_领班或保洁_领班在花名册中共几人？",
        "number",
        cnt(H, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "清洁耗材或绿化耗材的采购金额合计",
        "number",
        cnt(C, BUY, ["类别", "in", ["清洁耗材", "绿化耗材"]], agg="sum:金额"),
    ),
    (
        "or_values",
        "松江或闵行片区的项目有多少个",
        "number",
        {"op": "agg", "t": P, "where": [], "any": [reg("PQ05"), reg("PQ04")], "agg": "count"},
    ),
    (
        "or_values",
        "季度综合检查或设备专项检查总共做了几次",
        "number",
        cnt(K, ["检查类型", "in", ["季度综合检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "委托方式是全委或者多项单委的项目数",
        "number",
        cnt(P, ["委托方式", "in", ["全委", "多项单委"]]),
    ),
    # threshold_percent
    ("threshold_percent", "实际毛利率超过17%的项目有几个", "number", cnt(P, ["实际毛利率", ">", 0.17])),
    (
        "threshold_percent",
        "毛利率低于10％的项目有哪些？",
        "names",
        lst(P, "项目编号", ["实际毛利率", "<", 0.1]),
    ),
    ("threshold_percent", "客户满意度不到85分的项目数量", "number", cnt(P, ["客户满意度", "<", 85])),
    ("threshold_percent", "检查得分95分及以上的检查记录有多少条", "number", cnt(K, ["检查得分", ">=", 95])),
    (
        "threshold_percent",
        "实际毛利率在0.15及以上的项目一共几个",
        "number",
        cnt(P, ["实际毛利率", ">=", 0.15]),
    ),
    ("threshold_percent", "原值超过50万元的设备有几台", "number", cnt(E, ["原值", ">", 500000])),
    ("threshold_percent", "合同面积高于10万平方米的项目个数", "number", cnt(P, ["合同面积", ">", 100000])),
    # share
    (
        "share",
        "女员工占花名册总人数的比例是多少",
        "number",
        {"op": "ratio", "a": cnt(H, ["性别", "=", "女"]), "b": cnt(H)},
    ),
    (
        "share",
        "带病运行设备占全部设备百分之几？",
        "number",
        {"op": "ratio", "a": cnt(E, ["完好状况", "=", "带病运行"]), "b": cnt(E)},
    ),
    (
        "share",
        "服务中的项目占全部项目的几成",
        "number",
        {"op": "ratio", "a": cnt(P, ["服务状态", "=", "服务中"]), "b": cnt(P)},
    ),
    (
        "share",
        "2026年2月收款金额占开票金额的比重",
        "number",
        {"op": "ratio", "a": m(F, "2026-02", agg="sum:收款金额"), "b": m(F, "2026-02", agg="sum:开票金额")},
    ),
    (
        "share",
        "松江片区的项目数占全部项目数的百分之多少",
        "number",
        {"op": "ratio", "a": cnt(R, ["片区编号", "=", "PQ05"]), "b": cnt(P)},
    ),
    (
        "share",
        "耗材采购金额在全部采购金额（耗材+固定资产）里占多少",
        "number",
        {
            "op": "ratio",
            "a": cnt(C, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            "b": cnt(C, BUY, agg="sum:金额"),
        },
    ),
    (
        "share",
        "投标记录中中标的比例",
        "number",
        {"op": "ratio", "a": cnt(B, ["中标结果", "=", "中标"]), "b": cnt(B)},
    ),
    # grouped
    (
        "grouped",
        "按设备类型统计设备台数",
        "groups",
        {"op": "groups", "t": E, "by": "设备类型", "agg": "count"},
    ),
    (
        "grouped",
        "各委托方式分别有多少个项目？",
        "groups",
        {"op": "groups", "t": P, "by": "委托方式", "agg": "count"},
    ),
    (
        "grouped",
        "每种检查类型的平均得分",
        "groups",
        {"op": "groups", "t": K, "by": "检查类型", "agg": "avg:检查得分"},
    ),
    (
        "grouped",
        "2026年1月到4月每个月的开票金额合计",
        "groups",
        {"op": "groups", "t": F, "by": "年月", "agg": "sum:开票金额"},
    ),
    (
        "grouped",
        "花名册按员工层级分组的人数",
        "groups",
        {"op": "groups", "t": H, "by": "员工层级", "agg": "count"},
    ),
    ("grouped", "分片区看项目数", "groups", {"op": "groups", "t": R, "by": "片区编号", "agg": "count"}),
    (
        "grouped",
        "按岗位汇总岗位编制表里的预算编制",
        "groups",
        {"op": "groups", "t": X, "by": "岗位", "agg": "sum:预算编制"},
    ),
]

# (class, question, reason, missing)
NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的项目负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳娜娜在哪个项目上班？", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "片区PQ09下有几个项目", "no_such_entity", "PQ09"),
    ("not_in_data_entity", "上海华彩保洁有限公司供过多少次货", "no_such_entity", "上海华彩保洁有限公司"),
    ("not_in_data_entity", "工号KWL9999999的员工入职日期", "no_such_entity", "KWL9999999"),
    (
        "not_in_data_entity",
        "浦东-陆家嘴金融中心项目的合同金额是多少",
        "no_such_entity",
        "浦东-陆家嘴金融中心",
    ),
    ("not_in_data_entity", "xmsq0411 2026年3月开票多少？", "no_such_entity", "XMSQ0411"),
    ("not_in_data_month", "XMSQ0116 2025年12月的开票金额", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月全部项目收款合计多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月XMSQ0247考勤人数是多少", "outside_coverage", "2026-06"),
    ("not_in_data_month", "三个月前所有项目的开票总额", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月月度快照的出勤人次合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "请问2025年10月的考勤记录有多少条", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年8月XMSQ0220的收款金额？", "outside_coverage", "2026-08"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0220有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "2026年3月各项目用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "何春生的婚姻状况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "供应商的注册资本分别是多少", "no_such_field", "注册资本"),
    ("not_in_data_field", "XMSQ0369的绿化覆盖率", "no_such_field", "绿化覆盖率"),
    ("not_in_data_field", "各项目的业主户数一共多少户", "no_such_field", "业主户数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好！"),
    ("non_data", "谢谢，辛苦了"),
    ("non_data", "把XMSQ0116的开票金额改成50万"),
    ("non_data", "帮我删除何春生的考勤记录"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "好的明白了，感谢"),
    ("non_data", "请把设备JS-001的状态修改为报废"),
]
