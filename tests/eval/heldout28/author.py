"""The twenty-eighth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). Today is 2026-03-26, a Thursday: 本月 2026-03, 上个月 2026-02,
上上个月 2026-01, 下个月 2026-04, 今年以来 / 第一季度 2026-01…2026-03.
make_gold.py turns this module into questions.jsonl; never edit the stored file by hand.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
H = "人员信息"
AREA = "片区信息"
PA = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
HC = "岗位编制"
EQ = "设备信息"
BUY = "采购与维保"
INS = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
POS = "岗位字典"

BUYS = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def agg(t: str, where: list[list[Any]] | None = None, how: str = "count", **kw: Any) -> Spec:
    return {"op": "agg", "t": t, "where": where or [], "agg": how, **kw}


def names(t: str, key: str, where: list[list[Any]] | None = None) -> Spec:
    return {"op": "list", "t": t, "where": where or [], "key": key}


def value(t: str, where: list[list[Any]], field: str) -> Spec:
    return {"op": "value", "t": t, "where": where, "field": field}


def exists(t: str, where: list[list[Any]]) -> Spec:
    return {"op": "exists", "t": t, "where": where}


def top(
    t: str, by: str, how: str, n: int = 1, where: list[list[Any]] | None = None, order: str = "desc"
) -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": how, "n": n, "where": where or [], "order": order}


def having(
    t: str, by: str, how: str, cmp: list[Any], where: list[list[Any]] | None = None, count: bool = False
) -> Spec:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "by": by,
        "agg": how,
        "cmp": cmp,
        "where": where or [],
    }


def groups(t: str, by: str, how: str, where: list[list[Any]] | None = None) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": how, "where": where or []}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


# (class, question, gold kind, spec)
ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ---------------------------------------------------------------- count
    (
        "count",
        "人事问一下：花名册上岗位是保洁员的一共多少人",
        "number",
        agg(H, [["岗位名称", "=", "保洁员"]]),
    ),
    ("count", "设备信息里完好状况=停用的设备有几台？", "number", agg(EQ, [["完好状况", "=", "停用"]])),
    (
        "count",
        "烦请统计一下，检查记录中检查类型为消防安全检查的条数",
        "number",
        agg(INS, [["检查类型", "=", "消防安全检查"]]),
    ),
    (
        "count",
        "发证日期早于2015年1月1日的证书有几本？",
        "number",
        agg(CERT, [["发证日期", "<", "2015-01-01"]]),
    ),
    (
        "count",
        "特种作业操作证（证书类别）在人员证书台账里登记了几本呀",
        "number",
        agg(CERT, [["证书类别", "=", "特种作业操作证"]]),
    ),
    ("count", "xmsq0373 名下挂着多少台设备", "number", agg(EQ, [["项目编号", "=", "XMSQ0373"]])),
    (
        "count",
        "投标记录中，中标日期落在2025年7月1日—2025年12月31日（含这两天）的有多少条",
        "number",
        agg(BID, [["中标日期", ">=", "2025-07-01"], ["中标日期", "<=", "2025-12-31"]]),
    ),
    # ---------------------------------------------------------------- list
    (
        "list",
        "服务状态仍为未开始的项目，给我列个编号清单",
        "names",
        names(P, "项目编号", [["服务状态", "=", "未开始"]]),
    ),
    (
        "list",
        "人员信息表中岗位名称是工程主管的都有谁",
        "names",
        names(H, "工号", [["岗位名称", "=", "工程主管"]]),
    ),
    (
        "list",
        "采购部想要一份名单：供应商名录里类别属于电梯维保的公司",
        "names",
        names(BUY, "供应商名称", [["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]]),
    ),
    (
        "list",
        "高压电工作业证，哪些员工手上有？",
        "names",
        names(CERT, "工号", [["证书名称", "=", "高压电工作业"]]),
    ),
    (
        "list",
        "岗位字典中员工层级为职能管理人员的岗位名称，逐个列出",
        "names",
        names(POS, "岗位名称", [["员工层级", "=", "职能管理人员"]]),
    ),
    (
        "list",
        "我是新来的，想看下细分业态属于养老机构的项目都是哪些",
        "names",
        names(P, "项目编号", [["细分业态", "=", "养老机构"]]),
    ),
    (
        "list",
        "市（区）是闵行区、汇总业态是园区的项目",
        "names",
        names(P, "项目编号", [["市（区）", "=", "闵行区"], ["汇总业态", "=", "园区"]]),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "财务这边核一下：2026年1月项目月度财务的收款金额合计",
        "number",
        agg(FIN, [["年月", "=", "2026-01"]], "sum:收款金额"),
    ),
    (
        "sum_avg",
        "记录类型为固定资产的采购，总金额多少元",
        "number",
        agg(BUY, [["记录类型", "=", "固定资产"]], "sum:金额"),
    ),
    (
        "sum_avg",
        "设备类型是电梯的那些设备，平均原值是多少",
        "number",
        agg(EQ, [["设备类型", "=", "电梯"]], "avg:原值"),
    ),
    ("sum_avg", "项目信息表里全部项目的合同面积之和（平方米）", "number", agg(P, [], "sum:合同面积")),
    ("sum_avg", "所有检查记录算下来，平均得分几分？", "number", agg(INS, [], "avg:检查得分")),
    (
        "sum_avg",
        "服务中项目的客户投诉，合计多少次",
        "number",
        agg(P, [["服务状态", "=", "服务中"]], "sum:客户投诉"),
    ),
    (
        "sum_avg",
        "类别为电梯维保的维保合同，金额一共多少",
        "number",
        agg(BUY, [["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]], "sum:金额"),
    ),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "哪个项目的合同金额最大", "names", top(P, "项目编号", "max:合同金额")),
    (
        "extreme_rank",
        "年化合同额垫底的项目是哪个？",
        "names",
        top(P, "项目编号", "max:年化合同额", order="asc"),
    ),
    ("extreme_rank", "花名册里司龄最长的是哪位员工", "names", top(H, "工号", "max:司龄")),
    (
        "extreme_rank",
        "固定资产采购金额合计最高的供应商是哪一家",
        "names",
        top(BUY, "供应商名称", "sum:金额", where=[["记录类型", "=", "固定资产"]]),
    ),
    (
        "extreme_rank",
        "平均检查得分最低的项目是哪个",
        "names",
        top(INS, "项目编号", "avg:检查得分", order="asc"),
    ),
    ("extreme_rank", "设备台账中单台设备原值的最高值是多少？", "number", agg(EQ, [], "max:原值")),
    (
        "extreme_rank",
        "2026年2月考勤中，平时加班小时单人最多是多少小时",
        "number",
        {
            "op": "top_value",
            "t": ATT,
            "by": "工号",
            "agg": "sum:平时加班小时",
            "where": [["年月", "=", "2026-02"]],
        },
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "设备台数排前2的项目", "names", top(EQ, "项目编号", "count", 2)),
    ("top_n", "按设备原值合计，最高的三个项目是？", "names", top(EQ, "项目编号", "sum:原值", 3)),
    (
        "top_n",
        "耗材采购金额 top3 的供应商",
        "names",
        top(BUY, "供应商名称", "sum:金额", 3, [["记录类型", "=", "耗材采购"]]),
    ),
    ("top_n", "检查记录里出现次数最多的两个项目？？", "names", top(INS, "项目编号", "count", 2)),
    (
        "top_n",
        "上个月税后工资最高的前5个人",
        "names",
        top(ATT, "工号", "sum:税后工资", 5, [["年月", "=", "2026-02"]]),
    ),
    (
        "top_n",
        "3月份登记的开票金额排名前三的项目有哪些",
        "names",
        top(FIN, "项目编号", "sum:开票金额", 3, [["年月", "=", "2026-03"]]),
    ),
    ("top_n", "岗位编制里在岗人数加总后排前两位的岗位", "names", top(HC, "岗位", "sum:在岗人数", 2)),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "XMSQ0209 下面有设备类型为消防的设备吗",
        "bool",
        exists(EQ, [["项目编号", "=", "XMSQ0209"], ["设备类型", "=", "消防"]]),
    ),
    (
        "existence",
        "人员证书里登记过中级经济师这种证书没有？",
        "bool",
        exists(CERT, [["证书名称", "=", "中级经济师"]]),
    ),
    ("existence", "检查得分出现过低于80分的情况吗", "bool", exists(INS, [["检查得分", "<", 80]])),
    ("existence", "投标记录里能查到年份为2018的投标吗", "bool", exists(BID, [["年份", "=", 2018]])),
    (
        "existence",
        "电梯里头有完好状况为报废的吗？",
        "bool",
        exists(EQ, [["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]]),
    ),
    (
        "existence",
        "耗材采购中是否有供应商名称带“杭州”的记录",
        "bool",
        exists(BUY, [["记录类型", "=", "耗材采购"], ["供应商名称", "contains", "杭州"]]),
    ),
    (
        "existence",
        "松江-曹家渡社区卫生服务中心 做过消防安全检查没有",
        "bool",
        exists(INS, [["项目编号", "=", "XMSQ0391"], ["检查类型", "=", "消防安全检查"]]),
    ),
    # ---------------------------------------------------------------- status
    (
        "status",
        "XMSQ0389的项目负责人是哪位？",
        "value",
        value(P, [["项目编号", "=", "XMSQ0389"]], "项目负责人"),
    ),
    (
        "status",
        "长宁-七宝税务所-1号楼 结束日期是哪一天",
        "value",
        value(P, [["项目编号", "=", "XMSQ0287"]], "结束日期"),
    ),
    ("status", "工号 KWL1508669 的岗位名称", "value", value(H, [["工号", "=", "KWL1508669"]], "岗位名称")),
    (
        "status",
        "浦东片区归谁负责？要名字",
        "value",
        value(H, [["工号", "in_q", names(AREA, "片区负责人工号", [["片区名称", "=", "浦东片区"]])]], "姓名"),
    ),
    ("status", "xmsq0297的甲方是哪家单位", "value", value(P, [["项目编号", "=", "XMSQ0297"]], "甲方名称")),
    (
        "status",
        "岗位字典里保安_消控员对应的员工层级是什么",
        "value",
        value(POS, [["岗位名称", "=", "保安_消控员"]], "员工层级"),
    ),
    (
        "status",
        "请问 XMSQ0228 的实际毛利率是多少",
        "value",
        value(P, [["项目编号", "=", "XMSQ0228"]], "实际毛利率"),
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "项目信息表里一共登记了多少个项目呀", "number", agg(P)),
    ("colloquial", "诶 徐汇区的项目有几个 帮忙看下嘛", "number", agg(P, [["市（区）", "=", "徐汇区"]])),
    (
        "colloquial",
        "xmsq0220 二月份考勤登记了几个人哦",
        "number",
        agg(ATT, [["项目编号", "=", "XMSQ0220"], ["年月", "=", "2026-02"]]),
    ),
    (
        "colloquial",
        "绿篱修剪机咱们前前后后总共采购了几台？",
        "number",
        agg(BUY, [["名称", "=", "绿篱修剪机"]], "sum:数量"),
    ),
    (
        "colloquial",
        "人员证书表里 保安员（三级）这个证登记了几个人呢",
        "number",
        agg(CERT, [["证书名称", "=", "保安员（三级）"]], "nunique:工号"),
    ),
    (
        "colloquial",
        "暖通空调那块带病运行的设备有几台啊",
        "number",
        agg(EQ, [["设备类型", "=", "暖通空调"], ["完好状况", "=", "带病运行"]]),
    ),
    ("colloquial", "委托方式全委的项目一共多少个，急用~", "number", agg(P, [["委托方式", "=", "全委"]])),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上个月开票金额总共是多少",
        "number",
        agg(FIN, [["年月", "=", "2026-02"]], "sum:开票金额"),
    ),
    ("time_reference", "上上个月的考勤一共多少条", "number", agg(ATT, [["年月", "=", "2026-01"]])),
    (
        "time_reference",
        "今年以来耗材采购累计金额是多少？",
        "number",
        agg(BUY, [["记录类型", "=", "耗材采购"], Q1], "sum:金额"),
    ),
    (
        "time_reference",
        "从2026年2月10日到2026年3月5日（首尾都含），检查记录有几条",
        "number",
        agg(INS, [["检查日期", ">=", "2026-02-10"], ["检查日期", "<=", "2026-03-05"]]),
    ),
    (
        "time_reference",
        "花名册中入职日期晚于2025年7月1日的员工人数",
        "number",
        agg(H, [["入职日期", ">", "2025-07-01"]]),
    ),
    (
        "time_reference",
        "一季度固定资产采购的数量合计是多少",
        "number",
        agg(BUY, [["记录类型", "=", "固定资产"], Q1], "sum:数量"),
    ),
    (
        "time_reference",
        "下个月排班表上排了多少个人？",
        "number",
        agg(SCH, [["年月", "=", "2026-04"]], "nunique:工号"),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "目前服务状态是服务中的项目数", "number", agg(P, [["服务状态", "=", "服务中"]])),
    (
        "now_current",
        "完好状况现在是报废的设备，分布在哪些项目",
        "names",
        names(EQ, "项目编号", [["完好状况", "=", "报废"]]),
    ),
    (
        "now_current",
        "今天2026年3月26日，有效期至在今天之前的证书有几本？",
        "number",
        agg(CERT, [["有效期至", "<", "2026-03-26"]]),
    ),
    (
        "now_current",
        "服务状态是服务中，而且结束日期在今天（2026-03-26）以后的项目有几个",
        "number",
        agg(P, [["结束日期", ">", "2026-03-26"], ["服务状态", "=", "服务中"]]),
    ),
    (
        "now_current",
        "雷俊杰现在的当前服务项目编号是哪个",
        "value",
        value(H, [["姓名", "=", "雷俊杰"]], "当前服务项目编号"),
    ),
    (
        "now_current",
        "以今天2026-3-26为准，结束日期还没到（在今天之后）的维保合同有几份",
        "number",
        agg(BUY, [["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-03-26"]]),
    ),
    (
        "now_current",
        "XMSQ0228 眼下服务状态是什么",
        "value",
        value(P, [["项目编号", "=", "XMSQ0228"]], "服务状态"),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0182 2026年3月登记的开票金额",
        "number",
        agg(FIN, [["项目编号", "=", "XMSQ0182"], ["年月", "=", "2026-03"]], "sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0209 一月份收款多少钱？",
        "number",
        agg(FIN, [["项目编号", "=", "XMSQ0209"], ["年月", "=", "2026-01"]], "sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照：XMSQ0102，二月，出勤人次？",
        "number",
        agg(SNAP, [["项目编号", "=", "XMSQ0102"], ["年月", "=", "2026-02"]], "sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "KWL1011962 3月份考勤里登记的上班天数",
        "number",
        agg(ATT, [["工号", "=", "KWL1011962"], ["年月", "=", "2026-03"]], "sum:上班天数"),
    ),
    (
        "monthly_fact",
        "XMSQ0374 在2026年4月的排班月报里有几个人",
        "number",
        agg(SCH, [["项目编号", "=", "XMSQ0374"], ["年月", "=", "2026-04"]]),
    ),
    (
        "monthly_fact",
        "XMSQ0342上个月考勤人数",
        "number",
        agg(ATT, [["项目编号", "=", "XMSQ0342"], ["年月", "=", "2026-02"]]),
    ),
    (
        "monthly_fact",
        "2026年1月的月度快照中，XMSQ0336 加班小时合计是多少",
        "number",
        agg(SNAP, [["项目编号", "=", "XMSQ0336"], ["年月", "=", "2026-01"]], "sum:加班小时合计"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0182 3月的开票金额比2月多多少？",
        "number",
        two(
            "diff",
            agg(FIN, [["项目编号", "=", "XMSQ0182"], ["年月", "=", "2026-03"]], "sum:开票金额"),
            agg(FIN, [["项目编号", "=", "XMSQ0182"], ["年月", "=", "2026-02"]], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "花名册上保安_普保和保洁员，哪个岗位的人更多些",
        "names",
        top(H, "岗位名称", "count", where=[["岗位名称", "in", ["保安_普保", "保洁员"]]]),
    ),
    (
        "compare",
        "耗材采购金额，1月跟2月相差多少",
        "number",
        two(
            "absdiff",
            agg(BUY, [["记录类型", "=", "耗材采购"], ["年月", "=", "2026-01"]], "sum:金额"),
            agg(BUY, [["记录类型", "=", "耗材采购"], ["年月", "=", "2026-02"]], "sum:金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0116 一月开票金额有没有高过三月的？",
        "bool",
        two(
            "gt",
            agg(FIN, [["项目编号", "=", "XMSQ0116"], ["年月", "=", "2026-01"]], "sum:开票金额"),
            agg(FIN, [["项目编号", "=", "XMSQ0116"], ["年月", "=", "2026-03"]], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "青浦区的项目数比嘉定区多多少个",
        "number",
        two("diff", agg(P, [["市（区）", "=", "青浦区"]]), agg(P, [["市（区）", "=", "嘉定区"]])),
    ),
    (
        "compare",
        "消防安全检查与月度品质检查的平均得分相差几分",
        "number",
        two(
            "absdiff",
            agg(INS, [["检查类型", "=", "消防安全检查"]], "avg:检查得分"),
            agg(INS, [["检查类型", "=", "月度品质检查"]], "avg:检查得分"),
        ),
    ),
    (
        "compare",
        "电梯和消防两类设备，哪类原值合计更高？",
        "names",
        top(EQ, "设备类型", "sum:原值", where=[["设备类型", "in", ["电梯", "消防"]]]),
    ),
    # ---------------------------------------------------------------- group_having
    ("group_having", "设备在15台及以上的项目", "names", having(EQ, "项目编号", "count", [">=", 15])),
    (
        "group_having",
        "检查记录有5条及以上的项目一共几个？",
        "number",
        having(INS, "项目编号", "count", [">=", 5], count=True),
    ),
    (
        "group_having",
        "3月份登记的考勤里，考勤人数在3人及以上的项目",
        "names",
        having(ATT, "项目编号", "count", [">=", 3], [["年月", "=", "2026-03"]]),
    ),
    (
        "group_having",
        "人员证书表里登记了2本及以上证书的人有哪些",
        "names",
        having(CERT, "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "哪些供应商的耗材采购累计金额超过5万元",
        "names",
        having(BUY, "供应商名称", "sum:金额", [">", 50000], [["记录类型", "=", "耗材采购"]]),
    ),
    (
        "group_having",
        "维保合同达到3份及以上的项目有哪些",
        "names",
        having(BUY, "项目编号", "count", [">=", 3], [["记录类型", "=", "维保合同"]]),
    ),
    (
        "group_having",
        "按岗位编制表汇总，在岗人数合计不到5人的岗位",
        "names",
        having(HC, "岗位", "sum:在岗人数", ["<", 5]),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "青浦片区下面挂了多少个项目", "number", agg(PA, [["片区编号", "=", "PQ01"]])),
    ("region_rollup", "闵行片区所有项目的设备加起来多少台", "number", agg(EQ, [region("PQ04")])),
    (
        "region_rollup",
        "长宁片区上个月开票合计多少钱",
        "number",
        agg(FIN, [region("PQ08"), ["年月", "=", "2026-02"]], "sum:开票金额"),
    ),
    ("region_rollup", "检查记录条数最多的片区是哪个", "names", top(INS, "@片区编号", "count")),
    (
        "region_rollup",
        "嘉定片区三月份登记的考勤人数是多少",
        "number",
        agg(ATT, [region("PQ06"), ["年月", "=", "2026-03"]]),
    ),
    (
        "region_rollup",
        "科创片区服务中的项目数量",
        "number",
        agg(P, [region("PQ03"), ["服务状态", "=", "服务中"]]),
    ),
    (
        "region_rollup",
        "分片区看，固定资产采购金额各是多少",
        "groups",
        groups(BUY, "@片区编号", "sum:金额", [["记录类型", "=", "固定资产"]]),
    ),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "服务中的项目里，设备台账一台设备都没登记的有多少个",
        "number",
        agg(P, [["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(EQ, "项目编号")]]),
    ),
    (
        "negation",
        "花名册中的项目经理里，人员证书表上一本都没登记的有几位",
        "number",
        agg(H, [["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(CERT, "工号")]]),
    ),
    ("negation", "完好状况不是完好的设备一共多少台", "number", agg(EQ, [["完好状况", "!=", "完好"]])),
    (
        "negation",
        "服务中的项目中，3月份项目月度财务里查不到记录的有几个",
        "number",
        agg(
            P,
            [
                ["服务状态", "=", "服务中"],
                ["项目编号", "not_in_q", names(FIN, "项目编号", [["年月", "=", "2026-03"]])],
            ],
        ),
    ),
    ("negation", "委托方式除全委以外的项目有几个？", "number", agg(P, [["委托方式", "!=", "全委"]])),
    (
        "negation",
        "服务中的项目当中，检查记录表里一条记录都没有的有几个",
        "number",
        agg(P, [["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(INS, "项目编号")]]),
    ),
    ("negation", "问题描述没填的检查记录有多少条", "number", agg(INS, [["问题描述", "null"]])),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "保安_领班或者保洁_领班，花名册上一共几个人",
        "number",
        agg(H, [["岗位名称", "in", ["保安_领班", "保洁_领班"]]]),
    ),
    (
        "or_values",
        "设备类型为暖通空调或给排水的设备合计几台？",
        "number",
        agg(EQ, [["设备类型", "in", ["暖通空调", "给排水"]]]),
    ),
    (
        "or_values",
        "1月、2月两个月固定资产采购金额总和",
        "number",
        agg(BUY, [["记录类型", "=", "固定资产"], ["年月", "in", ["2026-01", "2026-02"]]], "sum:金额"),
    ),
    (
        "or_values",
        "浦东新区和闵行区的项目合计几个",
        "number",
        agg(P, [["市（区）", "in", ["浦东新区", "闵行区"]]]),
    ),
    (
        "or_values",
        "人员证书表中证书名称为保安员（三级）或保安员（五级）的人员名单",
        "names",
        names(CERT, "工号", [["证书名称", "in", ["保安员（三级）", "保安员（五级）"]]]),
    ),
    (
        "or_values",
        "检查类型是季度综合检查或设备专项检查的，平均分多少",
        "number",
        agg(INS, [["检查类型", "in", ["季度综合检查", "设备专项检查"]]], "avg:检查得分"),
    ),
    (
        "or_values",
        "属于闵行片区或者松江片区的项目一共几个（重复的只算一次）",
        "number",
        agg(PA, [["片区编号", "in", ["PQ04", "PQ05"]]], "nunique:项目编号"),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有多少个", "number", agg(P, [["实际毛利率", ">", 0.15]])),
    (
        "threshold_percent",
        "实际毛利率低于5％的项目都有哪些",
        "names",
        names(P, "项目编号", [["实际毛利率", "<", 0.05]]),
    ),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率在10%及以上的有几个",
        "number",
        agg(P, [["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.10]]),
    ),
    ("threshold_percent", "客户满意度高于95分的项目数", "number", agg(P, [["客户满意度", ">", 95]])),
    (
        "threshold_percent",
        "检查得分不到85分的检查一共有多少次？",
        "number",
        agg(INS, [["检查得分", "<", 85]]),
    ),
    (
        "threshold_percent",
        "实际毛利率落在8%~12%区间（含8%和12%）的项目数",
        "number",
        agg(P, [["实际毛利率", ">=", 0.08], ["实际毛利率", "<=", 0.12]]),
    ),
    (
        "threshold_percent",
        "上个月考勤里税后工资高于8000元的有几条",
        "number",
        agg(ATT, [["年月", "=", "2026-02"], ["税后工资", ">", 8000]]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "带病运行的设备占全部设备的比例",
        "number",
        two("ratio", agg(EQ, [["完好状况", "=", "带病运行"]]), agg(EQ)),
    ),
    (
        "share",
        "服务中的项目占项目总数的百分之多少？",
        "number",
        two("ratio", agg(P, [["服务状态", "=", "服务中"]]), agg(P)),
    ),
    (
        "share",
        "花名册中性别为女的员工占多少比例",
        "number",
        two("ratio", agg(H, [["性别", "=", "女"]]), agg(H)),
    ),
    (
        "share",
        "耗材采购金额当中，清洁耗材占几成",
        "number",
        two(
            "ratio",
            agg(BUY, [["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]], "sum:金额"),
            agg(BUY, [["记录类型", "=", "耗材采购"]], "sum:金额"),
        ),
    ),
    (
        "share",
        "2月份收款金额占开票金额的比例",
        "number",
        two(
            "ratio",
            agg(FIN, [["年月", "=", "2026-02"]], "sum:收款金额"),
            agg(FIN, [["年月", "=", "2026-02"]], "sum:开票金额"),
        ),
    ),
    (
        "share",
        "投标记录中中标的比重有多大",
        "number",
        two("ratio", agg(BID, [["中标结果", "=", "中标"]]), agg(BID)),
    ),
    (
        "share",
        "电梯维保合同的份数在全部维保合同里占多大比例？",
        "number",
        two(
            "ratio",
            agg(BUY, [["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]]),
            agg(BUY, [["记录类型", "=", "维保合同"]]),
        ),
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "各设备类型分别多少台，给我列个表", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "按检查类型统计一下平均检查得分", "groups", groups(INS, "检查类型", "avg:检查得分")),
    ("grouped", "按年月汇总开票金额", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "花名册里各员工层级分别有几个人", "groups", groups(H, "员工层级", "count")),
    ("grouped", "不同委托方式下项目各有多少个", "groups", groups(P, "委托方式", "count")),
    (
        "grouped",
        "固定资产采购按类别汇总金额",
        "groups",
        groups(BUY, "类别", "sum:金额", [["记录类型", "=", "固定资产"]]),
    ),
    ("grouped", "每个片区名下分别几个项目", "groups", groups(PA, "片区编号", "count")),
]

# (class, question, reason, missing)
NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的项目负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "员工KWL9999001是什么岗位？", "no_such_entity", "KWL9999001"),
    ("not_in_data_entity", "崇明片区有多少个项目", "no_such_entity", "崇明片区"),
    (
        "not_in_data_entity",
        "黄浦-外滩商务中心这个项目的合同金额是多少",
        "no_such_entity",
        "黄浦-外滩商务中心",
    ),
    ("not_in_data_entity", "张无忌在哪个项目上班", "no_such_entity", "张无忌"),
    ("not_in_data_entity", "深圳华强电子有限公司 供过几次货", "no_such_entity", "深圳华强电子有限公司"),
    ("not_in_data_entity", "设备编号 DT-999 现在什么状况", "no_such_entity", "DT-999"),
    ("not_in_data_month", "2026年5月的开票金额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月考勤表里有多少人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "6月份的排班里XMSQ0374有几个人", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年11月 XMSQ0209 收款多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "下下个月的排班表有多少条", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年全年的开票总额是多少？", "outside_coverage", "2025"),
    ("not_in_data_month", "2025年10月耗材采购花了多少钱", "outside_coverage", "2025-10"),
    ("not_in_data_field", "XMSQ0228 的物业费收缴率是多少", "no_such_field", "收缴率"),
    ("not_in_data_field", "各项目的停车位有多少个", "no_such_field", "停车位"),
    ("not_in_data_field", "花名册里员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "设备的保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "项目经理们的绩效考核得分是多少", "no_such_field", "绩效考核得分"),
    ("not_in_data_field", "员工的社保缴纳基数是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "各项目上个月的用电量", "no_such_field", "用电量"),
]

# (class, question)
NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "把XMSQ0209的开票金额改成50万"),
    ("non_data", "帮我删掉检查记录里的第3条"),
    ("non_data", "早上好呀，在吗"),
    ("non_data", "好的 明白了 感谢"),
    ("non_data", "请把KWL1011962的岗位更新成工程主管"),
]
