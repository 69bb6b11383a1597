"""The twenty-second held-out set as written: questions and their gold specs.

Written blind (see README.md): from the data contract, the generator, the shared gold interpreter
and the generated ledgers only. The fixed today is 2026-02-16, a Monday (gold.TODAY): 本月 / 这个月
= 2026-02, 上个月 = 2026-01, 上上个月 = 2025-12 and 三个月前 = 2025-11 (not covered), 今年 = 2026,
今年以来 / 年初至今 = 2026-01…2026-02.

ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question). The spec language is tests/eval/blind_gold.py's.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
R = "人员信息"
A = "片区信息"
PA = "项目片区关系"
F = "项目月度财务"
K = "考勤与人员财务"
S = "排班月报"
B = "投标记录"
H = "岗位编制"
E = "设备信息"
C = "采购与维保"
I = "检查记录"  # noqa: E741
Z = "人员证书"
M = "月度快照"
D = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
SERVING = ["服务状态", "=", "服务中"]
REGION_CODE = {"青浦": "PQ01", "徐汇": "PQ02", "科创": "PQ03", "闵行": "PQ04", "松江": "PQ05",
               "嘉定": "PQ06", "浦东": "PQ07", "长宁": "PQ08"}  # fmt: skip


def agg(t: str, where: list[list[Any]] | None = None, how: str = "count", **kw: Any) -> Spec:
    return {"op": "agg", "t": t, "where": where or [], "agg": how, **kw}


def lst(t: str, key: str, where: list[list[Any]]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": where}


def top(
    t: str, by: str, how: str, n: int = 1, order: str = "desc", where: list[list[Any]] | None = None
) -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": how, "n": n, "order": order, "where": where or []}


def grp(t: str, by: str, how: str, where: list[list[Any]] | None = None) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": how, "where": where or []}


def having(
    t: str, by: str, how: str, cmp: list[Any], where: list[list[Any]] | None = None, count: bool = False
) -> Spec:
    return {"op": "having_count" if count else "having", "t": t, "by": by, "agg": how, "cmp": cmp,
            "where": where or []}  # fmt: skip


def exists(t: str, where: list[list[Any]]) -> Spec:
    return {"op": "exists", "t": t, "where": where}


def value(t: str, field: str, where: list[list[Any]]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": where}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


def in_region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册上岗位是保安_普保的一共几位？", "number", agg(R, [["岗位名称", "=", "保安_普保"]])),
    (
        "count",
        "项目信息表中，市（区）一栏填“浦东新区”的项目有多少个",
        "number",
        agg(P, [["市（区）", "=", "浦东新区"]]),
    ),
    ("count", "设备台账里登记的电梯，总共几台啊", "number", agg(E, [["设备类型", "=", "电梯"]])),
    (
        "count",
        "检查记录里，检查类型为消防安全检查的一共记了多少次？",
        "number",
        agg(I, [["检查类型", "=", "消防安全检查"]]),
    ),
    (
        "count",
        "人员证书表中证书名称是保安员（三级）的有几张",
        "number",
        agg(Z, [["证书名称", "=", "保安员（三级）"]]),
    ),
    ("count", "供应商名录上一共登记了多少家供应商", "number", agg(C, [["记录类型", "=", "供应商"]])),
    ("count", "投标记录里中标结果为未中标的有几条？", "number", agg(B, [["中标结果", "=", "未中标"]])),
    (
        "count",
        "2010年1月1日以前入职的员工，花名册里统计下有多少个",
        "number",
        agg(R, [["入职日期", "<", "2010-01-01"]]),
    ),
    # ------------------------------------------------------------ list
    (
        "list",
        "xmsq0282 2月份登记的考勤表上都有哪些人",
        "names",
        lst(K, "工号", [["项目编号", "=", "XMSQ0282"], ["年月", "=", "2026-02"]]),
    ),
    (
        "list",
        "供应商名录中类别为电梯维保的供应商有哪几家？",
        "names",
        lst(C, "供应商名称", [["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]]),
    ),
    (
        "list",
        "谁手上有低压电工作业证？列一下人",
        "names",
        lst(Z, "工号", [["证书名称", "=", "低压电工作业"]]),
    ),
    ("list", "项目负责人是万霞的项目有哪些", "names", lst(P, "项目编号", [["项目负责人", "=", "万霞"]])),
    (
        "list",
        "2026年投的新标里面，最后中了的是哪几个项目",
        "names",
        lst(B, "项目编号", [["年份", "=", 2026], ["投标类型", "=", "新标"], ["中标结果", "=", "中标"]]),
    ),
    (
        "list",
        "合同状况写的是“已签约未进场”的项目，麻烦全部列出来",
        "names",
        lst(P, "项目编号", [["合同状况", "=", "已签约未进场"]]),
    ),
    (
        "list",
        "中标日期落在2025年10月1日到2025年12月31日之间（含两端）的投标，对应哪些项目？",
        "names",
        lst(B, "项目编号", [["中标日期", ">=", "2025-10-01"], ["中标日期", "<=", "2025-12-31"]]),
    ),
    (
        "list",
        "人员证书里有效期至早于2018年1月1日的证书，持证人都是谁",
        "names",
        lst(Z, "工号", [["有效期至", "<", "2018-01-01"]]),
    ),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "2026年1月各项目的开票金额加起来是多少",
        "number",
        agg(F, [["年月", "=", "2026-01"]], "sum:开票金额"),
    ),
    ("sum_avg", "电梯的原值平均下来一台多少钱？", "number", agg(E, [["设备类型", "=", "电梯"]], "avg:原值")),
    (
        "sum_avg",
        "清洁耗材这一类的耗材采购，金额总计多少",
        "number",
        agg(C, [["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]], "sum:金额"),
    ),
    (
        "sum_avg",
        "月度品质检查的平均得分是多少分",
        "number",
        agg(I, [["检查类型", "=", "月度品质检查"]], "avg:检查得分"),
    ),
    (
        "sum_avg",
        "投标类型为续标的，投标金额总和多少",
        "number",
        agg(B, [["投标类型", "=", "续标"]], "sum:投标金额"),
    ),
    (
        "sum_avg",
        "XMSQ0282 在 2026-01 的考勤里 平时加班小时一共多少",
        "number",
        agg(K, [["项目编号", "=", "XMSQ0282"], ["年月", "=", "2026-01"]], "sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "服务状态为服务中的项目，合同面积合计是多少平方米",
        "number",
        agg(P, [SERVING], "sum:合同面积"),
    ),
    (
        "sum_avg",
        "开始日期在2025年1月1日到2025年12月31日之间（含首尾）的维保合同，金额一共多少钱",
        "number",
        agg(
            C,
            [
                ["记录类型", "=", "维保合同"],
                ["开始日期", ">=", "2025-01-01"],
                ["开始日期", "<=", "2025-12-31"],
            ],
            "sum:金额",
        ),
    ),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "客户满意度最高的是哪个项目", "names", top(P, "项目编号", "max:客户满意度")),
    ("extreme_rank", "原值最高的那台设备，属于哪个项目？", "names", top(E, "项目编号", "max:原值")),
    (
        "extreme_rank",
        "耗材采购里单价最便宜的那笔，是从哪家供应商买的",
        "names",
        top(C, "供应商名称", "min:单价", order="asc", where=[["记录类型", "=", "耗材采购"]]),
    ),
    ("extreme_rank", "所有检查记录里，最低的一次检查得分是多少分", "number", agg(I, [], "min:检查得分")),
    ("extreme_rank", "投标金额最大的一笔，投的是哪个项目", "names", top(B, "项目编号", "max:投标金额")),
    (
        "extreme_rank",
        "2026年1月税后工资拿得最多的是谁",
        "names",
        top(K, "工号", "max:税后工资", where=[["年月", "=", "2026-01"]]),
    ),
    (
        "extreme_rank",
        "设备最多的那个项目，设备一共有多少台",
        "number",
        {"op": "top_value", "t": E, "by": "项目编号", "agg": "count", "where": []},
    ),
    # ------------------------------------------------------------ top_n
    ("top_n", "设备数量排在前三的项目是哪几个？", "names", top(E, "项目编号", "count", 3)),
    (
        "top_n",
        "采购（耗材加固定资产）金额最高的前五家供应商",
        "names",
        top(C, "供应商名称", "sum:金额", 5, where=[PURCHASE]),
    ),
    (
        "top_n",
        "2月份登记的项目财务里，开票金额前3名的项目",
        "names",
        top(F, "项目编号", "sum:开票金额", 3, where=[["年月", "=", "2026-02"]]),
    ),
    ("top_n", "检查记录里被检查次数最多的两个项目是哪两个", "names", top(I, "项目编号", "count", 2)),
    ("top_n", "按人员证书表的职位看，持证数量最多的前两个职位", "names", top(Z, "职位", "count", 2)),
    ("top_n", "年化合同额最高的3个项目，给我看看", "names", top(P, "项目编号", "max:年化合同额", 3)),
    ("top_n", "合同金额排名前五的项目都有哪些？", "names", top(P, "项目编号", "max:合同金额", 5)),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "XMSQ0248有没有电梯（设备台账）",
        "bool",
        exists(E, [["项目编号", "=", "XMSQ0248"], ["设备类型", "=", "电梯"]]),
    ),
    (
        "existence",
        "有没有已经报废的消防设备？",
        "bool",
        exists(E, [["设备类型", "=", "消防"], ["完好状况", "=", "报废"]]),
    ),
    (
        "existence",
        "2月份登记的考勤当中，有人旷工吗",
        "bool",
        exists(K, [["年月", "=", "2026-02"], ["1日", "has_code", "旷"]]),
    ),
    (
        "existence",
        "人员证书里，有人拿了高压电工作业证没有？",
        "bool",
        exists(Z, [["证书名称", "=", "高压电工作业"]]),
    ),
    (
        "existence",
        "投标记录里年份是2026的，有没有没中标的",
        "bool",
        exists(B, [["年份", "=", 2026], ["中标结果", "=", "未中标"]]),
    ),
    (
        "existence",
        "供应商名录里有做绿化养护的供应商么",
        "bool",
        exists(C, [["记录类型", "=", "供应商"], ["类别", "=", "绿化养护"]]),
    ),
    (
        "existence",
        "嘉定-七宝公园在2026年3月1日到3月31日期间有没有检查记录？",
        "bool",
        exists(
            I,
            [
                ["项目编号", "=", "XMSQ0315"],
                ["检查日期", ">=", "2026-03-01"],
                ["检查日期", "<=", "2026-03-31"],
            ],
        ),
    ),
    # ------------------------------------------------------------ status
    (
        "status",
        "科创-赵巷政务服务中心的项目负责人是谁",
        "value",
        value(P, "项目负责人", [["项目编号", "=", "XMSQ0282"]]),
    ),
    ("status", "xmsq0315委托方式是啥", "value", value(P, "委托方式", [["项目编号", "=", "XMSQ0315"]])),
    ("status", "赵亮是干什么岗位的？", "value", value(R, "岗位名称", [["姓名", "=", "赵亮"]])),
    (
        "status",
        "松江片区的负责人叫什么名字",
        "value",
        value(R, "姓名", [["工号", "in_q", lst(A, "片区负责人工号", [["片区名称", "=", "松江片区"]])]]),
    ),
    (
        "status",
        "XMSQ0213 的 DT-001，完好状况是什么",
        "value",
        value(E, "完好状况", [["项目编号", "=", "XMSQ0213"], ["设备编号", "=", "DT-001"]]),
    ),
    (
        "status",
        "长宁-曹家渡养老院的合同结束日期是哪天？",
        "value",
        value(P, "结束日期", [["项目编号", "=", "XMSQ0250"]]),
    ),
    ("status", "请问沈晓燕的入职日期", "value", value(R, "入职日期", [["姓名", "=", "沈晓燕"]])),
    (
        "status",
        "岗位字典里，保安_消控员的员工层级是什么？",
        "value",
        value(D, "员工层级", [["岗位名称", "=", "保安_消控员"]]),
    ),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱公司项目信息表里一共有几个项目啊，全算上", "number", agg(P)),
    ("colloquial", "咱们一共划了几个片区啊？看片区信息表", "number", agg(A)),
    (
        "colloquial",
        "搞绿化的（岗位绿化工）花名册上有几个人呀",
        "number",
        agg(R, [["岗位名称", "=", "绿化工"]]),
    ),
    (
        "colloquial",
        "那个 闵行-枫林街道办事处 设备有多少台来着",
        "number",
        agg(E, [["项目编号", "=", "XMSQ0243"]]),
    ),
    (
        "colloquial",
        "哎 1月份税后工资最高的那个人拿了多少钱啊",
        "number",
        agg(K, [["年月", "=", "2026-01"]], "max:税后工资"),
    ),
    ("colloquial", "帮我瞅瞅嘉定-七宝公园一共被查过几回", "number", agg(I, [["项目编号", "=", "XMSQ0315"]])),
    (
        "colloquial",
        "电梯维保合同咱签了多少份呀？？",
        "number",
        agg(C, [["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]]),
    ),
    (
        "colloquial",
        "客服专员男的女的各几个？花名册上的",
        "groups",
        grp(R, "性别", "count", [["岗位名称", "=", "客服专员"]]),
    ),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月全公司收款金额一共多少",
        "number",
        agg(F, [["年月", "=", "2026-01"]], "sum:收款金额"),
    ),
    (
        "time_reference",
        "本月的考勤表（2月份登记的）一共有几条记录",
        "number",
        agg(K, [["年月", "=", "2026-02"]]),
    ),
    (
        "time_reference",
        "今年以来买固定资产一共花了多少钱",
        "number",
        agg(C, [["记录类型", "=", "固定资产"], ["年月", "in", ["2026-01", "2026-02"]]], "sum:金额"),
    ),
    (
        "time_reference",
        "上个月开票金额最高的项目是哪个",
        "names",
        top(F, "项目编号", "sum:开票金额", where=[["年月", "=", "2026-01"]]),
    ),
    (
        "time_reference",
        "年初至今，XMSQ0282的开票金额加起来有多少",
        "number",
        agg(F, [["项目编号", "=", "XMSQ0282"], ["年月", "in", ["2026-01", "2026-02"]]], "sum:开票金额"),
    ),
    (
        "time_reference",
        "今年（按投标年份算）中标的投标有几个",
        "number",
        agg(B, [["年份", "=", 2026], ["中标结果", "=", "中标"]]),
    ),
    (
        "time_reference",
        "上个月的排班表里排过夜班的一共多少人",
        "number",
        agg(S, [["年月", "=", "2026-01"], ["1日", "has_code", "夜"]], "nunique:工号"),
    ),
    (
        "time_reference",
        "2026年1月10日至1月20日（两头都算）一共做了几次检查？",
        "number",
        agg(I, [["检查日期", ">=", "2026-01-10"], ["检查日期", "<=", "2026-01-20"]]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "服务状态目前是服务中的项目有多少个", "number", agg(P, [SERVING])),
    (
        "now_current",
        "完好状况为带病运行的设备，现在有几台？",
        "number",
        agg(E, [["完好状况", "=", "带病运行"]]),
    ),
    (
        "now_current",
        "孙志军现在的当前服务项目编号是哪个",
        "value",
        value(R, "当前服务项目编号", [["姓名", "=", "孙志军"]]),
    ),
    (
        "now_current",
        "以今天2026-02-16为准，有效期至已经过了的证书有多少张",
        "number",
        agg(Z, [["有效期至", "<", "2026-02-16"]]),
    ),
    (
        "now_current",
        "截至今天（2026年2月16日），维保合同里结束日期已经过去的有多少份",
        "number",
        agg(C, [["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-02-16"]]),
    ),
    (
        "now_current",
        "合同状况目前是履约中、并且委托方式为全委的项目有几个",
        "number",
        agg(P, [["合同状况", "=", "履约中"], ["委托方式", "=", "全委"]]),
    ),
    (
        "now_current",
        "今天2026年2月16号，开始日期还在今天之后的维保合同有几份？",
        "number",
        agg(C, [["记录类型", "=", "维保合同"], ["开始日期", ">", "2026-02-16"]]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0282 3月份登记的考勤人数是多少",
        "number",
        agg(K, [["项目编号", "=", "XMSQ0282"], ["年月", "=", "2026-03"]]),
    ),
    (
        "monthly_fact",
        "XMSQ0108在2026年3月的开票金额",
        "number",
        agg(F, [["项目编号", "=", "XMSQ0108"], ["年月", "=", "2026-03"]], "sum:开票金额"),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0250 2026年4月的出勤人次是多少？",
        "number",
        agg(M, [["项目编号", "=", "XMSQ0250"], ["年月", "=", "2026-04"]], "sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "2026年1月的月度快照，在岗人数全部加起来是多少",
        "number",
        agg(M, [["年月", "=", "2026-01"]], "sum:在岗人数"),
    ),
    (
        "monthly_fact",
        "付刚2026年1月的上班天数",
        "number",
        agg(K, [["姓名", "=", "付刚"], ["年月", "=", "2026-01"]], "sum:上班天数"),
    ),
    ("monthly_fact", "4月份登记的排班月报一共多少行", "number", agg(S, [["年月", "=", "2026-04"]])),
    (
        "monthly_fact",
        "2026年2月项目月度财务里，收款金额为0的项目有几个",
        "number",
        agg(F, [["年月", "=", "2026-02"], ["收款金额", "=", 0]]),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "1月份的考勤人数，XMSQ0282 和 XMSQ0279 哪个多？",
        "names",
        top(
            K,
            "项目编号",
            "count",
            where=[["年月", "=", "2026-01"], ["项目编号", "in", ["XMSQ0282", "XMSQ0279"]]],
        ),
    ),
    (
        "compare",
        "2月份登记的开票金额比1月份多多少",
        "number",
        two(
            "diff",
            agg(F, [["年月", "=", "2026-02"]], "sum:开票金额"),
            agg(F, [["年月", "=", "2026-01"]], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "电梯和消防设备的数量相差多少台",
        "number",
        two("absdiff", agg(E, [["设备类型", "=", "电梯"]]), agg(E, [["设备类型", "=", "消防"]])),
    ),
    (
        "compare",
        "花名册上保安_普保比保洁员多几个人",
        "number",
        two("diff", agg(R, [["岗位名称", "=", "保安_普保"]]), agg(R, [["岗位名称", "=", "保洁员"]])),
    ),
    (
        "compare",
        "耗材采购的总金额，有没有超过固定资产采购的总金额？",
        "bool",
        two(
            "gt",
            agg(C, [["记录类型", "=", "耗材采购"]], "sum:金额"),
            agg(C, [["记录类型", "=", "固定资产"]], "sum:金额"),
        ),
    ),
    (
        "compare",
        "市（区）为青浦区的项目和徐汇区的项目，数量相差几个",
        "number",
        two("absdiff", agg(P, [["市（区）", "=", "青浦区"]]), agg(P, [["市（区）", "=", "徐汇区"]])),
    ),
    (
        "compare",
        "消防安全检查的平均得分比月度品质检查的平均得分高吗",
        "bool",
        two(
            "gt",
            agg(I, [["检查类型", "=", "消防安全检查"]], "avg:检查得分"),
            agg(I, [["检查类型", "=", "月度品质检查"]], "avg:检查得分"),
        ),
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "设备在10台及以上的项目有几个",
        "number",
        having(E, "项目编号", "count", [">=", 10], count=True),
    ),
    (
        "group_having",
        "耗材采购和固定资产加在一起，采购笔数达到25笔及以上的供应商有哪些",
        "names",
        having(C, "供应商名称", "count", [">=", 25], [PURCHASE]),
    ),
    ("group_having", "检查次数超过5次的项目是哪些", "names", having(I, "项目编号", "count", [">", 5])),
    ("group_having", "人员证书表里拿了2张及以上证书的人", "names", having(Z, "工号", "count", [">=", 2])),
    (
        "group_having",
        "2026年1月考勤人数有3人及以上的项目都列一下",
        "names",
        having(K, "项目编号", "count", [">=", 3], [["年月", "=", "2026-01"]]),
    ),
    (
        "group_having",
        "名下设备达到20台及以上的设备责任人一共几位？",
        "number",
        having(E, "设备责任人工号", "count", [">=", 20], count=True),
    ),
    (
        "group_having",
        "哪些项目负责人名下的项目超过15个",
        "names",
        having(P, "项目负责人工号", "count", [">", 15]),
    ),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "松江片区下面挂了多少个项目", "number", agg(PA, [["片区编号", "=", "PQ05"]])),
    (
        "region_rollup",
        "徐汇片区2026年1月的开票金额合计",
        "number",
        agg(F, [in_region("PQ02"), ["年月", "=", "2026-01"]], "sum:开票金额"),
    ),
    ("region_rollup", "哪个片区的设备最多？", "names", top(E, "@片区编号", "count")),
    ("region_rollup", "按片区统计一下检查记录的次数", "groups", grp(I, "@片区编号", "count")),
    (
        "region_rollup",
        "浦东片区服务中项目的合同面积总和是多少",
        "number",
        agg(P, [in_region("PQ07"), SERVING], "sum:合同面积"),
    ),
    (
        "region_rollup",
        "闵行片区 2月份登记的考勤人数",
        "number",
        agg(K, [in_region("PQ04"), ["年月", "=", "2026-02"]]),
    ),
    (
        "region_rollup",
        "嘉定片区或长宁片区的项目加起来一共几个（两个片区都挂的只算一次）",
        "number",
        {"op": "agg", "t": P, "where": [], "any": [in_region("PQ06"), in_region("PQ08")], "agg": "count"},
    ),
    # ------------------------------------------------------------ negation
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个",
        "number",
        agg(P, [SERVING, ["项目编号", "not_in_q", lst(E, "项目编号", [])]]),
    ),
    ("negation", "委托方式不是全委的项目有多少个", "number", agg(P, [["委托方式", "!=", "全委"]])),
    ("negation", "花名册里员工层级不是一线员工的有几人", "number", agg(R, [["员工层级", "!=", "一线员工"]])),
    (
        "negation",
        "服务中的项目中，项目月度财务里2026年1月没有记录的有几个",
        "number",
        agg(P, [SERVING, ["项目编号", "not_in_q", lst(F, "项目编号", [["年月", "=", "2026-01"]])]]),
    ),
    ("negation", "检查记录里问题描述是空的（没发现问题）有几次", "number", agg(I, [["问题描述", "null"]])),
    (
        "negation",
        "服务中的项目在检查记录里一次都没出现过的，数一下有几个",
        "number",
        agg(P, [SERVING, ["项目编号", "not_in_q", lst(I, "项目编号", [])]]),
    ),
    (
        "negation",
        "花名册上的保安_消控员，没有任何证书的有几个（对照人员证书表）",
        "number",
        agg(R, [["岗位名称", "=", "保安_消控员"], ["工号", "not_in_q", lst(Z, "工号", [])]]),
    ),
    # ------------------------------------------------------------ or_values
    ("or_values", "电梯或者消防类的设备总共多少台", "number", agg(E, [["设备类型", "in", ["电梯", "消防"]]])),
    (
        "or_values",
        "岗位是保洁员或保洁_领班的，花名册上一共几人",
        "number",
        agg(R, [["岗位名称", "in", ["保洁员", "保洁_领班"]]]),
    ),
    (
        "or_values",
        "委托方式是单一单委或多项单委的项目有几个？",
        "number",
        agg(P, [["委托方式", "in", ["单一单委", "多项单委"]]]),
    ),
    (
        "or_values",
        "维保合同中类别为消防维保或空调维保的，金额加起来是多少",
        "number",
        agg(C, [["记录类型", "=", "维保合同"], ["类别", "in", ["消防维保", "空调维保"]]], "sum:金额"),
    ),
    (
        "or_values",
        "固定资产里清洁设备或绿化设备，数量一共买了多少",
        "number",
        agg(C, [["记录类型", "=", "固定资产"], ["类别", "in", ["清洁设备", "绿化设备"]]], "sum:数量"),
    ),
    (
        "or_values",
        "证书类别是特种作业操作证或者特种设备作业人员证的证书，一共几张",
        "number",
        agg(Z, [["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]]),
    ),
    (
        "or_values",
        "人员信息表里政治面貌为中共党员或共青团员的有多少人",
        "number",
        agg(R, [["政治面貌", "in", ["中共党员", "共青团员"]]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", agg(P, [["实际毛利率", ">", 0.15]])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率低于4.5%的有哪些",
        "names",
        lst(P, "项目编号", [SERVING, ["实际毛利率", "<", 0.045]]),
    ),
    ("threshold_percent", "客户满意度在95分及以上的项目有多少", "number", agg(P, [["客户满意度", ">=", 95]])),
    ("threshold_percent", "检查得分低于82分的检查有几次？", "number", agg(I, [["检查得分", "<", 82]])),
    (
        "threshold_percent",
        "单价超过1000元的采购记录（耗材+固定资产）有几条",
        "number",
        agg(C, [PURCHASE, ["单价", ">", 1000]]),
    ),
    (
        "threshold_percent",
        "实际毛利率不低于8%、也不高于9%的项目有几个",
        "number",
        agg(P, [["实际毛利率", ">=", 0.08], ["实际毛利率", "<=", 0.09]]),
    ),
    ("threshold_percent", "花名册里司龄满10年的员工有几个", "number", agg(R, [["司龄", ">=", 10]])),
    ("threshold_percent", "原值高于50万元的设备有几台", "number", agg(E, [["原值", ">", 500000]])),
    # ------------------------------------------------------------ share
    ("share", "服务中项目占全部项目的比例是多少", "number", two("ratio", agg(P, [SERVING]), agg(P))),
    (
        "share",
        "2026年1月收款金额占开票金额的百分之多少",
        "number",
        two(
            "ratio",
            agg(F, [["年月", "=", "2026-01"]], "sum:收款金额"),
            agg(F, [["年月", "=", "2026-01"]], "sum:开票金额"),
        ),
    ),
    ("share", "花名册里女员工占几成", "number", two("ratio", agg(R, [["性别", "=", "女"]]), agg(R))),
    (
        "share",
        "设备当中完好状况为完好的占比多少",
        "number",
        two("ratio", agg(E, [["完好状况", "=", "完好"]]), agg(E)),
    ),
    (
        "share",
        "检查记录中发现了问题（问题描述不为空）的占多少比例",
        "number",
        two("ratio", agg(I, [["问题描述", "notnull"]]), agg(I)),
    ),
    (
        "share",
        "采购总额（耗材+固定资产）里耗材采购占多大比重",
        "number",
        two("ratio", agg(C, [["记录类型", "=", "耗材采购"]], "sum:金额"), agg(C, [PURCHASE], "sum:金额")),
    ),
    (
        "share",
        "市（区）为浦东新区的项目占所有项目的比重？",
        "number",
        two("ratio", agg(P, [["市（区）", "=", "浦东新区"]]), agg(P)),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "各设备类型分别有多少台", "groups", grp(E, "设备类型", "count")),
    ("grouped", "每种检查类型的平均得分各是多少", "groups", grp(I, "检查类型", "avg:检查得分")),
    ("grouped", "按委托方式分一下，项目各有几个", "groups", grp(P, "委托方式", "count")),
    ("grouped", "项目月度财务里每个月的开票金额合计", "groups", grp(F, "年月", "sum:开票金额")),
    ("grouped", "岗位编制表里各岗位的预算编制加总", "groups", grp(H, "岗位", "sum:预算编制")),
    ("grouped", "不同证书类别各有几张证", "groups", grp(Z, "证书类别", "count")),
    (
        "grouped",
        "耗材采购按类别看各花了多少钱",
        "groups",
        grp(C, "类别", "sum:金额", [["记录类型", "=", "耗材采购"]]),
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "麻烦问下 XMSQ0999 这个项目的负责人是哪位", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "金山片区底下现在挂着几个项目？", "no_such_entity", "金山片区"),
    ("not_in_data_entity", "欧阳娜娜在公司是什么岗位", "no_such_entity", "欧阳娜娜"),
    (
        "not_in_data_entity",
        "上海宏图保洁服务有限公司 这家供应商的采购金额合计多少",
        "no_such_entity",
        "上海宏图保洁服务有限公司",
    ),
    ("not_in_data_entity", "kwl9999999这个工号对应的是谁？", "no_such_entity", "KWL9999999"),
    ("not_in_data_entity", "徐汇-漕河泾养老院登记了多少台设备", "no_such_entity", "徐汇-漕河泾养老院"),
    (
        "not_in_data_entity",
        "苏州顺达电梯工程有限公司作为维保单位，签了几份维保合同",
        "no_such_entity",
        "苏州顺达电梯工程有限公司",
    ),
    # ------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "去年12月的考勤表一共多少条记录", "outside_coverage", "2025-12"),
    ("not_in_data_month", "三个月前那个月，全公司开票金额合计是多少？", "outside_coverage", "2025-11"),
    ("not_in_data_month", "上上个月排班月报里排了多少人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年一整年的收款金额总共多少钱", "outside_coverage", "2025"),
    ("not_in_data_month", "请提供2025年10月月度快照的在岗人数合计", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2026年5月份的考勤登记了几条", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年12月份一共做了几次检查？", "outside_coverage", "2025-12"),
    # ------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "花名册里员工的学历分布是怎样的，本科有多少", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0282 有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "XMSQ0213 的 DT-001 保修期到哪天为止", "no_such_field", "保修期"),
    ("not_in_data_field", "人员信息表里沈晓燕的社保缴纳基数是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "供应商名录里无锡佳禾电梯工程有限公司的联系人是谁", "no_such_field", "联系人"),
    ("not_in_data_field", "嘉定-七宝公园的绿化面积是多少平方米", "no_such_field", "绿化面积"),
    ("not_in_data_field", "赵亮的紧急联系人是谁，麻烦查一下", "no_such_field", "紧急联系人"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "您好，在吗？"),
    ("non_data", "好的 谢谢啦"),
    ("non_data", "麻烦帮我把XMSQ0282的项目负责人改成王伟"),
    ("non_data", "把2月份的考勤记录都删掉吧"),
    ("non_data", "早上好！你都能帮我干点啥"),
    ("non_data", "辛苦了～"),
    ("non_data", "供应商名录那张表帮我清空一下"),
]
