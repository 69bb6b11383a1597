"""The thirty-fourth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). Fixed today: 2026-03-19, a Thursday. make_gold.py turns this into
questions.jsonl; never edit the questions after the set is frozen.
"""

from __future__ import annotations

from typing import Any

PJ, RY, PQ, GX = "项目信息", "人员信息", "片区信息", "项目片区关系"
CW, KQ, PB, TB = "项目月度财务", "考勤与人员财务", "排班月报", "投标记录"
BZ, SB, CG, JC = "岗位编制", "设备信息", "采购与维保", "检查记录"
ZS, KZ, GW = "人员证书", "月度快照", "岗位字典"

PUR = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def agg(t: str, where: list[Any], how: str = "count", **kw: Any) -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": where, "agg": how, **kw}


def lst(t: str, where: list[Any], key: str) -> dict[str, Any]:
    return {"op": "list", "t": t, "where": where, "key": key}


def val(t: str, where: list[Any], field: str) -> dict[str, Any]:
    return {"op": "value", "t": t, "where": where, "field": field}


def top(t: str, where: list[Any], by: str, how: str, n: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "where": where, "by": by, "agg": how, "n": n, "order": order}


def having(t: str, where: list[Any], by: str, how: str, cmp: list[Any], op: str = "having") -> dict[str, Any]:
    return {"op": op, "t": t, "where": where, "by": by, "agg": how, "cmp": cmp}


