"""The sixth held-out set as written: every question with its class and its gold spec.

Written blind (see README.md): from templates.md, cli.md, the generator and the ledgers in data/
only. The gold specs are the spec language of tests/eval/blind_gold.py; make_gold.py turns them
into questions.jsonl. Today is 2026-04-02 (本月 2026-04, 上个月 2026-03, 上上个月 2026-02).
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
PEOPLE = "人员信息"
AREA = "片区信息"
LINK = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SHIFT = "排班月报"
BID = "投标记录"
POST = "岗位编制"
EQ = "设备信息"
BUY = "采购与维保"
CHECK = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
DICT = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
SUPPLIER = ["记录类型", "=", "供应商"]
UPKEEP = ["记录类型", "=", "维保合同"]


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def month(m: str) -> list[Any]:
    return ["年月", "=", m]


def checked_between(first: str, last: str) -> list[list[Any]]:
    return [["检查日期", ">=", first], ["检查日期", "<=", last]]


def count(t: str, *where: list[Any], **extra: Any) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": "count", **extra}


def agg(t: str, how: str, *where: list[Any], **extra: Any) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": how, **extra}


def names(t: str, key: str, *where: list[Any], **extra: Any) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where), **extra}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, how: str, n: int = 1, *where: list[Any], order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": how, "n": n, "order": order, "where": list(where)}


def groups(t: str, by: str, how: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": how, "where": list(where)}


def having(t: str, by: str, how: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "by": by, "agg": how, "cmp": cmp, "where": list(where)}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "嘉定片区下面一共挂了几个项目？", "number", count(LINK, ["片区编号", "=", "PQ06"])),
    ("count", "花名册上保洁员有多少人", "number", count(PEOPLE, ["岗位名称", "=", "保洁员"])),
    ("count", "咱们设备台账里，电梯一共登记了几台？", "number", count(EQ, ["设备类型", "=", "电梯"])),
    ("count", "检查记录中消防安全检查做过多少次", "number", count(CHECK, ["检查类型", "=", "消防安全检查"])),
    (
        "count",
        "2026年3月的排班表里，排过夜班的有几个人？",
        "number",
        count(SHIFT, month("2026-03"), ["1日", "has_code", "夜"]),
    ),
    ("count", "xmsq0384 这个项目名下有多少台设备", "number", count(EQ, ["项目编号", "=", "XMSQ0384"])),
    ("count", "人事这边想知道：人员证书表里持证的员工有几位？", "number", agg(CERT, "nunique:工号")),
    # ------------------------------------------------------------ list
    (
        "list",
        "请列出长宁片区里已经结束服务的项目",
        "names",
        names(P, "项目编号", reg("PQ08"), ["服务状态", "=", "已结束"]),
    ),
    (
        "list",
        "哪些员工持有消防设施操作员（初级）证书？",
        "names",
        names(CERT, "工号", ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    (
        "list",
        "岗位字典里员工层级是一线员工的岗位有哪些",
        "names",
        names(DICT, "岗位名称", ["员工层级", "=", "一线员工"]),
    ),
    (
        "list",
        "供应商名录里类别登记为清洁耗材的供应商都有谁，列一下",
        "names",
        names(BUY, "供应商名称", SUPPLIER, ["类别", "=", "清洁耗材"]),
    ),
    (
        "list",
        "花名册里当前服务项目是XMSQ0311的保安_普保是哪几个人",
        "names",
        names(PEOPLE, "工号", ["当前服务项目编号", "=", "XMSQ0311"], ["岗位名称", "=", "保安_普保"]),
    ),
    (
        "list",
        "2021年投标没中的是哪些项目？",
        "names",
        names(BID, "项目编号", ["年份", "=", 2021], ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "带病运行的电梯分布在哪些项目上",
        "names",
        names(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "您好，2026年1月所有项目的开票金额加起来是多少",
        "number",
        agg(FIN, "sum:开票金额", month("2026-01")),
    ),
    (
        "sum_avg",
        "XMSQ0384的设备原值合计多少元？",
        "number",
        agg(EQ, "sum:原值", ["项目编号", "=", "XMSQ0384"]),
    ),
    ("sum_avg", "维保合同的金额总共是多少", "number", agg(BUY, "sum:金额", UPKEEP)),
    (
        "sum_avg",
        "消防安全检查的平均得分是多少分",
        "number",
        agg(CHECK, "avg:检查得分", ["检查类型", "=", "消防安全检查"]),
    ),
    (
        "sum_avg",
        "徐汇区服务中的项目，客户满意度平均下来多少？",
        "number",
        agg(P, "avg:客户满意度", ["市（区）", "=", "徐汇区"], ["服务状态", "=", "服务中"]),
    ),
    (
        "sum_avg",
        "2026年2月劳保耗材的采购金额一共花了多少钱",
        "number",
        agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "劳保耗材"], month("2026-02")),
    ),
    ("sum_avg", "全部项目的岗位编制里，预算编制加总是多少人？", "number", agg(POST, "sum:预算编制")),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目？", "names", top(P, "项目编号", "max:合同面积")),
    ("extreme_rank", "哪个片区名下的项目数量最多", "names", top(LINK, "片区编号", "count")),
    (
        "extreme_rank",
        "月度品质检查里，得分最低的那次是哪个项目？",
        "names",
        top(CHECK, "项目编号", "min:检查得分", 1, ["检查类型", "=", "月度品质检查"], order="asc"),
    ),
    ("extreme_rank", "花名册里司龄最长的员工是谁", "names", top(PEOPLE, "工号", "max:司龄")),
    (
        "extreme_rank",
        "2026年3月税后工资最高的是哪位员工？",
        "names",
        top(ATT, "工号", "max:税后工资", 1, month("2026-03")),
    ),
    ("extreme_rank", "按平均原值算，哪一类设备最贵", "names", top(EQ, "设备类型", "avg:原值")),
    (
        "extreme_rank",
        "所有项目里年化合同额最高的是多少钱",
        "number",
        {"op": "top_value", "t": P, "by": "项目编号", "agg": "max:年化合同额", "where": []},
    ),
    # ------------------------------------------------------------ top_n
    (
        "top_n",
        "耗材采购金额合计排名前三的供应商是哪几家",
        "names",
        top(BUY, "供应商名称", "sum:金额", 3, ["记录类型", "=", "耗材采购"]),
    ),
    ("top_n", "设备台数排前四的项目有哪些？", "names", top(EQ, "项目编号", "count", 4)),
    (
        "top_n",
        "麻烦查一下2026年2月开票金额最高的3个项目，谢谢",
        "names",
        top(FIN, "项目编号", "sum:开票金额", 3, month("2026-02")),
    ),
    (
        "top_n",
        "2026年1月到4月，平时加班小时累计最多的前三名员工是谁",
        "names",
        top(ATT, "工号", "sum:平时加班小时", 3),
    ),
    (
        "top_n",
        "服务中的项目里合同金额最小的三个是哪些",
        "names",
        top(P, "项目编号", "min:合同金额", 3, ["服务状态", "=", "服务中"], order="asc"),
    ),
    ("top_n", "被检查次数最多的前两个项目", "names", top(CHECK, "项目编号", "count", 2)),
    ("top_n", "投标金额最高的5个项目是哪些？", "names", top(BID, "项目编号", "max:投标金额", 5)),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "XMSQ0384有没有报废的设备",
        "bool",
        exists(EQ, ["项目编号", "=", "XMSQ0384"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "有没有哪个项目的客户投诉超过3次？", "bool", exists(P, ["客户投诉", ">", 3])),
    ("existence", "花名册里有叫戴海燕的人吗", "bool", exists(PEOPLE, ["姓名", "=", "戴海燕"])),
    (
        "existence",
        "XMSQ0311 在2026年4月有项目财务记录吗？",
        "bool",
        exists(FIN, ["项目编号", "=", "XMSQ0311"], month("2026-04")),
    ),
    (
        "existence",
        "供应商里有杭州的公司吗",
        "bool",
        exists(BUY, SUPPLIER, ["供应商名称", "contains", "杭州"]),
    ),
    ("existence", "区域经理蒋琳名下有没有登记证书？", "bool", exists(CERT, ["工号", "=", "KWL0601358"])),
    ("existence", "XMSQ0245 投过标没有？查下投标记录", "bool", exists(BID, ["项目编号", "=", "XMSQ0245"])),
    # ------------------------------------------------------------ status
    ("status", "XMSQ0206的合同状况是什么", "value", value(P, "合同状况", ["项目编号", "=", "XMSQ0206"])),
    (
        "status",
        "嘉定-九亭创业园的项目负责人是哪位？",
        "value",
        value(P, "项目负责人", ["项目编号", "=", "XMSQ0245"]),
    ),
    (
        "status",
        "XMSQ0384 的 GD-002 这台设备完好状况怎么样",
        "value",
        value(EQ, "完好状况", ["项目编号", "=", "XMSQ0384"], ["设备编号", "=", "GD-002"]),
    ),
    ("status", "科创片区的负责人叫什么名字", "value", value(PEOPLE, "姓名", ["工号", "=", "KWL2102460"])),
    (
        "status",
        "徐家豪负责的是哪个片区",
        "value",
        value(AREA, "片区名称", ["片区负责人工号", "=", "KWL2102460"]),
    ),
    (
        "status",
        "维保合同WB0012的结束日期是哪天？",
        "value",
        value(BUY, "结束日期", ["记录编号", "=", "WB0012"]),
    ),
    (
        "status",
        "请问XMSQ0245采用的委托方式是哪种",
        "value",
        value(P, "委托方式", ["项目编号", "=", "XMSQ0245"]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "花名册上保安普保有几个人啊", "number", count(PEOPLE, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "嘉定那个九亭创业园，2026年1月到账多少钱呀？",
        "number",
        agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0245"], month("2026-01")),
    ),
    ("colloquial", "咱家电梯维保一共签了几份合同", "number", count(BUY, UPKEEP, ["类别", "=", "电梯维保"])),
    ("colloquial", "人员信息表里女的有多少个", "number", count(PEOPLE, ["性别", "=", "女"])),
    (
        "colloquial",
        "2026年3月上班天数满22天的考勤记录有几条呀",
        "number",
        count(ATT, month("2026-03"), ["上班天数", ">=", 22]),
    ),
    (
        "colloquial",
        "金桥公园那边有几台设备是停用状态的啊",
        "number",
        count(EQ, ["项目编号", "=", "XMSQ0398"], ["完好状况", "=", "停用"]),
    ),
    (
        "colloquial",
        "灭火器压力不足这毛病，检查一共查出来几回？",
        "number",
        count(CHECK, ["问题描述", "contains", "灭火器压力不足"]),
    ),
    # ------------------------------------------------------------ time_reference
    ("time_reference", "上个月全公司开票总额多少", "number", agg(FIN, "sum:开票金额", month("2026-03"))),
    ("time_reference", "上上个月考勤表里一共有多少条记录？", "number", count(ATT, month("2026-02"))),
    (
        "time_reference",
        "本月XMSQ0245开票金额是多少",
        "number",
        agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0245"], month("2026-04")),
    ),
    (
        "time_reference",
        "今年1月份固定资产采购花了多少",
        "number",
        agg(BUY, "sum:金额", ["记录类型", "=", "固定资产"], month("2026-01")),
    ),
    (
        "time_reference",
        "上个月一共做了几次季度综合检查",
        "number",
        count(CHECK, ["检查类型", "=", "季度综合检查"], *checked_between("2026-03-01", "2026-03-31")),
    ),
    (
        "time_reference",
        "今年第一季度（1到3月）收款金额一共多少？",
        "number",
        agg(FIN, "sum:收款金额", ["年月", "in", ["2026-01", "2026-02", "2026-03"]]),
    ),
    (
        "time_reference",
        "XMSQ0293上个月的考勤人数是几个",
        "number",
        count(ATT, ["项目编号", "=", "XMSQ0293"], month("2026-03")),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "目前服务状态为服务中的项目有多少个？", "number", count(P, ["服务状态", "=", "服务中"])),
    ("now_current", "现在完好状况是带病运行的设备有几台", "number", count(EQ, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "当前服务状态还是未开始的项目有哪些",
        "names",
        names(P, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    (
        "now_current",
        "向永强现在的当前服务项目编号是多少？",
        "value",
        value(PEOPLE, "当前服务项目编号", ["工号", "=", "KWL2206585"]),
    ),
    (
        "now_current",
        "眼下状态为履约中的维保合同有几份",
        "number",
        count(BUY, UPKEEP, ["状态", "=", "履约中"]),
    ),
    (
        "now_current",
        "目前完好状况为停用的电梯都在哪些项目",
        "names",
        names(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]),
    ),
    ("now_current", "合同状况现在是已到期的项目有几个？", "number", count(P, ["合同状况", "=", "已到期"])),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0367在2026年3月的开票金额",
        "number",
        agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0367"], month("2026-03")),
    ),
    (
        "monthly_fact",
        "财务问下：XMSQ0335 2026年1月实际收款多少？",
        "number",
        agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0335"], month("2026-01")),
    ),
    (
        "monthly_fact",
        "2026年2月XMSQ0293的考勤人数有多少",
        "number",
        count(ATT, ["项目编号", "=", "XMSQ0293"], month("2026-02")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0311 2026年3月的出勤人次是多少？",
        "number",
        agg(SNAP, "sum:出勤人次", ["项目编号", "=", "XMSQ0311"], month("2026-03")),
    ),
    (
        "monthly_fact",
        "XMSQ0381 2026-04 的加班小时合计",
        "number",
        agg(SNAP, "sum:加班小时合计", ["项目编号", "=", "XMSQ0381"], month("2026-04")),
    ),
    (
        "monthly_fact",
        "2026年4月，XMSQ0261开了多少票",
        "number",
        agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0261"], month("2026-04")),
    ),
    (
        "monthly_fact",
        "XMSQ0223 二〇二六年四月收款金额是多少",
        "number",
        agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0223"], month("2026-04")),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0245 2026年4月的开票金额比1月多多少？",
        "number",
        two(
            "diff",
            agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0245"], month("2026-04")),
            agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0245"], month("2026-01")),
        ),
    ),
    (
        "compare",
        "嘉定片区和浦东片区，哪个片区的项目多？",
        "names",
        top(LINK, "片区编号", "count", 1, ["片区编号", "in", ["PQ06", "PQ07"]]),
    ),
    (
        "compare",
        "2026年3月的考勤记录条数比2月多多少条",
        "number",
        two("diff", count(ATT, month("2026-03")), count(ATT, month("2026-02"))),
    ),
    (
        "compare",
        "徐汇区服务中项目的平均客户满意度高于闵行区吗？",
        "bool",
        two(
            "gt",
            agg(P, "avg:客户满意度", ["市（区）", "=", "徐汇区"], ["服务状态", "=", "服务中"]),
            agg(P, "avg:客户满意度", ["市（区）", "=", "闵行区"], ["服务状态", "=", "服务中"]),
        ),
    ),
    (
        "compare",
        "消防维保合同和电梯维保合同，金额合计相差多少",
        "number",
        two(
            "absdiff",
            agg(BUY, "sum:金额", UPKEEP, ["类别", "=", "消防维保"]),
            agg(BUY, "sum:金额", UPKEEP, ["类别", "=", "电梯维保"]),
        ),
    ),
    (
        "compare",
        "耗材采购的总金额是不是比固定资产采购的总金额高？",
        "bool",
        two(
            "gt",
            agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"]),
            agg(BUY, "sum:金额", ["记录类型", "=", "固定资产"]),
        ),
    ),
    (
        "compare",
        "花名册里男员工比女员工多几个人",
        "number",
        two("diff", count(PEOPLE, ["性别", "=", "男"]), count(PEOPLE, ["性别", "=", "女"])),
    ),
    # ------------------------------------------------------------ group_having
    ("group_having", "登记设备15台及以上的项目有哪些", "names", having(EQ, "项目编号", "count", [">=", 15])),
    (
        "group_having",
        "检查记录达到6次及以上的项目有几个？",
        "number",
        having(CHECK, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "2026年3月考勤记录有4条及以上的项目是哪些",
        "names",
        having(ATT, "项目编号", "count", [">=", 4], month("2026-03")),
    ),
    (
        "group_having",
        "耗材采购记录在20条及以上的供应商",
        "names",
        having(BUY, "供应商名称", "count", [">=", 20], ["记录类型", "=", "耗材采购"]),
    ),
    (
        "group_having",
        "挂了40个及以上项目的片区有哪些？",
        "names",
        having(LINK, "片区编号", "count", [">=", 40]),
    ),
    ("group_having", "持有2本及以上证书的员工都有谁", "names", having(CERT, "工号", "count", [">=", 2])),
    (
        "group_having",
        "采购（耗材加固定资产）金额合计超过10万元的项目有多少个",
        "number",
        having(BUY, "项目编号", "sum:金额", [">", 100000], PURCHASE, op="having_count"),
    ),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "浦东片区2026年3月开票总额是多少",
        "number",
        agg(FIN, "sum:开票金额", reg("PQ07"), month("2026-03")),
    ),
    ("region_rollup", "松江片区2026年2月的考勤人数", "number", count(ATT, reg("PQ05"), month("2026-02"))),
    (
        "region_rollup",
        "闵行片区每个月的收款金额分别是多少？",
        "groups",
        groups(FIN, "年月", "sum:收款金额", reg("PQ04")),
    ),
    ("region_rollup", "青浦片区的项目一共登记了多少台设备", "number", count(EQ, reg("PQ01"))),
    ("region_rollup", "长宁片区各月考勤人数列一下", "groups", groups(ATT, "年月", "count", reg("PQ08"))),
    (
        "region_rollup",
        "徐汇片区2026年4月平时加班小时合计多少小时",
        "number",
        agg(ATT, "sum:平时加班小时", reg("PQ02"), month("2026-04")),
    ),
    (
        "region_rollup",
        "嘉定片区的项目在2026年1-3月一共被检查了多少次？",
        "number",
        count(CHECK, reg("PQ06"), *checked_between("2026-01-01", "2026-03-31")),
    ),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "花名册里员工层级不是一线员工的有多少人",
        "number",
        count(PEOPLE, ["员工层级", "!=", "一线员工"]),
    ),
    (
        "negation",
        "XMSQ0384除了完好的，其余状况的设备有几台",
        "number",
        count(EQ, ["项目编号", "=", "XMSQ0384"], ["完好状况", "!=", "完好"]),
    ),
    (
        "negation",
        "服务中的项目里，一条考勤记录都没有的有几个？",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(ATT, "项目编号")]),
    ),
    (
        "negation",
        "检查次数别算消防安全检查，其他的一共多少次",
        "number",
        count(CHECK, ["检查类型", "!=", "消防安全检查"]),
    ),
    (
        "negation",
        "没有任何证书的项目经理有几个（按花名册）",
        "number",
        count(PEOPLE, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(CERT, "工号")]),
    ),
    (
        "negation",
        "服务中但没有登记任何设备的项目有多少个？",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(EQ, "项目编号")]),
    ),
    (
        "negation",
        "除了清洁耗材以外，耗材采购的金额合计是多少",
        "number",
        agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "电梯或者消防类的设备一共多少台？",
        "number",
        count(EQ, ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "or_values",
        "科创片区或浦东片区的项目合计几个",
        "number",
        count(P, any=[reg("PQ03"), reg("PQ07")]),
    ),
    (
        "or_values",
        "花名册中保洁员或保洁_领班共有多少人",
        "number",
        count(PEOPLE, ["岗位名称", "in", ["保洁员", "保洁_领班"]]),
    ),
    (
        "or_values",
        "带病运行或停用的设备总共几台",
        "number",
        count(EQ, ["完好状况", "in", ["带病运行", "停用"]]),
    ),
    (
        "or_values",
        "采购记录里状态为已到货或已验收的有多少条？",
        "number",
        count(BUY, PURCHASE, ["状态", "in", ["已到货", "已验收"]]),
    ),
    (
        "or_values",
        "2026年1月或2月的开票金额合计是多少",
        "number",
        agg(FIN, "sum:开票金额", ["年月", "in", ["2026-01", "2026-02"]]),
    ),
    (
        "or_values",
        "检查类型是月度品质检查或季度综合检查的，一共做了几次",
        "number",
        count(CHECK, ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    (
        "threshold_percent",
        "实际毛利率超过15％的项目有几个？？",
        "number",
        count(P, ["实际毛利率", ">", 0.15]),
    ),
    (
        "threshold_percent",
        "实际毛利率低于0.045的项目是哪些",
        "names",
        names(P, "项目编号", ["实际毛利率", "<", 0.045]),
    ),
    (
        "threshold_percent",
        "服务中的项目里客户满意度97分及以上的有多少个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["客户满意度", ">=", 97]),
    ),
    ("threshold_percent", "实际毛利率不到百分之六的项目数量", "number", count(P, ["实际毛利率", "<", 0.06])),
    (
        "threshold_percent",
        "XMSQ0245的实际毛利率是多少？",
        "value",
        value(P, "实际毛利率", ["项目编号", "=", "XMSQ0245"]),
    ),
    (
        "threshold_percent",
        "合同面积超过14万平方米的项目有几个",
        "number",
        count(P, ["合同面积", ">", 140000]),
    ),
    (
        "threshold_percent",
        "徐汇区的项目中实际毛利率在17%及以上的有哪些？",
        "names",
        names(P, "项目编号", ["市（区）", "=", "徐汇区"], ["实际毛利率", ">=", 0.17]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "花名册里女员工占比多少？",
        "number",
        two("ratio", count(PEOPLE, ["性别", "=", "女"]), count(PEOPLE)),
    ),
    (
        "share",
        "所有设备中报废的占百分之几",
        "number",
        two("ratio", count(EQ, ["完好状况", "=", "报废"]), count(EQ)),
    ),
    (
        "share",
        "投标记录里中标的占几成？",
        "number",
        two("ratio", count(BID, ["中标结果", "=", "中标"]), count(BID)),
    ),
    (
        "share",
        "2026年3月全部项目的收款金额占开票金额的比例是多少",
        "number",
        two("ratio", agg(FIN, "sum:收款金额", month("2026-03")), agg(FIN, "sum:开票金额", month("2026-03"))),
    ),
    (
        "share",
        "项目信息表中的项目，嘉定片区的占多大比例？",
        "number",
        two("ratio", count(P, reg("PQ06")), count(P)),
    ),
    (
        "share",
        "耗材采购金额里清洁耗材占多少比例",
        "number",
        two(
            "ratio",
            agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"]),
        ),
    ),
    (
        "share",
        "中共党员在人员信息表全部员工里占百分之多少？",
        "number",
        two("ratio", count(PEOPLE, ["政治面貌", "=", "中共党员"]), count(PEOPLE)),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "各片区分别有多少个项目", "groups", groups(LINK, "片区编号", "count")),
    ("grouped", "按设备类型统计一下设备台数", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "每个月的开票金额合计分别是多少？", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "不同检查类型的平均检查得分", "groups", groups(CHECK, "检查类型", "avg:检查得分")),
    ("grouped", "花名册按员工层级分，各有多少人？", "groups", groups(PEOPLE, "员工层级", "count")),
    ("grouped", "各种委托方式的项目分别几个", "groups", groups(P, "委托方式", "count")),
    ("grouped", "维保合同按类别汇总金额", "groups", groups(BUY, "类别", "sum:金额", UPKEEP)),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ0999的服务状态是什么？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳娜娜在哪个岗位", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "PQ09片区的负责人是谁", "no_such_entity", "PQ09"),
    (
        "not_in_data_entity",
        "上海永安电梯工程有限公司签了几份维保合同？",
        "no_such_entity",
        "上海永安电梯工程有限公司",
    ),
    ("not_in_data_entity", "工号KWL1999001的员工叫什么名字", "no_such_entity", "KWL1999001"),
    ("not_in_data_entity", "静安片区有多少个项目？", "no_such_entity", "静安片区"),
    ("not_in_data_entity", "维保合同WB0500的金额是多少", "no_such_entity", "WB0500"),
    # ------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "下个月全公司开票总额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月考勤表里有多少条记录？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "XMSQ0245 2025年11月收款多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月排班表里排了几个人？", "outside_coverage", "2026-06"),
    ("not_in_data_month", "XMSQ0367 5月份开票金额多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "嘉定片区2025年10月的考勤人数", "outside_coverage", "2025-10"),
    ("not_in_data_month", "今年7月耗材采购花了多少钱？", "outside_coverage", "2026-07"),
    # ------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "XMSQ0245有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0384每个月用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "九亭创业园入住了多少户业主？", "no_such_field", "业主户数"),
    ("not_in_data_field", "设备的保修期截止到哪天", "no_such_field", "保修期"),
    ("not_in_data_field", "各家供应商的信用评级是多少？", "no_such_field", "信用评级"),
    ("not_in_data_field", "韩鹏的绩效考核分数是多少", "no_such_field", "绩效考核分数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "请把XMSQ0245 2026年4月的开票金额改成50万"),
    ("non_data", "帮我删掉KWL2206585的全部考勤记录"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "好的明白了，多谢～"),
    ("non_data", "把投标记录里未中标的那些都清空吧"),
]
