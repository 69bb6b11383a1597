"""The seventh held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind from templates.md, cli.md, the generator and the ledgers in data/ (seed 40718256),
with the fixed today 2026-02-11 (本月 2026-02, 上个月 2026-01, 下个月 2026-03, 下下个月 2026-04;
上上个月 and 去年12月 = 2025-12 are outside the coverage). make_gold.py computes the gold values.
"""

from __future__ import annotations

from typing import Any

P, PER, REG, PR = "项目信息", "人员信息", "片区信息", "项目片区关系"
FIN, ATT, SCH, BID = "项目月度财务", "考勤与人员财务", "排班月报", "投标记录"
HC, EQ, PUR, INS = "岗位编制", "设备信息", "采购与维保", "检查记录"
CERT, SNAP, POS = "人员证书", "月度快照", "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
"""采购 = the 耗材采购 and 固定资产 rows of 采购与维保."""


def agg(t: str, *where: list[Any], a: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": a}


def lst(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, a: str, *where: list[Any], n: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": a, "n": n, "order": order, "where": list(where)}


def grp(t: str, by: str, a: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": list(where)}


def having(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], count: bool = False) -> dict[str, Any]:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "by": by,
        "agg": a,
        "cmp": cmp,
        "where": list(where),
    }


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "t": a.get("t"), "a": a, "b": b}


def m(month: str) -> list[Any]:
    return ["年月", "=", month]


def code(c: str) -> list[Any]:
    return ["项目编号", "=", c]


