"""The eighteenth held-out set as written: questions and their gold specs (../../blind_gold.py).

Written blind (see README.md). make_gold.py turns this file into questions.jsonl. The fixed today
is 2026-02-09 (gold.TODAY): 本月 2026-02, 上个月 2026-01, 上上个月 2025-12 (not covered).
"""

from __future__ import annotations

from typing import Any

KQ = "考勤与人员财务"
PB = "排班月报"
CW = "项目月度财务"
XM = "项目信息"
RY = "人员信息"
SB = "设备信息"
CG = "采购与维保"
JC = "检查记录"
ZS = "人员证书"
TB = "投标记录"
KZ = "月度快照"
BZ = "岗位编制"
ZD = "岗位字典"
PQ = "片区信息"
GX = "项目片区关系"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
JAN = ["年月", "=", "2026-01"]
FEB = ["年月", "=", "2026-02"]


def agg(t: str, where: list[Any] | None = None, a: str = "count", **kw: Any) -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": where or [], "agg": a, **kw}


def lst(t: str, key: str, where: list[Any] | None = None, **kw: Any) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": where or [], **kw}


def top(
    t: str, by: str, a: str, n: int = 1, order: str = "desc", where: list[Any] | None = None
) -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": a, "n": n, "order": order, "where": where or []}


def having(
    t: str, by: str, a: str, cmp: list[Any], where: list[Any] | None = None, op: str = "having"
) -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": a, "cmp": cmp, "where": where or []}