def grp(t: str, where: list[Any], by: str, how: str = "count") -> dict[str, Any]:
    return {"op": "groups", "t": t, "where": where, "by": by, "agg": how}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def ex(t: str, where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": where}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "设备台账里完好状况标成报废的，总共几台", "number", agg(SB, [["完好状况", "=", "报废"]])),
    ("count", "花名册上岗位是保洁员的有多少人？", "number", agg(RY, [["岗位名称", "=", "保洁员"]])),
    (
        "count",
        "检查记录中，消防安全检查一共做过多少次",
        "number",
        agg(JC, [["检查类型", "=", "消防安全检查"]]),
    ),
    (
        "count",
        "人员证书里证书类别是特种作业操作证的有几本",
        "number",
        agg(ZS, [["证书类别", "=", "特种作业操作证"]]),
    ),
    ("count", "采购与维保台账中登记的供应商总共几家", "number", agg(CG, [["记录类型", "=", "供应商"]])),
    ("count", "麻烦统计下投标类型为续标的投标记录条数", "number", agg(TB, [["投标类型", "=", "续标"]])),
    (
        "count",
        "电梯维保类的维保合同签了多少份?",
        "number",
        agg(CG, [["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]]),
    ),
    (
        "count",
        "中标日期在2025年7月1日到2025年12月31日之间的投标记录有几条",
        "number",
        agg(TB, [["中标日期", ">=", "2025-07-01"], ["中标日期", "<=", "2025-12-31"]]),
    ),
    # ---------------------------------------------------------------- list
    (
        "list",
        "把中标结果是“未中标”的项目编号都列出来",
        "names",
        lst(TB, [["中标结果", "=", "未中标"]], "项目编号"),
    ),
    ("list", "谁持有高压电工作业证？给我工号", "names", lst(ZS, [["证书名称", "=", "高压电工作业"]], "工号")),
    (
        "list",
        "xmsq0288 的采购单（耗材和固定资产）都是从哪些供应商买的",
        "names",
        lst(CG, [PUR, ["项目编号", "=", "XMSQ0288"]], "供应商名称"),
    ),
    (
        "list",
        "岗位字典中员工层级属于项目管理人员的岗位名称有哪些",
        "names",
        lst(GW, [["员工层级", "=", "项目管理人员"]], "岗位名称"),
    ),
    (
        "list",
        "XMSQ0246 在3月份考勤表上登记的人员，列一下工号",
        "names",
        lst(KQ, [["项目编号", "=", "XMSQ0246"], ["年月", "=", "2026-03"]], "工号"),
    ),
    (
        "list",
        "2026年3月10日至2026年3月15日（含首尾）做过客户满意度回访的项目有哪些",
        "names",
        lst(
            JC,
            [
                ["检查类型", "=", "客户满意度回访"],
                ["检查日期", ">=", "2026-03-10"],
                ["检查日期", "<=", "2026-03-15"],
            ],
            "项目编号",
        ),
    ),
    ("list", "停用状态的设备分布在哪几个项目上", "names", lst(SB, [["完好状况", "=", "停用"]], "项目编号")),
    (
        "list",
        "人员信息表里入职日期晚于2025年6月1日的员工有哪些",
        "names",
        lst(RY, [["入职日期", ">", "2025-06-01"]], "工号"),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "1月份各项目开票金额加总是多少",
        "number",
        agg(CW, [["年月", "=", "2026-01"]], "sum:开票金额"),
    ),
    (
        "sum_avg",
        "花名册中项目经理的平均司龄是几年",
        "number",
        agg(RY, [["岗位名称", "=", "项目经理"]], "avg:司龄"),
    ),
    (
        "sum_avg",
        "消防安全检查的平均得分",
        "number",
        agg(JC, [["检查类型", "=", "消防安全检查"]], "avg:检查得分"),
    ),
    (
        "sum_avg",
        "固定资产这一类采购，金额合计多少钱",
        "number",
        agg(CG, [["记录类型", "=", "固定资产"]], "sum:金额"),
    ),
    (
        "sum_avg",
        "XMSQ0288名下所有设备原值加起来多少",
        "number",
        agg(SB, [["项目编号", "=", "XMSQ0288"]], "sum:原值"),
    ),
    (
        "sum_avg",
        "服务状态为服务中的项目，合同面积总计是多少平米",
        "number",
        agg(PJ, [["服务状态", "=", "服务中"]], "sum:合同面积"),
    ),
    (
        "sum_avg",
        "岗位编制表里 XMSQ0286 各岗位的项目编制数合起来是多少",
        "number",
        agg(BZ, [["项目编号", "=", "XMSQ0286"]], "sum:项目编制"),
    ),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "名下设备原值总额最高的是哪个项目", "names", top(SB, [], "项目编号", "sum:原值")),
    (
        "extreme_rank",
        "3月份登记的考勤里，税后工资拿得最多的是谁",
        "names",
        top(KQ, [["年月", "=", "2026-03"]], "工号", "max:税后工资"),
    ),
    (
        "extreme_rank",
        "单笔投标金额最大的那次投标，是哪个项目的？",
        "names",
        top(TB, [], "项目编号", "max:投标金额"),
    ),
    (
        "extreme_rank",
        "采购单（耗材+固定资产）金额总和最多的供应商是哪家",
        "names",
        top(CG, [PUR], "供应商名称", "sum:金额"),
    ),
    (
        "extreme_rank",
        "年化合同额最小的项目是哪个",
        "names",
        top(PJ, [], "项目编号", "max:年化合同额", 1, "asc"),
    ),
    ("extreme_rank", "花名册里最早入职的员工是哪位", "names", top(RY, [], "工号", "min:入职日期", 1, "asc")),
    (
        "extreme_rank",
        "年化合同收入最高的项目是哪一个？",
        "names",
        top(PJ, [], "项目编号", "max:年化合同收入"),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "合同金额排名前五的项目", "names", top(PJ, [], "项目编号", "max:合同金额", 5)),
    ("top_n", "设备台数最多的前4个项目是哪些", "names", top(SB, [], "项目编号", "count", 4)),
    (
        "top_n",
        "耗材采购金额排前三的供应商",
        "names",
        top(CG, [["记录类型", "=", "耗材采购"]], "供应商名称", "sum:金额", 3),
    ),
    (
        "top_n",
        "2月份开票金额最高的5个项目分别是？",
        "names",
        top(CW, [["年月", "=", "2026-02"]], "项目编号", "sum:开票金额", 5),
    ),
    (
        "top_n",
        "1到3月考勤里平时加班小时累计最多的前三名员工",
        "names",
        top(KQ, [Q1], "工号", "sum:平时加班小时", 3),
    ),
    ("top_n", "年化合同额最低的3个项目", "names", top(PJ, [], "项目编号", "max:年化合同额", 3, "asc")),
    (
        "top_n",
        "固定资产采购里金额前两名的项目编号",
        "names",
        top(CG, [["记录类型", "=", "固定资产"]], "项目编号", "sum:金额", 2),
    ),
    # ---------------------------------------------------------------- existence
    ("existence", "XMSQ0300 有没有过检查记录", "bool", ex(JC, [["项目编号", "=", "XMSQ0300"]])),
    ("existence", "公司有人拿到电梯安全管理员证了吗", "bool", ex(ZS, [["证书名称", "=", "电梯安全管理员"]])),
    (
        "existence",
        "3月份的考勤表里有没有出现旷工",
        "bool",
        ex(KQ, [["年月", "=", "2026-03"], ["日", "has_code", "旷"]]),
    ),
    (
        "existence",
        "xmsq0345买过固定资产没有？",
        "bool",
        ex(CG, [["记录类型", "=", "固定资产"], ["项目编号", "=", "XMSQ0345"]]),
    ),
    (
        "existence",
        "2月排班表里有人排了夜班吗",
        "bool",
        ex(PB, [["年月", "=", "2026-02"], ["日", "has_code", "夜"]]),
    ),
    ("existence", "投标记录里有没有年份是2026年的", "bool", ex(TB, [["年份", "=", 2026]])),
    (
        "existence",
        "设备台账中有出厂日期早于2008年1月1日的设备吗",
        "bool",
        ex(SB, [["出厂日期", "<", "2008-01-01"]]),
    ),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0215 项目负责人叫什么", "value", val(PJ, [["项目编号", "=", "XMSQ0215"]], "项目负责人")),
    (
        "status",
        "青浦-新华镇政府这个项目的服务状态是？",
        "value",
        val(PJ, [["项目名称", "=", "青浦-新华镇政府"]], "服务状态"),
    ),
    (
        "status",
        "汤晓雯在人员信息表里的岗位名称是什么",
        "value",
        val(RY, [["姓名", "=", "汤晓雯"]], "岗位名称"),
    ),
    (
        "status",
        "长宁片区负责人的工号是多少",
        "value",
        val(PQ, [["片区名称", "=", "长宁片区"]], "片区负责人工号"),
    ),
    ("status", "XMSQ0288 采用的委托方式", "value", val(PJ, [["项目编号", "=", "XMSQ0288"]], "委托方式")),
    (
        "status",
        "XMSQ0288 那台 SY-003 设备现在完好状况怎么样",
        "value",
        val(SB, [["项目编号", "=", "XMSQ0288"], ["设备编号", "=", "SY-003"]], "完好状况"),
    ),
    ("status", "工号KWL2508626的入职日期是哪天", "value", val(RY, [["工号", "=", "KWL2508626"]], "入职日期")),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱台账里项目一共多少个啊", "number", agg(PJ, [])),
    ("colloquial", "松江区的项目有几个来着？", "number", agg(PJ, [["市（区）", "=", "松江区"]])),
    ("colloquial", "绿化工花名册上有几个人呀", "number", agg(RY, [["岗位名称", "=", "绿化工"]])),
    (
        "colloquial",
        "瞅一眼 XMSQ0286 一月份开了多少票",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0286"], ["年月", "=", "2026-01"]], "sum:开票金额"),
    ),
    ("colloquial", "电梯总共有几台哈", "number", agg(SB, [["设备类型", "=", "电梯"]])),
    (
        "colloquial",
        "劳保耗材前前后后一共花了多少钱啊",
        "number",
        agg(CG, [["类别", "=", "劳保耗材"]], "sum:金额"),
    ),
    (
        "colloquial",
        "保安领班花名册里有多少个 帮忙数一下",
        "number",
        agg(RY, [["岗位名称", "=", "保安_领班"]]),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上个月所有项目的收款合计多少",
        "number",
        agg(CW, [["年月", "=", "2026-02"]], "sum:收款金额"),
    ),
    ("time_reference", "上上个月的考勤表一共登记了多少条", "number", agg(KQ, [["年月", "=", "2026-01"]])),
    (
        "time_reference",
        "今年以来采购（耗材采购加固定资产）的金额总共是多少",
        "number",
        agg(CG, [PUR, Q1], "sum:金额"),
    ),
    (
        "time_reference",
        "上周一共做了几次检查？",
        "number",
        agg(JC, [["检查日期", ">=", "2026-03-09"], ["检查日期", "<=", "2026-03-15"]]),
    ),
    (
        "time_reference",
        "上个月排班表上有多少人排了班",
        "number",
        agg(PB, [["年月", "=", "2026-02"]], "nunique:工号"),
    ),
    (
        "time_reference",
        "上个月一共检查了多少次",
        "number",
        agg(JC, [["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-28"]]),
    ),
    ("time_reference", "这个月（3月份）登记的考勤 一共多少条", "number", agg(KQ, [["年月", "=", "2026-03"]])),
    (
        "time_reference",
        "上上个月登记的固定资产采购有几笔",
        "number",
        agg(CG, [["记录类型", "=", "固定资产"], ["年月", "=", "2026-01"]]),
    ),
    # ---------------------------------------------------------------- now_current
    (
        "now_current",
        "今天是2026年3月19日，人员证书里有效期至早于今天的有几本",
        "number",
        agg(ZS, [["有效期至", "<", "2026-03-19"]]),
    ),
    (
        "now_current",
        "结束日期在今天（2026-03-19）之后的维保合同还有几份",
        "number",
        agg(CG, [["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-03-19"]]),
    ),
    (
        "now_current",
        "完好状况目前是带病运行的设备有多少台",
        "number",
        agg(SB, [["完好状况", "=", "带病运行"]]),
    ),
    ("now_current", "合同状况为履约中的项目，现在有几个", "number", agg(PJ, [["合同状况", "=", "履约中"]])),
    (
        "now_current",
        "KWL1804913 当前服务项目编号是多少",
        "value",
        val(RY, [["工号", "=", "KWL1804913"]], "当前服务项目编号"),
    ),
    (
        "now_current",
        "服务状态为服务中的项目当中，浦东新区的有几个",
        "number",
        agg(PJ, [["服务状态", "=", "服务中"], ["市（区）", "=", "浦东新区"]]),
    ),
    (
        "now_current",
        "今天2026年3月19日，项目结束日期已经早于今天的有多少个项目",
        "number",
        agg(PJ, [["结束日期", "<", "2026-03-19"]]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0286 2月份收款金额是多少",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0286"], ["年月", "=", "2026-02"]], "sum:收款金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0246 三月份考勤人数",
        "number",
        agg(KQ, [["项目编号", "=", "XMSQ0246"], ["年月", "=", "2026-03"]]),
    ),
    (
        "monthly_fact",
        "月度快照：XMSQ0265 2026年1月加班小时合计",
        "number",
        val(KZ, [["项目编号", "=", "XMSQ0265"], ["年月", "=", "2026-01"]], "加班小时合计"),
    ),
    (
        "monthly_fact",
        "xmsq0345 3月份的开票金额",
        "number",
        agg(CW, [["项目编号", "=", "XMSQ0345"], ["年月", "=", "2026-03"]], "sum:开票金额"),
    ),
    (
        "monthly_fact",
        "KWL1804913 二月份上班天数",
        "number",
        val(KQ, [["工号", "=", "KWL1804913"], ["年月", "=", "2026-02"]], "上班天数"),
    ),
    (
        "monthly_fact",
        "XMSQ0398 4月份登记的考勤有几个人",
        "number",
        agg(KQ, [["项目编号", "=", "XMSQ0398"], ["年月", "=", "2026-04"]]),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0376 在2026年2月的在岗人数",
        "number",
        val(KZ, [["项目编号", "=", "XMSQ0376"], ["年月", "=", "2026-02"]], "在岗人数"),
    ),
    (
        "monthly_fact",
        "KWL2010266 1月的税后工资是多少",
        "number",
        val(KQ, [["工号", "=", "KWL2010266"], ["年月", "=", "2026-01"]], "税后工资"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0286 一月和二月的开票金额相差多少",
        "number",
        two(
            "absdiff",
            agg(CW, [["项目编号", "=", "XMSQ0286"], ["年月", "=", "2026-01"]], "sum:开票金额"),
            agg(CW, [["项目编号", "=", "XMSQ0286"], ["年月", "=", "2026-02"]], "sum:开票金额"),
        ),
    ),
    (
        "compare",
        "2月考勤登记条数比1月多多少？",
        "number",
        two("diff", agg(KQ, [["年月", "=", "2026-02"]]), agg(KQ, [["年月", "=", "2026-01"]])),
    ),
    (
        "compare",
        "花名册上保安_普保和保洁员，哪个岗位人更多",
        "names",
        top(RY, [["岗位名称", "in", ["保安_普保", "保洁员"]]], "岗位名称", "count"),
    ),
    (
        "compare",
        "浦东新区的项目数比嘉定区多几个",
        "number",
        two("diff", agg(PJ, [["市（区）", "=", "浦东新区"]]), agg(PJ, [["市（区）", "=", "嘉定区"]])),
    ),
    (
        "compare",
        "固定资产的采购总额是不是超过了耗材采购的总额",
        "bool",
        two(
            "gt",
            agg(CG, [["记录类型", "=", "固定资产"]], "sum:金额"),
            agg(CG, [["记录类型", "=", "耗材采购"]], "sum:金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0288 和 XMSQ0104 哪个项目设备台数多",
        "names",
        top(SB, [["项目编号", "in", ["XMSQ0288", "XMSQ0104"]]], "项目编号", "count"),
    ),
    (
        "compare",
        "3月份登记的税后工资总额跟2月份比，差了多少",
        "number",
        two(
            "absdiff",
            agg(KQ, [["年月", "=", "2026-03"]], "sum:税后工资"),
            agg(KQ, [["年月", "=", "2026-02"]], "sum:税后工资"),
        ),
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备数量在12台及以上的项目有哪些",
        "names",
        having(SB, [], "项目编号", "count", [">=", 12]),
    ),
    (
        "group_having",
        "被检查过6次及以上的项目一共几个",
        "number",
        having(JC, [], "项目编号", "count", [">=", 6], "having_count"),
    ),
    (
        "group_having",
        "哪些供应商接到的采购单（耗材+固定资产）有20笔及以上",
        "names",
        having(CG, [PUR], "供应商名称", "count", [">=", 20]),
    ),
    (
        "group_having",
        "1月份考勤表里登记人数达到4人及以上的项目",
        "names",
        having(KQ, [["年月", "=", "2026-01"]], "项目编号", "count", [">=", 4]),
    ),
    (
        "group_having",
        "人员证书里持证2本及以上的员工，给出工号",
        "names",
        having(ZS, [], "工号", "count", [">=", 2]),
    ),
    (
        "group_having",
        "采购金额（耗材和固定资产）合计超过20万的项目有几个",
        "number",
        having(CG, [PUR], "项目编号", "sum:金额", [">", 200000], "having_count"),
    ),
    (
        "group_having",
        "项目片区关系表中挂了40个及以上项目的片区",
        "names",
        having(GX, [], "片区编号", "count", [">=", 40]),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "松江片区一共有多少个项目", "number", agg(PJ, [["项目编号", "region", "PQ05"]])),
    (
        "region_rollup",
        "徐汇片区2月份开票金额合计",
        "number",
        agg(CW, [["年月", "=", "2026-02"], ["项目编号", "region", "PQ02"]], "sum:开票金额"),
    ),
    ("region_rollup", "各片区分别有多少台设备", "groups", grp(SB, [], "@片区编号")),
    ("region_rollup", "检查次数最多的片区是哪个", "names", top(JC, [], "@片区编号", "count")),
    (
        "region_rollup",
        "闵行片区或者长宁片区，服务中的项目加起来有几个",
        "number",
        {
            "op": "agg",
            "t": PJ,
            "where": [["服务状态", "=", "服务中"]],
            "any": [["项目编号", "region", "PQ04"], ["项目编号", "region", "PQ08"]],
            "agg": "count",
        },
    ),
    (
        "region_rollup",
        "科创片区1月考勤表登记了多少人",
        "number",
        agg(KQ, [["年月", "=", "2026-01"], ["项目编号", "region", "PQ03"]]),
    ),
    (
        "region_rollup",
        "嘉定片区下面服务状态是已结束的项目有哪些",
        "names",
        lst(PJ, [["项目编号", "region", "PQ06"], ["服务状态", "=", "已结束"]], "项目编号"),
    ),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "花名册里岗位不是保安_普保的一共多少人",
        "number",
        agg(RY, [["岗位名称", "!=", "保安_普保"]]),
    ),
    ("negation", "委托方式不是全委的项目有几个", "number", agg(PJ, [["委托方式", "!=", "全委"]])),
    ("negation", "设备里完好状况不为“完好”的有多少台", "number", agg(SB, [["完好状况", "!=", "完好"]])),
    (
        "negation",
        "服务中的项目里，一条检查记录都没有的有几个",
        "number",
        agg(PJ, [["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(JC, [], "项目编号")]]),
    ),
    ("negation", "人员信息表中离职日期为空的人数", "number", agg(RY, [["离职日期", "null"]])),
    ("negation", "检查记录里没有写问题描述的有几条", "number", agg(JC, [["问题描述", "null"]])),
    (
        "negation",
        "采购单（耗材、固定资产）中状态不是已入账的有多少笔",
        "number",
        agg(CG, [PUR, ["状态", "!=", "已入账"]]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "花名册上保安_领班或保洁_领班一共几人",
        "number",
        agg(RY, [["岗位名称", "in", ["保安_领班", "保洁_领班"]]]),
    ),
    (
        "or_values",
        "设备类型为电梯或者消防的设备有多少台",
        "number",
        agg(SB, [["设备类型", "in", ["电梯", "消防"]]]),
    ),
    (
        "or_values",
        "青浦区、松江区两个区的项目合计几个",
        "number",
        agg(PJ, [["市（区）", "in", ["青浦区", "松江区"]]]),
    ),
    (
        "or_values",
        "1月考勤表上请过病假或事假的人有多少个",
        "number",
        {
            "op": "agg",
            "t": KQ,
            "where": [["年月", "=", "2026-01"]],
            "any": [["日", "has_code", "病"], ["日", "has_code", "事"]],
            "agg": "nunique:工号",
        },
    ),
    (
        "or_values",
        "月度品质检查跟季度综合检查加一起做了多少次",
        "number",
        agg(JC, [["检查类型", "in", ["月度品质检查", "季度综合检查"]]]),
    ),
    (
        "or_values",
        "类别是清洁耗材或劳保耗材的采购，金额一共多少",
        "number",
        agg(CG, [PUR, ["类别", "in", ["清洁耗材", "劳保耗材"]]], "sum:金额"),
    ),
    (
        "or_values",
        "检查类型是设备专项检查或消防安全检查的检查，平均分多少",
        "number",
        agg(JC, [["检查类型", "in", ["设备专项检查", "消防安全检查"]]], "avg:检查得分"),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有多少个", "number", agg(PJ, [["实际毛利率", ">", 0.15]])),
    (
        "threshold_percent",
        "毛利率（实际毛利率）低于5％的项目，列下编号",
        "names",
        lst(PJ, [["实际毛利率", "<", 0.05]], "项目编号"),
    ),
    (
        "threshold_percent",
        "服务中项目里实际毛利率在10%及以上的有几个",
        "number",
        agg(PJ, [["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.10]]),
    ),
    ("threshold_percent", "客户满意度高于95分的项目数量", "number", agg(PJ, [["客户满意度", ">", 95]])),
    ("threshold_percent", "检查得分不到85分的检查有多少次", "number", agg(JC, [["检查得分", "<", 85]])),
    (
        "threshold_percent",
        "实际毛利率不到6%的项目里，哪些是浦东新区的",
        "names",
        lst(PJ, [["实际毛利率", "<", 0.06], ["市（区）", "=", "浦东新区"]], "项目编号"),
    ),
    ("threshold_percent", "投标金额超过1500万的投标有几条", "number", agg(TB, [["投标金额", ">", 15000000]])),
    # ---------------------------------------------------------------- share
    (
        "share",
        "全委项目在全部项目里占多大比例",
        "number",
        two("ratio", agg(PJ, [["委托方式", "=", "全委"]]), agg(PJ, [])),
    ),
    (
        "share",
        "报废的设备占设备总台数的百分之几",
        "number",
        two("ratio", agg(SB, [["完好状况", "=", "报废"]]), agg(SB, [])),
    ),
    ("share", "花名册里女员工占比多少", "number", two("ratio", agg(RY, [["性别", "=", "女"]]), agg(RY, []))),
    (
        "share",
        "2月份收款金额占开票金额的几成",
        "number",
        two(
            "ratio",
            agg(CW, [["年月", "=", "2026-02"]], "sum:收款金额"),
            agg(CW, [["年月", "=", "2026-02"]], "sum:开票金额"),
        ),
    ),
    (
        "share",
        "投标记录中中标的占全部投标的比例",
        "number",
        two("ratio", agg(TB, [["中标结果", "=", "中标"]]), agg(TB, [])),
    ),
    (
        "share",
        "服务中的项目当中，浦东新区的项目占多少比例",
        "number",
        two(
            "ratio",
            agg(PJ, [["服务状态", "=", "服务中"], ["市（区）", "=", "浦东新区"]]),
            agg(PJ, [["服务状态", "=", "服务中"]]),
        ),
    ),
    (
        "share",
        "检查记录里发现了问题（问题描述不为空）的占比",
        "number",
        two("ratio", agg(JC, [["问题描述", "notnull"]]), agg(JC, [])),
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "按设备类型统计一下设备台数", "groups", grp(SB, [], "设备类型")),
    ("grouped", "项目按所在的市（区）分一下，每个区各有几个", "groups", grp(PJ, [], "市（区）")),
    ("grouped", "项目月度财务按年月汇总开票金额", "groups", grp(CW, [], "年月", "sum:开票金额")),
    ("grouped", "不同检查类型各自的平均得分", "groups", grp(JC, [], "检查类型", "avg:检查得分")),
    ("grouped", "采购与维保台账按记录类型分别有几条", "groups", grp(CG, [], "记录类型")),
    ("grouped", "花名册按岗位名称分组统计人数", "groups", grp(RY, [], "岗位名称")),
    ("grouped", "按委托方式分组，合同金额各合计多少", "groups", grp(PJ, [], "委托方式", "sum:合同金额")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 这个项目合同金额多少", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号 KWL9999001 的人什么时候入职的", "no_such_entity", "KWL9999001"),
    ("not_in_data_entity", "宝山片区下面有多少项目？", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "北京宏达电梯工程有限公司这家供应商的采购金额是多少",
        "no_such_entity",
        "北京宏达电梯工程有限公司",
    ),
    ("not_in_data_entity", "张三丰在哪个项目上班", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "查下XMSQ0050的检查记录有几条", "no_such_entity", "XMSQ0050"),
    ("not_in_data_entity", "杨浦-五角场大学城项目的负责人是谁", "no_such_entity", "杨浦-五角场大学城"),
    ("not_in_data_month", "去年12月所有项目开票一共多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月 XMSQ0286 考勤人数", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月排班表上有多少人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年10月耗材采购花了多少钱", "outside_coverage", "2025-10"),
    ("not_in_data_month", "月度快照2025年9月的在岗人数合计", "outside_coverage", "2025-09"),
    ("not_in_data_month", "XMSQ0286 2026年6月的收款金额", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年十二月份考勤表里有人旷工吗", "outside_coverage", "2025-12"),
    ("not_in_data_field", "XMSQ0286 有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "花名册里员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0288 的电梯保修期到哪天", "no_such_field", "保修期"),
    ("not_in_data_field", "各项目每个月的水电费支出是多少", "no_such_field", "水电费"),
    ("not_in_data_field", "KWL2508626 的社保缴纳基数是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "常州浦江清洁用品有限公司的开户银行是哪家", "no_such_field", "开户银行"),
    ("not_in_data_field", "检查记录里每次检查花了多长时间", "no_such_field", "检查时长"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "辛苦了，谢谢！"),
    ("non_data", "帮我把XMSQ0286一月的开票金额改成50万"),
    ("non_data", "把KWL2508626这个人的记录删掉"),
    ("non_data", "早上好～"),
    ("non_data", "好的明白了，多谢"),
    ("non_data", "请把3月份的检查记录全部清空"),
]
