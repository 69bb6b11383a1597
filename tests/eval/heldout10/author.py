"""The tenth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). Today is 2026-03-31; the ledgers' months are 2026-01…2026-04.
ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question). make_gold.py computes the gold values from the ledgers.
"""

from __future__ import annotations

from typing import Any

PJ = "项目信息"
RY = "人员信息"
PQ = "片区信息"
GX = "项目片区关系"
CW = "项目月度财务"
KQ = "考勤与人员财务"
PB = "排班月报"
TB = "投标记录"
BZ = "岗位编制"
SB = "设备信息"
CG = "采购与维保"
JC = "检查记录"
ZS = "人员证书"
KZ = "月度快照"
GW = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]


def s(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    """A spec over ledger t: op agg (count) unless told."""
    spec: dict[str, Any] = {"op": kw.pop("op", "agg"), "t": t}
    if where:
        spec["where"] = list(where)
    spec.update(kw)
    return spec


def m(code: str, month: str) -> list[list[str]]:
    return [["项目编号", "=", code], ["年月", "=", month]]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------------ count
    ("count", "花名册上岗位是保洁员的一共几个人？", "number", s(RY, ["岗位名称", "=", "保洁员"])),
    ("count", "浦东新区的项目有多少个", "number", s(PJ, ["市（区）", "=", "浦东新区"])),
    ("count", "设备台账里电梯类的设备总共多少台?", "number", s(SB, ["设备类型", "=", "电梯"])),
    ("count", "检查记录中，消防安全检查一共做过几次", "number", s(JC, ["检查类型", "=", "消防安全检查"])),
    ("count", "投标记录里未中标的有多少条？", "number", s(TB, ["中标结果", "=", "未中标"])),
    (
        "count",
        "人事问下：人员证书表里拿到保洁员（五级）证书的有几人",
        "number",
        s(ZS, ["证书名称", "=", "保洁员（五级）"], agg="nunique:工号"),
    ),
    ("count", "岗位字典中员工层级为一线员工的岗位数量是多少", "number", s(GW, ["员工层级", "=", "一线员工"])),
    # ------------------------------------------------------------------ list
    (
        "list",
        "孔静负责的项目都有哪些？列一下",
        "names",
        s(PJ, ["项目负责人", "=", "孔静"], op="list", key="项目编号"),
    ),
    (
        "list",
        "哪些人持有高压电工作业证书",
        "names",
        s(ZS, ["证书名称", "=", "高压电工作业"], op="list", key="工号"),
    ),
    (
        "list",
        "人员信息表里离职日期是2026年2月28日的员工名单",
        "names",
        s(RY, ["离职日期", "=", "2026-02-28"], op="list", key="工号"),
    ),
    (
        "list",
        "XMSQ0130 在2026年1月的考勤表上都有谁",
        "names",
        s(KQ, *m("XMSQ0130", "2026-01"), op="list", key="工号"),
    ),
    (
        "list",
        "供应商名录里类别是电梯维保的供应商有哪几家",
        "names",
        s(CG, ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"], op="list", key="供应商名称"),
    ),
    (
        "list",
        "麻烦看下项目XMSQ0162有哪些类型的设备",
        "names",
        s(SB, ["项目编号", "=", "XMSQ0162"], op="list", key="设备类型"),
    ),
    (
        "list",
        "岗位字典里，岗位大类属于保安的岗位名称有哪些？",
        "names",
        s(GW, ["岗位大类", "=", "保安"], op="list", key="岗位名称"),
    ),
    # ------------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "项目月度财务中XMSQ0144各月的开票金额合计是多少元（所有月份）",
        "number",
        s(CW, ["项目编号", "=", "XMSQ0144"], agg="sum:开票金额"),
    ),
    (
        "sum_avg",
        "2026年3月全公司考勤表的税后工资总额",
        "number",
        s(KQ, ["年月", "=", "2026-03"], agg="sum:税后工资"),
    ),
    ("sum_avg", "请问所有检查记录的平均检查得分是多少分？", "number", s(JC, agg="avg:检查得分")),
    (
        "sum_avg",
        "XMSQ0264 的设备原值加起来有多少钱",
        "number",
        s(SB, ["项目编号", "=", "XMSQ0264"], agg="sum:原值"),
    ),
    ("sum_avg", "按人员信息表算，员工的平均司龄是几年", "number", s(RY, agg="avg:司龄")),
    (
        "sum_avg",
        "采购与维保台账里耗材采购的金额总共多少元",
        "number",
        s(CG, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "2026年1月所有人的平时加班小时合计多少小时？",
        "number",
        s(KQ, ["年月", "=", "2026-01"], agg="sum:平时加班小时"),
    ),
    # ------------------------------------------------------------------ extreme_rank
    (
        "extreme_rank",
        "年化合同额最高的是哪个项目",
        "names",
        s(PJ, op="top", by="项目编号", agg="max:年化合同额", n=1),
    ),
    (
        "extreme_rank",
        "花名册上入职日期最早的是哪位员工",
        "names",
        s(RY, op="top", by="工号", agg="min:入职日期", n=1, order="asc"),
    ),
    (
        "extreme_rank",
        "2026年3月考勤里税后工资最高的员工是谁",
        "names",
        s(KQ, ["年月", "=", "2026-03"], op="top", by="工号", agg="max:税后工资", n=1),
    ),
    (
        "extreme_rank",
        "投标金额最大的一笔投标是哪个项目投的",
        "names",
        s(TB, op="top", by="项目编号", agg="max:投标金额", n=1),
    ),
    (
        "extreme_rank",
        "合同面积最小的项目是哪一个？",
        "names",
        s(PJ, op="top", by="项目编号", agg="min:合同面积", n=1, order="asc"),
    ),
    (
        "extreme_rank",
        "客户满意度最高的项目",
        "names",
        s(PJ, op="top", by="项目编号", agg="max:客户满意度", n=1),
    ),
    (
        "extreme_rank",
        "采购（耗材和固定资产）金额合计最多的供应商是哪家？",
        "names",
        s(CG, BUY, op="top", by="供应商名称", agg="sum:金额", n=1),
    ),
    # ------------------------------------------------------------------ top_n
    (
        "top_n",
        "合同面积排前三的项目是哪几个",
        "names",
        s(PJ, op="top", by="项目编号", agg="max:合同面积", n=3),
    ),
    (
        "top_n",
        "2026年2月开票金额前5名的项目",
        "names",
        s(CW, ["年月", "=", "2026-02"], op="top", by="项目编号", agg="sum:开票金额", n=5),
    ),
    ("top_n", "设备台数最多的两个项目是哪些？", "names", s(SB, op="top", by="项目编号", agg="count", n=2)),
    (
        "top_n",
        "2026年3月税后工资最低的2个人",
        "names",
        s(KQ, ["年月", "=", "2026-03"], op="top", by="工号", agg="sum:税后工资", n=2, order="asc"),
    ),
    (
        "top_n",
        "固定资产采购金额合计最高的前4个项目，帮忙排一下",
        "names",
        s(CG, ["记录类型", "=", "固定资产"], op="top", by="项目编号", agg="sum:金额", n=4),
    ),
    (
        "top_n",
        "负责项目个数最多的前两位项目负责人",
        "names",
        s(PJ, op="top", by="项目负责人工号", agg="count", n=2),
    ),
    ("top_n", "投标金额最高的两个项目是？", "names", s(TB, op="top", by="项目编号", agg="sum:投标金额", n=2)),
    # ------------------------------------------------------------------ existence
    (
        "existence",
        "有没有完好状况是报废的电梯？",
        "bool",
        s(SB, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"], op="exists"),
    ),
    ("existence", "XMSQ0209 有投标记录吗", "bool", s(TB, ["项目编号", "=", "XMSQ0209"], op="exists")),
    (
        "existence",
        "人员证书里有人持有物业管理师证书吗？",
        "bool",
        s(ZS, ["证书名称", "=", "物业管理师"], op="exists"),
    ),
    (
        "existence",
        "2026年4月份XMSQ0148有项目月度财务数据吗",
        "bool",
        s(CW, *m("XMSQ0148", "2026-04"), op="exists"),
    ),
    (
        "existence",
        "设备台账上XMSQ0102有没有登记设备",
        "bool",
        s(SB, ["项目编号", "=", "XMSQ0102"], op="exists"),
    ),
    ("existence", "是否存在客户投诉超过3次的项目", "bool", s(PJ, ["客户投诉", ">", 3], op="exists")),
    (
        "existence",
        "排班月报里 XMSQ0130 2026年2月有人排了夜班吗",
        "bool",
        s(PB, *m("XMSQ0130", "2026-02"), ["1日", "has_code", "夜"], op="exists"),
    ),
    # ------------------------------------------------------------------ status
    (
        "status",
        "XMSQ0209的服务状态是什么",
        "value",
        s(PJ, ["项目编号", "=", "XMSQ0209"], op="value", field="服务状态"),
    ),
    (
        "status",
        "项目XMSQ0246的项目负责人是哪位？",
        "value",
        s(PJ, ["项目编号", "=", "XMSQ0246"], op="value", field="项目负责人"),
    ),
    (
        "status",
        "PQ03片区负责人的工号是多少",
        "value",
        s(PQ, ["片区编号", "=", "PQ03"], op="value", field="片区负责人工号"),
    ),
    ("status", "孔斌是什么岗位", "value", s(RY, ["姓名", "=", "孔斌"], op="value", field="岗位名称")),
    (
        "status",
        "XMSQ0276 采用的委托方式",
        "value",
        s(PJ, ["项目编号", "=", "XMSQ0276"], op="value", field="委托方式"),
    ),
    (
        "status",
        "汤勇那本保安员（三级）证书有效期至哪天？",
        "value",
        s(ZS, ["姓名", "=", "汤勇"], ["证书名称", "=", "保安员（三级）"], op="value", field="有效期至"),
    ),
    (
        "status",
        "投标记录：XMSQ0246 的中标结果如何",
        "value",
        s(TB, ["项目编号", "=", "XMSQ0246"], op="value", field="中标结果"),
    ),
    # ------------------------------------------------------------------ colloquial
    ("colloquial", "保安普保咱花名册上有多少人啊", "number", s(RY, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "帮我瞅瞅xmsq0174 2026年3月开了多少票",
        "number",
        s(CW, *m("XMSQ0174", "2026-03"), agg="sum:开票金额"),
    ),
    ("colloquial", "带病运行的设备有几台来着", "number", s(SB, ["完好状况", "=", "带病运行"])),
    (
        "colloquial",
        "那个XMSQ0219是谁在负责呀",
        "value",
        s(PJ, ["项目编号", "=", "XMSQ0219"], op="value", field="项目负责人"),
    ),
    (
        "colloquial",
        "党员一共多少个人哈，按花名册的政治面貌算",
        "number",
        s(RY, ["政治面貌", "=", "中共党员"]),
    ),
    (
        "colloquial",
        "嘉定区那边的项目合同金额加一块儿多少钱",
        "number",
        s(PJ, ["市（区）", "=", "嘉定区"], agg="sum:合同金额"),
    ),
    (
        "colloquial",
        "XMSQ0162 二月份收了多少款啊？？",
        "number",
        s(CW, *m("XMSQ0162", "2026-02"), agg="sum:收款金额"),
    ),
    # ------------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月全公司开票总额多少",
        "number",
        s(CW, ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    ("time_reference", "本月XMSQ0130考勤表上有几个人", "number", s(KQ, *m("XMSQ0130", "2026-03"))),
    (
        "time_reference",
        "上上个月考勤里请过病假的有几个人",
        "number",
        s(KQ, ["年月", "=", "2026-01"], ["1日", "has_code", "病"], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "今年一季度 XMSQ0144 的开票金额合计",
        "number",
        s(CW, ["项目编号", "=", "XMSQ0144"], Q1, agg="sum:开票金额"),
    ),
    (
        "time_reference",
        "这个月做了多少次检查？按检查日期算",
        "number",
        s(JC, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-31"]),
    ),
    (
        "time_reference",
        "上个月月度快照中出勤人次最多的是哪个项目",
        "names",
        s(KZ, ["年月", "=", "2026-02"], op="top", by="项目编号", agg="max:出勤人次", n=1),
    ),
    (
        "time_reference",
        "今年1月1日到今天入职的员工有哪些",
        "names",
        s(RY, ["入职日期", ">=", "2026-01-01"], ["入职日期", "<=", "2026-03-31"], op="list", key="工号"),
    ),
    # ------------------------------------------------------------------ now_current
    ("now_current", "目前服务状态为服务中的项目有多少个", "number", s(PJ, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "人员证书里有效期至早于今天的证书有几本",
        "number",
        s(ZS, ["有效期至", "<", "2026-03-31"]),
    ),
    (
        "now_current",
        "结束日期晚于今天的维保合同有多少份",
        "number",
        s(CG, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-03-31"]),
    ),
    ("now_current", "当前完好状况为停用的设备有多少台？", "number", s(SB, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "合同状况现在还是已签约未进场的项目有哪些",
        "names",
        s(PJ, ["合同状况", "=", "已签约未进场"], op="list", key="项目编号"),
    ),
    (
        "now_current",
        "黄俊杰（KWL2108347）当前服务项目编号是哪个",
        "value",
        s(RY, ["工号", "=", "KWL2108347"], op="value", field="当前服务项目编号"),
    ),
    (
        "now_current",
        "服务状态仍是服务中、但合同结束日期已早于今天的项目有几个",
        "number",
        s(PJ, ["服务状态", "=", "服务中"], ["结束日期", "<", "2026-03-31"]),
    ),
    # ------------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0162 2026年3月的开票金额是多少",
        "number",
        s(CW, *m("XMSQ0162", "2026-03"), agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "4月份XMSQ0144收款金额多少元？",
        "number",
        s(CW, *m("XMSQ0144", "2026-04"), agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0130在2026年2月的出勤人次",
        "number",
        s(KZ, *m("XMSQ0130", "2026-02"), agg="sum:出勤人次"),
    ),
    ("monthly_fact", "2026年1月XMSQ0154考勤人数有几人", "number", s(KQ, *m("XMSQ0154", "2026-01"))),
    (
        "monthly_fact",
        "工号KWL0502640在2026年2月的上班天数",
        "number",
        s(KQ, ["工号", "=", "KWL0502640"], ["年月", "=", "2026-02"], agg="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "XMSQ0174 2026年1月月度快照的在岗人数",
        "number",
        s(KZ, *m("XMSQ0174", "2026-01"), agg="sum:在岗人数"),
    ),
    ("monthly_fact", "2026年3月 XMSQ0120 的排班月报上排了几个人", "number", s(PB, *m("XMSQ0120", "2026-03"))),
    # ------------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0144 2026年3月开票金额比2月多多少？",
        "number",
        {
            "op": "diff",
            "a": s(CW, *m("XMSQ0144", "2026-03"), agg="sum:开票金额"),
            "b": s(CW, *m("XMSQ0144", "2026-02"), agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "XMSQ0162 3月份的开票金额高于2月份吗",
        "bool",
        {
            "op": "gt",
            "a": s(CW, *m("XMSQ0162", "2026-03"), agg="sum:开票金额"),
            "b": s(CW, *m("XMSQ0162", "2026-02"), agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "浦东新区和徐汇区哪个区的项目多？差几个",
        "number",
        {"op": "absdiff", "a": s(PJ, ["市（区）", "=", "浦东新区"]), "b": s(PJ, ["市（区）", "=", "徐汇区"])},
    ),
    (
        "compare",
        "全公司开票金额：2026年3月和2026年1月相差多少",
        "number",
        {
            "op": "absdiff",
            "a": s(CW, ["年月", "=", "2026-03"], agg="sum:开票金额"),
            "b": s(CW, ["年月", "=", "2026-01"], agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "PQ01和PQ07两个片区，哪个片区的项目多",
        "names",
        s(GX, ["片区编号", "in", ["PQ01", "PQ07"]], op="top", by="片区编号", agg="count", n=1),
    ),
    (
        "compare",
        "花名册里保安_普保比保洁员多多少人",
        "number",
        {"op": "diff", "a": s(RY, ["岗位名称", "=", "保安_普保"]), "b": s(RY, ["岗位名称", "=", "保洁员"])},
    ),
    (
        "compare",
        "消防安全检查的平均得分是不是低于月度品质检查的平均得分？",
        "bool",
        {
            "op": "gt",
            "a": s(JC, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
            "b": s(JC, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
        },
    ),
    # ------------------------------------------------------------------ group_having
    (
        "group_having",
        "设备有15台及以上的项目有哪些",
        "names",
        s(SB, op="having", by="项目编号", agg="count", cmp=[">=", 15]),
    ),
    (
        "group_having",
        "哪些项目负责人名下有15个及以上的项目？",
        "names",
        s(PJ, op="having", by="项目负责人工号", agg="count", cmp=[">=", 15]),
    ),
    (
        "group_having",
        "2026年3月考勤人数3人及以上的项目有几个",
        "number",
        s(KQ, ["年月", "=", "2026-03"], op="having_count", by="项目编号", agg="count", cmp=[">=", 3]),
    ),
    (
        "group_having",
        "检查记录超过6次的项目有哪些？",
        "names",
        s(JC, op="having", by="项目编号", agg="count", cmp=[">", 6]),
    ),
    (
        "group_having",
        "人员证书表里有2本及以上证书的人",
        "names",
        s(ZS, op="having", by="工号", agg="count", cmp=[">=", 2]),
    ),
    (
        "group_having",
        "采购金额（耗材+固定资产）合计超过60万元的供应商",
        "names",
        s(CG, BUY, op="having", by="供应商名称", agg="sum:金额", cmp=[">", 600000]),
    ),
    (
        "group_having",
        "岗位编制表中预算编制合计10个及以上的项目有几个？",
        "number",
        s(BZ, op="having_count", by="项目编号", agg="sum:预算编制", cmp=[">=", 10]),
    ),
    # ------------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "PQ07片区2026年3月开票金额合计多少",
        "number",
        s(CW, ["项目编号", "region", "PQ07"], ["年月", "=", "2026-03"], agg="sum:开票金额"),
    ),
    (
        "region_rollup",
        "青浦片区2026年2月考勤人数是多少",
        "number",
        s(KQ, ["项目编号", "region", "PQ01"], ["年月", "=", "2026-02"]),
    ),
    ("region_rollup", "闵行片区下面一共有几个项目", "number", s(GX, ["片区编号", "=", "PQ04"])),
    ("region_rollup", "科创片区的项目一共登记了多少台设备", "number", s(SB, ["项目编号", "region", "PQ03"])),
    (
        "region_rollup",
        "长宁片区 2026年1月 收款合计",
        "number",
        s(CW, ["项目编号", "region", "PQ08"], ["年月", "=", "2026-01"], agg="sum:收款金额"),
    ),
    (
        "region_rollup",
        "嘉定片区2026年4月月度快照的在岗人数加起来是多少人",
        "number",
        s(KZ, ["项目编号", "region", "PQ06"], ["年月", "=", "2026-04"], agg="sum:在岗人数"),
    ),
    (
        "region_rollup",
        "松江片区的检查记录平均得分是多少",
        "number",
        s(JC, ["项目编号", "region", "PQ05"], agg="avg:检查得分"),
    ),
    # ------------------------------------------------------------------ negation
    ("negation", "除了全委以外，其他委托方式的项目一共几个", "number", s(PJ, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "项目信息里有多少个项目在设备台账上一台设备都没有",
        "number",
        s(PJ, ["项目编号", "not_in_q", s(SB, op="list", key="项目编号")]),
    ),
    (
        "negation",
        "岗位字典里哪些岗位不是一线员工？",
        "names",
        s(GW, ["员工层级", "!=", "一线员工"], op="list", key="岗位名称"),
    ),
    (
        "negation",
        "2026年3月的考勤记录中平时加班小时为0、没有加班的有多少条",
        "number",
        s(KQ, ["年月", "=", "2026-03"], ["平时加班小时", "=", 0]),
    ),
    (
        "negation",
        "不算报废的，设备原值合计是多少",
        "number",
        s(SB, ["完好状况", "!=", "报废"], agg="sum:原值"),
    ),
    (
        "negation",
        "没有中标的投标，投标金额总共多少",
        "number",
        s(TB, ["中标结果", "=", "未中标"], agg="sum:投标金额"),
    ),
    ("negation", "花名册里政治面貌不是群众的有多少人", "number", s(RY, ["政治面貌", "!=", "群众"])),
    # ------------------------------------------------------------------ or_values
    ("or_values", "电梯或消防类的设备一共多少台", "number", s(SB, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "项目所在区是青浦区或者松江区的有几个？",
        "number",
        s(PJ, ["市（区）", "in", ["青浦区", "松江区"]]),
    ),
    ("or_values", "人员信息表里职级为M1或M2的一共几人", "number", s(RY, ["职级", "in", ["M1", "M2"]])),
    (
        "or_values",
        "XMSQ0184 2026年1月或2月的开票金额合计",
        "number",
        s(CW, ["项目编号", "=", "XMSQ0184"], ["年月", "in", ["2026-01", "2026-02"]], agg="sum:开票金额"),
    ),
    (
        "or_values",
        "检查类型是消防安全检查或设备专项检查的，平均得分多少",
        "number",
        s(JC, ["检查类型", "in", ["消防安全检查", "设备专项检查"]], agg="avg:检查得分"),
    ),
    (
        "or_values",
        "2026年2月考勤中有病假或事假的人数",
        "number",
        {
            "op": "agg",
            "t": KQ,
            "where": [["年月", "=", "2026-02"]],
            "any": [["1日", "has_code", "病"], ["1日", "has_code", "事"]],
            "agg": "nunique:工号",
        },
    ),
    (
        "or_values",
        "采购记录里状态为已到货或已验收的有多少条",
        "number",
        s(CG, BUY, ["状态", "in", ["已到货", "已验收"]]),
    ),
    # ------------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", s(PJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "实际毛利率低于5％的项目有哪些",
        "names",
        s(PJ, ["实际毛利率", "<", 0.05], op="list", key="项目编号"),
    ),
    (
        "threshold_percent",
        "服务中的项目里，实际毛利率在0.12及以上的有多少个",
        "number",
        s(PJ, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.12]),
    ),
    ("threshold_percent", "客户满意度不到85分的项目个数", "number", s(PJ, ["客户满意度", "<", 85])),
    ("threshold_percent", "检查得分低于81分的检查有几次？", "number", s(JC, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "实际毛利率高于17.5%的项目编号给我列一下",
        "names",
        s(PJ, ["实际毛利率", ">", 0.175], op="list", key="项目编号"),
    ),
    (
        "threshold_percent",
        "单价超过100元的耗材采购有多少笔",
        "number",
        s(CG, ["记录类型", "=", "耗材采购"], ["单价", ">", 100]),
    ),
    # ------------------------------------------------------------------ share
    (
        "share",
        "服务中的项目占全部项目的比例是多少",
        "number",
        {"op": "ratio", "a": s(PJ, ["服务状态", "=", "服务中"]), "b": s(PJ)},
    ),
    (
        "share",
        "女员工占花名册总人数的百分之几？",
        "number",
        {"op": "ratio", "a": s(RY, ["性别", "=", "女"]), "b": s(RY)},
    ),
    (
        "share",
        "XMSQ0144 2026年3月开票占全公司当月开票的比重",
        "number",
        {
            "op": "ratio",
            "a": s(CW, *m("XMSQ0144", "2026-03"), agg="sum:开票金额"),
            "b": s(CW, ["年月", "=", "2026-03"], agg="sum:开票金额"),
        },
    ),
    (
        "share",
        "电梯占全部设备台数的几成",
        "number",
        {"op": "ratio", "a": s(SB, ["设备类型", "=", "电梯"]), "b": s(SB)},
    ),
    (
        "share",
        "未中标的投标占全部投标记录的百分之多少",
        "number",
        {"op": "ratio", "a": s(TB, ["中标结果", "=", "未中标"]), "b": s(TB)},
    ),
    (
        "share",
        "PQ07片区的项目数占项目信息表全部项目的比例",
        "number",
        {"op": "ratio", "a": s(GX, ["片区编号", "=", "PQ07"]), "b": s(PJ)},
    ),
    (
        "share",
        "耗材采购金额占采购总金额（耗材+固定资产）的比重是多少",
        "number",
        {
            "op": "ratio",
            "a": s(CG, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            "b": s(CG, BUY, agg="sum:金额"),
        },
    ),
    # ------------------------------------------------------------------ grouped
    ("grouped", "各片区分别有多少个项目", "groups", s(GX, op="groups", by="片区编号", agg="count")),
    ("grouped", "按设备类型统计一下设备台数", "groups", s(SB, op="groups", by="设备类型", agg="count")),
    ("grouped", "设备的每种完好状况各有多少台？", "groups", s(SB, op="groups", by="完好状况", agg="count")),
    (
        "grouped",
        "2026年3月各片区的开票金额分别是多少",
        "groups",
        s(CW, ["年月", "=", "2026-03"], op="groups", by="@片区编号", agg="sum:开票金额"),
    ),
    ("grouped", "按汇总业态分，项目各有几个", "groups", s(PJ, op="groups", by="汇总业态", agg="count")),
    ("grouped", "各检查类型的平均检查得分", "groups", s(JC, op="groups", by="检查类型", agg="avg:检查得分")),
    (
        "grouped",
        "XMSQ0130 每个月的考勤人数分别是多少",
        "groups",
        s(KQ, ["项目编号", "=", "XMSQ0130"], op="groups", by="年月", agg="count"),
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的服务状态是什么？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "王大锤现在在哪个项目上班", "no_such_entity", "王大锤"),
    ("not_in_data_entity", "PQ09片区下有几个项目", "no_such_entity", "PQ09"),
    ("not_in_data_entity", "工号KWL9901234是什么岗位", "no_such_entity", "KWL9901234"),
    (
        "not_in_data_entity",
        "上海宏图电梯工程有限公司的采购金额合计多少",
        "no_such_entity",
        "上海宏图电梯工程有限公司",
    ),
    ("not_in_data_entity", "xmsq0450 2026年3月开票多少", "no_such_entity", "XMSQ0450"),
    ("not_in_data_entity", "虹口片区有哪些项目？", "no_such_entity", "虹口片区"),
    ("not_in_data_month", "去年12月XMSQ0144的开票金额是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月 XMSQ0130 考勤人数", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月全公司收款合计多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年10月XMSQ0162的收款金额", "outside_coverage", "2025-10"),
    ("not_in_data_month", "月度快照里XMSQ0174 2026年6月的在岗人数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年9月XMSQ0120排班月报上有几个人", "outside_coverage", "2025-09"),
    ("not_in_data_month", "请问2024年12月考勤的税后工资总额是多少", "outside_coverage", "2024-12"),
    ("not_in_data_field", "孔斌的学历是什么", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0246 一共有多少户业主", "no_such_field", "户数"),
    ("not_in_data_field", "XMSQ0209 的停车位有多少个？", "no_such_field", "车位数"),
    ("not_in_data_field", "2026年3月XMSQ0144的用电量是多少度", "no_such_field", "用电量"),
    ("not_in_data_field", "赵伟的血型是什么", "no_such_field", "血型"),
    ("not_in_data_field", "昆山汇通消防设备有限公司的注册资本多少", "no_such_field", "注册资本"),
    ("not_in_data_field", "XMSQ0174 的物业费收缴率是多少？", "no_such_field", "收缴率"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "帮我把XMSQ0144 2026年3月的开票金额改成50万"),
    ("non_data", "删除孔斌的人员记录"),
    ("non_data", "早上好呀，在吗？"),
    ("non_data", "好的明白了，多谢"),
    ("non_data", "请把检查记录里得分低于60分的都删掉"),
]