def val(t: str, field: str, where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": where}


def ex(t: str, where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": where}


def grp(t: str, by: str, a: str = "count", where: list[Any] | None = None) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": where or []}


def two(opname: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": opname, "a": a, "b": b}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "人员信息表里总共登记了多少个员工", "number", agg(RY)),
    (
        "count",
        "设备台账上 完好状况填的“带病运行”的，一共几台？",
        "number",
        agg(SB, [["完好状况", "=", "带病运行"]]),
    ),
    ("count", "投标记录中结果为未中标的有几条记录", "number", agg(TB, [["中标结果", "=", "未中标"]])),
    (
        "count",
        "项目信息表里 市（区）是浦东新区的项目，数一下有多少个",
        "number",
        agg(XM, [["市（区）", "=", "浦东新区"]]),
    ),
    (
        "count",
        "2026年3月1日到2026年3月15日（两头都算）期间，检查记录里一共登记了多少次检查？",
        "number",
        agg(JC, [["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-15"]]),
    ),
    (
        "count",
        "证书类别属于特种作业操作证的证书有多少本",
        "number",
        agg(ZS, [["证书类别", "=", "特种作业操作证"]]),
    ),
    ("count", "采购与维保台账里登记的维保合同一共有几份", "number", agg(CG, [["记录类型", "=", "维保合同"]])),
    (
        "count",
        "花名册上入职日期在2025年7月1日当天或之后的人有多少",
        "number",
        agg(RY, [["入职日期", ">=", "2025-07-01"]]),
    ),
    # ---------------------------------------------------------------- list
    (
        "list",
        "合同状况是“已签约未进场”的都是哪几个项目？列下编号",
        "names",
        lst(XM, "项目编号", [["合同状况", "=", "已签约未进场"]]),
    ),
    (
        "list",
        "岗位字典里员工层级=职能管理人员的岗位名称有哪些",
        "names",
        lst(ZD, "岗位名称", [["员工层级", "=", "职能管理人员"]]),
    ),
    (
        "list",
        "xmsq0134 上个月的考勤表上都有哪些人",
        "names",
        lst(KQ, "工号", [["项目编号", "=", "XMSQ0134"], JAN]),
    ),
    (
        "list",
        "检查得分不到80.5分的那些检查，分别是哪些项目的",
        "names",
        lst(JC, "项目编号", [["检查得分", "<", 80.5]]),
    ),
    (
        "list",
        "有效期至早于2023年1月1日的证书，持证人是谁？",
        "names",
        lst(ZS, "工号", [["有效期至", "<", "2023-01-01"]]),
    ),
    (
        "list",
        "供应商名录里类别是电梯维保的供应商有哪几家",
        "names",
        lst(CG, "供应商名称", [["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]]),
    ),
    (
        "list",
        "中标日期落在2025年1月1日至2025年6月30日之间（含首尾）的中标项目有哪些",
        "names",
        lst(
            TB,
            "项目编号",
            [["中标结果", "=", "中标"], ["中标日期", ">=", "2025-01-01"], ["中标日期", "<=", "2025-06-30"]],
        ),
    ),
    # ---------------------------------------------------------------- sum_avg
    ("sum_avg", "上个月全公司项目月度财务的开票金额加总是多少", "number", agg(CW, [JAN], "sum:开票金额")),
    ("sum_avg", "2月份登记的考勤里，平时加班小时合计多少小时", "number", agg(KQ, [FEB], "sum:平时加班小时")),
    (
        "sum_avg",
        "采购与维保台账中 固定资产 那几类记录的金额总计",
        "number",
        agg(CG, [["记录类型", "=", "固定资产"]], "sum:金额"),
    ),
    (
        "sum_avg",
        "长宁区的项目客户满意度平均下来是多少分",
        "number",
        agg(XM, [["市（区）", "=", "长宁区"]], "avg:客户满意度"),
    ),
    (
        "sum_avg",
        "暖通空调类设备的原值均值是多少",
        "number",
        agg(SB, [["设备类型", "=", "暖通空调"]], "avg:原值"),
    ),
    (
        "sum_avg",
        "投标年份为今年的那些投标，投标金额一共多少钱",
        "number",
        agg(TB, [["年份", "=", 2026]], "sum:投标金额"),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分？",
        "number",
        agg(JC, [["检查类型", "=", "季度综合检查"]], "avg:检查得分"),
    ),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同金额最大的是哪一个项目", "names", top(XM, "项目编号", "max:合同金额")),
    ("extreme_rank", "原值最高的那台设备是哪个项目的", "names", top(SB, "项目编号", "max:原值")),
    (
        "extreme_rank",
        "1月份考勤里税后工资拿得最少的是哪位",
        "names",
        top(KQ, "工号", "min:税后工资", order="asc", where=[JAN]),
    ),
    (
        "extreme_rank",
        "单价最贵的那笔采购（耗材或固定资产），供应商是哪家？",
        "names",
        top(CG, "供应商名称", "max:单价", where=[BUY]),
    ),
    ("extreme_rank", "项目片区关系里，挂靠项目最多的是哪个片区", "names", top(GX, "片区编号", "count")),
    (
        "extreme_rank",
        "人员信息表中入职日期最早的员工是谁",
        "names",
        top(RY, "工号", "min:入职日期", order="asc"),
    ),
    (
        "extreme_rank",
        "客户满意度最低的项目是哪个？",
        "names",
        top(XM, "项目编号", "min:客户满意度", order="asc"),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "年化合同额排前三的项目给我列一下", "names", top(XM, "项目编号", "max:年化合同额", 3)),
    ("top_n", "设备台数最多的四个项目分别是？", "names", top(SB, "项目编号", "count", 4)),
    ("top_n", "2026年1月开票金额最高的3个项目", "names", top(CW, "项目编号", "sum:开票金额", 3, where=[JAN])),
    (
        "top_n",
        "耗材采购金额累计最多的前三家供应商是谁",
        "names",
        top(CG, "供应商名称", "sum:金额", 3, where=[["记录类型", "=", "耗材采购"]]),
    ),
    ("top_n", "上个月税后工资前三名是哪三个人", "names", top(KQ, "工号", "sum:税后工资", 3, where=[JAN])),
    ("top_n", "做得最多的两类检查是哪两类（按检查记录条数）", "names", top(JC, "检查类型", "count", 2)),
    ("top_n", "合同面积最小的三个项目是哪几个", "names", top(XM, "项目编号", "min:合同面积", 3, order="asc")),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "有没有设备的出厂日期晚于2024年6月1日的",
        "bool",
        ex(SB, [["出厂日期", ">", "2024-06-01"]]),
    ),
    ("existence", "XMSQ0254有投标记录吗", "bool", ex(TB, [["项目编号", "=", "XMSQ0254"]])),
    ("existence", "检查记录里出现过100分满分的吗？", "bool", ex(JC, [["检查得分", ">=", 100]])),
    ("existence", "上个月考勤中是否有人旷工", "bool", ex(KQ, [JAN, ["1日", "has_code", "旷"]])),
    ("existence", "2月份登记的排班里有人被排了夜班没有", "bool", ex(PB, [FEB, ["1日", "has_code", "夜"]])),
    ("existence", "是否存在实际毛利率低于3%的项目", "bool", ex(XM, [["实际毛利率", "<", 0.03]])),
    (
        "existence",
        "咱们员工里有没有人持有电梯安全管理员证书",
        "bool",
        ex(ZS, [["证书名称", "=", "电梯安全管理员"]]),
    ),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0203 服务状态现在是啥", "value", val(XM, "服务状态", [["项目编号", "=", "XMSQ0203"]])),
    (
        "status",
        "松江-湖南创业园这个项目的负责人是谁？",
        "value",
        val(XM, "项目负责人", [["项目编号", "=", "XMSQ0279"]]),
    ),
    (
        "status",
        "xmsq0346 的 TF-001 设备，完好状况怎么样",
        "value",
        val(SB, "完好状况", [["项目编号", "=", "XMSQ0346"], ["设备编号", "=", "TF-001"]]),
    ),
    ("status", "片区编号PQ05对应的是哪个片区名称", "value", val(PQ, "片区名称", [["片区编号", "=", "PQ05"]])),
    (
        "status",
        "工号 KWL2303584 的岗位名称是什么",
        "value",
        val(RY, "岗位名称", [["工号", "=", "KWL2303584"]]),
    ),
    ("status", "维保合同WB0001的结束日期是哪天", "value", val(CG, "结束日期", [["记录编号", "=", "WB0001"]])),
    (
        "status",
        "青浦-康健街道办事处用的是哪种委托方式",
        "value",
        val(XM, "委托方式", [["项目编号", "=", "XMSQ0254"]]),
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱公司项目信息里一共管着多少个项目啊", "number", agg(XM)),
    ("colloquial", "电梯总共有几部来着？（设备台账）", "number", agg(SB, [["设备类型", "=", "电梯"]])),
    (
        "colloquial",
        "拿了 保洁员（五级） 证的有几个人哈",
        "number",
        agg(ZS, [["证书名称", "=", "保洁员（五级）"]], "nunique:工号"),
    ),
    (
        "colloquial",
        "报废掉的那些设备，原值加一块儿多少钱呀",
        "number",
        agg(SB, [["完好状况", "=", "报废"]], "sum:原值"),
    ),
    ("colloquial", "上个月谁工资拿得最多啊，税后的", "names", top(KQ, "工号", "max:税后工资", where=[JAN])),
    ("colloquial", "闵行区的项目有多少个嘞，数数看", "number", agg(XM, [["市（区）", "=", "闵行区"]])),
    (
        "colloquial",
        "2月份考勤上请过病假的有几个人呐",
        "number",
        agg(KQ, [FEB, ["1日", "has_code", "病"]], "nunique:工号"),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "这个月（2026年2月）登记的项目月度财务，开票一共多少",
        "number",
        agg(CW, [FEB], "sum:开票金额"),
    ),
    ("time_reference", "上个月的考勤表一共有多少行记录", "number", agg(KQ, [JAN])),
    (
        "time_reference",
        "年初到现在，项目月度财务里的收款金额累计多少（1月、2月登记的）",
        "number",
        agg(CW, [["年月", "in", ["2026-01", "2026-02"]]], "sum:收款金额"),
    ),
    ("time_reference", "今年的投标有几条？按投标记录的年份算", "number", agg(TB, [["年份", "=", 2026]])),
    (
        "time_reference",
        "3月份登记的排班月报涉及多少个人",
        "number",
        agg(PB, [["年月", "=", "2026-03"]], "nunique:工号"),
    ),
    (
        "time_reference",
        "今年1月份（1月1日至1月31日）总共检查了多少次",
        "number",
        agg(JC, [["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-01-31"]]),
    ),
    ("time_reference", "上个月月度快照的出勤人次加起来是多少", "number", agg(KZ, [JAN], "sum:出勤人次")),
    ("time_reference", "2月份登记的考勤，上班天数合计多少天？", "number", agg(KQ, [FEB], "sum:上班天数")),
    # ---------------------------------------------------------------- now_current
    ("now_current", "服务状态目前为服务中的项目有几个", "number", agg(XM, [["服务状态", "=", "服务中"]])),
    ("now_current", "完好状况现在是停用的设备多少台", "number", agg(SB, [["完好状况", "=", "停用"]])),
    ("now_current", "合同状况已经是已到期的项目数量", "number", agg(XM, [["合同状况", "=", "已到期"]])),
    (
        "now_current",
        "截至今天2026年2月9日，已经过期的证书（有效期至在这天之前）有几本",
        "number",
        agg(ZS, [["有效期至", "<", "2026-02-09"]]),
    ),
    (
        "now_current",
        "按今天2026-02-09算，合同结束日期已经过去了的维保合同有多少份",
        "number",
        agg(CG, [["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-02-09"]]),
    ),
    (
        "now_current",
        "何志刚的当前服务项目编号是多少",
        "value",
        val(RY, "当前服务项目编号", [["工号", "=", "KWL0906481"]]),
    ),
    (
        "now_current",
        "状态为“合作中”的供应商目前有几家",
        "number",
        agg(CG, [["记录类型", "=", "供应商"], ["状态", "=", "合作中"]]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0254 2026年1月的开票金额",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0254"], JAN], "sum:开票金额"),
    ),
    (
        "monthly_fact",
        "上个月 XMSQ0279 收了多少款？",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0279"], JAN], "sum:收款金额"),
    ),
    (
        "monthly_fact",
        "xmsq0134 2月份登记的考勤人数是几个",
        "number",
        agg(KQ, [["项目编号", "=", "XMSQ0134"], FEB]),
    ),
    (
        "monthly_fact",
        "XMSQ0360 在3月份登记的月度快照里，出勤人次是多少",
        "number",
        agg(KZ, [["项目编号", "=", "XMSQ0360"], ["年月", "=", "2026-03"]], "sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "XMSQ0403 2026年2月的收款金额是多少",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0403"], FEB], "sum:收款金额"),
    ),
    (
        "monthly_fact",
        "江浩然1月份上了几天班",
        "number",
        agg(KQ, [["工号", "=", "KWL0703128"], JAN], "sum:上班天数"),
    ),
    (
        "monthly_fact",
        "4月份登记的考勤里，XMSQ0355有几个人",
        "number",
        agg(KQ, [["项目编号", "=", "XMSQ0355"], ["年月", "=", "2026-04"]]),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0254 一月和二月的开票金额相差多少",
        "number",
        two(
            "absdiff",
            agg(CW, [["项目编号", "=", "XMSQ0254"], JAN], "sum:开票金额"),
            agg(CW, [["项目编号", "=", "XMSQ0254"], FEB], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0279 2月开票比1月多了多少钱",
        "number",
        two(
            "diff",
            agg(CW, [["项目编号", "=", "XMSQ0279"], FEB], "sum:开票金额"),
            agg(CW, [["项目编号", "=", "XMSQ0279"], JAN], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "安防设备和消防设备，哪一类台数多？",
        "names",
        top(SB, "设备类型", "count", where=[["设备类型", "in", ["安防", "消防"]]]),
    ),
    (
        "compare",
        "消防安全检查跟设备专项检查比，哪种平均得分更高",
        "names",
        top(JC, "检查类型", "avg:检查得分", where=[["检查类型", "in", ["消防安全检查", "设备专项检查"]]]),
    ),
    (
        "compare",
        "上个月的考勤记录条数比2月份登记的多几条",
        "number",
        two("diff", agg(KQ, [JAN]), agg(KQ, [FEB])),
    ),
    (
        "compare",
        "PQ04和PQ06两个片区，挂的项目数差几个",
        "number",
        two("absdiff", agg(GX, [["片区编号", "=", "PQ04"]]), agg(GX, [["片区编号", "=", "PQ06"]])),
    ),
    (
        "compare",
        "花名册里男的比女的多多少人",
        "number",
        two("diff", agg(RY, [["性别", "=", "男"]]), agg(RY, [["性别", "=", "女"]])),
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备数量达到15台及以上的项目有哪些",
        "names",
        having(SB, "项目编号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "被检查过6次及以上的项目有几个",
        "number",
        having(JC, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "2026年1月考勤表里人数超过3个的项目是哪些",
        "names",
        having(KQ, "项目编号", "count", [">", 3], [JAN]),
    ),
    ("group_having", "手上有2本及以上证书的员工是哪几位", "names", having(ZS, "工号", "count", [">=", 2])),
    (
        "group_having",
        "采购（耗材+固定资产）笔数在25笔及以上的供应商",
        "names",
        having(CG, "供应商名称", "count", [">=", 25], [BUY]),
    ),
    (
        "group_having",
        "负责项目数17个及以上的项目负责人都有谁",
        "names",
        having(XM, "项目负责人工号", "count", [">=", 17]),
    ),
    (
        "group_having",
        "岗位编制表中，在岗人数合计在20人及以上的岗位有哪些",
        "names",
        having(BZ, "岗位", "sum:在岗人数", [">=", 20]),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "嘉定片区下面有多少个项目", "number", agg(GX, [["片区编号", "=", "PQ06"]])),
    (
        "region_rollup",
        "长宁片区上个月开票合计多少",
        "number",
        agg(CW, [["项目编号", "region", "PQ08"], JAN], "sum:开票金额"),
    ),
    ("region_rollup", "科创片区的项目一共有多少台设备", "number", agg(SB, [["项目编号", "region", "PQ03"]])),
    ("region_rollup", "每个片区分别有几个项目", "groups", grp(XM, "@片区编号")),
    (
        "region_rollup",
        "闵行片区2月份登记的考勤人数合计",
        "number",
        agg(KQ, [["项目编号", "region", "PQ04"], FEB]),
    ),
    (
        "region_rollup",
        "松江片区所有检查的平均分",
        "number",
        agg(JC, [["项目编号", "region", "PQ05"]], "avg:检查得分"),
    ),
    (
        "region_rollup",
        "青浦片区或徐汇片区的项目，合同金额总共多少",
        "number",
        {
            "op": "agg",
            "t": XM,
            "where": [],
            "any": [["项目编号", "region", "PQ01"], ["项目编号", "region", "PQ02"]],
            "agg": "sum:合同金额",
        },
    ),
    # ---------------------------------------------------------------- negation
    ("negation", "完好状况不是“完好”的设备一共有多少台", "number", agg(SB, [["完好状况", "!=", "完好"]])),
    (
        "negation",
        "项目信息表里有多少个项目在投标记录中找不到",
        "number",
        agg(XM, [["项目编号", "not_in_q", lst(TB, "项目编号")]]),
    ),
    ("negation", "委托方式不是全委的项目有几个", "number", agg(XM, [["委托方式", "!=", "全委"]])),
    (
        "negation",
        "上个月考勤表里从没旷过工的人有多少",
        "number",
        agg(
            KQ, [JAN, ["工号", "not_in_q", lst(KQ, "工号", [JAN, ["1日", "has_code", "旷"]])]], "nunique:工号"
        ),
    ),
    (
        "negation",
        "花名册里员工层级不属于一线员工的有多少人",
        "number",
        agg(RY, [["员工层级", "!=", "一线员工"]]),
    ),
    ("negation", "整改完成日期没填的检查记录有几条", "number", agg(JC, [["整改完成日期", "null"]])),
    (
        "negation",
        "除去客户满意度回访，其余的检查一共做了多少次",
        "number",
        agg(JC, [["检查类型", "!=", "客户满意度回访"]]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "花名册中岗位是保安_普保或者保洁员的一共多少人",
        "number",
        agg(RY, [["岗位名称", "in", ["保安_普保", "保洁员"]]]),
    ),
    ("or_values", "停用或报废的设备合计几台", "number", agg(SB, [["完好状况", "in", ["停用", "报废"]]])),
    (
        "or_values",
        "电梯、消防这两类设备原值加起来多少",
        "number",
        agg(SB, [["设备类型", "in", ["电梯", "消防"]]], "sum:原值"),
    ),
    (
        "or_values",
        "徐汇区和闵行区的项目一共多少个",
        "number",
        agg(XM, [["市（区）", "in", ["徐汇区", "闵行区"]]]),
    ),
    (
        "or_values",
        "专业类别是电工或者制冷的证书有几本",
        "number",
        agg(ZS, [["专业类别", "in", ["电工", "制冷"]]]),
    ),
    (
        "or_values",
        "3月份或者4月份登记的项目月度财务，开票金额一共多少",
        "number",
        agg(CW, [["年月", "in", ["2026-03", "2026-04"]]], "sum:开票金额"),
    ),
    (
        "or_values",
        "月度品质检查或季度综合检查，平均得分多少",
        "number",
        agg(JC, [["检查类型", "in", ["月度品质检查", "季度综合检查"]]], "avg:检查得分"),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有多少个", "number", agg(XM, [["实际毛利率", ">", 0.15]])),
    (
        "threshold_percent",
        "实际毛利率低于5％的项目是哪些",
        "names",
        lst(XM, "项目编号", [["实际毛利率", "<", 0.05]]),
    ),
    (
        "threshold_percent",
        "服务状态为服务中、实际毛利率在10%及以上的项目数",
        "number",
        agg(XM, [["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.10]]),
    ),
    (
        "threshold_percent",
        "长宁区项目中实际毛利率不到8%的有几个",
        "number",
        agg(XM, [["市（区）", "=", "长宁区"], ["实际毛利率", "<", 0.08]]),
    ),
    (
        "threshold_percent",
        "实际毛利率介于12%和14%之间（两端都算）的项目共几个",
        "number",
        agg(XM, [["实际毛利率", ">=", 0.12], ["实际毛利率", "<=", 0.14]]),
    ),
    ("threshold_percent", "所有项目里实际毛利率最高是百分之多少", "number", agg(XM, [], "max:实际毛利率")),
    (
        "threshold_percent",
        "计费方式为包干制的项目，平均实际毛利率是多少",
        "number",
        agg(XM, [["计费方式", "=", "包干制"]], "avg:实际毛利率"),
    ),
    # ---------------------------------------------------------------- share
    ("share", "花名册里女性员工占比多少", "number", two("ratio", agg(RY, [["性别", "=", "女"]]), agg(RY))),
    (
        "share",
        "设备当中完好的占百分之几",
        "number",
        two("ratio", agg(SB, [["完好状况", "=", "完好"]]), agg(SB)),
    ),
    (
        "share",
        "投标记录的中标率是多少？（中标条数/全部投标条数）",
        "number",
        two("ratio", agg(TB, [["中标结果", "=", "中标"]]), agg(TB)),
    ),
    (
        "share",
        "全委项目在所有项目中占的比例",
        "number",
        two("ratio", agg(XM, [["委托方式", "=", "全委"]]), agg(XM)),
    ),
    (
        "share",
        "上个月收款金额占开票金额的比重是多少",
        "number",
        two("ratio", agg(CW, [JAN], "sum:收款金额"), agg(CW, [JAN], "sum:开票金额")),
    ),
    (
        "share",
        "检查记录里有问题描述的记录占几成",
        "number",
        two("ratio", agg(JC, [["问题描述", "notnull"]]), agg(JC)),
    ),
    (
        "share",
        "采购（耗材采购+固定资产）总金额中，固定资产占多大比例",
        "number",
        two("ratio", agg(CG, [["记录类型", "=", "固定资产"]], "sum:金额"), agg(CG, [BUY], "sum:金额")),
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "按市（区）分别统计一下项目个数", "groups", grp(XM, "市（区）")),
    ("grouped", "各设备类型的设备台数各是多少", "groups", grp(SB, "设备类型")),
    ("grouped", "每种检查类型的平均得分分别是多少", "groups", grp(JC, "检查类型", "avg:检查得分")),
    ("grouped", "上个月各片区的开票金额分别是多少", "groups", grp(CW, "@片区编号", "sum:开票金额", [JAN])),
    ("grouped", "花名册人数按员工层级拆分一下", "groups", grp(RY, "员工层级")),
    ("grouped", "证书按证书类别分组，每组多少本", "groups", grp(ZS, "证书类别")),
    ("grouped", "采购与维保表里各记录类型分别有多少条", "groups", grp(CG, "记录类型")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ---------------------------------------------------------------- not_in_data_entity
    ("not_in_data_entity", "XMSQ0999 这个项目的服务状态是什么", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "员工欧阳震华的工号是多少", "no_such_entity", "欧阳震华"),
    ("not_in_data_entity", "崇明片区下面有几个项目", "no_such_entity", "崇明片区"),
    (
        "not_in_data_entity",
        "北京华夏保安服务有限公司 这家供应商我们买过多少钱的东西",
        "no_such_entity",
        "北京华夏保安服务有限公司",
    ),
    ("not_in_data_entity", "工号kwl9999999上个月上了几天班", "no_such_entity", "KWL9999999"),
    ("not_in_data_entity", "片区PQ09的负责人是谁", "no_such_entity", "PQ09"),
    ("not_in_data_entity", "静安-南京西路写字楼 项目的合同金额多少", "no_such_entity", "静安-南京西路写字楼"),
    # ---------------------------------------------------------------- not_in_data_month
    ("not_in_data_month", "上上个月全公司的开票金额一共多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "三个月前的考勤表里有多少人", "outside_coverage", "2025-11"),
    ("not_in_data_month", "去年12月XMSQ0254收款多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年10月的排班月报一共有几条", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年6月份登记的项目月度财务开票合计多少", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年9月份月度快照的出勤人次合计", "outside_coverage", "2025-09"),
    ("not_in_data_month", "麻烦查一下2025年8月考勤里的平时加班小时总数", "outside_coverage", "2025-08"),
    # ---------------------------------------------------------------- not_in_data_field
    ("not_in_data_field", "花名册里本科学历的员工有多少", "no_such_field", "学历"),
    ("not_in_data_field", "员工中已婚的有几个？", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "XMSQ0254 项目有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "设备的保修到期日是哪天？XMSQ0274 的 DT-001", "no_such_field", "保修到期日"),
    ("not_in_data_field", "上个月员工绩效考核得分平均多少", "no_such_field", "绩效考核得分"),
    ("not_in_data_field", "XMSQ0279 这栋楼一共有几层", "no_such_field", "楼层数"),
    ("not_in_data_field", "各项目的绿化面积分别是多少平方米", "no_such_field", "绿化面积"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "哈喽，在吗"),
    ("non_data", "辛苦了，多谢！"),
    ("non_data", "请把XMSQ0203的服务状态改成服务中"),
    ("non_data", "帮我删掉工号KWL2303584这个人的记录"),
    ("non_data", "早上好呀"),
    ("non_data", "好的，明白了，谢谢啦"),
    ("non_data", "把上个月XMSQ0254的开票金额更新成90万"),
]
