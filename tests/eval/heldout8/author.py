"""The eighth held-out set as written: the questions and their gold specs.

Written blind (see README.md). Today is 2026-01-28 (本月 2026-01, 下个月 2026-02, 下下个月 2026-03;
上个月 2025-12 is outside the coverage). The spec language is tests/eval/blind_gold.py's.
"""

from __future__ import annotations

from typing import Any

F = "项目月度财务"
K = "考勤与人员财务"
P = "项目信息"
H = "人员信息"
E = "设备信息"
C = "采购与维保"
J = "检查记录"
Z = "人员证书"
S = "月度快照"
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]


def w(t: str, *conds: list[Any], **kw: Any) -> dict[str, Any]:
    return {"t": t, "where": list(conds), **kw}


def cnt(t: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "agg", "agg": "count", **w(t, *conds)}


def tot(t: str, field: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "agg", "agg": f"sum:{field}", **w(t, *conds)}


def avg(t: str, field: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "agg", "agg": f"avg:{field}", **w(t, *conds)}


def val(t: str, field: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "value", "field": field, **w(t, *conds)}


def names(t: str, key: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "list", "key": key, **w(t, *conds)}


def ex(t: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "exists", **w(t, *conds)}


def top(t: str, by: str, agg: str, n: int = 1, order: str = "desc", *conds: list[Any]) -> dict[str, Any]:
    return {"op": "top", "by": by, "agg": agg, "n": n, "order": order, **w(t, *conds)}


def having(
    t: str, by: str, agg: str, cmp: list[Any], *conds: list[Any], op: str = "having"
) -> dict[str, Any]:
    return {"op": op, "by": by, "agg": agg, "cmp": cmp, **w(t, *conds)}


def groups(t: str, by: str, agg: str, *conds: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "by": by, "agg": agg, **w(t, *conds)}


