"""The thirty-sixth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-04-21, a Tuesday: 本月 / 这个月 2026-04,
上个月 2026-03, 上上个月 2026-02, 上周 2026-04-13 … 2026-04-19, 今年以来 / 年初至今 2026-01 … 2026-04,
第一季度 2026-01 … 2026-03. make_gold.py computes the gold values from the ledgers in data/.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]
YTD = ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]]
KQ = "考勤与人员财务"
FIN = "项目月度财务"
PROJ = "项目信息"
HR = "人员信息"
EQ = "设备信息"
CG = "采购与维保"
JC = "检查记录"
ZS = "人员证书"
TB = "投标记录"
BZ = "岗位编制"
PB = "排班月报"
KZ = "月度快照"
PQ = "项目片区关系"


def cnt(t: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "agg": "count", "where": list(where)}


def sm(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "agg": f"sum:{field}", "where": list(where)}


def avg(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "agg", "t": t, "agg": f"avg:{field}", "where": list(where)}


def lst(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, agg: str, n: int = 1, order: str = "desc", *where: list[Any]) -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": n, "order": order, "where": list(where)}


def having(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any]) -> Spec:
    return {"op": "having", "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def having_n(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any]) -> Spec:
    return {"op": "having_count", "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def groups(t: str, by: str, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def ex(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def diff(a: Spec, b: Spec) -> Spec:
    return {"op": "diff", "a": a, "b": b}


def absdiff(a: Spec, b: Spec) -> Spec:
    return {"op": "absdiff", "a": a, "b": b}


def gt(a: Spec, b: Spec) -> Spec:
    return {"op": "gt", "a": a, "b": b}


def ratio(a: Spec, b: Spec) -> Spec:
    return {"op": "ratio", "a": a, "b": b}


def proj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def ym(month: str) -> list[Any]:
    return ["年月", "=", month]


# (class, question, gold kind, spec)
ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "您好，人员信息表里岗位是绿化工的总共几个人？", "number", cnt(HR, ["岗位名称", "=", "绿化工"])),
    ("count", "设备台账上完好状况标成“停用”的设备有多少台", "number", cnt(EQ, ["完好状况", "=", "停用"])),
    ("count", "投标记录中结果为未中标的一共几条？", "number", cnt(TB, ["中标结果", "=", "未中标"])),
    ("count", "汇总业态属于住宅的项目数量是多少", "number", cnt(PROJ, ["汇总业态", "=", "住宅"])),
    (
        "count",
        "采购这边问下：记录类型为耗材采购、年月是2026年3月的单子共几笔",
        "number",
        cnt(CG, ["记录类型", "=", "耗材采购"], ym("2026-03")),
    ),
    ("count", "XMSQ0291的岗位编制表里一共列了几个岗位", "number", cnt(BZ, proj("XMSQ0291"))),
    ("count", "证书表里 特种作业操作证 有几本", "number", cnt(ZS, ["证书类别", "=", "特种作业操作证"])),
    (
        "count",
        "2026年3月的排班月报上，排过夜班的一共多少人",
        "number",
        {"op": "agg", "t": PB, "agg": "nunique:工号", "where": [ym("2026-03"), ["1日", "has_code", "夜"]]},
    ),
    # ------------------------------------------------------------ list
    (
        "list",
        "供应商名录里类别是电梯维保的是哪几家公司",
        "names",
        lst(CG, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    (
        "list",
        "项目负责人是孟俊杰的项目，列一下编号",
        "names",
        lst(PROJ, "项目编号", ["项目负责人", "=", "孟俊杰"]),
    ),
    (
        "list",
        "2026年3月考勤里出现过旷工的员工都有谁？",
        "names",
        lst(KQ, "工号", ym("2026-03"), ["1日", "has_code", "旷"]),
    ),
    (
        "list",
        "完好状况是带病运行的电梯分布在哪些项目",
        "names",
        lst(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    ("list", "拿到物业管理师证书的人有哪些", "names", lst(ZS, "工号", ["证书名称", "=", "物业管理师"])),
    (
        "list",
        "市（区）为闵行区、服务状态已结束的项目有哪几个?",
        "names",
        lst(PROJ, "项目编号", ["市（区）", "=", "闵行区"], ["服务状态", "=", "已结束"]),
    ),
    (
        "list",
        "麻烦列出检查日期在2026年4月、检查得分低于82分的项目",
        "names",
        lst(
            JC,
            "项目编号",
            ["检查日期", ">=", "2026-04-01"],
            ["检查日期", "<=", "2026-04-30"],
            ["检查得分", "<", 82],
        ),
    ),
    (
        "list",
        "岗位字典中 员工层级=职能管理人员 的岗位都有哪些",
        "names",
        lst("岗位字典", "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    # ------------------------------------------------------------ sum_avg
    ("sum_avg", "2026年1月全部项目的收款金额加起来是多少", "number", sm(FIN, "收款金额", ym("2026-01"))),
    (
        "sum_avg",
        "保洁员的平均司龄是多少年（按花名册）",
        "number",
        avg(HR, "司龄", ["岗位名称", "=", "保洁员"]),
    ),
    ("sum_avg", "固定资产类采购的金额总计", "number", sm(CG, "金额", ["记录类型", "=", "固定资产"])),
    (
        "sum_avg",
        "xmsq0291 三月份考勤表上平时加班小时合计多少小时",
        "number",
        sm(KQ, "平时加班小时", proj("XMSQ0291"), ym("2026-03")),
    ),
    (
        "sum_avg",
        "服务状态为服务中的项目，客户满意度平均下来多少分？",
        "number",
        avg(PROJ, "客户满意度", ["服务状态", "=", "服务中"]),
    ),
    (
        "sum_avg",
        "类别为消防维保的维保合同，金额总共多少钱",
        "number",
        sm(CG, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "消防维保"]),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分（检查日期从2026年1月1日到3月31日）",
        "number",
        avg(
            JC,
            "检查得分",
            ["检查类型", "=", "季度综合检查"],
            ["检查日期", ">=", "2026-01-01"],
            ["检查日期", "<=", "2026-03-31"],
        ),
    ),
    # ------------------------------------------------------------ extreme_rank
    (
        "extreme_rank",
        "市场部问一下：合同面积最大的是哪个项目",
        "names",
        top(PROJ, "项目编号", "max:合同面积"),
    ),
    (
        "extreme_rank",
        "1月份考勤表里税后工资拿得最高的是谁",
        "names",
        top(KQ, "工号", "max:税后工资", 1, "desc", ym("2026-01")),
    ),
    ("extreme_rank", "原值最贵的那台设备是哪个项目的？", "names", top(EQ, "项目编号", "max:原值")),
    ("extreme_rank", "花名册上入职日期最早的员工是哪位", "names", top(HR, "工号", "min:入职日期", 1, "asc")),
    (
        "extreme_rank",
        "检查得分最低的那一次检查，查的是哪个项目",
        "names",
        top(JC, "项目编号", "min:检查得分", 1, "asc"),
    ),
    (
        "extreme_rank",
        "投标金额最高的那次投标，是哪个项目投的？",
        "names",
        top(TB, "项目编号", "max:投标金额"),
    ),
    (
        "extreme_rank",
        "服务中的项目里 年化合同额最低的是哪一个",
        "names",
        top(PROJ, "项目编号", "min:年化合同额", 1, "asc", ["服务状态", "=", "服务中"]),
    ),
    # ------------------------------------------------------------ top_n
    (
        "top_n",
        "年初至今开票金额累计排前三的项目是哪三个",
        "names",
        top(FIN, "项目编号", "sum:开票金额", 3, "desc", YTD),
    ),
    ("top_n", "设备台数排前六的项目", "names", top(EQ, "项目编号", "count", 6)),
    (
        "top_n",
        "采购金额（耗材采购+固定资产）排名前3的供应商？",
        "names",
        top(CG, "供应商名称", "sum:金额", 3, "desc", BUY),
    ),
    ("top_n", "被检查次数最多的前三个项目给我一下", "names", top(JC, "项目编号", "count", 3)),
    (
        "top_n",
        "固定资产采购金额最多的前3个项目是哪些？",
        "names",
        top(CG, "项目编号", "sum:金额", 3, "desc", ["记录类型", "=", "固定资产"]),
    ),
    (
        "top_n",
        "三月份月度快照 出勤人次最多的4个项目",
        "names",
        top(KZ, "项目编号", "sum:出勤人次", 4, "desc", ym("2026-03")),
    ),
    ("top_n", "原值合计最高的三种设备类型", "names", top(EQ, "设备类型", "sum:原值", 3)),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "有没有已经报废的电梯？",
        "bool",
        ex(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "XMSQ0203在项目月度财务里有记录没", "bool", ex(FIN, proj("XMSQ0203"))),
    (
        "existence",
        "2026年3月的考勤里有人休过婚假吗",
        "bool",
        ex(KQ, ym("2026-03"), ["1日", "has_code", "婚"]),
    ),
    (
        "existence",
        "中标日期晚于2026年4月1日的投标有吗？",
        "bool",
        ex(TB, ["中标结果", "=", "中标"], ["中标日期", ">", "2026-04-01"]),
    ),
    (
        "existence",
        "长宁片区下面有没有服务状态是未开始的项目",
        "bool",
        ex(PROJ, region("PQ08"), ["服务状态", "=", "未开始"]),
    ),
    ("existence", "是否存在客户投诉达到3次及以上的项目", "bool", ex(PROJ, ["客户投诉", ">=", 3])),
    (
        "existence",
        "请问人员证书表里有持高压电工作业证的吗",
        "bool",
        ex(ZS, ["证书名称", "=", "高压电工作业"]),
    ),
    # ------------------------------------------------------------ status
    ("status", "XMSQ0235目前的服务状态是什么", "value", val(PROJ, "服务状态", proj("XMSQ0235"))),
    ("status", "xmsq0244 这个项目的负责人叫啥", "value", val(PROJ, "项目负责人", proj("XMSQ0244"))),
    (
        "status",
        "工号KWL2603666在花名册上是什么岗位",
        "value",
        val(HR, "岗位名称", ["工号", "=", "KWL2603666"]),
    ),
    (
        "status",
        "XMSQ0221 的 DT-001 完好状况怎么样",
        "value",
        val(EQ, "完好状况", proj("XMSQ0221"), ["设备编号", "=", "DT-001"]),
    ),
    ("status", "付玉兰的入职日期是哪天", "value", val(HR, "入职日期", ["姓名", "=", "付玉兰"])),
    (
        "status",
        "维保合同WB0003的维保单位是哪家",
        "value",
        val(CG, "维保单位名称", ["记录编号", "=", "WB0003"]),
    ),
    (
        "status",
        "闵行片区的片区负责人是谁",
        "value",
        val(
            HR,
            "姓名",
            [
                "工号",
                "in_q",
                {
                    "op": "list",
                    "t": "片区信息",
                    "key": "片区负责人工号",
                    "where": [["片区名称", "=", "闵行片区"]],
                },
            ],
        ),
    ),
    ("status", "浦东-湖南商务中心的委托方式是啥？", "value", val(PROJ, "委托方式", proj("XMSQ0250"))),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱花名册上保安普保岗的一共多少号人啊", "number", cnt(HR, ["岗位名称", "=", "保安_普保"])),
    ("colloquial", "帮我看看 xmsq0221 一共有几台设备呗", "number", cnt(EQ, proj("XMSQ0221"))),
    (
        "colloquial",
        "那个夏季工作服，前前后后一共买了多少件来着",
        "number",
        sm(CG, "数量", ["名称", "=", "夏季工作服"]),
    ),
    ("colloquial", "嗯…消防安全检查总共搞了几回呀", "number", cnt(JC, ["检查类型", "=", "消防安全检查"])),
    (
        "colloquial",
        "莫萍2月份考勤上班了几天哈",
        "number",
        sm(KQ, "上班天数", ["姓名", "=", "莫萍"], ym("2026-02")),
    ),
    ("colloquial", "哎 客服专员花名册里有几个人？", "number", cnt(HR, ["岗位名称", "=", "客服专员"])),
    (
        "colloquial",
        "想知道下 咱们中级经济师证一共有几个人拿到了",
        "number",
        cnt(ZS, ["证书名称", "=", "中级经济师"]),
    ),
    ("colloquial", "嘉定-华新图书馆那边 设备台账上登记了几台设备啊", "number", cnt(EQ, proj("XMSQ0237"))),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上周一共做了多少次检查",
        "number",
        cnt(JC, ["检查日期", ">=", "2026-04-13"], ["检查日期", "<=", "2026-04-19"]),
    ),
    ("time_reference", "上上个月所有项目开票总额是多少？", "number", sm(FIN, "开票金额", ym("2026-02"))),
    ("time_reference", "XMSQ0134今年以来收款一共多少", "number", sm(FIN, "收款金额", proj("XMSQ0134"), YTD)),
    (
        "time_reference",
        "财务：第一季度固定资产采购花了多少钱？",
        "number",
        sm(CG, "金额", ["记录类型", "=", "固定资产"], Q1),
    ),
    (
        "time_reference",
        "上个月XMSQ0354的考勤一共登记了多少人",
        "number",
        cnt(KQ, proj("XMSQ0354"), ym("2026-03")),
    ),
    (
        "time_reference",
        "花名册里今年（2026年）入职的有多少人",
        "number",
        cnt(HR, ["入职日期", ">=", "2026-01-01"], ["入职日期", "<=", "2026-12-31"]),
    ),
    (
        "time_reference",
        "上周有没有做过消防安全检查？",
        "bool",
        ex(
            JC,
            ["检查类型", "=", "消防安全检查"],
            ["检查日期", ">=", "2026-04-13"],
            ["检查日期", "<=", "2026-04-19"],
        ),
    ),
    (
        "time_reference",
        "2026年3月10日到2026年3月20日（含首尾）之间的检查有几条",
        "number",
        cnt(JC, ["检查日期", ">=", "2026-03-10"], ["检查日期", "<=", "2026-03-20"]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "服务状态现在是服务中的项目有多少个", "number", cnt(PROJ, ["服务状态", "=", "服务中"])),
    ("now_current", "目前完好状况为带病运行的设备共几台", "number", cnt(EQ, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "今天是2026年4月21日，证书有效期截止在今天之前（已过期）的有几本",
        "number",
        cnt(ZS, ["有效期至", "<", "2026-04-21"]),
    ),
    (
        "now_current",
        "合同状况还写着履约中、可结束日期在今天（2026-04-21）之前的项目有几个？",
        "number",
        cnt(PROJ, ["合同状况", "=", "履约中"], ["结束日期", "<", "2026-04-21"]),
    ),
    (
        "now_current",
        "孟俊杰当前服务项目编号是多少",
        "value",
        val(HR, "当前服务项目编号", ["姓名", "=", "孟俊杰"]),
    ),
    (
        "now_current",
        "以今天2026年4月21日为准，开始日期不晚于今天、结束日期不早于今天的维保合同有几份",
        "number",
        cnt(
            CG,
            ["记录类型", "=", "维保合同"],
            ["开始日期", "<=", "2026-04-21"],
            ["结束日期", ">=", "2026-04-21"],
        ),
    ),
    ("now_current", "状态是已入账的采购记录现在有几条", "number", cnt(CG, BUY, ["状态", "=", "已入账"])),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0221 2026年1月的开票金额",
        "number",
        sm(FIN, "开票金额", proj("XMSQ0221"), ym("2026-01")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0291三月的出勤人次是多少",
        "number",
        sm(KZ, "出勤人次", proj("XMSQ0291"), ym("2026-03")),
    ),
    (
        "monthly_fact",
        "4月份登记的考勤里，韩婷的上班天数是几天",
        "number",
        sm(KQ, "上班天数", ["姓名", "=", "韩婷"], ym("2026-04")),
    ),
    ("monthly_fact", "XMSQ0234 2月份考勤人数", "number", cnt(KQ, proj("XMSQ0234"), ym("2026-02"))),
    (
        "monthly_fact",
        "邹晓雯一月份税后工资多少",
        "number",
        sm(KQ, "税后工资", ["姓名", "=", "邹晓雯"], ym("2026-01")),
    ),
    (
        "monthly_fact",
        "XMSQ0364  3月收款金额？",
        "number",
        sm(FIN, "收款金额", proj("XMSQ0364"), ym("2026-03")),
    ),
    (
        "monthly_fact",
        "XMSQ0291在2026-02月度快照里的加班小时合计",
        "number",
        sm(KZ, "加班小时合计", proj("XMSQ0291"), ym("2026-02")),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0221和XMSQ0234，哪个项目的合同面积大",
        "names",
        top(PROJ, "项目编号", "max:合同面积", 1, "desc", ["项目编号", "in", ["XMSQ0221", "XMSQ0234"]]),
    ),
    (
        "compare",
        "2月的开票总额比1月多多少",
        "number",
        diff(sm(FIN, "开票金额", ym("2026-02")), sm(FIN, "开票金额", ym("2026-01"))),
    ),
    (
        "compare",
        "花名册上保安_普保和保洁员的人数相差多少",
        "number",
        absdiff(cnt(HR, ["岗位名称", "=", "保安_普保"]), cnt(HR, ["岗位名称", "=", "保洁员"])),
    ),
    (
        "compare",
        "XMSQ0272 3月份的开票金额是不是高于2月份",
        "bool",
        gt(
            sm(FIN, "开票金额", proj("XMSQ0272"), ym("2026-03")),
            sm(FIN, "开票金额", proj("XMSQ0272"), ym("2026-02")),
        ),
    ),
    (
        "compare",
        "耗材采购的笔数比固定资产多几笔",
        "number",
        diff(cnt(CG, ["记录类型", "=", "耗材采购"]), cnt(CG, ["记录类型", "=", "固定资产"])),
    ),
    (
        "compare",
        "电梯和消防两类设备，哪类台数多？",
        "names",
        top(EQ, "设备类型", "count", 1, "desc", ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "compare",
        "浦东片区跟闵行片区，在项目片区关系里的项目数两者差距是多少个",
        "number",
        absdiff(cnt(PQ, ["片区编号", "=", "PQ07"]), cnt(PQ, ["片区编号", "=", "PQ04"])),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "设备台账里 设备数量在13台及以上的项目有哪些？？",
        "names",
        having(EQ, "项目编号", "count", [">=", 13]),
    ),
    (
        "group_having",
        "被检查过5次或更多的项目一共有几个",
        "number",
        having_n(JC, "项目编号", "count", [">=", 5]),
    ),
    (
        "group_having",
        "采购记录（耗材+固定资产）超过25笔的供应商是哪些",
        "names",
        having(CG, "供应商名称", "count", [">", 25], BUY),
    ),
    ("group_having", "手上有2本及以上证书的人有谁", "names", having(ZS, "工号", "count", [">=", 2])),
    (
        "group_having",
        "岗位编制里列了4个及以上岗位的项目数",
        "number",
        having_n(BZ, "项目编号", "count", [">=", 4]),
    ),
    (
        "group_having",
        "2026年1月考勤表中人数不少于4人的项目有哪些",
        "names",
        having(KQ, "项目编号", "count", [">=", 4], ym("2026-01")),
    ),
    (
        "group_having",
        "维保合同数达到3份及以上的项目有几个",
        "number",
        having_n(CG, "项目编号", "count", [">=", 3], ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "松江片区一共有几个项目", "number", cnt(PQ, ["片区编号", "=", "PQ05"])),
    (
        "region_rollup",
        "闵行片区2026年3月开票合计多少",
        "number",
        sm(FIN, "开票金额", region("PQ04"), ym("2026-03")),
    ),
    ("region_rollup", "嘉定片区的项目总共有多少台设备", "number", cnt(EQ, region("PQ06"))),
    ("region_rollup", "检查记录条数最多的是哪个片区", "names", top(JC, "@片区编号", "count")),
    ("region_rollup", "长宁片区2月份考勤人数合计", "number", cnt(KQ, region("PQ08"), ym("2026-02"))),
    (
        "region_rollup",
        "科创片区里服务中的项目，合同金额加总是多少",
        "number",
        sm(PROJ, "合同金额", region("PQ03"), ["服务状态", "=", "服务中"]),
    ),
    (
        "region_rollup",
        "青浦片区的项目一季度采购（耗材采购和固定资产）花了多少",
        "number",
        sm(CG, "金额", region("PQ01"), BUY, Q1),
    ),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个",
        "number",
        cnt(PROJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(EQ, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少个？", "number", cnt(PROJ, ["委托方式", "!=", "全委"])),
    ("negation", "花名册里员工层级不属于一线员工的有几人", "number", cnt(HR, ["员工层级", "!=", "一线员工"])),
    ("negation", "检查记录里问题描述为空、也就是没查出问题的有几次", "number", cnt(JC, ["问题描述", "null"])),
    (
        "negation",
        "服务中的项目中从来没被检查过的有几个",
        "number",
        cnt(PROJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(JC, "项目编号")]),
    ),
    (
        "negation",
        "已结束的项目里，投标记录中查不到的有多少个",
        "number",
        cnt(PROJ, ["服务状态", "=", "已结束"], ["项目编号", "not_in_q", lst(TB, "项目编号")]),
    ),
    (
        "negation",
        "一线员工里除了保洁员之外还有多少人（花名册）",
        "number",
        cnt(HR, ["员工层级", "=", "一线员工"], ["岗位名称", "!=", "保洁员"]),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "人员信息表中岗位为保安_领班或者保洁_领班的人一共多少",
        "number",
        cnt(HR, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "给排水、通风这两类设备加起来几台",
        "number",
        cnt(EQ, ["设备类型", "in", ["给排水", "通风"]]),
    ),
    (
        "or_values",
        "项目在徐汇区或者长宁区的 有几个",
        "number",
        cnt(PROJ, ["市（区）", "in", ["徐汇区", "长宁区"]]),
    ),
    (
        "or_values",
        "月度品质检查或季度综合检查，平均得分是多少",
        "number",
        avg(JC, "检查得分", ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    (
        "or_values",
        "证书类别为职业资格证书或专业技术资格证书的，有多少本",
        "number",
        cnt(ZS, ["证书类别", "in", ["职业资格证书", "专业技术资格证书"]]),
    ),
    (
        "or_values",
        "平板拖把和多功能清洁剂这两样采购金额合计多少",
        "number",
        sm(CG, "金额", ["名称", "in", ["平板拖把", "多功能清洁剂"]]),
    ),
    (
        "or_values",
        "停用或报废设备的原值一共多少",
        "number",
        sm(EQ, "原值", ["完好状况", "in", ["停用", "报废"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", cnt(PROJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中项目里毛利率低于5％的是哪几个",
        "names",
        lst(PROJ, "项目编号", ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度95分及以上的项目数量", "number", cnt(PROJ, ["客户满意度", ">=", 95])),
    ("threshold_percent", "检查得分不到85分的检查有多少次", "number", cnt(JC, ["检查得分", "<", 85])),
    (
        "threshold_percent",
        "委托方式全委、实际毛利率不低于10%的项目有多少个",
        "number",
        cnt(PROJ, ["委托方式", "=", "全委"], ["实际毛利率", ">=", 0.1]),
    ),
    (
        "threshold_percent",
        "3月份考勤里税后工资高于8000元的有几条",
        "number",
        cnt(KQ, ym("2026-03"), ["税后工资", ">", 8000]),
    ),
    (
        "threshold_percent",
        "司龄满10年（10年及以上）的项目经理有几位？",
        "number",
        cnt(HR, ["岗位名称", "=", "项目经理"], ["司龄", ">=", 10]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "新人请教下，已结束的项目占全部项目的比例是多少",
        "number",
        ratio(cnt(PROJ, ["服务状态", "=", "已结束"]), cnt(PROJ)),
    ),
    ("share", "完好的设备在全部设备里占几成", "number", ratio(cnt(EQ, ["完好状况", "=", "完好"]), cnt(EQ))),
    ("share", "花名册里女性员工占比多少", "number", ratio(cnt(HR, ["性别", "=", "女"]), cnt(HR))),
    (
        "share",
        "2026年3月全部项目收款金额占开票金额的百分比",
        "number",
        ratio(sm(FIN, "收款金额", ym("2026-03")), sm(FIN, "开票金额", ym("2026-03"))),
    ),
    (
        "share",
        "投标记录的中标率是多少（中标条数/总条数）",
        "number",
        ratio(cnt(TB, ["中标结果", "=", "中标"]), cnt(TB)),
    ),
    (
        "share",
        "检查中发现问题的（问题描述不为空）占全部检查的比重",
        "number",
        ratio(cnt(JC, ["问题描述", "notnull"]), cnt(JC)),
    ),
    (
        "share",
        "耗材采购金额在采购总金额（耗材采购+固定资产）中占多大比例",
        "number",
        ratio(sm(CG, "金额", ["记录类型", "=", "耗材采购"]), sm(CG, "金额", BUY)),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "按汇总业态分，各有多少个项目", "groups", groups(PROJ, "汇总业态", "count")),
    ("grouped", "每种设备类型分别多少台？谢谢", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups", groups(JC, "检查类型", "avg:检查得分")),
    (
        "grouped",
        "2026年1到3月，每个月的开票金额合计各是多少",
        "groups",
        groups(FIN, "年月", "sum:开票金额", Q1),
    ),
    ("grouped", "按证书类别统计一下证书本数", "groups", groups(ZS, "证书类别", "count")),
    ("grouped", "花名册各员工层级的人数", "groups", groups(HR, "员工层级", "count")),
    ("grouped", "每个片区分别挂了多少个项目（按项目片区关系）", "groups", groups(PQ, "片区编号", "count")),
]

# (class, question, reason, missing)
NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999这个项目的服务状态是什么？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳娜娜的入职日期是哪天", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "宝山片区有多少个项目", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "上海好运来保洁服务有限公司一共供了几次货",
        "no_such_entity",
        "上海好运来保洁服务有限公司",
    ),
    ("not_in_data_entity", "kwl9999001 是什么岗位", "no_such_entity", "KWL9999001"),
    ("not_in_data_entity", "维保合同WB0999的金额多少", "no_such_entity", "WB0999"),
    ("not_in_data_entity", "xmsq0888 3月份考勤有几个人", "no_such_entity", "XMSQ0888"),
    ("not_in_data_month", "去年12月全部项目开票金额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月XMSQ0234的收款金额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年6月的排班表里有多少人", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年10月XMSQ0221考勤人数", "outside_coverage", "2025-10"),
    ("not_in_data_month", "下个月月度快照里XMSQ0291出勤人次多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年4月份全部项目收款合计", "outside_coverage", "2025-04"),
    ("not_in_data_month", "2026年7月的考勤里谁有旷工", "outside_coverage", "2026-07"),
    ("not_in_data_field", "XMSQ0221的停车位有多少个", "no_such_field", "停车位"),
    ("not_in_data_field", "江佳怡是什么学历", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0221 的 DT-001 一年维修了几次", "no_such_field", "维修次数"),
    ("not_in_data_field", "花名册里籍贯是江苏的有几个人", "no_such_field", "籍贯"),
    ("not_in_data_field", "供应商名录里各公司的联系人是谁", "no_such_field", "联系人"),
    ("not_in_data_field", "XMSQ0234 的绿化面积是多少平方米", "no_such_field", "绿化面积"),
    ("not_in_data_field", "保洁员的社保缴纳基数平均是多少", "no_such_field", "社保缴纳基数"),
]

# (class, question): greetings, thanks and requests to change data — answered, no value
NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "谢谢啦，辛苦"),
    ("non_data", "把XMSQ0235的服务状态改成已结束"),
    ("non_data", "帮忙删掉KWL2603666的证书记录"),
    ("non_data", "早上好！"),
    ("non_data", "请把2月份XMSQ0234的开票金额更新成50万"),
    ("non_data", "好的，明白了，多谢"),
]
