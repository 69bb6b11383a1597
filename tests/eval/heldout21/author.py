"""The twenty-first held-out set as written: every question with its gold spec.

Written blind (see README.md). The spec language is tests/eval/blind_gold.py's; make_gold.py turns
these lists into questions.jsonl with the gold values computed from data/. Today is 2026-04-20.
"""

from __future__ import annotations

from typing import Any

PRJ = "项目信息"
PPL = "人员信息"
REL = "项目片区关系"
AREA = "片区信息"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
HC = "岗位编制"
EQ = "设备信息"
PUR = "采购与维保"
INS = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
POS = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]


def cnt(t: str, *where: list[Any], agg: str = "count", **extra: Any) -> dict[str, Any]:
    return {"op": "agg", "t": t, "agg": agg, "where": list(where), **extra}


def lst(t: str, key: str, *where: list[Any], **extra: Any) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where), **extra}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any], **extra: Any) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where), **extra}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": n, "order": order, "where": list(where)}


def having(
    t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having"
) -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def groups(t: str, by: str, agg: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def m(month: int) -> list[Any]:
    return ["年月", "=", f"2026-{month:02d}"]


def p(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


HAN_FANG = "KWL0911276"  # 韩芳, 项目经理 of XMSQ0291 since 2022-07, a unique name
DU_MIN = "KWL1907335"  # 杜敏, 项目经理 of XMSQ0238, a unique name
ZHAO_ZHIGANG = "KWL1403720"  # 赵志刚, a unique name

ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "花名册上岗位写的是保洁员的，总共多少人？", "number", cnt(PPL, ["岗位名称", "=", "保洁员"])),
    ("count", "设备台账里完好状况=带病运行 的设备有几台", "number", cnt(EQ, ["完好状况", "=", "带病运行"])),
    ("count", "检查记录中检查类型是消防安全检查的，一共记了多少次", "number",
     cnt(INS, ["检查类型", "=", "消防安全检查"])),
    ("count", "投标记录表里 投标类型为续标 的记录有几条？", "number", cnt(BID, ["投标类型", "=", "续标"])),
    ("count", "请问人员证书表中，证书类别属于特种作业操作证的有多少本", "number",
     cnt(CERT, ["证书类别", "=", "特种作业操作证"])),
    ("count", "委托方式是全委的项目数", "number", cnt(PRJ, ["委托方式", "=", "全委"])),
    ("count", "供应商名录里 类别为劳保耗材 的供应商共计几家？", "number",
     cnt(PUR, ["记录类型", "=", "供应商"], ["类别", "=", "劳保耗材"])),
    ("count", "统计一下：岗位编制表中岗位为保安_普保的编制行有多少行", "number", cnt(HC, ["岗位", "=", "保安_普保"])),
    # ---------------------------------------------------------------- list
    ("list", "细分业态为体育场馆的项目，把编号列给我", "names", lst(PRJ, "项目编号", ["细分业态", "=", "体育场馆"])),
    ("list", "人员证书表里拿了电梯安全管理员证的都是哪几位", "names",
     lst(CERT, "工号", ["证书名称", "=", "电梯安全管理员"])),
    ("list", "xmsq0366 这个项目的设备涉及哪些设备类型？", "names", lst(EQ, "设备类型", p("XMSQ0366"))),
    ("list", "岗位字典中，员工层级是项目管理人员的岗位有哪些", "names",
     lst(POS, "岗位名称", ["员工层级", "=", "项目管理人员"])),
    ("list", "供应商名录里做空调维保的是哪几家公司？", "names",
     lst(PUR, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "空调维保"])),
    ("list", "2026年1月的考勤表上，XMSQ0102 有哪些员工", "names", lst(ATT, "工号", p("XMSQ0102"), m(1))),
    ("list", "服务状态还是未开始的项目 列一下", "names", lst(PRJ, "项目编号", ["服务状态", "=", "未开始"])),
    ("list", "维保单位是苏州永康电梯工程有限公司的维保合同，分别签在哪些项目上？", "names",
     lst(PUR, "项目编号", ["记录类型", "=", "维保合同"], ["维保单位名称", "=", "苏州永康电梯工程有限公司"])),
    # ---------------------------------------------------------------- sum_avg
    ("sum_avg", "XMSQ0336 1月、2月两个月开票金额加总是多少", "number",
     cnt(FIN, p("XMSQ0336"), ["年月", "in", ["2026-01", "2026-02"]], agg="sum:开票金额")),
    ("sum_avg", "所有固定资产类采购的金额合计", "number", cnt(PUR, ["记录类型", "=", "固定资产"], agg="sum:金额")),
    ("sum_avg", "花名册里岗位是保安_消控员的人，2026年2月考勤上的税后工资平均是多少？", "number",
     cnt(ATT, m(2), ["工号", "in_q", lst(PPL, "工号", ["岗位名称", "=", "保安_消控员"])], agg="avg:税后工资")),
    ("sum_avg", "设备类型为电梯的设备，原值总共多少元", "number", cnt(EQ, ["设备类型", "=", "电梯"], agg="sum:原值")),
    ("sum_avg", "服务状态为服务中的项目，客户满意度均值多少", "number",
     cnt(PRJ, ["服务状态", "=", "服务中"], agg="avg:客户满意度")),
    ("sum_avg", "2026年3月考勤里的平时加班小时，全部加起来多少小时？", "number", cnt(ATT, m(3), agg="sum:平时加班小时")),
    ("sum_avg", "月度快照 XMSQ0102 的出勤人次，四个月总计", "number", cnt(SNAP, p("XMSQ0102"), agg="sum:出勤人次")),
    ("sum_avg", "季度综合检查平均得几分", "number", cnt(INS, ["检查类型", "=", "季度综合检查"], agg="avg:检查得分")),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同金额最大的是哪个项目", "names", top(PRJ, "项目编号", "max:合同金额")),
    ("extreme_rank", "单台原值最高的那台设备，属于什么设备类型？", "names", top(EQ, "设备类型", "max:原值")),
    ("extreme_rank", "把每个项目的检查得分取平均，平均分垫底的是哪个项目", "names",
     top(INS, "项目编号", "avg:检查得分", order="asc")),
    ("extreme_rank", "2026年2月考勤里税后工资最高的员工是谁", "names", top(ATT, "工号", "max:税后工资", m(2))),
    ("extreme_rank", "投标金额最大的一笔投标，是哪个项目投的？", "names", top(BID, "项目编号", "max:投标金额")),
    ("extreme_rank", "在服务的项目里（服务状态=服务中），年化合同额最低的是哪个", "names",
     top(PRJ, "项目编号", "min:年化合同额", ["服务状态", "=", "服务中"], order="asc")),
    ("extreme_rank", "哪家供应商做过单笔金额最大的那次采购（耗材采购和固定资产都算）", "names",
     top(PUR, "供应商名称", "max:金额", BUY)),
    # ---------------------------------------------------------------- top_n
    ("top_n", "设备台数排前三的项目是哪几个", "names", top(EQ, "项目编号", "count", n=3)),
    ("top_n", "采购（耗材采购+固定资产）金额合计 TOP5 的供应商", "names",
     top(PUR, "供应商名称", "sum:金额", BUY, n=5)),
    ("top_n", "被检查次数最多的两个项目", "names", top(INS, "项目编号", "count", n=2)),
    ("top_n", "1月份考勤的平时加班小时，按项目合计，排前两名的项目有哪些？", "names",
     top(ATT, "项目编号", "sum:平时加班小时", m(1), n=2)),
    ("top_n", "项目数量排名前三的片区（按项目片区关系）", "names", top(REL, "片区编号", "count", n=3)),
    ("top_n", "2026年1到4月开票金额累计最高的5个项目", "names", top(FIN, "项目编号", "sum:开票金额", n=5)),
    ("top_n", "岗位编制表里，在岗人数合计最多的三个岗位", "names", top(HC, "岗位", "sum:在岗人数", n=3)),
    # ---------------------------------------------------------------- existence
    ("existence", "XMSQ0102 在设备信息里有登记设备吗？", "bool", ex(EQ, p("XMSQ0102"))),
    ("existence", "有没有完好状况是报废的供配电设备", "bool",
     ex(EQ, ["设备类型", "=", "供配电"], ["完好状况", "=", "报废"])),
    ("existence", "2026年3月份 XMSQ0336 在项目月度财务里有没有记录", "bool", ex(FIN, p("XMSQ0336"), m(3))),
    ("existence", "杜敏在人员证书表里有证书吗", "bool", ex(CERT, ["工号", "=", DU_MIN])),
    ("existence", "是否存在客户投诉达到3次及以上的项目？", "bool", ex(PRJ, ["客户投诉", ">=", 3])),
    ("existence", "4月份登记的考勤当中，有人旷工吗", "bool", ex(ATT, m(4), ["工号", "has_code", "旷"])),
    ("existence", "2026年2月1日至2026年2月10日（含）之间，有没有做过消防安全检查？", "bool",
     ex(INS, ["检查类型", "=", "消防安全检查"], ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-10"])),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0304的项目负责人叫什么", "value", val(PRJ, "项目负责人", p("XMSQ0304"))),
    ("status", "xmsq0245 合同状况是啥", "value", val(PRJ, "合同状况", p("XMSQ0245"))),
    ("status", "韩芳是什么职级？", "value", val(PPL, "职级", ["工号", "=", HAN_FANG])),
    ("status", "请问XMSQ0355采用的委托方式", "value", val(PRJ, "委托方式", p("XMSQ0355"))),
    ("status", "松江片区的片区负责人工号是多少", "value", val(AREA, "片区负责人工号", ["片区名称", "=", "松江片区"])),
    ("status", "杜敏哪天入职的", "value", val(PPL, "入职日期", ["工号", "=", DU_MIN])),
    ("status", "XMSQ0296 汇总业态属于哪一类", "value", val(PRJ, "汇总业态", p("XMSQ0296"))),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱花名册上保安_普保有多少号人啊", "number", cnt(PPL, ["岗位名称", "=", "保安_普保"])),
    ("colloquial", "帮我瞅一眼 xmsq0336 4月份登记的开票金额是多少呗", "number",
     cnt(FIN, p("XMSQ0336"), m(4), agg="sum:开票金额")),
    ("colloquial", "那个…市（区）是浦东新区的项目统共几个来着", "number", cnt(PRJ, ["市（区）", "=", "浦东新区"])),
    ("colloquial", "电梯里头，完好状况是带病运行的有几台呀", "number",
     cnt(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"])),
    ("colloquial", "韩芳上个月考勤上了几天班哈", "number", cnt(ATT, ["工号", "=", HAN_FANG], m(3), agg="sum:上班天数")),
    ("colloquial", "嘿 检查记录里问题描述提到灭火器的有几条？", "number", cnt(INS, ["问题描述", "contains", "灭火器"])),
    ("colloquial", "想问下有续签前项目编号的项目（续签来的）一共多少个哈", "number",
     cnt(PRJ, ["续签前项目编号", "notnull"])),
    # ---------------------------------------------------------------- time_reference
    ("time_reference", "上个月考勤表一共登记了多少条？", "number", cnt(ATT, m(3))),
    ("time_reference", "上上个月全部项目的开票金额总计", "number", cnt(FIN, m(2), agg="sum:开票金额")),
    ("time_reference", "三个月前XMSQ0102的考勤人数", "number", cnt(ATT, p("XMSQ0102"), m(1))),
    ("time_reference", "今年以来耗材采购花了多少钱（按采购年月算）", "number",
     cnt(PUR, ["记录类型", "=", "耗材采购"], ["年月", ">=", "2026-01"], ["年月", "<=", "2026-04"], agg="sum:金额")),
    ("time_reference", "这个月（4月份登记的）排班月报有几条", "number", cnt(SCH, m(4))),
    ("time_reference", "检查日期在2026年3月1日到2026年3月15日之间（两头都算）的检查一共多少次", "number",
     cnt(INS, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-15"])),
    ("time_reference", "中标日期晚于2025年6月30日的投标，对应哪些项目？", "names",
     lst(BID, "项目编号", ["中标日期", ">", "2025-06-30"])),
    ("time_reference", "花名册里入职日期在2026年3月1日—2026年3月31日的有几个人", "number",
     cnt(PPL, ["入职日期", ">=", "2026-03-01"], ["入职日期", "<=", "2026-03-31"])),
    # ---------------------------------------------------------------- now_current
    ("now_current", "服务状态目前为服务中的项目有多少", "number", cnt(PRJ, ["服务状态", "=", "服务中"])),
    ("now_current", "韩芳现在的当前服务项目编号是哪个", "value", val(PPL, "当前服务项目编号", ["工号", "=", HAN_FANG])),
    ("now_current", "今天是2026年4月20日，有效期至早于今天的证书共几本", "number",
     cnt(CERT, ["有效期至", "<", "2026-04-20"])),
    ("now_current", "合同状况现在显示已到期的项目，有几个？", "number", cnt(PRJ, ["合同状况", "=", "已到期"])),
    ("now_current", "结束日期在今天（2026-04-20）之后的维保合同还有多少份", "number",
     cnt(PUR, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-20"])),
    ("now_current", "完好状况当前是停用的设备，分布在哪些项目", "names", lst(EQ, "项目编号", ["完好状况", "=", "停用"])),
    ("now_current", "消防设施操作员（初级）证书里，有效期至在2026年4月20日（今天）之后的有几本", "number",
     cnt(CERT, ["证书名称", "=", "消防设施操作员（初级）"], ["有效期至", ">", "2026-04-20"])),
    # ---------------------------------------------------------------- monthly_fact
    ("monthly_fact", "XMSQ0336 二月份收款金额多少", "number", cnt(FIN, p("XMSQ0336"), m(2), agg="sum:收款金额")),
    ("monthly_fact", "月度快照：XMSQ0304 在2026年1月的在岗人数", "number",
     cnt(SNAP, p("XMSQ0304"), m(1), agg="sum:在岗人数")),
    ("monthly_fact", "杜敏2026年2月到手的税后工资是多少", "number",
     cnt(ATT, ["工号", "=", DU_MIN], m(2), agg="sum:税后工资")),
    ("monthly_fact", "XMSQ0245 三月开了多少票", "number", cnt(FIN, p("XMSQ0245"), m(3), agg="sum:开票金额")),
    ("monthly_fact", "4月份登记的考勤里，XMSQ0296有几个人", "number", cnt(ATT, p("XMSQ0296"), m(4))),
    ("monthly_fact", "赵志刚 1月 平时加班几个小时", "number",
     cnt(ATT, ["工号", "=", ZHAO_ZHIGANG], m(1), agg="sum:平时加班小时")),
    ("monthly_fact", "二〇二六年三月XMSQ0355的开票金额", "number", cnt(FIN, p("XMSQ0355"), m(3), agg="sum:开票金额")),
    # ---------------------------------------------------------------- compare
    ("compare", "XMSQ0336 2月的开票金额比1月多多少？", "number",
     two("diff", cnt(FIN, p("XMSQ0336"), m(2), agg="sum:开票金额"), cnt(FIN, p("XMSQ0336"), m(1), agg="sum:开票金额"))),
    ("compare", "徐汇区的项目跟长宁区的项目数量相差几个", "number",
     two("absdiff", cnt(PRJ, ["市（区）", "=", "徐汇区"]), cnt(PRJ, ["市（区）", "=", "长宁区"]))),
    ("compare", "XMSQ0304 3月考勤人数比1月多几个人", "number",
     two("diff", cnt(ATT, p("XMSQ0304"), m(3)), cnt(ATT, p("XMSQ0304"), m(1)))),
    ("compare", "4月份登记的考勤记录条数是不是比3月份多？", "bool", two("gt", cnt(ATT, m(4)), cnt(ATT, m(3)))),
    ("compare", "耗材采购里，清洁耗材和劳保耗材两类的金额差了多少", "number",
     two("absdiff",
         cnt(PUR, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"], agg="sum:金额"),
         cnt(PUR, ["记录类型", "=", "耗材采购"], ["类别", "=", "劳保耗材"], agg="sum:金额"))),
    ("compare", "消防安全检查的平均得分高于月度品质检查吗", "bool",
     two("gt", cnt(INS, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
         cnt(INS, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"))),
    ("compare", "2026年3月的税后工资，杜敏和韩芳谁拿得多", "names",
     top(ATT, "工号", "sum:税后工资", m(3), ["工号", "in", [DU_MIN, HAN_FANG]])),
    # ---------------------------------------------------------------- group_having
    ("group_having", "设备在15台及以上的项目有哪些", "names", having(EQ, "项目编号", "count", [">=", 15])),
    ("group_having", "被检查过6次及以上的项目，有几个？", "number",
     having(INS, "项目编号", "count", [">=", 6], op="having_count")),
    ("group_having", "采购记录（耗材采购、固定资产合在一起）达到6条及以上的是哪些项目", "names",
     having(PUR, "项目编号", "count", [">=", 6], BUY)),
    ("group_having", "哪些供应商的采购金额（耗材+固定资产）合计超过20万元？", "names",
     having(PUR, "供应商名称", "sum:金额", [">", 200000], BUY)),
    ("group_having", "人员证书表中持有2本及以上证书的人数", "number",
     having(CERT, "工号", "count", [">=", 2], op="having_count")),
    ("group_having", "2026年1到4月每个月都有考勤记录的员工，一共有多少个", "number",
     having(ATT, "工号", "nunique:年月", [">=", 4], op="having_count")),
    ("group_having", "签了3份及以上维保合同的项目都有哪些", "names",
     having(PUR, "项目编号", "count", [">=", 3], ["记录类型", "=", "维保合同"])),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "浦东片区一共挂了多少个项目", "number", cnt(REL, ["片区编号", "=", "PQ07"])),
    ("region_rollup", "青浦片区2026年3月的开票金额合计是多少", "number", cnt(FIN, region("PQ01"), m(3), agg="sum:开票金额")),
    ("region_rollup", "闵行片区的项目一共有多少台设备", "number", cnt(EQ, region("PQ04"))),
    ("region_rollup", "各个片区分别被检查了多少次", "groups", groups(INS, "@片区编号", "count")),
    ("region_rollup", "徐汇片区 1月考勤人数合计", "number", cnt(ATT, region("PQ02"), m(1))),
    ("region_rollup", "维保合同金额加起来最高的是哪个片区", "names",
     top(PUR, "@片区编号", "sum:金额", ["记录类型", "=", "维保合同"])),
    ("region_rollup", "长宁片区下面服务状态为服务中的项目有几个", "number",
     cnt(PRJ, region("PQ08"), ["服务状态", "=", "服务中"])),
    # ---------------------------------------------------------------- negation
    ("negation", "委托方式不是全委的项目有多少个", "number", cnt(PRJ, ["委托方式", "!=", "全委"])),
    ("negation", "完好状况不为完好的设备总数", "number", cnt(EQ, ["完好状况", "!=", "完好"])),
    ("negation", "服务中的项目里，设备信息表中一台设备都没有的有几个", "number",
     cnt(PRJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")])),
    ("negation", "从来没有检查记录的服务中项目，数量是？", "number",
     cnt(PRJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(INS, "项目编号")])),
    ("negation", "花名册上的项目经理，人员证书表里没有任何证书的有几位", "number",
     cnt(PPL, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", lst(CERT, "工号")])),
    ("negation", "中标结果不是“中标”的投标记录有几条", "number", cnt(BID, ["中标结果", "!=", "中标"])),
    ("negation", "2026年3月的考勤里，一天旷工都没有的人有多少", "number",
     cnt(ATT, m(3), ["工号", "not_in_q", lst(ATT, "工号", m(3), ["工号", "has_code", "旷"])], agg="nunique:工号")),
    # ---------------------------------------------------------------- or_values
    ("or_values", "细分业态是学校或者医疗卫生的项目，有几个", "number",
     cnt(PRJ, ["细分业态", "in", ["学校", "医疗卫生"]])),
    ("or_values", "2月份考勤里请过病假或事假的人有多少个", "number",
     cnt(ATT, m(2), agg="nunique:工号", any=[["工号", "has_code", "病"], ["工号", "has_code", "事"]])),
    ("or_values", "保安员（三级）、保安员（五级）这两种证书加起来几本", "number",
     cnt(CERT, ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]])),
    ("or_values", "花名册中岗位为绿化工或客服专员的，合计多少人", "number",
     cnt(PPL, ["岗位名称", "in", ["绿化工", "客服专员"]])),
    ("or_values", "设备类型为消防或给排水的设备，原值合计多少", "number",
     cnt(EQ, ["设备类型", "in", ["消防", "给排水"]], agg="sum:原值")),
    ("or_values", "属于松江片区或者嘉定片区的项目有多少个（两个片区都挂的只算一次）", "number",
     cnt(PRJ, any=[region("PQ05"), region("PQ06")])),
    ("or_values", "采购记录(耗材采购/固定资产)中状态为已验收或已入账的有几条", "number",
     cnt(PUR, BUY, ["状态", "in", ["已验收", "已入账"]])),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15％的项目数量", "number", cnt(PRJ, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "实际毛利率低于5%的项目有哪些？", "names", lst(PRJ, "项目编号", ["实际毛利率", "<", 0.05])),
    ("threshold_percent", "客户满意度95分及以上的项目有几个", "number", cnt(PRJ, ["客户满意度", ">=", 95])),
    ("threshold_percent", "检查得分不到82分的检查记录有多少条", "number", cnt(INS, ["检查得分", "<", 82])),
    ("threshold_percent", "实际毛利率不低于10%、同时不高于12%的项目有几个", "number",
     cnt(PRJ, ["实际毛利率", ">=", 0.10], ["实际毛利率", "<=", 0.12])),
    ("threshold_percent", "2026年2月考勤中，税后工资高于10000元的记录有几条", "number",
     cnt(ATT, m(2), ["税后工资", ">", 10000])),
    ("threshold_percent", "合同面积超过100000平方米的项目共多少个", "number", cnt(PRJ, ["合同面积", ">", 100000])),
    # ---------------------------------------------------------------- share
    ("share", "服务中的项目在项目信息表所有项目里占多大比例", "number",
     two("ratio", cnt(PRJ, ["服务状态", "=", "服务中"]), cnt(PRJ))),
    ("share", "带病运行的设备占全部设备的百分之多少", "number",
     two("ratio", cnt(EQ, ["完好状况", "=", "带病运行"]), cnt(EQ))),
    ("share", "花名册里女员工的占比是多少", "number", two("ratio", cnt(PPL, ["性别", "=", "女"]), cnt(PPL))),
    ("share", "投标记录里中标的占几成？", "number", two("ratio", cnt(BID, ["中标结果", "=", "中标"]), cnt(BID))),
    ("share", "XMSQ0336 2026年1月，收款金额占开票金额的比例", "number",
     two("ratio", cnt(FIN, p("XMSQ0336"), m(1), agg="sum:收款金额"), cnt(FIN, p("XMSQ0336"), m(1), agg="sum:开票金额"))),
    ("share", "采购总金额（耗材采购加固定资产）中固定资产的比重是多少", "number",
     two("ratio", cnt(PUR, ["记录类型", "=", "固定资产"], agg="sum:金额"), cnt(PUR, BUY, agg="sum:金额"))),
    ("share", "3月考勤记录当中，带旷工的记录占3月全部考勤记录的百分比", "number",
     two("ratio", cnt(ATT, m(3), ["工号", "has_code", "旷"]), cnt(ATT, m(3)))),
    # ---------------------------------------------------------------- grouped
    ("grouped", "按设备类型分，各有多少台设备", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "每种检查类型的平均得分分别是多少？", "groups", groups(INS, "检查类型", "avg:检查得分")),
    ("grouped", "项目月度财务按年月汇总一下开票金额", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "不同委托方式下各有几个项目", "groups", groups(PRJ, "委托方式", "count")),
    ("grouped", "花名册男女各多少人", "groups", groups(PPL, "性别", "count")),
    ("grouped", "耗材采购和固定资产，金额各是多少", "groups", groups(PUR, "记录类型", "sum:金额", BUY)),
    ("grouped", "XMSQ0102每个月的考勤人数分别是多少", "groups", groups(ATT, "年月", "count", p("XMSQ0102"))),
]  # fmt: skip

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ---------------------------------------------------------------- not_in_data_entity
    ("not_in_data_entity", "XMSQ0999 的项目负责人是哪位？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳娜娜的工号是多少", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "宝山片区下面有几个项目", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "深圳华强保洁服务有限公司的采购金额合计多少",
        "no_such_entity",
        "深圳华强保洁服务有限公司",
    ),
    ("not_in_data_entity", "工号KWL9912001 3月份上了几天班", "no_such_entity", "KWL9912001"),
    ("not_in_data_entity", "xmsq0088 一月的开票金额", "no_such_entity", "XMSQ0088"),
    ("not_in_data_entity", "金山片区的负责人是谁啊", "no_such_entity", "金山片区"),
    # ---------------------------------------------------------------- not_in_data_month
    ("not_in_data_month", "去年12月所有项目的开票金额合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月排班月报一共多少条", "outside_coverage", "2026-05"),
    ("not_in_data_month", "四个月前的考勤记录有多少条？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月 XMSQ0336 收款多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月的考勤总条数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年10月XMSQ0102考勤人数是多少", "outside_coverage", "2025-10"),
    ("not_in_data_month", "下个月XMSQ0304月度快照的在岗人数", "outside_coverage", "2026-05"),
    # ---------------------------------------------------------------- not_in_data_field
    ("not_in_data_field", "XMSQ0336 有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "韩芳的学历是什么", "no_such_field", "学历"),
    ("not_in_data_field", "花名册上员工的婚姻状况分别是什么情况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "2026年3月各项目的用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "XMSQ0366那些设备的保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "员工的社保缴纳基数平均是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "XMSQ0102 的建筑层数是几层", "no_such_field", "建筑层数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "谢谢啦，辛苦辛苦"),
    ("non_data", "帮我把XMSQ0336三月份的开票金额改成50万"),
    ("non_data", "早上好！"),
    ("non_data", "把韩芳的考勤记录删掉吧"),
    ("non_data", "好的收到，多谢！"),
    ("non_data", "请在人员信息里新增一个员工：李小明，保洁员"),
]