def pj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def m(month: str) -> list[Any]:
    return ["年月", "=", month]


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def person(name: str) -> list[Any]:
    return ["姓名", "=", name]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "花名册上岗位是绿化工的一共几个人？", "number", cnt(H, ["岗位名称", "=", "绿化工"])),
    ("count", "长宁-长桥工业园区登记在册的设备有几台", "number", cnt(E, pj("XMSQ0310"))),
    (
        "count",
        "2026年2月的考勤表里，出现过旷工的员工有多少人（按工号去重）？",
        "number",
        {"op": "agg", "agg": "nunique:工号", **w(K, m("2026-02"), ["1日", "has_code", "旷"])},
    ),
    (
        "count",
        "排班月报上，XMSQ0315 2026年3月排了几个人的班？",
        "number",
        cnt("排班月报", pj("XMSQ0315"), m("2026-03")),
    ),
    ("count", "请问咱们投标没中的记录有几条？", "number", cnt("投标记录", ["中标结果", "=", "未中标"])),
    (
        "count",
        "人员证书表中证书类别为“特种作业操作证”的有几本",
        "number",
        cnt(Z, ["证书类别", "=", "特种作业操作证"]),
    ),
    ("count", "委托方式是多项单委的项目，一共多少个？", "number", cnt(P, ["委托方式", "=", "多项单委"])),
    # ---------------------------------------------------------------- list
    (
        "list",
        "服务状态为“未开始”的项目有哪些？列一下",
        "names",
        names(P, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    ("list", "谁持有电梯安全管理员证？", "names", names(Z, "工号", ["证书名称", "=", "电梯安全管理员"])),
    ("list", "xmsq0315 在2026年3月的考勤里都有谁", "names", names(K, "工号", pj("XMSQ0315"), m("2026-03"))),
    (
        "list",
        "投标结果是未中标的都是哪些项目",
        "names",
        names("投标记录", "项目编号", ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "岗位字典里，员工层级属于职能管理人员的岗位有哪几个？",
        "names",
        names("岗位字典", "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "做电梯维保的供应商有哪几家",
        "names",
        names(C, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    ("list", "XMSQ0249项目上有哪几类设备？", "names", names(E, "设备类型", pj("XMSQ0249"))),
    # ---------------------------------------------------------------- sum_avg
    ("sum_avg", "2026年1月全部项目的开票金额合计是多少元", "number", tot(F, "开票金额", m("2026-01"))),
    (
        "sum_avg",
        "马陆文化活动中心2026年2月考勤人员的税后工资总共多少？",
        "number",
        tot(K, "税后工资", pj("XMSQ0292"), m("2026-02")),
    ),
    ("sum_avg", "长宁-长桥工业园区所有设备的原值加起来是多少", "number", tot(E, "原值", pj("XMSQ0310"))),
    ("sum_avg", "消防安全检查平均得几分？", "number", avg(J, "检查得分", ["检查类型", "=", "消防安全检查"])),
    (
        "sum_avg",
        "2026年3月耗材采购的金额总计",
        "number",
        tot(C, "金额", ["记录类型", "=", "耗材采购"], m("2026-03")),
    ),
    (
        "sum_avg",
        "各项目岗位编制里保洁员的预算编制加起来一共多少人",
        "number",
        tot("岗位编制", "预算编制", ["岗位", "=", "保洁员"]),
    ),
    (
        "sum_avg",
        "细分业态为学校的项目，客户满意度平均多少",
        "number",
        avg(P, "客户满意度", ["细分业态", "=", "学校"]),
    ),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同金额最高的是哪个项目？", "names", top(P, "项目编号", "max:合同金额")),
    (
        "extreme_rank",
        "2026年2月哪个项目开票金额最多",
        "names",
        top(F, "项目编号", "sum:开票金额", 1, "desc", m("2026-02")),
    ),
    (
        "extreme_rank",
        "哪个片区下面挂的项目最多？（按项目片区关系）",
        "names",
        top("项目片区关系", "片区编号", "count"),
    ),
    ("extreme_rank", "客户满意度最高的项目是哪一个", "names", top(P, "项目编号", "max:客户满意度")),
    ("extreme_rank", "按原值合计算，哪一类设备最值钱？", "names", top(E, "设备类型", "sum:原值")),
    (
        "extreme_rank",
        "2026年1月税后工资最高的是哪位员工",
        "names",
        top(K, "工号", "sum:税后工资", 1, "desc", m("2026-01")),
    ),
    ("extreme_rank", "平均检查得分最低的是哪个项目", "names", top(J, "项目编号", "avg:检查得分", 1, "asc")),
    # ---------------------------------------------------------------- top_n
    ("top_n", "合同面积排前三的项目", "names", top(P, "项目编号", "max:合同面积", 3)),
    (
        "top_n",
        "2026年3月收款金额前5名的项目是哪些？",
        "names",
        top(F, "项目编号", "sum:收款金额", 5, "desc", m("2026-03")),
    ),
    ("top_n", "设备台数最多的两个项目是哪两个", "names", top(E, "项目编号", "count", 2)),
    (
        "top_n",
        "采购金额最高的三家供应商（耗材采购加固定资产）",
        "names",
        top(C, "供应商名称", "sum:金额", 3, "desc", BUY),
    ),
    ("top_n", "年化合同额最低的两个项目？", "names", top(P, "项目编号", "max:年化合同额", 2, "asc")),
    (
        "top_n",
        "2026年1月开票金额最高的前3个项目",
        "names",
        top(F, "项目编号", "sum:开票金额", 3, "desc", m("2026-01")),
    ),
    (
        "top_n",
        "签维保合同份数最多的前两家维保单位是谁",
        "names",
        top(C, "维保单位名称", "count", 2, "desc", ["记录类型", "=", "维保合同"]),
    ),
    # ---------------------------------------------------------------- existence
    ("existence", "XMSQ0217有没有登记设备？", "bool", ex(E, pj("XMSQ0217"))),
    (
        "existence",
        "续标里面有没有没中标的",
        "bool",
        ex("投标记录", ["投标类型", "=", "续标"], ["中标结果", "=", "未中标"]),
    ),
    ("existence", "九亭创业园2026年2月有财务记录吗", "bool", ex(F, pj("XMSQ0261"), m("2026-02"))),
    (
        "existence",
        "设备台账里有报废的电梯吗？",
        "bool",
        ex(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "人员信息表里有没有叫何强的", "bool", ex(H, person("何强"))),
    (
        "existence",
        "有人持有制冷与空调设备运行操作证吗",
        "bool",
        ex(Z, ["证书名称", "=", "制冷与空调设备运行操作"]),
    ),
    ("existence", "XMSQ0322 在投标记录里有记录吗？", "bool", ex("投标记录", pj("XMSQ0322"))),
    # ---------------------------------------------------------------- status
    ("status", "松江-南翔政务服务中心的项目负责人是谁？", "value", val(P, "项目负责人", pj("XMSQ0238"))),
    (
        "status",
        "浦东片区的片区负责人叫什么名字",
        "value",
        val(H, "姓名", ["工号", "in_q", names("片区信息", "片区负责人工号", ["片区名称", "=", "浦东片区"])]),
    ),
    ("status", "XMSQ0299 计费方式是包干制还是酬金制", "value", val(P, "计费方式", pj("XMSQ0299"))),
    ("status", "浦东-田林养老院是什么委托方式", "value", val(P, "委托方式", pj("XMSQ0299"))),
    ("status", "陆霞是什么岗位？", "value", val(H, "岗位名称", person("陆霞"))),
    ("status", "科创-夏阳图书馆合同的结束日期是哪天", "value", val(P, "结束日期", pj("XMSQ0247"))),
    ("status", "长宁-长桥工业园区的实际毛利率是多少？", "value", val(P, "实际毛利率", pj("XMSQ0310"))),
    # ---------------------------------------------------------------- colloquial
    (
        "colloquial",
        "九亭创业园那边2026年2月开了多少票啊",
        "number",
        tot(F, "开票金额", pj("XMSQ0261"), m("2026-02")),
    ),
    ("colloquial", "咱公司一共划了几个片区啊", "number", cnt("片区信息")),
    (
        "colloquial",
        "田林养老院26年4月份收了多少钱来着？",
        "number",
        tot(F, "收款金额", pj("XMSQ0299"), m("2026-04")),
    ),
    (
        "colloquial",
        "电梯停用的有几台呀",
        "number",
        cnt(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]),
    ),
    ("colloquial", "咱花名册上党员有多少个", "number", cnt(H, ["政治面貌", "=", "中共党员"])),
    ("colloquial", "马陆文化活动中心 1月份考勤上有几个人哈", "number", cnt(K, pj("XMSQ0292"), m("2026-01"))),
    (
        "colloquial",
        "女的项目经理花名册里有几个？",
        "number",
        cnt(H, ["性别", "=", "女"], ["岗位名称", "=", "项目经理"]),
    ),
    # ---------------------------------------------------------------- time_reference
    ("time_reference", "本月所有项目开票金额加起来多少？", "number", tot(F, "开票金额", m("2026-01"))),
    (
        "time_reference",
        "浦东-川沙图书馆下个月的开票金额是多少",
        "number",
        tot(F, "开票金额", pj("XMSQ0332"), m("2026-02")),
    ),
    (
        "time_reference",
        "下下个月耗材采购一共花了多少钱",
        "number",
        tot(C, "金额", ["记录类型", "=", "耗材采购"], m("2026-03")),
    ),
    (
        "time_reference",
        "本月排班表里排过夜班的有几个人（按工号算）",
        "number",
        {"op": "agg", "agg": "nunique:工号", **w("排班月报", m("2026-01"), ["1日", "has_code", "夜"])},
    ),
    ("time_reference", "投标记录里年份是今年的有几条", "number", cnt("投标记录", ["年份", "=", 2026])),
    ("time_reference", "XMSQ0292下个月考勤表里有几个人", "number", cnt(K, pj("XMSQ0292"), m("2026-02"))),
    (
        "time_reference",
        "下下个月整月一共做了几次检查？",
        "number",
        cnt(J, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-31"]),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "现在服务状态是服务中的项目有多少个", "number", cnt(P, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "XMSQ0249目前完好状况为停用的设备有几台？",
        "number",
        cnt(E, pj("XMSQ0249"), ["完好状况", "=", "停用"]),
    ),
    (
        "now_current",
        "工号KWL0610109现在的当前服务项目是哪个",
        "value",
        val(H, "当前服务项目编号", ["工号", "=", "KWL0610109"]),
    ),
    (
        "now_current",
        "当前合同状况为已签约未进场的项目有哪些",
        "names",
        names(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "目前带病运行的消防设备有几台",
        "number",
        cnt(E, ["设备类型", "=", "消防"], ["完好状况", "=", "带病运行"]),
    ),
    (
        "now_current",
        "维保合同里状态是履约中的现在有几份？",
        "number",
        cnt(C, ["记录类型", "=", "维保合同"], ["状态", "=", "履约中"]),
    ),
    ("now_current", "陶卫东当前服务的项目编号是多少", "value", val(H, "当前服务项目编号", person("陶卫东"))),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0310 2026年1月开票金额",
        "number",
        tot(F, "开票金额", pj("XMSQ0310"), m("2026-01")),
    ),
    (
        "monthly_fact",
        "科创-张江图书馆2026年3月收款金额是多少？",
        "number",
        tot(F, "收款金额", pj("XMSQ0249"), m("2026-03")),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0315 2026-03 的出勤人次是多少",
        "number",
        tot(S, "出勤人次", pj("XMSQ0315"), m("2026-03")),
    ),
    (
        "monthly_fact",
        "安亭街道办事处-2号楼二月份的加班小时合计（月度快照）是几小时",
        "number",
        tot(S, "加班小时合计", pj("XMSQ0217"), m("2026-02")),
    ),
    (
        "monthly_fact",
        "陆霞2026年2月上班天数是多少天",
        "number",
        tot(K, "上班天数", person("陆霞"), m("2026-02")),
    ),
    (
        "monthly_fact",
        "麻烦查下余俊杰2026年1月的税后工资",
        "number",
        tot(K, "税后工资", person("余俊杰"), m("2026-01")),
    ),
    (
        "monthly_fact",
        "2026年4月，XMSQ0247开票多少元？",
        "number",
        tot(F, "开票金额", pj("XMSQ0247"), m("2026-04")),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0247 2026年2月开票比3月多多少？",
        "number",
        {
            "op": "diff",
            "a": tot(F, "开票金额", pj("XMSQ0247"), m("2026-02")),
            "b": tot(F, "开票金额", pj("XMSQ0247"), m("2026-03")),
        },
    ),
    (
        "compare",
        "马陆文化活动中心1月考勤人数比2月多几个人",
        "number",
        {"op": "diff", "a": cnt(K, pj("XMSQ0292"), m("2026-01")), "b": cnt(K, pj("XMSQ0292"), m("2026-02"))},
    ),
    (
        "compare",
        "浦东片区和嘉定片区，哪个片区的项目多？",
        "names",
        top("项目片区关系", "片区编号", "count", 1, "desc", ["片区编号", "in", ["PQ07", "PQ06"]]),
    ),
    (
        "compare",
        "XMSQ0276的客户满意度高于XMSQ0261吗",
        "bool",
        {"op": "gt", "a": val(P, "客户满意度", pj("XMSQ0276")), "b": val(P, "客户满意度", pj("XMSQ0261"))},
    ),
    (
        "compare",
        "2026年3月和2月的耗材采购金额相差多少",
        "number",
        {
            "op": "absdiff",
            "a": tot(C, "金额", ["记录类型", "=", "耗材采购"], m("2026-03")),
            "b": tot(C, "金额", ["记录类型", "=", "耗材采购"], m("2026-02")),
        },
    ),
    (
        "compare",
        "冯晓雯2026年2月的税后工资有没有超过1月的？",
        "bool",
        {
            "op": "gt",
            "a": tot(K, "税后工资", person("冯晓雯"), m("2026-02")),
            "b": tot(K, "税后工资", person("冯晓雯"), m("2026-01")),
        },
    ),
    (
        "compare",
        "电梯和消防设备哪个多？差几台",
        "number",
        {"op": "absdiff", "a": cnt(E, ["设备类型", "=", "电梯"]), "b": cnt(E, ["设备类型", "=", "消防"])},
    ),
    # ---------------------------------------------------------------- group_having
    ("group_having", "设备在12台及以上的项目有哪些", "names", having(E, "项目编号", "count", [">=", 12])),
    (
        "group_having",
        "2026年2月考勤人数达到4人及以上的项目",
        "names",
        having(K, "项目编号", "count", [">=", 4], m("2026-02")),
    ),
    ("group_having", "人员证书表里有2本及以上证书的人是谁？", "names", having(Z, "工号", "count", [">=", 2])),
    (
        "group_having",
        "被检查过5次及以上的项目有几个",
        "number",
        having(J, "项目编号", "count", [">=", 5], op="having_count"),
    ),
    (
        "group_having",
        "采购笔数（耗材+固定资产）在30笔及以上的供应商",
        "names",
        having(C, "供应商名称", "count", [">=", 30], BUY),
    ),
    (
        "group_having",
        "哪些维保单位签的维保合同有10份及以上",
        "names",
        having(C, "维保单位名称", "count", [">=", 10], ["记录类型", "=", "维保合同"]),
    ),
    (
        "group_having",
        "项目数超过45个的片区有哪些？",
        "names",
        having("项目片区关系", "片区编号", "count", [">", 45]),
    ),
    # ---------------------------------------------------------------- region_rollup
    (
        "region_rollup",
        "浦东片区2026年2月开票金额合计",
        "number",
        tot(F, "开票金额", m("2026-02"), reg("PQ07")),
    ),
    ("region_rollup", "徐汇片区2026年3月考勤人数是多少", "number", cnt(K, m("2026-03"), reg("PQ02"))),
    ("region_rollup", "闵行片区的项目一共有多少台设备？", "number", cnt(E, reg("PQ04"))),
    (
        "region_rollup",
        "科创片区 2026年1月 收款合计多少",
        "number",
        tot(F, "收款金额", m("2026-01"), reg("PQ03")),
    ),
    ("region_rollup", "长宁片区各项目客户满意度的平均值", "number", avg(P, "客户满意度", reg("PQ08"))),
    (
        "region_rollup",
        "青浦片区2026年4月月度快照的加班小时合计加总是多少",
        "number",
        tot(S, "加班小时合计", m("2026-04"), reg("PQ01")),
    ),
    (
        "region_rollup",
        "嘉定片区服务状态为服务中的项目有几个",
        "number",
        cnt(P, reg("PQ06"), ["服务状态", "=", "服务中"]),
    ),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "花名册里的一线员工，除了保安_普保，还有多少人？",
        "number",
        cnt(H, ["员工层级", "=", "一线员工"], ["岗位名称", "!=", "保安_普保"]),
    ),
    (
        "negation",
        "一台设备都没登记的项目有几个",
        "number",
        cnt(P, ["项目编号", "not_in_q", names(E, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少个", "number", cnt(P, ["委托方式", "!=", "全委"])),
    ("negation", "完好状况不是“完好”的设备一共几台？", "number", cnt(E, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "XMSQ0315 采购与维保台账里的金额，维保合同别算，合计多少",
        "number",
        tot(C, "金额", pj("XMSQ0315"), BUY),
    ),
    (
        "negation",
        "花名册上的项目经理里，没有在人员证书表出现过的有几个",
        "number",
        cnt(H, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(Z, "工号")]),
    ),
    (
        "negation",
        "除了清洁耗材以外，耗材采购一共有多少笔？",
        "number",
        cnt(C, ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "细分业态是学校或者医疗卫生的项目有多少个",
        "number",
        cnt(P, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    ("or_values", "花名册里职级S1或S2的一共几人", "number", cnt(H, ["职级", "in", ["S1", "S2"]])),
    (
        "or_values",
        "2026年2月 XMSQ0292或XMSQ0332 的考勤人数合计多少",
        "number",
        cnt(K, m("2026-02"), ["项目编号", "in", ["XMSQ0292", "XMSQ0332"]]),
    ),
    (
        "or_values",
        "消防安全检查或设备专项检查，平均得分多少？",
        "number",
        avg(J, "检查得分", ["检查类型", "in", ["消防安全检查", "设备专项检查"]]),
    ),
    ("or_values", "电梯或者通风设备总共多少台", "number", cnt(E, ["设备类型", "in", ["电梯", "通风"]])),
    (
        "or_values",
        "证书类别是特种作业操作证或特种设备作业人员证的证书有几本？",
        "number",
        cnt(Z, ["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]),
    ),
    (
        "or_values",
        "闵行区或松江区的项目，合同金额总和是多少",
        "number",
        tot(P, "合同金额", ["市（区）", "in", ["闵行区", "松江区"]]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个？", "number", cnt(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率低于5％的有多少个",
        "number",
        cnt(P, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度不到85分的项目几个", "number", cnt(P, ["客户满意度", "<", 85])),
    ("threshold_percent", "检查得分低于82分的检查有几次", "number", cnt(J, ["检查得分", "<", 82])),
    (
        "threshold_percent",
        "学校类项目中实际毛利率10%及以上的有几个？",
        "number",
        cnt(P, ["细分业态", "=", "学校"], ["实际毛利率", ">=", 0.10]),
    ),
    (
        "threshold_percent",
        "2026年2月收款金额超过50万元的项目有几个",
        "number",
        cnt(F, m("2026-02"), ["收款金额", ">", 500000]),
    ),
    ("threshold_percent", "实际毛利率大于0.16的项目数量", "number", cnt(P, ["实际毛利率", ">", 0.16])),
    # ---------------------------------------------------------------- share
    (
        "share",
        "花名册里女性占比多少？",
        "number",
        {"op": "ratio", "a": cnt(H, ["性别", "=", "女"]), "b": cnt(H)},
    ),
    (
        "share",
        "服务中的项目占全部项目的百分之几",
        "number",
        {"op": "ratio", "a": cnt(P, ["服务状态", "=", "服务中"]), "b": cnt(P)},
    ),
    (
        "share",
        "松江-南翔政务服务中心2026年2月收款金额占开票金额的比例",
        "number",
        {
            "op": "ratio",
            "a": tot(F, "收款金额", pj("XMSQ0238"), m("2026-02")),
            "b": tot(F, "开票金额", pj("XMSQ0238"), m("2026-02")),
        },
    ),
    (
        "share",
        "设备里完好的占几成？",
        "number",
        {"op": "ratio", "a": cnt(E, ["完好状况", "=", "完好"]), "b": cnt(E)},
    ),
    (
        "share",
        "耗材采购的笔数中清洁耗材占多少比例",
        "number",
        {
            "op": "ratio",
            "a": cnt(C, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            "b": cnt(C, ["记录类型", "=", "耗材采购"]),
        },
    ),
    (
        "share",
        "全部项目里属于浦东片区的占多大比例？",
        "number",
        {"op": "ratio", "a": cnt(P, reg("PQ07")), "b": cnt(P)},
    ),
    (
        "share",
        "党员在人员信息表里的人数比重是多少",
        "number",
        {"op": "ratio", "a": cnt(H, ["政治面貌", "=", "中共党员"]), "b": cnt(H)},
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "各片区分别有多少个项目", "groups", groups("项目片区关系", "片区编号", "count")),
    ("grouped", "按检查类型统计一下平均检查得分", "groups", groups(J, "检查类型", "avg:检查得分")),
    ("grouped", "每种设备类型各有几台？", "groups", groups(E, "设备类型", "count")),
    ("grouped", "按委托方式分，项目数各是多少", "groups", groups(P, "委托方式", "count")),
    ("grouped", "XMSQ0292每个月的考勤人数分别是多少", "groups", groups(K, "年月", "count", pj("XMSQ0292"))),
    (
        "grouped",
        "耗材采购按类别汇总金额",
        "groups",
        groups(C, "类别", "sum:金额", ["记录类型", "=", "耗材采购"]),
    ),
    ("grouped", "花名册人数按员工层级分组统计一下，谢谢", "groups", groups(H, "员工层级", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的合同金额是多少", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号KWL9912345是谁？", "no_such_entity", "KWL9912345"),
    ("not_in_data_entity", "浦东-世纪公园游客中心现在的服务状态", "no_such_entity", "浦东-世纪公园游客中心"),
    ("not_in_data_entity", "张三丰2026年2月上班天数多少", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "奉贤片区有几个项目？", "no_such_entity", "奉贤片区"),
    (
        "not_in_data_entity",
        "上海飞鹰电梯工程有限公司的采购金额一共多少",
        "no_such_entity",
        "上海飞鹰电梯工程有限公司",
    ),
    ("not_in_data_entity", "xmsq0450 2026年3月开票多少", "no_such_entity", "XMSQ0450"),
    ("not_in_data_month", "马陆文化活动中心上个月开票金额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "XMSQ0315 2025年11月考勤有几个人？", "outside_coverage", "2025-11"),
    ("not_in_data_month", "去年12月全部项目的收款合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月XMSQ0332月度快照的出勤人次", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年8月各项目开票总额是多少？", "outside_coverage", "2026-08"),
    ("not_in_data_month", "去年10月考勤记录有多少条", "outside_coverage", "2025-10"),
    ("not_in_data_month", "科创-夏阳图书馆2026年9月收款多少", "outside_coverage", "2026-09"),
    ("not_in_data_field", "XMSQ0292 有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "陆霞的微信号是多少", "no_such_field", "微信号"),
    ("not_in_data_field", "花名册里本科学历的有几个人", "no_such_field", "学历"),
    ("not_in_data_field", "长宁-长桥工业园区的绿化面积是多少平方米", "no_such_field", "绿化面积"),
    ("not_in_data_field", "XMSQ0249那台电梯的保修期到什么时候？", "no_such_field", "保修期"),
    ("not_in_data_field", "余俊杰的社保缴纳基数多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "XMSQ0310 2026年2月的用电量是多少度", "no_such_field", "用电量"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦啦！"),
    ("non_data", "帮我把XMSQ0292的合同金额改成3000万"),
    ("non_data", "请删除陆霞这条人员记录"),
    ("non_data", "你是谁？能做什么"),
    ("non_data", "早上好呀"),
    ("non_data", "把2026年2月的考勤表清空一下"),
]
