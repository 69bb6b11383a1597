"""The twenty-sixth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). Today is 2026-02-24, a Tuesday: 本月 2026-02, 上个月 2026-01,
上上个月 2025-12 (not covered), 今年 2026, 年初至今 2026-01…2026-02; March rows are named by their month.
ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question).
"""

from __future__ import annotations

from typing import Any

PJ = "项目信息"
HR = "人员信息"
RG = "片区信息"
PR = "项目片区关系"
FI = "项目月度财务"
AT = "考勤与人员财务"
SH = "排班月报"
BD = "投标记录"
HC = "岗位编制"
EQ = "设备信息"
PU = "采购与维保"
IN = "检查记录"
CE = "人员证书"
SN = "月度快照"
PD = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
JAN = ["年月", "=", "2026-01"]
FEB = ["年月", "=", "2026-02"]
MAR = ["年月", "=", "2026-03"]


def cnt(t: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def names(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def region(name: str) -> dict[str, Any]:
    """The 片区编号 of a region named by its 片区名称."""
    return names(RG, "片区编号", ["片区名称", "=", name])


def person_of(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    """The name (姓名 in 人员信息) of the person whose 工号 is `field` of the selected rows."""
    return {"op": "value", "t": HR, "field": "姓名", "where": [["工号", "in_q", names(t, field, *where)]]}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "花名册上女同事一共多少个？", "number", cnt(HR, ["性别", "=", "女"])),
    ("count", "设备台账里完好状况写着“报废”的有几台", "number", cnt(EQ, ["完好状况", "=", "报废"])),
    (
        "count",
        "检查记录表中，消防安全检查总共登记了多少条",
        "number",
        cnt(IN, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "2月份登记的耗材采购有几笔？", "number", cnt(PU, ["记录类型", "=", "耗材采购"], FEB)),
    ("count", "委托方式为全委的项目，项目信息表里有几个", "number", cnt(PJ, ["委托方式", "=", "全委"])),
    (
        "count",
        "人员证书表里证书类别是特种作业操作证的 一共几本",
        "number",
        cnt(CE, ["证书类别", "=", "特种作业操作证"]),
    ),
    (
        "count",
        "检查日期从2026年1月10日到2026年1月31日（两头都算）的检查记录有多少条？",
        "number",
        cnt(IN, ["检查日期", ">=", "2026-01-10"], ["检查日期", "<=", "2026-01-31"]),
    ),
    (
        "count",
        "人员信息表中入职日期在2025年7月1日及之后的员工有几位",
        "number",
        cnt(HR, ["入职日期", ">=", "2025-07-01"]),
    ),
    # ---------------------------------------------------------------- list
    (
        "list",
        "xmsq0234上个月考勤表上都有哪些人",
        "names",
        names(AT, "工号", ["项目编号", "=", "XMSQ0234"], JAN),
    ),
    (
        "list",
        "列一下浦东新区服务状态为已结束的项目",
        "names",
        names(PJ, "项目编号", ["市（区）", "=", "浦东新区"], ["服务状态", "=", "已结束"]),
    ),
    (
        "list",
        "XMSQ0393 这个项目里都有哪几类设备？",
        "names",
        names(EQ, "设备类型", ["项目编号", "=", "XMSQ0393"]),
    ),
    (
        "list",
        "做消防维保的维保合同，维保单位分别是哪几家",
        "names",
        names(PU, "维保单位名称", ["记录类型", "=", "维保合同"], ["类别", "=", "消防维保"]),
    ),
    (
        "list",
        "岗位字典里，员工层级属于职能管理人员的岗位有哪些？",
        "names",
        names(PD, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "中标日期晚于2025年9月30日的投标，分别是哪些项目",
        "names",
        names(BD, "项目编号", ["中标日期", ">", "2025-09-30"]),
    ),
    (
        "list",
        "2026年2月2日到2月13日之间（含首尾）检查得分不到85分的是哪些项目？",
        "names",
        names(
            IN,
            "项目编号",
            ["检查日期", ">=", "2026-02-02"],
            ["检查日期", "<=", "2026-02-13"],
            ["检查得分", "<", 85],
        ),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "财务这边问下：上个月所有项目开票金额合计是多少？",
        "number",
        cnt(FI, JAN, agg="sum:开票金额"),
    ),
    ("sum_avg", "1月份考勤里平时加班小时加起来一共多少小时", "number", cnt(AT, JAN, agg="sum:平时加班小时")),
    (
        "sum_avg",
        "固定资产类的采购，金额总共花了多少钱",
        "number",
        cnt(PU, ["记录类型", "=", "固定资产"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "汇总业态是住宅的项目 平均合同面积多大",
        "number",
        cnt(PJ, ["汇总业态", "=", "住宅"], agg="avg:合同面积"),
    ),
    (
        "sum_avg",
        "xmsq0387 今年1月和2月的收款金额加在一起是多少",
        "number",
        cnt(FI, ["项目编号", "=", "XMSQ0387"], ["年月", "in", ["2026-01", "2026-02"]], agg="sum:收款金额"),
    ),
    (
        "sum_avg",
        "酬金制项目的客户满意度平均是多少分？",
        "number",
        cnt(PJ, ["计费方式", "=", "酬金制"], agg="avg:客户满意度"),
    ),
    ("sum_avg", "2月份登记的考勤，税后工资的平均数是多少", "number", cnt(AT, FEB, agg="avg:税后工资")),
    # ---------------------------------------------------------------- extreme_rank
    (
        "extreme_rank",
        "年化合同额最高的是哪个项目",
        "names",
        {"op": "top", "t": PJ, "by": "项目编号", "agg": "max:年化合同额", "n": 1},
    ),
    (
        "extreme_rank",
        "所有检查记录里得分最低的那一次，是哪个项目的？",
        "names",
        {"op": "top", "t": IN, "by": "项目编号", "agg": "min:检查得分", "n": 1, "order": "asc"},
    ),
    (
        "extreme_rank",
        "人员信息表里入职日期最晚的是哪位",
        "names",
        {"op": "top", "t": HR, "by": "工号", "agg": "max:入职日期", "n": 1},
    ),
    (
        "extreme_rank",
        "2月份收款金额最多的项目是哪一个？",
        "names",
        {"op": "top", "t": FI, "where": [FEB], "by": "项目编号", "agg": "sum:收款金额", "n": 1},
    ),
    (
        "extreme_rank",
        "原值最贵的那台设备在哪个项目上",
        "names",
        {"op": "top", "t": EQ, "by": "项目编号", "agg": "max:原值", "n": 1},
    ),
    (
        "extreme_rank",
        "投标金额最少的一笔投标是哪个项目投的？",
        "names",
        {"op": "top", "t": BD, "by": "项目编号", "agg": "min:投标金额", "n": 1, "order": "asc"},
    ),
    (
        "extreme_rank",
        "合同面积最小的项目是哪个",
        "names",
        {"op": "top", "t": PJ, "by": "项目编号", "agg": "min:合同面积", "n": 1, "order": "asc"},
    ),
    # ---------------------------------------------------------------- top_n
    (
        "top_n",
        "设备台数排前两名的项目是哪两个",
        "names",
        {"op": "top", "t": EQ, "by": "项目编号", "agg": "count", "n": 2},
    ),
    (
        "top_n",
        "2月份开票金额最高的5个项目",
        "names",
        {"op": "top", "t": FI, "where": [FEB], "by": "项目编号", "agg": "sum:开票金额", "n": 5},
    ),
    (
        "top_n",
        "采购部问一下：耗材采购金额合计最多的前三家供应商？",
        "names",
        {
            "op": "top",
            "t": PU,
            "where": [["记录类型", "=", "耗材采购"]],
            "by": "供应商名称",
            "agg": "sum:金额",
            "n": 3,
        },
    ),
    (
        "top_n",
        "上个月税后工资排前三的员工是谁",
        "names",
        {"op": "top", "t": AT, "where": [JAN], "by": "工号", "agg": "sum:税后工资", "n": 3},
    ),
    (
        "top_n",
        "年化合同收入最低的4个项目给我列一下",
        "names",
        {"op": "top", "t": PJ, "by": "项目编号", "agg": "sum:年化合同收入", "n": 4, "order": "asc"},
    ),
    (
        "top_n",
        "花名册里人数最多的三个岗位是？",
        "names",
        {"op": "top", "t": HR, "by": "岗位名称", "agg": "count", "n": 3},
    ),
    (
        "top_n",
        "市场部：投标金额前两名的项目",
        "names",
        {"op": "top", "t": BD, "by": "项目编号", "agg": "sum:投标金额", "n": 2},
    ),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "XMSQ0393有没有报废的设备",
        "bool",
        {"op": "exists", "t": EQ, "where": [["项目编号", "=", "XMSQ0393"], ["完好状况", "=", "报废"]]},
    ),
    (
        "existence",
        "2月份的考勤里有人旷工吗？",
        "bool",
        {"op": "exists", "t": AT, "where": [FEB, ["1日", "has_code", "旷"]]},
    ),
    (
        "existence",
        "有没有续标没中的投标记录",
        "bool",
        {"op": "exists", "t": BD, "where": [["投标类型", "=", "续标"], ["中标结果", "=", "未中标"]]},
    ),
    (
        "existence",
        "证书表里有人持有高压电工作业证吗",
        "bool",
        {"op": "exists", "t": CE, "where": [["证书名称", "=", "高压电工作业"]]},
    ),
    (
        "existence",
        "项目xmsq0370有投标记录没有？",
        "bool",
        {"op": "exists", "t": BD, "where": [["项目编号", "=", "XMSQ0370"]]},
    ),
    (
        "existence",
        "检查记录里出现过100分满分的吗？？",
        "bool",
        {"op": "exists", "t": IN, "where": [["检查得分", ">=", 100]]},
    ),
    (
        "existence",
        "3月份登记的排班里，XMSQ0387有没有人排过值班（24小时那种）",
        "bool",
        {"op": "exists", "t": SH, "where": [MAR, ["项目编号", "=", "XMSQ0387"], ["1日", "has_code", "值"]]},
    ),
    # ---------------------------------------------------------------- status
    (
        "status",
        "麻烦查下 XMSQ0387的项目负责人是谁？谢谢",
        "value",
        person_of(PJ, "项目负责人工号", ["项目编号", "=", "XMSQ0387"]),
    ),
    (
        "status",
        "青浦-长桥体育中心 计费方式是哪种",
        "value",
        {"op": "value", "t": PJ, "field": "计费方式", "where": [["项目名称", "=", "青浦-长桥体育中心"]]},
    ),
    (
        "status",
        "孙子豪是什么岗位的",
        "value",
        {"op": "value", "t": HR, "field": "岗位名称", "where": [["姓名", "=", "孙子豪"]]},
    ),
    ("status", "科创片区归谁负责", "value", person_of(RG, "片区负责人工号", ["片区名称", "=", "科创片区"])),
    (
        "status",
        "请问XMSQ0234的合同状况是什么",
        "value",
        {"op": "value", "t": PJ, "field": "合同状况", "where": [["项目编号", "=", "XMSQ0234"]]},
    ),
    (
        "status",
        "金志刚那本证书有效期到哪天",
        "value",
        {"op": "value", "t": CE, "field": "有效期至", "where": [["姓名", "=", "金志刚"]]},
    ),
    (
        "status",
        "闵行-高行政务服务中心的委托方式？",
        "value",
        {"op": "value", "t": PJ, "field": "委托方式", "where": [["项目名称", "=", "闵行-高行政务服务中心"]]},
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "新来的，请问项目信息表里 总共登记了多少个项目呀", "number", cnt(PJ)),
    (
        "colloquial",
        "帮我瞄一眼 xmsq0370 二月份开票开了多少钱",
        "number",
        cnt(FI, ["项目编号", "=", "XMSQ0370"], FEB, agg="sum:开票金额"),
    ),
    (
        "colloquial",
        "保洁员（五级）这个证，证书表里有几个人拿着哈",
        "number",
        cnt(CE, ["证书名称", "=", "保洁员（五级）"], agg="nunique:工号"),
    ),
    (
        "colloquial",
        "那些带病运行的设备，加起来一共多少台嘞",
        "number",
        cnt(EQ, ["完好状况", "=", "带病运行"]),
    ),
    (
        "colloquial",
        "上个月都谁请过病假啊，给我列列",
        "names",
        names(AT, "工号", JAN, ["1日", "has_code", "病"]),
    ),
    ("colloquial", "松江区那边的项目有几个来着？", "number", cnt(PJ, ["市（区）", "=", "松江区"])),
    ("colloquial", "电梯这种设备咱一共有多少台呀", "number", cnt(EQ, ["设备类型", "=", "电梯"])),
    # ---------------------------------------------------------------- time_reference
    ("time_reference", "上个月排班月报一共有多少条记录", "number", cnt(SH, JAN)),
    (
        "time_reference",
        "年初至今（1月到2月），全部项目的开票金额一共多少",
        "number",
        cnt(FI, ["年月", "in", ["2026-01", "2026-02"]], agg="sum:开票金额"),
    ),
    (
        "time_reference",
        "从元旦到今天（2026-02-24）为止，检查日期落在这段里的检查记录有几条",
        "number",
        cnt(IN, ["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-02-24"]),
    ),
    (
        "time_reference",
        "上个月XMSQ0393收款金额是多少",
        "number",
        cnt(FI, ["项目编号", "=", "XMSQ0393"], JAN, agg="sum:收款金额"),
    ),
    ("time_reference", "3月份登记的考勤一共几条", "number", cnt(AT, MAR)),
    (
        "time_reference",
        "2025年7月1日到2025年12月31日之间入职的，花名册里有几个人",
        "number",
        cnt(HR, ["入职日期", ">=", "2025-07-01"], ["入职日期", "<=", "2025-12-31"]),
    ),
    (
        "time_reference",
        "本月（2月）的项目月度财务一共覆盖几个项目",
        "number",
        cnt(FI, FEB, agg="nunique:项目编号"),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "服务状态目前是“服务中”的项目有多少个", "number", cnt(PJ, ["服务状态", "=", "服务中"])),
    ("now_current", "完好状况现在标着停用的设备有几台？", "number", cnt(EQ, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "合同状况为已签约未进场的项目都有哪些",
        "names",
        names(PJ, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "姜秀英的当前服务项目编号是多少",
        "value",
        {"op": "value", "t": HR, "field": "当前服务项目编号", "where": [["姓名", "=", "姜秀英"]]},
    ),
    (
        "now_current",
        "今天2026年2月24日，证书的有效期至在今天之前的有多少本",
        "number",
        cnt(CE, ["有效期至", "<", "2026-02-24"]),
    ),
    (
        "now_current",
        "维保合同里，结束日期在2026年2月24日（今天）之后的还有几份？",
        "number",
        cnt(PU, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-02-24"]),
    ),
    (
        "now_current",
        "采购里状态现在是已入账的有多少笔（耗材采购和固定资产）",
        "number",
        cnt(PU, BUY, ["状态", "=", "已入账"]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    ("monthly_fact", "XMSQ0234 2月份考勤人数多少", "number", cnt(AT, ["项目编号", "=", "XMSQ0234"], FEB)),
    (
        "monthly_fact",
        "月度快照里，XMSQ0387一月的出勤人次是多少？",
        "number",
        cnt(SN, ["项目编号", "=", "XMSQ0387"], JAN, agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "XMSQ0370在2026年1月的开票金额",
        "number",
        cnt(FI, ["项目编号", "=", "XMSQ0370"], JAN, agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "2月份登记的月度快照中，XMSQ0393加班小时合计是多少",
        "number",
        cnt(SN, ["项目编号", "=", "XMSQ0393"], FEB, agg="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "XMSQ0234上个月收了多少款",
        "number",
        cnt(FI, ["项目编号", "=", "XMSQ0234"], JAN, agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "3月份XMSQ0387考勤登记了几个人？",
        "number",
        cnt(AT, ["项目编号", "=", "XMSQ0387"], MAR),
    ),
    (
        "monthly_fact",
        "孙子豪1月份上班天数是多少天",
        "number",
        cnt(AT, ["工号", "in_q", names(HR, "工号", ["姓名", "=", "孙子豪"])], JAN, agg="sum:上班天数"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0234二月的开票金额比一月多多少？",
        "number",
        {
            "op": "diff",
            "a": cnt(FI, ["项目编号", "=", "XMSQ0234"], FEB, agg="sum:开票金额"),
            "b": cnt(FI, ["项目编号", "=", "XMSQ0234"], JAN, agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "1月跟2月比，全部项目的开票总额相差多少",
        "number",
        {"op": "absdiff", "a": cnt(FI, JAN, agg="sum:开票金额"), "b": cnt(FI, FEB, agg="sum:开票金额")},
    ),
    (
        "compare",
        "XMSQ0370和XMSQ0393，2月份谁开票多？",
        "names",
        {
            "op": "top",
            "t": FI,
            "where": [FEB, ["项目编号", "in", ["XMSQ0370", "XMSQ0393"]]],
            "by": "项目编号",
            "agg": "sum:开票金额",
            "n": 1,
        },
    ),
    (
        "compare",
        "包干制的项目是不是比酬金制的项目多？",
        "bool",
        {"op": "gt", "a": cnt(PJ, ["计费方式", "=", "包干制"]), "b": cnt(PJ, ["计费方式", "=", "酬金制"])},
    ),
    (
        "compare",
        "岗位编制表里 保安_普保的预算编制合计比保洁员多多少",
        "number",
        {
            "op": "diff",
            "a": cnt(HC, ["岗位", "=", "保安_普保"], agg="sum:预算编制"),
            "b": cnt(HC, ["岗位", "=", "保洁员"], agg="sum:预算编制"),
        },
    ),
    (
        "compare",
        "花名册里，男的比女的多几个人",
        "number",
        {"op": "diff", "a": cnt(HR, ["性别", "=", "男"]), "b": cnt(HR, ["性别", "=", "女"])},
    ),
    (
        "compare",
        "2月份考勤里，加班超时费合计与国定加班费合计相差多少元",
        "number",
        {"op": "absdiff", "a": cnt(AT, FEB, agg="sum:加班超时费"), "b": cnt(AT, FEB, agg="sum:国定加班费")},
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备在15台及以上的项目有哪些？",
        "names",
        {"op": "having", "t": EQ, "by": "项目编号", "agg": "count", "cmp": [">=", 15]},
    ),
    (
        "group_having",
        "检查记录有5条及以上的项目，一共几个",
        "number",
        {"op": "having_count", "t": IN, "by": "项目编号", "agg": "count", "cmp": [">=", 5]},
    ),
    (
        "group_having",
        "耗材采购笔数在19笔及以上的供应商是哪几家",
        "names",
        {
            "op": "having",
            "t": PU,
            "where": [["记录类型", "=", "耗材采购"]],
            "by": "供应商名称",
            "agg": "count",
            "cmp": [">=", 19],
        },
    ),
    (
        "group_having",
        "1月份考勤人数达到4人及以上的项目",
        "names",
        {"op": "having", "t": AT, "where": [JAN], "by": "项目编号", "agg": "count", "cmp": [">=", 4]},
    ),
    (
        "group_having",
        "证书表里名下有2本及以上证书的员工是哪些",
        "names",
        {"op": "having", "t": CE, "by": "工号", "agg": "count", "cmp": [">=", 2]},
    ),
    (
        "group_having",
        "项目信息表里负责15个及以上项目的项目负责人有谁",
        "names",
        {"op": "having", "t": PJ, "by": "项目负责人工号", "agg": "count", "cmp": [">=", 15]},
    ),
    (
        "group_having",
        "设备原值合计超过300万元的项目有多少个",
        "number",
        {"op": "having_count", "t": EQ, "by": "项目编号", "agg": "sum:原值", "cmp": [">", 3000000]},
    ),
    # ---------------------------------------------------------------- region_rollup
    (
        "region_rollup",
        "长宁片区下面挂了多少个项目",
        "number",
        cnt(PR, ["片区编号", "in_q", region("长宁片区")]),
    ),
    (
        "region_rollup",
        "浦东片区上个月的开票金额合计",
        "number",
        cnt(FI, ["项目编号", "region", "PQ07"], JAN, agg="sum:开票金额"),
    ),
    (
        "region_rollup",
        "运营要个数：2月份各片区的考勤人数分别是多少",
        "groups",
        {"op": "groups", "t": AT, "where": [FEB], "by": "@片区编号", "agg": "count"},
    ),
    (
        "region_rollup",
        "闵行片区的项目一共登记了多少台设备",
        "number",
        cnt(EQ, ["项目编号", "region", "PQ04"]),
    ),
    (
        "region_rollup",
        "哪个片区的设备最多",
        "names",
        {"op": "top", "t": EQ, "by": "@片区编号", "agg": "count", "n": 1},
    ),
    (
        "region_rollup",
        "徐汇片区1月份收款总额是多少？",
        "number",
        cnt(FI, ["项目编号", "region", "PQ02"], JAN, agg="sum:收款金额"),
    ),
    (
        "region_rollup",
        "嘉定片区或者松江片区，检查记录加起来有几条",
        "number",
        {
            "op": "agg",
            "t": IN,
            "any": [["项目编号", "region", "PQ06"], ["项目编号", "region", "PQ05"]],
            "agg": "count",
        },
    ),
    # ---------------------------------------------------------------- negation
    ("negation", "花名册里员工层级不是一线员工的有多少人", "number", cnt(HR, ["员工层级", "!=", "一线员工"])),
    (
        "negation",
        "项目信息表里有多少个项目在设备台账里一台设备都没有",
        "number",
        cnt(PJ, ["项目编号", "not_in_q", names(EQ, "项目编号")]),
    ),
    (
        "negation",
        "1月的排班月报里有名字、可1月考勤表里却没有的人，一共几个？",
        "number",
        cnt(SH, JAN, ["工号", "not_in_q", names(AT, "工号", JAN)], agg="nunique:工号"),
    ),
    ("negation", "整改情况没有填写的检查记录有几条？", "number", cnt(IN, ["整改情况", "null"])),
    (
        "negation",
        "除清洁耗材以外，其他类别的耗材采购共有多少笔",
        "number",
        cnt(PU, ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    (
        "negation",
        "花名册上的项目经理中，证书表里一本证书都没有的有几位",
        "number",
        cnt(HR, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(CE, "工号")]),
    ),
    ("negation", "完好状况不是“完好”的设备有多少台", "number", cnt(EQ, ["完好状况", "!=", "完好"])),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "浦东新区或徐汇区的项目一共多少个？",
        "number",
        cnt(PJ, ["市（区）", "in", ["浦东新区", "徐汇区"]]),
    ),
    (
        "or_values",
        "检查类型为月度品质检查或者季度综合检查的记录共几条",
        "number",
        cnt(IN, ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    (
        "or_values",
        "持有保安员（三级）或保安员（五级）证书的是哪些人",
        "names",
        names(CE, "工号", ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]]),
    ),
    (
        "or_values",
        "采购（耗材采购+固定资产）中状态是已到货或已验收的，金额合计多少",
        "number",
        cnt(PU, BUY, ["状态", "in", ["已到货", "已验收"]], agg="sum:金额"),
    ),
    (
        "or_values",
        "花名册里岗位是保安_领班或者保洁_领班的有几个",
        "number",
        cnt(HR, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "1月或2月请过事假的人，去重后一共几个",
        "number",
        cnt(AT, ["年月", "in", ["2026-01", "2026-02"]], ["1日", "has_code", "事"], agg="nunique:工号"),
    ),
    (
        "or_values",
        "设备类型是电梯或消防的，原值加起来多少",
        "number",
        cnt(EQ, ["设备类型", "in", ["电梯", "消防"]], agg="sum:原值"),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", cnt(PJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "毛利率低于5％的项目列出来看看",
        "names",
        names(PJ, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    (
        "threshold_percent",
        "服务中的项目里，实际毛利率在10%及以上的有多少个？",
        "number",
        cnt(PJ, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.10]),
    ),
    ("threshold_percent", "客户满意度高于95分的项目有几个", "number", cnt(PJ, ["客户满意度", ">", 95])),
    ("threshold_percent", "检查得分不到82分的检查记录有多少条", "number", cnt(IN, ["检查得分", "<", 82])),
    (
        "threshold_percent",
        "实际毛利率落在8%到12%区间（含8%和12%）的项目数量",
        "number",
        cnt(PJ, ["实际毛利率", ">=", 0.08], ["实际毛利率", "<=", 0.12]),
    ),
    (
        "threshold_percent",
        "实际毛利率高于百分之十七的项目是哪些",
        "names",
        names(PJ, "项目编号", ["实际毛利率", ">", 0.17]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "全委的项目占全部项目的比例是多少",
        "number",
        {"op": "ratio", "a": cnt(PJ, ["委托方式", "=", "全委"]), "b": cnt(PJ)},
    ),
    (
        "share",
        "人事想看下，花名册里中共党员占比多少？",
        "number",
        {"op": "ratio", "a": cnt(HR, ["政治面貌", "=", "中共党员"]), "b": cnt(HR)},
    ),
    (
        "share",
        "设备里带病运行的占几成",
        "number",
        {"op": "ratio", "a": cnt(EQ, ["完好状况", "=", "带病运行"]), "b": cnt(EQ)},
    ),
    (
        "share",
        "2月份开票总额里，XMSQ0234占百分之多少",
        "number",
        {
            "op": "ratio",
            "a": cnt(FI, ["项目编号", "=", "XMSQ0234"], FEB, agg="sum:开票金额"),
            "b": cnt(FI, FEB, agg="sum:开票金额"),
        },
    ),
    (
        "share",
        "1月份的考勤记录中，平时加班小时大于0的记录占多大比例",
        "number",
        {"op": "ratio", "a": cnt(AT, JAN, ["平时加班小时", ">", 0]), "b": cnt(AT, JAN)},
    ),
    (
        "share",
        "投标记录中未中标的比重是多少？",
        "number",
        {"op": "ratio", "a": cnt(BD, ["中标结果", "=", "未中标"]), "b": cnt(BD)},
    ),
    (
        "share",
        "耗材采购的金额在全部采购（耗材采购加固定资产）金额里占多少",
        "number",
        {
            "op": "ratio",
            "a": cnt(PU, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            "b": cnt(PU, BUY, agg="sum:金额"),
        },
    ),
    # ---------------------------------------------------------------- grouped
    (
        "grouped",
        "按汇总业态分别统计一下项目数",
        "groups",
        {"op": "groups", "t": PJ, "by": "汇总业态", "agg": "count"},
    ),
    (
        "grouped",
        "各检查类型的平均得分分别是多少？",
        "groups",
        {"op": "groups", "t": IN, "by": "检查类型", "agg": "avg:检查得分"},
    ),
    (
        "grouped",
        "按项目所在的市（区）汇总合同金额",
        "groups",
        {"op": "groups", "t": PJ, "by": "市（区）", "agg": "sum:合同金额"},
    ),
    (
        "grouped",
        "采购与维保台账中各记录类型分别有几条",
        "groups",
        {"op": "groups", "t": PU, "by": "记录类型", "agg": "count"},
    ),
    (
        "grouped",
        "设备按完好状况分类，各多少台",
        "groups",
        {"op": "groups", "t": EQ, "by": "完好状况", "agg": "count"},
    ),
    (
        "grouped",
        "证书按专业类别分别有多少本？",
        "groups",
        {"op": "groups", "t": CE, "by": "专业类别", "agg": "count"},
    ),
    (
        "grouped",
        "岗位编制表按岗位汇总一下在岗人数",
        "groups",
        {"op": "groups", "t": HC, "by": "岗位", "agg": "sum:在岗人数"},
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999的项目负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "xmsq0406上个月开了多少票", "no_such_entity", "XMSQ0406"),
    ("not_in_data_entity", "金山片区下面有几个项目？", "no_such_entity", "金山片区"),
    ("not_in_data_entity", "员工王大锤是什么岗位", "no_such_entity", "王大锤"),
    (
        "not_in_data_entity",
        "上海启明电梯工程有限公司做过哪些项目的采购",
        "no_such_entity",
        "上海启明电梯工程有限公司",
    ),
    ("not_in_data_entity", "电梯司机这个岗位在岗位编制里预算编制一共多少", "no_such_entity", "电梯司机"),
    ("not_in_data_entity", "工号KWL9999999的员工叫什么名字", "no_such_entity", "KWL9999999"),
    ("not_in_data_month", "上上个月XMSQ0234开票金额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年12月考勤表里一共多少条记录？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月各项目收款合计多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月登记的排班有多少条", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年同期（2025年2月）全部项目开票总额", "outside_coverage", "2025-02"),
    ("not_in_data_month", "2026年6月月度快照里XMSQ0387的出勤人次", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年10月份考勤的平时加班小时合计是多少？", "outside_coverage", "2025-10"),
    ("not_in_data_field", "XMSQ0234有多少个停车位", "no_such_field", "停车位数量"),
    ("not_in_data_field", "孙子豪是什么学历", "no_such_field", "学历"),
    ("not_in_data_field", "各项目的绿化面积分别是多少", "no_such_field", "绿化面积"),
    ("not_in_data_field", "员工社保缴纳基数平均是多少？", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "XMSQ0393那些设备的保修到期日是哪天", "no_such_field", "保修到期日"),
    ("not_in_data_field", "上海东升消防设备有限公司的联系人是谁", "no_such_field", "联系人"),
    ("not_in_data_field", "绩效评分最高的员工是谁", "no_such_field", "绩效评分"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "把XMSQ0234的合同状况改成已到期"),
    ("non_data", "帮我把孙子豪这条人员记录删掉"),
    ("non_data", "早上好，今天第一次用这个系统"),
    ("non_data", "收到，明白了，多谢"),
    ("non_data", "请把XMSQ0387 2月份的开票金额更新成20万"),
]
