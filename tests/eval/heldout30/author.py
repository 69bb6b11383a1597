"""The thirtieth held-out set as written: questions and their gold specs (../blind_gold.py's language).

Written blind (see README.md). The fixed today is 2026-04-22, a Wednesday: 本月 / 这个月 = 2026-04
(read as the rows recorded for April), 上个月 2026-03, 上上个月 2026-02, 上周 2026-04-13…2026-04-19,
第一季度 2026-01…2026-03, 今年以来 2026-01…2026-04; 下个月 (2026-05), 去年 and 2025-12 are not covered.
make_gold.py turns this file into questions.jsonl with the gold computed from data/.
"""

from __future__ import annotations

from typing import Any

P = "项目信息"
H = "人员信息"
Q = "片区信息"
QR = "项目片区关系"
F = "项目月度财务"
A = "考勤与人员财务"
S = "排班月报"
B = "投标记录"
BZ = "岗位编制"
E = "设备信息"
C = "采购与维保"
I = "检查记录"  # noqa: E741
Z = "人员证书"
K = "月度快照"
D = "岗位字典"

BUY = ["耗材采购", "固定资产"]
Q1 = ["2026-01", "2026-02", "2026-03"]
YTD = ["2026-01", "2026-02", "2026-03", "2026-04"]


def n(t: str, *where: list[Any], agg: str = "count", **kw: Any) -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg, **kw}


def names(t: str, key: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where), **kw}


