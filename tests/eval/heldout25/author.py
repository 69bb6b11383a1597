"""The twenty-fifth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Today is 2026-01-26 (gold.TODAY). make_gold.py turns this file into questions.jsonl.
"""

from __future__ import annotations

from typing import Any

P, H, R, RL, F, A, S, B, Z, E, C, INSP, CERT, M, D = (
    "项目信息", "人员信息", "片区信息", "项目片区关系", "项目月度财务", "考勤与人员财务", "排班月报",
    "投标记录", "岗位编制", "设备信息", "采购与维保", "检查记录", "人员证书", "月度快照", "岗位字典",
)  # fmt: skip
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]


def n(t: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def ls(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def top(t: str, by: str, agg: str, k: int = 1, order: str = "desc", *where: list[Any]) -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": k, "order": order, "where": list(where)}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def hv(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having") -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def grp(t: str, by: str, agg: str = "count", *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # count
    ("count", "花名册上总共登记了多少号人？", "number", n(H)),
    ("count", "浦东新区那边的项目一共几个", "number", n(P, ["市（区）", "=", "浦东新区"])),
    ("count", "检查记录里，消防安全检查总共做过几次？", "number", n(INSP, ["检查类型", "=", "消防安全检查"])),
    ("count", "设备台账上登记的电梯有几台", "number", n(E, ["设备类型", "=", "电梯"])),
    (
        "count",
        "2026年2月1日到2026年2月15日（含首尾）之间一共做了多少次检查？",
        "number",
        n(INSP, ["检查日期", ">=", "2026-02-01"], ["检查日期", "<=", "2026-02-15"]),
    ),
    (
        "count",
        "证书台账里拿到保洁员（五级）证书的有几个人",
        "number",
        n(CERT, ["证书名称", "=", "保洁员（五级）"], agg="nunique:工号"),
    ),
    ("count", "请问1月份登记的考勤表一共有多少行记录？", "number", n(A, ["年月", "=", "2026-01"])),
    # list
    (
        "list",
        "合同状况写着“已签约未进场”的是哪几个项目",
        "names",
        ls(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    ("list", "公司目前划分了哪些片区？列一下", "names", ls(R, "片区编号")),
    (
        "list",
        "人员信息表里离职日期填的2026年2月28日的，都是谁？",
        "names",
        ls(H, "工号", ["离职日期", "=", "2026-02-28"]),
    ),
    (
        "list",
        "中标日期在2025年6月1日之后的投标，分别是哪些项目",
        "names",
        ls(B, "项目编号", ["中标日期", ">", "2025-06-01"]),
    ),
    (
        "list",
        "岗位字典里，岗位大类属于保安的岗位有哪些？",
        "names",
        ls(D, "岗位名称", ["岗位大类", "=", "保安"]),
    ),
    (
        "list",
        "持有特种作业操作证的员工 给我列个名单",
        "names",
        ls(CERT, "工号", ["证书类别", "=", "特种作业操作证"]),
    ),
    (
        "list",
        "杭州盛世电梯工程有限公司做维保的维保合同覆盖了哪些项目？",
        "names",
        ls(C, "项目编号", ["记录类型", "=", "维保合同"], ["维保单位名称", "=", "杭州盛世电梯工程有限公司"]),
    ),
    # sum_avg
    (
        "sum_avg",
        "1月份登记的考勤，税后工资加总是多少",
        "number",
        n(A, ["年月", "=", "2026-01"], agg="sum:税后工资"),
    ),
    ("sum_avg", "全部项目的合同金额平均下来每个多少钱？", "number", n(P, agg="avg:合同金额")),
    (
        "sum_avg",
        "耗材采购这块总共花了多少金额",
        "number",
        n(C, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "季度综合检查的得分平均是多少分",
        "number",
        n(INSP, ["检查类型", "=", "季度综合检查"], agg="avg:检查得分"),
    ),
    ("sum_avg", "暖通空调类设备的原值合计？", "number", n(E, ["设备类型", "=", "暖通空调"], agg="sum:原值")),
    (
        "sum_avg",
        "2月份登记的项目月度财务，开票金额一共多少",
        "number",
        n(F, ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    ("sum_avg", "岗位编制表里预算编制总数是多少人", "number", n(Z, agg="sum:预算编制")),
    # extreme_rank
    ("extreme_rank", "哪个项目的合同金额是最高的", "names", top(P, "项目编号", "max:合同金额")),
    ("extreme_rank", "客户满意度垫底的是哪个项目？", "names", top(P, "项目编号", "min:客户满意度", 1, "asc")),
    (
        "extreme_rank",
        "单笔金额最大的那笔耗材采购，供应商是谁",
        "names",
        top(C, "供应商名称", "max:金额", 1, "desc", ["记录类型", "=", "耗材采购"]),
    ),
    ("extreme_rank", "花名册中入职最早的是哪位员工", "names", top(H, "工号", "min:入职日期", 1, "asc")),
    (
        "extreme_rank",
        "1月份登记的考勤中税后工资最高的是谁",
        "names",
        top(A, "工号", "max:税后工资", 1, "desc", ["年月", "=", "2026-01"]),
    ),
    ("extreme_rank", "投标金额最大的一次投标是哪个项目的？", "names", top(B, "项目编号", "max:投标金额")),
    ("extreme_rank", "原值最高的设备在哪个项目", "names", top(E, "项目编号", "max:原值")),
    # top_n
    ("top_n", "合同面积排前三的项目", "names", top(P, "项目编号", "max:合同面积", 3)),
    (
        "top_n",
        "采购金额累计最多的5家供应商是哪些？（耗材和固定资产都算）",
        "names",
        top(C, "供应商名称", "sum:金额", 5, "desc", BUY),
    ),
    ("top_n", "按项目汇总设备原值，合计最高的三个项目", "names", top(E, "项目编号", "sum:原值", 3)),
    (
        "top_n",
        "1月份登记的考勤里，税后工资前五名是哪几个人",
        "names",
        top(A, "工号", "sum:税后工资", 5, "desc", ["年月", "=", "2026-01"]),
    ),
    ("top_n", "年化合同额最小的5个项目分别是？", "names", top(P, "项目编号", "min:年化合同额", 5, "asc")),
    (
        "top_n",
        "2月份登记的开票金额，最高的3个项目是哪些",
        "names",
        top(F, "项目编号", "sum:开票金额", 3, "desc", ["年月", "=", "2026-02"]),
    ),
    ("top_n", "投标金额前3的投标对应哪些项目？", "names", top(B, "项目编号", "max:投标金额", 3)),
    # existence
    (
        "existence",
        "有没有已经报废了的电梯？",
        "bool",
        ex(E, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "投标记录里有没有年份是2026年的", "bool", ex(B, ["年份", "=", 2026])),
    ("existence", "有客户投诉超过3次的项目吗", "bool", ex(P, ["客户投诉", ">", 3])),
    ("existence", "检查得分有低于70分的记录吗？", "bool", ex(INSP, ["检查得分", "<", 70])),
    ("existence", "证书里面有没有人持有物业管理师", "bool", ex(CERT, ["证书名称", "=", "物业管理师"])),
    (
        "existence",
        "有没有开始日期在2026年7月1日的维保合同",
        "bool",
        ex(C, ["记录类型", "=", "维保合同"], ["开始日期", "=", "2026-07-01"]),
    ),
    ("existence", "花名册里有2000年1月1日及以后出生的人吗", "bool", ex(H, ["出生日期", ">=", "2000-01-01"])),
    # status
    ("status", "XMSQ0192的合同状况是啥", "value", val(P, "合同状况", ["项目编号", "=", "XMSQ0192"])),
    ("status", "xmsq0194 的项目负责人是哪位？", "value", val(P, "项目负责人", ["项目编号", "=", "XMSQ0194"])),
    ("status", "工号KWL2309700是什么岗位", "value", val(H, "岗位名称", ["工号", "=", "KWL2309700"])),
    ("status", "PQ05这个片区叫什么名字", "value", val(R, "片区名称", ["片区编号", "=", "PQ05"])),
    (
        "status",
        "出厂编号2020942257的那台设备，完好状况怎么样",
        "value",
        val(E, "完好状况", ["出厂编号", "=", "2020942257"]),
    ),
    ("status", "记录编号WB0001目前是什么状态？", "value", val(C, "状态", ["记录编号", "=", "WB0001"])),
    ("status", "XMSQ0199 用的是哪种计费方式", "value", val(P, "计费方式", ["项目编号", "=", "XMSQ0199"])),
    # colloquial
    ("colloquial", "花名册上女的有多少个啊", "number", n(H, ["性别", "=", "女"])),
    ("colloquial", "咱花名册里党员有几个来着？", "number", n(H, ["政治面貌", "=", "中共党员"])),
    ("colloquial", "包干制的项目大概有多少个哈", "number", n(P, ["计费方式", "=", "包干制"])),
    ("colloquial", "那个带病运行的设备 一共几台呀", "number", n(E, ["完好状况", "=", "带病运行"])),
    (
        "colloquial",
        "嘉定区项目的合同金额加一块儿有多少钱",
        "number",
        n(P, ["市（区）", "=", "嘉定区"], agg="sum:合同金额"),
    ),
    ("colloquial", "人员信息表里一线员工有几个人哇", "number", n(H, ["员工层级", "=", "一线员工"])),
    ("colloquial", "咱们投标一共中了几回？", "number", n(B, ["中标结果", "=", "中标"])),
    # time_reference
    ("time_reference", "本月登记的考勤一共多少条", "number", n(A, ["年月", "=", "2026-01"])),
    ("time_reference", "今年的投标记录有几条？", "number", n(B, ["年份", "=", 2026])),
    (
        "time_reference",
        "年初至今登记的耗材采购，金额合计多少",
        "number",
        n(C, ["记录类型", "=", "耗材采购"], ["年月", "=", "2026-01"], agg="sum:金额"),
    ),
    ("time_reference", "这个月登记的排班月报有几行", "number", n(S, ["年月", "=", "2026-01"])),
    (
        "time_reference",
        "本月登记的月度快照，出勤人次加起来是多少",
        "number",
        n(M, ["年月", "=", "2026-01"], agg="sum:出勤人次"),
    ),
    (
        "time_reference",
        "开始日期在今年（2026年）的维保合同有多少份",
        "number",
        n(
            C,
            ["记录类型", "=", "维保合同"],
            ["开始日期", ">=", "2026-01-01"],
            ["开始日期", "<=", "2026-12-31"],
        ),
    ),
    (
        "time_reference",
        "这个月登记的考勤里值班费总共多少钱",
        "number",
        n(A, ["年月", "=", "2026-01"], agg="sum:值班费"),
    ),
    # now_current
    ("now_current", "服务状态现在是服务中的项目有几个？", "number", n(P, ["服务状态", "=", "服务中"])),
    ("now_current", "目前完好状况为停用的设备有多少台", "number", n(E, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "今天2026年1月26日，有效期至早于今天的证书有几本？",
        "number",
        n(CERT, ["有效期至", "<", "2026-01-26"]),
    ),
    (
        "now_current",
        "按今天2026-01-26算，结束日期已经早于今天的维保合同有几份",
        "number",
        n(C, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-01-26"]),
    ),
    (
        "now_current",
        "KWL0903944 当前服务项目编号是多少",
        "value",
        val(H, "当前服务项目编号", ["工号", "=", "KWL0903944"]),
    ),
    (
        "now_current",
        "合同状况目前是履约中、又在浦东新区的项目有多少",
        "number",
        n(P, ["合同状况", "=", "履约中"], ["市（区）", "=", "浦东新区"]),
    ),
    (
        "now_current",
        "今天是2026年1月26日，有效期至在今天之后且不晚于2026年12月31日的证书有几本",
        "number",
        n(CERT, ["有效期至", ">", "2026-01-26"], ["有效期至", "<=", "2026-12-31"]),
    ),
    # monthly_fact
    (
        "monthly_fact",
        "XMSQ0273 2026年2月的开票金额是多少",
        "number",
        n(F, ["项目编号", "=", "XMSQ0273"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0303三月份收款多少？",
        "number",
        n(F, ["项目编号", "=", "XMSQ0303"], ["年月", "=", "2026-03"], agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0216 在2026年3月的考勤人数",
        "number",
        n(A, ["项目编号", "=", "XMSQ0216"], ["年月", "=", "2026-03"]),
    ),
    (
        "monthly_fact",
        "4月份 XMSQ0321 考勤上登记了几个人",
        "number",
        n(A, ["项目编号", "=", "XMSQ0321"], ["年月", "=", "2026-04"]),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0102 2026年2月的出勤人次是多少",
        "number",
        n(M, ["项目编号", "=", "XMSQ0102"], ["年月", "=", "2026-02"], agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "2026年2月全部考勤的税后工资总额",
        "number",
        n(A, ["年月", "=", "2026-02"], agg="sum:税后工资"),
    ),
    (
        "monthly_fact",
        "XMSQ0170 1月份登记的考勤，上班天数合计多少天",
        "number",
        n(A, ["项目编号", "=", "XMSQ0170"], ["年月", "=", "2026-01"], agg="sum:上班天数"),
    ),
    # compare
    (
        "compare",
        "XMSQ0273 三月的开票金额比二月多多少？",
        "number",
        two(
            "diff",
            n(F, ["项目编号", "=", "XMSQ0273"], ["年月", "=", "2026-03"], agg="sum:开票金额"),
            n(F, ["项目编号", "=", "XMSQ0273"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
        ),
    ),
    (
        "compare",
        "浦东新区和闵行区，哪个区的项目多",
        "names",
        top(P, "市（区）", "count", 1, "desc", ["市（区）", "in", ["浦东新区", "闵行区"]]),
    ),
    (
        "compare",
        "3月和4月的考勤记录条数相差多少",
        "number",
        two("absdiff", n(A, ["年月", "=", "2026-03"]), n(A, ["年月", "=", "2026-04"])),
    ),
    (
        "compare",
        "花名册里男员工比女员工多几个？",
        "number",
        two("diff", n(H, ["性别", "=", "男"]), n(H, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "中标与未中标两类投标的投标金额合计，相差多少",
        "number",
        two(
            "absdiff",
            n(B, ["中标结果", "=", "中标"], agg="sum:投标金额"),
            n(B, ["中标结果", "=", "未中标"], agg="sum:投标金额"),
        ),
    ),
    (
        "compare",
        "消防安全检查的平均得分是不是比月度品质检查高？",
        "bool",
        two(
            "gt",
            n(INSP, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
            n(INSP, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
        ),
    ),
    (
        "compare",
        "耗材采购金额，2月份登记的和3月份登记的哪个月更多",
        "names",
        top(
            C,
            "年月",
            "sum:金额",
            1,
            "desc",
            ["记录类型", "=", "耗材采购"],
            ["年月", "in", ["2026-02", "2026-03"]],
        ),
    ),
    # group_having
    ("group_having", "设备有15台及以上的项目有哪些", "names", hv(E, "项目编号", "count", [">=", 15])),
    (
        "group_having",
        "项目片区关系里挂了40个及以上项目的片区",
        "names",
        hv(RL, "片区编号", "count", [">=", 40]),
    ),
    (
        "group_having",
        "被检查过5次及以上的项目有几个？",
        "number",
        hv(INSP, "项目编号", "count", [">=", 5], op="having_count"),
    ),
    (
        "group_having",
        "采购笔数超过25笔的供应商是哪几家（耗材+固定资产）",
        "names",
        hv(C, "供应商名称", "count", [">", 25], BUY),
    ),
    (
        "group_having",
        "1月份登记的考勤中，考勤人数4人及以上的项目",
        "names",
        hv(A, "项目编号", "count", [">=", 4], ["年月", "=", "2026-01"]),
    ),
    ("group_having", "证书台账中有2本及以上证书的人是谁", "names", hv(CERT, "工号", "count", [">=", 2])),
    (
        "group_having",
        "负责项目超过15个的项目负责人（给工号）",
        "names",
        hv(P, "项目负责人工号", "count", [">", 15]),
    ),
    # region_rollup
    ("region_rollup", "科创片区一共管着几个项目", "number", n(RL, ["片区编号", "=", "PQ03"])),
    (
        "region_rollup",
        "青浦片区名下项目的合同金额合计",
        "number",
        n(P, ["项目编号", "region", "PQ01"], agg="sum:合同金额"),
    ),
    (
        "region_rollup",
        "浦东片区2月份登记的开票金额总和是多少？",
        "number",
        n(F, ["项目编号", "region", "PQ07"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    ("region_rollup", "分片区统计一下项目个数", "groups", grp(P, "@片区编号")),
    ("region_rollup", "哪个片区的设备台数最多", "names", top(E, "@片区编号", "count")),
    (
        "region_rollup",
        "嘉定片区或长宁片区的项目合起来有几个",
        "number",
        {
            "op": "agg",
            "t": P,
            "where": [],
            "any": [["项目编号", "region", "PQ06"], ["项目编号", "region", "PQ08"]],
            "agg": "count",
        },
    ),
    (
        "region_rollup",
        "松江片区项目的检查平均分",
        "number",
        n(INSP, ["项目编号", "region", "PQ05"], agg="avg:检查得分"),
    ),
    # negation
    ("negation", "汇总业态不是公建的项目有几个", "number", n(P, ["汇总业态", "!=", "公建"])),
    ("negation", "花名册里政治面貌不是中共党员的有多少人", "number", n(H, ["政治面貌", "!=", "中共党员"])),
    ("negation", "完好状况不为“完好”的设备共几台？", "number", n(E, ["完好状况", "!=", "完好"])),
    ("negation", "客户满意度没填的项目有多少个", "number", n(P, ["客户满意度", "null"])),
    (
        "negation",
        "项目信息表里，在设备台账上一台设备都没有的项目有几个",
        "number",
        n(P, ["项目编号", "not_in_q", ls(E, "项目编号")]),
    ),
    (
        "negation",
        "花名册中在考勤表里一条考勤都没有的人数",
        "number",
        n(H, ["工号", "not_in_q", ls(A, "工号")]),
    ),
    (
        "negation",
        "耗材采购里类别不是清洁耗材的有几笔",
        "number",
        n(C, ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    # or_values
    (
        "or_values",
        "徐汇区或者长宁区的项目一共多少个",
        "number",
        n(P, ["市（区）", "in", ["徐汇区", "长宁区"]]),
    ),
    (
        "or_values",
        "状态为已到货或已验收的采购记录有几笔",
        "number",
        n(C, BUY, ["状态", "in", ["已到货", "已验收"]]),
    ),
    ("or_values", "电梯、消防这两类设备加起来多少台", "number", n(E, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "持有保安员（三级）或保安员（五级）证书的人数",
        "number",
        n(CERT, ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]], agg="nunique:工号"),
    ),
    (
        "or_values",
        "细分业态是医疗卫生或学校的项目有多少",
        "number",
        n(P, ["细分业态", "in", ["医疗卫生", "学校"]]),
    ),
    (
        "or_values",
        "季度综合检查和设备专项检查放在一起，平均得分多少",
        "number",
        n(INSP, ["检查类型", "in", ["季度综合检查", "设备专项检查"]], agg="avg:检查得分"),
    ),
    ("or_values", "人员信息表中职级为M1或M2的人数", "number", n(H, ["职级", "in", ["M1", "M2"]])),
    # threshold_percent
    ("threshold_percent", "实际毛利率超过10%的项目有几个", "number", n(P, ["实际毛利率", ">", 0.1])),
    ("threshold_percent", "实际毛利率低于５％的项目数量", "number", n(P, ["实际毛利率", "<", 0.05])),
    ("threshold_percent", "客户满意度90分及以上的项目有多少", "number", n(P, ["客户满意度", ">=", 90])),
    ("threshold_percent", "检查得分不到85分的检查有几次？", "number", n(INSP, ["检查得分", "<", 85])),
    ("threshold_percent", "合同金额超过1000万的项目共有几个", "number", n(P, ["合同金额", ">", 10000000])),
    (
        "threshold_percent",
        "2月份登记的考勤里税后工资低于4000元的有几条",
        "number",
        n(A, ["年月", "=", "2026-02"], ["税后工资", "<", 4000]),
    ),
    (
        "threshold_percent",
        "花名册上入职日期在2025年1月1日及以后的有几人",
        "number",
        n(H, ["入职日期", ">=", "2025-01-01"]),
    ),
    # share
    ("share", "女员工占花名册总人数的比例是多少", "number", two("ratio", n(H, ["性别", "=", "女"]), n(H))),
    (
        "share",
        "投标中标率是百分之多少？（中标条数/全部投标条数）",
        "number",
        two("ratio", n(B, ["中标结果", "=", "中标"]), n(B)),
    ),
    ("share", "包干制项目占全部项目的几成", "number", two("ratio", n(P, ["计费方式", "=", "包干制"]), n(P))),
    (
        "share",
        "带病运行的设备在设备总数里占多大比例",
        "number",
        two("ratio", n(E, ["完好状况", "=", "带病运行"]), n(E)),
    ),
    (
        "share",
        "2月份登记的项目财务，收款金额占开票金额的百分比",
        "number",
        two(
            "ratio",
            n(F, ["年月", "=", "2026-02"], agg="sum:收款金额"),
            n(F, ["年月", "=", "2026-02"], agg="sum:开票金额"),
        ),
    ),
    (
        "share",
        "浦东新区项目的合同金额在全部项目合同金额中的占比",
        "number",
        two("ratio", n(P, ["市（区）", "=", "浦东新区"], agg="sum:合同金额"), n(P, agg="sum:合同金额")),
    ),
    (
        "share",
        "采购总金额里耗材采购占百分之几",
        "number",
        two("ratio", n(C, ["记录类型", "=", "耗材采购"], agg="sum:金额"), n(C, BUY, agg="sum:金额")),
    ),
    # grouped
    ("grouped", "按区统计项目数量", "groups", grp(P, "市（区）")),
    ("grouped", "各汇总业态的平均合同金额分别是多少", "groups", grp(P, "汇总业态", "avg:合同金额")),
    ("grouped", "设备按设备类型分别有多少台？", "groups", grp(E, "设备类型")),
    ("grouped", "每种检查类型各自的平均得分", "groups", grp(INSP, "检查类型", "avg:检查得分")),
    ("grouped", "考勤表每个月各有多少条记录", "groups", grp(A, "年月")),
    ("grouped", "花名册按职级分，各多少人", "groups", grp(H, "职级")),
    ("grouped", "新标和续标的投标金额各合计多少", "groups", grp(B, "投标类型", "sum:投标金额")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ9999 的合同金额是多少", "no_such_entity", "XMSQ9999"),
    ("not_in_data_entity", "工号KWL0000001这个人是什么岗位？", "no_such_entity", "KWL0000001"),
    ("not_in_data_entity", "黄浦片区下面有几个项目", "no_such_entity", "黄浦片区"),
    (
        "not_in_data_entity",
        "上海大华电梯有限公司的采购金额合计多少",
        "no_such_entity",
        "上海大华电梯有限公司",
    ),
    ("not_in_data_entity", "静安-南京西路大厦这个项目的合同状况", "no_such_entity", "静安-南京西路大厦"),
    ("not_in_data_entity", "员工欧阳娜娜是哪天入职的？", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "XMSQ0050 的项目负责人是谁", "no_such_entity", "XMSQ0050"),
    ("not_in_data_month", "上个月的开票金额合计是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "XMSQ0216 去年12月考勤人数多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "上上个月全公司税后工资一共发了多少", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月的开票金额合计？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年10月的排班月报有多少条", "outside_coverage", "2025-10"),
    ("not_in_data_month", "2025年6月份收款金额总共多少", "outside_coverage", "2025-06"),
    ("not_in_data_month", "月度快照里2026年6月的出勤人次合计", "outside_coverage", "2026-06"),
    ("not_in_data_field", "花名册里本科学历的员工有几个", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0192 有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "已婚员工有多少人？看婚姻状况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "设备的保修期还剩多久的有哪些", "no_such_field", "保修期"),
    ("not_in_data_field", "员工的社保缴纳基数平均是多少", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "各个项目的绿化面积合计多少平方米", "no_such_field", "绿化面积"),
    ("not_in_data_field", "供应商的信用评级是A的有哪些", "no_such_field", "信用评级"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "好的，谢谢你！"),
    ("non_data", "帮我把XMSQ0192的合同金额改成500万"),
    ("non_data", "请删除工号KWL2309700这条员工记录"),
    ("non_data", "早上好，今天也辛苦了"),
    ("non_data", "麻烦把XMSQ0273 2月份的开票金额更新为40万"),
    ("non_data", "收到，感谢"),
]
