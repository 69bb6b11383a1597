"""The eleventh held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md): values were picked from data/ with pandas, never from kgdesk.
Today is 2026-04-15 (本月 2026-04, 上个月 2026-03, 上上个月 2026-02, 今年一季度 2026-01…03).
`make_gold.py` turns this file into questions.jsonl; the ids follow the order below.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

PI, HR, RG, PR = "项目信息", "人员信息", "片区信息", "项目片区关系"
FIN, ATT, SCH, BID = "项目月度财务", "考勤与人员财务", "排班月报", "投标记录"
HC, EQ, PUR, INS = "岗位编制", "设备信息", "采购与维保", "检查记录"
CERT, SNAP, POS = "人员证书", "月度快照", "岗位字典"

Q1 = ["2026-01", "2026-02", "2026-03"]
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
MARCH = [["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-31"]]
TODAY = "2026-04-15"


def count(t: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": "count"}


def agg(t: str, a: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": a}


def names(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, a: str, n: int = 1, order: str = "desc", *where: list[Any]) -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": a, "n": n, "order": order, "where": list(where)}


def groups(t: str, by: str, a: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": list(where)}


def having(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "by": by, "agg": a, "cmp": cmp, "where": list(where)}


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def pj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def month(m: str) -> list[Any]:
    return ["年月", "=", m]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ---------------------------------------------------------------- count
    (
        "count",
        "松江区目前服务状态为服务中的项目一共几个？",
        "number",
        count(PI, ["市（区）", "=", "松江区"], ["服务状态", "=", "服务中"]),
    ),
    ("count", "人事问下：花名册里岗位是保洁员的有多少人", "number", count(HR, ["岗位名称", "=", "保洁员"])),
    ("count", "xmsq0323 设备台账里登记了几台设备", "number", count(EQ, pj("XMSQ0323"))),
    (
        "count",
        "按检查日期算，2026年3月一共做过几次消防安全检查？",
        "number",
        count(INS, ["检查类型", "=", "消防安全检查"], *MARCH),
    ),
    (
        "count",
        "类别是电梯维保的维保合同有多少份？",
        "number",
        count(PUR, ["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]),
    ),
    (
        "count",
        "人员证书表中，证书类别为特种作业操作证的共计多少本",
        "number",
        count(CERT, ["证书类别", "=", "特种作业操作证"]),
    ),
    (
        "count",
        "投标记录里年份是2024年、投标类型为新标的，有几条？",
        "number",
        count(BID, ["年份", "=", 2024], ["投标类型", "=", "新标"]),
    ),
    # ---------------------------------------------------------------- list
    (
        "list",
        "项目负责人是武丽华的项目有哪些？",
        "names",
        names(PI, "项目编号", ["项目负责人工号", "=", "KWL1204115"]),
    ),
    (
        "list",
        "2026年4月 XMSQ0252 的考勤表上都有谁",
        "names",
        names(ATT, "工号", pj("XMSQ0252"), month("2026-04")),
    ),
    (
        "list",
        "采购这边想要一份名单：供应商名录里类别为清洁耗材的供应商",
        "names",
        names(PUR, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "清洁耗材"]),
    ),
    (
        "list",
        "岗位字典里员工层级属于职能管理人员的岗位都列出来",
        "names",
        names(POS, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "长宁片区下面细分业态是学校的项目，请列一下",
        "names",
        names(PI, "项目编号", region("PQ08"), ["细分业态", "=", "学校"]),
    ),
    ("list", "XMSQ0242 有哪几种设备类型？", "names", names(EQ, "设备类型", pj("XMSQ0242"))),
    ("list", "哪些人拿到了物业管理师证书", "names", names(CERT, "工号", ["证书名称", "=", "物业管理师"])),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "2026年4月所有项目的开票金额加起来是多少元？",
        "number",
        agg(FIN, "sum:开票金额", month("2026-04")),
    ),
    (
        "sum_avg",
        "浦东新区服务中的项目，客户满意度平均几分",
        "number",
        agg(PI, "avg:客户满意度", ["市（区）", "=", "浦东新区"], ["服务状态", "=", "服务中"]),
    ),
    (
        "sum_avg",
        "XMSQ0356 的采购（耗材采购和固定资产都算）总金额是多少",
        "number",
        agg(PUR, "sum:金额", pj("XMSQ0356"), BUY),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分是多少？",
        "number",
        agg(INS, "avg:检查得分", ["检查类型", "=", "季度综合检查"]),
    ),
    (
        "sum_avg",
        "麻烦算一下：岗位编制表里XMSQ0252各岗位的项目编制合计是多少人",
        "number",
        agg(HC, "sum:项目编制", pj("XMSQ0252")),
    ),
    (
        "sum_avg",
        "周强今年1到4月的平时加班小时总共多少小时",
        "number",
        agg(ATT, "sum:平时加班小时", ["工号", "=", "KWL0906713"]),
    ),
    (
        "sum_avg",
        "空调维保类维保合同，平均每份金额多少元",
        "number",
        agg(PUR, "avg:金额", ["记录类型", "=", "维保合同"], ["类别", "=", "空调维保"]),
    ),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目", "names", top(PI, "项目编号", "max:合同面积")),
    (
        "extreme_rank",
        "2026年3月哪个项目开票金额最高？",
        "names",
        top(FIN, "项目编号", "sum:开票金额", 1, "desc", month("2026-03")),
    ),
    ("extreme_rank", "项目片区关系里，挂的项目最多的是哪个片区", "names", top(PR, "片区编号", "count")),
    (
        "extreme_rank",
        "服务中的项目里客户满意度最低的是哪一个？",
        "names",
        top(PI, "项目编号", "max:客户满意度", 1, "asc", ["服务状态", "=", "服务中"]),
    ),
    ("extreme_rank", "原值最高的那台设备属于什么设备类型", "names", top(EQ, "设备类型", "max:原值")),
    ("extreme_rank", "单笔投标金额最高的投标是哪个项目投的", "names", top(BID, "项目编号", "max:投标金额")),
    (
        "extreme_rank",
        "客户投诉次数最多的项目，投诉了几次？",
        "number",
        {"op": "top_value", "t": PI, "by": "项目编号", "agg": "max:客户投诉", "where": []},
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "年化合同额排名前5的项目", "names", top(PI, "项目编号", "max:年化合同额", 5)),
    (
        "top_n",
        "今年一季度收款金额合计排前三的是哪三个项目？",
        "names",
        top(FIN, "项目编号", "sum:收款金额", 3, "desc", ["年月", "in", Q1]),
    ),
    ("top_n", "设备台数最多的两个项目是？", "names", top(EQ, "项目编号", "count", 2)),
    (
        "top_n",
        "3月份考勤里平时加班小时合计最多的3个项目",
        "names",
        top(ATT, "项目编号", "sum:平时加班小时", 3, "desc", month("2026-03")),
    ),
    (
        "top_n",
        "采购金额（耗材+固定资产）最高的五家供应商",
        "names",
        top(PUR, "供应商名称", "sum:金额", 5, "desc", BUY),
    ),
    (
        "top_n",
        "服务中项目里客户满意度倒数两名是哪两个",
        "names",
        top(PI, "项目编号", "max:客户满意度", 2, "asc", ["服务状态", "=", "服务中"]),
    ),
    ("top_n", "检查记录条数最多的前三个片区", "names", top(INS, "@片区编号", "count", 3)),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "XMSQ0252 有没有 2026年2月 的项目财务记录？",
        "bool",
        exists(FIN, pj("XMSQ0252"), month("2026-02")),
    ),
    ("existence", "有报废的电梯吗", "bool", exists(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"])),
    ("existence", "杨雪梅在人员证书表里有证书吗？", "bool", exists(CERT, ["工号", "=", "KWL2009749"])),
    (
        "existence",
        "嘉定区有没有服务状态是未开始的项目",
        "bool",
        exists(PI, ["市（区）", "=", "嘉定区"], ["服务状态", "=", "未开始"]),
    ),
    (
        "existence",
        "2026年3月的考勤里有人旷工吗？",
        "bool",
        exists(ATT, month("2026-03"), ["1日", "has_code", "旷"]),
    ),
    (
        "existence",
        "XMSQ0330做过设备专项检查没有",
        "bool",
        exists(INS, pj("XMSQ0330"), ["检查类型", "=", "设备专项检查"]),
    ),
    ("existence", "投标记录中是否存在中标结果为待定的？", "bool", exists(BID, ["中标结果", "=", "待定"])),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0257 的服务状态是什么", "value", value(PI, "服务状态", pj("XMSQ0257"))),
    ("status", "请问XMSQ0323项目负责人是哪位？", "value", value(PI, "项目负责人", pj("XMSQ0323"))),
    ("status", "片区编号pq05对应的片区名称是啥", "value", value(RG, "片区名称", ["片区编号", "=", "PQ05"])),
    ("status", "XMSQ0252 合同的结束日期是哪天？", "value", value(PI, "结束日期", pj("XMSQ0252"))),
    (
        "status",
        "XMSQ0323 的 DT-002 这台设备完好状况如何",
        "value",
        value(EQ, "完好状况", pj("XMSQ0323"), ["设备编号", "=", "DT-002"]),
    ),
    (
        "status",
        "维保合同WB0005的维保单位是哪家公司？",
        "value",
        value(PUR, "维保单位名称", ["记录编号", "=", "WB0005"]),
    ),
    ("status", "青浦片区的片区负责人叫什么名字", "value", value(HR, "姓名", ["工号", "=", "KWL1606543"])),
    # ---------------------------------------------------------------- colloquial
    (
        "colloquial",
        "咱花名册上保安普保（保安_普保）一共几个人啊",
        "number",
        count(HR, ["岗位名称", "=", "保安_普保"]),
    ),
    ("colloquial", "XMSQ0252 4月份考勤上有几个人呀", "number", count(ATT, pj("XMSQ0252"), month("2026-04"))),
    (
        "colloquial",
        "帮我瞅瞅武丽华手上当项目负责人的项目有几个呗",
        "number",
        count(PI, ["项目负责人工号", "=", "KWL1204115"]),
    ),
    (
        "colloquial",
        "电梯维保的那几家供应商叫啥来着？供应商名录里的",
        "names",
        names(PUR, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    (
        "colloquial",
        "3月份开票一共开了多少钱呐，所有项目加一块儿",
        "number",
        agg(FIN, "sum:开票金额", month("2026-03")),
    ),
    ("colloquial", "全公司报废的设备有多少台哈", "number", count(EQ, ["完好状况", "=", "报废"])),
    (
        "colloquial",
        "拿着消防设施操作员（初级）证的有几个人嘞",
        "number",
        agg(CERT, "nunique:工号", ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上个月所有项目收款金额合计多少",
        "number",
        agg(FIN, "sum:收款金额", month("2026-03")),
    ),
    ("time_reference", "本月考勤表一共有多少条记录？", "number", count(ATT, month("2026-04"))),
    (
        "time_reference",
        "上上个月XMSQ0330考勤上有几个人",
        "number",
        count(ATT, pj("XMSQ0330"), month("2026-02")),
    ),
    (
        "time_reference",
        "今年一季度耗材采购一共花了多少钱",
        "number",
        agg(PUR, "sum:金额", ["记录类型", "=", "耗材采购"], ["年月", "in", Q1]),
    ),
    (
        "time_reference",
        "这个月的月度快照里XMSQ0128在岗人数是多少人",
        "number",
        agg(SNAP, "sum:在岗人数", pj("XMSQ0128"), month("2026-04")),
    ),
    ("time_reference", "上个月按检查日期算一共做了多少次检查？", "number", count(INS, *MARCH)),
    (
        "time_reference",
        "XMSQ0257 从今年1月到上个月的收款金额合计",
        "number",
        agg(FIN, "sum:收款金额", pj("XMSQ0257"), ["年月", "in", Q1]),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "目前服务状态还是服务中的项目有多少个", "number", count(PI, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "现在完好状况为带病运行的设备有几台？",
        "number",
        count(EQ, ["完好状况", "=", "带病运行"]),
    ),
    (
        "now_current",
        "结束日期早于今天（已经到期）的维保合同有几份",
        "number",
        count(PUR, ["记录类型", "=", "维保合同"], ["结束日期", "<", TODAY]),
    ),
    (
        "now_current",
        "人员证书里有效期至早于今天、已经过期的证书有几本？",
        "number",
        count(CERT, ["有效期至", "<", TODAY]),
    ),
    (
        "now_current",
        "当前合同状况为已签约未进场的项目有哪些",
        "names",
        names(PI, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "开始日期早于今天、结束日期晚于今天的维保合同现在有多少份？",
        "number",
        count(PUR, ["记录类型", "=", "维保合同"], ["开始日期", "<", TODAY], ["结束日期", ">", TODAY]),
    ),
    (
        "now_current",
        "孟欣怡现在的当前服务项目编号是哪个？",
        "value",
        value(HR, "当前服务项目编号", ["工号", "=", "KWL2207161"]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0257 2026年2月开票金额是多少",
        "number",
        agg(FIN, "sum:开票金额", pj("XMSQ0257"), month("2026-02")),
    ),
    (
        "monthly_fact",
        "XMSQ0323 3月份收款多少钱？",
        "number",
        agg(FIN, "sum:收款金额", pj("XMSQ0323"), month("2026-03")),
    ),
    (
        "monthly_fact",
        "武丽华2026年3月上班天数是几天",
        "number",
        agg(ATT, "sum:上班天数", ["工号", "=", "KWL1204115"], month("2026-03")),
    ),
    (
        "monthly_fact",
        "月度快照：XMSQ0252 在 2026-01 的出勤人次",
        "number",
        agg(SNAP, "sum:出勤人次", pj("XMSQ0252"), month("2026-01")),
    ),
    (
        "monthly_fact",
        "周强2月份平时加班了多少小时？",
        "number",
        agg(ATT, "sum:平时加班小时", ["工号", "=", "KWL0906713"], month("2026-02")),
    ),
    (
        "monthly_fact",
        "2026年4月 XMSQ0128 的排班月报上排了几个人",
        "number",
        count(SCH, pj("XMSQ0128"), month("2026-04")),
    ),
    (
        "monthly_fact",
        "XMSQ0330一月份月度快照里加班小时合计是多少",
        "number",
        agg(SNAP, "sum:加班小时合计", pj("XMSQ0330"), month("2026-01")),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0257 4月的开票金额比3月多多少？",
        "number",
        {
            "op": "diff",
            "a": agg(FIN, "sum:开票金额", pj("XMSQ0257"), month("2026-04")),
            "b": agg(FIN, "sum:开票金额", pj("XMSQ0257"), month("2026-03")),
        },
    ),
    (
        "compare",
        "一季度开票合计，XMSQ0323 高于 XMSQ0257 吗",
        "bool",
        {
            "op": "gt",
            "a": agg(FIN, "sum:开票金额", pj("XMSQ0323"), ["年月", "in", Q1]),
            "b": agg(FIN, "sum:开票金额", pj("XMSQ0257"), ["年月", "in", Q1]),
        },
    ),
    (
        "compare",
        "花名册里保洁员和保安_普保哪个人多？差几个人",
        "number",
        {
            "op": "absdiff",
            "a": count(HR, ["岗位名称", "=", "保洁员"]),
            "b": count(HR, ["岗位名称", "=", "保安_普保"]),
        },
    ),
    (
        "compare",
        "岗位编制里XMSQ0252的保洁员，项目编制比在岗人数多几个人？",
        "number",
        {
            "op": "diff",
            "a": agg(HC, "sum:项目编制", pj("XMSQ0252"), ["岗位", "=", "保洁员"]),
            "b": agg(HC, "sum:在岗人数", pj("XMSQ0252"), ["岗位", "=", "保洁员"]),
        },
    ),
    (
        "compare",
        "在项目片区关系里，松江片区比闵行片区多几个项目",
        "number",
        {"op": "diff", "a": count(PR, ["片区编号", "=", "PQ05"]), "b": count(PR, ["片区编号", "=", "PQ04"])},
    ),
    (
        "compare",
        "消防安全检查的平均得分是不是高于月度品质检查的平均得分？",
        "bool",
        {
            "op": "gt",
            "a": agg(INS, "avg:检查得分", ["检查类型", "=", "消防安全检查"]),
            "b": agg(INS, "avg:检查得分", ["检查类型", "=", "月度品质检查"]),
        },
    ),
    (
        "compare",
        "XMSQ0252和XMSQ0330的合同面积相差多少平方米",
        "number",
        {
            "op": "absdiff",
            "a": agg(PI, "sum:合同面积", pj("XMSQ0252")),
            "b": agg(PI, "sum:合同面积", pj("XMSQ0330")),
        },
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备台账里登记了13台及以上设备的项目有哪些",
        "names",
        having(EQ, "项目编号", "count", [">=", 13]),
    ),
    (
        "group_having",
        "人员证书表中持有2本及以上证书的人是谁",
        "names",
        having(CERT, "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "2026年4月考勤上有4个人及以上的项目",
        "names",
        having(ATT, "项目编号", "count", [">=", 4], month("2026-04")),
    ),
    (
        "group_having",
        "哪些供应商的采购记录（耗材+固定资产）达到25条及以上？",
        "names",
        having(PUR, "供应商名称", "count", [">=", 25], BUY),
    ),
    (
        "group_having",
        "检查记录达到6次及以上的项目有几个",
        "number",
        having(INS, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "当项目负责人的项目在16个及以上的负责人都有谁？",
        "names",
        having(PI, "项目负责人工号", "count", [">=", 16]),
    ),
    (
        "group_having",
        "今年一季度有3条及以上项目月度财务记录的项目有哪些",
        "names",
        having(FIN, "项目编号", "count", [">=", 3], ["年月", "in", Q1]),
    ),
    # ---------------------------------------------------------------- region_rollup
    (
        "region_rollup",
        "浦东片区2026年4月开票金额合计多少",
        "number",
        agg(FIN, "sum:开票金额", region("PQ07"), month("2026-04")),
    ),
    ("region_rollup", "青浦片区3月考勤人数是多少？", "number", count(ATT, region("PQ01"), month("2026-03"))),
    ("region_rollup", "科创片区的项目一共登记了多少台设备", "number", count(EQ, region("PQ03"))),
    (
        "region_rollup",
        "徐汇片区每个月的收款金额分别是多少",
        "groups",
        groups(FIN, "年月", "sum:收款金额", region("PQ02")),
    ),
    (
        "region_rollup",
        "嘉定片区1到4月每月考勤人数各是多少",
        "groups",
        groups(ATT, "年月", "count", region("PQ06")),
    ),
    (
        "region_rollup",
        "长宁片区服务中项目的年化合同额加起来是多少",
        "number",
        agg(PI, "sum:年化合同额", region("PQ08"), ["服务状态", "=", "服务中"]),
    ),
    ("region_rollup", "闵行片区所有检查的平均检查得分", "number", agg(INS, "avg:检查得分", region("PQ04"))),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "除了浦东新区，其他区服务中的项目共有多少个？",
        "number",
        count(PI, ["市（区）", "!=", "浦东新区"], ["服务状态", "=", "服务中"]),
    ),
    (
        "negation",
        "花名册里岗位大类（按岗位字典）既不是保安也不是保洁的有多少人",
        "number",
        count(HR, ["岗位名称", "not_in_q", names(POS, "岗位名称", ["岗位大类", "in", ["保安", "保洁"]])]),
    ),
    (
        "negation",
        "服务中的项目里，2026年4月没有项目月度财务记录的有几个",
        "number",
        count(
            PI,
            ["服务状态", "=", "服务中"],
            ["项目编号", "not_in_q", names(FIN, "项目编号", month("2026-04"))],
        ),
    ),
    (
        "negation",
        "采购记录（耗材采购、固定资产）里状态不是已入账的有多少条",
        "number",
        count(PUR, BUY, ["状态", "!=", "已入账"]),
    ),
    (
        "negation",
        "电梯当中完好状况不是“完好”的有几台？",
        "number",
        count(EQ, ["设备类型", "=", "电梯"], ["完好状况", "!=", "完好"]),
    ),
    (
        "negation",
        "3月（按检查日期）除了客户满意度回访以外的检查一共多少次",
        "number",
        count(INS, ["检查类型", "!=", "客户满意度回访"], *MARCH),
    ),
    (
        "negation",
        "花名册里的项目经理，在人员证书表里一本证书都没有的有几个人",
        "number",
        count(HR, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(CERT, "工号")]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "保安_领班或保洁_领班，花名册上一共多少人？",
        "number",
        count(HR, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "徐汇区或者闵行区服务中的项目有几个",
        "number",
        count(PI, ["市（区）", "in", ["徐汇区", "闵行区"]], ["服务状态", "=", "服务中"]),
    ),
    (
        "or_values",
        "完好状况是停用或报废的设备合计多少台",
        "number",
        count(EQ, ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "消防维保或电梯维保的维保合同总金额是多少",
        "number",
        agg(PUR, "sum:金额", ["记录类型", "=", "维保合同"], ["类别", "in", ["消防维保", "电梯维保"]]),
    ),
    (
        "or_values",
        "投标年份为2025年或2026年的投标记录有几条",
        "number",
        count(BID, ["年份", "in", [2025, 2026]]),
    ),
    (
        "or_values",
        "松江区细分业态为学校或医疗卫生的项目有哪些？",
        "names",
        names(PI, "项目编号", ["市（区）", "=", "松江区"], ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    (
        "or_values",
        "1月或2月的考勤里，上班天数不到18天的有几条",
        "number",
        count(ATT, ["年月", "in", ["2026-01", "2026-02"]], ["上班天数", "<", 18]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    (
        "threshold_percent",
        "实际毛利率超过15%的服务中项目有几个？",
        "number",
        count(PI, ["实际毛利率", ">", 0.15], ["服务状态", "=", "服务中"]),
    ),
    (
        "threshold_percent",
        "实际毛利率低于4.5%的项目都有哪些",
        "names",
        names(PI, "项目编号", ["实际毛利率", "<", 0.045]),
    ),
    (
        "threshold_percent",
        "浦东新区实际毛利率在0.1及以上的项目有多少个",
        "number",
        count(PI, ["市（区）", "=", "浦东新区"], ["实际毛利率", ">=", 0.1]),
    ),
    (
        "threshold_percent",
        "服务中的项目里，实际毛利率不到百分之八的有几个",
        "number",
        count(PI, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.08]),
    ),
    (
        "threshold_percent",
        "松江区实际毛利率高于17％的项目列一下",
        "names",
        names(PI, "项目编号", ["市（区）", "=", "松江区"], ["实际毛利率", ">", 0.17]),
    ),
    (
        "threshold_percent",
        "实际毛利率介于10%和12%之间（两端都算）的项目有多少个？",
        "number",
        count(PI, ["实际毛利率", ">=", 0.1], ["实际毛利率", "<=", 0.12]),
    ),
    (
        "threshold_percent",
        "毛利率（实际毛利率）超过0.175的项目个数",
        "number",
        count(PI, ["实际毛利率", ">", 0.175]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "服务中的项目占项目信息里全部项目的比例是多少",
        "number",
        {"op": "ratio", "a": count(PI, ["服务状态", "=", "服务中"]), "b": count(PI)},
    ),
    (
        "share",
        "花名册里女性占百分之几？",
        "number",
        {"op": "ratio", "a": count(HR, ["性别", "=", "女"]), "b": count(HR)},
    ),
    (
        "share",
        "设备里完好状况为完好的占几成",
        "number",
        {"op": "ratio", "a": count(EQ, ["完好状况", "=", "完好"]), "b": count(EQ)},
    ),
    (
        "share",
        "2026年4月全公司开票金额里，XMSQ0257 占多大比重？",
        "number",
        {
            "op": "ratio",
            "a": agg(FIN, "sum:开票金额", pj("XMSQ0257"), month("2026-04")),
            "b": agg(FIN, "sum:开票金额", month("2026-04")),
        },
    ),
    (
        "share",
        "全部投标记录中，中标结果为中标的比例",
        "number",
        {"op": "ratio", "a": count(BID, ["中标结果", "=", "中标"]), "b": count(BID)},
    ),
    (
        "share",
        "按检查日期，3月的检查里消防安全检查占百分之多少",
        "number",
        {"op": "ratio", "a": count(INS, ["检查类型", "=", "消防安全检查"], *MARCH), "b": count(INS, *MARCH)},
    ),
    (
        "share",
        "耗材采购的总金额当中，类别为清洁耗材的占比多少？",
        "number",
        {
            "op": "ratio",
            "a": agg(PUR, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            "b": agg(PUR, "sum:金额", ["记录类型", "=", "耗材采购"]),
        },
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "项目片区关系里各片区分别有多少个项目", "groups", groups(PR, "片区编号", "count")),
    ("grouped", "每种设备类型各有多少台？", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "按检查类型分别统计平均检查得分", "groups", groups(INS, "检查类型", "avg:检查得分")),
    ("grouped", "考勤记录按月份各有多少条", "groups", groups(ATT, "年月", "count")),
    (
        "grouped",
        "服务中的项目按市（区）分，各区几个？",
        "groups",
        groups(PI, "市（区）", "count", ["服务状态", "=", "服务中"]),
    ),
    ("grouped", "2026年每个月的开票金额合计分别是多少", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "不同委托方式的项目各有几个", "groups", groups(PI, "委托方式", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的服务状态是什么？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "张三丰当项目负责人的项目有哪些", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "工号KWL1234999是什么岗位", "no_such_entity", "KWL1234999"),
    ("not_in_data_entity", "青松片区一共有多少个项目？", "no_such_entity", "青松片区"),
    (
        "not_in_data_entity",
        "北京华联保洁有限公司这家供应商的采购金额合计多少",
        "no_such_entity",
        "北京华联保洁有限公司",
    ),
    ("not_in_data_entity", "xmsq0408 2026年4月的开票金额", "no_such_entity", "XMSQ0408"),
    ("not_in_data_entity", "维保合同WB0999的维保单位是谁", "no_such_entity", "WB0999"),
    ("not_in_data_month", "下个月XMSQ0257开票多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月考勤一共多少条记录", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月所有项目的收款金额合计", "outside_coverage", "2025-11"),
    ("not_in_data_month", "XMSQ0252 在2026年6月的考勤上有几个人", "outside_coverage", "2026-06"),
    ("not_in_data_month", "请问2026年5月排班月报里排了多少人次", "outside_coverage", "2026-05"),
    ("not_in_data_month", "月度快照里 2025-10 XMSQ0252 的出勤人次是多少", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年7月耗材采购花了多少钱？", "outside_coverage", "2026-07"),
    ("not_in_data_field", "XMSQ0252 有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "武丽华的学历是什么", "no_such_field", "学历"),
    ("not_in_data_field", "各项目4月的用电量分别是多少度", "no_such_field", "用电量"),
    ("not_in_data_field", "花名册里员工的婚姻状况统计一下，已婚的有几个", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "XMSQ0330的绿化面积有多大", "no_such_field", "绿化面积"),
    ("not_in_data_field", "周强的银行卡号是多少？", "no_such_field", "银行卡号"),
    ("not_in_data_field", "XMSQ0323 那些设备的保修期到什么时候", "no_such_field", "保修期"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "把XMSQ0252的结束日期改成2027年12月31日"),
    ("non_data", "帮我删掉周强2月份的考勤记录"),
    ("non_data", "早上好呀～"),
    ("non_data", "好的，明白了，多谢多谢"),
    ("non_data", "请把供应商名录里上海洁美安防科技有限公司删除掉"),
]
