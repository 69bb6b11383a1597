"""The twenty-third held-out set as written: every question with its gold spec.

Written blind (see README.md). The fixed today is 2026-03-04, a Wednesday (gold.TODAY): 本月 is
2026-03, 上个月 2026-02, 上上个月 2026-01; 三个月前 (2025-12), 去年 and every month outside
2026-01…2026-04 are not covered. Specs are the language of tests/eval/blind_gold.py.
"""

from __future__ import annotations

from typing import Any

PRJ, PPL, REG, LINK, FIN = "项目信息", "人员信息", "片区信息", "项目片区关系", "项目月度财务"
ATT, SCH, BID, POS, EQ = "考勤与人员财务", "排班月报", "投标记录", "岗位编制", "设备信息"
BUY, CHK, CERT, SNAP, DICT = "采购与维保", "检查记录", "人员证书", "月度快照", "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
MAINT = ["记录类型", "=", "维保合同"]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def agg(t: str, *where: list[Any], a: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": a}


def lst(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, a: str, *where: list[Any], n: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": a, "where": list(where), "n": n, "order": order}


def having(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], op: str = "having") -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": a, "cmp": cmp, "where": list(where)}


def groups(t: str, by: str, a: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": list(where)}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def in_region(*codes: str) -> dict[str, Any]:
    return {"any": [["项目编号", "region", c] for c in codes]}


def rg(spec: dict[str, Any], *codes: str) -> dict[str, Any]:
    return {**spec, **in_region(*codes)}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "设备台账里完好状况填的“停用”的一共几台", "number", agg(EQ, ["完好状况", "=", "停用"])),
    ("count", "花名册上女同事总共有多少位？", "number", agg(PPL, ["性别", "=", "女"])),
    ("count", "委托方式是单一单委的项目有几个呀", "number", agg(PRJ, ["委托方式", "=", "单一单委"])),
    (
        "count",
        "消防安全检查 在检查记录里总共登记了多少次",
        "number",
        agg(CHK, ["检查类型", "=", "消防安全检查"]),
    ),
    (
        "count",
        "证书类别为特种作业操作证的证书，人员证书表里有几本？",
        "number",
        agg(CERT, ["证书类别", "=", "特种作业操作证"]),
    ),
    ("count", "请统计一下维保合同的份数", "number", agg(BUY, MAINT)),
    (
        "count",
        "岗位字典中员工层级属于一线员工的岗位数量是多少",
        "number",
        agg(DICT, ["员工层级", "=", "一线员工"]),
    ),
    (
        "count",
        "人员信息表里入职日期在2024年1月1日及之后的保安_普保有多少人",
        "number",
        agg(PPL, ["岗位名称", "=", "保安_普保"], ["入职日期", ">=", "2024-01-01"]),
    ),
    # ---------------------------------------------------------------- list
    ("list", "汇总业态为住宅的项目都列一下", "names", lst(PRJ, "项目编号", ["汇总业态", "=", "住宅"])),
    ("list", "xmsq0224 有哪几类设备？", "names", lst(EQ, "设备类型", ["项目编号", "=", "XMSQ0224"])),
    (
        "list",
        "供应商名录里做电梯维保的是哪几家",
        "names",
        lst(BUY, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    ("list", "岗位大类为保安的岗位名称有哪些", "names", lst(DICT, "岗位名称", ["岗位大类", "=", "保安"])),
    ("list", "谁拿了电梯安全管理员的证？", "names", lst(CERT, "工号", ["证书名称", "=", "电梯安全管理员"])),
    (
        "list",
        "花名册中入职日期在2026年1月1日当天或之后的员工名单",
        "names",
        lst(PPL, "工号", ["入职日期", ">=", "2026-01-01"]),
    ),
    (
        "list",
        "2026年2月的考勤表里出现过旷工的员工是哪些人",
        "names",
        lst(ATT, "工号", ["年月", "=", "2026-02"], ["*", "has_code", "旷"]),
    ),
    (
        "list",
        "中标日期落在2025年10月1日至2025年11月30日（两头都算）的投标记录，是哪些项目的",
        "names",
        lst(BID, "项目编号", ["中标日期", ">=", "2025-10-01"], ["中标日期", "<=", "2025-11-30"]),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "上个月全公司开票金额合计多少钱",
        "number",
        agg(FIN, ["年月", "=", "2026-02"], a="sum:开票金额"),
    ),
    (
        "sum_avg",
        "1月份考勤表里税后工资平均是多少",
        "number",
        agg(ATT, ["年月", "=", "2026-01"], a="avg:税后工资"),
    ),
    (
        "sum_avg",
        "固定资产类采购的金额加起来是多少",
        "number",
        agg(BUY, ["记录类型", "=", "固定资产"], a="sum:金额"),
    ),
    (
        "sum_avg",
        "服务状态为服务中的项目，合同面积总计多少平方",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], a="sum:合同面积"),
    ),
    (
        "sum_avg",
        "浦东新区的项目客户满意度平均多少分",
        "number",
        agg(PRJ, ["市（区）", "=", "浦东新区"], a="avg:客户满意度"),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分？",
        "number",
        agg(CHK, ["检查类型", "=", "季度综合检查"], a="avg:检查得分"),
    ),
    ("sum_avg", "所有电梯设备的原值合计", "number", agg(EQ, ["设备类型", "=", "电梯"], a="sum:原值")),
    ("sum_avg", "岗位编制表里 预算编制 一共是多少个", "number", agg(POS, a="sum:预算编制")),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "哪个项目的合同金额最大", "names", top(PRJ, "项目编号", "max:合同金额")),
    ("extreme_rank", "项目片区关系里挂的项目最多的是哪个片区？", "names", top(LINK, "片区编号", "count")),
    (
        "extreme_rank",
        "2026年2月收款金额最多的是哪个项目",
        "names",
        top(FIN, "项目编号", "max:收款金额", ["年月", "=", "2026-02"]),
    ),
    ("extreme_rank", "花名册里入职最早的是哪位", "names", top(PPL, "工号", "min:入职日期", order="asc")),
    (
        "extreme_rank",
        "得分最低的那次检查，是在哪个项目做的？",
        "names",
        top(CHK, "项目编号", "min:检查得分", order="asc"),
    ),
    ("extreme_rank", "设备数量最多的设备类型是啥？？", "names", top(EQ, "设备类型", "count")),
    (
        "extreme_rank",
        "承接维保合同份数最多的维保单位是哪家",
        "names",
        top(BUY, "维保单位名称", "count", MAINT),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "年化合同额排前五的项目有哪些", "names", top(PRJ, "项目编号", "max:年化合同额", n=5)),
    ("top_n", "设备原值合计最高的三个项目", "names", top(EQ, "项目编号", "sum:原值", n=3)),
    (
        "top_n",
        "采购（耗材采购+固定资产）金额最多的前3个项目，麻烦列一下",
        "names",
        top(BUY, "项目编号", "sum:金额", PURCHASE, n=3),
    ),
    ("top_n", "客户满意度倒数三名的项目", "names", top(PRJ, "项目编号", "min:客户满意度", n=3, order="asc")),
    ("top_n", "检查记录条数排前两名的片区是哪两个", "names", top(CHK, "@片区编号", "count", n=2)),
    ("top_n", "投标金额合计最高的3个项目是？", "names", top(BID, "项目编号", "sum:投标金额", n=3)),
    (
        "top_n",
        "1月份税后工资拿得最多的两个人",
        "names",
        top(ATT, "工号", "sum:税后工资", ["年月", "=", "2026-01"], n=2),
    ),
    # ---------------------------------------------------------------- existence
    ("existence", "有没有已经报废的设备", "bool", ex(EQ, ["完好状况", "=", "报废"])),
    (
        "existence",
        "XMSQ0220 有3月份的财务数据吗",
        "bool",
        ex(FIN, ["项目编号", "=", "XMSQ0220"], ["年月", "=", "2026-03"]),
    ),
    ("existence", "公司里有人持有高压电工作业证书没？", "bool", ex(CERT, ["证书名称", "=", "高压电工作业"])),
    ("existence", "投标记录中是否存在未中标的情况", "bool", ex(BID, ["中标结果", "=", "未中标"])),
    (
        "existence",
        "XMSQ0126 在2026年3月有财务记录吗？",
        "bool",
        ex(FIN, ["项目编号", "=", "XMSQ0126"], ["年月", "=", "2026-03"]),
    ),
    (
        "existence",
        "有没有哪个证书的有效期至是在2028年1月1日之后的",
        "bool",
        ex(CERT, ["有效期至", ">", "2028-01-01"]),
    ),
    ("existence", "有没有哪次检查的得分低于75分？", "bool", ex(CHK, ["检查得分", "<", 75])),
    (
        "existence",
        "黄晓燕（KWL0601667）1月份排过班没有",
        "bool",
        ex(SCH, ["工号", "=", "KWL0601667"], ["年月", "=", "2026-01"]),
    ),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0224的项目负责人是谁啊", "value", val(PRJ, "项目负责人", ["项目编号", "=", "XMSQ0224"])),
    ("status", "工号KWL0510744是什么岗位", "value", val(PPL, "岗位名称", ["工号", "=", "KWL0510744"])),
    (
        "status",
        "PQ03这个片区的负责人叫什么名字",
        "value",
        val(PPL, "姓名", ["工号", "in_q", lst(REG, "片区负责人工号", ["片区编号", "=", "PQ03"])]),
    ),
    ("status", "xmsq0101 合同状况是什么", "value", val(PRJ, "合同状况", ["项目编号", "=", "XMSQ0101"])),
    (
        "status",
        "XMSQ0405 项目里编号 GD-001 的那台设备，完好状况怎么样",
        "value",
        val(EQ, "完好状况", ["项目编号", "=", "XMSQ0405"], ["设备编号", "=", "GD-001"]),
    ),
    ("status", "朱玉兰 KWL0806040 是哪天入职的", "value", val(PPL, "入职日期", ["工号", "=", "KWL0806040"])),
    (
        "status",
        "青浦-九亭图书馆-1号楼 的计费方式是包干制还是酬金制",
        "value",
        val(PRJ, "计费方式", ["项目名称", "=", "青浦-九亭图书馆-1号楼"]),
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "帮我瞅瞅松江区那边一共几个项目呗", "number", agg(PRJ, ["市（区）", "=", "松江区"])),
    ("colloquial", "咱们手上客户投诉是0的项目多不多，有几个", "number", agg(PRJ, ["客户投诉", "=", 0])),
    (
        "colloquial",
        "那个 保安_消控员 花名册上一共几号人啊",
        "number",
        agg(PPL, ["岗位名称", "=", "保安_消控员"]),
    ),
    ("colloquial", "暖通空调的设备 咱一共有多少台来着", "number", agg(EQ, ["设备类型", "=", "暖通空调"])),
    (
        "colloquial",
        "问下哈，清洁耗材这块采购一共花了多少钱",
        "number",
        agg(BUY, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"], a="sum:金额"),
    ),
    ("colloquial", "数数看 中共党员 花名册里有几个", "number", agg(PPL, ["政治面貌", "=", "中共党员"])),
    (
        "colloquial",
        "我想知道续标的那几条投标，金额一共多少？",
        "number",
        agg(BID, ["投标类型", "=", "续标"], a="sum:投标金额"),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上上个月考勤表里一共有多少个不同的工号",
        "number",
        agg(ATT, ["年月", "=", "2026-01"], a="nunique:工号"),
    ),
    (
        "time_reference",
        "今年以来开票总额是多少（3月份登记的也算进去）",
        "number",
        agg(FIN, Q1, a="sum:开票金额"),
    ),
    (
        "time_reference",
        "检查日期落在上个月的检查记录一共几条",
        "number",
        agg(CHK, ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-28"]),
    ),
    (
        "time_reference",
        "3月份登记的收款金额加起来多少（就是本月的）",
        "number",
        agg(FIN, ["年月", "=", "2026-03"], a="sum:收款金额"),
    ),
    (
        "time_reference",
        "上个月耗材采购花了多少",
        "number",
        agg(BUY, ["记录类型", "=", "耗材采购"], ["年月", "=", "2026-02"], a="sum:金额"),
    ),
    ("time_reference", "年份填的是今年的投标记录有几条", "number", agg(BID, ["年份", "=", 2026])),
    (
        "time_reference",
        "2026年2月10日到2月20日之间（含首尾两天）做过几次检查",
        "number",
        agg(CHK, ["检查日期", ">=", "2026-02-10"], ["检查日期", "<=", "2026-02-20"]),
    ),
    ("time_reference", "4月份登记的排班月报一共有多少行", "number", agg(SCH, ["年月", "=", "2026-04"])),
    # ---------------------------------------------------------------- now_current
    ("now_current", "目前服务状态是服务中的项目有多少个", "number", agg(PRJ, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "现在合同状况还是“已签约未进场”的项目是哪几个",
        "names",
        lst(PRJ, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "证书里有效期至在2026年3月4日（也就是今天）之前的有几本",
        "number",
        agg(CERT, ["有效期至", "<", "2026-03-04"]),
    ),
    (
        "now_current",
        "维保合同中，结束日期比今天(2026-03-04)还早的有多少份",
        "number",
        agg(BUY, MAINT, ["结束日期", "<", "2026-03-04"]),
    ),
    (
        "now_current",
        "白娟 KWL0502132 当前服务项目编号是哪个",
        "value",
        val(PPL, "当前服务项目编号", ["工号", "=", "KWL0502132"]),
    ),
    ("now_current", "现在完好状况为带病运行的设备有几台", "number", agg(EQ, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "截至今天3月4日，开始日期已过而结束日期还没到的维保合同有几份",
        "number",
        agg(BUY, MAINT, ["开始日期", "<", "2026-03-04"], ["结束日期", ">", "2026-03-04"]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0220 2026年2月开票金额是多少",
        "number",
        agg(FIN, ["项目编号", "=", "XMSQ0220"], ["年月", "=", "2026-02"], a="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0236 一月份考勤人数",
        "number",
        agg(ATT, ["项目编号", "=", "XMSQ0236"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "KWL0601667 黄晓燕 2月上班天数是多少天",
        "number",
        agg(ATT, ["工号", "=", "KWL0601667"], ["年月", "=", "2026-02"], a="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0224 3月份的出勤人次是多少",
        "number",
        agg(SNAP, ["项目编号", "=", "XMSQ0224"], ["年月", "=", "2026-03"], a="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "XMSQ0160 4月份登记的收款金额",
        "number",
        agg(FIN, ["项目编号", "=", "XMSQ0160"], ["年月", "=", "2026-04"], a="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "冯涛(KWL0510744)1月份税后工资拿了多少",
        "number",
        agg(ATT, ["工号", "=", "KWL0510744"], ["年月", "=", "2026-01"], a="sum:税后工资"),
    ),
    (
        "monthly_fact",
        "月度快照中XMSQ0208二月的加班小时合计",
        "number",
        agg(SNAP, ["项目编号", "=", "XMSQ0208"], ["年月", "=", "2026-02"], a="sum:加班小时合计"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0168 和 XMSQ0208，1月份谁的开票金额高",
        "names",
        top(
            FIN,
            "项目编号",
            "sum:开票金额",
            ["项目编号", "in", ["XMSQ0168", "XMSQ0208"]],
            ["年月", "=", "2026-01"],
        ),
    ),
    (
        "compare",
        "花名册里女员工比男员工少多少人",
        "number",
        two("diff", agg(PPL, ["性别", "=", "男"]), agg(PPL, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "2月和1月考勤表的行数相差多少",
        "number",
        two("absdiff", agg(ATT, ["年月", "=", "2026-02"]), agg(ATT, ["年月", "=", "2026-01"])),
    ),
    (
        "compare",
        "浦东新区的项目数比青浦区多多少个",
        "number",
        two("diff", agg(PRJ, ["市（区）", "=", "浦东新区"]), agg(PRJ, ["市（区）", "=", "青浦区"])),
    ),
    (
        "compare",
        "季度综合检查的平均分是否高于月度品质检查的平均分",
        "bool",
        two(
            "gt",
            agg(CHK, ["检查类型", "=", "季度综合检查"], a="avg:检查得分"),
            agg(CHK, ["检查类型", "=", "月度品质检查"], a="avg:检查得分"),
        ),
    ),
    (
        "compare",
        "上个月的收款总额有没有超过开票总额",
        "bool",
        two(
            "gt",
            agg(FIN, ["年月", "=", "2026-02"], a="sum:收款金额"),
            agg(FIN, ["年月", "=", "2026-02"], a="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "暖通空调和安防，哪类设备台数更多",
        "names",
        top(EQ, "设备类型", "count", ["设备类型", "in", ["暖通空调", "安防"]]),
    ),
    (
        "compare",
        "XMSQ0224 二月和三月的开票金额差了多少",
        "number",
        two(
            "absdiff",
            agg(FIN, ["项目编号", "=", "XMSQ0224"], ["年月", "=", "2026-02"], a="sum:开票金额"),
            agg(FIN, ["项目编号", "=", "XMSQ0224"], ["年月", "=", "2026-03"], a="sum:开票金额"),
        ),
    ),
    # ---------------------------------------------------------------- group_having
    ("group_having", "设备达到15台及以上的项目有哪些", "names", having(EQ, "项目编号", "count", [">=", 15])),
    ("group_having", "持有2本及以上证书的员工", "names", having(CERT, "工号", "count", [">=", 2])),
    (
        "group_having",
        "被检查超过5次的项目有几个",
        "number",
        having(CHK, "项目编号", "count", [">", 5], op="having_count"),
    ),
    (
        "group_having",
        "承接了10份及以上维保合同的维保单位是哪些",
        "names",
        having(BUY, "维保单位名称", "count", [">=", 10], MAINT),
    ),
    (
        "group_having",
        "1月份考勤人数在4人及以上的项目",
        "names",
        having(ATT, "项目编号", "count", [">=", 4], ["年月", "=", "2026-01"]),
    ),
    (
        "group_having",
        "检查记录里检查次数在70次及以上的检查人是谁？",
        "names",
        having(CHK, "检查人工号", "count", [">=", 70]),
    ),
    (
        "group_having",
        "岗位编制表中预算编制合计达到8个及以上的项目有多少个",
        "number",
        having(POS, "项目编号", "sum:预算编制", [">=", 8], op="having_count"),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "浦东片区共有多少个项目", "number", agg(LINK, ["片区编号", "=", "PQ07"])),
    (
        "region_rollup",
        "徐汇片区上个月的开票总额",
        "number",
        rg(agg(FIN, ["年月", "=", "2026-02"], a="sum:开票金额"), "PQ02"),
    ),
    ("region_rollup", "长宁片区的项目一共有多少台设备", "number", rg(agg(EQ), "PQ08")),
    (
        "region_rollup",
        "科创片区项目的实际毛利率平均是多少",
        "number",
        rg(agg(PRJ, a="avg:实际毛利率"), "PQ03"),
    ),
    ("region_rollup", "闵行片区1月份的考勤人数", "number", rg(agg(ATT, ["年月", "=", "2026-01"]), "PQ04")),
    ("region_rollup", "松江片区或嘉定片区的项目，检查记录一共多少条", "number", rg(agg(CHK), "PQ05", "PQ06")),
    ("region_rollup", "设备原值合计最高的是哪个片区", "names", top(EQ, "@片区编号", "sum:原值")),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "项目信息里一条考勤都没有的项目有几个",
        "number",
        agg(PRJ, ["项目编号", "not_in_q", lst(ATT, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少个", "number", agg(PRJ, ["委托方式", "!=", "全委"])),
    ("negation", "完好状况不为“完好”的设备多少台", "number", agg(EQ, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "服务中的项目里，检查记录中一次都没出现过的有几个",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(CHK, "项目编号")]),
    ),
    (
        "negation",
        "花名册上的项目经理中，没有任何证书的有几位",
        "number",
        agg(PPL, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", lst(CERT, "工号")]),
    ),
    ("negation", "问题描述为空的检查记录有几条", "number", agg(CHK, ["问题描述", "null"])),
    ("negation", "投标类型不是新标的投标记录几条", "number", agg(BID, ["投标类型", "!=", "新标"])),
    (
        "negation",
        "设备专项检查以外的检查一共做了多少次",
        "number",
        agg(CHK, ["检查类型", "!=", "设备专项检查"]),
    ),
    # ---------------------------------------------------------------- or_values
    ("or_values", "电梯或者消防类的设备共有几台", "number", agg(EQ, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "花名册里保洁员加上保洁_领班一共多少人",
        "number",
        agg(PPL, ["岗位名称", "in", ["保洁员", "保洁_领班"]]),
    ),
    (
        "or_values",
        "闵行区、徐汇区的项目合计多少个",
        "number",
        agg(PRJ, ["市（区）", "in", ["闵行区", "徐汇区"]]),
    ),
    (
        "or_values",
        "消防维保和电梯维保类的维保合同加起来多少份",
        "number",
        agg(BUY, MAINT, ["类别", "in", ["消防维保", "电梯维保"]]),
    ),
    (
        "or_values",
        "停用或报废的电梯都在哪些项目上",
        "names",
        lst(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "月度品质检查跟季度综合检查一共做了多少次",
        "number",
        agg(CHK, ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    (
        "or_values",
        "专业类别是制冷或者特种设备的证书，持证人都有谁",
        "names",
        lst(CERT, "工号", ["专业类别", "in", ["制冷", "特种设备"]]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率高过15个点的项目有几个", "number", agg(PRJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里毛利率低于8％的有几个？",
        "number",
        agg(PRJ, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.08]),
    ),
    ("threshold_percent", "客户满意度在95分及以上的项目数量", "number", agg(PRJ, ["客户满意度", ">=", 95])),
    (
        "threshold_percent",
        "实际毛利率在10%及以上的项目有多少",
        "number",
        agg(PRJ, ["实际毛利率", ">=", 0.10]),
    ),
    ("threshold_percent", "检查得分低于80.3分的检查有几次", "number", agg(CHK, ["检查得分", "<", 80.3])),
    (
        "threshold_percent",
        "合同金额超过3000万元的项目有几个",
        "number",
        agg(PRJ, ["合同金额", ">", 30000000]),
    ),
    (
        "threshold_percent",
        "毛利率在12%到14%这个区间内（包含12%和14%）的项目个数",
        "number",
        agg(PRJ, ["实际毛利率", ">=", 0.12], ["实际毛利率", "<=", 0.14]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "服务中的项目占全部项目的比例是多少",
        "number",
        two("ratio", agg(PRJ, ["服务状态", "=", "服务中"]), agg(PRJ)),
    ),
    ("share", "花名册里女性占百分之多少", "number", two("ratio", agg(PPL, ["性别", "=", "女"]), agg(PPL))),
    (
        "share",
        "报废设备在全部设备里占百分之几",
        "number",
        two("ratio", agg(EQ, ["完好状况", "=", "报废"]), agg(EQ)),
    ),
    (
        "share",
        "上个月收款金额占开票金额的比例",
        "number",
        two(
            "ratio",
            agg(FIN, ["年月", "=", "2026-02"], a="sum:收款金额"),
            agg(FIN, ["年月", "=", "2026-02"], a="sum:开票金额"),
        ),
    ),
    (
        "share",
        "检查记录里整改完成日期没填的占比多少",
        "number",
        two("ratio", agg(CHK, ["整改完成日期", "null"]), agg(CHK)),
    ),
    ("share", "投标记录中中标的比例", "number", two("ratio", agg(BID, ["中标结果", "=", "中标"]), agg(BID))),
    (
        "share",
        "浦东新区的项目在所有项目中占比是多少",
        "number",
        two("ratio", agg(PRJ, ["市（区）", "=", "浦东新区"]), agg(PRJ)),
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "各个区（市（区）字段）分别有多少个项目", "groups", groups(PRJ, "市（区）", "count")),
    ("grouped", "按设备类型统计一下设备台数", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "每个片区在项目片区关系里挂了几个项目", "groups", groups(LINK, "片区编号", "count")),
    ("grouped", "不同检查类型的平均得分分别是多少", "groups", groups(CHK, "检查类型", "avg:检查得分")),
    ("grouped", "花名册按员工层级分组，各有几人", "groups", groups(PPL, "员工层级", "count")),
    ("grouped", "麻烦按委托方式汇总下合同金额，谢谢", "groups", groups(PRJ, "委托方式", "sum:合同金额")),
    ("grouped", "维保合同按类别分别有几份？", "groups", groups(BUY, "类别", "count", MAINT)),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 这个项目的负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "宝山片区有多少个项目", "no_such_entity", "宝山片区"),
    ("not_in_data_entity", "员工张三丰的入职日期", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "xmsq0777 上个月开票多少", "no_such_entity", "XMSQ0777"),
    ("not_in_data_entity", "工号KWL9999001在哪个项目", "no_such_entity", "KWL9999001"),
    (
        "not_in_data_entity",
        "北京宏远电梯工程有限公司承接了几份维保合同",
        "no_such_entity",
        "北京宏远电梯工程有限公司",
    ),
    ("not_in_data_entity", "PQ12片区的负责人是谁", "no_such_entity", "PQ12"),
    ("not_in_data_month", "三个月前的考勤人数一共多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月全公司开票多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "XMSQ0224 去年12月的收款金额", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月的排班月报有几行", "outside_coverage", "2026-05"),
    ("not_in_data_month", "六月份（2026年6月）的月度快照里出勤人次合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年10月耗材采购花了多少钱", "outside_coverage", "2025-10"),
    ("not_in_data_month", "KWL0601667 2025年9月的上班天数", "outside_coverage", "2025-09"),
    ("not_in_data_field", "各项目的停车位数量是多少", "no_such_field", "停车位"),
    ("not_in_data_field", "员工的学历分布情况", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0224 的绿化率是多少", "no_such_field", "绿化率"),
    ("not_in_data_field", "设备上个月的耗电量合计", "no_such_field", "耗电量"),
    ("not_in_data_field", "花名册里员工的籍贯都是哪里", "no_such_field", "籍贯"),
    ("not_in_data_field", "各项目的业主户数", "no_such_field", "业主户数"),
    ("not_in_data_field", "员工的社保缴纳基数是多少", "no_such_field", "社保缴纳基数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦啦"),
    ("non_data", "把XMSQ0224的项目负责人改成王丽华"),
    ("non_data", "请删除检查记录里1月份的所有数据"),
    ("non_data", "早上好，在吗"),
    ("non_data", "帮我把冯涛的岗位改为工程主管"),
    ("non_data", "好的明白了，多谢"),
]
