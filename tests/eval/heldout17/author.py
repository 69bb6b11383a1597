"""The seventeenth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-03-20, a Friday (gold.TODAY): 本月 2026-03,
上个月 2026-02, 上上个月 2026-01, 三个月前 2025-12 (not covered), 年初至今 2026-01…2026-03.
make_gold.py turns this file into questions.jsonl; the set is frozen once written.
"""

from __future__ import annotations

from typing import Any

PUR = ["记录类型", "in", ["耗材采购", "固定资产"]]
"""采购 = the 耗材采购 and 固定资产 rows of 采购与维保."""


def n(t: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def ls(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, agg: str, *where: list[Any], k: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": k, "order": order, "where": list(where)}


def having(
    t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], count: bool = False
) -> dict[str, Any]:
    return {
        "op": "having_count" if count else "having",
        "t": t,
        "by": by,
        "agg": agg,
        "cmp": cmp,
        "where": list(where),
    }


def grp(t: str, by: str, agg: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


KQ, PB, XM, RY, CW, SB = "考勤与人员财务", "排班月报", "项目信息", "人员信息", "项目月度财务", "设备信息"
CG, JC, ZS, TB, BZ, KZ = "采购与维保", "检查记录", "人员证书", "投标记录", "岗位编制", "月度快照"
PQ, GW = "片区信息", "岗位字典"

ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "花名册上总共登记了几个人", "number", n(RY)),
    ("count", "请问设备台账中电梯共有多少部？", "number", n(SB, ["设备类型", "=", "电梯"])),
    (
        "count",
        "持有保安员（三级）证书的员工有几位",
        "number",
        n(ZS, ["证书名称", "=", "保安员（三级）"], agg="nunique:工号"),
    ),
    ("count", "检查记录表里 消防安全检查 一共做过多少次", "number", n(JC, ["检查类型", "=", "消防安全检查"])),
    ("count", "采购与维保台账里登记的维保合同有几份?", "number", n(CG, ["记录类型", "=", "维保合同"])),
    ("count", "想问下，委托方式是全委的项目一共几个？谢谢", "number", n(XM, ["委托方式", "=", "全委"])),
    (
        "count",
        "岗位编制里设了保安_消控员这个岗位的项目有几个",
        "number",
        n(BZ, ["岗位", "=", "保安_消控员"], agg="nunique:项目编号"),
    ),
    ("count", "人员信息表里职级为S2的员工人数", "number", n(RY, ["职级", "=", "S2"])),
    # ---------------------------------------------------------------- list
    (
        "list",
        "完好状况登记为报废的设备，分别在哪几个项目？",
        "names",
        ls(SB, "项目编号", ["完好状况", "=", "报废"]),
    ),
    ("list", "投标结果是未中标的是哪些项目", "names", ls(TB, "项目编号", ["中标结果", "=", "未中标"])),
    (
        "list",
        "哪几位员工拿到了物业管理师证书，列一下工号",
        "names",
        ls(ZS, "工号", ["证书名称", "=", "物业管理师"]),
    ),
    (
        "list",
        "岗位字典中属于职能管理人员层级的岗位都有哪些",
        "names",
        ls(GW, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "服务状态还是未开始的项目列个清单给我",
        "names",
        ls(XM, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    (
        "list",
        "人员信息表中离职日期为2026-02-28的人有谁",
        "names",
        ls(RY, "工号", ["离职日期", "=", "2026-02-28"]),
    ),
    (
        "list",
        "花名册里2026年1月1日及以后入职的都是谁",
        "names",
        ls(RY, "工号", ["入职日期", ">=", "2026-01-01"]),
    ),
    (
        "list",
        "xmsq0331 的采购都是从哪些供应商买的",
        "names",
        ls(CG, "供应商名称", ["项目编号", "=", "XMSQ0331"], PUR),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "2026年2月所有项目的开票金额加起来是多少",
        "number",
        n(CW, ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    ("sum_avg", "项目信息表里合同金额的平均值", "number", n(XM, agg="avg:合同金额")),
    (
        "sum_avg",
        "固定资产类采购合计花了多少钱？",
        "number",
        n(CG, ["记录类型", "=", "固定资产"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "XMSQ0213 名下设备的原值总计",
        "number",
        n(SB, ["项目编号", "=", "XMSQ0213"], agg="sum:原值"),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分是多少分",
        "number",
        n(JC, ["检查类型", "=", "季度综合检查"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "麻烦统计下2026年1月考勤表里税后工资的总额",
        "number",
        n(KQ, ["年月", "=", "2026-01"], agg="sum:税后工资"),
    ),
    ("sum_avg", "投标记录里投标金额总计多少？？", "number", n(TB, agg="sum:投标金额")),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同金额最大的是哪个项目", "names", top(XM, "项目编号", "max:合同金额")),
    (
        "extreme_rank",
        "客户满意度分数最低的项目是哪一个？",
        "names",
        top(XM, "项目编号", "min:客户满意度", order="asc"),
    ),
    (
        "extreme_rank",
        "花名册中入职时间最早的是哪位员工",
        "names",
        top(RY, "工号", "min:入职日期", order="asc"),
    ),
    ("extreme_rank", "从哪家供应商采购的金额最多", "names", top(CG, "供应商名称", "sum:金额", PUR)),
    (
        "extreme_rank",
        "2026年3月份登记的考勤里，谁的税后工资最高",
        "names",
        top(KQ, "工号", "max:税后工资", ["年月", "=", "2026-03"]),
    ),
    ("extreme_rank", "投标金额最高的那次投标是哪个项目的", "names", top(TB, "项目编号", "max:投标金额")),
    (
        "extreme_rank",
        "年化合同额最小的项目是哪个",
        "names",
        top(XM, "项目编号", "min:年化合同额", order="asc"),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "合同面积最大的四个项目", "names", top(XM, "项目编号", "max:合同面积", k=4)),
    ("top_n", "年化合同收入最高的5个项目是哪些？", "names", top(XM, "项目编号", "max:年化合同收入", k=5)),
    ("top_n", "设备台数最多的两个项目是哪两个", "names", top(SB, "项目编号", "count", k=2)),
    ("top_n", "采购总金额排名前3的项目有哪些", "names", top(CG, "项目编号", "sum:金额", PUR, k=3)),
    ("top_n", "设备原值合计排名前3的项目", "names", top(SB, "项目编号", "sum:原值", k=3)),
    (
        "top_n",
        "2026年1月平时加班小时合计最多的3个项目",
        "names",
        top(KQ, "项目编号", "sum:平时加班小时", ["年月", "=", "2026-01"], k=3),
    ),
    (
        "top_n",
        "实际毛利率垫底的4个项目分别是",
        "names",
        top(XM, "项目编号", "min:实际毛利率", k=4, order="asc"),
    ),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "有没有处于带病运行状态的电梯",
        "bool",
        ex(SB, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"]),
    ),
    ("existence", "XMSQ0247有投标记录吗", "bool", ex(TB, ["项目编号", "=", "XMSQ0247"])),
    ("existence", "投标记录里有没有年份为2027年的", "bool", ex(TB, ["年份", "=", 2027])),
    ("existence", "是否有员工持有电梯安全管理员证？", "bool", ex(ZS, ["证书名称", "=", "电梯安全管理员"])),
    ("existence", "检查记录中有得分低于70分的吗", "bool", ex(JC, ["检查得分", "<", 70])),
    (
        "existence",
        "XMSQ0223在2026年3月有没有项目月度财务的记录",
        "bool",
        ex(CW, ["项目编号", "=", "XMSQ0223"], ["年月", "=", "2026-03"]),
    ),
    (
        "existence",
        "有没有证书的有效期至落在2026年4月1日到2026年6月30日之间？",
        "bool",
        ex(ZS, ["有效期至", ">=", "2026-04-01"], ["有效期至", "<=", "2026-06-30"]),
    ),
    ("existence", "请问有合同状况是已签约未进场的项目吗", "bool", ex(XM, ["合同状况", "=", "已签约未进场"])),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0233目前的服务状态是什么", "value", val(XM, "服务状态", ["项目编号", "=", "XMSQ0233"])),
    (
        "status",
        "徐汇-田林税务所的项目负责人是谁？",
        "value",
        val(XM, "项目负责人", ["项目名称", "=", "徐汇-田林税务所"]),
    ),
    (
        "status",
        "松江片区负责人叫什么名字",
        "value",
        val(RY, "姓名", ["工号", "in_q", ls(PQ, "片区负责人工号", ["片区名称", "=", "松江片区"])]),
    ),
    (
        "status",
        "XMSQ0244 的 AF-002 设备完好状况怎么样",
        "value",
        val(SB, "完好状况", ["项目编号", "=", "XMSQ0244"], ["设备编号", "=", "AF-002"]),
    ),
    ("status", "工号KWL1101215是什么岗位", "value", val(RY, "岗位名称", ["工号", "=", "KWL1101215"])),
    (
        "status",
        "维保合同WB0005的维保单位是哪家",
        "value",
        val(CG, "维保单位名称", ["记录编号", "=", "WB0005"]),
    ),
    (
        "status",
        "科创-泗泾商务中心2期 是什么委托方式",
        "value",
        val(XM, "委托方式", ["项目编号", "=", "XMSQ0308"]),
    ),
    ("status", "片区编号pq03是哪个片区", "value", val(PQ, "片区名称", ["片区编号", "=", "PQ03"])),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱们公司手上一共有多少个项目啊", "number", n(XM)),
    ("colloquial", "花名册上干保安_普保的有多少号人", "number", n(RY, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "上个月哪个项目回款最多呀",
        "names",
        top(CW, "项目编号", "sum:收款金额", ["年月", "=", "2026-02"]),
    ),
    ("colloquial", "供应商一共几家来着", "number", n(CG, ["记录类型", "=", "供应商"])),
    ("colloquial", "人员信息表里女同事有多少个", "number", n(RY, ["性别", "=", "女"])),
    (
        "colloquial",
        "电梯里头完好状况是停用的有几台哈",
        "number",
        n(SB, ["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]),
    ),
    (
        "colloquial",
        "花名册里党员有几个？政治面貌是中共党员的那种",
        "number",
        n(RY, ["政治面貌", "=", "中共党员"]),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上上个月所有项目开票总共多少",
        "number",
        n(CW, ["年月", "=", "2026-01"], agg="sum:开票金额"),
    ),
    (
        "time_reference",
        "今年的投标里中标的有几次",
        "number",
        n(TB, ["年份", "=", 2026], ["中标结果", "=", "中标"]),
    ),
    (
        "time_reference",
        "年初至今的采购金额（耗材加固定资产）合计多少",
        "number",
        n(CG, PUR, ["年月", "in", ["2026-01", "2026-02", "2026-03"]], agg="sum:金额"),
    ),
    ("time_reference", "这个月，也就是3月份登记的排班记录有几条", "number", n(PB, ["年月", "=", "2026-03"])),
    (
        "time_reference",
        "上上个月有考勤记录的项目有多少个",
        "number",
        n(KQ, ["年月", "=", "2026-01"], agg="nunique:项目编号"),
    ),
    (
        "time_reference",
        "2026年2月1日到2026年2月15日之间一共做了几次检查",
        "number",
        n(JC, ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-15"]),
    ),
    (
        "time_reference",
        "中标日期在2025年7月1日至2025年12月31日之间的投标有几个",
        "number",
        n(TB, ["中标日期", ">=", "2025-07-01"], ["中标日期", "<=", "2025-12-31"]),
    ),
    (
        "time_reference",
        "上个月的月度快照中，加班小时合计的总和是多少",
        "number",
        n(KZ, ["年月", "=", "2026-02"], agg="sum:加班小时合计"),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "现在完好状况为停用的设备一共有多少台", "number", n(SB, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "全委项目里合同状况目前是履约中的有几个",
        "number",
        n(XM, ["委托方式", "=", "全委"], ["合同状况", "=", "履约中"]),
    ),
    (
        "now_current",
        "KWL0808070 当前服务的是哪个项目",
        "value",
        val(RY, "当前服务项目编号", ["工号", "=", "KWL0808070"]),
    ),
    (
        "now_current",
        "今天是2026年3月20日，有效期至早于今天的证书有几张",
        "number",
        n(ZS, ["有效期至", "<", "2026-03-20"]),
    ),
    (
        "now_current",
        "今天3月20号（2026年），结束日期已经过了的维保合同有多少份",
        "number",
        n(CG, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-03-20"]),
    ),
    (
        "now_current",
        "徐汇区（市（区）字段）目前服务状态为服务中的项目有几个",
        "number",
        n(XM, ["服务状态", "=", "服务中"], ["市（区）", "=", "徐汇区"]),
    ),
    ("now_current", "采购单状态还停在已到货的有几笔", "number", n(CG, PUR, ["状态", "=", "已到货"])),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0247 2026年1月开票金额",
        "number",
        n(CW, ["项目编号", "=", "XMSQ0247"], ["年月", "=", "2026-01"], agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0301上个月考勤人数是多少",
        "number",
        n(KQ, ["项目编号", "=", "XMSQ0301"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "XMSQ0355 2月份收款金额多少？",
        "number",
        n(CW, ["项目编号", "=", "XMSQ0355"], ["年月", "=", "2026-02"], agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0228在3月份登记的出勤人次",
        "number",
        n(KZ, ["项目编号", "=", "XMSQ0228"], ["年月", "=", "2026-03"], agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "KWL0808070 上上个月的上班天数",
        "number",
        n(KQ, ["工号", "=", "KWL0808070"], ["年月", "=", "2026-01"], agg="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "嘉定-湖南人才公寓 4月份登记的开票金额是多少",
        "number",
        n(CW, ["项目编号", "=", "XMSQ0293"], ["年月", "=", "2026-04"], agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0275 在2026-02的加班小时合计（月度快照）",
        "number",
        n(KZ, ["项目编号", "=", "XMSQ0275"], ["年月", "=", "2026-02"], agg="sum:加班小时合计"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0247一月份的开票金额比二月份多多少",
        "number",
        two(
            "diff",
            n(CW, ["项目编号", "=", "XMSQ0247"], ["年月", "=", "2026-01"], agg="sum:开票金额"),
            n(CW, ["项目编号", "=", "XMSQ0247"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "全委和多项单委，哪种委托方式的项目更多",
        "names",
        top(XM, "委托方式", "count", ["委托方式", "in", ["全委", "多项单委"]]),
    ),
    (
        "compare",
        "花名册中男员工比女员工多几个人",
        "number",
        two("diff", n(RY, ["性别", "=", "男"]), n(RY, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "1月的考勤记录条数和3月份登记的考勤记录条数相差多少",
        "number",
        two("absdiff", n(KQ, ["年月", "=", "2026-01"]), n(KQ, ["年月", "=", "2026-03"])),
    ),
    (
        "compare",
        "市（区）为徐汇区的项目，合同金额总和是不是比闵行区的高？",
        "bool",
        two(
            "gt",
            n(XM, ["市（区）", "=", "徐汇区"], agg="sum:合同金额"),
            n(XM, ["市（区）", "=", "闵行区"], agg="sum:合同金额"),
        ),
    ),
    (
        "compare",
        "花名册上保安_普保和保洁员，哪个岗位的人多",
        "names",
        top(RY, "岗位名称", "count", ["岗位名称", "in", ["保安_普保", "保洁员"]]),
    ),
    (
        "compare",
        "耗材采购的总金额与固定资产的总金额差了多少",
        "number",
        two(
            "absdiff",
            n(CG, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            n(CG, ["记录类型", "=", "固定资产"], agg="sum:金额"),
        ),
    ),
    (
        "compare",
        "XMSQ0228 3月份登记的考勤人数比1月多几个",
        "number",
        two(
            "diff",
            n(KQ, ["项目编号", "=", "XMSQ0228"], ["年月", "=", "2026-03"]),
            n(KQ, ["项目编号", "=", "XMSQ0228"], ["年月", "=", "2026-01"]),
        ),
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备数量在15台及以上的项目有哪些",
        "names",
        having(SB, "项目编号", "count", [">=", 15]),
    ),
    (
        "group_having",
        "检查记录达到5条及以上的项目有几个？",
        "number",
        having(JC, "项目编号", "count", [">=", 5], count=True),
    ),
    ("group_having", "哪些员工持有2张及以上的证书", "names", having(ZS, "工号", "count", [">=", 2])),
    ("group_having", "采购笔数在6笔及以上的项目", "names", having(CG, "项目编号", "count", [">=", 6], PUR)),
    (
        "group_having",
        "负责项目超过15个的项目负责人有哪些（给工号）",
        "names",
        having(XM, "项目负责人工号", "count", [">", 15]),
    ),
    (
        "group_having",
        "2026年1月考勤人数在4人及以上的项目都有哪些",
        "names",
        having(KQ, "项目编号", "count", [">=", 4], ["年月", "=", "2026-01"]),
    ),
    (
        "group_having",
        "采购金额累计超过60万元的供应商有几家",
        "number",
        having(CG, "供应商名称", "sum:金额", [">", 600000], PUR, count=True),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "闵行片区下面挂了多少个项目", "number", n("项目片区关系", ["片区编号", "=", "PQ04"])),
    ("region_rollup", "按片区统计一下项目个数", "groups", grp(XM, "@片区编号", "count")),
    (
        "region_rollup",
        "长宁片区2026年2月的开票合计",
        "number",
        n(CW, reg("PQ08"), ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    ("region_rollup", "设备台账里，哪个片区名下的设备最多？", "names", top(SB, "@片区编号", "count")),
    (
        "region_rollup",
        "嘉定或浦东片区的项目加起来有几个",
        "number",
        {"op": "agg", "t": XM, "where": [], "any": [reg("PQ06"), reg("PQ07")], "agg": "count"},
    ),
    (
        "region_rollup",
        "科创片区里服务状态是服务中的项目数",
        "number",
        n(XM, reg("PQ03"), ["服务状态", "=", "服务中"]),
    ),
    ("region_rollup", "青浦片区项目的检查得分平均是多少", "number", n(JC, reg("PQ01"), agg="avg:检查得分")),
    # ---------------------------------------------------------------- negation
    ("negation", "委托方式不是全委的项目有多少", "number", n(XM, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "服务中的项目里，设备台账里一台设备都没登记的有几个",
        "number",
        n(XM, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", ls(SB, "项目编号")]),
    ),
    ("negation", "花名册中员工层级不属于一线员工的有几人", "number", n(RY, ["员工层级", "!=", "一线员工"])),
    ("negation", "检查记录里问题描述为空的有几条", "number", n(JC, ["问题描述", "null"])),
    ("negation", "除电梯以外的设备共有多少台", "number", n(SB, ["设备类型", "!=", "电梯"])),
    (
        "negation",
        "服务中的项目当中，从来没有检查记录的有多少个",
        "number",
        n(XM, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", ls(JC, "项目编号")]),
    ),
    (
        "negation",
        "人员信息表里没有任何证书的员工有几个",
        "number",
        n(RY, ["工号", "not_in_q", ls(ZS, "工号")]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "完好状况为停用或报废的设备合计多少台",
        "number",
        n(SB, ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "花名册里岗位是保洁员或者保洁_领班的一共多少人",
        "number",
        n(RY, ["岗位名称", "in", ["保洁员", "保洁_领班"]]),
    ),
    (
        "or_values",
        "细分业态为公寓或养老机构的项目有几个",
        "number",
        n(XM, ["细分业态", "in", ["公寓", "养老机构"]]),
    ),
    (
        "or_values",
        "消防安全检查和设备专项检查两类加起来做了多少次",
        "number",
        n(JC, ["检查类型", "in", ["消防安全检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "2月或3月登记的固定资产采购金额一共多少",
        "number",
        n(CG, ["记录类型", "=", "固定资产"], ["年月", "in", ["2026-02", "2026-03"]], agg="sum:金额"),
    ),
    (
        "or_values",
        "服务中的项目中，委托方式是全委或单一单委的有多少个",
        "number",
        n(XM, ["服务状态", "=", "服务中"], ["委托方式", "in", ["全委", "单一单委"]]),
    ),
    (
        "or_values",
        "政治面貌是中共党员或共青团员的员工（花名册）有几个",
        "number",
        n(RY, ["政治面貌", "in", ["中共党员", "共青团员"]]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率高于15%的项目有几个", "number", n(XM, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "客户满意度低于85分的项目数量", "number", n(XM, ["客户满意度", "<", 85])),
    ("threshold_percent", "检查得分不到82分的检查有多少次？", "number", n(JC, ["检查得分", "<", 82])),
    ("threshold_percent", "合同金额超过3000万的项目有几个", "number", n(XM, ["合同金额", ">", 30000000])),
    (
        "threshold_percent",
        "服务中的项目里 毛利率在10％及以上的有多少",
        "number",
        n(XM, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.1]),
    ),
    ("threshold_percent", "司龄10年及以上的员工在花名册里有几个", "number", n(RY, ["司龄", ">=", 10])),
    (
        "threshold_percent",
        "3月份登记的考勤中，平时加班小时超过12小时的记录有几条",
        "number",
        n(KQ, ["年月", "=", "2026-03"], ["平时加班小时", ">", 12]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "您好，全委项目在所有项目里占比是多少呀",
        "number",
        two("ratio", n(XM, ["委托方式", "=", "全委"]), n(XM)),
    ),
    (
        "share",
        "带病运行的设备占设备总数的几成",
        "number",
        two("ratio", n(SB, ["完好状况", "=", "带病运行"]), n(SB)),
    ),
    ("share", "花名册里女性员工占比多少", "number", two("ratio", n(RY, ["性别", "=", "女"]), n(RY))),
    (
        "share",
        "检查记录中有问题描述的占百分之多少",
        "number",
        two("ratio", n(JC, ["问题描述", "notnull"]), n(JC)),
    ),
    (
        "share",
        "2026年2月的收款金额合计占开票金额合计的比例",
        "number",
        two(
            "ratio",
            n(CW, ["年月", "=", "2026-02"], agg="sum:收款金额"),
            n(CW, ["年月", "=", "2026-02"], agg="sum:开票金额"),
        ),
    ),
    (
        "share",
        "投标记录里中标的占了百分之几？",
        "number",
        two("ratio", n(TB, ["中标结果", "=", "中标"]), n(TB)),
    ),
    (
        "share",
        "耗材采购金额占采购总金额的比重",
        "number",
        two("ratio", n(CG, ["记录类型", "=", "耗材采购"], agg="sum:金额"), n(CG, PUR, agg="sum:金额")),
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "各设备类型分别有多少台", "groups", grp(SB, "设备类型", "count")),
    ("grouped", "不同检查类型的平均得分各是多少，分别列一下", "groups", grp(JC, "检查类型", "avg:检查得分")),
    ("grouped", "项目月度财务里每个月的开票金额合计分别是多少", "groups", grp(CW, "年月", "sum:开票金额")),
    ("grouped", "各个市（区）的项目数量", "groups", grp(XM, "市（区）", "count")),
    ("grouped", "按委托方式汇总合同金额", "groups", grp(XM, "委托方式", "sum:合同金额")),
    ("grouped", "人员证书按证书类别分一下，每类几张", "groups", grp(ZS, "证书类别", "count")),
    ("grouped", "花名册按岗位名称分别统计人数", "groups", grp(RY, "岗位名称", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999的合同金额是多少", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "金山片区有几个项目", "no_such_entity", "金山片区"),
    ("not_in_data_entity", "苏州华东电梯有限公司给我们供过几次货", "no_such_entity", "苏州华东电梯有限公司"),
    ("not_in_data_entity", "工号KWL9900001的员工是什么岗位", "no_such_entity", "KWL9900001"),
    ("not_in_data_entity", "宝山片区的负责人是谁", "no_such_entity", "宝山片区"),
    ("not_in_data_entity", "奉贤-海湾养老院 的服务状态", "no_such_entity", "奉贤-海湾养老院"),
    ("not_in_data_entity", "岗位编制里电梯司机这个岗位编了几个人", "no_such_entity", "电梯司机"),
    ("not_in_data_month", "三个月前所有项目的开票金额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年12月的考勤记录有几条", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月的排班表登记了多少条", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月的收款总额", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月月度快照的出勤人次合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "XMSQ0301三个月前的考勤人数", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年10月税后工资总额是多少", "outside_coverage", "2025-10"),
    ("not_in_data_field", "花名册里员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0233有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "人员信息里已婚的员工有多少", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "XMSQ0213的设备保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "供应商的统一社会信用代码能查一下吗", "no_such_field", "统一社会信用代码"),
    ("not_in_data_field", "每次检查花了多长时间，平均检查时长是多少", "no_such_field", "检查时长"),
    ("not_in_data_field", "员工的社保缴纳基数平均多少", "no_such_field", "社保基数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "早上好呀"),
    ("non_data", "辛苦了，谢谢你的帮忙！"),
    ("non_data", "帮我把XMSQ0233的服务状态改成已结束"),
    ("non_data", "把人员信息表里2月底离职的那几个人删掉吧"),
    ("non_data", "hi～在吗"),
    ("non_data", "好的多谢，没别的问题了"),
    ("non_data", "麻烦把XMSQ0247 1月份的开票金额更新成40万"),
]
