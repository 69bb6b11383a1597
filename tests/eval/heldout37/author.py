"""The thirty-seventh held-out set as written: the questions and their gold specs.

Written blind (see README.md). Each ANSWERED entry is (class, question, gold kind, spec in the spec
language of tests/eval/blind_gold.py); NOT_IN_DATA entries are (class, question, reason, missing);
NON_DATA entries are (class, question). make_gold.py turns them into questions.jsonl.
"""

from __future__ import annotations

from typing import Any

XM = "项目信息"
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
ZD = "岗位字典"

BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]
YTD = ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]]
GUARDS = ["保安_普保", "保安_领班", "保安_消控员"]
CLEANERS = ["保洁员", "保洁_领班"]


def s(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    """A spec over ledger t with its row conditions."""
    spec: dict[str, Any] = {"t": t, "where": list(where)}
    spec.update(kw)
    return spec


def agg(t: str, *where: list[Any], a: str = "count", **kw: Any) -> dict[str, Any]:
    return {"op": "agg", **s(t, *where, agg=a, **kw)}


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------ count
    ("count", "花名册上岗位是保洁员的一共几个人？", "number", agg(RY, ["岗位名称", "=", "保洁员"])),
    ("count", "设备台账里完好状况写着“带病运行”的有多少台", "number", agg(SB, ["完好状况", "=", "带病运行"])),
    ("count", "xmsq0301这个项目名下登记了几台设备？", "number", agg(SB, ["项目编号", "=", "XMSQ0301"])),
    ("count", "投标记录中，中标结果为未中标的共计多少条", "number", agg(TB, ["中标结果", "=", "未中标"])),
    ("count", "检查记录表里 消防安全检查 一共记了几次", "number", agg(JC, ["检查类型", "=", "消防安全检查"])),
    ("count", "供应商名录里登记了多少家供应商啊", "number", agg(CG, ["记录类型", "=", "供应商"])),
    (
        "count",
        "证书表里拿了中级经济师的有几位同事",
        "number",
        agg(ZS, ["证书名称", "=", "中级经济师"], a="nunique:工号"),
    ),
    (
        "count",
        "项目信息表中 市（区）为徐汇区的项目数量是多少",
        "number",
        agg(XM, ["市（区）", "=", "徐汇区"]),
    ),
    # ------------------------------------------------------------ list
    (
        "list",
        "服务状态还是“未开始”的项目都有哪些，列个编号",
        "names",
        {"op": "list", **s(XM, ["服务状态", "=", "未开始"], key="项目编号")},
    ),
    (
        "list",
        "XMSQ0224 里面的设备分属哪几种设备类型？",
        "names",
        {"op": "list", **s(SB, ["项目编号", "=", "XMSQ0224"], key="设备类型")},
    ),
    ("list", "请列出各片区负责人的工号", "names", {"op": "list", **s(PQ, key="片区负责人工号")}),
    (
        "list",
        "哪几位持有电梯安全管理员证书",
        "names",
        {"op": "list", **s(ZS, ["证书名称", "=", "电梯安全管理员"], key="工号")},
    ),
    (
        "list",
        "做电梯维保的供应商有哪几家？（供应商名录）",
        "names",
        {"op": "list", **s(CG, ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"], key="供应商名称")},
    ),
    (
        "list",
        "人员信息表里入职日期在2026年3月的是哪些人",
        "names",
        {
            "op": "list",
            **s(RY, ["入职日期", ">=", "2026-03-01"], ["入职日期", "<=", "2026-03-31"], key="工号"),
        },
    ),
    (
        "list",
        "岗位字典中属于职能管理人员这一层级的岗位，分别是？",
        "names",
        {"op": "list", **s(ZD, ["员工层级", "=", "职能管理人员"], key="岗位名称")},
    ),
    (
        "list",
        "松江-华新工业园区 有哪些类型的设备",
        "names",
        {"op": "list", **s(SB, ["项目编号", "=", "XMSQ0351"], key="设备类型")},
    ),
    # ------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "2026年2月全部项目的开票金额加总是多少",
        "number",
        agg(CW, ["年月", "=", "2026-02"], a="sum:开票金额"),
    ),
    ("sum_avg", "电梯类设备原值合计多少钱", "number", agg(SB, ["设备类型", "=", "电梯"], a="sum:原值")),
    ("sum_avg", "项目信息表里客户满意度的平均分是多少？", "number", agg(XM, a="avg:客户满意度")),
    (
        "sum_avg",
        "固定资产那类采购，金额总共多少",
        "number",
        agg(CG, ["记录类型", "=", "固定资产"], a="sum:金额"),
    ),
    (
        "sum_avg",
        "3月份考勤表上 平时加班小时 一共多少个小时",
        "number",
        agg(KQ, ["年月", "=", "2026-03"], a="sum:平时加班小时"),
    ),
    ("sum_avg", "所有检查记录，检查得分平均下来几分", "number", agg(JC, a="avg:检查得分")),
    (
        "sum_avg",
        "维保合同平均一份合同金额多少？",
        "number",
        agg(CG, ["记录类型", "=", "维保合同"], a="avg:金额"),
    ),
    # ------------------------------------------------------------ extreme_rank
    (
        "extreme_rank",
        "哪个项目年化合同额最高",
        "names",
        {"op": "top", **s(XM, by="项目编号", agg="max:年化合同额", n=1)},
    ),
    (
        "extreme_rank",
        "年化合同额垫底的是哪个项目？",
        "names",
        {"op": "top", **s(XM, by="项目编号", agg="min:年化合同额", n=1, order="asc")},
    ),
    (
        "extreme_rank",
        "项目片区关系里，挂项目最多的片区是哪个",
        "names",
        {"op": "top", **s(GX, by="片区编号", agg="count", n=1)},
    ),
    ("extreme_rank", "检查得分的最高分是多少分？", "number", agg(JC, a="max:检查得分")),
    (
        "extreme_rank",
        "2026年3月税后工资拿得最多的员工是谁",
        "names",
        {"op": "top", **s(KQ, ["年月", "=", "2026-03"], by="工号", agg="sum:税后工资", n=1)},
    ),
    (
        "extreme_rank",
        "单台原值最贵的设备属于哪个设备类型",
        "names",
        {"op": "top", **s(SB, by="设备类型", agg="max:原值", n=1)},
    ),
    (
        "extreme_rank",
        "耗材和固定资产采购算在一起，哪家供应商接的单子最多？",
        "names",
        {"op": "top", **s(CG, BUY, by="供应商名称", agg="count", n=1)},
    ),
    # ------------------------------------------------------------ top_n
    (
        "top_n",
        "2026年1月开票金额排前三的项目",
        "names",
        {"op": "top", **s(CW, ["年月", "=", "2026-01"], by="项目编号", agg="sum:开票金额", n=3)},
    ),
    (
        "top_n",
        "设备台数最多的4个项目是哪些？",
        "names",
        {"op": "top", **s(SB, by="项目编号", agg="count", n=4)},
    ),
    (
        "top_n",
        "合同面积最大的三个项目给我列一下",
        "names",
        {"op": "top", **s(XM, by="项目编号", agg="max:合同面积", n=3)},
    ),
    (
        "top_n",
        "耗材采购金额 top3 的供应商",
        "names",
        {"op": "top", **s(CG, ["记录类型", "=", "耗材采购"], by="供应商名称", agg="sum:金额", n=3)},
    ),
    (
        "top_n",
        "1到4月考勤里平时加班小时累计最多的前四名员工",
        "names",
        {"op": "top", **s(KQ, by="工号", agg="sum:平时加班小时", n=4)},
    ),
    (
        "top_n",
        "投标金额最大的三个项目分别是？",
        "names",
        {"op": "top", **s(TB, by="项目编号", agg="max:投标金额", n=3)},
    ),
    (
        "top_n",
        "设备原值加起来排名前3的项目",
        "names",
        {"op": "top", **s(SB, by="项目编号", agg="sum:原值", n=3)},
    ),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "有没有带病运行的电梯",
        "bool",
        {"op": "exists", **s(SB, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"])},
    ),
    (
        "existence",
        "XMSQ0325 登记过考勤没有？",
        "bool",
        {"op": "exists", **s(KQ, ["项目编号", "=", "XMSQ0325"])},
    ),
    ("existence", "投标记录里存在年份是2027的记录吗", "bool", {"op": "exists", **s(TB, ["年份", "=", 2027])}),
    ("existence", "花名册里是不是有个叫刘雪梅的", "bool", {"op": "exists", **s(RY, ["姓名", "=", "刘雪梅"])}),
    (
        "existence",
        "2026年3月的考勤里，有人旷工吗？",
        "bool",
        {"op": "exists", **s(KQ, ["年月", "=", "2026-03"], ["1日", "has_code", "旷"])},
    ),
    (
        "existence",
        "科创片区下面有服务状态为已结束的项目么",
        "bool",
        {"op": "exists", **s(XM, reg("PQ03"), ["服务状态", "=", "已结束"])},
    ),
    (
        "existence",
        "请问有实验室类的设备处于报废状态吗",
        "bool",
        {"op": "exists", **s(SB, ["设备类型", "=", "实验室"], ["完好状况", "=", "报废"])},
    ),
    # ------------------------------------------------------------ status
    (
        "status",
        "科创-盈浦市场监管所的项目负责人是哪位",
        "value",
        {"op": "value", **s(XM, ["项目编号", "=", "XMSQ0373"], field="项目负责人")},
    ),
    (
        "status",
        "XMSQ0199 委托方式是啥",
        "value",
        {"op": "value", **s(XM, ["项目编号", "=", "XMSQ0199"], field="委托方式")},
    ),
    (
        "status",
        "工号KWL2603451的岗位名称是什么",
        "value",
        {"op": "value", **s(RY, ["工号", "=", "KWL2603451"], field="岗位名称")},
    ),
    (
        "status",
        "浦东片区的片区负责人叫什么名字？",
        "value",
        {
            "op": "value",
            **s(
                RY,
                ["工号", "in_q", {"op": "list", **s(PQ, ["片区编号", "=", "PQ07"], key="片区负责人工号")}],
                field="姓名",
            ),
        },
    ),
    (
        "status",
        "xmsq0224 客户满意度多少分",
        "value",
        {"op": "value", **s(XM, ["项目编号", "=", "XMSQ0224"], field="客户满意度")},
    ),
    (
        "status",
        "徐汇-颛桥人民医院 实际毛利率是多少",
        "value",
        {"op": "value", **s(XM, ["项目编号", "=", "XMSQ0363"], field="实际毛利率")},
    ),
    (
        "status",
        "KWL2604327 是哪天入职的？",
        "value",
        {"op": "value", **s(RY, ["工号", "=", "KWL2604327"], field="入职日期")},
    ),
    # ------------------------------------------------------------ colloquial
    (
        "colloquial",
        "咱花名册上保安（普保、领班、消控员都算）一共多少号人啊",
        "number",
        agg(RY, ["岗位名称", "in", GUARDS]),
    ),
    ("colloquial", "帮我瞅一眼，完好状况是停用的设备有几台呗", "number", agg(SB, ["完好状况", "=", "停用"])),
    (
        "colloquial",
        "xmsq0244上个月考勤是几个人来着？",
        "number",
        agg(KQ, ["项目编号", "=", "XMSQ0244"], ["年月", "=", "2026-03"]),
    ),
    (
        "colloquial",
        "四月份登记的耗材采购里，平板拖把总共买了多少把呀",
        "number",
        agg(
            CG,
            ["记录类型", "=", "耗材采购"],
            ["名称", "=", "平板拖把"],
            ["年月", "=", "2026-04"],
            a="sum:数量",
        ),
    ),
    ("colloquial", "话说客梯一共有几部？", "number", agg(SB, ["设备名称", "=", "客梯"])),
    ("colloquial", "问下哈 续标的投标一共几条", "number", agg(TB, ["投标类型", "=", "续标"])),
    ("colloquial", "嗯…那个绿化工，花名册里有几个", "number", agg(RY, ["岗位名称", "=", "绿化工"])),
    # ------------------------------------------------------------ time_reference
    (
        "time_reference",
        "上个月各项目收款合计多少？",
        "number",
        agg(CW, ["年月", "=", "2026-03"], a="sum:收款金额"),
    ),
    (
        "time_reference",
        "上周一共做了几次检查",
        "number",
        agg(JC, ["检查日期", ">=", "2026-04-06"], ["检查日期", "<=", "2026-04-12"]),
    ),
    (
        "time_reference",
        "今年第一季度耗材采购的总金额",
        "number",
        agg(CG, ["记录类型", "=", "耗材采购"], Q1, a="sum:金额"),
    ),
    ("time_reference", "上上个月的排班月报一共多少条记录", "number", agg(PB, ["年月", "=", "2026-02"])),
    (
        "time_reference",
        "2026年3月1日至2026年3月15日（含两头）做的检查共几次？",
        "number",
        agg(JC, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-15"]),
    ),
    (
        "time_reference",
        "中标日期在2025年7月1日以后的投标，是哪些项目",
        "names",
        {"op": "list", **s(TB, ["中标日期", ">", "2025-07-01"], key="项目编号")},
    ),
    (
        "time_reference",
        "今年以来（1月到4月份已登记的）各项目收款金额累计多少",
        "number",
        agg(CW, YTD, a="sum:收款金额"),
    ),
    (
        "time_reference",
        "2026年4月1日到2026年4月10日之间入职的员工（花名册）有几个",
        "number",
        agg(RY, ["入职日期", ">=", "2026-04-01"], ["入职日期", "<=", "2026-04-10"]),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "服务状态目前是服务中的项目有多少个", "number", agg(XM, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "完好状况现在为完好的消防设备有几台",
        "number",
        agg(SB, ["设备类型", "=", "消防"], ["完好状况", "=", "完好"]),
    ),
    (
        "now_current",
        "今天是2026年4月14日，中级经济师证书里有效期至已经早于今天的，是哪几个人",
        "names",
        {"op": "list", **s(ZS, ["证书名称", "=", "中级经济师"], ["有效期至", "<", "2026-04-14"], key="工号")},
    ),
    (
        "now_current",
        "截至今天（2026-04-14），结束日期已经过了的维保合同有几份？",
        "number",
        agg(CG, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-04-14"]),
    ),
    (
        "now_current",
        "合同状况当前是已签约未进场的项目，有哪些",
        "names",
        {"op": "list", **s(XM, ["合同状况", "=", "已签约未进场"], key="项目编号")},
    ),
    (
        "now_current",
        "KWL0903263现在的当前服务项目编号是多少",
        "value",
        {"op": "value", **s(RY, ["工号", "=", "KWL0903263"], field="当前服务项目编号")},
    ),
    (
        "now_current",
        "今天4月14号，有效期至落在今天到2027年12月31日之间的证书还有几本",
        "number",
        agg(ZS, ["有效期至", ">=", "2026-04-14"], ["有效期至", "<=", "2027-12-31"]),
    ),
    # ------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0224 2026年3月开票金额",
        "number",
        agg(CW, ["项目编号", "=", "XMSQ0224"], ["年月", "=", "2026-03"], a="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0301 一月份考勤人数多少",
        "number",
        agg(KQ, ["项目编号", "=", "XMSQ0301"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "浦东-康健镇政府 4月份登记的收款金额是多少？",
        "number",
        agg(CW, ["项目编号", "=", "XMSQ0374"], ["年月", "=", "2026-04"], a="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0224 二月的加班小时合计",
        "number",
        agg(KZ, ["项目编号", "=", "XMSQ0224"], ["年月", "=", "2026-02"], a="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "XMSQ0373 2026-02 考勤人数",
        "number",
        agg(KQ, ["项目编号", "=", "XMSQ0373"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "3月 XMSQ0359 实际收了多少款",
        "number",
        agg(CW, ["项目编号", "=", "XMSQ0359"], ["年月", "=", "2026-03"], a="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0303 这个月（4月份登记的）排班表上排了几个人",
        "number",
        agg(PB, ["项目编号", "=", "XMSQ0303"], ["年月", "=", "2026-04"]),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "3月份开票，XMSQ0224和XMSQ0374哪个更多？",
        "names",
        {
            "op": "top",
            **s(
                CW,
                ["项目编号", "in", ["XMSQ0224", "XMSQ0374"]],
                ["年月", "=", "2026-03"],
                by="项目编号",
                agg="sum:开票金额",
                n=1,
            ),
        },
    ),
    (
        "compare",
        "花名册里保安_普保比保洁员多多少人",
        "number",
        {
            "op": "diff",
            "a": agg(RY, ["岗位名称", "=", "保安_普保"]),
            "b": agg(RY, ["岗位名称", "=", "保洁员"]),
        },
    ),
    (
        "compare",
        "一月和二月的开票总额相差多少",
        "number",
        {
            "op": "absdiff",
            "a": agg(CW, ["年月", "=", "2026-01"], a="sum:开票金额"),
            "b": agg(CW, ["年月", "=", "2026-02"], a="sum:开票金额"),
        },
    ),
    (
        "compare",
        "消防安全检查的平均得分是不是比月度品质检查高？",
        "bool",
        {
            "op": "gt",
            "a": agg(JC, ["检查类型", "=", "消防安全检查"], a="avg:检查得分"),
            "b": agg(JC, ["检查类型", "=", "月度品质检查"], a="avg:检查得分"),
        },
    ),
    (
        "compare",
        "徐汇片区和浦东片区，挂的项目数差几个",
        "number",
        {"op": "absdiff", "a": agg(GX, ["片区编号", "=", "PQ02"]), "b": agg(GX, ["片区编号", "=", "PQ07"])},
    ),
    (
        "compare",
        "XMSQ0301 一月份考勤人数比三月份多几个？",
        "number",
        {
            "op": "diff",
            "a": agg(KQ, ["项目编号", "=", "XMSQ0301"], ["年月", "=", "2026-01"]),
            "b": agg(KQ, ["项目编号", "=", "XMSQ0301"], ["年月", "=", "2026-03"]),
        },
    ),
    (
        "compare",
        "固定资产采购的总金额有没有超过耗材采购的总金额",
        "bool",
        {
            "op": "gt",
            "a": agg(CG, ["记录类型", "=", "固定资产"], a="sum:金额"),
            "b": agg(CG, ["记录类型", "=", "耗材采购"], a="sum:金额"),
        },
    ),
    # ------------------------------------------------------------ group_having
    (
        "group_having",
        "电梯有3台及以上的项目是哪几个",
        "names",
        {"op": "having", **s(SB, ["设备类型", "=", "电梯"], by="项目编号", agg="count", cmp=[">=", 3])},
    ),
    (
        "group_having",
        "登记设备达到10台及以上的项目一共几个？",
        "number",
        {"op": "having_count", **s(SB, by="项目编号", agg="count", cmp=[">=", 10])},
    ),
    (
        "group_having",
        "检查记录里被查了6次及以上的项目有哪些",
        "names",
        {"op": "having", **s(JC, by="项目编号", agg="count", cmp=[">=", 6])},
    ),
    (
        "group_having",
        "手上有2本及以上证书的员工有谁",
        "names",
        {"op": "having", **s(ZS, by="工号", agg="count", cmp=[">=", 2])},
    ),
    (
        "group_having",
        "1-4月累计开票金额超过150万的项目有哪些？",
        "names",
        {"op": "having", **s(CW, by="项目编号", agg="sum:开票金额", cmp=[">", 1500000])},
    ),
    (
        "group_having",
        "接过20单及以上采购（耗材+固定资产）的供应商有几家",
        "number",
        {"op": "having_count", **s(CG, BUY, by="供应商名称", agg="count", cmp=[">=", 20])},
    ),
    (
        "group_having",
        "按花名册的当前服务项目编号算，4个人及以上的项目有哪些",
        "names",
        {"op": "having", **s(RY, by="当前服务项目编号", agg="count", cmp=[">=", 4])},
    ),
    # ------------------------------------------------------------ region_rollup
    (
        "region_rollup",
        "闵行片区2026年3月开票金额合计",
        "number",
        agg(CW, ["年月", "=", "2026-03"], reg("PQ04"), a="sum:开票金额"),
    ),
    (
        "region_rollup",
        "各片区分别有多少台设备？",
        "groups",
        {"op": "groups", **s(SB, by="@片区编号", agg="count")},
    ),
    ("region_rollup", "长宁片区名下共有几个项目", "number", agg(XM, reg("PQ08"))),
    (
        "region_rollup",
        "嘉定片区2月份考勤人数是多少",
        "number",
        agg(KQ, ["年月", "=", "2026-02"], reg("PQ06")),
    ),
    (
        "region_rollup",
        "哪个片区的检查平均得分最高",
        "names",
        {"op": "top", **s(JC, by="@片区编号", agg="avg:检查得分", n=1)},
    ),
    ("region_rollup", "松江片区的设备 原值总计多少", "number", agg(SB, reg("PQ05"), a="sum:原值")),
    (
        "region_rollup",
        "青浦片区或松江片区里服务中的项目一共有几个",
        "number",
        agg(XM, ["服务状态", "=", "服务中"], any=[reg("PQ01"), reg("PQ05")]),
    ),
    # ------------------------------------------------------------ negation
    ("negation", "委托方式不是全委的项目有多少个", "number", agg(XM, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "供应商名录里哪些供应商一次耗材采购或固定资产采购都没接过",
        "names",
        {
            "op": "list",
            **s(
                CG,
                ["记录类型", "=", "供应商"],
                ["供应商名称", "not_in_q", {"op": "list", **s(CG, BUY, key="供应商名称")}],
                key="供应商名称",
            ),
        },
    ),
    (
        "negation",
        "除去保安和保洁两类岗位（含领班、消控员），花名册上还剩多少人",
        "number",
        agg(RY, ["岗位名称", "not_in", GUARDS + CLEANERS]),
    ),
    (
        "negation",
        "服务中的项目里，设备台账一台设备都没登记的有几个",
        "number",
        agg(
            XM, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", {"op": "list", **s(SB, key="项目编号")}]
        ),
    ),
    (
        "negation",
        "检查记录中问题描述为空、也就是没查出问题的，有几条",
        "number",
        agg(JC, ["问题描述", "null"]),
    ),
    ("negation", "完好状况不为完好的设备数量", "number", agg(SB, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "服务中但从来没被检查过的项目有多少个？",
        "number",
        agg(
            XM, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", {"op": "list", **s(JC, key="项目编号")}]
        ),
    ),
    # ------------------------------------------------------------ or_values
    (
        "or_values",
        "保洁员或者保洁_领班，花名册上加起来多少人",
        "number",
        agg(RY, ["岗位名称", "in", CLEANERS]),
    ),
    (
        "or_values",
        "月度品质检查和季度综合检查 两种合计做了多少次",
        "number",
        agg(JC, ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    (
        "or_values",
        "委托方式为多项单委或单一单委的项目有几个？",
        "number",
        agg(XM, ["委托方式", "in", ["多项单委", "单一单委"]]),
    ),
    (
        "or_values",
        "1月或2月的开票金额总和是多少",
        "number",
        agg(CW, ["年月", "in", ["2026-01", "2026-02"]], a="sum:开票金额"),
    ),
    (
        "or_values",
        "XMSQ0333 带病运行或停用的设备有几台",
        "number",
        agg(SB, ["项目编号", "=", "XMSQ0333"], ["完好状况", "in", ["带病运行", "停用"]]),
    ),
    (
        "or_values",
        "消防维保或者空调维保类的维保合同，金额一共多少",
        "number",
        agg(CG, ["记录类型", "=", "维保合同"], ["类别", "in", ["消防维保", "空调维保"]], a="sum:金额"),
    ),
    (
        "or_values",
        "证书类别是特种作业操作证或特种设备作业人员证的证书有几本",
        "number",
        agg(ZS, ["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", agg(XM, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "服务中的项目里毛利率低于4.5％的是哪些",
        "names",
        {"op": "list", **s(XM, ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.045], key="项目编号")},
    ),
    (
        "threshold_percent",
        "全委项目中实际毛利率在10%及以上的有多少",
        "number",
        agg(XM, ["委托方式", "=", "全委"], ["实际毛利率", ">=", 0.10]),
    ),
    (
        "threshold_percent",
        "闵行片区有哪些项目毛利率高于百分之十七",
        "names",
        {"op": "list", **s(XM, reg("PQ04"), ["实际毛利率", ">", 0.17], key="项目编号")},
    ),
    (
        "threshold_percent",
        "毛利率达到17.5%及以上的项目 列一下",
        "names",
        {"op": "list", **s(XM, ["实际毛利率", ">=", 0.175], key="项目编号")},
    ),
    ("threshold_percent", "检查得分低于81分的检查有几次？", "number", agg(JC, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "3月考勤中税后工资高于8000元的记录有几条",
        "number",
        agg(KQ, ["年月", "=", "2026-03"], ["税后工资", ">", 8000]),
    ),
    (
        "threshold_percent",
        "客户满意度不到83分的服务中项目有几个",
        "number",
        agg(XM, ["服务状态", "=", "服务中"], ["客户满意度", "<", 83]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "服务中的项目占项目总数的比例是多少",
        "number",
        {"op": "ratio", "a": agg(XM, ["服务状态", "=", "服务中"]), "b": agg(XM)},
    ),
    (
        "share",
        "全部设备里电梯占了多大比重？",
        "number",
        {"op": "ratio", "a": agg(SB, ["设备类型", "=", "电梯"]), "b": agg(SB)},
    ),
    (
        "share",
        "投标记录的中标率是多少（中标条数/全部条数）",
        "number",
        {"op": "ratio", "a": agg(TB, ["中标结果", "=", "中标"]), "b": agg(TB)},
    ),
    (
        "share",
        "2026年3月收款金额占开票金额的百分之多少",
        "number",
        {
            "op": "ratio",
            "a": agg(CW, ["年月", "=", "2026-03"], a="sum:收款金额"),
            "b": agg(CW, ["年月", "=", "2026-03"], a="sum:开票金额"),
        },
    ),
    (
        "share",
        "人员信息表里女同事占几成",
        "number",
        {"op": "ratio", "a": agg(RY, ["性别", "=", "女"]), "b": agg(RY)},
    ),
    (
        "share",
        "采购（耗材+固定资产）总金额里，固定资产占比多少",
        "number",
        {
            "op": "ratio",
            "a": agg(CG, ["记录类型", "=", "固定资产"], a="sum:金额"),
            "b": agg(CG, BUY, a="sum:金额"),
        },
    ),
    (
        "share",
        "浦东片区的设备台数占全部设备的比例",
        "number",
        {"op": "ratio", "a": agg(SB, reg("PQ07")), "b": agg(SB)},
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "各设备类型分别有多少台", "groups", {"op": "groups", **s(SB, by="设备类型", agg="count")}),
    (
        "grouped",
        "按检查类型统计一下平均得分",
        "groups",
        {"op": "groups", **s(JC, by="检查类型", agg="avg:检查得分")},
    ),
    (
        "grouped",
        "每个月的开票金额合计分别多少？",
        "groups",
        {"op": "groups", **s(CW, by="年月", agg="sum:开票金额")},
    ),
    (
        "grouped",
        "花名册按岗位名称分组，各岗位多少人",
        "groups",
        {"op": "groups", **s(RY, by="岗位名称", agg="count")},
    ),
    (
        "grouped",
        "不同委托方式下各有几个项目",
        "groups",
        {"op": "groups", **s(XM, by="委托方式", agg="count")},
    ),
    (
        "grouped",
        "证书按证书类别分，各有多少本",
        "groups",
        {"op": "groups", **s(ZS, by="证书类别", agg="count")},
    ),
    ("grouped", "1~4月每个月考勤表各有几条记录", "groups", {"op": "groups", **s(KQ, by="年月", agg="count")}),
    (
        "grouped",
        "耗材采购按类别汇总金额",
        "groups",
        {"op": "groups", **s(CG, ["记录类型", "=", "耗材采购"], by="类别", agg="sum:金额")},
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ9999 的合同金额是多少", "no_such_entity", "XMSQ9999"),
    ("not_in_data_entity", "工号KWL9901001是谁？", "no_such_entity", "KWL9901001"),
    ("not_in_data_entity", "黄浦片区现在有几个项目", "no_such_entity", "黄浦片区"),
    (
        "not_in_data_entity",
        "上海威力达电梯有限公司这家供应商接了几单采购",
        "no_such_entity",
        "上海威力达电梯有限公司",
    ),
    ("not_in_data_entity", "徐汇-漕河泾体育馆一共登记了多少台设备", "no_such_entity", "徐汇-漕河泾体育馆"),
    ("not_in_data_entity", "员工欧阳娜娜的岗位是什么", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "PQ12 片区负责人是谁", "no_such_entity", "PQ12"),
    # ------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "去年12月所有项目开票总额多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月排班月报里排了多少人？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月 XMSQ0224 的考勤人数", "outside_coverage", "2025-11"),
    ("not_in_data_month", "5月份月度快照的加班小时合计是多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年6月各项目收款金额合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年同期，也就是2025年3月，考勤人数一共多少", "outside_coverage", "2025-03"),
    ("not_in_data_month", "2025年10月XMSQ0374开票多少钱", "outside_coverage", "2025-10"),
    # ------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "每个项目的停车位数量是多少", "no_such_field", "停车位数量"),
    ("not_in_data_field", "花名册里员工学历分布怎么样", "no_such_field", "学历"),
    ("not_in_data_field", "设备的保修期都到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "XMSQ0224 的绿化面积有多大", "no_such_field", "绿化面积"),
    ("not_in_data_field", "查一下KWL0903263的紧急联系人", "no_such_field", "紧急联系人"),
    ("not_in_data_field", "供应商的统一社会信用代码能列一下吗", "no_such_field", "统一社会信用代码"),
    ("not_in_data_field", "员工婚姻状况的统计（已婚/未婚各多少）", "no_such_field", "婚姻状况"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "辛苦啦，谢谢！"),
    ("non_data", "帮我把XMSQ0224的项目负责人改成张三"),
    ("non_data", "把2月份那条重复的考勤记录删掉吧"),
    ("non_data", "在吗？"),
    ("non_data", "好的，明白了，多谢～"),
    ("non_data", "麻烦把岗位字典里的绿化工改名叫园艺工"),
]
