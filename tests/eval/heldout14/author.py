"""The fourteenth held-out set as written: questions with their gold specs (tests/eval/blind_gold.py).

Written blind from templates.md, cli.md, the generator and the ledgers in data/ (today 2026-04-08).
make_gold.py turns this into questions.jsonl.
"""

from __future__ import annotations

from typing import Any

PRJ = "项目信息"
HR = "人员信息"
REG = "片区信息"
PR = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
BZ = "岗位编制"
EQ = "设备信息"
PUR = "采购与维保"
CHK = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
POS = "岗位字典"
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def agg(t: str, *where: list[Any], a: str = "count", any_: list[list[Any]] | None = None) -> dict[str, Any]:
    s: dict[str, Any] = {"op": "agg", "t": t, "where": list(where), "agg": a}
    if any_:
        s["any"] = any_
    return s


def lst(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, a: str, n: int = 1, *where: list[Any], order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": a, "n": n, "order": order, "where": list(where)}


def hav(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], count: bool = False) -> dict[str, Any]:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "by": by,
        "agg": a,
        "cmp": cmp,
        "where": list(where),
    }


def grp(t: str, by: str, a: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": list(where)}


def two(o: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": o, "a": a, "b": b}


def p(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def m(month: str) -> list[Any]:
    return ["年月", "=", month]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # count
    ("count", "花名册里岗位是保安_普保的一共几个人？", "number", agg(HR, ["岗位名称", "=", "保安_普保"])),
    ("count", "设备台账上登记的电梯有多少台", "number", agg(EQ, ["设备类型", "=", "电梯"])),
    ("count", "请问XMSQ0257在2026年3月的考勤表里有几个人？", "number", agg(ATT, p("XMSQ0257"), m("2026-03"))),
    (
        "count",
        "2026年1月份耗材采购一共下了多少笔",
        "number",
        agg(PUR, ["记录类型", "=", "耗材采购"], m("2026-01")),
    ),
    ("count", "人员证书里面 特种作业操作证 有几张", "number", agg(CERT, ["证书类别", "=", "特种作业操作证"])),
    ("count", "项目信息表中汇总业态为住宅的项目数量是多少？", "number", agg(PRJ, ["汇总业态", "=", "住宅"])),
    (
        "count",
        "检查记录里，消防安全检查总共做过几次？",
        "number",
        agg(CHK, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "供应商名录一共收录了多少家供应商呢", "number", agg(PUR, ["记录类型", "=", "供应商"])),
    # list
    (
        "list",
        "服务状态还是未开始的项目都有哪些？",
        "names",
        lst(PRJ, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    (
        "list",
        "人员信息表里离职日期是2026年2月28日的都是谁",
        "names",
        lst(HR, "工号", ["离职日期", "=", "2026-02-28"]),
    ),
    ("list", "XMSQ0118这个项目都有哪几类设备", "names", lst(EQ, "设备类型", p("XMSQ0118"))),
    (
        "list",
        "麻烦列一下类别是电梯维保的供应商，谢谢",
        "names",
        lst(PUR, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    (
        "list",
        "岗位字典中员工层级为职能管理人员的岗位有哪些？",
        "names",
        lst(POS, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "投标记录里年份为2026年、结果中标的是哪几个项目",
        "names",
        lst(BID, "项目编号", ["年份", "=", 2026], ["中标结果", "=", "中标"]),
    ),
    (
        "list",
        "哪些人是在2026年3月入职的？看花名册",
        "names",
        lst(HR, "工号", ["入职日期", ">=", "2026-03-01"], ["入职日期", "<=", "2026-03-31"]),
    ),
    ("list", "XMSQ0132 的岗位编制表里列了哪些岗位", "names", lst(BZ, "岗位", p("XMSQ0132"))),
    # sum_avg
    (
        "sum_avg",
        "XMSQ0257 2026年1到3月的开票金额加起来是多少元？",
        "number",
        agg(FIN, p("XMSQ0257"), Q1, a="sum:开票金额"),
    ),
    ("sum_avg", "2026年3月全部项目的收款金额合计", "number", agg(FIN, m("2026-03"), a="sum:收款金额")),
    (
        "sum_avg",
        "花名册上保安_普保的平均司龄是多少年",
        "number",
        agg(HR, ["岗位名称", "=", "保安_普保"], a="avg:司龄"),
    ),
    ("sum_avg", "2026年2月考勤表里人均上班天数是几天？", "number", agg(ATT, m("2026-02"), a="avg:上班天数")),
    (
        "sum_avg",
        "固定资产在2026年1月的采购金额总计多少钱",
        "number",
        agg(PUR, ["记录类型", "=", "固定资产"], m("2026-01"), a="sum:金额"),
    ),
    (
        "sum_avg",
        "徐汇-江桥创业园-2号楼 2026年1-4月考勤里的平时加班小时一共多少小时",
        "number",
        agg(ATT, p("XMSQ0361"), a="sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "服务中的项目，客户满意度平均下来多少分？",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], a="avg:客户满意度"),
    ),
    ("sum_avg", "消防类设备的原值总和是多少万", "number", agg(EQ, ["设备类型", "=", "消防"], a="sum:原值")),
    # extreme_rank
    ("extreme_rank", "合同金额最高的是哪个项目", "names", top(PRJ, "项目编号", "max:合同金额")),
    (
        "extreme_rank",
        "采购（耗材和固定资产）累计金额最大的供应商是哪家？",
        "names",
        top(PUR, "供应商名称", "sum:金额", 1, BUY),
    ),
    ("extreme_rank", "哪个片区挂的项目最多", "names", top(PR, "片区编号", "count")),
    (
        "extreme_rank",
        "月度快照看，2026年2月加班小时合计最高的是哪个项目",
        "names",
        top(SNAP, "项目编号", "sum:加班小时合计", 1, m("2026-02")),
    ),
    ("extreme_rank", "按设备类型算，原值合计最高的是哪一类", "names", top(EQ, "设备类型", "sum:原值")),
    (
        "extreme_rank",
        "服务中的项目里年化合同额最小的是哪个？",
        "names",
        top(PRJ, "项目编号", "min:年化合同额", 1, ["服务状态", "=", "服务中"], order="asc"),
    ),
    ("extreme_rank", "年化合同收入最高的项目是哪一个呀", "names", top(PRJ, "项目编号", "max:年化合同收入")),
    (
        "extreme_rank",
        "2026年3月收款最多的是哪个项目？",
        "names",
        top(FIN, "项目编号", "sum:收款金额", 1, m("2026-03")),
    ),
    # top_n
    (
        "top_n",
        "2026年3月开票金额排前三的项目",
        "names",
        top(FIN, "项目编号", "sum:开票金额", 3, m("2026-03")),
    ),
    ("top_n", "设备数量最多的前5个项目是哪些？", "names", top(EQ, "项目编号", "count", 5)),
    (
        "top_n",
        "维保合同份数排名前三的维保单位",
        "names",
        top(PUR, "维保单位名称", "count", 3, ["记录类型", "=", "维保合同"]),
    ),
    (
        "top_n",
        "2026年2月月度快照里加班小时合计排名前5的项目",
        "names",
        top(SNAP, "项目编号", "sum:加班小时合计", 5, m("2026-02")),
    ),
    ("top_n", "合同面积前三大的项目有哪些", "names", top(PRJ, "项目编号", "max:合同面积", 3)),
    (
        "top_n",
        "月度快照里2026年1月出勤人次最高的三个项目",
        "names",
        top(SNAP, "项目编号", "sum:出勤人次", 3, m("2026-01")),
    ),
    (
        "top_n",
        "投标金额最高的4个项目（按单条投标记录）是？",
        "names",
        top(BID, "项目编号", "max:投标金额", 4),
    ),
    ("top_n", "客户满意度最低的两个项目", "names", top(PRJ, "项目编号", "min:客户满意度", 2, order="asc")),
    # existence
    (
        "existence",
        "XMSQ0118 有没有完好状况是停用的设备？",
        "bool",
        ex(EQ, p("XMSQ0118"), ["完好状况", "=", "停用"]),
    ),
    (
        "existence",
        "花名册里有没有2026年2月28日离职的保洁员",
        "bool",
        ex(HR, ["离职日期", "=", "2026-02-28"], ["岗位名称", "=", "保洁员"]),
    ),
    ("existence", "有没有哪次检查得分低于60分的？", "bool", ex(CHK, ["检查得分", "<", 60])),
    (
        "existence",
        "青浦-梅陇体育中心 2026年2月有项目月度财务记录吗",
        "bool",
        ex(FIN, p("XMSQ0257"), m("2026-02")),
    ),
    (
        "existence",
        "人员信息里有没有一个叫韦志军的项目经理",
        "bool",
        ex(HR, ["姓名", "=", "韦志军"], ["岗位名称", "=", "项目经理"]),
    ),
    ("existence", "投标记录里存在年份为2027的记录吗？", "bool", ex(BID, ["年份", "=", 2027])),
    (
        "existence",
        "苏州盛世空调工程有限公司 做过维保单位吗（维保合同）",
        "bool",
        ex(PUR, ["记录类型", "=", "维保合同"], ["维保单位名称", "=", "苏州盛世空调工程有限公司"]),
    ),
    # status
    ("status", "XMSQ0361 项目负责人叫什么", "value", val(PRJ, "项目负责人", p("XMSQ0361"))),
    ("status", "长宁-赵巷养老院采用的是哪种委托方式？", "value", val(PRJ, "委托方式", p("XMSQ0306"))),
    ("status", "工号kwl1407711的岗位名称是什么", "value", val(HR, "岗位名称", ["工号", "=", "KWL1407711"])),
    ("status", "片区编号PQ03对应的片区名称", "value", val(REG, "片区名称", ["片区编号", "=", "PQ03"])),
    ("status", "XMSQ0397的合同状况现在登记的是啥", "value", val(PRJ, "合同状况", p("XMSQ0397"))),
    ("status", "徐汇-七宝科技园-1号楼合同结束日期是哪天？", "value", val(PRJ, "结束日期", p("XMSQ0348"))),
    ("status", "方雨欣的工号多少", "value", val(HR, "工号", ["姓名", "=", "方雨欣"])),
    ("status", "请问 XMSQ0257 的细分业态是什么？", "value", val(PRJ, "细分业态", p("XMSQ0257"))),
    # colloquial
    ("colloquial", "咱们花名册上女同事有多少个", "number", agg(HR, ["性别", "=", "女"])),
    (
        "colloquial",
        "梅陇体育中心4月份的考勤表上登了几个人呀",
        "number",
        agg(ATT, p("XMSQ0257"), m("2026-04")),
    ),
    ("colloquial", "已经报废的设备一共多少台啊", "number", agg(EQ, ["完好状况", "=", "报废"])),
    (
        "colloquial",
        "嘉定片区的负责人是哪位？",
        "value",
        val(HR, "姓名", ["工号", "in_q", lst(REG, "片区负责人工号", ["片区编号", "=", "PQ06"])]),
    ),
    (
        "colloquial",
        "清洁耗材这块采购一共花了多少钱",
        "number",
        agg(PUR, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"], a="sum:金额"),
    ),
    ("colloquial", "咱这边工程维修工花名册上一共几号人", "number", agg(HR, ["岗位名称", "=", "工程维修工"])),
    (
        "colloquial",
        "带病运行的设备还剩多少台没修好（完好状况=带病运行）",
        "number",
        agg(EQ, ["完好状况", "=", "带病运行"]),
    ),
    # time_reference
    (
        "time_reference",
        "上个月全部项目的开票金额合计多少",
        "number",
        agg(FIN, m("2026-03"), a="sum:开票金额"),
    ),
    ("time_reference", "上上个月考勤表里一共有几条记录？", "number", agg(ATT, m("2026-02"))),
    (
        "time_reference",
        "三个月前耗材采购花了多少钱",
        "number",
        agg(PUR, ["记录类型", "=", "耗材采购"], m("2026-01"), a="sum:金额"),
    ),
    (
        "time_reference",
        "年初至今（1月到4月）各项目收款金额一共多少",
        "number",
        agg(FIN, ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]], a="sum:收款金额"),
    ),
    ("time_reference", "上个月的排班月报有多少条", "number", agg(SCH, m("2026-03"))),
    (
        "time_reference",
        "这个月（2026年4月）登记的固定资产采购有几笔？",
        "number",
        agg(PUR, ["记录类型", "=", "固定资产"], m("2026-04")),
    ),
    (
        "time_reference",
        "长宁-赵巷养老院上个月考勤人数是多少",
        "number",
        agg(ATT, p("XMSQ0306"), m("2026-03")),
    ),
    # now_current
    ("now_current", "目前服务状态为服务中的项目有多少个？", "number", agg(PRJ, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "截至今天（2026-04-08），有效期至早于今天、已经过期的证书有几张",
        "number",
        agg(CERT, ["有效期至", "<", "2026-04-08"]),
    ),
    (
        "now_current",
        "韦志军现在的当前服务项目编号是哪个",
        "value",
        val(HR, "当前服务项目编号", ["姓名", "=", "韦志军"]),
    ),
    ("now_current", "现在完好状况是停用的设备有几台", "number", agg(EQ, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "维保合同里结束日期在今天2026年4月8日之后、还没到期的有几份？",
        "number",
        agg(PUR, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-08"]),
    ),
    (
        "now_current",
        "当前合同状况为已签约未进场的项目有哪些",
        "names",
        lst(PRJ, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "到今天4月8日为止仍在有效期内（有效期至不早于2026-04-08）的证书多少张",
        "number",
        agg(CERT, ["有效期至", ">=", "2026-04-08"]),
    ),
    # monthly_fact
    (
        "monthly_fact",
        "XMSQ0257 2026年1月开票金额是多少",
        "number",
        agg(FIN, p("XMSQ0257"), m("2026-01"), a="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "月度快照：XMSQ0361在2026年2月的出勤人次",
        "number",
        agg(SNAP, p("XMSQ0361"), m("2026-02"), a="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "2026年3月徐汇-七宝科技园-1号楼月度快照的在岗人数是几人？",
        "number",
        agg(SNAP, p("XMSQ0348"), m("2026-03"), a="sum:在岗人数"),
    ),
    (
        "monthly_fact",
        "项目月度财务里XMSQ0257 2026年4月的收款金额",
        "number",
        agg(FIN, p("XMSQ0257"), m("2026-04"), a="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "2026年2月所有项目月度快照的加班小时合计加总是多少小时",
        "number",
        agg(SNAP, m("2026-02"), a="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "工号KWL0501161在2026年1月的上班天数",
        "number",
        agg(ATT, ["工号", "=", "KWL0501161"], m("2026-01"), a="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "嘉定-枫林社区卫生服务中心-1号楼 2026年3月开了多少票？",
        "number",
        agg(FIN, p("XMSQ0397"), m("2026-03"), a="sum:开票金额"),
    ),
    # compare
    (
        "compare",
        "XMSQ0257 一月的开票金额比三月多多少？",
        "number",
        two(
            "diff",
            agg(FIN, p("XMSQ0257"), m("2026-01"), a="sum:开票金额"),
            agg(FIN, p("XMSQ0257"), m("2026-03"), a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "2026年2月和3月的考勤记录哪个月多，多几条",
        "number",
        two("diff", agg(ATT, m("2026-02")), agg(ATT, m("2026-03"))),
    ),
    (
        "compare",
        "XMSQ0361的客户满意度高于XMSQ0306吗？",
        "bool",
        two("gt", agg(PRJ, p("XMSQ0361"), a="sum:客户满意度"), agg(PRJ, p("XMSQ0306"), a="sum:客户满意度")),
    ),
    (
        "compare",
        "花名册上保安_普保和保洁员人数相差多少",
        "number",
        two("absdiff", agg(HR, ["岗位名称", "=", "保安_普保"]), agg(HR, ["岗位名称", "=", "保洁员"])),
    ),
    (
        "compare",
        "耗材采购金额：2026年3月比1月多了多少元",
        "number",
        two(
            "diff",
            agg(PUR, ["记录类型", "=", "耗材采购"], m("2026-03"), a="sum:金额"),
            agg(PUR, ["记录类型", "=", "耗材采购"], m("2026-01"), a="sum:金额"),
        ),
    ),
    (
        "compare",
        "浦东片区的项目数比长宁片区多几个？",
        "number",
        two("diff", agg(PR, ["片区编号", "=", "PQ07"]), agg(PR, ["片区编号", "=", "PQ08"])),
    ),
    (
        "compare",
        "人员信息表里男员工比女员工多多少人",
        "number",
        two("diff", agg(HR, ["性别", "=", "男"]), agg(HR, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "2026年3月收款总额是不是高于2月？",
        "bool",
        two("gt", agg(FIN, m("2026-03"), a="sum:收款金额"), agg(FIN, m("2026-02"), a="sum:收款金额")),
    ),
    # group_having
    ("group_having", "设备在15台及以上的项目有哪些", "names", hav(EQ, "项目编号", "count", [">=", 15])),
    ("group_having", "检查记录达到7次及以上的项目", "names", hav(CHK, "项目编号", "count", [">=", 7])),
    (
        "group_having",
        "签了10份及以上维保合同的维保单位有哪几家？",
        "names",
        hav(PUR, "维保单位名称", "count", [">=", 10], ["记录类型", "=", "维保合同"]),
    ),
    (
        "group_having",
        "2026年3月考勤人数在3个及以上的项目有几个",
        "number",
        hav(ATT, "项目编号", "count", [">=", 3], m("2026-03"), count=True),
    ),
    (
        "group_having",
        "持有2本及以上证书的员工有多少人？",
        "number",
        hav(CERT, "工号", "count", [">=", 2], count=True),
    ),
    (
        "group_having",
        "采购记录（耗材+固定资产）超过25笔的供应商",
        "names",
        hav(PUR, "供应商名称", "count", [">", 25], BUY),
    ),
    ("group_having", "挂靠项目超过45个的片区是哪些", "names", hav(PR, "片区编号", "count", [">", 45])),
    # region_rollup
    (
        "region_rollup",
        "浦东片区2026年3月开票金额合计是多少",
        "number",
        agg(FIN, ["项目编号", "region", "PQ07"], m("2026-03"), a="sum:开票金额"),
    ),
    (
        "region_rollup",
        "徐汇片区 2026年2月 考勤人数一共多少",
        "number",
        agg(ATT, ["项目编号", "region", "PQ02"], m("2026-02")),
    ),
    (
        "region_rollup",
        "嘉定片区按月看收款金额分别是多少？",
        "groups",
        grp(FIN, "年月", "sum:收款金额", ["项目编号", "region", "PQ06"]),
    ),
    (
        "region_rollup",
        "青浦片区的项目下面总共登记了多少台设备",
        "number",
        agg(EQ, ["项目编号", "region", "PQ01"]),
    ),
    (
        "region_rollup",
        "科创片区2026年1月月度快照在岗人数加起来多少人",
        "number",
        agg(SNAP, ["项目编号", "region", "PQ03"], m("2026-01"), a="sum:在岗人数"),
    ),
    (
        "region_rollup",
        "长宁片区服务中的项目有几个？",
        "number",
        agg(PRJ, ["项目编号", "region", "PQ08"], ["服务状态", "=", "服务中"]),
    ),
    (
        "region_rollup",
        "松江片区或闵行片区的项目，检查记录一共有多少条",
        "number",
        agg(CHK, any_=[["项目编号", "region", "PQ05"], ["项目编号", "region", "PQ04"]]),
    ),
    # negation
    (
        "negation",
        "除了保安_普保和保洁员以外，花名册上还有多少人？",
        "number",
        agg(HR, ["岗位名称", "not_in", ["保安_普保", "保洁员"]]),
    ),
    (
        "negation",
        "服务中的项目里，设备台账一台设备都没有的有几个",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少个", "number", agg(PRJ, ["委托方式", "!=", "全委"])),
    ("negation", "完好状况不是“完好”的设备有几台？", "number", agg(EQ, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "别算报废的，设备原值合计是多少",
        "number",
        agg(EQ, ["完好状况", "!=", "报废"], a="sum:原值"),
    ),
    ("negation", "投标记录里中标结果不是中标的有几条", "number", agg(BID, ["中标结果", "!=", "中标"])),
    ("negation", "花名册中没有填当前服务项目编号的人有几个", "number", agg(HR, ["当前服务项目编号", "null"])),
    # or_values
    (
        "or_values",
        "花名册上保安_领班或者保安_消控员一共多少人",
        "number",
        agg(HR, ["岗位名称", "in", ["保安_领班", "保安_消控员"]]),
    ),
    ("or_values", "电梯或消防类的设备合计几台？", "number", agg(EQ, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "委托方式是多项单委或单一单委的项目数",
        "number",
        agg(PRJ, ["委托方式", "in", ["多项单委", "单一单委"]]),
    ),
    (
        "or_values",
        "月度品质检查或消防安全检查的平均检查得分是多少",
        "number",
        agg(CHK, ["检查类型", "in", ["月度品质检查", "消防安全检查"]], a="avg:检查得分"),
    ),
    (
        "or_values",
        "耗材采购中清洁耗材或劳保耗材的金额一共多少",
        "number",
        agg(PUR, ["记录类型", "=", "耗材采购"], ["类别", "in", ["清洁耗材", "劳保耗材"]], a="sum:金额"),
    ),
    (
        "or_values",
        "细分业态为学校或医疗卫生的项目有几个？",
        "number",
        agg(PRJ, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    ("or_values", "职级是M1或M2的员工，花名册上有几人", "number", agg(HR, ["职级", "in", ["M1", "M2"]])),
    # threshold_percent
    ("threshold_percent", "实际毛利率高于15%的项目有几个", "number", agg(PRJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率不到5%的有多少个？",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度95分及以上的项目数量", "number", agg(PRJ, ["客户满意度", ">=", 95])),
    ("threshold_percent", "实际毛利率大于0.175的项目有多少", "number", agg(PRJ, ["实际毛利率", ">", 0.175])),
    ("threshold_percent", "检查得分低于85分的检查一共多少次", "number", agg(CHK, ["检查得分", "<", 85])),
    (
        "threshold_percent",
        "全委项目中实际毛利率超过百分之十二的有几个",
        "number",
        agg(PRJ, ["委托方式", "=", "全委"], ["实际毛利率", ">", 0.12]),
    ),
    (
        "threshold_percent",
        "园区业态（汇总业态=园区）里实际毛利率10％及以上的项目有几个？",
        "number",
        agg(PRJ, ["汇总业态", "=", "园区"], ["实际毛利率", ">=", 0.1]),
    ),
    # share
    ("share", "花名册里女性员工占比多少", "number", two("ratio", agg(HR, ["性别", "=", "女"]), agg(HR))),
    (
        "share",
        "设备里完好的占百分之几？",
        "number",
        two("ratio", agg(EQ, ["完好状况", "=", "完好"]), agg(EQ)),
    ),
    (
        "share",
        "服务中的项目占全部项目的几成",
        "number",
        two("ratio", agg(PRJ, ["服务状态", "=", "服务中"]), agg(PRJ)),
    ),
    (
        "share",
        "2026年3月浦东片区开票金额占全公司当月开票的比例",
        "number",
        two(
            "ratio",
            agg(FIN, ["项目编号", "region", "PQ07"], m("2026-03"), a="sum:开票金额"),
            agg(FIN, m("2026-03"), a="sum:开票金额"),
        ),
    ),
    (
        "share",
        "投标记录中中标的占比是多少？",
        "number",
        two("ratio", agg(BID, ["中标结果", "=", "中标"]), agg(BID)),
    ),
    (
        "share",
        "耗材采购总金额里清洁耗材占多大比例",
        "number",
        two(
            "ratio",
            agg(PUR, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"], a="sum:金额"),
            agg(PUR, ["记录类型", "=", "耗材采购"], a="sum:金额"),
        ),
    ),
    (
        "share",
        "人员证书里特种作业操作证占百分之多少",
        "number",
        two("ratio", agg(CERT, ["证书类别", "=", "特种作业操作证"]), agg(CERT)),
    ),
    # grouped
    ("grouped", "每个片区各有多少个项目？", "groups", grp(PR, "片区编号", "count")),
    ("grouped", "按设备类型分别统计一下设备台数", "groups", grp(EQ, "设备类型", "count")),
    ("grouped", "2026年各月的开票金额汇总（按年月）", "groups", grp(FIN, "年月", "sum:开票金额")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups", grp(CHK, "检查类型", "avg:检查得分")),
    ("grouped", "按汇总业态统计项目个数", "groups", grp(PRJ, "汇总业态", "count")),
    ("grouped", "花名册按员工层级分，每类多少人？", "groups", grp(HR, "员工层级", "count")),
    ("grouped", "耗材采购每个月各有几笔", "groups", grp(PUR, "年月", "count", ["记录类型", "=", "耗材采购"])),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0777的项目负责人是谁？", "no_such_entity", "XMSQ0777"),
    ("not_in_data_entity", "员工欧阳明辉是什么岗位", "no_such_entity", "欧阳明辉"),
    (
        "not_in_data_entity",
        "杭州远航电梯工程有限公司签了几份维保合同？",
        "no_such_entity",
        "杭州远航电梯工程有限公司",
    ),
    ("not_in_data_entity", "片区PQ11下面有多少个项目", "no_such_entity", "PQ11"),
    ("not_in_data_entity", "工号KWL9900001 2026年3月上了几天班", "no_such_entity", "KWL9900001"),
    (
        "not_in_data_entity",
        "浦东-陆家嘴金融中心这个项目的合同金额多少？",
        "no_such_entity",
        "浦东-陆家嘴金融中心",
    ),
    ("not_in_data_entity", "您好，XMSQ0650 2026年2月开票多少", "no_such_entity", "XMSQ0650"),
    ("not_in_data_month", "去年12月全部项目开票金额合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "四个月前的考勤表有多少条记录？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月所有项目收款金额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月固定资产采购了几笔", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月月度快照里XMSQ0257的在岗人数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "梅陇体育中心去年10月的开票金额？", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年7月排班月报一共多少条", "outside_coverage", "2026-07"),
    ("not_in_data_field", "XMSQ0257有多少个停车位？", "no_such_field", "停车位数量"),
    ("not_in_data_field", "花名册里本科学历的员工有几个", "no_such_field", "学历"),
    ("not_in_data_field", "长宁-赵巷养老院的绿化面积是多少平方米", "no_such_field", "绿化面积"),
    ("not_in_data_field", "2026年3月XMSQ0361的用电量多少度？", "no_such_field", "用电量"),
    ("not_in_data_field", "籍贯是安徽的员工有哪些", "no_such_field", "籍贯"),
    ("not_in_data_field", "徐汇-七宝科技园-1号楼一共住了多少户业主", "no_such_field", "户数"),
    ("not_in_data_field", "XMSQ0118那台DT-001货梯的保修期到什么时候", "no_such_field", "保修期"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "帮我把XMSQ0257的开票金额改成100万"),
    ("non_data", "请删除花名册里已经离职的那几个人"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "把PQ03片区名称修改为“科创园片区”"),
    ("non_data", "好的 明白了 多谢"),
]
