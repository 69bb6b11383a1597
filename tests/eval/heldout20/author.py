"""The twentieth held-out set as written: questions and their gold specs (the spec language of
tests/eval/blind_gold.py). make_gold.py turns them into questions.jsonl.

Written blind (see README.md). The fixed today is 2026-03-09, a Monday: 本月 / 这个月 = 2026-03
(its rows named as "3月份登记的"), 上个月 = 2026-02, 上上个月 = 2026-01, 今年以来 / 年初至今 =
2026-01…2026-03; 去年 and 三个月前 (2025-12) are outside the coverage.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
R = "人员信息"
AREA = "片区信息"
LINK = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
POST = "岗位编制"
EQ = "设备信息"
BUY = "采购与维保"
CHK = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
DICT = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["2026-01", "2026-02", "2026-03"]


def count(t: str, *where: list[Any], agg: str = "count") -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def total(t: str, field: str, *where: list[Any]) -> Spec:
    return count(t, *where, agg=f"sum:{field}")


def mean(t: str, field: str, *where: list[Any]) -> Spec:
    return count(t, *where, agg=f"avg:{field}")


def names(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "where": list(where), "key": key}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "where": list(where), "field": field}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "where": list(where), "by": by, "agg": agg, "n": n, "order": order}


def having(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "where": list(where), "by": by, "agg": agg, "cmp": cmp}


def groups(t: str, by: str, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "where": list(where), "by": by, "agg": agg}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


# (class, question, gold kind, spec)
ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册上登记的保洁员一共多少人？", "number", count(R, ["岗位名称", "=", "保洁员"])),
    ("count", "设备台账里 暖通空调 类的设备有几台", "number", count(EQ, ["设备类型", "=", "暖通空调"])),
    (
        "count",
        "检查记录中，检查类型为消防安全检查的一共有多少条记录？",
        "number",
        count(CHK, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "请问投标记录里结果是未中标的有几条", "number", count(BID, ["中标结果", "=", "未中标"])),
    (
        "count",
        "供应商名录里，类别是绿化养护的供应商有几家？",
        "number",
        count(BUY, ["记录类型", "=", "供应商"], ["类别", "=", "绿化养护"]),
    ),
    (
        "count",
        "人员证书表中证书类别属于特种作业操作证的，总共几本",
        "number",
        count(CERT, ["证书类别", "=", "特种作业操作证"]),
    ),
    (
        "count",
        "中标日期落在2025年7月1日到2025年12月31日之间（含两端）的投标记录有几条？",
        "number",
        count(BID, ["中标日期", ">=", "2025-07-01"], ["中标日期", "<=", "2025-12-31"]),
    ),
    (
        "count",
        "入职日期在2026年1月1日当天或之后的人，人员信息表里共有几位？",
        "number",
        count(R, ["入职日期", ">=", "2026-01-01"]),
    ),
    # ------------------------------------------------------------ list
    ("list", "新来的，想问下片区信息表里都登记了哪些片区？", "names", names(AREA, "片区编号")),
    (
        "list",
        "把松江区委托方式为单一单委的项目列一下",
        "names",
        names(P, "项目编号", ["市（区）", "=", "松江区"], ["委托方式", "=", "单一单委"]),
    ),
    (
        "list",
        "2026年3月份登记的固定资产采购中，买了巡逻电动车的是哪几个项目？",
        "names",
        names(
            BUY,
            "项目编号",
            ["记录类型", "=", "固定资产"],
            ["名称", "=", "巡逻电动车"],
            ["年月", "=", "2026-03"],
        ),
    ),
    (
        "list",
        "发证日期早于2015年1月1日的证书，持证人都有谁",
        "names",
        names(CERT, "工号", ["发证日期", "<", "2015-01-01"]),
    ),
    (
        "list",
        "2026年2月1日至2026年2月15日（首尾两天都算）做过设备专项检查的项目有哪些？",
        "names",
        names(
            CHK,
            "项目编号",
            ["检查类型", "=", "设备专项检查"],
            ["检查日期", ">=", "2026-02-01"],
            ["检查日期", "<=", "2026-02-15"],
        ),
    ),
    (
        "list",
        "HR想要一份岗位名称是区域经理的员工名单",
        "names",
        names(R, "工号", ["岗位名称", "=", "区域经理"]),
    ),
    (
        "list",
        "完好状况为带病运行的电梯，分别在哪些项目上？",
        "names",
        names(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    (
        "list",
        "岗位字典中员工层级为职能管理人员的岗位有哪些",
        "names",
        names(DICT, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    # ------------------------------------------------------------ sum_avg
    ("sum_avg", "麻烦算一下：全部项目的合同面积加起来是多少平方米", "number", total(P, "合同面积")),
    ("sum_avg", "电梯类设备的原值总额多少钱", "number", total(EQ, "原值", ["设备类型", "=", "电梯"])),
    (
        "sum_avg",
        "季度综合检查的平均得分是多少分？",
        "number",
        mean(CHK, "检查得分", ["检查类型", "=", "季度综合检查"]),
    ),
    (
        "sum_avg",
        "2月份考勤表上的平时加班小时，合计多少小时",
        "number",
        total(ATT, "平时加班小时", ["年月", "=", "2026-02"]),
    ),
    (
        "sum_avg",
        "耗材采购（不含固定资产）的金额总和是多少",
        "number",
        total(BUY, "金额", ["记录类型", "=", "耗材采购"]),
    ),
    ("sum_avg", "维保合同平均每份金额多少钱？？", "number", mean(BUY, "金额", ["记录类型", "=", "维保合同"])),
    (
        "sum_avg",
        "中标的那些投标，投标金额平均是多少",
        "number",
        mean(BID, "投标金额", ["中标结果", "=", "中标"]),
    ),
    (
        "sum_avg",
        "岗位编制表里保安_普保这个岗位的预算编制加总是多少？",
        "number",
        total(POST, "预算编制", ["岗位", "=", "保安_普保"]),
    ),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "哪个项目的设备台数最多？", "names", top(EQ, "项目编号", "count")),
    (
        "extreme_rank",
        "客户满意度最低的是哪个项目",
        "names",
        top(P, "项目编号", "min:客户满意度", order="asc"),
    ),
    ("extreme_rank", "挂在哪个片区名下的项目最多？", "names", top(LINK, "片区编号", "count")),
    ("extreme_rank", "检查记录里，做检查次数最多的检查人是谁", "names", top(CHK, "检查人工号", "count")),
    (
        "extreme_rank",
        "1月份考勤里税后工资最高的是哪位员工？",
        "names",
        top(ATT, "工号", "max:税后工资", ["年月", "=", "2026-01"]),
    ),
    (
        "extreme_rank",
        "合同金额最大的那个项目，合同金额是多少？",
        "number",
        {"op": "top_value", "t": P, "by": "项目编号", "agg": "max:合同金额"},
    ),
    ("extreme_rank", "按原值总额算，哪一类设备最低", "names", top(EQ, "设备类型", "sum:原值", order="asc")),
    # ------------------------------------------------------------ top_n
    (
        "top_n",
        "1月份开票金额排名前三的项目，谢谢",
        "names",
        top(FIN, "项目编号", "sum:开票金额", ["年月", "=", "2026-01"], n=3),
    ),
    ("top_n", "设备原值合计最高的5个项目是哪几个？", "names", top(EQ, "项目编号", "sum:原值", n=5)),
    (
        "top_n",
        "采购（耗材采购和固定资产）金额最多的前三家供应商是？",
        "names",
        top(BUY, "供应商名称", "sum:金额", PURCHASE, n=3),
    ),
    (
        "top_n",
        "2月份税后工资最高的三个人是谁",
        "names",
        top(ATT, "工号", "sum:税后工资", ["年月", "=", "2026-02"], n=3),
    ),
    (
        "top_n",
        "合同面积最小的三个项目是哪几个",
        "names",
        top(P, "项目编号", "sum:合同面积", n=3, order="asc"),
    ),
    (
        "top_n",
        "岗位编制表里在岗人数合计排前三的岗位有哪些？",
        "names",
        top(POST, "岗位", "sum:在岗人数", n=3),
    ),
    (
        "top_n",
        "月度快照中，2026年3月出勤人次最多的前3个项目",
        "names",
        top(SNAP, "项目编号", "sum:出勤人次", ["年月", "=", "2026-03"], n=3),
    ),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "闵行区有没有服务状态是已结束的项目？",
        "bool",
        exists(P, ["市（区）", "=", "闵行区"], ["服务状态", "=", "已结束"]),
    ),
    ("existence", "花名册里有没有一个叫段文杰的", "bool", exists(R, ["姓名", "=", "段文杰"])),
    (
        "existence",
        "XMSQ0130 三月份有考勤记录吗？",
        "bool",
        exists(ATT, ["项目编号", "=", "XMSQ0130"], ["年月", "=", "2026-03"]),
    ),
    (
        "existence",
        "有没有报废的电梯",
        "bool",
        exists(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    (
        "existence",
        "XMSQ0310 在2026年2月1日之前做过季度综合检查吗？",
        "bool",
        exists(
            CHK,
            ["项目编号", "=", "XMSQ0310"],
            ["检查类型", "=", "季度综合检查"],
            ["检查日期", "<", "2026-02-01"],
        ),
    ),
    ("existence", "投标记录里有年份为2027年的吗？", "bool", exists(BID, ["年份", "=", 2027])),
    (
        "existence",
        "供应商名录中有没有昆山的电梯维保单位",
        "bool",
        exists(
            BUY, ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"], ["供应商名称", "contains", "昆山"]
        ),
    ),
    # ------------------------------------------------------------ status
    (
        "status",
        "您好，XMSQ0210 的项目负责人是谁？",
        "value",
        value(P, "项目负责人", ["项目编号", "=", "XMSQ0210"]),
    ),
    (
        "status",
        "闵行-枫林创业园的合同状况是啥",
        "value",
        value(P, "合同状况", ["项目名称", "=", "闵行-枫林创业园"]),
    ),
    ("status", "工号 KWL2603831 是什么岗位？", "value", value(R, "岗位名称", ["工号", "=", "KWL2603831"])),
    (
        "status",
        "徐汇片区的负责人叫什么名字",
        "value",
        value(R, "姓名", ["工号", "in_q", names(AREA, "片区负责人工号", ["片区名称", "=", "徐汇片区"])]),
    ),
    ("status", "xmsq0299的委托方式是哪种？", "value", value(P, "委托方式", ["项目编号", "=", "XMSQ0299"])),
    ("status", "周晓雯是哪天入职的", "value", value(R, "入职日期", ["姓名", "=", "周晓雯"])),
    (
        "status",
        "XMSQ0360 项目的 DT-001 这台设备是哪家厂商生产的？",
        "value",
        value(EQ, "制造厂商", ["项目编号", "=", "XMSQ0360"], ["设备编号", "=", "DT-001"]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱花名册上保安领班总共几个人啊", "number", count(R, ["岗位名称", "=", "保安_领班"])),
    (
        "colloquial",
        "3月份登记的那些固定资产 一共花了多少钱呀",
        "number",
        total(BUY, "金额", ["记录类型", "=", "固定资产"], ["年月", "=", "2026-03"]),
    ),
    (
        "colloquial",
        "嘉定区那边服务状态还是服务中的项目有几个来着？",
        "number",
        count(P, ["市（区）", "=", "嘉定区"], ["服务状态", "=", "服务中"]),
    ),
    (
        "colloquial",
        "xmsq0270 二月份排班表上有没有人排到夜班哈",
        "bool",
        exists(SCH, ["项目编号", "=", "XMSQ0270"], ["年月", "=", "2026-02"], ["1日", "has_code", "夜"]),
    ),
    ("colloquial", "停用的设备有几台啊，我记不清了", "number", count(EQ, ["完好状况", "=", "停用"])),
    (
        "colloquial",
        "保洁那块儿（保洁员加保洁_领班）在岗一共多少人？按编制表来",
        "number",
        total(POST, "在岗人数", ["岗位", "in", ["保洁员", "保洁_领班"]]),
    ),
    (
        "colloquial",
        "哎 问下2月份哪个项目收款最多啊",
        "names",
        top(FIN, "项目编号", "sum:收款金额", ["年月", "=", "2026-02"]),
    ),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "财务这边要个数：上个月所有项目的开票金额合计是多少？",
        "number",
        total(FIN, "开票金额", ["年月", "=", "2026-02"]),
    ),
    (
        "time_reference",
        "上上个月考勤里出现过旷工的员工有几个",
        "number",
        count(ATT, ["年月", "=", "2026-01"], ["1日", "has_code", "旷"], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "今年以来采购（耗材+固定资产）总共花了多少？",
        "number",
        total(BUY, "金额", PURCHASE, ["年月", "in", Q1]),
    ),
    (
        "time_reference",
        "年初至今，项目月度财务里的收款金额加起来多少",
        "number",
        total(FIN, "收款金额", ["年月", "in", Q1]),
    ),
    ("time_reference", "排班月报上个月一共多少条？", "number", count(SCH, ["年月", "=", "2026-02"])),
    (
        "time_reference",
        "这个月（3月份登记的）考勤记录涉及多少人",
        "number",
        count(ATT, ["年月", "=", "2026-03"]),
    ),
    (
        "time_reference",
        "上上个月清洁耗材的采购金额是多少？",
        "number",
        total(
            BUY, "金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"], ["年月", "=", "2026-01"]
        ),
    ),
    (
        "time_reference",
        "今年以来的月度快照，加班小时合计一共多少",
        "number",
        total(SNAP, "加班小时合计", ["年月", "in", Q1]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "目前服务状态为服务中的项目有多少个？", "number", count(P, ["服务状态", "=", "服务中"])),
    ("now_current", "当前完好状况是带病运行的设备数量", "number", count(EQ, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "以今天（2026-03-09）为准，已经过了有效期的证书有多少本？",
        "number",
        count(CERT, ["有效期至", "<", "2026-03-09"]),
    ),
    ("now_current", "吴静当前服务的是哪个项目", "value", value(R, "当前服务项目编号", ["姓名", "=", "吴静"])),
    (
        "now_current",
        "合同状况现在是已签约未进场的项目有哪些？",
        "names",
        names(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "截至2026年3月9日，结束日期已经过去、但服务状态仍写着服务中的项目有几个",
        "number",
        count(P, ["结束日期", "<", "2026-03-09"], ["服务状态", "=", "服务中"]),
    ),
    (
        "now_current",
        "维保合同里结束日期在2026年3月9日之后的，还有多少份？",
        "number",
        count(BUY, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-03-09"]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0310 一月份开了多少票？",
        "number",
        total(FIN, "开票金额", ["项目编号", "=", "XMSQ0310"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "xmsq0270上个月考勤人数多少",
        "number",
        count(ATT, ["项目编号", "=", "XMSQ0270"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "长宁-新华实验小学 2026年1月的收款金额是多少？",
        "number",
        total(FIN, "收款金额", ["项目编号", "=", "XMSQ0381"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "XMSQ0292 三月的月度快照里，出勤人次是多少",
        "number",
        total(SNAP, "出勤人次", ["项目编号", "=", "XMSQ0292"], ["年月", "=", "2026-03"]),
    ),
    (
        "monthly_fact",
        "XMSQ0154  2月份排班表上排了几个人？",
        "number",
        count(SCH, ["项目编号", "=", "XMSQ0154"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "4月份登记的 XMSQ0273 开票金额是多少",
        "number",
        total(FIN, "开票金额", ["项目编号", "=", "XMSQ0273"], ["年月", "=", "2026-04"]),
    ),
    (
        "monthly_fact",
        "覃鹏（KWL1312426）2月份上了几天班？",
        "number",
        total(ATT, "上班天数", ["工号", "=", "KWL1312426"], ["年月", "=", "2026-02"]),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "2026年1月全公司的开票金额比2月多多少？",
        "number",
        two(
            "diff",
            total(FIN, "开票金额", ["年月", "=", "2026-01"]),
            total(FIN, "开票金额", ["年月", "=", "2026-02"]),
        ),
    ),
    (
        "compare",
        "暖通空调和安防，哪类设备的数量更多",
        "names",
        top(EQ, "设备类型", "count", ["设备类型", "in", ["暖通空调", "安防"]]),
    ),
    (
        "compare",
        "XMSQ0270 和 XMSQ0310 这两个项目2月考勤人数的差距是几个人？",
        "number",
        two(
            "absdiff",
            count(ATT, ["项目编号", "=", "XMSQ0270"], ["年月", "=", "2026-02"]),
            count(ATT, ["项目编号", "=", "XMSQ0310"], ["年月", "=", "2026-02"]),
        ),
    ),
    (
        "compare",
        "花名册上男的比女的多几个",
        "number",
        two("diff", count(R, ["性别", "=", "男"]), count(R, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "消防维保合同的金额合计，是否高于电梯维保合同的？",
        "bool",
        two(
            "gt",
            total(BUY, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "消防维保"]),
            total(BUY, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]),
        ),
    ),
    (
        "compare",
        "浦东新区的项目个数是不是比徐汇区多",
        "bool",
        two("gt", count(P, ["市（区）", "=", "浦东新区"]), count(P, ["市（区）", "=", "徐汇区"])),
    ),
    (
        "compare",
        "3月份登记的采购金额跟1月份的差了多少？（耗材+固定资产）",
        "number",
        two(
            "absdiff",
            total(BUY, "金额", PURCHASE, ["年月", "=", "2026-03"]),
            total(BUY, "金额", PURCHASE, ["年月", "=", "2026-01"]),
        ),
    ),
    (
        "compare",
        "保安_普保的在岗人数比项目编制少多少人",
        "number",
        two(
            "diff",
            total(POST, "项目编制", ["岗位", "=", "保安_普保"]),
            total(POST, "在岗人数", ["岗位", "=", "保安_普保"]),
        ),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "设备数在15台及以上的项目有哪些？",
        "names",
        having(EQ, "项目编号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "被检查次数达到8次及以上的项目有几个",
        "number",
        having(CHK, "项目编号", "count", [">=", 8], op="having_count"),
    ),
    (
        "group_having",
        "采购记录（耗材+固定资产）达到26笔及以上的供应商有哪些？",
        "names",
        having(BUY, "供应商名称", "count", [">=", 26], PURCHASE),
    ),
    (
        "group_having",
        "花名册里人数不少于40人的岗位是哪些",
        "names",
        having(R, "岗位名称", "count", [">=", 40]),
    ),
    (
        "group_having",
        "1月份考勤人数在4人及以上的项目",
        "names",
        having(ATT, "项目编号", "count", [">=", 4], ["年月", "=", "2026-01"]),
    ),
    (
        "group_having",
        "人员证书表里持有2本及以上证书的员工有几位？",
        "number",
        having(CERT, "工号", "count", [">=", 2], op="having_count"),
    ),
    (
        "group_having",
        "签了3份及以上维保合同的项目有哪些",
        "names",
        having(BUY, "项目编号", "count", [">=", 3], ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "徐汇片区下面一共有多少个项目？", "number", count(LINK, ["片区编号", "=", "PQ02"])),
    (
        "region_rollup",
        "浦东片区2月份开票合计多少",
        "number",
        total(FIN, "开票金额", ["项目编号", "region", "PQ07"], ["年月", "=", "2026-02"]),
    ),
    (
        "region_rollup",
        "科创片区所有设备的原值合计是多少？",
        "number",
        total(EQ, "原值", ["项目编号", "region", "PQ03"]),
    ),
    (
        "region_rollup",
        "1月份各片区的考勤人数分别是多少",
        "groups",
        groups(ATT, "@片区编号", "count", ["年月", "=", "2026-01"]),
    ),
    ("region_rollup", "哪个片区的项目被检查的次数最多？", "names", top(CHK, "@片区编号", "count")),
    (
        "region_rollup",
        "嘉定片区里服务状态为服务中的项目有几个",
        "number",
        count(P, ["项目编号", "region", "PQ06"], ["服务状态", "=", "服务中"]),
    ),
    (
        "region_rollup",
        "长宁片区项目的实际毛利率平均是多少？",
        "number",
        mean(P, "实际毛利率", ["项目编号", "region", "PQ08"]),
    ),
    # ------------------------------------------------------------ negation
    ("negation", "委托方式不是全委的项目有多少个", "number", count(P, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "2月份排了班、但2月份考勤表里没有记录的人有几个？",
        "number",
        count(
            SCH,
            ["年月", "=", "2026-02"],
            ["工号", "not_in_q", names(ATT, "工号", ["年月", "=", "2026-02"])],
            agg="nunique:工号",
        ),
    ),
    ("negation", "完好状况不是完好的设备有几台", "number", count(EQ, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "一线员工里除去保安和保洁岗位的，花名册上还有几个人？",
        "number",
        count(
            R,
            ["员工层级", "=", "一线员工"],
            ["岗位名称", "not_in", ["保安_普保", "保安_领班", "保安_消控员", "保洁员", "保洁_领班"]],
        ),
    ),
    (
        "negation",
        "服务中的项目里，从来没有检查记录的有几个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(CHK, "项目编号")]),
    ),
    (
        "negation",
        "花名册上没有任何证书的保安_消控员有几个？",
        "number",
        count(R, ["岗位名称", "=", "保安_消控员"], ["工号", "not_in_q", names(CERT, "工号")]),
    ),
    (
        "negation",
        "设备台账里一台设备都没有的服务中项目有多少个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(EQ, "项目编号")]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "青浦区或者松江区的项目一共多少个？",
        "number",
        count(P, ["市（区）", "in", ["青浦区", "松江区"]]),
    ),
    (
        "or_values",
        "2月份考勤里请过病假或者事假的员工有几个",
        "number",
        {
            "op": "agg",
            "t": ATT,
            "where": [["年月", "=", "2026-02"]],
            "any": [["1日", "has_code", "病"], ["1日", "has_code", "事"]],
            "agg": "nunique:工号",
        },
    ),
    (
        "or_values",
        "干粉灭火器或LED灯管，采购总金额是多少？",
        "number",
        total(BUY, "金额", ["名称", "in", ["干粉灭火器", "LED灯管"]]),
    ),
    ("or_values", "消防或给排水类的设备有几台", "number", count(EQ, ["设备类型", "in", ["消防", "给排水"]])),
    (
        "or_values",
        "持有物业管理师或中级经济师证书的人有哪些？",
        "names",
        names(CERT, "工号", ["证书名称", "in", ["物业管理师", "中级经济师"]]),
    ),
    (
        "or_values",
        "停用或报废的电梯有几部",
        "number",
        count(EQ, ["设备类型", "=", "电梯"], ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "检查类型是月度品质检查或季度综合检查的，平均得分多少？",
        "number",
        mean(CHK, "检查得分", ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15％的项目有多少个", "number", count(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "毛利率低于5%的服务中项目有哪些？",
        "names",
        names(P, "项目编号", ["实际毛利率", "<", 0.05], ["服务状态", "=", "服务中"]),
    ),
    ("threshold_percent", "客户满意度高于95分的项目有几个", "number", count(P, ["客户满意度", ">", 95])),
    (
        "threshold_percent",
        "检查得分不到82分的检查记录有多少条？",
        "number",
        count(CHK, ["检查得分", "<", 82]),
    ),
    (
        "threshold_percent",
        "长宁区实际毛利率在10%及以上的项目有几个",
        "number",
        count(P, ["市（区）", "=", "长宁区"], ["实际毛利率", ">=", 0.10]),
    ),
    (
        "threshold_percent",
        "1月份开票金额超过80万元的项目有哪些？",
        "names",
        names(FIN, "项目编号", ["年月", "=", "2026-01"], ["开票金额", ">", 800000]),
    ),
    (
        "threshold_percent",
        "单价高于5万元的固定资产采购有几笔",
        "number",
        count(BUY, ["记录类型", "=", "固定资产"], ["单价", ">", 50000]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "全委项目占全部项目的比例是多少？",
        "number",
        two("ratio", count(P, ["委托方式", "=", "全委"]), count(P)),
    ),
    ("share", "花名册上女性员工占比", "number", two("ratio", count(R, ["性别", "=", "女"]), count(R))),
    (
        "share",
        "设备中报废的占几成？",
        "number",
        two("ratio", count(EQ, ["完好状况", "=", "报废"]), count(EQ)),
    ),
    (
        "share",
        "2月份收款金额占开票金额的百分之多少",
        "number",
        two(
            "ratio",
            total(FIN, "收款金额", ["年月", "=", "2026-02"]),
            total(FIN, "开票金额", ["年月", "=", "2026-02"]),
        ),
    ),
    (
        "share",
        "检查记录中写了问题描述的占比多少？",
        "number",
        two("ratio", count(CHK, ["问题描述", "notnull"]), count(CHK)),
    ),
    (
        "share",
        "市场部想了解一下，投标的中标率是多少",
        "number",
        two("ratio", count(BID, ["中标结果", "=", "中标"]), count(BID)),
    ),
    (
        "share",
        "耗材采购金额里，清洁耗材占了百分之几？",
        "number",
        two(
            "ratio",
            total(BUY, "金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            total(BUY, "金额", ["记录类型", "=", "耗材采购"]),
        ),
    ),
    (
        "share",
        "保安_普保的在岗人数占项目编制的比例",
        "number",
        two(
            "ratio",
            total(POST, "在岗人数", ["岗位", "=", "保安_普保"]),
            total(POST, "项目编制", ["岗位", "=", "保安_普保"]),
        ),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "按设备类型统计一下设备台数", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "各个区（市（区））的项目数分别是多少？", "groups", groups(P, "市（区）", "count")),
    ("grouped", "每种检查类型的平均得分", "groups", groups(CHK, "检查类型", "avg:检查得分")),
    (
        "grouped",
        "采购与维保里，维保合同、耗材采购、固定资产各自的金额合计是多少？",
        "groups",
        groups(BUY, "记录类型", "sum:金额", ["记录类型", "!=", "供应商"]),
    ),
    ("grouped", "花名册按岗位分别有多少人", "groups", groups(R, "岗位名称", "count")),
    ("grouped", "证书按证书类别分，各有几本？", "groups", groups(CERT, "证书类别", "count")),
    ("grouped", "各汇总业态的合同面积合计", "groups", groups(P, "汇总业态", "sum:合同面积")),
    (
        "grouped",
        "年初至今每个月的考勤人数是多少？",
        "groups",
        groups(ATT, "年月", "count", ["年月", "in", Q1]),
    ),
]

# (class, question, reason, missing)
NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的项目负责人是谁？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "宝山片区有多少个项目", "no_such_entity", "宝山片区"),
    ("not_in_data_entity", "工号KWL9999001的员工是什么岗位？", "no_such_entity", "KWL9999001"),
    (
        "not_in_data_entity",
        "供应商上海顺丰物流有限公司的采购金额一共多少",
        "no_such_entity",
        "上海顺丰物流有限公司",
    ),
    ("not_in_data_entity", "诸葛亮在哪个项目上班？", "no_such_entity", "诸葛亮"),
    ("not_in_data_entity", "闵行-外滩金融大厦 的合同金额是多少", "no_such_entity", "闵行-外滩金融大厦"),
    ("not_in_data_entity", "设备编号 XF-888 的原值是多少？", "no_such_entity", "XF-888"),
    ("not_in_data_month", "去年12月全公司开票总额多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "三个月前 XMSQ0270 的考勤人数是多少？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月的采购金额合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年11月 XMSQ0310 收了多少款？", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2025年10月的排班月报有多少条", "outside_coverage", "2025-10"),
    ("not_in_data_month", "月度快照里2026年6月的出勤人次合计是多少？", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年12月份考勤有旷工的有几个人", "outside_coverage", "2025-12"),
    ("not_in_data_field", "XMSQ0270 有多少个车位？", "no_such_field", "车位数"),
    ("not_in_data_field", "花名册上员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0360 的 DT-001 保修期到什么时候？", "no_such_field", "保修期"),
    ("not_in_data_field", "段文杰的紧急联系人是谁", "no_such_field", "紧急联系人"),
    ("not_in_data_field", "各供应商的信用评级分别是多少？", "no_such_field", "信用评级"),
    ("not_in_data_field", "XMSQ0310 上个月的水电费是多少", "no_such_field", "水电费"),
    ("not_in_data_field", "覃鹏的社保缴纳基数是多少？", "no_such_field", "社保缴纳基数"),
]

# (class, question): greetings, thanks, requests to change data
NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好，在吗？"),
    ("non_data", "谢啦，辛苦了"),
    ("non_data", "帮我把 XMSQ0210 的项目负责人改成张三"),
    ("non_data", "把2月份的考勤记录全部删掉"),
    ("non_data", "早上好呀"),
    ("non_data", "好的明白了，没别的问题了，谢谢！"),
    ("non_data", "请把 XMSQ0360 的 DT-001 状态更新成报废"),
]
