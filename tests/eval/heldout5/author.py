"""The fifth held-out set as written: every question with its gold spec (tests/eval/blind_gold.py).

Written blind, by one writer working alone, from templates.md, cli.md, bench/gen_data.py, the shared
gold interpreter and the generated ledgers of ./data only. Today is 2026-03-06 (gold.TODAY):
本月 2026-03, 上个月 2026-02, 上上个月 2026-01, 下个月 2026-04 are covered; 下下个月 (2026-05),
去年12月 (2025-12) and every month outside 2026-01…2026-04 are not.

ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question). make_gold.py turns them into questions.jsonl.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

PEOPLE = "人员信息"
PROJ = "项目信息"
ATT = "考勤与人员财务"
FIN = "项目月度财务"
EQ = "设备信息"
BUY = "采购与维保"
CHK = "检查记录"
CERT = "人员证书"
BID = "投标记录"
SNAP = "月度快照"
LINK = "项目片区关系"
SHIFT = "排班月报"
POST = "岗位编制"
AREA = "片区信息"
DICT = "岗位字典"

PURCHASES = ["记录类型", "in", ["耗材采购", "固定资产"]]


def cnt(t: str, *where: list[Any], agg: str = "count") -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def lst(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def top(t: str, by: Any, agg: str, n: int = 1, order: str = "desc", *where: list[Any]) -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": n, "order": order, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def having(t: str, by: Any, agg: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def groups(t: str, by: Any, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def month(m: str) -> list[Any]:
    return ["年月", "=", m]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册上岗位是保洁员的一共几个人？", "number", cnt(PEOPLE, ["岗位名称", "=", "保洁员"])),
    ("count", "服务状态为“服务中”的项目，总数是多少", "number", cnt(PROJ, ["服务状态", "=", "服务中"])),
    (
        "count",
        "您好，我是新来的，想问下设备台账里登记的电梯有多少台",
        "number",
        cnt(EQ, ["设备类型", "=", "电梯"]),
    ),
    ("count", "检查记录中，消防安全检查一共做过几次?", "number", cnt(CHK, ["检查类型", "=", "消防安全检查"])),
    (
        "count",
        "证书表里一共有多少个人持证？一个人有多本证书的只算一次",
        "number",
        cnt(CERT, agg="nunique:工号"),
    ),
    ("count", "投标记录里没中标的有几条", "number", cnt(BID, ["中标结果", "=", "未中标"])),
    (
        "count",
        "岗位编制表里，设了保安_普保编制的项目有多少个",
        "number",
        cnt(POST, ["岗位", "=", "保安_普保"]),
    ),
    # ------------------------------------------------------------ list
    (
        "list",
        "闵行-湖南人才公寓2026年2月考勤表里有哪几个人？",
        "names",
        lst(ATT, "工号", ["项目编号", "=", "XMSQ0373"], month("2026-02")),
    ),
    (
        "list",
        "列一下做电梯维保的供应商",
        "names",
        lst(BUY, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    ("list", "谁拿了物业管理师证书？", "names", lst(CERT, "工号", ["证书名称", "=", "物业管理师"])),
    ("list", "人员信息表里填了离职日期的员工都有谁", "names", lst(PEOPLE, "工号", ["离职日期", "notnull"])),
    (
        "list",
        "松江-夏阳图书馆 2026年3月的排班表上排了哪些人",
        "names",
        lst(SHIFT, "工号", ["项目编号", "=", "XMSQ0397"], month("2026-03")),
    ),
    (
        "list",
        "麻烦列出合同面积超过14.5万平方米的项目",
        "names",
        lst(PROJ, "项目编号", ["合同面积", ">", 145000]),
    ),
    (
        "list",
        "岗位字典里员工层级是项目管理人员的岗位有哪些",
        "names",
        lst(DICT, "岗位名称", ["员工层级", "=", "项目管理人员"]),
    ),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "xmsq0351 今年1到4月开票金额加起来多少？？",
        "number",
        cnt(FIN, ["项目编号", "=", "XMSQ0351"], agg="sum:开票金额"),
    ),
    ("sum_avg", "请问所有项目客户满意度的平均值是多少？", "number", cnt(PROJ, agg="avg:客户满意度")),
    ("sum_avg", "2026年3月考勤表上的税后工资合计", "number", cnt(ATT, month("2026-03"), agg="sum:税后工资")),
    (
        "sum_avg",
        "固定资产类采购的金额总共是多少钱",
        "number",
        cnt(BUY, ["记录类型", "=", "固定资产"], agg="sum:金额"),
    ),
    ("sum_avg", "请统计电梯类设备的原值总和。", "number", cnt(EQ, ["设备类型", "=", "电梯"], agg="sum:原值")),
    (
        "sum_avg",
        "2026年2月考勤里人均上班天数是多少",
        "number",
        cnt(ATT, month("2026-02"), agg="avg:上班天数"),
    ),
    (
        "sum_avg",
        "消防安全检查的平均得分？",
        "number",
        cnt(CHK, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
    ),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目", "names", top(PROJ, "项目编号", "max:合同面积")),
    ("extreme_rank", "哪个片区挂的项目最少？", "names", top(LINK, "片区编号", "count", 1, "asc")),
    (
        "extreme_rank",
        "2026年1月开票金额最高的项目是哪一个",
        "names",
        top(FIN, "项目编号", "max:开票金额", 1, "desc", month("2026-01")),
    ),
    ("extreme_rank", "花名册里司龄最长的员工是谁", "names", top(PEOPLE, "工号", "max:司龄")),
    ("extreme_rank", "设备类型里哪一类的设备台数最多", "names", top(EQ, "设备类型", "count")),
    (
        "extreme_rank",
        "2026年1月税后工资最高的是哪位员工？",
        "names",
        top(ATT, "工号", "max:税后工资", 1, "desc", month("2026-01")),
    ),
    (
        "extreme_rank",
        "年化合同额最低的项目是哪个",
        "names",
        top(PROJ, "项目编号", "min:年化合同额", 1, "asc"),
    ),
    # ------------------------------------------------------------ top_n
    ("top_n", "年化合同额 排前五 的项目", "names", top(PROJ, "项目编号", "max:年化合同额", 5)),
    (
        "top_n",
        "耗材和固定资产采购金额累计最多的前3家供应商是哪几家",
        "names",
        top(BUY, "供应商名称", "sum:金额", 3, "desc", PURCHASES),
    ),
    ("top_n", "客户满意度最低的三个项目", "names", top(PROJ, "项目编号", "min:客户满意度", 3, "asc")),
    ("top_n", "登记设备数量最多的前5个项目是哪些？", "names", top(EQ, "项目编号", "count", 5)),
    (
        "top_n",
        "2026年3月税后工资TOP5的员工",
        "names",
        top(ATT, "工号", "max:税后工资", 5, "desc", month("2026-03")),
    ),
    (
        "top_n",
        "维保合同金额合计排名前三的项目",
        "names",
        top(BUY, "项目编号", "sum:金额", 3, "desc", ["记录类型", "=", "维保合同"]),
    ),
    ("top_n", "投标金额最高的前两个投标是哪两个项目的", "names", top(BID, "项目编号", "max:投标金额", 2)),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "XMSQ0397有没有给排水设备？",
        "bool",
        ex(EQ, ["项目编号", "=", "XMSQ0397"], ["设备类型", "=", "给排水"]),
    ),
    (
        "existence",
        "XMSQ0250 登记过安防设备吗",
        "bool",
        ex(EQ, ["项目编号", "=", "XMSQ0250"], ["设备类型", "=", "安防"]),
    ),
    ("existence", "公司里有人持有高压电工作业证吗？", "bool", ex(CERT, ["证书名称", "=", "高压电工作业"])),
    (
        "existence",
        "有没有续标没中的情况",
        "bool",
        ex(BID, ["投标类型", "=", "续标"], ["中标结果", "=", "未中标"]),
    ),
    ("existence", "有没有哪个项目客户投诉超过3次的", "bool", ex(PROJ, ["客户投诉", ">", 3])),
    ("existence", "徐汇片区的项目里有报废的设备吗", "bool", ex(EQ, reg("PQ02"), ["完好状况", "=", "报废"])),
    (
        "existence",
        "嘉定片区有没有养老机构类的项目？",
        "bool",
        ex(PROJ, reg("PQ06"), ["细分业态", "=", "养老机构"]),
    ),
    # ------------------------------------------------------------ status
    ("status", "工号 kwl1601701 的岗位是啥", "value", val(PEOPLE, "岗位名称", ["工号", "=", "KWL1601701"])),
    (
        "status",
        "嘉定-川沙政务服务中心的服务状态是？",
        "value",
        val(PROJ, "服务状态", ["项目编号", "=", "XMSQ0250"]),
    ),
    ("status", "XMSQ0160 的委托方式", "value", val(PROJ, "委托方式", ["项目编号", "=", "XMSQ0160"])),
    (
        "status",
        "青浦-华新镇政府的项目负责人是哪位",
        "value",
        val(PROJ, "项目负责人", ["项目编号", "=", "XMSQ0253"]),
    ),
    ("status", "叶志强是哪天入职的", "value", val(PEOPLE, "入职日期", ["姓名", "=", "叶志强"])),
    (
        "status",
        "松江片区的负责人是谁？",
        "value",
        val(PEOPLE, "姓名", ["工号", "in_q", lst(AREA, "片区负责人工号", ["片区编号", "=", "PQ05"])]),
    ),
    (
        "status",
        "闵行-湖南人才公寓 计费方式是包干制还是酬金制",
        "value",
        val(PROJ, "计费方式", ["项目编号", "=", "XMSQ0373"]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "花名册上咱们普保一共多少号人啊", "number", cnt(PEOPLE, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "电梯里头带病在跑的有几台哈",
        "number",
        cnt(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    ("colloquial", "停用的设备有多少台啊，大概说个数就行", "number", cnt(EQ, ["完好状况", "=", "停用"])),
    ("colloquial", "青浦片区底下有几个项目呀", "number", cnt(LINK, ["片区编号", "=", "PQ01"])),
    ("colloquial", "4月份值班费一共发出去多少钱？", "number", cnt(ATT, month("2026-04"), agg="sum:值班费")),
    (
        "colloquial",
        "花名册上的保洁员平均司龄几年啊",
        "number",
        cnt(PEOPLE, ["岗位名称", "=", "保洁员"], agg="avg:司龄"),
    ),
    (
        "colloquial",
        "那个华新第一中学1月份开票开了多少钱",
        "number",
        cnt(FIN, ["项目编号", "=", "XMSQ0362"], month("2026-01"), agg="sum:开票金额"),
    ),
    # ------------------------------------------------------------ time_reference
    ("time_reference", "上个月开票总额多少", "number", cnt(FIN, month("2026-02"), agg="sum:开票金额")),
    (
        "time_reference",
        "上上个月有考勤记录的一共多少人",
        "number",
        cnt(ATT, month("2026-01"), agg="nunique:工号"),
    ),
    (
        "time_reference",
        "下个月排班表里排了几个人？",
        "number",
        cnt(SHIFT, month("2026-04"), agg="nunique:工号"),
    ),
    (
        "time_reference",
        "本月耗材采购花了多少钱",
        "number",
        cnt(BUY, month("2026-03"), ["记录类型", "=", "耗材采购"], agg="sum:金额"),
    ),
    (
        "time_reference",
        "今年一季度（1—3月）收款合计是多少",
        "number",
        cnt(FIN, ["年月", "in", ["2026-01", "2026-02", "2026-03"]], agg="sum:收款金额"),
    ),
    (
        "time_reference",
        "上个月一共做了几次检查",
        "number",
        cnt(CHK, ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-28"]),
    ),
    (
        "time_reference",
        "这个月XMSQ0362的考勤上有几个人",
        "number",
        cnt(ATT, ["项目编号", "=", "XMSQ0362"], month("2026-03")),
    ),
    # ------------------------------------------------------------ now_current
    (
        "now_current",
        "熊淑珍目前服务的是哪个项目（当前服务项目编号）",
        "value",
        val(PEOPLE, "当前服务项目编号", ["工号", "=", "KWL1601701"]),
    ),
    ("now_current", "服务状态现在还是“未开始”的项目有几个", "number", cnt(PROJ, ["服务状态", "=", "未开始"])),
    ("now_current", "目前服务状态为已结束的项目有多少个", "number", cnt(PROJ, ["服务状态", "=", "已结束"])),
    (
        "now_current",
        "供应商名录里状态是合作中的现在有几家",
        "number",
        cnt(BUY, ["记录类型", "=", "供应商"], ["状态", "=", "合作中"]),
    ),
    (
        "now_current",
        "XMSQ0136现在的合同状况是什么",
        "value",
        val(PROJ, "合同状况", ["项目编号", "=", "XMSQ0136"]),
    ),
    (
        "now_current",
        "XMSQ0238 项目的 XF-001 这台设备现在完好状况怎么样",
        "value",
        val(EQ, "完好状况", ["项目编号", "=", "XMSQ0238"], ["设备编号", "=", "XF-001"]),
    ),
    ("now_current", "目前完好状况是报废的设备一共几台", "number", cnt(EQ, ["完好状况", "=", "报废"])),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0351 2026年2月的开票金额是多少",
        "number",
        cnt(FIN, ["项目编号", "=", "XMSQ0351"], month("2026-02"), agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0299在2026年3月收了多少款？",
        "number",
        cnt(FIN, ["项目编号", "=", "XMSQ0299"], month("2026-03"), agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "2026年4月 青浦-华新第一中学 的考勤人数",
        "number",
        cnt(ATT, ["项目编号", "=", "XMSQ0362"], month("2026-04")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0250 2026年2月的加班小时合计是多少",
        "number",
        cnt(SNAP, ["项目编号", "=", "XMSQ0250"], month("2026-02"), agg="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "许玉兰2026年1月上了几天班",
        "number",
        cnt(ATT, ["工号", "=", "KWL1804995"], month("2026-01"), agg="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "KWL1507851 这个人2026年2月税后工资多少",
        "number",
        cnt(ATT, ["工号", "=", "KWL1507851"], month("2026-02"), agg="sum:税后工资"),
    ),
    (
        "monthly_fact",
        "闵行-湖南人才公寓2026年3月的出勤人次（月度快照）",
        "number",
        cnt(SNAP, ["项目编号", "=", "XMSQ0373"], month("2026-03"), agg="sum:出勤人次"),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0351 1月的开票金额比2月多多少？",
        "number",
        two(
            "diff",
            cnt(FIN, ["项目编号", "=", "XMSQ0351"], month("2026-01"), agg="sum:开票金额"),
            cnt(FIN, ["项目编号", "=", "XMSQ0351"], month("2026-02"), agg="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "保安_普保和保洁员，哪个岗位人多？",
        "names",
        top(PEOPLE, "岗位名称", "count", 1, "desc", ["岗位名称", "in", ["保安_普保", "保洁员"]]),
    ),
    (
        "compare",
        "2026年3月和4月的考勤人数相差多少",
        "number",
        two("absdiff", cnt(ATT, month("2026-03")), cnt(ATT, month("2026-04"))),
    ),
    (
        "compare",
        "徐汇片区跟松江片区比，哪个片区的项目多",
        "names",
        top(LINK, "片区编号", "count", 1, "desc", ["片区编号", "in", ["PQ02", "PQ05"]]),
    ),
    (
        "compare",
        "2026年1月全公司开票总额是不是比2月高？",
        "bool",
        two(
            "gt",
            cnt(FIN, month("2026-01"), agg="sum:开票金额"),
            cnt(FIN, month("2026-02"), agg="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0250的年化合同额比XMSQ0362多多少",
        "number",
        two(
            "diff",
            cnt(PROJ, ["项目编号", "=", "XMSQ0250"], agg="sum:年化合同额"),
            cnt(PROJ, ["项目编号", "=", "XMSQ0362"], agg="sum:年化合同额"),
        ),
    ),
    (
        "compare",
        "花名册里男的比女的多几个人",
        "number",
        two("diff", cnt(PEOPLE, ["性别", "=", "男"]), cnt(PEOPLE, ["性别", "=", "女"])),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "登记设备超过10台的项目有几个",
        "number",
        having(EQ, "项目编号", "count", [">", 10], op="having_count"),
    ),
    ("group_having", "项目数在40个及以上的片区", "names", having(LINK, "片区编号", "count", [">=", 40])),
    (
        "group_having",
        "2026年1月考勤人数3个及以上的项目一共有几个？",
        "number",
        having(ATT, "项目编号", "count", [">=", 3], month("2026-01"), op="having_count"),
    ),
    (
        "group_having",
        "采购记录超过25条的供应商有哪些",
        "names",
        having(BUY, "供应商名称", "count", [">", 25], PURCHASES),
    ),
    ("group_having", "被检查过6次及以上的项目", "names", having(CHK, "项目编号", "count", [">=", 6])),
    ("group_having", "同时持有两本及以上证书的人", "names", having(CERT, "工号", "count", [">=", 2])),
    (
        "group_having",
        "维保合同金额加起来超过30万的项目有哪几个",
        "names",
        having(BUY, "项目编号", "sum:金额", [">", 300000], ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "闵行片区2026年1月开票合计",
        "number",
        cnt(FIN, reg("PQ04"), month("2026-01"), agg="sum:开票金额"),
    ),
    ("region_rollup", "浦东片区下面的项目一共登记了多少台设备", "number", cnt(EQ, reg("PQ07"))),
    ("region_rollup", "嘉定片区2026年3月考勤人数", "number", cnt(ATT, reg("PQ06"), month("2026-03"))),
    (
        "region_rollup",
        "长宁片区服务中项目的平均客户满意度",
        "number",
        cnt(PROJ, reg("PQ08"), ["服务状态", "=", "服务中"], agg="avg:客户满意度"),
    ),
    ("region_rollup", "青浦片区的检查平均得分是多少？", "number", cnt(CHK, reg("PQ01"), agg="avg:检查得分")),
    (
        "region_rollup",
        "科创片区耗材加固定资产的采购金额总计",
        "number",
        cnt(BUY, reg("PQ03"), PURCHASES, agg="sum:金额"),
    ),
    (
        "region_rollup",
        "松江片区所有项目的年化合同额合计",
        "number",
        cnt(PROJ, reg("PQ05"), agg="sum:年化合同额"),
    ),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "服务中的项目里，一台设备都没登记的有几个",
        "number",
        cnt(PROJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少", "number", cnt(PROJ, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "花名册里员工层级不是一线员工的有几个人",
        "number",
        cnt(PEOPLE, ["员工层级", "!=", "一线员工"]),
    ),
    (
        "negation",
        "花名册里一条考勤记录都没有的人有多少",
        "number",
        cnt(PEOPLE, ["工号", "not_in_q", lst(ATT, "工号")]),
    ),
    ("negation", "汇总业态不属于公建的项目数", "number", cnt(PROJ, ["汇总业态", "!=", "公建"])),
    ("negation", "检查记录里没有发现问题的有几次？", "number", cnt(CHK, ["问题描述", "null"])),
    (
        "negation",
        "电梯中既不是带病运行也不是报废的有几台",
        "number",
        cnt(EQ, ["设备类型", "=", "电梯"], ["完好状况", "not_in", ["带病运行", "报废"]]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "花名册中保安_领班或者保洁_领班，一共多少人",
        "number",
        cnt(PEOPLE, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    ("or_values", "电梯加消防设备总共多少台", "number", cnt(EQ, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "完好状况是停用或报废的设备有几台？",
        "number",
        cnt(EQ, ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "细分业态为学校或医疗卫生的项目数量",
        "number",
        cnt(PROJ, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    (
        "or_values",
        "2026年1月或2月的收款金额合计",
        "number",
        cnt(FIN, ["年月", "in", ["2026-01", "2026-02"]], agg="sum:收款金额"),
    ),
    (
        "or_values",
        "属于徐汇片区或长宁片区的项目一共几个（两边都挂的只算一次）",
        "number",
        {"op": "agg", "t": PROJ, "where": [], "any": [reg("PQ02"), reg("PQ08")], "agg": "count"},
    ),
    (
        "or_values",
        "持有低压电工作业或高压电工作业证书的人有哪些",
        "names",
        lst(CERT, "工号", ["证书名称", "in", ["低压电工作业", "高压电工作业"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率高于15%的项目有几个", "number", cnt(PROJ, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "毛利率不到5％的项目有多少？", "number", cnt(PROJ, ["实际毛利率", "<", 0.05])),
    ("threshold_percent", "客户满意度95分及以上的项目数", "number", cnt(PROJ, ["客户满意度", ">=", 95])),
    ("threshold_percent", "检查得分低于85分的检查有几次", "number", cnt(CHK, ["检查得分", "<", 85])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率在10%及以上的有几个",
        "number",
        cnt(PROJ, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.1]),
    ),
    ("threshold_percent", "原值超过30万元的设备有几台", "number", cnt(EQ, ["原值", ">", 300000])),
    (
        "threshold_percent",
        "2026年2月税后工资不到4000元的考勤记录有几条",
        "number",
        cnt(ATT, month("2026-02"), ["税后工资", "<", 4000]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "花名册里女员工占多大比例",
        "number",
        {"op": "ratio", "a": cnt(PEOPLE, ["性别", "=", "女"]), "b": cnt(PEOPLE)},
    ),
    (
        "share",
        "完好的设备占全部设备的百分之几",
        "number",
        {"op": "ratio", "a": cnt(EQ, ["完好状况", "=", "完好"]), "b": cnt(EQ)},
    ),
    (
        "share",
        "未中标的投标占全部投标记录的几成",
        "number",
        {"op": "ratio", "a": cnt(BID, ["中标结果", "=", "未中标"]), "b": cnt(BID)},
    ),
    (
        "share",
        "全委项目在所有项目里的占比",
        "number",
        {"op": "ratio", "a": cnt(PROJ, ["委托方式", "=", "全委"]), "b": cnt(PROJ)},
    ),
    (
        "share",
        "2026年1月的收款金额占当月开票金额的比例是多少",
        "number",
        {
            "op": "ratio",
            "a": cnt(FIN, month("2026-01"), agg="sum:收款金额"),
            "b": cnt(FIN, month("2026-01"), agg="sum:开票金额"),
        },
    ),
    (
        "share",
        "中共党员占花名册总人数的比例",
        "number",
        {"op": "ratio", "a": cnt(PEOPLE, ["政治面貌", "=", "中共党员"]), "b": cnt(PEOPLE)},
    ),
    (
        "share",
        "所有设备里电梯占了百分之多少？",
        "number",
        {"op": "ratio", "a": cnt(EQ, ["设备类型", "=", "电梯"]), "b": cnt(EQ)},
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "按片区统计一下各有多少个项目", "groups", groups(LINK, "片区编号", "count")),
    ("grouped", "每种设备类型各有几台", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "按月份汇总一下开票金额，谢谢", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups", groups(CHK, "检查类型", "avg:检查得分")),
    ("grouped", "花名册按岗位名称分组统计人数", "groups", groups(PEOPLE, "岗位名称", "count")),
    (
        "grouped",
        "2026年1月各片区开票合计分别多少",
        "groups",
        groups(FIN, "@片区编号", "sum:开票金额", month("2026-01")),
    ),
    ("grouped", "每个月考勤表上各有多少人", "groups", groups(ATT, "年月", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ0999这个项目的服务状态是什么", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳明轩在哪个项目上班？", "no_such_entity", "欧阳明轩"),
    ("not_in_data_entity", "金山片区下面有几个项目", "no_such_entity", "金山片区"),
    (
        "not_in_data_entity",
        "北京华强电梯有限公司一共接了多少维保合同",
        "no_such_entity",
        "北京华强电梯有限公司",
    ),
    (
        "not_in_data_entity",
        "静安-南京西路商务中心2026年1月开票多少",
        "no_such_entity",
        "静安-南京西路商务中心",
    ),
    ("not_in_data_entity", "工号KWL9912001的人是什么岗位", "no_such_entity", "KWL9912001"),
    ("not_in_data_entity", "XMSQ0888 有几台电梯？", "no_such_entity", "XMSQ0888"),
    # ------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "2025年12月的开票总额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下下个月考勤表上会有多少人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月XMSQ0351收了多少款", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月的税后工资合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年11月各片区开票合计", "outside_coverage", "2025-11"),
    ("not_in_data_month", "今年7月份排班表里有几个人？", "outside_coverage", "2026-07"),
    ("not_in_data_month", "2026年5月青浦-华新第一中学的考勤人数", "outside_coverage", "2026-05"),
    # ------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "花名册里本科学历的员工有多少个", "no_such_field", "学历"),
    ("not_in_data_field", "各项目的停车位数量分别是多少", "no_such_field", "停车位数量"),
    ("not_in_data_field", "员工的绩效评分平均多少分", "no_such_field", "绩效评分"),
    ("not_in_data_field", "XMSQ0362一个月的用电量是多少度", "no_such_field", "用电量"),
    ("not_in_data_field", "年假还剩5天以上的员工有几个", "no_such_field", "年假剩余天数"),
    ("not_in_data_field", "闵行-湖南人才公寓一共住了多少户业主", "no_such_field", "业主户数"),
    ("not_in_data_field", "电梯的平均维修次数是多少次", "no_such_field", "维修次数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "帮我把XMSQ0362的项目负责人改成张伟"),
    ("non_data", "请删除投标记录里2018年的那几条"),
    ("non_data", "早上好～"),
    ("non_data", "把KWL1507851 2月份的税后工资改成5000"),
    ("non_data", "好的，明白了，多谢"),
]
