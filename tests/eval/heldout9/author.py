"""The ninth held-out set as written: the questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). Today is 2026-04-30, the last day of the coverage 2026-01…2026-04:
本月 2026-04, 上个月 2026-03, 上上个月 2026-02, 今年 2026, 今年一季度 2026-01…03; 下个月 (2026-05),
去年12月 and every month outside 2026-01…2026-04 are not covered.
make_gold.py turns these lists into questions.jsonl (gold values computed now, with pandas).
"""

from __future__ import annotations

from typing import Any

P, H, R, RP, F, A, S = (
    "项目信息",
    "人员信息",
    "片区信息",
    "项目片区关系",
    "项目月度财务",
    "考勤与人员财务",
    "排班月报",
)
B, G, E, M, INS, C, K, D = (
    "投标记录",
    "岗位编制",
    "设备信息",
    "采购与维保",
    "检查记录",
    "人员证书",
    "月度快照",
    "岗位字典",
)
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def spec(op: str, t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"op": op, "t": t}
    if where:
        out["where"] = list(where)
    out.update(kw)
    return out


def count(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    return spec("agg", t, *where, agg="count", **kw)


def total(t: str, field: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    return spec("agg", t, *where, agg=f"sum:{field}", **kw)


def month(m: str) -> list[Any]:
    return ["年月", "=", m]


def proj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def region(r: str) -> list[Any]:
    return ["项目编号", "region", r]


def has(code_: str) -> list[Any]:
    return ["_", "has_code", code_]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------------ count
    ("count", "人事这边问下：花名册上保洁员一共多少人？", "number", count(H, ["岗位名称", "=", "保洁员"])),
    ("count", "设备台账里电梯类的设备有几台", "number", count(E, ["设备类型", "=", "电梯"])),
    (
        "count",
        "请问投标记录里，中标结果为未中标的有多少条？",
        "number",
        count(B, ["中标结果", "=", "未中标"]),
    ),
    (
        "count",
        "人员证书表中 消防设施操作员（初级） 证书共几本",
        "number",
        count(C, ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    (
        "count",
        "消防安全检查一共做过多少次？看检查记录",
        "number",
        count(INS, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "维保合同总共签了几份", "number", count(M, ["记录类型", "=", "维保合同"])),
    (
        "count",
        "岗位字典里员工层级属于一线员工的岗位有几个？",
        "number",
        count(D, ["员工层级", "=", "一线员工"]),
    ),
    # ------------------------------------------------------------------ list
    (
        "list",
        "哪些项目的服务状态还是未开始？",
        "names",
        spec("list", P, ["服务状态", "=", "未开始"], key="项目编号"),
    ),
    (
        "list",
        "列一下花名册里岗位是保安_消控员的人",
        "names",
        spec("list", H, ["岗位名称", "=", "保安_消控员"], key="工号"),
    ),
    (
        "list",
        "采购这边想知道，供应商名录中类别为电梯维保的都有哪几家",
        "names",
        spec("list", M, ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"], key="供应商名称"),
    ),
    (
        "list",
        "2026年4月考勤里有旷工记录的是哪些人",
        "names",
        spec("list", A, month("2026-04"), has("旷"), key="工号"),
    ),
    (
        "list",
        "xmsq0246 2026年3月考勤表上都有谁",
        "names",
        spec("list", A, proj("XMSQ0246"), month("2026-03"), key="工号"),
    ),
    (
        "list",
        "人员证书表里，谁持有高压电工作业证书？",
        "names",
        spec("list", C, ["证书名称", "=", "高压电工作业"], key="工号"),
    ),
    (
        "list",
        "长宁区细分业态为养老机构的项目有哪些",
        "names",
        spec("list", P, ["市（区）", "=", "长宁区"], ["细分业态", "=", "养老机构"], key="项目编号"),
    ),
    # ------------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "财务问：2026年3月全部项目开票金额合计多少元",
        "number",
        total(F, "开票金额", month("2026-03")),
    ),
    ("sum_avg", "XMSQ0335 在2026年1月到3月的收款总额", "number", total(F, "收款金额", proj("XMSQ0335"), Q1)),
    (
        "sum_avg",
        "花名册里保洁员的平均司龄是几年？",
        "number",
        spec("agg", H, ["岗位名称", "=", "保洁员"], agg="avg:司龄"),
    ),
    (
        "sum_avg",
        "客户满意度回访这类检查的平均检查得分是多少分",
        "number",
        spec("agg", INS, ["检查类型", "=", "客户满意度回访"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "固定资产那几条采购，金额加起来一共多少？",
        "number",
        total(M, "金额", ["记录类型", "=", "固定资产"]),
    ),
    ("sum_avg", "岗位编制表里各项目的预算编制加起来一共多少人", "number", total(G, "预算编制")),
    ("sum_avg", "电梯类设备原值合计多少元？", "number", total(E, "原值", ["设备类型", "=", "电梯"])),
    # ------------------------------------------------------------------ extreme_rank
    (
        "extreme_rank",
        "哪个项目的合同面积最大",
        "names",
        spec("top", P, by="项目编号", agg="max:合同面积", n=1),
    ),
    (
        "extreme_rank",
        "哪个片区关联的项目最少？",
        "names",
        spec("top", RP, by="片区编号", agg="count", order="asc", n=1),
    ),
    (
        "extreme_rank",
        "2026年4月考勤表里税后工资最高的是谁",
        "names",
        spec("top", A, month("2026-04"), by="工号", agg="max:税后工资", n=1),
    ),
    (
        "extreme_rank",
        "检查得分最低的那次检查是哪个项目的",
        "names",
        spec("top", INS, by="项目编号", agg="min:检查得分", order="asc", n=1),
    ),
    (
        "extreme_rank",
        "投标金额最高的一次是哪个项目投的？",
        "names",
        spec("top", B, by="项目编号", agg="max:投标金额", n=1),
    ),
    (
        "extreme_rank",
        "客户满意度最高的是哪个项目？谢谢",
        "names",
        spec("top", P, by="项目编号", agg="max:客户满意度", n=1),
    ),
    ("extreme_rank", "设备台账里原值最高的那台设备原值是多少元", "number", spec("agg", E, agg="max:原值")),
    # ------------------------------------------------------------------ top_n
    (
        "top_n",
        "麻烦排一下：2026年3月开票金额前三名的项目",
        "names",
        spec("top", F, month("2026-03"), by="项目编号", agg="sum:开票金额", n=3),
    ),
    ("top_n", "设备数量最多的4个项目是哪些？", "names", spec("top", E, by="项目编号", agg="count", n=4)),
    (
        "top_n",
        "采购金额最高的前3家供应商（耗材采购和固定资产）",
        "names",
        spec("top", M, BUY, by="供应商名称", agg="sum:金额", n=3),
    ),
    (
        "top_n",
        "2026年1月税后工资前五名是谁？",
        "names",
        spec("top", A, month("2026-01"), by="工号", agg="max:税后工资", n=5),
    ),
    (
        "top_n",
        "检查记录里被检查次数最多的两个项目",
        "names",
        spec("top", INS, by="项目编号", agg="count", n=2),
    ),
    (
        "top_n",
        "合同金额前5名的项目，帮我列出来",
        "names",
        spec("top", P, by="项目编号", agg="max:合同金额", n=5),
    ),
    (
        "top_n",
        "2026年4月开票金额最少的三个项目是哪几个",
        "names",
        spec("top", F, month("2026-04"), by="项目编号", agg="sum:开票金额", order="asc", n=3),
    ),
    # ------------------------------------------------------------------ existence
    ("existence", "花名册里有没有一个叫卢霞的员工？", "bool", spec("exists", H, ["姓名", "=", "卢霞"])),
    (
        "existence",
        "XMSQ0240 2026年4月有考勤记录吗？",
        "bool",
        spec("exists", A, proj("XMSQ0240"), month("2026-04")),
    ),
    (
        "existence",
        "电梯类设备里有没有完好状况是报废的",
        "bool",
        spec("exists", E, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    (
        "existence",
        "2026年的投标里有没有未中标的",
        "bool",
        spec("exists", B, ["年份", "=", 2026], ["中标结果", "=", "未中标"]),
    ),
    (
        "existence",
        "徐汇区有养老机构这类项目吗",
        "bool",
        spec("exists", P, ["市（区）", "=", "徐汇区"], ["细分业态", "=", "养老机构"]),
    ),
    (
        "existence",
        "松江片区下面有没有服务状态是未开始的项目？",
        "bool",
        spec("exists", P, region("PQ05"), ["服务状态", "=", "未开始"]),
    ),
    (
        "existence",
        "证书表里是否有人持有制冷与空调设备运行操作证书",
        "bool",
        spec("exists", C, ["证书名称", "=", "制冷与空调设备运行操作"]),
    ),
    # ------------------------------------------------------------------ status
    ("status", "xmsq0213 服务状态？", "value", spec("value", P, proj("XMSQ0213"), field="服务状态")),
    (
        "status",
        "青浦-金桥公园 的项目负责人是谁？",
        "value",
        spec("value", P, proj("XMSQ0296"), field="项目负责人"),
    ),
    (
        "status",
        "工号KWL1705005 的岗位名称是什么",
        "value",
        spec("value", H, ["工号", "=", "KWL1705005"], field="岗位名称"),
    ),
    (
        "status",
        "XMSQ0257 项目里设备编号 TF-001 的完好状况",
        "value",
        spec("value", E, proj("XMSQ0257"), ["设备编号", "=", "TF-001"], field="完好状况"),
    ),
    (
        "status",
        "维保合同WB0003的结束日期是哪天？",
        "value",
        spec("value", M, ["记录编号", "=", "WB0003"], field="结束日期"),
    ),
    (
        "status",
        "科创片区的片区负责人工号是多少？",
        "value",
        spec("value", R, ["片区名称", "=", "科创片区"], field="片区负责人工号"),
    ),
    (
        "status",
        "任立新那本消防设施操作员（初级）证书有效期至哪天",
        "value",
        spec(
            "value", C, ["姓名", "=", "任立新"], ["证书名称", "=", "消防设施操作员（初级）"], field="有效期至"
        ),
    ),
    # ------------------------------------------------------------------ colloquial
    ("colloquial", "项目台账里总共登记了几个项目呀", "number", count(P)),
    ("colloquial", "花名册上保安普保有几个人来着", "number", count(H, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "老板问2026年4月一共开了多少票，帮我算下金额",
        "number",
        total(F, "开票金额", month("2026-04")),
    ),
    ("colloquial", "完好状况是带病运行的设备有几台哈", "number", count(E, ["完好状况", "=", "带病运行"])),
    ("colloquial", "项目负责人是卢浩然的项目有几个啊？", "number", count(P, ["项目负责人", "=", "卢浩然"])),
    (
        "colloquial",
        "4月份排班表上排过夜班的一共多少人呀",
        "number",
        spec("agg", S, month("2026-04"), has("夜"), agg="nunique:工号"),
    ),
    (
        "colloquial",
        "供应商名录里类别是清洁耗材的有几家哈",
        "number",
        count(M, ["记录类型", "=", "供应商"], ["类别", "=", "清洁耗材"]),
    ),
    # ------------------------------------------------------------------ time_reference
    ("time_reference", "上个月所有项目开票总额是多少", "number", total(F, "开票金额", month("2026-03"))),
    ("time_reference", "本月考勤表上一共几个人", "number", count(A, month("2026-04"))),
    (
        "time_reference",
        "上上个月 XMSQ0246 开了多少钱的票",
        "number",
        total(F, "开票金额", proj("XMSQ0246"), month("2026-02")),
    ),
    ("time_reference", "今年一季度全公司收款合计", "number", total(F, "收款金额", Q1)),
    ("time_reference", "今年（年份2026）的投标记录有几条？", "number", count(B, ["年份", "=", 2026])),
    (
        "time_reference",
        "这个月检查记录里检查日期在本月的有多少次",
        "number",
        count(INS, ["检查日期", ">=", "2026-04-01"], ["检查日期", "<=", "2026-04-30"]),
    ),
    (
        "time_reference",
        "花名册里入职日期在上个月的有几个人？",
        "number",
        count(H, ["入职日期", ">=", "2026-03-01"], ["入职日期", "<=", "2026-03-31"]),
    ),
    # ------------------------------------------------------------------ now_current
    ("now_current", "现在服务状态还是服务中的项目有多少个", "number", count(P, ["服务状态", "=", "服务中"])),
    ("now_current", "目前完好状况为停用的设备一共几台", "number", count(E, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "截至今天（2026-04-30），有效期至早于今天、已经过期的证书有几本？",
        "number",
        count(C, ["有效期至", "<", "2026-04-30"]),
    ),
    (
        "now_current",
        "结束日期在今天之后、还没到期的维保合同有几份",
        "number",
        count(M, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-30"]),
    ),
    (
        "now_current",
        "KWL1705005 当前服务的项目编号是哪个",
        "value",
        spec("value", H, ["工号", "=", "KWL1705005"], field="当前服务项目编号"),
    ),
    (
        "now_current",
        "当前合同状况为履约中的项目，合同面积加起来多少平方米",
        "number",
        total(P, "合同面积", ["合同状况", "=", "履约中"]),
    ),
    ("now_current", "眼下服务状态为已结束的项目有几个？", "number", count(P, ["服务状态", "=", "已结束"])),
    # ------------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0269 2026年3月的开票金额",
        "number",
        total(F, "开票金额", proj("XMSQ0269"), month("2026-03")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0246 2026年2月的出勤人次是多少",
        "number",
        total(K, "出勤人次", proj("XMSQ0246"), month("2026-02")),
    ),
    (
        "monthly_fact",
        "XMSQ0316在2026-04的在岗人数（月度快照）",
        "number",
        total(K, "在岗人数", proj("XMSQ0316"), month("2026-04")),
    ),
    (
        "monthly_fact",
        "孟建平2026年4月考勤上班天数是几天",
        "number",
        total(A, "上班天数", ["姓名", "=", "孟建平"], month("2026-04")),
    ),
    (
        "monthly_fact",
        "kwl1406203 2026年4月的税后工资多少元",
        "number",
        total(A, "税后工资", ["工号", "=", "KWL1406203"], month("2026-04")),
    ),
    ("monthly_fact", "2026年1月 XMSQ0280 考勤人数", "number", count(A, proj("XMSQ0280"), month("2026-01"))),
    (
        "monthly_fact",
        "请问XMSQ0298项目2026年4月收款金额是多少？",
        "number",
        total(F, "收款金额", proj("XMSQ0298"), month("2026-04")),
    ),
    # ------------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0269 2026年3月开票金额比4月多多少",
        "number",
        spec(
            "diff",
            F,
            a=total(F, "开票金额", proj("XMSQ0269"), month("2026-03")),
            b=total(F, "开票金额", proj("XMSQ0269"), month("2026-04")),
        ),
    ),
    (
        "compare",
        "2026年3月 XMSQ0269 和 XMSQ0306 哪个项目开票更多？",
        "names",
        spec(
            "top",
            F,
            month("2026-03"),
            ["项目编号", "in", ["XMSQ0269", "XMSQ0306"]],
            by="项目编号",
            agg="sum:开票金额",
            n=1,
        ),
    ),
    (
        "compare",
        "花名册上保洁员人数比保安_普保多吗",
        "bool",
        spec("gt", H, a=count(H, ["岗位名称", "=", "保洁员"]), b=count(H, ["岗位名称", "=", "保安_普保"])),
    ),
    (
        "compare",
        "浦东新区和徐汇区的项目数相差多少个",
        "number",
        spec(
            "absdiff", P, a=count(P, ["市（区）", "=", "浦东新区"]), b=count(P, ["市（区）", "=", "徐汇区"])
        ),
    ),
    (
        "compare",
        "2026年1月考勤人数是不是高于2月？",
        "bool",
        spec("gt", A, a=count(A, month("2026-01")), b=count(A, month("2026-02"))),
    ),
    (
        "compare",
        "XMSQ0246 2026年4月的开票金额高于3月吗",
        "bool",
        spec(
            "gt",
            F,
            a=total(F, "开票金额", proj("XMSQ0246"), month("2026-04")),
            b=total(F, "开票金额", proj("XMSQ0246"), month("2026-03")),
        ),
    ),
    (
        "compare",
        "设备类型里暖通空调和安防哪个多？差几台",
        "number",
        spec("absdiff", E, a=count(E, ["设备类型", "=", "暖通空调"]), b=count(E, ["设备类型", "=", "安防"])),
    ),
    # ------------------------------------------------------------------ group_having
    (
        "group_having",
        "设备台账上设备有15台及以上的项目有哪些",
        "names",
        spec("having", E, by="项目编号", agg="count", cmp=[">=", 15]),
    ),
    (
        "group_having",
        "采购记录（耗材采购+固定资产）有25条及以上的供应商是哪些",
        "names",
        spec("having", M, BUY, by="供应商名称", agg="count", cmp=[">=", 25]),
    ),
    (
        "group_having",
        "按岗位名称数，花名册里人数达到20人及以上的岗位有哪些？",
        "names",
        spec("having", H, by="岗位名称", agg="count", cmp=[">=", 20]),
    ),
    (
        "group_having",
        "2026年4月考勤人数3人及以上的项目有几个",
        "number",
        spec("having_count", A, month("2026-04"), by="项目编号", agg="count", cmp=[">=", 3]),
    ),
    (
        "group_having",
        "检查记录中被检查过6次及以上的项目是哪几个",
        "names",
        spec("having", INS, by="项目编号", agg="count", cmp=[">=", 6]),
    ),
    (
        "group_having",
        "项目信息里负责项目数在16个及以上的项目负责人都有谁",
        "names",
        spec("having", P, by="项目负责人工号", agg="count", cmp=[">=", 16]),
    ),
    (
        "group_having",
        "2026年3月开票金额合计达到80万元及以上的项目有几个？",
        "number",
        spec("having_count", F, month("2026-03"), by="项目编号", agg="sum:开票金额", cmp=[">=", 800000]),
    ),
    # ------------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "您好，浦东片区2026年4月开票金额合计多少元",
        "number",
        total(F, "开票金额", region("PQ07"), month("2026-04")),
    ),
    ("region_rollup", "嘉定片区3月份考勤人数是多少", "number", count(A, region("PQ06"), month("2026-03"))),
    ("region_rollup", "松江片区一共关联了多少个项目？", "number", count(RP, ["片区编号", "=", "PQ05"])),
    ("region_rollup", "闵行片区所有项目的设备总共几台", "number", count(E, region("PQ04"))),
    (
        "region_rollup",
        "长宁片区2026年1月收款总额是多少",
        "number",
        total(F, "收款金额", region("PQ08"), month("2026-01")),
    ),
    ("region_rollup", "青浦片区今年一季度开票金额合计", "number", total(F, "开票金额", region("PQ01"), Q1)),
    (
        "region_rollup",
        "徐汇片区2026年4月考勤上平时加班小时一共多少",
        "number",
        total(A, "平时加班小时", region("PQ02"), month("2026-04")),
    ),
    # ------------------------------------------------------------------ negation
    ("negation", "有多少个项目的委托方式不是全委？", "number", count(P, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个？",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", spec("list", E, key="项目编号")]),
    ),
    (
        "negation",
        "花名册上除了一线员工，其他层级的还有多少人",
        "number",
        count(H, ["员工层级", "!=", "一线员工"]),
    ),
    (
        "negation",
        "服务中但2026年4月没有开票记录的项目有几个",
        "number",
        count(
            P,
            ["服务状态", "=", "服务中"],
            ["项目编号", "not_in_q", spec("list", F, month("2026-04"), key="项目编号")],
        ),
    ),
    (
        "negation",
        "别算服务状态已结束的项目，剩下项目的合同金额一共多少",
        "number",
        total(P, "合同金额", ["服务状态", "!=", "已结束"]),
    ),
    ("negation", "完好状况不是完好的设备有几台？", "number", count(E, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "花名册上的项目经理里，人员证书表中一本证书都没有的有几位",
        "number",
        count(H, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", spec("list", C, key="工号")]),
    ),
    # ------------------------------------------------------------------ or_values
    (
        "or_values",
        "完好状况为停用或者报废的设备一共几台",
        "number",
        count(E, ["完好状况", "in", ["停用", "报废"]]),
    ),
    (
        "or_values",
        "浦东新区或闵行区的项目有多少个？",
        "number",
        count(P, ["市（区）", "in", ["浦东新区", "闵行区"]]),
    ),
    (
        "or_values",
        "2026年4月考勤里有病假或事假记录的有几个人",
        "number",
        spec("agg", A, month("2026-04"), agg="nunique:工号", any=[has("病"), has("事")]),
    ),
    (
        "or_values",
        "证书名称是中级经济师或物业管理师的，合计几本",
        "number",
        count(C, ["证书名称", "in", ["中级经济师", "物业管理师"]]),
    ),
    (
        "or_values",
        "耗材采购里类别为清洁耗材或劳保耗材的金额合计",
        "number",
        total(M, "金额", ["记录类型", "=", "耗材采购"], ["类别", "in", ["清洁耗材", "劳保耗材"]]),
    ),
    (
        "or_values",
        "检查类型是季度综合检查或月度品质检查的，总共多少次",
        "number",
        count(INS, ["检查类型", "in", ["季度综合检查", "月度品质检查"]]),
    ),
    (
        "or_values",
        "花名册上岗位是绿化工或客服专员的有几人",
        "number",
        count(H, ["岗位名称", "in", ["绿化工", "客服专员"]]),
    ),
    # ------------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", count(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率低于5％的有多少个？",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度高过95分的项目，有多少个", "number", count(P, ["客户满意度", ">", 95])),
    ("threshold_percent", "有几次检查的检查得分低于81分？", "number", count(INS, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "实际毛利率大于0.175的项目有哪些",
        "names",
        spec("list", P, ["实际毛利率", ">", 0.175], key="项目编号"),
    ),
    (
        "threshold_percent",
        "全委项目中实际毛利率在10%及以上的有几个",
        "number",
        count(P, ["委托方式", "=", "全委"], ["实际毛利率", ">=", 0.10]),
    ),
    (
        "threshold_percent",
        "2026年4月税后工资超过6000元的考勤记录有几条",
        "number",
        count(A, month("2026-04"), ["税后工资", ">", 6000]),
    ),
    # ------------------------------------------------------------------ share
    (
        "share",
        "服务状态为服务中的项目占全部项目的比例是多少",
        "number",
        spec("ratio", P, a=count(P, ["服务状态", "=", "服务中"]), b=count(P)),
    ),
    (
        "share",
        "花名册里女员工占百分之几？",
        "number",
        spec("ratio", H, a=count(H, ["性别", "=", "女"]), b=count(H)),
    ),
    (
        "share",
        "带病运行的设备占设备总数的几成",
        "number",
        spec("ratio", E, a=count(E, ["完好状况", "=", "带病运行"]), b=count(E)),
    ),
    (
        "share",
        "XMSQ0246 的4月开票金额占全公司4月开票的比重",
        "number",
        spec(
            "ratio",
            F,
            a=total(F, "开票金额", proj("XMSQ0246"), month("2026-04")),
            b=total(F, "开票金额", month("2026-04")),
        ),
    ),
    (
        "share",
        "市场部想看下：投标记录里未中标的占百分之多少",
        "number",
        spec("ratio", B, a=count(B, ["中标结果", "=", "未中标"]), b=count(B)),
    ),
    (
        "share",
        "耗材采购金额占采购总金额（耗材采购+固定资产）的比例",
        "number",
        spec("ratio", M, a=total(M, "金额", ["记录类型", "=", "耗材采购"]), b=total(M, "金额", BUY)),
    ),
    (
        "share",
        "花名册里政治面貌为中共党员的占多大比例？",
        "number",
        spec("ratio", H, a=count(H, ["政治面貌", "=", "中共党员"]), b=count(H)),
    ),
    # ------------------------------------------------------------------ grouped
    (
        "grouped",
        "2026年4月，各个片区考勤上分别有多少人？",
        "groups",
        spec("groups", A, month("2026-04"), by="@片区编号", agg="count"),
    ),
    ("grouped", "按设备类型统计一下设备台数", "groups", spec("groups", E, by="设备类型", agg="count")),
    (
        "grouped",
        "项目月度财务里每个月的开票总额各是多少",
        "groups",
        spec("groups", F, by="年月", agg="sum:开票金额"),
    ),
    (
        "grouped",
        "不同检查类型的平均检查得分",
        "groups",
        spec("groups", INS, by="检查类型", agg="avg:检查得分"),
    ),
    ("grouped", "项目按委托方式分组，各有几个？", "groups", spec("groups", P, by="委托方式", agg="count")),
    ("grouped", "花名册里各岗位分别多少人", "groups", spec("groups", H, by="岗位名称", agg="count")),
    (
        "grouped",
        "按汇总业态分一下，每类各有多少个项目",
        "groups",
        spec("groups", P, by="汇总业态", agg="count"),
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ0417的服务状态是什么", "no_such_entity", "XMSQ0417"),
    ("not_in_data_entity", "帮我查下员工欧阳振宇的岗位", "no_such_entity", "欧阳振宇"),
    ("not_in_data_entity", "工号kwl2605123是谁？", "no_such_entity", "KWL2605123"),
    ("not_in_data_entity", "宝山片区有多少个项目", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "上海顺达清洁用品有限公司供了多少货",
        "no_such_entity",
        "上海顺达清洁用品有限公司",
    ),
    ("not_in_data_entity", "维保合同WB0450什么时候到期", "no_such_entity", "WB0450"),
    ("not_in_data_entity", "奉贤-海湾人民医院 2026年3月开票多少", "no_such_entity", "奉贤-海湾人民医院"),
    # ------------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "下个月全公司开票总额是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月考勤表上有多少人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月 XMSQ0246 收款多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "请问2026年6月的月度快照里XMSQ0316在岗几人？", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年9月平时加班小时合计", "outside_coverage", "2025-09"),
    ("not_in_data_month", "孟建平2026年8月的税后工资", "outside_coverage", "2026-08"),
    ("not_in_data_month", "浦东片区2025年6月开票金额", "outside_coverage", "2025-06"),
    # ------------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "花名册里本科学历的员工有多少", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0246 有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "2026年3月各项目的水电费合计", "no_such_field", "水电费"),
    ("not_in_data_field", "孟建平的绩效评分是多少？", "no_such_field", "绩效评分"),
    ("not_in_data_field", "已婚员工有几个（婚姻状况）", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "XMSQ0257 的设备 TF-001 保修期到哪天", "no_such_field", "保修期"),
    ("not_in_data_field", "青浦-金桥公园 一共有几层楼", "no_such_field", "楼层数"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "好的，谢谢！"),
    ("non_data", "帮我把 XMSQ0246 四月的开票金额改成50万"),
    ("non_data", "删掉工号KWL1705005这个人"),
    ("non_data", "早上好，辛苦啦"),
    ("non_data", "请把上个月的考勤表全部清空"),
    ("non_data", "你能做什么？"),
]
