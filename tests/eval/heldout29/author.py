"""The twenty-ninth held-out set as written: questions with their gold specs (tests/eval/blind_gold.py).

Written blind, from the data contract, the generator and the ledgers in data/ only. The fixed
"today" is 2026-04-13, a Monday (gold.TODAY): 本月 / 这个月 = 2026-04 (its rows written for the
whole month, so a question about them says "4月份登记的"), 上个月 2026-03, 上上个月 2026-02,
上周 2026-04-06 … 2026-04-12, 年初至今 / 今年以来 2026-01 … 2026-04, 第一季度 2026-01 … 2026-03;
下个月 (2026-05), 去年 (2025) and 2025-12 are outside the coverage.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
S = "人员信息"
R = "片区信息"
PR = "项目片区关系"
F = "项目月度财务"
A = "考勤与人员财务"
SC = "排班月报"
B = "投标记录"
H = "岗位编制"
E = "设备信息"
PU = "采购与维保"
I = "检查记录"  # noqa: E741
C = "人员证书"
SN = "月度快照"
D = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]
YTD = ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]]


def m(month: str) -> list[Any]:
    return ["年月", "=", month]


def pj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def cnt(t: str, *where: list[Any], agg: str = "count") -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def total(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": f"sum:{field}"}


def mean(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": f"avg:{field}"}


def names(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "where": list(where), "key": key}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "where": list(where), "field": field}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "where": list(where), "by": by, "agg": agg, "n": n, "order": order}


def having(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], count: bool = False) -> Spec:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "where": list(where),
        "by": by,
        "agg": agg,
        "cmp": cmp,
    }


def groups(t: str, by: str, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "where": list(where), "by": by, "agg": agg}


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def on_days(first: str, last: str, field: str = "检查日期") -> tuple[list[Any], list[Any]]:
    return [field, ">=", first], [field, "<=", last]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "请问花名册上岗位是保洁员的一共有几个人？", "number", cnt(S, ["岗位名称", "=", "保洁员"])),
    (
        "count",
        "麻烦查下设备台账，完好状况填的“带病运行”的有多少台",
        "number",
        cnt(E, ["完好状况", "=", "带病运行"]),
    ),
    ("count", "xmsq0174 名下登记了几台设备", "number", cnt(E, pj("XMSQ0174"))),
    ("count", "市场部想知道：投标没中的记录一共几条？", "number", cnt(B, ["中标结果", "=", "未中标"])),
    (
        "count",
        "消防安全检查这个类型，检查记录里共计多少条",
        "number",
        cnt(I, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "人员证书表里拿到中级经济师的 有几位", "number", cnt(C, ["证书名称", "=", "中级经济师"])),
    ("count", "公司现在片区信息表里一共设了几个片区？", "number", cnt(R)),
    (
        "count",
        "中标日期在2022年1月1日以前（不含当天）的投标，有多少条？",
        "number",
        cnt(B, ["中标日期", "<", "2022-01-01"]),
    ),
    # ------------------------------------------------------------ list
    ("list", "谁手上有电梯安全管理员证？", "names", names(C, "工号", ["证书名称", "=", "电梯安全管理员"])),
    (
        "list",
        "人员信息表里2026年3月1日（含）以后入职的员工名单发我一下",
        "names",
        names(S, "工号", ["入职日期", ">=", "2026-03-01"]),
    ),
    (
        "list",
        "供应商名录中做电梯维保的是哪几家",
        "names",
        names(PU, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    (
        "list",
        "岗位字典里员工层级为“项目管理人员”的岗位都有啥",
        "names",
        names(D, "岗位名称", ["员工层级", "=", "项目管理人员"]),
    ),
    (
        "list",
        "哪些项目投标结果是未中标？给我项目编号",
        "names",
        names(B, "项目编号", ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "花名册上离职日期那一栏不为空的人员，请列出",
        "names",
        names(S, "工号", ["离职日期", "notnull"]),
    ),
    (
        "list",
        "项目片区关系表备注为“跨片区协管”的是哪几个项目",
        "names",
        names(PR, "项目编号", ["备注", "=", "跨片区协管"]),
    ),
    # ------------------------------------------------------------ sum_avg
    ("sum_avg", "2026年3月各项目开票金额加起来一共多少？", "number", total(F, "开票金额", m("2026-03"))),
    (
        "sum_avg",
        "采购这块，记录类型是耗材采购的金额汇总下",
        "number",
        total(PU, "金额", ["记录类型", "=", "耗材采购"]),
    ),
    (
        "sum_avg",
        "季度综合检查平均能打多少分",
        "number",
        mean(I, "检查得分", ["检查类型", "=", "季度综合检查"]),
    ),
    ("sum_avg", "电梯类设备的原值总计？", "number", total(E, "原值", ["设备类型", "=", "电梯"])),
    (
        "sum_avg",
        "请统计2026年2月考勤表里平时加班小时的总和。",
        "number",
        total(A, "平时加班小时", m("2026-02")),
    ),
    (
        "sum_avg",
        "服务状态为服务中的项目，合同面积平均下来多少平方米",
        "number",
        mean(P, "合同面积", ["服务状态", "=", "服务中"]),
    ),
    (
        "sum_avg",
        "投标类型是续标的 投标金额均值多少",
        "number",
        mean(B, "投标金额", ["投标类型", "=", "续标"]),
    ),
    ("sum_avg", "岗位编制表的预算编制全部加总是多少人", "number", total(H, "预算编制")),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "哪个项目名下的设备原值加起来最高", "names", top(E, "项目编号", "sum:原值")),
    (
        "extreme_rank",
        "2026年1月开票金额排第一的是哪个项目？",
        "names",
        top(F, "项目编号", "sum:开票金额", m("2026-01")),
    ),
    ("extreme_rank", "合同面积最大的项目是哪一个？", "names", top(P, "项目编号", "max:合同面积")),
    ("extreme_rank", "检查记录里，哪个检查人出现的次数最多？", "names", top(I, "检查人工号", "count")),
    (
        "extreme_rank",
        "项目信息里合同金额最低的是哪个项目",
        "names",
        top(P, "项目编号", "min:合同金额", order="asc"),
    ),
    ("extreme_rank", "投标金额最高的那一笔投了多少钱", "number", cnt(B, agg="max:投标金额")),
    (
        "extreme_rank",
        "看4月份登记的考勤，税后工资最高的是谁？",
        "names",
        top(A, "工号", "max:税后工资", m("2026-04")),
    ),
    # ------------------------------------------------------------ top_n
    ("top_n", "按原值合计排，前三名的设备类型", "names", top(E, "设备类型", "sum:原值", n=3)),
    (
        "top_n",
        "2026年3月开票金额前五名的项目分别是？？",
        "names",
        top(F, "项目编号", "sum:开票金额", m("2026-03"), n=5),
    ),
    (
        "top_n",
        "耗材采购金额最多的前3家供应商",
        "names",
        top(PU, "供应商名称", "sum:金额", ["记录类型", "=", "耗材采购"], n=3),
    ),
    ("top_n", "合同金额top5的项目，列编号就行", "names", top(P, "项目编号", "max:合同金额", n=5)),
    (
        "top_n",
        "岗位编制里各岗位在岗人数合计，排前3的岗位是哪些",
        "names",
        top(H, "岗位", "sum:在岗人数", n=3),
    ),
    ("top_n", "台数最多的两个设备类型是啥", "names", top(E, "设备类型", "count", n=2)),
    (
        "top_n",
        "固定资产采购金额排名前4的项目有哪些？",
        "names",
        top(PU, "项目编号", "sum:金额", ["记录类型", "=", "固定资产"], n=4),
    ),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "有没有完好状况为报废的电梯？",
        "bool",
        exists(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "xmsq0254 一月份有没有开票记录", "bool", exists(F, pj("XMSQ0254"), m("2026-01"))),
    ("existence", "证书表里是否有人持有低压电工作业证", "bool", exists(C, ["证书名称", "=", "低压电工作业"])),
    (
        "existence",
        "是否有哪本证书的发证日期早于2012年1月1日？",
        "bool",
        exists(C, ["发证日期", "<", "2012-01-01"]),
    ),
    (
        "existence",
        "供应商名录里有名称带“南京”的供应商吗",
        "bool",
        exists(PU, ["记录类型", "=", "供应商"], ["供应商名称", "contains", "南京"]),
    ),
    ("existence", "岗位编制表中有没有在岗人数为0的记录", "bool", exists(H, ["在岗人数", "=", 0])),
    ("existence", "检查记录里出现过得分低于80分的情况吗", "bool", exists(I, ["检查得分", "<", 80])),
    # ------------------------------------------------------------ status
    ("status", "XMSQ0235 的项目负责人是哪位", "value", value(P, "项目负责人", pj("XMSQ0235"))),
    ("status", "工号KWL1306231 是干什么岗位的？", "value", value(S, "岗位名称", ["工号", "=", "KWL1306231"])),
    (
        "status",
        "浦东片区的片区负责人叫什么名字",
        "value",
        value(S, "姓名", ["工号", "in_q", names(R, "片区负责人工号", ["片区名称", "=", "浦东片区"])]),
    ),
    (
        "status",
        "长宁-虹桥派出所这个项目委托方式是啥",
        "value",
        value(P, "委托方式", ["项目名称", "=", "长宁-虹桥派出所"]),
    ),
    (
        "status",
        "XMSQ0235项目的设备XF-001安装位置在哪",
        "value",
        value(E, "安装位置", pj("XMSQ0235"), ["设备编号", "=", "XF-001"]),
    ),
    (
        "status",
        "陶亮的电梯安全管理员证有效期至哪天？",
        "value",
        value(C, "有效期至", ["姓名", "=", "陶亮"], ["证书名称", "=", "电梯安全管理员"]),
    ),
    ("status", "采购记录CG0012的状态是什么", "value", value(PU, "状态", ["记录编号", "=", "CG0012"])),
    # ------------------------------------------------------------ colloquial
    (
        "colloquial",
        "咱们花名册上干保安的（保安_普保、保安_领班、保安_消控员）总共多少号人啊",
        "number",
        cnt(S, ["岗位名称", "in", ["保安_普保", "保安_领班", "保安_消控员"]]),
    ),
    (
        "colloquial",
        "1月份财务那边一共收回来多少钱？就看收款金额哈",
        "number",
        total(F, "收款金额", m("2026-01")),
    ),
    ("colloquial", "搞绿化的绿化工，花名册里几个呀", "number", cnt(S, ["岗位名称", "=", "绿化工"])),
    ("colloquial", "电梯拢共几部？设备表里的", "number", cnt(E, ["设备类型", "=", "电梯"])),
    ("colloquial", "设备里头报废掉的有多少台啊", "number", cnt(E, ["完好状况", "=", "报废"])),
    ("colloquial", "人员信息表里女同事有多少个", "number", cnt(S, ["性别", "=", "女"])),
    (
        "colloquial",
        "问下哈 客户满意度回访 总共做了几回",
        "number",
        cnt(I, ["检查类型", "=", "客户满意度回访"]),
    ),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月考勤表里旷过工的一共几个人",
        "number",
        cnt(A, m("2026-03"), ["*", "has_code", "旷"], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "财务这边想确认下，上上个月全部项目的收款合计是多少",
        "number",
        total(F, "收款金额", m("2026-02")),
    ),
    ("time_reference", "年初至今 累计开票多少", "number", total(F, "开票金额", YTD)),
    (
        "time_reference",
        "您好，第一季度（按检查日期）一共做了多少次检查？谢谢",
        "number",
        cnt(I, *on_days("2026-01-01", "2026-03-31")),
    ),
    (
        "time_reference",
        "上周做了几次检查？按检查日期算",
        "number",
        cnt(I, *on_days("2026-04-06", "2026-04-12")),
    ),
    ("time_reference", "这个月的排班月报（4月份登记的）有多少条", "number", cnt(SC, m("2026-04"))),
    (
        "time_reference",
        "今年以来买固定资产一共花了多少钱（看金额）",
        "number",
        total(PU, "金额", ["记录类型", "=", "固定资产"], YTD),
    ),
    (
        "time_reference",
        "检查日期在2026年3月10日到2026年3月20日之间（两头都算）的检查记录有几条",
        "number",
        cnt(I, *on_days("2026-03-10", "2026-03-20")),
    ),
    # ------------------------------------------------------------ now_current
    (
        "now_current",
        "服务状态目前为“服务中”的项目，总共多少个",
        "number",
        cnt(P, ["服务状态", "=", "服务中"]),
    ),
    ("now_current", "xmsq0191 合同状况目前是什么？", "value", value(P, "合同状况", pj("XMSQ0191"))),
    ("now_current", "完好状况为停用的设备，眼下有几台", "number", cnt(E, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "今天是2026年4月13日，证书里有效期已经过了（有效期至在今天之前）的有多少本？",
        "number",
        cnt(C, ["有效期至", "<", "2026-04-13"]),
    ),
    (
        "now_current",
        "以今天2026-04-13为准，结束日期还没到（在今天之后）的维保合同有几份",
        "number",
        cnt(PU, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-13"]),
    ),
    (
        "now_current",
        "请问邱家豪的当前服务项目编号",
        "value",
        value(S, "当前服务项目编号", ["姓名", "=", "邱家豪"]),
    ),
    (
        "now_current",
        "XMSQ0235的XF-001这台设备现在完好状况怎样",
        "value",
        value(E, "完好状况", pj("XMSQ0235"), ["设备编号", "=", "XF-001"]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "帮忙看下XMSQ0254 2026年3月的开票金额",
        "number",
        total(F, "开票金额", pj("XMSQ0254"), m("2026-03")),
    ),
    (
        "monthly_fact",
        "XMSQ0385在2026年2月的考勤表里登记了几个人",
        "number",
        cnt(A, pj("XMSQ0385"), m("2026-02")),
    ),
    (
        "monthly_fact",
        "XMSQ0233项目 2026年1月 收了多少款？",
        "number",
        total(F, "收款金额", pj("XMSQ0233"), m("2026-01")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0385 2026-02的出勤人次是多少",
        "number",
        total(SN, "出勤人次", pj("XMSQ0385"), m("2026-02")),
    ),
    (
        "monthly_fact",
        "看月度快照，XMSQ0371在2026年3月的加班小时合计是多少",
        "number",
        total(SN, "加班小时合计", pj("XMSQ0371"), m("2026-03")),
    ),
    (
        "monthly_fact",
        "工号KWL1807555在4月份登记的考勤里上班天数是几天",
        "number",
        total(A, "上班天数", ["工号", "=", "KWL1807555"], m("2026-04")),
    ),
    ("monthly_fact", "xmsq0352 三月份排班表上排了几个人", "number", cnt(SC, pj("XMSQ0352"), m("2026-03"))),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "2026年3月，XMSQ0311和XMSQ0286谁的开票金额高？",
        "names",
        top(F, "项目编号", "sum:开票金额", m("2026-03"), ["项目编号", "in", ["XMSQ0311", "XMSQ0286"]]),
    ),
    (
        "compare",
        "2月份开票总额比3月份多了多少钱",
        "number",
        {"op": "diff", "a": total(F, "开票金额", m("2026-02")), "b": total(F, "开票金额", m("2026-03"))},
    ),
    (
        "compare",
        "保安_普保跟保洁员，花名册上人数差了多少？",
        "number",
        {
            "op": "absdiff",
            "a": cnt(S, ["岗位名称", "=", "保安_普保"]),
            "b": cnt(S, ["岗位名称", "=", "保洁员"]),
        },
    ),
    (
        "compare",
        "投标记录里中标的比未中标的多几条",
        "number",
        {"op": "diff", "a": cnt(B, ["中标结果", "=", "中标"]), "b": cnt(B, ["中标结果", "=", "未中标"])},
    ),
    (
        "compare",
        "采购部问一下：耗材采购的总金额是不是高于固定资产的总金额？",
        "bool",
        {
            "op": "gt",
            "a": total(PU, "金额", ["记录类型", "=", "耗材采购"]),
            "b": total(PU, "金额", ["记录类型", "=", "固定资产"]),
        },
    ),
    (
        "compare",
        "消防安全检查和月度品质检查，哪类平均分更高",
        "names",
        top(I, "检查类型", "avg:检查得分", ["检查类型", "in", ["消防安全检查", "月度品质检查"]]),
    ),
    (
        "compare",
        "考勤表2026年2月跟2026年3月的记录条数差几条",
        "number",
        {"op": "absdiff", "a": cnt(A, m("2026-02")), "b": cnt(A, m("2026-03"))},
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "我是新来的，想知道设备台数在15台及以上的项目有哪些",
        "names",
        having(E, "项目编号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "检查次数达到70次及以上的检查人，工号列一下",
        "names",
        having(I, "检查人工号", "count", [">=", 70]),
    ),
    (
        "group_having",
        "人员证书表里同时拿了两本及以上证书的是哪些人",
        "names",
        having(C, "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "在项目片区关系里挂了2个及以上片区的项目有几个",
        "number",
        having(PR, "项目编号", "count", [">=", 2], count=True),
    ),
    (
        "group_having",
        "采购（耗材+固定资产）笔数超过5笔的项目有多少个",
        "number",
        having(PU, "项目编号", "count", [">", 5], BUY, count=True),
    ),
    (
        "group_having",
        "4月份登记的考勤表中，登记了4个人及以上的项目是哪些",
        "names",
        having(A, "项目编号", "count", [">=", 4], m("2026-04")),
    ),
    ("group_having", "检查记录超过7次的项目，有哪些？", "names", having(I, "项目编号", "count", [">", 7])),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "运营这边统计：浦东片区下面挂了多少个项目",
        "number",
        cnt(PR, ["片区编号", "=", "PQ07"]),
    ),
    (
        "region_rollup",
        "科创片区2026年3月的开票金额合计是多少",
        "number",
        total(F, "开票金额", region("PQ03"), m("2026-03")),
    ),
    ("region_rollup", "松江片区的项目一共有多少台设备", "number", cnt(E, region("PQ05"))),
    ("region_rollup", "检查记录最多的是哪个片区呢", "names", top(I, "@片区编号", "count")),
    (
        "region_rollup",
        "嘉定片区的项目，2026年2月的考勤表里一共登记了多少人",
        "number",
        cnt(A, region("PQ06"), m("2026-02")),
    ),
    (
        "region_rollup",
        "长宁片区里服务状态为服务中的项目有几个？",
        "number",
        cnt(P, region("PQ08"), ["服务状态", "=", "服务中"]),
    ),
    ("region_rollup", "按片区分别统计设备原值合计", "groups", groups(E, "@片区编号", "sum:原值")),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "服务中的项目里，设备台账一台设备都没登记的有几个",
        "number",
        cnt(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(E, "项目编号")]),
    ),
    (
        "negation",
        "花名册中员工层级不属于一线员工的，多少人？",
        "number",
        cnt(S, ["员工层级", "!=", "一线员工"]),
    ),
    ("negation", "检查记录里问题描述没填的有几条", "number", cnt(I, ["问题描述", "null"])),
    ("negation", "委托方式除了全委以外的项目，一共多少个", "number", cnt(P, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "服务中的项目当中，检查记录里一次都没出现过的有多少个",
        "number",
        cnt(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(I, "项目编号")]),
    ),
    ("negation", "完好状况不是“完好”的设备共几台", "number", cnt(E, ["完好状况", "!=", "完好"])),
    ("negation", "人员证书表中有效期至空着的证书有几本", "number", cnt(C, ["有效期至", "null"])),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "保安_领班 或者 保洁_领班，花名册里合计多少人",
        "number",
        cnt(S, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    ("or_values", "电梯、消防这两类设备加一起几台", "number", cnt(E, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "消防安全检查或设备专项检查，这两种检查一共做了多少次",
        "number",
        cnt(I, ["检查类型", "in", ["消防安全检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "市（区）在徐汇区或长宁区的项目有几个",
        "number",
        cnt(P, ["市（区）", "in", ["徐汇区", "长宁区"]]),
    ),
    (
        "or_values",
        "证书类别是特种作业操作证或者特种设备作业人员证的，有几本",
        "number",
        cnt(C, ["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]),
    ),
    (
        "or_values",
        "采购（耗材采购和固定资产）里状态为已验收或已入账的一共多少笔",
        "number",
        cnt(PU, BUY, ["状态", "in", ["已验收", "已入账"]]),
    ),
    (
        "or_values",
        "细分业态为学校/医疗卫生的项目总数",
        "number",
        cnt(P, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15％的项目有几个", "number", cnt(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率低于5%的是哪些",
        "names",
        names(P, "项目编号", ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "请问客户满意度低于85分的项目数是多少", "number", cnt(P, ["客户满意度", "<", 85])),
    ("threshold_percent", "检查得分95分及以上的，有多少次检查", "number", cnt(I, ["检查得分", ">=", 95])),
    (
        "threshold_percent",
        "2026年3月考勤里，税后工资高于8000元的记录有几条？？",
        "number",
        cnt(A, m("2026-03"), ["税后工资", ">", 8000]),
    ),
    ("threshold_percent", "投标金额超过1000万元的投标有几次", "number", cnt(B, ["投标金额", ">", 10000000])),
    ("threshold_percent", "实际毛利率达到10%及以上的项目个数？", "number", cnt(P, ["实际毛利率", ">=", 0.1])),
    # ------------------------------------------------------------ share
    (
        "share",
        "人事想看下：花名册里女性占多大比例",
        "number",
        {"op": "ratio", "a": cnt(S, ["性别", "=", "女"]), "b": cnt(S)},
    ),
    (
        "share",
        "投标的中标率是多少（中标条数/全部投标记录）",
        "number",
        {"op": "ratio", "a": cnt(B, ["中标结果", "=", "中标"]), "b": cnt(B)},
    ),
    (
        "share",
        "设备里完好状况为完好的占百分之多少",
        "number",
        {"op": "ratio", "a": cnt(E, ["完好状况", "=", "完好"]), "b": cnt(E)},
    ),
    (
        "share",
        "项目信息表中服务中的项目占全部项目的比重",
        "number",
        {"op": "ratio", "a": cnt(P, ["服务状态", "=", "服务中"]), "b": cnt(P)},
    ),
    (
        "share",
        "2026年3月，收款金额合计占开票金额合计的比例是多少",
        "number",
        {"op": "ratio", "a": total(F, "收款金额", m("2026-03")), "b": total(F, "开票金额", m("2026-03"))},
    ),
    (
        "share",
        "采购总额（耗材采购+固定资产）里面，耗材采购占几成",
        "number",
        {"op": "ratio", "a": total(PU, "金额", ["记录类型", "=", "耗材采购"]), "b": total(PU, "金额", BUY)},
    ),
    (
        "share",
        "人员信息表里政治面貌为中共党员的占百分之几",
        "number",
        {"op": "ratio", "a": cnt(S, ["政治面貌", "=", "中共党员"]), "b": cnt(S)},
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "每种检查类型各做了多少次？", "groups", groups(I, "检查类型", "count")),
    ("grouped", "设备按完好状况分一下类，每类几台", "groups", groups(E, "完好状况", "count")),
    ("grouped", "分月看一下开票金额合计", "groups", groups(F, "年月", "sum:开票金额")),
    ("grouped", "麻烦按岗位名称统计一下花名册人数，谢谢", "groups", groups(S, "岗位名称", "count")),
    ("grouped", "投标记录按中标结果分组，各有几条", "groups", groups(B, "中标结果", "count")),
    ("grouped", "人员证书按证书类别分别有多少本", "groups", groups(C, "证书类别", "count")),
    ("grouped", "采购与维保台账里每种记录类型各几条记录", "groups", groups(PU, "记录类型", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999的开票金额是多少", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号KWL9900001是谁", "no_such_entity", "KWL9900001"),
    ("not_in_data_entity", "奉贤片区有多少项目", "no_such_entity", "奉贤片区"),
    (
        "not_in_data_entity",
        "上海顺达电梯工程有限公司做了几个维保合同",
        "no_such_entity",
        "上海顺达电梯工程有限公司",
    ),
    ("not_in_data_entity", "欧阳建国的岗位是什么", "no_such_entity", "欧阳建国"),
    ("not_in_data_entity", "岗位字典里“保安_巡逻员”属于哪个员工层级", "no_such_entity", "保安_巡逻员"),
    ("not_in_data_entity", "XMSQ0050项目的负责人", "no_such_entity", "XMSQ0050"),
    ("not_in_data_month", "2025年12月的开票金额合计是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月的考勤人数有多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月一共做了几次检查", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月排班表有几条", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年11月全公司收款多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "XMSQ0254 2026年5月开了多少票", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年10月的月度快照里出勤人次合计", "outside_coverage", "2025-10"),
    ("not_in_data_field", "各项目的车位数量分别是多少", "no_such_field", "车位数量"),
    ("not_in_data_field", "花名册里本科学历的员工有几个", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0235上个月的用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "员工的婚姻状况统计一下", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "每台设备的保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "项目的业主户数一共有多少户", "no_such_field", "业主户数"),
    ("not_in_data_field", "供应商的信用评级分别是什么", "no_such_field", "信用评级"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "好的 谢谢啦"),
    ("non_data", "帮我把XMSQ0101这个项目删掉"),
    ("non_data", "早上好，今天辛苦了"),
    ("non_data", "把邱家豪的联系电话改成13800000000"),
    ("non_data", "请把2026年3月XMSQ0254的开票金额改成90万"),
    ("non_data", "多谢多谢，问完了"),
]
