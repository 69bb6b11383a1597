"""The twenty-fourth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-04-17, a Friday: 本月 / 这个月 = 2026-04,
上个月 = 2026-03, 上上个月 = 2026-02, 三个月前 = 2026-01, 年初至今 / 今年以来 = 2026-01…2026-04;
去年 and 下个月 are outside the coverage. make_gold.py computes the gold values from the ledgers.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

M1, M2, M3, M4 = "2026-01", "2026-02", "2026-03", "2026-04"
YTD = [M1, M2, M3, M4]

PROJ = "项目信息"
HR = "人员信息"
AREA = "片区信息"
PA = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
POST = "岗位编制"
EQ = "设备信息"
PUR = "采购与维保"
INSP = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
DICT = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
"""采购 = 耗材采购 + 固定资产 (维保合同 and 供应商 rows are named as such)."""
WB = ["记录类型", "=", "维保合同"]
CONS = ["记录类型", "=", "耗材采购"]
ASSET = ["记录类型", "=", "固定资产"]
SUP = ["记录类型", "=", "供应商"]

PQ = {
    "青浦": "PQ01",
    "徐汇": "PQ02",
    "科创": "PQ03",
    "闵行": "PQ04",
    "松江": "PQ05",
    "嘉定": "PQ06",
    "浦东": "PQ07",
    "长宁": "PQ08",
}


def agg(t: str, where: list[list[Any]] | None = None, how: str = "count", **kw: Any) -> Spec:
    return {"op": "agg", "t": t, "where": where or [], "agg": how, **kw}


def lst(t: str, key: str, where: list[list[Any]] | None = None, **kw: Any) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": where or [], **kw}


def value(t: str, field: str, where: list[list[Any]]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": where}


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


def groups(t: str, by: str, how: str = "count", where: list[list[Any]] | None = None) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": how, "where": where or []}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def person(name: str) -> list[Any]:
    """The 工号 of the one person of the register with this name (names chosen unique)."""
    return ["工号", "in_q", lst(HR, "工号", [["姓名", "=", name]])]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------------ count
    ("count", "花名册里岗位是保洁员的一共有多少人？", "number", agg(HR, [["岗位名称", "=", "保洁员"]])),
    (
        "count",
        "设备台账上，完好状况登记为带病运行的设备有几台",
        "number",
        agg(EQ, [["完好状况", "=", "带病运行"]]),
    ),
    (
        "count",
        "运营这边问下：检查记录里消防安全检查总共做过多少次",
        "number",
        agg(INSP, [["检查类型", "=", "消防安全检查"]]),
    ),
    ("count", "投标记录中，投标类型为续标的有几条?", "number", agg(BID, [["投标类型", "=", "续标"]])),
    (
        "count",
        "人员证书表里证书类别属于特种作业操作证的共计几本",
        "number",
        agg(CERT, [["证书类别", "=", "特种作业操作证"]]),
    ),
    ("count", "xmsq0251 在设备信息里登记了多少台设备", "number", agg(EQ, [["项目编号", "=", "XMSQ0251"]])),
    ("count", "消防维保类的维保合同，一共签了几份？", "number", agg(PUR, [WB, ["类别", "=", "消防维保"]])),
    # ------------------------------------------------------------------ list
    (
        "list",
        "委托方式是单一单委、市（区）在闵行区的项目，都有哪些",
        "names",
        lst(PROJ, "项目编号", [["委托方式", "=", "单一单委"], ["市（区）", "=", "闵行区"]]),
    ),
    (
        "list",
        "人员证书表里拿到物业管理师证书的是哪几位？",
        "names",
        lst(CERT, "工号", [["证书名称", "=", "物业管理师"]]),
    ),
    ("list", "把服务状态为未开始的项目列出来", "names", lst(PROJ, "项目编号", [["服务状态", "=", "未开始"]])),
    (
        "list",
        "花名册上岗位名称是保安_消控员的员工有谁",
        "names",
        lst(HR, "工号", [["岗位名称", "=", "保安_消控员"]]),
    ),
    (
        "list",
        "供应商名录中类别为电梯维保的供应商有哪些家",
        "names",
        lst(PUR, "供应商名称", [SUP, ["类别", "=", "电梯维保"]]),
    ),
    (
        "list",
        "2026年3月 XMSQ0391 的考勤表上都有哪些人",
        "names",
        lst(ATT, "工号", [["项目编号", "=", "XMSQ0391"], ["年月", "=", M3]]),
    ),
    (
        "list",
        "岗位字典里岗位大类为保安的岗位都有哪些？",
        "names",
        lst(DICT, "岗位名称", [["岗位大类", "=", "保安"]]),
    ),
    # ------------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "财务问：2026年2月全公司开票金额合计多少？？",
        "number",
        agg(FIN, [["年月", "=", M2]], "sum:开票金额"),
    ),
    ("sum_avg", "所有检查记录的检查得分平均下来是多少分？", "number", agg(INSP, [], "avg:检查得分")),
    (
        "sum_avg",
        "设备类型为电梯的设备，原值总和多少",
        "number",
        agg(EQ, [["设备类型", "=", "电梯"]], "sum:原值"),
    ),
    (
        "sum_avg",
        "麻烦统计下2026年3月考勤表的平时加班小时总数",
        "number",
        agg(ATT, [["年月", "=", M3]], "sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "采购部想知道，耗材采购在2026年1月的金额合计是多少元",
        "number",
        agg(PUR, [CONS, ["年月", "=", M1]], "sum:金额"),
    ),
    ("sum_avg", "岗位编制表里预算编制全部加起来是多少人", "number", agg(POST, [], "sum:预算编制")),
    (
        "sum_avg",
        "服务状态为服务中的项目，平均合同面积是多少平方米",
        "number",
        agg(PROJ, [["服务状态", "=", "服务中"]], "avg:合同面积"),
    ),
    # ------------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的项目是哪个？", "names", top(PROJ, "项目编号", "max:合同面积")),
    (
        "extreme_rank",
        "2026年3月哪个项目开票金额最高",
        "names",
        top(FIN, "项目编号", "sum:开票金额", where=[["年月", "=", M3]]),
    ),
    ("extreme_rank", "哪种设备类型的原值合计最高", "names", top(EQ, "设备类型", "sum:原值")),
    ("extreme_rank", "检查记录里，谁作为检查人检查的次数最多？", "names", top(INSP, "检查人工号", "count")),
    (
        "extreme_rank",
        "承接维保合同份数最多的维保单位是哪家",
        "names",
        top(PUR, "维保单位名称", "count", where=[WB]),
    ),
    (
        "extreme_rank",
        "4月份登记的考勤中税后工资最高的是哪位员工",
        "names",
        top(ATT, "工号", "max:税后工资", where=[["年月", "=", M4]]),
    ),
    (
        "extreme_rank",
        "投标金额最小的那条投标是哪个项目的",
        "names",
        top(BID, "项目编号", "min:投标金额", order="asc"),
    ),
    # ------------------------------------------------------------------ top_n
    ("top_n", "合同金额排名前三的项目是哪些", "names", top(PROJ, "项目编号", "max:合同金额", 3)),
    ("top_n", "设备登记数量最多的5个项目", "names", top(EQ, "项目编号", "count", 5)),
    (
        "top_n",
        "您好，2026年1月收款金额前3名的项目是哪几个",
        "names",
        top(FIN, "项目编号", "sum:收款金额", 3, [["年月", "=", M1]]),
    ),
    (
        "top_n",
        "耗材采购金额合计排前五的供应商是哪几家",
        "names",
        top(PUR, "供应商名称", "sum:金额", 5, [CONS]),
    ),
    (
        "top_n",
        "投标金额最低的三个项目（按投标记录）",
        "names",
        top(BID, "项目编号", "min:投标金额", 3, order="asc"),
    ),
    (
        "top_n",
        "3月份考勤里税后工资最高的前四名员工",
        "names",
        top(ATT, "工号", "max:税后工资", 4, [["年月", "=", M3]]),
    ),
    ("top_n", "原值合计最高的两个设备类型是什么", "names", top(EQ, "设备类型", "sum:原值", 2)),
    # ------------------------------------------------------------------ existence
    (
        "existence",
        "有没有委托方式为单一单委、并且在青浦区的项目？",
        "bool",
        exists(PROJ, [["委托方式", "=", "单一单委"], ["市（区）", "=", "青浦区"]]),
    ),
    (
        "existence",
        "XMSQ0298做过设备专项检查没有",
        "bool",
        exists(INSP, [["项目编号", "=", "XMSQ0298"], ["检查类型", "=", "设备专项检查"]]),
    ),
    (
        "existence",
        "人员证书表里有人持有电梯安全管理员证吗",
        "bool",
        exists(CERT, [["证书名称", "=", "电梯安全管理员"]]),
    ),
    (
        "existence",
        "是否存在康明斯生产、完好状况为报废的设备？",
        "bool",
        exists(EQ, [["制造厂商", "contains", "康明斯"], ["完好状况", "=", "报废"]]),
    ),
    ("existence", "投标记录里有年份是2027年的吗", "bool", exists(BID, [["年份", "=", 2027]])),
    (
        "existence",
        "4月份的排班月报里有没有 XMSQ0257 的排班",
        "bool",
        exists(SCH, [["项目编号", "=", "XMSQ0257"], ["年月", "=", M4]]),
    ),
    ("existence", "检查记录中有检查得分达到99分及以上的吗？", "bool", exists(INSP, [["检查得分", ">=", 99]])),
    # ------------------------------------------------------------------ status
    (
        "status",
        "XMSQ0298 的项目负责人是哪位",
        "value",
        value(PROJ, "项目负责人", [["项目编号", "=", "XMSQ0298"]]),
    ),
    (
        "status",
        "嘉定-真如科技园用的是哪种委托方式",
        "value",
        value(PROJ, "委托方式", [["项目名称", "=", "嘉定-真如科技园"]]),
    ),
    (
        "status",
        "工号KWL1107847的岗位名称是什么？",
        "value",
        value(HR, "岗位名称", [["工号", "=", "KWL1107847"]]),
    ),
    (
        "status",
        "浦东片区的片区负责人叫什么名字",
        "value",
        value(HR, "姓名", [["工号", "in_q", lst(AREA, "片区负责人工号", [["片区名称", "=", "浦东片区"]])]]),
    ),
    (
        "status",
        "XMSQ0370 合同的结束日期是哪天？",
        "value",
        value(PROJ, "结束日期", [["项目编号", "=", "XMSQ0370"]]),
    ),
    ("status", "谭志远的入职日期", "value", value(HR, "入职日期", [["姓名", "=", "谭志远"]])),
    (
        "status",
        "松江-朱家角镇政府 的细分业态是啥",
        "value",
        value(PROJ, "细分业态", [["项目名称", "=", "松江-朱家角镇政府"]]),
    ),
    # ------------------------------------------------------------------ colloquial
    ("colloquial", "花名册上保安_普保一共几号人啊", "number", agg(HR, [["岗位名称", "=", "保安_普保"]])),
    ("colloquial", "报废掉的设备有几台来着？", "number", agg(EQ, [["完好状况", "=", "报废"]])),
    (
        "colloquial",
        "那个 xmsq0358 二月份开了多少票啊，开票金额",
        "number",
        agg(FIN, [["项目编号", "=", "XMSQ0358"], ["年月", "=", M2]], "sum:开票金额"),
    ),
    ("colloquial", "咱们投标记录里中标的一共多少条呀", "number", agg(BID, [["中标结果", "=", "中标"]])),
    ("colloquial", "花名册里女的有多少人哈", "number", agg(HR, [["性别", "=", "女"]])),
    ("colloquial", "市（区）是嘉定区的项目总共几个呀？", "number", agg(PROJ, [["市（区）", "=", "嘉定区"]])),
    (
        "colloquial",
        "消防维保合同的金额全加一块儿是多少钱",
        "number",
        agg(PUR, [WB, ["类别", "=", "消防维保"]], "sum:金额"),
    ),
    # ------------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月全公司的收款金额一共多少？",
        "number",
        agg(FIN, [["年月", "=", M3]], "sum:收款金额"),
    ),
    ("time_reference", "上上个月的考勤表一共有多少条记录", "number", agg(ATT, [["年月", "=", M2]])),
    (
        "time_reference",
        "三个月前全公司的开票金额总计",
        "number",
        agg(FIN, [["年月", "=", M1]], "sum:开票金额"),
    ),
    (
        "time_reference",
        "年初至今耗材采购一共花了多少钱",
        "number",
        agg(PUR, [CONS, ["年月", "in", YTD]], "sum:金额"),
    ),
    (
        "time_reference",
        "检查日期在2026年3月1日到2026年3月31日（含首尾）之间的检查有多少次",
        "number",
        agg(INSP, [["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-31"]]),
    ),
    (
        "time_reference",
        "入职日期晚于2026年3月6日的员工有哪些（花名册）",
        "names",
        lst(HR, "工号", [["入职日期", ">", "2026-03-06"]]),
    ),
    (
        "time_reference",
        "中标日期在2025年1月1日至2025年12月31日之间的投标记录有几条？",
        "number",
        agg(BID, [["中标日期", ">=", "2025-01-01"], ["中标日期", "<=", "2025-12-31"]]),
    ),
    (
        "time_reference",
        "这个月（2026年4月）登记的排班月报一共多少行",
        "number",
        agg(SCH, [["年月", "=", M4]]),
    ),
    # ------------------------------------------------------------------ now_current
    (
        "now_current",
        "xmsq0140 目前的服务状态是什么",
        "value",
        value(PROJ, "服务状态", [["项目编号", "=", "XMSQ0140"]]),
    ),
    ("now_current", "完好状况现在是停用的设备有多少台", "number", agg(EQ, [["完好状况", "=", "停用"]])),
    (
        "now_current",
        "今天是2026年4月17日，有效期至早于今天的证书有几本？",
        "number",
        agg(CERT, [["有效期至", "<", "2026-04-17"]]),
    ),
    (
        "now_current",
        "今天2026-04-17，结束日期早于今天的维保合同有几份",
        "number",
        agg(PUR, [WB, ["结束日期", "<", "2026-04-17"]]),
    ),
    (
        "now_current",
        "合同状况为已签约未进场的项目目前有几个",
        "number",
        agg(PROJ, [["合同状况", "=", "已签约未进场"]]),
    ),
    (
        "now_current",
        "张梦洁现在的当前服务项目编号是多少",
        "value",
        value(HR, "当前服务项目编号", [["姓名", "=", "张梦洁"]]),
    ),
    (
        "now_current",
        "以今天（2026年4月17日）为准，服务状态为服务中、结束日期却早于今天的项目有几个",
        "number",
        agg(PROJ, [["服务状态", "=", "服务中"], ["结束日期", "<", "2026-04-17"]]),
    ),
    # ------------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0391 4月份登记的考勤人数是多少",
        "number",
        agg(ATT, [["项目编号", "=", "XMSQ0391"], ["年月", "=", M4]]),
    ),
    (
        "monthly_fact",
        "XMSQ0257 在2026年1月的收款金额是多少",
        "number",
        agg(FIN, [["项目编号", "=", "XMSQ0257"], ["年月", "=", M1]], "sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0238 2026年3月的出勤人次",
        "number",
        agg(SNAP, [["项目编号", "=", "XMSQ0238"], ["年月", "=", M3]], "sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "谭志远2026年2月的上班天数是几天",
        "number",
        agg(ATT, [person("谭志远"), ["年月", "=", M2]], "sum:上班天数"),
    ),
    (
        "monthly_fact",
        "请问XMSQ0367在2026年2月开票金额多少？",
        "number",
        agg(FIN, [["项目编号", "=", "XMSQ0367"], ["年月", "=", M2]], "sum:开票金额"),
    ),
    (
        "monthly_fact",
        "月度快照中XMSQ0372 2026-01的加班小时合计",
        "number",
        agg(SNAP, [["项目编号", "=", "XMSQ0372"], ["年月", "=", M1]], "sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "XMSQ0257 二月份的排班月报上排了几个人",
        "number",
        agg(SCH, [["项目编号", "=", "XMSQ0257"], ["年月", "=", M2]]),
    ),
    # ------------------------------------------------------------------ compare
    (
        "compare",
        "保洁员和保安_普保，花名册里哪个岗位的人多？",
        "names",
        top(HR, "岗位名称", "count", where=[["岗位名称", "in", ["保洁员", "保安_普保"]]]),
    ),
    (
        "compare",
        "XMSQ0372比XMSQ0251多登记了几台设备",
        "number",
        two("diff", agg(EQ, [["项目编号", "=", "XMSQ0372"]]), agg(EQ, [["项目编号", "=", "XMSQ0251"]])),
    ),
    (
        "compare",
        "2026年1月和2026年4月的考勤记录条数相差多少",
        "number",
        two("absdiff", agg(ATT, [["年月", "=", M1]]), agg(ATT, [["年月", "=", M4]])),
    ),
    (
        "compare",
        "电梯和消防这两类设备，谁的原值合计更高",
        "names",
        top(EQ, "设备类型", "sum:原值", where=[["设备类型", "in", ["电梯", "消防"]]]),
    ),
    (
        "compare",
        "耗材采购金额，2026年4月比2026年1月多了多少",
        "number",
        two(
            "diff",
            agg(PUR, [CONS, ["年月", "=", M4]], "sum:金额"),
            agg(PUR, [CONS, ["年月", "=", M1]], "sum:金额"),
        ),
    ),
    (
        "compare",
        "花名册里，男的比女的多几个人",
        "number",
        two("diff", agg(HR, [["性别", "=", "男"]]), agg(HR, [["性别", "=", "女"]])),
    ),
    (
        "compare",
        "XMSQ0257的客户满意度是否高于XMSQ0298？",
        "bool",
        two(
            "gt",
            agg(PROJ, [["项目编号", "=", "XMSQ0257"]], "sum:客户满意度"),
            agg(PROJ, [["项目编号", "=", "XMSQ0298"]], "sum:客户满意度"),
        ),
    ),
    # ------------------------------------------------------------------ group_having
    (
        "group_having",
        "哪些项目的设备登记了14台及以上？",
        "names",
        having(EQ, "项目编号", "count", [">=", 14]),
    ),
    (
        "group_having",
        "被检查过6次及以上的项目是哪些？",
        "names",
        having(INSP, "项目编号", "count", [">=", 6]),
    ),
    (
        "group_having",
        "承接了7份及以上维保合同的维保单位有哪几家",
        "names",
        having(PUR, "维保单位名称", "count", [">=", 7], [WB]),
    ),
    (
        "group_having",
        "人事问下：人员证书表里持有2本及以上证书的人是谁",
        "names",
        having(CERT, "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "4月份登记的考勤中，考勤人数达到3人及以上的项目有几个",
        "number",
        having(ATT, "项目编号", "count", [">=", 3], [["年月", "=", M4]], count=True),
    ),
    (
        "group_having",
        "固定资产采购金额合计超过30万元的项目有几个",
        "number",
        having(PUR, "项目编号", "sum:金额", [">", 300000], [ASSET], count=True),
    ),
    (
        "group_having",
        "在考勤表里4个月都有记录的员工有多少人",
        "number",
        having(ATT, "工号", "count", [">=", 4], count=True),
    ),
    # ------------------------------------------------------------------ region_rollup
    ("region_rollup", "浦东片区下面挂了多少个项目", "number", agg(PA, [["片区编号", "=", PQ["浦东"]]])),
    (
        "region_rollup",
        "嘉定片区2026年3月的开票金额合计是多少",
        "number",
        agg(FIN, [region(PQ["嘉定"]), ["年月", "=", M3]], "sum:开票金额"),
    ),
    ("region_rollup", "科创片区所有项目的设备一共有多少台", "number", agg(EQ, [region(PQ["科创"])])),
    ("region_rollup", "检查次数最多的是哪个片区", "names", top(INSP, "@片区编号", "count")),
    (
        "region_rollup",
        "闵行片区2026年1月的考勤人数是多少",
        "number",
        agg(ATT, [region(PQ["闵行"]), ["年月", "=", M1]]),
    ),
    (
        "region_rollup",
        "青浦片区今年以来耗材采购花了多少钱",
        "number",
        agg(PUR, [CONS, region(PQ["青浦"]), ["年月", "in", YTD]], "sum:金额"),
    ),
    (
        "region_rollup",
        "长宁片区项目的固定资产采购金额合计",
        "number",
        agg(PUR, [ASSET, region(PQ["长宁"])], "sum:金额"),
    ),
    # ------------------------------------------------------------------ negation
    ("negation", "服务状态不是服务中的项目有多少个", "number", agg(PROJ, [["服务状态", "!=", "服务中"]])),
    ("negation", "完好状况不为完好的设备共几台？", "number", agg(EQ, [["完好状况", "!=", "完好"]])),
    (
        "negation",
        "花名册上哪些项目经理在人员证书表里一本证书都没有",
        "names",
        lst(HR, "工号", [["岗位名称", "=", "项目经理"], ["工号", "not_in_q", lst(CERT, "工号")]]),
    ),
    ("negation", "检查记录里没有填写问题描述的检查有几次", "number", agg(INSP, [["问题描述", "null"]])),
    (
        "negation",
        "员工层级不是一线员工的，花名册里有多少人",
        "number",
        agg(HR, [["员工层级", "!=", "一线员工"]]),
    ),
    (
        "negation",
        "4月份登记的考勤里，平时加班小时为0、即没有加班的记录有几条",
        "number",
        agg(ATT, [["年月", "=", M4], ["平时加班小时", "=", 0]]),
    ),
    (
        "negation",
        "服务中的项目里，设备信息表中一台设备都没登记的有几个？",
        "number",
        agg(PROJ, [["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")]]),
    ),
    # ------------------------------------------------------------------ or_values
    (
        "or_values",
        "岗位是保安_领班或保洁_领班的，花名册里一共多少人",
        "number",
        agg(HR, [["岗位名称", "in", ["保安_领班", "保洁_领班"]]]),
    ),
    (
        "or_values",
        "设备类型为电梯或者消防的设备有几台",
        "number",
        agg(EQ, [["设备类型", "in", ["电梯", "消防"]]]),
    ),
    (
        "or_values",
        "检查类型是月度品质检查或季度综合检查的一共多少次？",
        "number",
        agg(INSP, [["检查类型", "in", ["月度品质检查", "季度综合检查"]]]),
    ),
    (
        "or_values",
        "委托方式为 全委 或 多项单委 的项目数量",
        "number",
        agg(PROJ, [["委托方式", "in", ["全委", "多项单委"]]]),
    ),
    (
        "or_values",
        "带病运行或者停用的设备，原值合计多少",
        "number",
        agg(EQ, [["完好状况", "in", ["带病运行", "停用"]]], "sum:原值"),
    ),
    (
        "or_values",
        "2026年1月或2月的收款金额加起来一共多少",
        "number",
        agg(FIN, [["年月", "in", [M1, M2]]], "sum:收款金额"),
    ),
    (
        "or_values",
        "证书类别是特种作业操作证或特种设备作业人员证的持证人都有谁",
        "names",
        lst(CERT, "工号", [["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]]),
    ),
    # ------------------------------------------------------------------ threshold_percent
    (
        "threshold_percent",
        "实际毛利率超过15%的项目有多少个",
        "number",
        agg(PROJ, [["实际毛利率", ">", 0.15]]),
    ),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率低于5％的有哪些",
        "names",
        lst(PROJ, "项目编号", [["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]]),
    ),
    (
        "threshold_percent",
        "客户满意度在95分及以上的项目有几个？",
        "number",
        agg(PROJ, [["客户满意度", ">=", 95]]),
    ),
    ("threshold_percent", "检查得分低于85分的检查一共几次", "number", agg(INSP, [["检查得分", "<", 85]])),
    (
        "threshold_percent",
        "2026年3月考勤里税后工资高于6000元的记录有多少条",
        "number",
        agg(ATT, [["年月", "=", M3], ["税后工资", ">", 6000]]),
    ),
    (
        "threshold_percent",
        "合同面积超过10万平方米的项目数？",
        "number",
        agg(PROJ, [["合同面积", ">", 100000]]),
    ),
    ("threshold_percent", "原值高于50万元的设备共有多少台？", "number", agg(EQ, [["原值", ">", 500000]])),
    # ------------------------------------------------------------------ share
    (
        "share",
        "花名册里女员工占全部人员的比例是多少",
        "number",
        two("ratio", agg(HR, [["性别", "=", "女"]]), agg(HR)),
    ),
    (
        "share",
        "报废设备在全部设备中占多大比重？",
        "number",
        two("ratio", agg(EQ, [["完好状况", "=", "报废"]]), agg(EQ)),
    ),
    (
        "share",
        "市场部想了解，续标占全部投标记录的百分之几",
        "number",
        two("ratio", agg(BID, [["投标类型", "=", "续标"]]), agg(BID)),
    ),
    (
        "share",
        "2026年3月的收款金额占当月开票金额的比例",
        "number",
        two(
            "ratio",
            agg(FIN, [["年月", "=", M3]], "sum:收款金额"),
            agg(FIN, [["年月", "=", M3]], "sum:开票金额"),
        ),
    ),
    (
        "share",
        "检查记录中发现了问题（问题描述不为空）的检查占几成",
        "number",
        two("ratio", agg(INSP, [["问题描述", "notnull"]]), agg(INSP)),
    ),
    (
        "share",
        "新人请教下，服务中的项目占项目总数的比重是多少",
        "number",
        two("ratio", agg(PROJ, [["服务状态", "=", "服务中"]]), agg(PROJ)),
    ),
    (
        "share",
        "耗材采购的金额里，类别为清洁耗材的占百分之多少",
        "number",
        two("ratio", agg(PUR, [CONS, ["类别", "=", "清洁耗材"]], "sum:金额"), agg(PUR, [CONS], "sum:金额")),
    ),
    # ------------------------------------------------------------------ grouped
    ("grouped", "按设备类型分别统计一下设备台数，谢谢", "groups", groups(EQ, "设备类型")),
    ("grouped", "各检查类型分别检查了多少次？", "groups", groups(INSP, "检查类型")),
    (
        "grouped",
        "2026年2月每个片区的开票金额各是多少",
        "groups",
        groups(FIN, "@片区编号", "sum:开票金额", [["年月", "=", M2]]),
    ),
    ("grouped", "花名册人数按岗位名称分组统计", "groups", groups(HR, "岗位名称")),
    ("grouped", "人员证书按证书类别各有几本", "groups", groups(CERT, "证书类别")),
    ("grouped", "固定资产采购按类别的金额合计分别是多少", "groups", groups(PUR, "类别", "sum:金额", [ASSET])),
    ("grouped", "考勤表每个月各有多少条记录", "groups", groups(ATT, "年月")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------------ entities that do not exist
    ("not_in_data_entity", "XMSQ0888 的项目负责人是谁", "no_such_entity", "XMSQ0888"),
    ("not_in_data_entity", "员工王大锤是哪天入职的", "no_such_entity", "王大锤"),
    ("not_in_data_entity", "工号KWL9901001对应的是哪位员工", "no_such_entity", "KWL9901001"),
    ("not_in_data_entity", "奉贤片区下面有多少个项目", "no_such_entity", "奉贤片区"),
    (
        "not_in_data_entity",
        "北京华宇保安服务有限公司承接了几份维保合同",
        "no_such_entity",
        "北京华宇保安服务有限公司",
    ),
    ("not_in_data_entity", "徐汇-滨江国际广场 的合同金额是多少", "no_such_entity", "徐汇-滨江国际广场"),
    ("not_in_data_entity", "xmsq1234 2026年3月开票金额多少", "no_such_entity", "XMSQ1234"),
    # ------------------------------------------------------------------ months outside the coverage
    ("not_in_data_month", "去年12月全公司的开票金额合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月XMSQ0391的考勤人数会是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月收款金额一共多少？", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月的排班月报上一共多少人", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年10月 XMSQ0257 开了多少票", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年5月份耗材采购的金额合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年9月的考勤记录有几条", "outside_coverage", "2025-09"),
    # ------------------------------------------------------------------ fields no template has
    ("not_in_data_field", "XMSQ0251 的物业费收缴率是多少", "no_such_field", "收缴率"),
    ("not_in_data_field", "谭志远的学历是什么", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0358 上个月的用电量多少度", "no_such_field", "用电量"),
    ("not_in_data_field", "花名册里员工的婚姻状况分别是怎样的", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "各项目的停车位数量是多少", "no_such_field", "停车位"),
    ("not_in_data_field", "保洁员的社保缴纳基数是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "供应商的信用评级分别是什么", "no_such_field", "信用评级"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "早上好～"),
    ("non_data", "辛苦了，谢谢！"),
    ("non_data", "把XMSQ0251的合同金额改成500万"),
    ("non_data", "帮我把谭志远这个人从花名册里删掉"),
    ("non_data", "在吗？"),
    ("non_data", "好的明白了，感谢"),
    ("non_data", "请把2026年3月的考勤数据全部清空"),
]