def top(t: str, by: str, agg: str, *where: list[Any], k: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": agg, "where": list(where), "n": k, "order": order}


def having(
    t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having"
) -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def value(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def exists(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def groups(t: str, by: str, agg: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def pair(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def staff_of(*where: list[Any]) -> dict[str, Any]:
    """The 工号 of the register rows that pass `where` (a join key for in_q)."""
    return names(H, "工号", *where)


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册上保洁员一共几个人？", "number", n(H, ["岗位名称", "=", "保洁员"])),
    (
        "count",
        "设备台账里 带病运行的电梯有多少台",
        "number",
        n(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    (
        "count",
        "检查记录中，检查类型为“消防安全检查”的记录共有多少条？",
        "number",
        n(I, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "投标记录里没中标的一共几条", "number", n(B, ["中标结果", "=", "未中标"])),
    (
        "count",
        "麻烦统计下人员证书表中证书类别属于特种作业操作证的证书数量",
        "number",
        n(Z, ["证书类别", "=", "特种作业操作证"]),
    ),
    ("count", "岗位字典里面员工层级为一线员工的岗位有几个?", "number", n(D, ["员工层级", "=", "一线员工"])),
    ("count", "2月份的排班月报总共多少行", "number", n(S, ["年月", "=", "2026-02"])),
    (
        "count",
        "中标日期在2025年1月1日至2025年12月31日之间（含首尾两天）的投标记录有几条？",
        "number",
        n(B, ["中标日期", ">=", "2025-01-01"], ["中标日期", "<=", "2025-12-31"]),
    ),
    # ------------------------------------------------------------ list
    (
        "list",
        "供应商名录里类别是电梯维保的是哪几家公司",
        "names",
        names(C, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    ("list", "谁持有电梯安全管理员证书？", "names", names(Z, "工号", ["证书名称", "=", "电梯安全管理员"])),
    ("list", "xmsq0343 都有哪些类型的设备", "names", names(E, "设备类型", ["项目编号", "=", "XMSQ0343"])),
    (
        "list",
        "4月份登记的考勤里，出现过旷工的员工都有谁",
        "names",
        names(A, "工号", ["年月", "=", "2026-04"], ["1日", "has_code", "旷"]),
    ),
    ("list", "把汇总业态是住宅的项目列一下", "names", names(P, "项目编号", ["汇总业态", "=", "住宅"])),
    (
        "list",
        "哪些项目有完好状况为停用的消防类设备？",
        "names",
        names(E, "项目编号", ["设备类型", "=", "消防"], ["完好状况", "=", "停用"]),
    ),
    ("list", "人员信息表中离职日期有填写的人员名单", "names", names(H, "工号", ["离职日期", "notnull"])),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "2月份所有项目开票金额加起来是多少？",
        "number",
        n(F, ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    (
        "sum_avg",
        "XMSQ0112 在2026年1-3月的收款金额合计",
        "number",
        n(F, ["项目编号", "=", "XMSQ0112"], ["年月", "in", Q1], agg="sum:收款金额"),
    ),
    (
        "sum_avg",
        "3月份考勤里岗位是保安_普保的员工，平均税后工资是多少",
        "number",
        n(
            A,
            ["年月", "=", "2026-03"],
            ["工号", "in_q", staff_of(["岗位名称", "=", "保安_普保"])],
            agg="avg:税后工资",
        ),
    ),
    (
        "sum_avg",
        "劳保耗材一共采购了多少数量？",
        "number",
        n(C, ["记录类型", "=", "耗材采购"], ["类别", "=", "劳保耗材"], agg="sum:数量"),
    ),
    (
        "sum_avg",
        "月度品质检查平均得几分",
        "number",
        n(I, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "XMSQ0343名下全部设备的原值总和",
        "number",
        n(E, ["项目编号", "=", "XMSQ0343"], agg="sum:原值"),
    ),
    (
        "sum_avg",
        "电梯维保类的维保合同，金额合计多少钱",
        "number",
        n(C, ["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "岗位编制表里，保安_普保这个岗位的预算编制全部加起来是多少",
        "number",
        n(BZ, ["岗位", "=", "保安_普保"], agg="sum:预算编制"),
    ),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目？", "names", top(P, "项目编号", "max:合同面积")),
    ("extreme_rank", "按项目片区关系算，哪个片区挂的项目最多", "names", top(QR, "片区编号", "count")),
    (
        "extreme_rank",
        "3月份考勤表里税后工资最高的是哪位员工",
        "names",
        top(A, "工号", "max:税后工资", ["年月", "=", "2026-03"]),
    ),
    (
        "extreme_rank",
        "检查记录里最低的一次检查得分是多少分",
        "number",
        {"op": "top_value", "t": I, "by": "项目编号", "agg": "min:检查得分", "where": [], "order": "asc"},
    ),
    ("extreme_rank", "花名册里入职日期最早的员工是谁", "names", top(H, "工号", "min:入职日期", order="asc")),
    ("extreme_rank", "哪一类设备平均原值最高", "names", top(E, "设备类型", "avg:原值")),
    ("extreme_rank", "投标金额最高的那笔投标，是哪个项目的？", "names", top(B, "项目编号", "max:投标金额")),
    # ------------------------------------------------------------ top_n
    ("top_n", "年化合同额排前五的项目有哪些", "names", top(P, "项目编号", "max:年化合同额", k=5)),
    (
        "top_n",
        "1月份开票金额前3名的项目",
        "names",
        top(F, "项目编号", "sum:开票金额", ["年月", "=", "2026-01"], k=3),
    ),
    (
        "top_n",
        "2月考勤里税后工资最低的5个人是谁？",
        "names",
        top(A, "工号", "min:税后工资", ["年月", "=", "2026-02"], k=5, order="asc"),
    ),
    (
        "top_n",
        "采购（耗材采购加固定资产）金额累计最多的三家供应商",
        "names",
        top(C, "供应商名称", "sum:金额", ["记录类型", "in", BUY], k=3),
    ),
    (
        "top_n",
        "服务中的项目里客户满意度最低的两个是哪两个",
        "names",
        top(P, "项目编号", "max:客户满意度", ["服务状态", "=", "服务中"], k=2, order="asc"),
    ),
    (
        "top_n",
        "月度快照3月份出勤人次排前四的项目是哪几个",
        "names",
        top(K, "项目编号", "sum:出勤人次", ["年月", "=", "2026-03"], k=4),
    ),
    (
        "top_n",
        "维保合同金额最高的4份，分别属于哪些项目",
        "names",
        top(C, "项目编号", "max:金额", ["记录类型", "=", "维保合同"], k=4),
    ),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "XMSQ0330 有没有3月份的项目月度财务数据",
        "bool",
        exists(F, ["项目编号", "=", "XMSQ0330"], ["年月", "=", "2026-03"]),
    ),
    ("existence", "片区信息表里有松江片区吗", "bool", exists(Q, ["片区名称", "=", "松江片区"])),
    ("existence", "人员证书里有人考了物业管理师吗", "bool", exists(Z, ["证书名称", "=", "物业管理师"])),
    ("existence", "检查记录中是否存在检查得分低于75分的情况", "bool", exists(I, ["检查得分", "<", 75])),
    (
        "existence",
        "设备台账里有报废的电梯吗？",
        "bool",
        exists(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    (
        "existence",
        "4月份登记的考勤中有没有人休婚假",
        "bool",
        exists(A, ["年月", "=", "2026-04"], ["1日", "has_code", "婚"]),
    ),
    (
        "existence",
        "供应商名录里有没有嘉兴的公司",
        "bool",
        exists(C, ["记录类型", "=", "供应商"], ["供应商名称", "contains", "嘉兴"]),
    ),
    # ------------------------------------------------------------ status
    (
        "status",
        "XMSQ0330的项目负责人是哪位？",
        "value",
        value(P, "项目负责人", ["项目编号", "=", "XMSQ0330"]),
    ),
    (
        "status",
        "长宁-大场人民医院 服务状态是啥",
        "value",
        value(P, "服务状态", ["项目名称", "=", "长宁-大场人民医院"]),
    ),
    (
        "status",
        "XMSQ0343 项目里编号 GD-004 的那台设备，完好状况如何？",
        "value",
        value(E, "完好状况", ["项目编号", "=", "XMSQ0343"], ["设备编号", "=", "GD-004"]),
    ),
    ("status", "工号kwl1406163是什么岗位", "value", value(H, "岗位名称", ["工号", "=", "KWL1406163"])),
    (
        "status",
        "孙燕那本制冷与空调设备运行操作证有效期到哪天",
        "value",
        value(Z, "有效期至", ["姓名", "=", "孙燕"], ["证书名称", "=", "制冷与空调设备运行操作"]),
    ),
    (
        "status",
        "请问闵行片区的片区负责人叫什么名字",
        "value",
        value(H, "姓名", ["工号", "in_q", names(Q, "片区负责人工号", ["片区名称", "=", "闵行片区"])]),
    ),
    (
        "status",
        "松江-大场第一中学用的是哪种委托方式",
        "value",
        value(P, "委托方式", ["项目名称", "=", "松江-大场第一中学"]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "项目信息表里一共登了多少个项目呀", "number", n(P)),
    ("colloquial", "帮我数数花名册里女同事有多少", "number", n(H, ["性别", "=", "女"])),
    (
        "colloquial",
        "消防那类设备，停用了的有几台来着？",
        "number",
        n(E, ["设备类型", "=", "消防"], ["完好状况", "=", "停用"]),
    ),
    (
        "colloquial",
        "3月份考勤里请过病假的人有几个哈",
        "number",
        n(A, ["年月", "=", "2026-03"], ["1日", "has_code", "病"], agg="nunique:工号"),
    ),
    ("colloquial", "项目经理花名册上总共多少位啊", "number", n(H, ["岗位名称", "=", "项目经理"])),
    (
        "colloquial",
        "人员信息表里 党员有几个？政治面貌是中共党员的那种",
        "number",
        n(H, ["政治面貌", "=", "中共党员"]),
    ),
    ("colloquial", "诶 绿化工咱们花名册上有几个人啊", "number", n(H, ["岗位名称", "=", "绿化工"])),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月的开票总额是多少",
        "number",
        n(F, ["年月", "=", "2026-03"], agg="sum:开票金额"),
    ),
    ("time_reference", "上上个月的考勤表里有几个人", "number", n(A, ["年月", "=", "2026-02"])),
    (
        "time_reference",
        "今年以来固定资产采购一共花了多少钱？",
        "number",
        n(C, ["记录类型", "=", "固定资产"], ["年月", "in", YTD], agg="sum:金额"),
    ),
    (
        "time_reference",
        "第一季度的检查记录有几条（按检查日期）",
        "number",
        n(I, ["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-03-31"]),
    ),
    (
        "time_reference",
        "上周一共做了多少次检查？",
        "number",
        n(I, ["检查日期", ">=", "2026-04-13"], ["检查日期", "<=", "2026-04-19"]),
    ),
    (
        "time_reference",
        "这个月（2026年4月）登记的排班里，排过夜班的有多少人",
        "number",
        n(S, ["年月", "=", "2026-04"], ["1日", "has_code", "夜"], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "2026年3月1日到2026年3月15日（两头都算）做的检查一共几次",
        "number",
        n(I, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-15"]),
    ),
    (
        "time_reference",
        "花名册中入职日期在2025年7月1日当天或之后的员工有多少人",
        "number",
        n(H, ["入职日期", ">=", "2025-07-01"]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "目前服务状态为服务中的项目有多少个", "number", n(P, ["服务状态", "=", "服务中"])),
    ("now_current", "完好状况现在是报废的设备共几台", "number", n(E, ["完好状况", "=", "报废"])),
    (
        "now_current",
        "今天是2026年4月22日，有效期至早于今天的证书有多少本？",
        "number",
        n(Z, ["有效期至", "<", "2026-04-22"]),
    ),
    (
        "now_current",
        "KWL1406163 当前服务项目编号是多少",
        "value",
        value(H, "当前服务项目编号", ["工号", "=", "KWL1406163"]),
    ),
    (
        "now_current",
        "合同状况目前是已签约未进场的项目有哪些",
        "names",
        names(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "维保合同中结束日期早于今天（2026-04-22）的有几份",
        "number",
        n(C, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-04-22"]),
    ),
    (
        "now_current",
        "截至今天2026年4月22日，有效期至晚于今天的证书还有几本",
        "number",
        n(Z, ["有效期至", ">", "2026-04-22"]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0311 1月份的考勤人数",
        "number",
        n(A, ["项目编号", "=", "XMSQ0311"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "XMSQ0112 二月份开票金额多少",
        "number",
        n(F, ["项目编号", "=", "XMSQ0112"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "KWL1406163 3月上班天数是多少天",
        "number",
        n(A, ["工号", "=", "KWL1406163"], ["年月", "=", "2026-03"], agg="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "月度快照中XMSQ0102在2026年1月的出勤人次",
        "number",
        n(K, ["项目编号", "=", "XMSQ0102"], ["年月", "=", "2026-01"], agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "XMSQ0212 4月份登记的收款金额是多少？",
        "number",
        n(F, ["项目编号", "=", "XMSQ0212"], ["年月", "=", "2026-04"], agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "xmsq0262 三月的加班小时合计（看月度快照）",
        "number",
        n(K, ["项目编号", "=", "XMSQ0262"], ["年月", "=", "2026-03"], agg="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "KWL2108572 2026年2月税后工资多少",
        "number",
        n(A, ["工号", "=", "KWL2108572"], ["年月", "=", "2026-02"], agg="sum:税后工资"),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0112 2月的开票金额比1月多多少？",
        "number",
        pair(
            "diff",
            n(F, ["项目编号", "=", "XMSQ0112"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
            n(F, ["项目编号", "=", "XMSQ0112"], ["年月", "=", "2026-01"], agg="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "花名册上 保安_普保 和 保洁员 哪个岗位人多",
        "names",
        top(H, "岗位名称", "count", ["岗位名称", "in", ["保安_普保", "保洁员"]]),
    ),
    (
        "compare",
        "岗位编制里项目编制的总数比在岗人数总数多多少？",
        "number",
        pair("diff", n(BZ, agg="sum:项目编制"), n(BZ, agg="sum:在岗人数")),
    ),
    (
        "compare",
        "市（区）为浦东新区的项目是不是比嘉定区的多？",
        "bool",
        pair("gt", n(P, ["市（区）", "=", "浦东新区"]), n(P, ["市（区）", "=", "嘉定区"])),
    ),
    (
        "compare",
        "耗材采购的总金额有没有超过固定资产的总金额",
        "bool",
        pair(
            "gt",
            n(C, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            n(C, ["记录类型", "=", "固定资产"], agg="sum:金额"),
        ),
    ),
    (
        "compare",
        "消防安全检查和月度品质检查，平均得分相差几分",
        "number",
        pair(
            "absdiff",
            n(I, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
            n(I, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
        ),
    ),
    (
        "compare",
        "人员信息表里男的比女的多几个",
        "number",
        pair("diff", n(H, ["性别", "=", "男"]), n(H, ["性别", "=", "女"])),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "设备台账里设备数在12台及以上的项目有哪些",
        "names",
        having(E, "项目编号", "count", [">=", 12]),
    ),
    (
        "group_having",
        "检查记录达到6次及以上的项目有几个？",
        "number",
        having(I, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "哪些供应商的采购记录（耗材采购和固定资产）超过25条",
        "names",
        having(C, "供应商名称", "count", [">", 25], ["记录类型", "in", BUY]),
    ),
    (
        "group_having",
        "3月份考勤里人数在4人及以上的项目",
        "names",
        having(A, "项目编号", "count", [">=", 4], ["年月", "=", "2026-03"]),
    ),
    (
        "group_having",
        "人员证书表中持有2本及以上证书的员工（列工号）",
        "names",
        having(Z, "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "负责的项目在15个及以上的项目负责人，按工号列一下",
        "names",
        having(P, "项目负责人工号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "带病运行的设备不少于8台的设备类型有哪些",
        "names",
        having(E, "设备类型", "count", [">=", 8], ["完好状况", "=", "带病运行"]),
    ),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "嘉定片区下面有多少个项目", "number", n(QR, ["片区编号", "=", "PQ06"])),
    (
        "region_rollup",
        "浦东片区所有项目的合同面积加起来是多少",
        "number",
        n(P, ["项目编号", "region", "PQ07"], agg="sum:合同面积"),
    ),
    (
        "region_rollup",
        "松江片区1月份开票合计",
        "number",
        n(F, ["项目编号", "region", "PQ05"], ["年月", "=", "2026-01"], agg="sum:开票金额"),
    ),
    ("region_rollup", "科创片区的项目一共登记了多少台设备？", "number", n(E, ["项目编号", "region", "PQ03"])),
    ("region_rollup", "按片区看，检查记录条数最多的是哪个片区", "names", top(I, "@片区编号", "count")),
    (
        "region_rollup",
        "长宁片区3月份考勤人数合计",
        "number",
        n(A, ["项目编号", "region", "PQ08"], ["年月", "=", "2026-03"]),
    ),
    (
        "region_rollup",
        "青浦片区服务中项目的实际毛利率平均是多少",
        "number",
        n(P, ["项目编号", "region", "PQ01"], ["服务状态", "=", "服务中"], agg="avg:实际毛利率"),
    ),
    # ------------------------------------------------------------ negation
    ("negation", "委托方式不是全委的项目有多少个", "number", n(P, ["委托方式", "!=", "全委"])),
    ("negation", "汇总业态除了公建之外的项目一共几个？", "number", n(P, ["汇总业态", "!=", "公建"])),
    (
        "negation",
        "电梯里完好状况不是“完好”的有几台",
        "number",
        n(E, ["设备类型", "=", "电梯"], ["完好状况", "!=", "完好"]),
    ),
    (
        "negation",
        "花名册上有多少人在考勤表里一条记录都没有",
        "number",
        n(H, ["工号", "not_in_q", names(A, "工号")]),
    ),
    (
        "negation",
        "服务中的项目里，设备台账一台设备都没登记的有几个",
        "number",
        n(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(E, "项目编号")]),
    ),
    ("negation", "检查时没写问题描述的记录有多少条", "number", n(I, ["问题描述", "null"])),
    ("negation", "人员证书里没有填有效期至的证书几本", "number", n(Z, ["有效期至", "null"])),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "保安_领班或者保洁_领班，花名册上合计几人",
        "number",
        n(H, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "徐汇区、闵行区两个区的项目总共有几个",
        "number",
        n(P, ["市（区）", "in", ["徐汇区", "闵行区"]]),
    ),
    (
        "or_values",
        "1月加2月开票金额一共多少",
        "number",
        n(F, ["年月", "in", ["2026-01", "2026-02"]], agg="sum:开票金额"),
    ),
    (
        "or_values",
        "电梯维保跟消防维保的维保合同加起来多少份？",
        "number",
        n(C, ["记录类型", "=", "维保合同"], ["类别", "in", ["电梯维保", "消防维保"]]),
    ),
    (
        "or_values",
        "细分业态是养老机构或公寓的项目有哪些",
        "names",
        names(P, "项目编号", ["细分业态", "in", ["养老机构", "公寓"]]),
    ),
    ("or_values", "停用或报废状态的设备一共几台", "number", n(E, ["完好状况", "in", ["停用", "报废"]])),
    (
        "or_values",
        "设备专项检查或消防安全检查中，得分低于85分的共几次",
        "number",
        n(I, ["检查类型", "in", ["设备专项检查", "消防安全检查"]], ["检查得分", "<", 85]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", n(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "毛利率（实际毛利率）不到5％的项目列出来",
        "names",
        names(P, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度95分及以上的项目个数", "number", n(P, ["客户满意度", ">=", 95])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率介于10%和12%之间（两端都算）的有多少个",
        "number",
        n(P, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.10], ["实际毛利率", "<=", 0.12]),
    ),
    ("threshold_percent", "检查得分高于95分的检查共几次？", "number", n(I, ["检查得分", ">", 95])),
    (
        "threshold_percent",
        "3月考勤里税后工资超过8000元的有多少条",
        "number",
        n(A, ["年月", "=", "2026-03"], ["税后工资", ">", 8000]),
    ),
    (
        "threshold_percent",
        "实际毛利率低于8%的服务中项目数量",
        "number",
        n(P, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.08]),
    ),
    # ------------------------------------------------------------ share
    ("share", "花名册里女员工占比多少", "number", pair("ratio", n(H, ["性别", "=", "女"]), n(H))),
    ("share", "设备中带病运行的占几成？", "number", pair("ratio", n(E, ["完好状况", "=", "带病运行"]), n(E))),
    (
        "share",
        "1月份开票的钱，收回来的比例是多少（收款/开票）",
        "number",
        pair(
            "ratio",
            n(F, ["年月", "=", "2026-01"], agg="sum:收款金额"),
            n(F, ["年月", "=", "2026-01"], agg="sum:开票金额"),
        ),
    ),
    (
        "share",
        "服务中的项目占项目信息全部项目的百分之多少",
        "number",
        pair("ratio", n(P, ["服务状态", "=", "服务中"]), n(P)),
    ),
    (
        "share",
        "采购金额里固定资产占的比重（分母是耗材采购+固定资产）",
        "number",
        pair(
            "ratio",
            n(C, ["记录类型", "=", "固定资产"], agg="sum:金额"),
            n(C, ["记录类型", "in", BUY], agg="sum:金额"),
        ),
    ),
    ("share", "检查记录中写了问题描述的占比", "number", pair("ratio", n(I, ["问题描述", "notnull"]), n(I))),
    ("share", "投标记录的中标率是多少", "number", pair("ratio", n(B, ["中标结果", "=", "中标"]), n(B))),
    # ------------------------------------------------------------ grouped
    ("grouped", "各个片区分别有多少个项目（按项目片区关系）", "groups", groups(QR, "片区编号", "count")),
    ("grouped", "按设备类型统计一下设备台数", "groups", groups(E, "设备类型", "count")),
    ("grouped", "每个月的开票金额分别是多少", "groups", groups(F, "年月", "sum:开票金额")),
    ("grouped", "分检查类型看看平均得分", "groups", groups(I, "检查类型", "avg:检查得分")),
    ("grouped", "花名册各岗位各有几个人", "groups", groups(H, "岗位名称", "count")),
    ("grouped", "项目按委托方式分类，各多少个", "groups", groups(P, "委托方式", "count")),
    ("grouped", "各证书类别的证书分别有几本", "groups", groups(Z, "证书类别", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的项目负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号KWL9912001现在在哪个项目上", "no_such_entity", "KWL9912001"),
    ("not_in_data_entity", "宝山片区底下有几个项目？", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "北京宏远物业用品有限公司今年供了多少货",
        "no_such_entity",
        "北京宏远物业用品有限公司",
    ),
    ("not_in_data_entity", "欧阳娜娜是什么岗位的", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "奉贤-金桥图书馆的合同金额是多少", "no_such_entity", "奉贤-金桥图书馆"),
    ("not_in_data_entity", "xmsq0088 今年做过几次检查", "no_such_entity", "XMSQ0088"),
    ("not_in_data_month", "去年12月的开票金额合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "XMSQ0311下个月考勤人数多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年10月的排班月报有多少行", "outside_coverage", "2025-10"),
    ("not_in_data_month", "今年5月份收款合计多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年6月月度快照里的出勤人次总数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年11月考勤里有多少人", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2027年1月XMSQ0112的开票金额", "outside_coverage", "2027-01"),
    ("not_in_data_field", "XMSQ0330 有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "花名册上绩效考核等级为A的有哪些人", "no_such_field", "绩效考核等级"),
    ("not_in_data_field", "XMSQ0343 那台 GD-004 的保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "长宁-大场人民医院的楼层数是多少", "no_such_field", "楼层数"),
    ("not_in_data_field", "3月份每个人的社保缴纳基数", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "各项目上个月水电费支出多少", "no_such_field", "水电费"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢啦，辛苦了"),
    ("non_data", "把XMSQ0330的项目负责人改成张伟"),
    ("non_data", "帮我删掉2月份的考勤数据"),
    ("non_data", "早上好呀，在吗"),
    ("non_data", "好的明白了，感谢！"),
    ("non_data", "请把KWL1406163的岗位更新成区域经理"),
]