def region(r: str) -> list[Any]:
    return ["项目编号", "region", r]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册里保洁员一共有多少人？", "number", agg(PER, ["岗位名称", "=", "保洁员"])),
    ("count", "设备台账中完好状况为带病运行的设备有几台", "number", agg(EQ, ["完好状况", "=", "带病运行"])),
    ("count", "xmsq0319 在2026年1月的考勤表里有几个人", "number", agg(ATT, code("XMSQ0319"), m("2026-01"))),
    ("count", "投标记录里投标类型是续标的一共几条？", "number", agg(BID, ["投标类型", "=", "续标"])),
    ("count", "请问持有物业管理师证书的员工有几位", "number", agg(CERT, ["证书名称", "=", "物业管理师"])),
    (
        "count",
        "总共做过多少次消防安全检查？（看检查记录）",
        "number",
        agg(INS, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "片区信息表里一共登记了几个片区", "number", agg(REG)),
    # ------------------------------------------------------------ list
    (
        "list",
        "类别是空调维保的供应商都有哪几家？",
        "names",
        lst(PUR, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "空调维保"]),
    ),
    (
        "list",
        "岗位字典中员工层级属于职能管理人员的岗位，列一下",
        "names",
        lst(POS, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "XMSQ0336 二〇二六年二月的考勤表上有哪些人",
        "names",
        lst(ATT, "工号", code("XMSQ0336"), m("2026-02")),
    ),
    ("list", "拿到中级经济师证书的是哪些员工？", "names", lst(CERT, "工号", ["证书名称", "=", "中级经济师"])),
    (
        "list",
        "上级项目编号是XMSQ0259的子项目有哪些",
        "names",
        lst(P, "项目编号", ["上级项目编号", "=", "XMSQ0259"]),
    ),
    ("list", "长宁-盈浦第一中学 的设备涵盖哪几种设备类型？", "names", lst(EQ, "设备类型", code("XMSQ0267"))),
    (
        "list",
        "麻烦列出2026年1月采购过驾驶式洗地机的项目",
        "names",
        lst(PUR, "项目编号", BUY, ["名称", "=", "驾驶式洗地机"], m("2026-01")),
    ),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "你好，2026年2月所有项目的开票金额加起来是多少元",
        "number",
        agg(FIN, m("2026-02"), a="sum:开票金额"),
    ),
    (
        "sum_avg",
        "月度品质检查的平均得分是多少分",
        "number",
        agg(INS, ["检查类型", "=", "月度品质检查"], a="avg:检查得分"),
    ),
    ("sum_avg", "复合肥一共采购了多少数量", "number", agg(PUR, BUY, ["名称", "=", "复合肥"], a="sum:数量")),
    ("sum_avg", "暖通空调类设备的原值总计", "number", agg(EQ, ["设备类型", "=", "暖通空调"], a="sum:原值")),
    (
        "sum_avg",
        "岗位编制表里 保安_普保 的预算编制合计多少人？",
        "number",
        agg(HC, ["岗位", "=", "保安_普保"], a="sum:预算编制"),
    ),
    (
        "sum_avg",
        "2026年3月考勤的平时加班小时总数是多少小时",
        "number",
        agg(ATT, m("2026-03"), a="sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "委托方式是全委的项目，客户满意度平均下来多少？",
        "number",
        agg(P, ["委托方式", "=", "全委"], a="avg:客户满意度"),
    ),
    # ------------------------------------------------------------ extreme_rank
    (
        "extreme_rank",
        "2026年2月开票金额最高的是哪个项目",
        "names",
        top(FIN, "项目编号", "sum:开票金额", m("2026-02")),
    ),
    ("extreme_rank", "设备台账里哪种设备类型的台数最多？", "names", top(EQ, "设备类型", "count")),
    ("extreme_rank", "哪个项目拥有的设备最多", "names", top(EQ, "项目编号", "count")),
    (
        "extreme_rank",
        "签的维保合同最多的维保单位是哪家",
        "names",
        top(PUR, "维保单位名称", "count", ["记录类型", "=", "维保合同"]),
    ),
    ("extreme_rank", "投标金额最大的那次投标是哪个项目的？", "names", top(BID, "项目编号", "max:投标金额")),
    (
        "extreme_rank",
        "服务中的项目里年化合同额最小的是哪个",
        "names",
        top(P, "项目编号", "min:年化合同额", ["服务状态", "=", "服务中"], order="asc"),
    ),
    (
        "extreme_rank",
        "您好，想知道2026年1月单个项目收款金额最高是多少元？",
        "number",
        {"op": "top_value", "t": FIN, "by": "项目编号", "agg": "sum:收款金额", "where": [m("2026-01")]},
    ),
    # ------------------------------------------------------------ top_n
    ("top_n", "采购金额排前三的供应商是哪几家？谢谢", "names", top(PUR, "供应商名称", "sum:金额", BUY, n=3)),
    (
        "top_n",
        "2026年1月收款金额前5名的项目",
        "names",
        top(FIN, "项目编号", "sum:收款金额", m("2026-01"), n=5),
    ),
    ("top_n", "按原值合计，排名前3的设备类型是？", "names", top(EQ, "设备类型", "sum:原值", n=3)),
    ("top_n", "检查次数最多的两个项目是哪两个", "names", top(INS, "项目编号", "count", n=2)),
    ("top_n", "花名册人数最多的两个岗位", "names", top(PER, "岗位名称", "count", n=2)),
    ("top_n", "合同面积最大的前4个项目给我列一下", "names", top(P, "项目编号", "max:合同面积", n=4)),
    (
        "top_n",
        "2026年2月 税后工资总额最高的3个项目？",
        "names",
        top(ATT, "项目编号", "sum:税后工资", m("2026-02"), n=3),
    ),
    # ------------------------------------------------------------ existence
    ("existence", "XMSQ0271有没有报废的设备？", "bool", ex(EQ, code("XMSQ0271"), ["完好状况", "=", "报废"])),
    (
        "existence",
        "年份为2026的投标里有没有未中标的",
        "bool",
        ex(BID, ["年份", "=", 2026], ["中标结果", "=", "未中标"]),
    ),
    (
        "existence",
        "无锡金盾安防科技有限公司有采购供货记录吗？",
        "bool",
        ex(PUR, BUY, ["供应商名称", "=", "无锡金盾安防科技有限公司"]),
    ),
    (
        "existence",
        "闵行-梅陇社区卫生服务中心 2026年4月有没有财务数据",
        "bool",
        ex(FIN, code("XMSQ0349"), m("2026-04")),
    ),
    (
        "existence",
        "人员证书里有没有人持有电梯安全管理员证书",
        "bool",
        ex(CERT, ["证书名称", "=", "电梯安全管理员"]),
    ),
    (
        "existence",
        "XMSQ0336做过消防安全检查没有？",
        "bool",
        ex(INS, code("XMSQ0336"), ["检查类型", "=", "消防安全检查"]),
    ),
    ("existence", "2026年2月的考勤里出现过旷工吗", "bool", ex(ATT, m("2026-02"), ["1日", "has_code", "旷"])),
    # ------------------------------------------------------------ status
    ("status", "XMSQ0124 的服务状态", "value", val(P, "服务状态", code("XMSQ0124"))),
    ("status", "嘉定-泗泾镇政府-1号楼的项目负责人是谁？", "value", val(P, "项目负责人", code("XMSQ0281"))),
    ("status", "工号KWL0910489是什么岗位", "value", val(PER, "岗位名称", ["工号", "=", "KWL0910489"])),
    ("status", "郝玉兰的职级是多少", "value", val(PER, "职级", ["姓名", "=", "郝玉兰"])),
    (
        "status",
        "长宁-盈浦第一中学的电梯 DT-001 完好状况怎么样",
        "value",
        val(EQ, "完好状况", code("XMSQ0267"), ["设备编号", "=", "DT-001"]),
    ),
    (
        "status",
        "维保合同WB0017的维保单位是哪家？",
        "value",
        val(PUR, "维保单位名称", ["记录编号", "=", "WB0017"]),
    ),
    (
        "status",
        "松江片区的负责人叫什么名字",
        "value",
        val(PER, "姓名", ["工号", "in_q", lst(REG, "片区负责人工号", ["片区名称", "=", "松江片区"])]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱们花名册上绿化工有几个人来着", "number", agg(PER, ["岗位名称", "=", "绿化工"])),
    ("colloquial", "电梯一共几台呀", "number", agg(EQ, ["设备类型", "=", "电梯"])),
    (
        "colloquial",
        "干粉灭火器总共买了多少个哈",
        "number",
        agg(PUR, BUY, ["名称", "=", "干粉灭火器"], a="sum:数量"),
    ),
    (
        "colloquial",
        "那个朱家角图书馆1月份到底收了多少钱啊",
        "number",
        agg(FIN, code("XMSQ0383"), m("2026-01"), a="sum:收款金额"),
    ),
    ("colloquial", "投标没中的一共有几回？", "number", agg(BID, ["中标结果", "=", "未中标"])),
    (
        "colloquial",
        "帮老板问下，xmsq0398 二月份开了多少票",
        "number",
        agg(FIN, code("XMSQ0398"), m("2026-02"), a="sum:开票金额"),
    ),
    ("colloquial", "设备那边报废的有几台啊，帮我数数", "number", agg(EQ, ["完好状况", "=", "报废"])),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "麻烦问下，上个月全部项目的开票总额是多少？",
        "number",
        agg(FIN, m("2026-01"), a="sum:开票金额"),
    ),
    ("time_reference", "本月考勤表一共有多少条记录", "number", agg(ATT, m("2026-02"))),
    (
        "time_reference",
        "下个月XMSQ0227的开票金额是多少",
        "number",
        agg(FIN, code("XMSQ0227"), m("2026-03"), a="sum:开票金额"),
    ),
    (
        "time_reference",
        "下下个月 闵行-梅陇社区卫生服务中心 收款多少元？",
        "number",
        agg(FIN, code("XMSQ0349"), m("2026-04"), a="sum:收款金额"),
    ),
    (
        "time_reference",
        "上个月大家平时加班一共多少小时",
        "number",
        agg(ATT, m("2026-01"), a="sum:平时加班小时"),
    ),
    (
        "time_reference",
        "本月的采购金额合计多少（耗材和固定资产）",
        "number",
        agg(PUR, BUY, m("2026-02"), a="sum:金额"),
    ),
    (
        "time_reference",
        "XMSQ0268 下个月排班月报上排了几个人？",
        "number",
        agg(SCH, code("XMSQ0268"), m("2026-03")),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "嘉定-曹家渡人才公寓目前的合同状况是什么", "value", val(P, "合同状况", code("XMSQ0392"))),
    (
        "now_current",
        "张亮现在服务的项目编号是哪个？",
        "value",
        val(PER, "当前服务项目编号", ["工号", "=", "KWL0910489"]),
    ),
    ("now_current", "目前服务状态为服务中的项目有多少个", "number", agg(P, ["服务状态", "=", "服务中"])),
    ("now_current", "现在完好状况是停用的设备有几台？", "number", agg(EQ, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "当前服务状态还是未开始的项目有哪些",
        "names",
        lst(P, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    ("now_current", "合同状况现在是已到期的项目共有几个", "number", agg(P, ["合同状况", "=", "已到期"])),
    (
        "now_current",
        "目前正在服务中的项目里，委托方式是全委的有几个",
        "number",
        agg(P, ["服务状态", "=", "服务中"], ["委托方式", "=", "全委"]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0267 2026年1月的开票金额",
        "number",
        agg(FIN, code("XMSQ0267"), m("2026-01"), a="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "徐汇-朱家角图书馆2026年2月收款金额是多少？",
        "number",
        agg(FIN, code("XMSQ0383"), m("2026-02"), a="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照中XMSQ0355在2026年4月的在岗人数",
        "number",
        agg(SNAP, code("XMSQ0355"), m("2026-04"), a="sum:在岗人数"),
    ),
    (
        "monthly_fact",
        "2026年3月长宁-新华市场监管所开了多少票",
        "number",
        agg(FIN, code("XMSQ0330"), m("2026-03"), a="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "KWL1204303 在2026年2月的上班天数是几天",
        "number",
        agg(ATT, ["工号", "=", "KWL1204303"], m("2026-02"), a="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0319 2026年1月出勤人次是多少？",
        "number",
        agg(SNAP, code("XMSQ0319"), m("2026-01"), a="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "浦东-安亭工业园区 2026年2月考勤人数",
        "number",
        agg(ATT, code("XMSQ0261"), m("2026-02")),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0267 1月的开票金额比2月多多少？（2026年）",
        "number",
        two(
            "diff",
            agg(FIN, code("XMSQ0267"), m("2026-01"), a="sum:开票金额"),
            agg(FIN, code("XMSQ0267"), m("2026-02"), a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0383 2026年2月的收款金额高于1月吗",
        "bool",
        two(
            "gt",
            agg(FIN, code("XMSQ0383"), m("2026-02"), a="sum:收款金额"),
            agg(FIN, code("XMSQ0383"), m("2026-01"), a="sum:收款金额"),
        ),
    ),
    (
        "compare",
        "电梯和消防设备，哪个台数多？",
        "names",
        top(EQ, "设备类型", "count", ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "compare",
        "2026年1月和2月全公司开票总额相差多少元",
        "number",
        two("absdiff", agg(FIN, m("2026-01"), a="sum:开票金额"), agg(FIN, m("2026-02"), a="sum:开票金额")),
    ),
    (
        "compare",
        "岗位编制里保安_普保的预算编制比在岗人数多多少人",
        "number",
        two(
            "diff",
            agg(HC, ["岗位", "=", "保安_普保"], a="sum:预算编制"),
            agg(HC, ["岗位", "=", "保安_普保"], a="sum:在岗人数"),
        ),
    ),
    (
        "compare",
        "设备专项检查的平均得分是不是比月度品质检查低？",
        "bool",
        two(
            "gt",
            agg(INS, ["检查类型", "=", "月度品质检查"], a="avg:检查得分"),
            agg(INS, ["检查类型", "=", "设备专项检查"], a="avg:检查得分"),
        ),
    ),
    (
        "compare",
        "2026年2月嘉定片区和闵行片区的考勤人数差几个人",
        "number",
        two("absdiff", agg(ATT, region("PQ06"), m("2026-02")), agg(ATT, region("PQ04"), m("2026-02"))),
    ),
    # ------------------------------------------------------------ group_having
    ("group_having", "设备在15台及以上的项目有哪些？", "names", having(EQ, "项目编号", "count", [">=", 15])),
    (
        "group_having",
        "2026年2月考勤人数3人及以上的项目有几个",
        "number",
        having(ATT, "项目编号", "count", [">=", 3], m("2026-02"), count=True),
    ),
    (
        "group_having",
        "维保合同有3份及以上的项目是哪些",
        "names",
        having(PUR, "项目编号", "count", [">=", 3], ["记录类型", "=", "维保合同"]),
    ),
    (
        "group_having",
        "被检查满6次的项目一共多少个？",
        "number",
        having(INS, "项目编号", "count", [">=", 6], count=True),
    ),
    (
        "group_having",
        "采购单超过25笔的供应商有哪些",
        "names",
        having(PUR, "供应商名称", "count", [">", 25], BUY),
    ),
    (
        "group_having",
        "人员证书表里登记了2本及以上证书的员工都有谁",
        "names",
        having(CERT, "工号", "count", [">=", 2]),
    ),
    ("group_having", "花名册中人数超过20人的岗位", "names", having(PER, "岗位名称", "count", [">", 20])),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "徐汇片区2026年1月开票合计多少？？",
        "number",
        agg(FIN, region("PQ02"), m("2026-01"), a="sum:开票金额"),
    ),
    ("region_rollup", "嘉定片区二月份考勤人数是多少人？", "number", agg(ATT, region("PQ06"), m("2026-02"))),
    (
        "region_rollup",
        "2026年3月各片区的收款金额分别是多少",
        "groups",
        {"op": "groups", "t": FIN, "by": "@片区编号", "agg": "sum:收款金额", "where": [m("2026-03")]},
    ),
    ("region_rollup", "浦东片区下面挂了多少个项目", "number", agg(PR, ["片区编号", "=", "PQ07"])),
    ("region_rollup", "闵行片区设备原值总和是多少元", "number", agg(EQ, region("PQ04"), a="sum:原值")),
    ("region_rollup", "科创片区每个月的考勤人数", "groups", grp(ATT, "年月", "count", region("PQ03"))),
    (
        "region_rollup",
        "青浦片区2026年4月的收款金额总计",
        "number",
        agg(FIN, region("PQ01"), m("2026-04"), a="sum:收款金额"),
    ),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "除了保安_普保和保洁员，花名册上其他岗位一共多少人",
        "number",
        agg(PER, ["岗位名称", "not_in", ["保安_普保", "保洁员"]]),
    ),
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个？",
        "number",
        agg(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")]),
    ),
    ("negation", "没有发现问题（问题描述为空）的检查有多少次", "number", agg(INS, ["问题描述", "null"])),
    (
        "negation",
        "2026年2月开了票但收款金额为0、一分钱没收到的项目有哪些",
        "names",
        lst(FIN, "项目编号", m("2026-02"), ["收款金额", "=", 0]),
    ),
    (
        "negation",
        "服务中的项目中委托方式不是全委的有几个",
        "number",
        agg(P, ["服务状态", "=", "服务中"], ["委托方式", "!=", "全委"]),
    ),
    ("negation", "别算报废的，设备台账里一共多少台设备", "number", agg(EQ, ["完好状况", "!=", "报废"])),
    (
        "negation",
        "花名册里没有任何证书的项目经理有几位？",
        "number",
        agg(PER, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", lst(CERT, "工号")]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "长宁片区或松江片区一共有多少个项目",
        "number",
        agg(PR, ["片区编号", "in", ["PQ08", "PQ05"]], a="nunique:项目编号"),
    ),
    ("or_values", "电梯或者消防类设备共有多少台？", "number", agg(EQ, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "花名册上保洁员或保洁_领班加起来几个人",
        "number",
        agg(PER, ["岗位名称", "in", ["保洁员", "保洁_领班"]]),
    ),
    (
        "or_values",
        "消防安全检查或设备专项检查的平均得分",
        "number",
        agg(INS, ["检查类型", "in", ["消防安全检查", "设备专项检查"]], a="avg:检查得分"),
    ),
    (
        "or_values",
        "XMSQ0330 2026年1月或2月的开票金额合计",
        "number",
        agg(FIN, code("XMSQ0330"), ["年月", "in", ["2026-01", "2026-02"]], a="sum:开票金额"),
    ),
    (
        "or_values",
        "电梯维保或空调维保的维保合同金额一共多少",
        "number",
        agg(PUR, ["记录类型", "=", "维保合同"], ["类别", "in", ["电梯维保", "空调维保"]], a="sum:金额"),
    ),
    ("or_values", "职级是M2或M3的员工在花名册里有多少人", "number", agg(PER, ["职级", "in", ["M2", "M3"]])),
    # ------------------------------------------------------------ threshold_percent
    (
        "threshold_percent",
        "实际毛利率高于15%的服务中项目有几个？",
        "number",
        agg(P, ["服务状态", "=", "服务中"], ["实际毛利率", ">", 0.15]),
    ),
    (
        "threshold_percent",
        "实际毛利率低于 0.045 的项目有哪些",
        "names",
        lst(P, "项目编号", ["实际毛利率", "<", 0.045]),
    ),
    (
        "threshold_percent",
        "XMSQ0124的实际毛利率是百分之多少",
        "value",
        val(P, "实际毛利率", code("XMSQ0124")),
    ),
    (
        "threshold_percent",
        "所在区为嘉定区的项目中，实际毛利率在10％及以上的有多少个",
        "number",
        agg(P, ["市（区）", "=", "嘉定区"], ["实际毛利率", ">=", 0.1]),
    ),
    ("threshold_percent", "检查得分低于81分的检查有几次", "number", agg(INS, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "实际毛利率不到5%的服务中项目有多少个",
        "number",
        agg(P, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度超过95分的项目有几个？", "number", agg(P, ["客户满意度", ">", 95])),
    # ------------------------------------------------------------ share
    ("share", "花名册里女性员工占比多少", "number", two("ratio", agg(PER, ["性别", "=", "女"]), agg(PER))),
    ("share", "设备中完好的占几成？", "number", two("ratio", agg(EQ, ["完好状况", "=", "完好"]), agg(EQ))),
    (
        "share",
        "2026年2月的考勤记录里，XMSQ0268 占了百分之几",
        "number",
        two("ratio", agg(ATT, code("XMSQ0268"), m("2026-02")), agg(ATT, m("2026-02"))),
    ),
    (
        "share",
        "续标占全部投标记录的比例是多少？",
        "number",
        two("ratio", agg(BID, ["投标类型", "=", "续标"]), agg(BID)),
    ),
    (
        "share",
        "2026年1月全公司开票金额里嘉定片区占多大比重",
        "number",
        two(
            "ratio",
            agg(FIN, region("PQ06"), m("2026-01"), a="sum:开票金额"),
            agg(FIN, m("2026-01"), a="sum:开票金额"),
        ),
    ),
    (
        "share",
        "检查记录中发现问题（问题描述不为空）的比例",
        "number",
        two("ratio", agg(INS, ["问题描述", "notnull"]), agg(INS)),
    ),
    (
        "share",
        "采购总金额中耗材采购占百分之多少？",
        "number",
        two("ratio", agg(PUR, ["记录类型", "=", "耗材采购"], a="sum:金额"), agg(PUR, BUY, a="sum:金额")),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "按设备类型统计一下设备台数，谢谢！", "groups", grp(EQ, "设备类型", "count")),
    ("grouped", "各月的开票金额合计分别是多少？", "groups", grp(FIN, "年月", "sum:开票金额")),
    ("grouped", "每种检查类型的平均检查得分", "groups", grp(INS, "检查类型", "avg:检查得分")),
    ("grouped", "人员证书按证书类别分别有多少张", "groups", grp(CERT, "证书类别", "count")),
    ("grouped", "投标记录按投标类型汇总投标金额", "groups", grp(BID, "投标类型", "sum:投标金额")),
    ("grouped", "花名册按员工层级分，各有多少人？", "groups", grp(PER, "员工层级", "count")),
    ("grouped", "XMSQ0355每个月考勤人数各是多少", "groups", grp(ATT, "年月", "count", code("XMSQ0355"))),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0417 现在的服务状态是什么？", "no_such_entity", "XMSQ0417"),
    ("not_in_data_entity", "欧阳振宇是什么岗位", "no_such_entity", "欧阳振宇"),
    ("not_in_data_entity", "PQ11片区的负责人是谁", "no_such_entity", "PQ11"),
    (
        "not_in_data_entity",
        "宁波海天电梯工程有限公司给哪些项目供过货？",
        "no_such_entity",
        "宁波海天电梯工程有限公司",
    ),
    ("not_in_data_entity", "工号KWL2401999的入职日期是哪天", "no_such_entity", "KWL2401999"),
    ("not_in_data_entity", "长宁-七宝体育中心 2026年2月开票多少钱", "no_such_entity", "长宁-七宝体育中心"),
    ("not_in_data_entity", "黄浦片区下面有几个项目？", "no_such_entity", "黄浦片区"),
    ("not_in_data_month", "上上个月所有项目的开票总额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年12月考勤表里一共多少人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "XMSQ0267 2026年5月收款金额多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月XMSQ0268的排班月报上排了几个人", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月的采购金额合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "月度快照里XMSQ0355 2025年10月的在岗人数？", "outside_coverage", "2025-10"),
    ("not_in_data_month", "今年7月份全公司平时加班小时一共多少", "outside_coverage", "2026-07"),
    ("not_in_data_field", "郝玉兰的学历是什么？", "no_such_field", "学历"),
    ("not_in_data_field", "嘉定-曹家渡人才公寓一共有多少户住户", "no_such_field", "户数"),
    ("not_in_data_field", "长宁-盈浦第一中学那台电梯DT-001每年耗电量多少度？", "no_such_field", "耗电量"),
    ("not_in_data_field", "XMSQ0392有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "保洁员的社保缴纳基数是多少", "no_such_field", "社保基数"),
    ("not_in_data_field", "上海信诚清洁用品有限公司的注册资本是多少？", "no_such_field", "注册资本"),
    ("not_in_data_field", "张亮的婚姻状况", "no_such_field", "婚姻状况"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢你啊，帮大忙了！"),
    ("non_data", "帮我把XMSQ0267的服务状态改成已结束"),
    ("non_data", "请删除2026年1月的全部考勤记录"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "辛苦了，今天先这样，谢谢"),
    ("non_data", "能不能帮我修改一下张亮的联系电话"),
]
