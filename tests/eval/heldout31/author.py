"""The thirty-first held-out question set as written: questions and their gold specs.

Written blind (see README.md). The fixed today is 2026-04-29, a Wednesday (gold.TODAY).
ANSWERED: (class, question, gold kind, spec in the language of tests/eval/blind_gold.py);
NOT_IN_DATA: (class, question, reason, missing); NON_DATA: (class, question).
make_gold.py computes the gold values and writes questions.jsonl.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P, H, A, S, F = "项目信息", "人员信息", "考勤与人员财务", "排班月报", "项目月度财务"
E, B, G, INS, C = "设备信息", "采购与维保", "岗位编制", "检查记录", "人员证书"
K, R, PQ, REL, J = "月度快照", "岗位字典", "片区信息", "项目片区关系", "投标记录"
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
MAR = ["年月", "=", "2026-03"]
FEB = ["年月", "=", "2026-02"]
JAN = ["年月", "=", "2026-01"]
APR = ["年月", "=", "2026-04"]


def q(t: str, *where: list[Any], agg: str = "count") -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def days(field: str, first: str, last: str) -> list[list[Any]]:
    return [[field, ">=", first], [field, "<=", last]]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ---------------------------------------------------------------- count
    ("count", "花名册上登记的保洁员一共几个人？", "number", q(H, ["岗位名称", "=", "保洁员"])),
    ("count", "麻烦查下 设备台账里电梯总共有多少台，谢谢", "number", q(E, ["设备类型", "=", "电梯"])),
    ("count", "请问投标记录中结果为未中标的一共有几条？", "number", q(J, ["中标结果", "=", "未中标"])),
    (
        "count",
        "证书类别属于职业技能等级证书的，证书表里有多少张",
        "number",
        q(C, ["证书类别", "=", "职业技能等级证书"]),
    ),
    ("count", "服务期限写的是5年的项目有几个", "number", q(P, ["服务期限", "=", "5年"])),
    (
        "count",
        "空调维保的维保合同签了多少份？",
        "number",
        q(B, ["记录类型", "=", "维保合同"], ["类别", "=", "空调维保"]),
    ),
    (
        "count",
        "2026年3月1日至2026年3月15日（含）之间一共做了几次检查",
        "number",
        q(INS, *days("检查日期", "2026-03-01", "2026-03-15")),
    ),
    ("count", "项目信息表中 计费方式为酬金制 的项目数量", "number", q(P, ["计费方式", "=", "酬金制"])),
    # ---------------------------------------------------------------- list
    (
        "list",
        "岗位字典里员工层级是一线员工的岗位有哪些？",
        "names",
        {"op": "list", "t": R, "where": [["员工层级", "=", "一线员工"]], "key": "岗位名称"},
    ),
    (
        "list",
        "持有中级经济师证书的都是谁，给我工号",
        "names",
        {"op": "list", "t": C, "where": [["证书名称", "=", "中级经济师"]], "key": "工号"},
    ),
    (
        "list",
        "供应商名单里类别是绿化养护的有哪几家",
        "names",
        {
            "op": "list",
            "t": B,
            "where": [["记录类型", "=", "供应商"], ["类别", "=", "绿化养护"]],
            "key": "供应商名称",
        },
    ),
    (
        "list",
        "2026年4月2日当天被检查的项目，列一下编号",
        "names",
        {"op": "list", "t": INS, "where": [["检查日期", "=", "2026-04-02"]], "key": "项目编号"},
    ),
    (
        "list",
        "入职日期在2026年3月1日之后的员工有哪些？（花名册）",
        "names",
        {"op": "list", "t": H, "where": [["入职日期", ">", "2026-03-01"]], "key": "工号"},
    ),
    (
        "list",
        "合同状况是已签约未进场的项目 都有哪些",
        "names",
        {"op": "list", "t": P, "where": [["合同状况", "=", "已签约未进场"]], "key": "项目编号"},
    ),
    (
        "list",
        "xmsq0390 2月份考勤表上有哪些人",
        "names",
        {"op": "list", "t": A, "where": [["项目编号", "=", "XMSQ0390"], FEB], "key": "工号"},
    ),
    # ---------------------------------------------------------------- sum_avg
    ("sum_avg", "2026年1月所有项目的收款金额合计多少", "number", q(F, JAN, agg="sum:收款金额")),
    ("sum_avg", "您好，想了解一下全部项目客户满意度的平均值是多少？", "number", q(P, agg="avg:客户满意度")),
    (
        "sum_avg",
        "XMSQ0390 二月份考勤里的税后工资加起来一共多少钱",
        "number",
        q(A, ["项目编号", "=", "XMSQ0390"], FEB, agg="sum:税后工资"),
    ),
    ("sum_avg", "固定资产类采购的金额总计", "number", q(B, ["记录类型", "=", "固定资产"], agg="sum:金额")),
    (
        "sum_avg",
        "消防安全检查平均得分多少",
        "number",
        q(INS, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
    ),
    ("sum_avg", "所有电梯设备的原值总和是多少？", "number", q(E, ["设备类型", "=", "电梯"], agg="sum:原值")),
    (
        "sum_avg",
        "岗位编制表中保洁员这个岗位的预算编制合计几个",
        "number",
        q(G, ["岗位", "=", "保洁员"], agg="sum:预算编制"),
    ),
    ("sum_avg", "1月份考勤记录的平时加班小时，平均每条是多少", "number", q(A, JAN, agg="avg:平时加班小时")),
    # ---------------------------------------------------------------- extreme_rank
    (
        "extreme_rank",
        "哪个项目的合同面积最大",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:合同面积", "n": 1},
    ),
    (
        "extreme_rank",
        "客户满意度最高的是哪个项目？",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:客户满意度", "n": 1},
    ),
    (
        "extreme_rank",
        "从哪家供应商采购的金额最多（耗材+固定资产）",
        "names",
        {"op": "top", "t": B, "where": [BUY], "by": "供应商名称", "agg": "sum:金额", "n": 1},
    ),
    (
        "extreme_rank",
        "3月份税后工资拿得最多的是哪位员工",
        "names",
        {"op": "top", "t": A, "where": [MAR], "by": "工号", "agg": "sum:税后工资", "n": 1},
    ),
    (
        "extreme_rank",
        "实际毛利率垫底的项目是哪个",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "min:实际毛利率", "n": 1, "order": "asc"},
    ),
    (
        "extreme_rank",
        "原值最高的那台设备属于什么设备类型",
        "names",
        {"op": "top", "t": E, "by": "设备类型", "agg": "max:原值", "n": 1},
    ),
    (
        "extreme_rank",
        "花名册里入职最早的是谁",
        "names",
        {"op": "top", "t": H, "by": "工号", "agg": "min:入职日期", "n": 1, "order": "asc"},
    ),
    (
        "extreme_rank",
        "年化合同收入最少的项目是哪一个",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "min:年化合同收入", "n": 1, "order": "asc"},
    ),
    # ---------------------------------------------------------------- top_n
    (
        "top_n",
        "2026年3月开票金额排名前三的项目",
        "names",
        {"op": "top", "t": F, "where": [MAR], "by": "项目编号", "agg": "sum:开票金额", "n": 3},
    ),
    (
        "top_n",
        "采购金额（耗材采购和固定资产）前3名的供应商是哪些？",
        "names",
        {"op": "top", "t": B, "where": [BUY], "by": "供应商名称", "agg": "sum:金额", "n": 3},
    ),
    (
        "top_n",
        "年化合同额最高的5个项目？？",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "sum:年化合同额", "n": 5},
    ),
    (
        "top_n",
        "设备数量排前三的设备类型",
        "names",
        {"op": "top", "t": E, "by": "设备类型", "agg": "count", "n": 3},
    ),
    (
        "top_n",
        "合同面积前五的项目编号发我一下",
        "names",
        {"op": "top", "t": P, "by": "项目编号", "agg": "max:合同面积", "n": 5},
    ),
    (
        "top_n",
        "原值合计排前两名的设备类型？",
        "names",
        {"op": "top", "t": E, "by": "设备类型", "agg": "sum:原值", "n": 2},
    ),
    (
        "top_n",
        "2026年1月收款最多的4个项目是哪几个",
        "names",
        {"op": "top", "t": F, "where": [JAN], "by": "项目编号", "agg": "sum:收款金额", "n": 4},
    ),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "有没有完好状况为报废的电梯？",
        "bool",
        {"op": "exists", "t": E, "where": [["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]]},
    ),
    (
        "existence",
        "投标记录里有年份是2027的吗",
        "bool",
        {"op": "exists", "t": J, "where": [["年份", "=", 2027]]},
    ),
    (
        "existence",
        "xmsq0390有没有检查记录啊",
        "bool",
        {"op": "exists", "t": INS, "where": [["项目编号", "=", "XMSQ0390"]]},
    ),
    (
        "existence",
        "人员证书里有人持高压电工作业证吗？",
        "bool",
        {"op": "exists", "t": C, "where": [["证书名称", "=", "高压电工作业"]]},
    ),
    (
        "existence",
        "是否存在客户满意度低于60分的项目",
        "bool",
        {"op": "exists", "t": P, "where": [["客户满意度", "<", 60]]},
    ),
    (
        "existence",
        "4月份登记的考勤里有没有人旷工",
        "bool",
        {"op": "exists", "t": A, "where": [APR, ["1日", "has_code", "旷"]]},
    ),
    (
        "existence",
        "供应商里有没有做电梯维保的",
        "bool",
        {"op": "exists", "t": B, "where": [["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]]},
    ),
    # ---------------------------------------------------------------- status
    (
        "status",
        "XMSQ0390 的项目负责人是哪位？",
        "value",
        {"op": "value", "t": P, "where": [["项目编号", "=", "XMSQ0390"]], "field": "项目负责人"},
    ),
    (
        "status",
        "浦东-洞泾图书馆 合同金额多少",
        "value",
        {"op": "value", "t": P, "where": [["项目名称", "=", "浦东-洞泾图书馆"]], "field": "合同金额"},
    ),
    (
        "status",
        "工号KWL0704429是什么岗位的",
        "value",
        {"op": "value", "t": H, "where": [["工号", "=", "KWL0704429"]], "field": "岗位名称"},
    ),
    (
        "status",
        "请问XMSQ0311 首次服务日期是哪天？",
        "value",
        {"op": "value", "t": P, "where": [["项目编号", "=", "XMSQ0311"]], "field": "首次服务日期"},
    ),
    (
        "status",
        "采购记录CG0001的供应商是谁",
        "value",
        {"op": "value", "t": B, "where": [["记录编号", "=", "CG0001"]], "field": "供应商名称"},
    ),
    (
        "status",
        "维保合同 WB0001 到哪天结束",
        "value",
        {"op": "value", "t": B, "where": [["记录编号", "=", "WB0001"]], "field": "结束日期"},
    ),
    (
        "status",
        "长宁-田林镇政府2期 是什么细分业态",
        "value",
        {"op": "value", "t": P, "where": [["项目名称", "=", "长宁-田林镇政府2期"]], "field": "细分业态"},
    ),
    (
        "status",
        "片区编号PQ03叫什么片区",
        "value",
        {"op": "value", "t": PQ, "where": [["片区编号", "=", "PQ03"]], "field": "片区名称"},
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱们服务状态是服务中的项目一共多少个啊", "number", q(P, ["服务状态", "=", "服务中"])),
    (
        "colloquial",
        "干粉灭火器总共花了多少钱买的呀",
        "number",
        q(B, BUY, ["名称", "=", "干粉灭火器"], agg="sum:金额"),
    ),
    (
        "colloquial",
        "白鹤科技园那个项目一年合同额多少来着？",
        "value",
        {"op": "value", "t": P, "where": [["项目编号", "=", "XMSQ0311"]], "field": "年化合同额"},
    ),
    (
        "colloquial",
        "带病运行的电梯有几台啊，心里没底",
        "number",
        q(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    ("colloquial", "人员信息表里女同事有多少呀", "number", q(H, ["性别", "=", "女"])),
    ("colloquial", "党员有几个 花名册上的", "number", q(H, ["政治面貌", "=", "中共党员"])),
    (
        "colloquial",
        "那个梅陇镇政府项目，台账上挂了多少台设备嘛",
        "number",
        q(E, ["项目编号", "=", "XMSQ0337"]),
    ),
    # ---------------------------------------------------------------- time_reference
    ("time_reference", "上个月开票一共开了多少，财务这边要对一下账", "number", q(F, MAR, agg="sum:开票金额")),
    (
        "time_reference",
        "上周一共做了几次检查？",
        "number",
        q(INS, *days("检查日期", "2026-04-20", "2026-04-26")),
    ),
    (
        "time_reference",
        "今年以来收款总额是多少",
        "number",
        q(F, ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]], agg="sum:收款金额"),
    ),
    (
        "time_reference",
        "第一季度一共检查了多少次",
        "number",
        q(INS, *days("检查日期", "2026-01-01", "2026-03-31")),
    ),
    ("time_reference", "上上个月的考勤表一共几条记录", "number", q(A, FEB)),
    (
        "time_reference",
        "这个月（4月份登记的）耗材采购花了多少",
        "number",
        q(B, ["记录类型", "=", "耗材采购"], APR, agg="sum:金额"),
    ),
    (
        "time_reference",
        "2026年2月10日-2026年2月20日的检查，平均得分是？",
        "number",
        q(INS, *days("检查日期", "2026-02-10", "2026-02-20"), agg="avg:检查得分"),
    ),
    ("time_reference", "今年的投标记录有几条（年份2026）", "number", q(J, ["年份", "=", 2026])),
    # ---------------------------------------------------------------- now_current
    ("now_current", "目前完好状况为停用的设备有多少台", "number", q(E, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "今天是2026年4月29日，有效期至早于今天的证书有几张？",
        "number",
        q(C, ["有效期至", "<", "2026-04-29"]),
    ),
    (
        "now_current",
        "截至2026-04-29，结束日期还没到的维保合同有多少份",
        "number",
        q(B, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-29"]),
    ),
    (
        "now_current",
        "XMSQ0390现在的服务状态是什么",
        "value",
        {"op": "value", "t": P, "where": [["项目编号", "=", "XMSQ0390"]], "field": "服务状态"},
    ),
    (
        "now_current",
        "龚静（KWL1012125）当前服务的是哪个项目",
        "value",
        {"op": "value", "t": H, "where": [["工号", "=", "KWL1012125"]], "field": "当前服务项目编号"},
    ),
    (
        "now_current",
        "状态一栏目前写着履约中的维保合同，金额合计多少",
        "number",
        q(B, ["记录类型", "=", "维保合同"], ["状态", "=", "履约中"], agg="sum:金额"),
    ),
    (
        "now_current",
        "现在哪些项目里有带病运行的电梯？",
        "names",
        {
            "op": "list",
            "t": E,
            "where": [["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]],
            "key": "项目编号",
        },
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0390 2026年3月的开票金额",
        "number",
        q(F, ["项目编号", "=", "XMSQ0390"], MAR, agg="sum:开票金额"),
    ),
    ("monthly_fact", "洞泾图书馆2月考勤人数多少", "number", q(A, ["项目编号", "=", "XMSQ0390"], FEB)),
    (
        "monthly_fact",
        "XMSQ0389 一月份月度快照里的出勤人次",
        "number",
        q(K, ["项目编号", "=", "XMSQ0389"], JAN, agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "白鹤科技园 2026年1月收款多少？",
        "number",
        q(F, ["项目编号", "=", "XMSQ0311"], JAN, agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "4月份登记的考勤里，xmsq0264 的上班天数合计",
        "number",
        q(A, ["项目编号", "=", "XMSQ0264"], APR, agg="sum:上班天数"),
    ),
    ("monthly_fact", "2月份排班表上 XMSQ0390 排了几个人", "number", q(S, ["项目编号", "=", "XMSQ0390"], FEB)),
    (
        "monthly_fact",
        "XMSQ0341 1月的加班小时合计（月度快照）是多少",
        "number",
        q(K, ["项目编号", "=", "XMSQ0341"], JAN, agg="sum:加班小时合计"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0217 二月开票比一月多多少",
        "number",
        {
            "op": "diff",
            "a": q(F, ["项目编号", "=", "XMSQ0217"], FEB, agg="sum:开票金额"),
            "b": q(F, ["项目编号", "=", "XMSQ0217"], JAN, agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "花名册里保安_普保和保洁员，哪个岗位人多？",
        "names",
        {
            "op": "top",
            "t": H,
            "where": [["岗位名称", "in", ["保安_普保", "保洁员"]]],
            "by": "岗位名称",
            "agg": "count",
            "n": 1,
        },
    ),
    (
        "compare",
        "1月跟2月的考勤记录条数相差多少",
        "number",
        {"op": "absdiff", "a": q(A, JAN), "b": q(A, FEB)},
    ),
    (
        "compare",
        "耗材采购的总金额是不是比固定资产的高？",
        "bool",
        {
            "op": "gt",
            "a": q(B, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            "b": q(B, ["记录类型", "=", "固定资产"], agg="sum:金额"),
        },
    ),
    (
        "compare",
        "浦东新区的项目比徐汇区的多几个",
        "number",
        {"op": "diff", "a": q(P, ["市（区）", "=", "浦东新区"]), "b": q(P, ["市（区）", "=", "徐汇区"])},
    ),
    (
        "compare",
        "人员信息表中男员工比女员工多多少人",
        "number",
        {"op": "diff", "a": q(H, ["性别", "=", "男"]), "b": q(H, ["性别", "=", "女"])},
    ),
    (
        "compare",
        "3月份收款总额有没有超过开票总额？",
        "bool",
        {"op": "gt", "a": q(F, MAR, agg="sum:收款金额"), "b": q(F, MAR, agg="sum:开票金额")},
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备超过15台的项目有哪些",
        "names",
        {"op": "having", "t": E, "by": "项目编号", "agg": "count", "cmp": [">", 15]},
    ),
    (
        "group_having",
        "3月份考勤人数有3人及以上的项目一共几个",
        "number",
        {"op": "having_count", "t": A, "where": [MAR], "by": "项目编号", "agg": "count", "cmp": [">=", 3]},
    ),
    (
        "group_having",
        "被检查超过5次的项目有哪些？",
        "names",
        {"op": "having", "t": INS, "by": "项目编号", "agg": "count", "cmp": [">", 5]},
    ),
    (
        "group_having",
        "持有2张及以上证书的员工，工号列一下",
        "names",
        {"op": "having", "t": C, "by": "工号", "agg": "count", "cmp": [">=", 2]},
    ),
    (
        "group_having",
        "采购金额合计超过10万元的供应商有几家（耗材+固定资产）",
        "number",
        {
            "op": "having_count",
            "t": B,
            "where": [BUY],
            "by": "供应商名称",
            "agg": "sum:金额",
            "cmp": [">", 100000],
        },
    ),
    (
        "group_having",
        "平均检查得分不到81分的项目是哪些",
        "names",
        {"op": "having", "t": INS, "by": "项目编号", "agg": "avg:检查得分", "cmp": ["<", 81]},
    ),
    (
        "group_having",
        "采购次数在6次及以上的项目有多少个？",
        "number",
        {"op": "having_count", "t": B, "where": [BUY], "by": "项目编号", "agg": "count", "cmp": [">=", 6]},
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "浦东片区一共有多少个项目？", "number", q(P, ["项目编号", "region", "PQ07"])),
    (
        "region_rollup",
        "青浦片区2026年3月开票合计多少",
        "number",
        q(F, ["项目编号", "region", "PQ01"], MAR, agg="sum:开票金额"),
    ),
    (
        "region_rollup",
        "哪个片区挂的项目最多？",
        "names",
        {"op": "top", "t": P, "by": "@片区编号", "agg": "count", "n": 1},
    ),
    ("region_rollup", "科创片区下面的设备总共几台", "number", q(E, ["项目编号", "region", "PQ03"])),
    (
        "region_rollup",
        "按片区统计一下服务中的项目个数",
        "groups",
        {"op": "groups", "t": P, "where": [["服务状态", "=", "服务中"]], "by": "@片区编号", "agg": "count"},
    ),
    (
        "region_rollup",
        "嘉定或松江片区，服务中的项目合计多少个",
        "number",
        {
            "op": "agg",
            "t": P,
            "where": [["服务状态", "=", "服务中"]],
            "any": [["项目编号", "region", "PQ06"], ["项目编号", "region", "PQ05"]],
            "agg": "count",
        },
    ),
    (
        "region_rollup",
        "长宁片区上个月的考勤人数一共多少",
        "number",
        q(A, ["项目编号", "region", "PQ08"], MAR),
    ),
    # ---------------------------------------------------------------- negation
    ("negation", "委托方式不是全委的项目有多少 ", "number", q(P, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "除了保安_普保和保洁员以外，花名册里还有多少人",
        "number",
        q(H, ["岗位名称", "not_in", ["保安_普保", "保洁员"]]),
    ),
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个",
        "number",
        q(
            P,
            ["服务状态", "=", "服务中"],
            ["项目编号", "not_in_q", {"op": "list", "t": E, "key": "项目编号"}],
        ),
    ),
    ("negation", "检查记录中没填问题描述的有几条", "number", q(INS, ["问题描述", "null"])),
    (
        "negation",
        "从没参加过投标的项目有多少个（投标记录里找不到的）",
        "number",
        q(P, ["项目编号", "not_in_q", {"op": "list", "t": J, "key": "项目编号"}]),
    ),
    ("negation", "人员信息里政治面貌不是中共党员的人数", "number", q(H, ["政治面貌", "!=", "中共党员"])),
    (
        "negation",
        "采购记录（耗材+固定资产）里状态不是已入账的有几条？",
        "number",
        q(B, BUY, ["状态", "!=", "已入账"]),
    ),
    # ---------------------------------------------------------------- or_values
    ("or_values", "电梯或者消防类的设备一共多少台", "number", q(E, ["设备类型", "in", ["电梯", "消防"]])),
    ("or_values", "位于闵行区或长宁区的项目总数", "number", q(P, ["市（区）", "in", ["闵行区", "长宁区"]])),
    (
        "or_values",
        "消防安全检查、设备专项检查这两类的平均分",
        "number",
        q(INS, ["检查类型", "in", ["消防安全检查", "设备专项检查"]], agg="avg:检查得分"),
    ),
    (
        "or_values",
        "持有保安员（三级）或保安员（五级）证书的有几个人",
        "number",
        q(C, ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]], agg="nunique:工号"),
    ),
    (
        "or_values",
        "2026年1月和2月的开票，加在一起是多少呢",
        "number",
        q(F, ["年月", "in", ["2026-01", "2026-02"]], agg="sum:开票金额"),
    ),
    (
        "or_values",
        "绿化工、工程维修工在花名册上合计多少人",
        "number",
        q(H, ["岗位名称", "in", ["绿化工", "工程维修工"]]),
    ),
    (
        "or_values",
        "汇总业态为园区或者商业的项目，合同面积加总",
        "number",
        q(P, ["汇总业态", "in", ["园区", "商业"]], agg="sum:合同面积"),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率高于17%的项目有几个", "number", q(P, ["实际毛利率", ">", 0.17])),
    ("threshold_percent", "毛利率不到10％的项目数量？", "number", q(P, ["实际毛利率", "<", 0.1])),
    ("threshold_percent", "客户满意度90分及以上的项目有多少", "number", q(P, ["客户满意度", ">=", 90])),
    ("threshold_percent", "检查得分低于81分的 有几次？", "number", q(INS, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "服务中且实际毛利率15%及以上的项目，有几个",
        "number",
        q(P, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.15]),
    ),
    (
        "threshold_percent",
        "3月份考勤里税后工资超过5000的记录有几条",
        "number",
        q(A, MAR, ["税后工资", ">", 5000]),
    ),
    (
        "threshold_percent",
        "单价高于1000元的采购记录（耗材+固定资产）多少条",
        "number",
        q(B, BUY, ["单价", ">", 1000]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "全委项目占全部项目的比例是多少",
        "number",
        {"op": "ratio", "a": q(P, ["委托方式", "=", "全委"]), "b": q(P)},
    ),
    (
        "share",
        "设备中完好状况为完好的占百分之多少？",
        "number",
        {"op": "ratio", "a": q(E, ["完好状况", "=", "完好"]), "b": q(E)},
    ),
    (
        "share",
        "我是市场部新来的，投标记录里未中标的占几成？",
        "number",
        {"op": "ratio", "a": q(J, ["中标结果", "=", "未中标"]), "b": q(J)},
    ),
    (
        "share",
        "3月份收款金额占开票金额的百分比",
        "number",
        {"op": "ratio", "a": q(F, MAR, agg="sum:收款金额"), "b": q(F, MAR, agg="sum:开票金额")},
    ),
    ("share", "花名册里女性员工占比", "number", {"op": "ratio", "a": q(H, ["性别", "=", "女"]), "b": q(H)}),
    (
        "share",
        "检查记录中填写了问题描述的比例是多少？",
        "number",
        {"op": "ratio", "a": q(INS, ["问题描述", "notnull"]), "b": q(INS)},
    ),
    (
        "share",
        "固定资产金额在采购总额（耗材采购+固定资产）里占多大比重",
        "number",
        {
            "op": "ratio",
            "a": q(B, ["记录类型", "=", "固定资产"], agg="sum:金额"),
            "b": q(B, BUY, agg="sum:金额"),
        },
    ),
    # ---------------------------------------------------------------- grouped
    (
        "grouped",
        "各检查类型的平均得分分别是多少",
        "groups",
        {"op": "groups", "t": INS, "by": "检查类型", "agg": "avg:检查得分"},
    ),
    (
        "grouped",
        "按汇总业态统计一下项目数，谢谢！",
        "groups",
        {"op": "groups", "t": P, "by": "汇总业态", "agg": "count"},
    ),
    (
        "grouped",
        "每个月的开票金额合计，分月列出来",
        "groups",
        {"op": "groups", "t": F, "by": "年月", "agg": "sum:开票金额"},
    ),
    (
        "grouped",
        "设备按完好状况分，各有多少台？",
        "groups",
        {"op": "groups", "t": E, "by": "完好状况", "agg": "count"},
    ),
    (
        "grouped",
        "花名册中各政治面貌的人数",
        "groups",
        {"op": "groups", "t": H, "by": "政治面貌", "agg": "count"},
    ),
    (
        "grouped",
        "按委托方式汇总年化合同额",
        "groups",
        {"op": "groups", "t": P, "by": "委托方式", "agg": "sum:年化合同额"},
    ),
    (
        "grouped",
        "不同证书类别各有几张证",
        "groups",
        {"op": "groups", "t": C, "by": "证书类别", "agg": "count"},
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ9999 的合同金额是多少", "no_such_entity", "XMSQ9999"),
    ("not_in_data_entity", "虹口片区下面有多少个项目", "no_such_entity", "虹口片区"),
    ("not_in_data_entity", "工号KWL9999999的入职日期是哪天", "no_such_entity", "KWL9999999"),
    ("not_in_data_entity", "外滩金融中心这个项目的负责人是谁？", "no_such_entity", "外滩金融中心"),
    (
        "not_in_data_entity",
        "上海大众物业设备有限公司一共供了多少钱的货",
        "no_such_entity",
        "上海大众物业设备有限公司",
    ),
    ("not_in_data_entity", "xmsq0050 上个月开票多少", "no_such_entity", "XMSQ0050"),
    ("not_in_data_entity", "欧阳娜娜的工号是多少", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_month", "去年12月的开票总额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月排班表里XMSQ0390排了几个人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月的考勤记录有多少条", "outside_coverage", "2025-11"),
    ("not_in_data_month", "去年12月月度快照中XMSQ0389的在岗人数", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月的收款合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2026年5月的考勤里有多少人请了事假", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年十月份税后工资一共发了多少", "outside_coverage", "2025-10"),
    ("not_in_data_field", "花名册里本科学历的有几个人", "no_such_field", "学历"),
    ("not_in_data_field", "洞泾图书馆有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "员工的籍贯分布是怎样的", "no_such_field", "籍贯"),
    ("not_in_data_field", "电梯设备的保修期到哪天为止", "no_such_field", "保修期"),
    ("not_in_data_field", "XMSQ0389 的绿化面积是多少平方", "no_such_field", "绿化面积"),
    ("not_in_data_field", "上海瑞丰园林绿化有限公司的联系人是谁", "no_such_field", "联系人"),
    ("not_in_data_field", "检查记录里每次检查平均花了多长时间（检查时长）", "no_such_field", "检查时长"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "好的，谢谢啦！"),
    ("non_data", "把XMSQ0390的项目负责人改成张三"),
    ("non_data", "帮我删掉检查记录里1月份的数据"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "辛苦了，今天就问到这"),
    ("non_data", "请把KWL0704429的联系电话更新成13800000000"),
]
