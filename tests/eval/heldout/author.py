"""The held-out questions as written (text, class, expected status, gold spec).

Written blind: from templates.md, cli.md and the generated ledgers only, never from kgdesk's
planner or lexicon. `python -m tests.eval.heldout.make_gold` writes questions.jsonl from this
list with the gold values computed by gold.py. Do not show this file to the planner team.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]
Q = tuple[str, str, str, Spec]  # class, question, gold kind, spec (status answered)

# ---------------------------------------------------------------- spec shorthands

ATT, PER, PRJ, FIN, EQ = "考勤与人员财务", "人员信息", "项目信息", "项目月度财务", "设备信息"
CERT, BID, BUY, CHK, SNAP, HC, REG = (
    "人员证书",
    "投标记录",
    "采购与维保",
    "检查记录",
    "月度快照",
    "岗位编制",
    "项目片区关系",
)


def agg(t: str, *where: list[Any], a: str = "count") -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": a}


def lst(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def ex(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, a: str, *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": a, "where": list(where), "n": n, "order": order}


def topv(t: str, by: str, a: str, *where: list[Any], order: str = "desc") -> Spec:
    return {"op": "top_value", "t": t, "by": by, "agg": a, "where": list(where), "order": order}


def having(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], count: bool = False) -> Spec:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "by": by,
        "agg": a,
        "cmp": cmp,
        "where": list(where),
    }


def diff(a: Spec, b: Spec) -> Spec:
    return {"op": "diff", "a": a, "b": b}


def absdiff(a: Spec, b: Spec) -> Spec:
    return {"op": "absdiff", "a": a, "b": b}


def gt(a: Spec, b: Spec) -> Spec:
    return {"op": "gt", "a": a, "b": b}


def ratio(a: Spec, b: Spec) -> Spec:
    return {"op": "ratio", "a": a, "b": b}


def anyof(spec: Spec, *conds: list[Any]) -> Spec:
    return {**spec, "any": list(conds)}


def p(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def m(month: str) -> list[Any]:
    return ["年月", "=", month]


def staff(no: str) -> list[Any]:
    return ["工号", "=", no]


def region(code: str, field: str = "项目编号") -> list[Any]:
    return [field, "region", code]


ACTIVE = ["离职日期", "null"]
SERVING = ["服务状态", "=", "服务中"]
OT = ["平时加班小时", ">", 0]


def in_region_projects(code: str) -> Spec:
    return lst(REG, "项目编号", ["片区编号", "=", code])


# Entities used below (all exist, names unique unless a question says otherwise).
MALU = "XMSQ0212"  # 松江-马陆实验小学 (its short name is shared by its buildings: full name only)
HQ = "XMSQ0268"  # 长宁-虹桥政务服务中心
CHJ = "XMSQ0255"  # 闵行-漕河泾档案馆
ZQ = "XMSQ0352"  # 嘉定-颛桥公园
ZR = "XMSQ0315"  # 徐汇-真如商务中心
TZ = "XMSQ0317"  # 浦东-唐镇工业园区
HQX = "XMSQ0306"  # 松江-虹桥实验小学
ZJJ = "XMSQ0348"  # 浦东-朱家角人才公寓
FL = "XMSQ0404"  # 浦东-枫林科技园
XJH = "XMSQ0209"  # 嘉定-徐家汇商务中心 (parent of three buildings)

ANSWERED: list[Q] = [
    # ------------------------------------------------------------ count
    ("count", "一共有多少个项目？", "number", agg(PRJ)),
    ("count", "公司现在台账里登记了几个片区", "number", agg("片区信息")),
    ("count", "人员信息表里总共多少人", "number", agg(PER)),
    ("count", "保安_普保岗位的员工有多少人？", "number", agg(PER, ["岗位名称", "=", "保安_普保"])),
    ("count", "岗位是保洁员的一共几个人", "number", agg(PER, ["岗位名称", "=", "保洁员"])),
    ("count", "女员工有多少名？", "number", agg(PER, ["性别", "=", "女"])),
    ("count", "男性员工人数是多少", "number", agg(PER, ["性别", "=", "男"])),
    ("count", "员工层级为一线员工的有几人？", "number", agg(PER, ["员工层级", "=", "一线员工"])),
    ("count", "项目管理人员这一层级有多少个人", "number", agg(PER, ["员工层级", "=", "项目管理人员"])),
    ("count", "政治面貌是中共党员的员工有多少？", "number", agg(PER, ["政治面貌", "=", "中共党员"])),
    ("count", "委托方式为全委的项目有几个", "number", agg(PRJ, ["委托方式", "=", "全委"])),
    ("count", "单一单委的项目数量", "number", agg(PRJ, ["委托方式", "=", "单一单委"])),
    ("count", "细分业态是学校的项目有多少个？", "number", agg(PRJ, ["细分业态", "=", "学校"])),
    ("count", "汇总业态属于园区的项目有几个", "number", agg(PRJ, ["汇总业态", "=", "园区"])),
    ("count", "徐汇区的项目有多少个？", "number", agg(PRJ, ["市（区）", "=", "徐汇区"])),
    ("count", "浦东新区一共有几个项目", "number", agg(PRJ, ["市（区）", "=", "浦东新区"])),
    ("count", "服务状态是已结束的项目有几个？", "number", agg(PRJ, ["服务状态", "=", "已结束"])),
    ("count", "还没开始服务（未开始）的项目有几个", "number", agg(PRJ, ["服务状态", "=", "未开始"])),
    ("count", "设备台账里一共登记了多少台设备？", "number", agg(EQ)),
    ("count", "电梯一共有多少部", "number", agg(EQ, ["设备类型", "=", "电梯"])),
    ("count", "完好状况为报废的设备有几台？", "number", agg(EQ, ["完好状况", "=", "报废"])),
    ("count", "带病运行的设备有多少台", "number", agg(EQ, ["完好状况", "=", "带病运行"])),
    ("count", "浦东-朱家角人才公寓有几台设备？", "number", agg(EQ, p(ZJJ))),
    (
        "count",
        "闵行-漕河泾档案馆登记了多少台供配电设备",
        "number",
        agg(EQ, p(CHJ), ["设备类型", "=", "供配电"]),
    ),
    ("count", "一共有多少家供应商？", "number", agg(BUY, ["记录类型", "=", "供应商"])),
    ("count", "维保合同有多少份", "number", agg(BUY, ["记录类型", "=", "维保合同"])),
    ("count", "耗材采购记录一共多少条？", "number", agg(BUY, ["记录类型", "=", "耗材采购"])),
    ("count", "固定资产采购有几笔", "number", agg(BUY, ["记录类型", "=", "固定资产"])),
    ("count", "检查记录总共有多少条", "number", agg(CHK)),
    ("count", "消防安全检查做过多少次？", "number", agg(CHK, ["检查类型", "=", "消防安全检查"])),
    ("count", "松江-虹桥实验小学被检查过几次", "number", agg(CHK, p(HQX))),
    (
        "count",
        "持有物业管理师证书的有几个人？",
        "number",
        agg(CERT, ["证书名称", "=", "物业管理师"], a="nunique:工号"),
    ),
    ("count", "保洁员（五级）证书一共有几张", "number", agg(CERT, ["证书名称", "=", "保洁员（五级）"])),
    ("count", "人员证书台账里有多少张证书", "number", agg(CERT)),
    ("count", "投标记录有多少条？", "number", agg(BID)),
    ("count", "中标的投标一共几次", "number", agg(BID, ["中标结果", "=", "中标"])),
    ("count", "未中标的标有几个？", "number", agg(BID, ["中标结果", "=", "未中标"])),
    ("count", "续标类型的投标记录有多少", "number", agg(BID, ["投标类型", "=", "续标"])),
    ("count", "2026年3月有考勤记录的员工有多少人", "number", agg(ATT, m("2026-03"), a="nunique:工号")),
    ("count", "2026年1月一共有多少条考勤记录？", "number", agg(ATT, m("2026-01"))),
    ("count", "2026年4月有几个项目有财务数据", "number", agg(FIN, m("2026-04"), a="nunique:项目编号")),
    (
        "count",
        "有多少个项目是续签的项目（有续签前项目编号）？",
        "number",
        agg(PRJ, ["续签前项目编号", "notnull"]),
    ),
    ("count", "嘉定-徐家汇商务中心下面有几个子项目", "number", agg(PRJ, ["上级项目编号", "=", XJH])),
    ("count", "有上级项目的项目一共有多少个？", "number", agg(PRJ, ["上级项目编号", "notnull"])),
    ("count", "已经离职的员工有几个", "number", agg(PER, ["离职日期", "notnull"])),
    # ------------------------------------------------------------ list
    ("list", "嘉定-徐家汇商务中心有哪些子项目？", "names", lst(PRJ, "项目编号", ["上级项目编号", "=", XJH])),
    ("list", "列出所有未开始的项目", "names", lst(PRJ, "项目编号", ["服务状态", "=", "未开始"])),
    ("list", "哪些人持有电梯安全管理员证？", "names", lst(CERT, "工号", ["证书名称", "=", "电梯安全管理员"])),
    ("list", "持有低压电工作业证书的员工名单", "names", lst(CERT, "工号", ["证书名称", "=", "低压电工作业"])),
    ("list", "列一下中级经济师证书的持证人", "names", lst(CERT, "工号", ["证书名称", "=", "中级经济师"])),
    (
        "list",
        "2026年3月长宁-虹桥政务服务中心有考勤的是哪些人？",
        "names",
        lst(ATT, "工号", p(HQ), m("2026-03")),
    ),
    ("list", "松江-虹桥实验小学2026年4月出勤的员工有谁", "names", lst(ATT, "工号", p(HQX), m("2026-04"))),
    (
        "list",
        "现在在浦东-枫林科技园服务的员工都有谁？",
        "names",
        lst(PER, "工号", ["当前服务项目编号", "=", FL], ACTIVE),
    ),
    ("list", "哪些员工是品质督导？", "names", lst(PER, "工号", ["岗位名称", "=", "品质督导"])),
    ("list", "片区负责人都有谁", "names", lst("片区信息", "片区负责人工号")),
    ("list", "已经离职的员工有哪些？", "names", lst(PER, "工号", ["离职日期", "notnull"])),
    ("list", "2026年1月闵行-漕河泾档案馆的考勤名单", "names", lst(ATT, "工号", p(CHJ), m("2026-01"))),
    ("list", "浦东-唐镇工业园区2026年3月有哪些人在岗", "names", lst(ATT, "工号", p(TZ), m("2026-03"))),
    ("list", "哪些项目属于长宁片区？", "names", in_region_projects("PQ08")),
    ("list", "闵行片区下面有哪些项目", "names", in_region_projects("PQ04")),
    (
        "list",
        "2026年4月入职的员工有哪些",
        "names",
        lst(PER, "工号", ["入职日期", ">=", "2026-04-01"], ["入职日期", "<=", "2026-04-30"]),
    ),
    ("list", "哪些项目有报废的设备？", "names", lst(EQ, "项目编号", ["完好状况", "=", "报废"])),
    (
        "list",
        "给我列下消防设施操作员（初级）证书的持证人员",
        "names",
        lst(CERT, "工号", ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    ("list", "哪些项目是续签自别的项目的？", "names", lst(PRJ, "项目编号", ["续签前项目编号", "notnull"])),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "2026年3月所有项目的开票金额合计是多少？",
        "number",
        agg(FIN, m("2026-03"), a="sum:开票金额"),
    ),
    ("sum_avg", "2026年2月收款金额总共多少元", "number", agg(FIN, m("2026-02"), a="sum:收款金额")),
    (
        "sum_avg",
        "松江-马陆实验小学2026年1月到3月一共开票多少",
        "number",
        agg(FIN, p(MALU), ["年月", ">=", "2026-01"], ["年月", "<=", "2026-03"], a="sum:开票金额"),
    ),
    (
        "sum_avg",
        "闵行-漕河泾档案馆2026年2月开票金额是多少？",
        "number",
        agg(FIN, p(CHJ), m("2026-02"), a="sum:开票金额"),
    ),
    ("sum_avg", "浦东-唐镇工业园区2026年的收款金额一共是多少", "number", agg(FIN, p(TZ), a="sum:收款金额")),
    ("sum_avg", "所有项目的合同金额加起来是多少？", "number", agg(PRJ, a="sum:合同金额")),
    ("sum_avg", "服务中的项目合同面积总共有多少平方米", "number", agg(PRJ, SERVING, a="sum:合同面积")),
    ("sum_avg", "项目的平均客户满意度是多少？", "number", agg(PRJ, a="avg:客户满意度")),
    ("sum_avg", "全部项目客户投诉一共多少次", "number", agg(PRJ, a="sum:客户投诉")),
    ("sum_avg", "员工平均司龄是多少年", "number", agg(PER, a="avg:司龄")),
    (
        "sum_avg",
        "2026年3月全公司平时加班小时合计多少？",
        "number",
        agg(ATT, m("2026-03"), a="sum:平时加班小时"),
    ),
    ("sum_avg", "2026年4月税后工资总额是多少", "number", agg(ATT, m("2026-04"), a="sum:税后工资")),
    ("sum_avg", "2026年2月大家的平均上班天数是多少天？", "number", agg(ATT, m("2026-02"), a="avg:上班天数")),
    (
        "sum_avg",
        "长宁-虹桥政务服务中心2026年3月平时加班一共多少个小时",
        "number",
        agg(ATT, p(HQ), m("2026-03"), a="sum:平时加班小时"),
    ),
    ("sum_avg", "2026年1月餐费一共发了多少钱", "number", agg(ATT, m("2026-01"), a="sum:餐费")),
    ("sum_avg", "2026年3月值班费合计", "number", agg(ATT, m("2026-03"), a="sum:值班费")),
    ("sum_avg", "电梯设备的原值合计多少元？", "number", agg(EQ, ["设备类型", "=", "电梯"], a="sum:原值")),
    (
        "sum_avg",
        "消防安全检查的平均得分是多少",
        "number",
        agg(CHK, ["检查类型", "=", "消防安全检查"], a="avg:检查得分"),
    ),
    ("sum_avg", "松江-虹桥实验小学历次检查的平均分", "number", agg(CHK, p(HQX), a="avg:检查得分")),
    ("sum_avg", "耗材采购的金额一共多少？", "number", agg(BUY, ["记录类型", "=", "耗材采购"], a="sum:金额")),
    (
        "sum_avg",
        "2026年3月耗材采购花了多少钱",
        "number",
        agg(BUY, ["记录类型", "=", "耗材采购"], m("2026-03"), a="sum:金额"),
    ),
    ("sum_avg", "维保合同金额合计是多少", "number", agg(BUY, ["记录类型", "=", "维保合同"], a="sum:金额")),
    (
        "sum_avg",
        "中标的投标金额加起来多少？",
        "number",
        agg(BID, ["中标结果", "=", "中标"], a="sum:投标金额"),
    ),
    ("sum_avg", "所有岗位的预算编制总数是多少", "number", agg(HC, a="sum:预算编制")),
    (
        "sum_avg",
        "保安_普保岗位的项目编制合计多少人？",
        "number",
        agg(HC, ["岗位", "=", "保安_普保"], a="sum:项目编制"),
    ),
    ("sum_avg", "2026年4月月度快照里在岗人数合计", "number", agg(SNAP, m("2026-04"), a="sum:在岗人数")),
    ("sum_avg", "服务中项目的平均实际毛利率是多少？", "number", agg(PRJ, SERVING, a="avg:实际毛利率")),
    ("sum_avg", "嘉定-颛桥公园今年以来一共收款多少", "number", agg(FIN, p(ZQ), a="sum:收款金额")),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同金额最大的项目是哪个？", "names", top(PRJ, "项目编号", "max:合同金额")),
    ("extreme_rank", "哪个项目合同面积最小", "names", top(PRJ, "项目编号", "max:合同面积", order="asc")),
    ("extreme_rank", "客户满意度最高的项目是哪一个？", "names", top(PRJ, "项目编号", "max:客户满意度")),
    ("extreme_rank", "司龄最长的员工是谁", "names", top(PER, "工号", "max:司龄")),
    (
        "extreme_rank",
        "2026年3月税后工资最高的是谁？",
        "names",
        top(ATT, "工号", "max:税后工资", m("2026-03")),
    ),
    (
        "extreme_rank",
        "2026年2月加班时间最长的员工是哪些人（并列的都算）",
        "names",
        top(ATT, "工号", "sum:平时加班小时", m("2026-02")),
    ),
    (
        "extreme_rank",
        "2026年1月开票金额最高的项目",
        "names",
        top(FIN, "项目编号", "sum:开票金额", m("2026-01")),
    ),
    ("extreme_rank", "哪个项目设备最多？", "names", top(EQ, "项目编号", "count")),
    ("extreme_rank", "哪个片区的项目最多", "names", top(REG, "片区编号", "count")),
    ("extreme_rank", "原值最高的设备原值是多少钱？", "number", agg(EQ, a="max:原值")),
    ("extreme_rank", "检查得分最低的一次是多少分", "number", agg(CHK, a="min:检查得分")),
    ("extreme_rank", "2026年3月单人税后工资最高是多少", "number", agg(ATT, m("2026-03"), a="max:税后工资")),
    ("extreme_rank", "投标金额最大的一次投标是哪个项目的？", "names", top(BID, "项目编号", "max:投标金额")),
    (
        "extreme_rank",
        "哪个供应商接的耗材采购单最多",
        "names",
        top(BUY, "供应商名称", "count", ["记录类型", "=", "耗材采购"]),
    ),
    (
        "extreme_rank",
        "2026年4月考勤人数最多的项目是哪个？",
        "names",
        top(ATT, "项目编号", "nunique:工号", m("2026-04")),
    ),
    ("extreme_rank", "哪个岗位的人最多", "names", top(PER, "岗位名称", "count")),
    ("extreme_rank", "年纪最大的员工是谁？", "names", top(PER, "工号", "min:出生日期", order="asc")),
    (
        "extreme_rank",
        "实际毛利率最低的服务中项目是哪个",
        "names",
        top(PRJ, "项目编号", "max:实际毛利率", SERVING, order="asc"),
    ),
    ("extreme_rank", "单个项目单月开票金额最高是多少？", "number", agg(FIN, a="max:开票金额")),
    # ------------------------------------------------------------ top_n
    ("top_n", "合同金额排名前三的项目", "names", top(PRJ, "项目编号", "max:合同金额", n=3)),
    (
        "top_n",
        "2026年3月开票金额前5名的项目是哪些？",
        "names",
        top(FIN, "项目编号", "sum:开票金额", m("2026-03"), n=5),
    ),
    ("top_n", "设备数量排前三的项目有哪些（并列都算）", "names", top(EQ, "项目编号", "count", n=3)),
    ("top_n", "2026年4月税后工资最高的三个人", "names", top(ATT, "工号", "max:税后工资", m("2026-04"), n=3)),
    ("top_n", "司龄前五的员工（并列的都算上）", "names", top(PER, "工号", "max:司龄", n=5)),
    (
        "top_n",
        "客户满意度倒数三名的项目是哪几个？",
        "names",
        top(PRJ, "项目编号", "max:客户满意度", order="asc", n=3),
    ),
    (
        "top_n",
        "2026年1月加班小时数TOP3的员工（并列的都列出来）",
        "names",
        top(ATT, "工号", "sum:平时加班小时", m("2026-01"), n=3),
    ),
    ("top_n", "项目数量最多的两个片区", "names", top(REG, "片区编号", "count", n=2)),
    ("top_n", "原值最高的那台设备在哪个项目", "names", top(EQ, "项目编号", "max:原值")),
    (
        "top_n",
        "检查得分最低的五个项目（按平均分）",
        "names",
        top(CHK, "项目编号", "avg:检查得分", order="asc", n=5),
    ),
    # ------------------------------------------------------------ existence
    ("existence", "松江-马陆实验小学2026年3月有人加过班吗？", "bool", ex(ATT, p(MALU), m("2026-03"), OT)),
    ("existence", "浦东-唐镇工业园区有没有报废的设备", "bool", ex(EQ, p(TZ), ["完好状况", "=", "报废"])),
    ("existence", "浦东-朱家角人才公寓有报废设备吗", "bool", ex(EQ, p(ZJJ), ["完好状况", "=", "报废"])),
    (
        "existence",
        "闵行-漕河泾档案馆有没有带病运行的设备？",
        "bool",
        ex(EQ, p(CHJ), ["完好状况", "=", "带病运行"]),
    ),
    ("existence", "长宁-虹桥政务服务中心有电梯吗", "bool", ex(EQ, p(HQ), ["设备类型", "=", "电梯"])),
    ("existence", "有没有员工持有高压电工作业证？", "bool", ex(CERT, ["证书名称", "=", "高压电工作业"])),
    ("existence", "嘉定-颛桥公园2026年3月有没有财务记录", "bool", ex(FIN, p(ZQ), m("2026-03"))),
    (
        "existence",
        "嘉定-颛桥公园2026年4月开过票没有？",
        "bool",
        ex(FIN, p(ZQ), m("2026-04"), ["开票金额", ">", 0]),
    ),
    ("existence", "2026年4月有没有人旷工过？", "bool", ex(ATT, m("2026-04"), ["_days", "has_code", "旷"])),
    (
        "existence",
        "邱雪梅2026年3月请过病假吗",
        "bool",
        ex(ATT, staff("KWL0911566"), m("2026-03"), ["_days", "has_code", "病"]),
    ),
    (
        "existence",
        "冯春生2026年1月有没有事假",
        "bool",
        ex(ATT, staff("KWL0703551"), m("2026-01"), ["_days", "has_code", "事"]),
    ),
    (
        "existence",
        "松江-虹桥实验小学有没有做过消防安全检查",
        "bool",
        ex(CHK, p(HQX), ["检查类型", "=", "消防安全检查"]),
    ),
    ("existence", "徐汇-真如商务中心有维保合同吗？", "bool", ex(BUY, p(ZR), ["记录类型", "=", "维保合同"])),
    ("existence", "有没有检查得分低于80分的检查", "bool", ex(CHK, ["检查得分", "<", 80])),
    ("existence", "有没有项目的客户投诉超过3次？", "bool", ex(PRJ, ["客户投诉", ">", 3])),
    ("existence", "2026年有中标的投标吗", "bool", ex(BID, ["年份", "=", 2026], ["中标结果", "=", "中标"])),
    ("existence", "2018年有没有中标的？", "bool", ex(BID, ["年份", "=", 2018], ["中标结果", "=", "中标"])),
    ("existence", "徐汇-真如商务中心2026年2月有人上班吗", "bool", ex(ATT, p(ZR), m("2026-02"))),
    ("existence", "浦东-唐镇工业园区2026年1月有没有人加班", "bool", ex(ATT, p(TZ), m("2026-01"), OT)),
    # ------------------------------------------------------------ status
    ("status", "浦东-枫林科技园的服务状态是什么？", "value", val(PRJ, "服务状态", p(FL))),
    ("status", "XMSQ0203现在是什么状态", "value", val(PRJ, "服务状态", p("XMSQ0203"))),
    ("status", "长宁-虹桥政务服务中心的项目负责人是谁", "value", val(PRJ, "项目负责人", p(HQ))),
    ("status", "徐汇-真如商务中心的委托方式是什么？", "value", val(PRJ, "委托方式", p(ZR))),
    ("status", "嘉定-颛桥公园的合同面积是多少", "value", val(PRJ, "合同面积", p(ZQ))),
    ("status", "松江-虹桥实验小学的合同金额是多少？", "value", val(PRJ, "合同金额", p(HQX))),
    ("status", "闵行-漕河泾档案馆在哪个区", "value", val(PRJ, "市（区）", p(CHJ))),
    ("status", "浦东-朱家角人才公寓的合同什么时候到期？", "value", val(PRJ, "结束日期", p(ZJJ))),
    ("status", "长宁-虹桥政务服务中心是哪天开始服务的", "value", val(PRJ, "开始日期", p(HQ))),
    ("status", "浦东-唐镇工业园区的计费方式", "value", val(PRJ, "计费方式", p(TZ))),
    ("status", "邱雪梅的岗位是什么？", "value", val(PER, "岗位名称", staff("KWL0911566"))),
    ("status", "冯春生的工号是多少", "value", val(PER, "工号", staff("KWL0703551"))),
    ("status", "蔡春梅的联系电话", "value", val(PER, "联系电话", staff("KWL1907709"))),
    ("status", "段鹏是哪天入职的？", "value", val(PER, "入职日期", staff("KWL0707367"))),
    ("status", "陈亮的职级是什么", "value", val(PER, "职级", staff("KWL1606444"))),
    ("status", "邱雪梅现在服务哪个项目？", "names", lst(PER, "当前服务项目编号", staff("KWL0911566"))),
    (
        "status",
        "韦磊的消防设施操作员（初级）证书有效期到什么时候",
        "value",
        val(CERT, "有效期至", staff("KWL2512523"), ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    (
        "status",
        "冯春生2026年3月上了几天班？",
        "value",
        val(ATT, "上班天数", staff("KWL0703551"), m("2026-03")),
    ),
    (
        "status",
        "邱雪梅2026年2月的税后工资是多少",
        "value",
        val(ATT, "税后工资", staff("KWL0911566"), m("2026-02")),
    ),
    (
        "status",
        "段鹏2026年1月平时加班了多少小时？",
        "value",
        val(ATT, "平时加班小时", staff("KWL0707367"), m("2026-01")),
    ),
    ("status", "长宁片区的负责人是谁", "names", lst("片区信息", "片区负责人工号", ["片区编号", "=", "PQ08"])),
    ("status", "浦东-枫林科技园的甲方是谁？", "value", val(PRJ, "甲方名称", p(FL))),
    ("status", "徐汇-真如商务中心的客户满意度是多少", "value", val(PRJ, "客户满意度", p(ZR))),
    # ------------------------------------------------------------ colloquial_wording
    ("colloquial_wording", "虹桥政务服务中心那边一共几台设备啊", "number", agg(EQ, p(HQ))),
    ("colloquial_wording", "颛桥公园的合同额是多少钱", "number", agg(PRJ, p(ZQ), a="sum:合同金额")),
    (
        "colloquial_wording",
        "真如商务中心三月份开了多少票（2026年）",
        "number",
        agg(FIN, p(ZR), m("2026-03"), a="sum:开票金额"),
    ),
    ("colloquial_wording", "枫林科技园的负责人叫啥", "value", val(PRJ, "项目负责人", p(FL))),
    (
        "colloquial_wording",
        "咱们的保安一共多少号人（保安_普保、保安_领班、保安_消控员都算）",
        "number",
        agg(PER, ["岗位名称", "in", ["保安_普保", "保安_领班", "保安_消控员"]]),
    ),
    ("colloquial_wording", "虹桥实验小学做过几回检查", "number", agg(CHK, p(HQX))),
    (
        "colloquial_wording",
        "26年3月工资表里一共发了多少税后工资",
        "number",
        agg(ATT, m("2026-03"), a="sum:税后工资"),
    ),
    (
        "colloquial_wording",
        "2026年2月的考勤表里一共有多少号人",
        "number",
        agg(ATT, m("2026-02"), a="nunique:工号"),
    ),
    ("colloquial_wording", "花名册上有多少女同事", "number", agg(PER, ["性别", "=", "女"])),
    (
        "colloquial_wording",
        "设备台账里的梯子（电梯）有几部是坏了停用的",
        "number",
        agg(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]),
    ),
    (
        "colloquial_wording",
        "采购台账里劳保耗材一共买了多少钱的",
        "number",
        agg(BUY, ["类别", "=", "劳保耗材"], a="sum:金额"),
    ),
    ("colloquial_wording", "颛桥公园的回款一共多少", "number", agg(FIN, p(ZQ), a="sum:收款金额")),
    ("colloquial_wording", "真如商务中心的满意度打了多少分", "value", val(PRJ, "客户满意度", p(ZR))),
    (
        "colloquial_wording",
        "虹桥政务服务中心2026年3月的人头数",
        "number",
        agg(ATT, p(HQ), m("2026-03"), a="nunique:工号"),
    ),
    ("colloquial_wording", "2026年3月开票额总计多少万", "number", agg(FIN, m("2026-03"), a="sum:开票金额")),
    ("colloquial_wording", "颛桥公园有多少平米", "value", val(PRJ, "合同面积", p(ZQ))),
    (
        "colloquial_wording",
        "XMSQ0268这个项目2026年1月打卡的有几位",
        "number",
        agg(ATT, p(HQ), m("2026-01"), a="nunique:工号"),
    ),
    ("colloquial_wording", "标书台账里2023年投了几个标", "number", agg(BID, ["年份", "=", 2023])),
    (
        "colloquial_wording",
        "品质检查记录里真如商务中心被扣分最多的那次得了几分（最低分）",
        "number",
        agg(CHK, p(ZR), a="min:检查得分"),
    ),
    (
        "colloquial_wording",
        "证书台账里有几个保安员（三级）",
        "number",
        agg(CERT, ["证书名称", "=", "保安员（三级）"]),
    ),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "今天是2026年3月15日，上个月松江-马陆实验小学开票多少？",
        "number",
        agg(FIN, p(MALU), m("2026-02"), a="sum:开票金额"),
    ),
    (
        "time_reference",
        "今天是2026年4月2日，上个月长宁-虹桥政务服务中心有几个人出勤",
        "number",
        agg(ATT, p(HQ), m("2026-03"), a="nunique:工号"),
    ),
    (
        "time_reference",
        "截至2026年2月底，闵行-漕河泾档案馆一共开了多少票？",
        "number",
        agg(FIN, p(CHJ), ["年月", "<=", "2026-02"], a="sum:开票金额"),
    ),
    ("time_reference", "上个月全公司开票总额是多少", "number", agg(FIN, m("2026-04"), a="sum:开票金额")),
    ("time_reference", "上上个月有考勤的一共多少人？", "number", agg(ATT, m("2026-03"), a="nunique:工号")),
    ("time_reference", "今年一共收款多少钱", "number", agg(FIN, a="sum:收款金额")),
    (
        "time_reference",
        "今天是2026年2月20日，本月浦东-唐镇工业园区开票多少",
        "number",
        agg(FIN, p(TZ), m("2026-02"), a="sum:开票金额"),
    ),
    (
        "time_reference",
        "以2026年4月10日为准，上个月平时加班合计多少小时？",
        "number",
        agg(ATT, m("2026-03"), a="sum:平时加班小时"),
    ),
    (
        "time_reference",
        "今天是2026年5月10日，上个月徐汇-真如商务中心有哪些人有考勤",
        "names",
        lst(ATT, "工号", p(ZR), m("2026-04")),
    ),
    (
        "time_reference",
        "今天是2026年4月30日，这个月的税后工资一共多少",
        "number",
        agg(ATT, m("2026-04"), a="sum:税后工资"),
    ),
    ("time_reference", "假设今天是2026年3月1日，上上个月考勤记录有几条？", "number", agg(ATT, m("2026-01"))),
    (
        "time_reference",
        "截至2026年3月，今年松江-马陆实验小学累计收款多少",
        "number",
        agg(FIN, p(MALU), ["年月", "<=", "2026-03"], a="sum:收款金额"),
    ),
    (
        "time_reference",
        "上个月哪个项目开票最多？",
        "names",
        top(FIN, "项目编号", "sum:开票金额", m("2026-04")),
    ),
    (
        "time_reference",
        "今天是2026年3月20日。上个月有没有人加班超过20小时？",
        "bool",
        ex(ATT, m("2026-02"), ["平时加班小时", ">", 20]),
    ),
    ("time_reference", "去年中标了几次", "number", agg(BID, ["年份", "=", 2025], ["中标结果", "=", "中标"])),
    ("time_reference", "今年有多少条检查记录", "number", agg(CHK, ["检查日期", ">=", "2026-01-01"])),
    (
        "time_reference",
        "今天是2026年4月5日，上个月做了几次消防安全检查",
        "number",
        agg(
            CHK,
            ["检查类型", "=", "消防安全检查"],
            ["检查日期", ">=", "2026-03-01"],
            ["检查日期", "<=", "2026-03-31"],
        ),
    ),
    (
        "time_reference",
        "今天是2026年2月14日，上个月闵行-漕河泾档案馆有几人出勤？",
        "number",
        agg(ATT, p(CHJ), m("2026-01"), a="nunique:工号"),
    ),
    (
        "time_reference",
        "上上个月松江-马陆实验小学收款多少",
        "number",
        agg(FIN, p(MALU), m("2026-03"), a="sum:收款金额"),
    ),
    (
        "time_reference",
        "截至2026年4月30日，有效期已经过了的证书有几张",
        "number",
        agg(CERT, ["有效期至", "<", "2026-04-30"]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "现在服务状态为服务中的项目有多少个？", "number", agg(PRJ, SERVING)),
    ("now_current", "当前在职的员工有多少人", "number", agg(PER, ACTIVE)),
    (
        "now_current",
        "现在还在职、岗位为保洁员的有几个？",
        "number",
        agg(PER, ACTIVE, ["岗位名称", "=", "保洁员"]),
    ),
    (
        "now_current",
        "现在在长宁-虹桥政务服务中心服务的员工有几个",
        "number",
        agg(PER, ["当前服务项目编号", "=", HQ], ACTIVE),
    ),
    ("now_current", "韦磊现在在哪个项目？", "names", lst(PER, "当前服务项目编号", staff("KWL2512523"))),
    (
        "now_current",
        "当前还在服务中的浦东新区项目有几个",
        "number",
        agg(PRJ, SERVING, ["市（区）", "=", "浦东新区"]),
    ),
    (
        "now_current",
        "现在还有效的证书（有效期至在今天之后，或长期有效）有几张？",
        "number",
        {
            "op": "agg",
            "t": CERT,
            "where": [],
            "any": [["有效期至", ">", "2026-05-12"], ["有效期至", "null"]],
            "agg": "count",
        },
    ),
    ("now_current", "目前在职的员工里女性有多少", "number", agg(PER, ACTIVE, ["性别", "=", "女"])),
    (
        "now_current",
        "当前闵行-漕河泾档案馆有哪些在职员工",
        "names",
        lst(PER, "工号", ["当前服务项目编号", "=", CHJ], ACTIVE),
    ),
    (
        "count",
        "状态是履约中的维保合同有几份",
        "number",
        agg(BUY, ["记录类型", "=", "维保合同"], ["状态", "=", "履约中"]),
    ),
    (
        "now_current",
        "现在合作中的供应商有多少家",
        "number",
        agg(BUY, ["记录类型", "=", "供应商"], ["状态", "=", "合作中"]),
    ),
    ("now_current", "现在在职的项目经理有几位？", "number", agg(PER, ACTIVE, ["岗位名称", "=", "项目经理"])),
    # ------------------------------------------------------------ monthly_fact_time
    (
        "monthly_fact_time",
        "2026年1月闵行-漕河泾档案馆有多少人出勤？",
        "number",
        agg(ATT, p(CHJ), m("2026-01"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "2026年2月闵行-漕河泾档案馆的在岗人数",
        "number",
        agg(ATT, p(CHJ), m("2026-02"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "2026年3月闵行-漕河泾档案馆有几个人有考勤",
        "number",
        agg(ATT, p(CHJ), m("2026-03"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "浦东-徐家汇档案馆-3号楼2026年1月有多少人出勤",
        "number",
        agg(ATT, p("XMSQ0259"), m("2026-01"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "浦东-徐家汇档案馆-3号楼2026年4月的考勤人数",
        "number",
        agg(ATT, p("XMSQ0259"), m("2026-04"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "2026年2月韦磊在哪个项目出勤？",
        "names",
        lst(ATT, "项目编号", staff("KWL2512523"), m("2026-02")),
    ),
    ("monthly_fact_time", "韦磊2026年1月有考勤记录吗", "bool", ex(ATT, staff("KWL2512523"), m("2026-01"))),
    ("monthly_fact_time", "万荣华2026年2月有考勤吗？", "bool", ex(ATT, staff("KWL2604468"), m("2026-02"))),
    (
        "monthly_fact_time",
        "松江-马陆实验小学2026年2月有几个人上班",
        "number",
        agg(ATT, p(MALU), m("2026-02"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "松江-马陆实验小学2026年3月出勤人次是多少",
        "number",
        agg(SNAP, p(MALU), m("2026-03"), a="sum:出勤人次"),
    ),
    (
        "monthly_fact_time",
        "浦东-唐镇工业园区2026年4月加班小时合计",
        "number",
        agg(ATT, p(TZ), m("2026-04"), a="sum:平时加班小时"),
    ),
    (
        "monthly_fact_time",
        "嘉定-颛桥公园2026年1月收款多少",
        "number",
        agg(FIN, p(ZQ), m("2026-01"), a="sum:收款金额"),
    ),
    (
        "monthly_fact_time",
        "2026年3月排班表里有多少人被排了班",
        "number",
        agg("排班月报", m("2026-03"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "2026年4月长宁-虹桥政务服务中心的税后工资总额",
        "number",
        agg(ATT, p(HQ), m("2026-04"), a="sum:税后工资"),
    ),
    (
        "monthly_fact_time",
        "2026年1月徐汇-真如商务中心在岗几人",
        "number",
        agg(ATT, p(ZR), m("2026-01"), a="nunique:工号"),
    ),
    (
        "monthly_fact_time",
        "2026年3月有多少个项目有人出勤",
        "number",
        agg(ATT, m("2026-03"), a="nunique:项目编号"),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "2026年3月松江-马陆实验小学和闵行-漕河泾档案馆的开票金额相差多少？",
        "number",
        absdiff(
            agg(FIN, p(MALU), m("2026-03"), a="sum:开票金额"),
            agg(FIN, p(CHJ), m("2026-03"), a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "2026年3月松江-马陆实验小学的开票金额高于闵行-漕河泾档案馆吗？",
        "bool",
        gt(
            agg(FIN, p(MALU), m("2026-03"), a="sum:开票金额"),
            agg(FIN, p(CHJ), m("2026-03"), a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "松江-马陆实验小学2026年2月比1月多开了多少票",
        "number",
        diff(
            agg(FIN, p(MALU), m("2026-02"), a="sum:开票金额"),
            agg(FIN, p(MALU), m("2026-01"), a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "2026年4月的考勤人数比2026年1月多了多少人？",
        "number",
        diff(agg(ATT, m("2026-04"), a="nunique:工号"), agg(ATT, m("2026-01"), a="nunique:工号")),
    ),
    (
        "compare",
        "长宁-虹桥政务服务中心和徐汇-真如商务中心哪个合同面积大，大多少？",
        "number",
        absdiff(agg(PRJ, p(HQ), a="sum:合同面积"), agg(PRJ, p(ZR), a="sum:合同面积")),
    ),
    (
        "compare",
        "嘉定-颛桥公园的客户满意度比徐汇-真如商务中心高吗",
        "bool",
        gt(agg(PRJ, p(ZQ), a="max:客户满意度"), agg(PRJ, p(ZR), a="max:客户满意度")),
    ),
    (
        "compare",
        "2026年3月平时加班合计比2月多吗？",
        "bool",
        gt(agg(ATT, m("2026-03"), a="sum:平时加班小时"), agg(ATT, m("2026-02"), a="sum:平时加班小时")),
    ),
    (
        "compare",
        "浦东-朱家角人才公寓的设备比闵行-漕河泾档案馆多几台",
        "number",
        diff(agg(EQ, p(ZJJ)), agg(EQ, p(CHJ))),
    ),
    (
        "compare",
        "2026年3月的开票总额和收款总额差多少",
        "number",
        diff(agg(FIN, m("2026-03"), a="sum:开票金额"), agg(FIN, m("2026-03"), a="sum:收款金额")),
    ),
    (
        "compare",
        "女员工比男员工少多少人？",
        "number",
        diff(agg(PER, ["性别", "=", "男"]), agg(PER, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "保安_普保的人数是不是比岗位为保洁员的人多",
        "bool",
        gt(agg(PER, ["岗位名称", "=", "保安_普保"]), agg(PER, ["岗位名称", "=", "保洁员"])),
    ),
    (
        "compare",
        "2026年4月税后工资总额比3月高吗",
        "bool",
        gt(agg(ATT, m("2026-04"), a="sum:税后工资"), agg(ATT, m("2026-03"), a="sum:税后工资")),
    ),
    (
        "compare",
        "长宁-虹桥政务服务中心2026年3月和4月的出勤人数差几个",
        "number",
        absdiff(
            agg(ATT, p(HQ), m("2026-03"), a="nunique:工号"), agg(ATT, p(HQ), m("2026-04"), a="nunique:工号")
        ),
    ),
    (
        "compare",
        "浦东-唐镇工业园区2026年1月的收款金额是否低于2月",
        "bool",
        gt(agg(FIN, p(TZ), m("2026-02"), a="sum:收款金额"), agg(FIN, p(TZ), m("2026-01"), a="sum:收款金额")),
    ),
    (
        "compare",
        "松江-虹桥实验小学的合同金额比长宁-虹桥政务服务中心多多少",
        "number",
        diff(agg(PRJ, p(HQX), a="sum:合同金额"), agg(PRJ, p(HQ), a="sum:合同金额")),
    ),
    (
        "compare",
        "消防安全检查和设备专项检查哪个做得多？多几次",
        "number",
        absdiff(agg(CHK, ["检查类型", "=", "消防安全检查"]), agg(CHK, ["检查类型", "=", "设备专项检查"])),
    ),
    (
        "compare",
        "2026年2月闵行-漕河泾档案馆的开票金额有没有超过40万",
        "bool",
        ex(FIN, p(CHJ), m("2026-02"), ["开票金额", ">", 400000]),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "有10台及以上设备的项目有几个？",
        "number",
        having(EQ, "项目编号", "count", [">=", 10], count=True),
    ),
    (
        "group_having",
        "哪些项目的设备在15台以上（含15台）？",
        "names",
        having(EQ, "项目编号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "2026年3月考勤人数达到7人及以上的项目有哪些",
        "names",
        having(ATT, "项目编号", "nunique:工号", [">=", 7], m("2026-03")),
    ),
    (
        "group_having",
        "被检查过5次及以上的项目有几个？",
        "number",
        having(CHK, "项目编号", "count", [">=", 5], count=True),
    ),
    ("group_having", "持有2张及以上证书的员工有谁", "names", having(CERT, "工号", "count", [">=", 2])),
    (
        "group_having",
        "2026年1到4月每个月都有财务记录的项目有几个",
        "number",
        having(FIN, "项目编号", "nunique:年月", [">=", 4], count=True),
    ),
    (
        "group_having",
        "四个月都有考勤的员工有多少人？",
        "number",
        having(ATT, "工号", "nunique:年月", [">=", 4], count=True),
    ),
    ("group_having", "项目数不少于40个的片区有哪些", "names", having(REG, "片区编号", "count", [">=", 40])),
    (
        "group_having",
        "负责3个及以上项目的项目负责人有几位？",
        "number",
        having(PRJ, "项目负责人工号", "count", [">=", 3], count=True),
    ),
    (
        "group_having",
        "2026年3月开票金额合计超过80万的项目有哪些？",
        "names",
        having(FIN, "项目编号", "sum:开票金额", [">", 800000], m("2026-03")),
    ),
    (
        "group_having",
        "采购单超过20笔的供应商有几家",
        "number",
        having(
            BUY, "供应商名称", "count", [">", 20], ["记录类型", "in", ["耗材采购", "固定资产"]], count=True
        ),
    ),
    (
        "group_having",
        "有3台及以上电梯的项目",
        "names",
        having(EQ, "项目编号", "count", [">=", 3], ["设备类型", "=", "电梯"]),
    ),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "长宁片区2026年3月开票金额合计多少？",
        "number",
        agg(FIN, region("PQ08"), m("2026-03"), a="sum:开票金额"),
    ),
    (
        "region_rollup",
        "闵行片区2026年1月一共多少人出勤",
        "number",
        agg(ATT, region("PQ04"), m("2026-01"), a="nunique:工号"),
    ),
    ("region_rollup", "松江片区今年一共收款多少钱", "number", agg(FIN, region("PQ05"), a="sum:收款金额")),
    ("region_rollup", "青浦片区有多少个项目？", "number", agg(REG, ["片区编号", "=", "PQ01"])),
    ("region_rollup", "浦东片区一共有几台设备", "number", agg(EQ, region("PQ07"))),
    (
        "region_rollup",
        "徐汇片区2026年4月的加班小时合计",
        "number",
        agg(ATT, region("PQ02"), m("2026-04"), a="sum:平时加班小时"),
    ),
    (
        "region_rollup",
        "嘉定片区2026年2月的税后工资总额是多少",
        "number",
        agg(ATT, region("PQ06"), m("2026-02"), a="sum:税后工资"),
    ),
    ("region_rollup", "科创片区做过多少次检查？", "number", agg(CHK, region("PQ03"))),
    (
        "region_rollup",
        "哪个片区2026年3月开票金额最高",
        "names",
        top(FIN, "@片区编号", "sum:开票金额", m("2026-03")),
    ),
    ("region_rollup", "长宁片区有没有报废的设备", "bool", ex(EQ, region("PQ08"), ["完好状况", "=", "报废"])),
    (
        "region_rollup",
        "闵行片区的项目负责人有几位（不重复）",
        "number",
        agg(PRJ, region("PQ04"), a="nunique:项目负责人工号"),
    ),
    (
        "region_rollup",
        "松江片区2026年3月有考勤的员工有多少",
        "number",
        agg(ATT, region("PQ05"), m("2026-03"), a="nunique:工号"),
    ),
    (
        "region_rollup",
        "青浦片区耗材采购总金额",
        "number",
        agg(BUY, region("PQ01"), ["记录类型", "=", "耗材采购"], a="sum:金额"),
    ),
    ("region_rollup", "长宁片区服务中的项目有几个", "number", agg(PRJ, region("PQ08"), SERVING)),
    # ------------------------------------------------------------ negation_exclusion
    (
        "negation_exclusion",
        "没有任何证书的保安_消控员有几个？",
        "number",
        agg(PER, ["岗位名称", "=", "保安_消控员"], ["工号", "not_in_q", lst(CERT, "工号")]),
    ),
    (
        "negation_exclusion",
        "哪些保安_消控员没有消防设施操作员（初级）证书",
        "names",
        lst(
            PER,
            "工号",
            ["岗位名称", "=", "保安_消控员"],
            ["工号", "not_in_q", lst(CERT, "工号", ["证书名称", "=", "消防设施操作员（初级）"])],
        ),
    ),
    (
        "negation_exclusion",
        "除了保安_普保以外，一线员工有多少人",
        "number",
        agg(PER, ["员工层级", "=", "一线员工"], ["岗位名称", "!=", "保安_普保"]),
    ),
    ("negation_exclusion", "不是全委的项目有几个？", "number", agg(PRJ, ["委托方式", "!=", "全委"])),
    (
        "negation_exclusion",
        "服务状态不是服务中的项目有多少",
        "number",
        agg(PRJ, ["服务状态", "!=", "服务中"]),
    ),
    (
        "negation_exclusion",
        "除了完好的以外，其他状况的设备一共有几台",
        "number",
        agg(EQ, ["完好状况", "!=", "完好"]),
    ),
    (
        "negation_exclusion",
        "2026年3月有考勤但没有加班的人有多少",
        "number",
        agg(ATT, m("2026-03"), ["平时加班小时", "=", 0], a="nunique:工号"),
    ),
    (
        "negation_exclusion",
        "浦东-唐镇工业园区2026年3月没加班的是谁",
        "names",
        lst(ATT, "工号", p(TZ), m("2026-03"), ["平时加班小时", "=", 0]),
    ),
    (
        "negation_exclusion",
        "除去浦东新区，其他区的项目一共几个？",
        "number",
        agg(PRJ, ["市（区）", "!=", "浦东新区"]),
    ),
    (
        "negation_exclusion",
        "没有设备登记的服务中项目有多少个",
        "number",
        agg(PRJ, SERVING, ["项目编号", "not_in_q", lst(EQ, "项目编号")]),
    ),
    (
        "negation_exclusion",
        "2026年4月没有财务记录的服务中项目有几个？",
        "number",
        agg(PRJ, SERVING, ["项目编号", "not_in_q", lst(FIN, "项目编号", m("2026-04"))]),
    ),
    (
        "negation_exclusion",
        "有没有哪个片区负责人从来没做过检查？",
        "bool",
        ex("片区信息", ["片区负责人工号", "not_in_q", lst(CHK, "检查人工号")]),
    ),
    (
        "negation_exclusion",
        "不含报废的，浦东-朱家角人才公寓有几台设备",
        "number",
        agg(EQ, p(ZJJ), ["完好状况", "!=", "报废"]),
    ),
    (
        "negation_exclusion",
        "没有收到款的项目月份（收款金额为0）有几条财务记录",
        "number",
        agg(FIN, ["收款金额", "=", 0]),
    ),
    (
        "negation_exclusion",
        "别算已结束的项目，项目负责人钟强管着几个项目",
        "number",
        agg(PRJ, ["项目负责人", "=", "钟强"], ["服务状态", "!=", "已结束"]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率高于15%的项目有几个？", "number", agg(PRJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "实际毛利率低于5%的项目有哪些",
        "names",
        lst(PRJ, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    (
        "threshold_percent",
        "毛利率在10%及以上的服务中项目有多少个",
        "number",
        agg(PRJ, SERVING, ["实际毛利率", ">=", 0.10]),
    ),
    ("threshold_percent", "实际毛利率不到8%的项目数量", "number", agg(PRJ, ["实际毛利率", "<", 0.08])),
    ("threshold_percent", "有没有毛利率超过17.5%的项目？", "bool", ex(PRJ, ["实际毛利率", ">", 0.175])),
    (
        "threshold_percent",
        "客户满意度在95分以上（含95分）的项目有几个",
        "number",
        agg(PRJ, ["客户满意度", ">=", 95]),
    ),
    (
        "threshold_percent",
        "合同金额超过3000万元的项目有几个？",
        "number",
        agg(PRJ, ["合同金额", ">", 30000000]),
    ),
    (
        "threshold_percent",
        "合同金额在1000万以上（含）的浦东新区项目有多少个",
        "number",
        agg(PRJ, ["合同金额", ">=", 10000000], ["市（区）", "=", "浦东新区"]),
    ),
    (
        "threshold_percent",
        "2026年3月税后工资超过6000元的有几个人",
        "number",
        agg(ATT, m("2026-03"), ["税后工资", ">", 6000], a="nunique:工号"),
    ),
    (
        "threshold_percent",
        "原值在50万元以上（含50万）的设备有多少台？",
        "number",
        agg(EQ, ["原值", ">=", 500000]),
    ),
    (
        "threshold_percent",
        "2026年2月开票金额超过80万的项目有哪些",
        "names",
        lst(FIN, "项目编号", m("2026-02"), ["开票金额", ">", 800000]),
    ),
    ("threshold_percent", "司龄满10年的员工有多少？", "number", agg(PER, ["司龄", ">=", 10])),
    (
        "threshold_percent",
        "合同面积10万平方米以上（含）的项目有几个",
        "number",
        agg(PRJ, ["合同面积", ">=", 100000]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "委托方式是多项单委或者单一单委的项目有几个？",
        "number",
        agg(PRJ, ["委托方式", "in", ["多项单委", "单一单委"]]),
    ),
    (
        "or_values",
        "设备类型为电梯或消防的设备一共多少台",
        "number",
        agg(EQ, ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "or_values",
        "完好状况为停用或者报废的设备有几台？",
        "number",
        agg(EQ, ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "徐汇区或长宁区的项目一共有几个",
        "number",
        agg(PRJ, ["市（区）", "in", ["徐汇区", "长宁区"]]),
    ),
    (
        "or_values",
        "岗位是保洁员或者绿化工的一共几个人",
        "number",
        agg(PER, ["岗位名称", "in", ["保洁员", "绿化工"]]),
    ),
    (
        "or_values",
        "持有低压电工作业或高压电工作业证书的人有哪些？",
        "names",
        lst(CERT, "工号", ["证书名称", "in", ["低压电工作业", "高压电工作业"]]),
    ),
    (
        "or_values",
        "消防安全检查或者设备专项检查一共做了多少次",
        "number",
        agg(CHK, ["检查类型", "in", ["消防安全检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "细分业态是学校或医疗卫生的项目数量",
        "number",
        agg(PRJ, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    (
        "or_values",
        "2026年1月或2月长宁-虹桥政务服务中心有考勤的员工有几个（不重复）",
        "number",
        agg(ATT, p(HQ), ["年月", "in", ["2026-01", "2026-02"]], a="nunique:工号"),
    ),
    (
        "or_values",
        "中标结果是未中标或待定的投标有几条",
        "number",
        agg(BID, ["中标结果", "in", ["未中标", "待定"]]),
    ),
    (
        "or_values",
        "清洁耗材或者劳保耗材的采购金额合计是多少",
        "number",
        agg(BUY, ["类别", "in", ["清洁耗材", "劳保耗材"]], a="sum:金额"),
    ),
    # ------------------------------------------------------------ share_percent
    (
        "share_percent",
        "女员工占全部员工的比例是多少？",
        "number",
        ratio(agg(PER, ["性别", "=", "女"]), agg(PER)),
    ),
    ("share_percent", "服务中的项目占所有项目的百分之多少", "number", ratio(agg(PRJ, SERVING), agg(PRJ))),
    ("share_percent", "完好设备占比多少", "number", ratio(agg(EQ, ["完好状况", "=", "完好"]), agg(EQ))),
    (
        "share_percent",
        "2026年3月收款金额占开票金额的比例",
        "number",
        ratio(agg(FIN, m("2026-03"), a="sum:收款金额"), agg(FIN, m("2026-03"), a="sum:开票金额")),
    ),
    (
        "share_percent",
        "全委项目在所有项目里占几成（百分比）",
        "number",
        ratio(agg(PRJ, ["委托方式", "=", "全委"]), agg(PRJ)),
    ),
    (
        "share_percent",
        "保安_普保占人员总数的百分比是多少？",
        "number",
        ratio(agg(PER, ["岗位名称", "=", "保安_普保"]), agg(PER)),
    ),
    (
        "share_percent",
        "中标率是多少（中标的投标占全部投标的比例）",
        "number",
        ratio(agg(BID, ["中标结果", "=", "中标"]), agg(BID)),
    ),
    (
        "share_percent",
        "浦东新区的项目占全部项目的比例",
        "number",
        ratio(agg(PRJ, ["市（区）", "=", "浦东新区"]), agg(PRJ)),
    ),
    (
        "share_percent",
        "2026年3月有加班的考勤记录占当月考勤记录的比例是多少",
        "number",
        ratio(agg(ATT, m("2026-03"), OT), agg(ATT, m("2026-03"))),
    ),
    # ------------------------------------------------------------ grouped (value null, table)
    (
        "grouped",
        "各片区分别有多少个项目？",
        "groups",
        {"op": "groups", "t": REG, "by": "片区编号", "agg": "count", "where": []},
    ),
    (
        "grouped",
        "按服务状态统计项目数量",
        "groups",
        {"op": "groups", "t": PRJ, "by": "服务状态", "agg": "count", "where": []},
    ),
    (
        "grouped",
        "2026年每个月的开票金额合计分别是多少",
        "groups",
        {"op": "groups", "t": FIN, "by": "年月", "agg": "sum:开票金额", "where": []},
    ),
    (
        "grouped",
        "每个月有考勤的人数各是多少？",
        "groups",
        {"op": "groups", "t": ATT, "by": "年月", "agg": "nunique:工号", "where": []},
    ),
    (
        "grouped",
        "按设备完好状况分别统计设备数量",
        "groups",
        {"op": "groups", "t": EQ, "by": "完好状况", "agg": "count", "where": []},
    ),
    (
        "grouped",
        "不同委托方式的项目各有几个",
        "groups",
        {"op": "groups", "t": PRJ, "by": "委托方式", "agg": "count", "where": []},
    ),
    (
        "grouped",
        "松江-马陆实验小学每个月的开票金额",
        "groups",
        {"op": "groups", "t": FIN, "by": "年月", "agg": "sum:开票金额", "where": [p(MALU)]},
    ),
]

# ---------------------------------------------------------------- not in the data / non-data

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # class, question, reason, missing
    ("not_in_data_entity", "XMSQ9876项目有多少台设备？", "no_such_entity", "XMSQ9876"),
    ("not_in_data_entity", "XMSQ9876这个项目2026年3月开票多少", "no_such_entity", "XMSQ9876"),
    ("not_in_data_entity", "项目XMSQ0999的负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号KWL9999999的员工是哪个岗位？", "no_such_entity", "KWL9999999"),
    ("not_in_data_entity", "欧阳娜娜2026年3月上了几天班", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "司马光的联系电话是多少？", "no_such_entity", "司马光"),
    ("not_in_data_entity", "诸葛明现在在哪个项目服务", "no_such_entity", "诸葛明"),
    ("not_in_data_entity", "长宁-天山路写字楼有几台电梯？", "no_such_entity", "长宁-天山路写字楼"),
    ("not_in_data_entity", "崇明片区有多少个项目", "no_such_entity", "崇明片区"),
    ("not_in_data_entity", "金山-枫泾古镇项目的合同金额是多少？", "no_such_entity", "金山-枫泾古镇"),
    ("not_in_data_entity", "PQ99片区的负责人是谁", "no_such_entity", "PQ99"),
    ("not_in_data_entity", "上官婉儿持有哪些证书？", "no_such_entity", "上官婉儿"),
    ("not_in_data_entity", "奉贤片区2026年3月开票金额合计", "no_such_entity", "奉贤片区"),
    ("not_in_data_entity", "设备编号ZZ-999在哪个项目", "no_such_entity", "ZZ-999"),
    ("not_in_data_entity", "宝山-淞南体育馆2026年2月有几个人出勤", "no_such_entity", "宝山-淞南体育馆"),
    ("not_in_data_entity", "XMSQ0500的开票金额合计是多少？", "no_such_entity", "XMSQ0500"),
    ("not_in_data_entity", "工号KWL0000001是谁", "no_such_entity", "KWL0000001"),
    ("not_in_data_entity", "张伟伟2026年4月的税后工资是多少", "no_such_entity", "张伟伟"),
    ("not_in_data_entity", "黄浦片区有几个项目？", "no_such_entity", "黄浦片区"),
    ("not_in_data_entity", "徐汇-漕河泾大剧院有没有报废设备", "no_such_entity", "徐汇-漕河泾大剧院"),
    ("not_in_data_month", "2025年12月松江-马陆实验小学开票多少？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月有考勤的员工有多少人", "outside_coverage", "2026-06"),
    ("not_in_data_month", "本月全公司开票金额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月长宁-虹桥政务服务中心的考勤人数", "outside_coverage", "2025-11"),
    ("not_in_data_month", "今天是2026年8月3日，上个月税后工资总额多少？", "outside_coverage", "2026-07"),
    ("not_in_data_month", "2024年全年一共收款多少", "outside_coverage", "2024"),
    ("not_in_data_month", "这个月闵行-漕河泾档案馆有几个人出勤", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年5月的平时加班小时合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "今天是2026年1月5日，上个月的开票金额合计是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年10月浦东-唐镇工业园区收款多少钱", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2027年1月的考勤人数是多少？", "outside_coverage", "2027-01"),
    ("not_in_data_month", "2025年全年开票金额合计多少", "outside_coverage", "2025"),
    (
        "not_in_data_month",
        "今天是2026年2月10日，上上个月的收款金额合计是多少？",
        "outside_coverage",
        "2025-12",
    ),
    ("not_in_data_field", "邱雪梅的婚姻状况是什么？", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "冯春生的学历是什么", "no_such_field", "学历"),
    ("not_in_data_field", "长宁-虹桥政务服务中心的物业费单价是多少一平", "no_such_field", "物业费单价"),
    ("not_in_data_field", "员工的平均身高是多少？", "no_such_field", "身高"),
    ("not_in_data_field", "蔡春梅有几个孩子", "no_such_field", "子女"),
    ("not_in_data_field", "浦东-唐镇工业园区的停车位有多少个？", "no_such_field", "停车位"),
    ("not_in_data_field", "段鹏的血型是什么", "no_such_field", "血型"),
    ("not_in_data_field", "各项目的用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "陈亮的籍贯是哪里？", "no_such_field", "籍贯"),
    ("not_in_data_field", "徐汇-真如商务中心的绿化覆盖率是多少", "no_such_field", "绿化覆盖率"),
    ("not_in_data_field", "邱雪梅的微信号是多少", "no_such_field", "微信号"),
    ("not_in_data_field", "各项目的物业费收缴率是多少？", "no_such_field", "收缴率"),
    ("not_in_data_field", "浦东-朱家角人才公寓的设备保修期到什么时候", "no_such_field", "保修期"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data_request", "你好"),
    ("non_data_request", "您好，请问你能做什么？"),
    ("non_data_request", "谢谢你！"),
    ("non_data_request", "把邱雪梅的岗位改成保洁员"),
    ("non_data_request", "删除XMSQ0268这个项目"),
    ("non_data_request", "帮我把2026年3月的考勤数据删掉"),
    ("non_data_request", "把松江-马陆实验小学的合同金额改成2000万"),
    ("non_data_request", "新增一个员工，叫张三"),
]

CLARIFY: list[tuple[str, str, str]] = [
    # class, question, why
    ("clarify_ambiguous", "闫志强的工号是多少？", "two people share this name"),
]
