"""The twelfth held-out set as written: questions and their gold specs (the spec language of
tests/eval/blind_gold.py). Written blind from templates.md, cli.md, the generator and the ledgers
in data/ (seed 92300040); the fixed today is 2026-02-28. make_gold.py writes questions.jsonl.
"""

from __future__ import annotations

from typing import Any

P, R, F, A, X, B, E, D, S, C, Z, M, Q, RQ, J = (
    "项目信息", "人员信息", "项目月度财务", "考勤与人员财务", "排班月报", "投标记录", "岗位编制",
    "设备信息", "采购与维保", "检查记录", "人员证书", "月度快照", "片区信息", "项目片区关系", "岗位字典",
)  # fmt: skip
BUY = ["记录类型", "in", ["耗材采购", "固定资产"]]


def cnt(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": "count", **kw}


def agg(t: str, a: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "agg", "t": t, "where": list(where), "agg": a}


def lst(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def val(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, a: str, n: int = 1, order: str = "desc", *where: list[Any]) -> dict[str, Any]:
    return {"op": "top", "t": t, "by": by, "agg": a, "n": n, "order": order, "where": list(where)}


def having(t: str, by: str, a: str, cmp: list[Any], *where: list[Any], op: str = "having") -> dict[str, Any]:
    return {"op": op, "t": t, "by": by, "agg": a, "cmp": cmp, "where": list(where)}


def grp(t: str, by: str, a: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", "t": t, "by": by, "agg": a, "where": list(where)}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def pm(code: str, month: str) -> list[list[Any]]:
    return [["项目编号", "=", code], ["年月", "=", month]]


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---- count
    ("count", "花名册上一共登记了多少人？", "number", cnt(R)),
    ("count", "设备台账里电梯有几台 ", "number", cnt(D, ["设备类型", "=", "电梯"])),
    ("count", "2026年2月考勤表里XMSQ0305这个项目有几个人？", "number", cnt(A, *pm("XMSQ0305", "2026-02"))),
    ("count", "消防安全检查一共做过多少次", "number", cnt(C, ["检查类型", "=", "消防安全检查"])),
    (
        "count",
        "您好，请问人员证书表中持有保洁员（五级）证书的员工有多少人？",
        "number",
        agg(Z, "nunique:工号", ["证书名称", "=", "保洁员（五级）"]),
    ),
    ("count", "排班月报里2026年2月XMSQ0305排了几个人的班？", "number", cnt(X, *pm("XMSQ0305", "2026-02"))),
    (
        "count",
        "2026年1月的耗材采购记录共几条？",
        "number",
        cnt(S, ["记录类型", "=", "耗材采购"], ["年月", "=", "2026-01"]),
    ),
    # ---- list
    (
        "list",
        "做电梯维保的供应商有哪几家",
        "names",
        lst(S, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "电梯维保"]),
    ),
    (
        "list",
        "列一下XMSQ0305在2026年2月有考勤的人员名单",
        "names",
        lst(A, "工号", *pm("XMSQ0305", "2026-02")),
    ),
    ("list", "服务状态为“未开始”的项目都有哪些？", "names", lst(P, "项目编号", ["服务状态", "=", "未开始"])),
    (
        "list",
        "谁拿了消防设施操作员（初级）证书？列出来",
        "names",
        lst(Z, "工号", ["证书名称", "=", "消防设施操作员（初级）"]),
    ),
    (
        "list",
        "投标记录里没中标（中标结果=未中标）的是哪些项目",
        "names",
        lst(B, "项目编号", ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "岗位字典中员工层级为职能管理人员的岗位有哪些",
        "names",
        lst(J, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    ("list", "8个片区的负责人分别是谁，列个名单", "names", lst(Q, "片区负责人工号")),
    # ---- sum_avg
    (
        "sum_avg",
        "XMSQ0211 在2026年1月到4月的开票金额合计是多少元？",
        "number",
        agg(
            F,
            "sum:开票金额",
            ["项目编号", "=", "XMSQ0211"],
            ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]],
        ),
    ),
    (
        "sum_avg",
        "2026年2月所有项目收款金额加起来多少",
        "number",
        agg(F, "sum:收款金额", ["年月", "=", "2026-02"]),
    ),
    ("sum_avg", "全部项目的客户满意度平均是多少分", "number", agg(P, "avg:客户满意度")),
    ("sum_avg", "耗材采购总共花了多少钱？", "number", agg(S, "sum:金额", ["记录类型", "=", "耗材采购"])),
    (
        "sum_avg",
        "岗位编制表中XMSQ0104各岗位的项目编制加起来一共几个人",
        "number",
        agg(E, "sum:项目编制", ["项目编号", "=", "XMSQ0104"]),
    ),
    (
        "sum_avg",
        "季度综合检查的平均分是多少，麻烦看下",
        "number",
        agg(C, "avg:检查得分", ["检查类型", "=", "季度综合检查"]),
    ),
    (
        "sum_avg",
        "请统计XMSQ0393项目2026年2月考勤中平时加班小时的总和，谢谢",
        "number",
        agg(A, "sum:平时加班小时", *pm("XMSQ0393", "2026-02")),
    ),
    # ---- extreme_rank
    (
        "extreme_rank",
        "2026年2月开票金额最高的是哪个项目？",
        "names",
        top(F, "项目编号", "sum:开票金额", 1, "desc", ["年月", "=", "2026-02"]),
    ),
    ("extreme_rank", "合同面积最小的项目是哪个", "names", top(P, "项目编号", "min:合同面积", 1, "asc")),
    ("extreme_rank", "哪家供应商的采购金额最大", "names", top(S, "供应商名称", "sum:金额", 1, "desc", BUY)),
    ("extreme_rank", "哪个项目登记的设备最多？", "names", top(D, "项目编号", "count")),
    (
        "extreme_rank",
        "投标金额最大的一条投标记录，金额是多少？",
        "number",
        {"op": "top_value", "t": B, "by": "项目编号", "agg": "max:投标金额", "where": []},
    ),
    (
        "extreme_rank",
        "2026年1月开票金额最少的项目是哪一个",
        "names",
        top(F, "项目编号", "sum:开票金额", 1, "asc", ["年月", "=", "2026-01"]),
    ),
    ("extreme_rank", "哪个检查类型的平均检查得分最高？", "names", top(C, "检查类型", "avg:检查得分")),
    # ---- top_n
    (
        "top_n",
        "2026年1月收款金额排前三的项目",
        "names",
        top(F, "项目编号", "sum:收款金额", 3, "desc", ["年月", "=", "2026-01"]),
    ),
    ("top_n", "设备台数排前两名的项目是哪些", "names", top(D, "项目编号", "count", 2)),
    ("top_n", "采购金额最高的三家供应商", "names", top(S, "供应商名称", "sum:金额", 3, "desc", BUY)),
    (
        "top_n",
        "2月份考勤里平时加班小时合计最多的前3个项目是哪几个",
        "names",
        top(A, "项目编号", "sum:平时加班小时", 3, "desc", ["年月", "=", "2026-02"]),
    ),
    ("top_n", "项目数最多的三个片区", "names", top(P, "@片区编号", "count", 3)),
    ("top_n", "投标金额 top5 的项目", "names", top(B, "项目编号", "sum:投标金额", 5)),
    ("top_n", "原值总额排名前三的设备类型有哪些？", "names", top(D, "设备类型", "sum:原值", 3)),
    # ---- existence
    (
        "existence",
        "xmsq0229 有没有报废的设备？谢谢",
        "bool",
        ex(D, ["项目编号", "=", "XMSQ0229"], ["完好状况", "=", "报废"]),
    ),
    (
        "existence",
        "花名册里有2026年4月入职的员工吗？",
        "bool",
        ex(R, ["入职日期", ">=", "2026-04-01"], ["入职日期", "<=", "2026-04-30"]),
    ),
    (
        "existence",
        "南京瑞丰电梯工程有限公司有维保合同吗",
        "bool",
        ex(S, ["记录类型", "=", "维保合同"], ["维保单位名称", "=", "南京瑞丰电梯工程有限公司"]),
    ),
    ("existence", "投标记录里有没有年份是2026年的", "bool", ex(B, ["年份", "=", 2026])),
    (
        "existence",
        "XMSQ0305 二月份考勤里有人旷工吗？",
        "bool",
        ex(A, *pm("XMSQ0305", "2026-02"), ["1日", "has_code", "旷"]),
    ),
    ("existence", "公司有人持有高压电工作业证吗", "bool", ex(Z, ["证书名称", "=", "高压电工作业"])),
    ("existence", "有没有客户投诉在5次及以上的项目？", "bool", ex(P, ["客户投诉", ">=", 5])),
    # ---- status
    ("status", "XMSQ0404 服务状态是啥", "value", val(P, "服务状态", ["项目编号", "=", "XMSQ0404"])),
    (
        "status",
        "科创-金桥人民医院的项目负责人是谁？",
        "value",
        val(P, "项目负责人", ["项目编号", "=", "XMSQ0319"]),
    ),
    ("status", "工号KWL2403358是什么岗位", "value", val(R, "岗位名称", ["工号", "=", "KWL2403358"])),
    (
        "status",
        "请问长宁-唐镇社区中心采用的委托方式是什么？",
        "value",
        val(P, "委托方式", ["项目编号", "=", "XMSQ0234"]),
    ),
    ("status", "维保合同WB0003的结束日期是哪天", "value", val(S, "结束日期", ["记录编号", "=", "WB0003"])),
    (
        "status",
        "马红兵的低压电工作业证有效期到什么时候？",
        "value",
        val(Z, "有效期至", ["工号", "=", "KWL2403358"], ["证书名称", "=", "低压电工作业"]),
    ),
    ("status", "片区编号PQ06对应的片区名称", "value", val(Q, "片区名称", ["片区编号", "=", "PQ06"])),
    # ---- colloquial
    ("colloquial", "咱们公司一共几个片区啊", "number", cnt(Q)),
    (
        "colloquial",
        "xmsq0305 二月开票开了多少钱呀",
        "number",
        agg(F, "sum:开票金额", *pm("XMSQ0305", "2026-02")),
    ),
    ("colloquial", "保安_普保在花名册上有多少人啊", "number", cnt(R, ["岗位名称", "=", "保安_普保"])),
    (
        "colloquial",
        "停用的电梯有几台呀？？",
        "number",
        cnt(D, ["设备类型", "=", "电梯"], ["完好状况", "=", "停用"]),
    ),
    ("colloquial", "老板问嘉定片区那边一共多少个项目，帮忙查下", "number", cnt(P, reg("PQ06"))),
    (
        "colloquial",
        "劳保耗材一共买了多少钱啊",
        "number",
        agg(S, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "劳保耗材"]),
    ),
    ("colloquial", "花名册上女同事有几个", "number", cnt(R, ["性别", "=", "女"])),
    # ---- time_reference (today 2026-02-28)
    (
        "time_reference",
        "本月XMSQ0211的开票金额是多少",
        "number",
        agg(F, "sum:开票金额", *pm("XMSQ0211", "2026-02")),
    ),
    (
        "time_reference",
        "上个月全公司的收款金额合计是多少元",
        "number",
        agg(F, "sum:收款金额", ["年月", "=", "2026-01"]),
    ),
    ("time_reference", "这个月考勤表里一共有多少条考勤记录？", "number", cnt(A, ["年月", "=", "2026-02"])),
    (
        "time_reference",
        "XMSQ0229 今年1月到本月累计开票多少",
        "number",
        agg(F, "sum:开票金额", ["项目编号", "=", "XMSQ0229"], ["年月", "in", ["2026-01", "2026-02"]]),
    ),
    ("time_reference", "上个月XMSQ0404有几个人的考勤", "number", cnt(A, *pm("XMSQ0404", "2026-01"))),
    ("time_reference", "今年(2026年)的投标记录有几条", "number", cnt(B, ["年份", "=", 2026])),
    (
        "time_reference",
        "上个月耗材采购的金额一共多少",
        "number",
        agg(S, "sum:金额", ["记录类型", "=", "耗材采购"], ["年月", "=", "2026-01"]),
    ),
    # ---- now_current
    ("now_current", "现在服务状态还是“服务中”的项目有几个？", "number", cnt(P, ["服务状态", "=", "服务中"])),
    ("now_current", "当前完好状况为带病运行的设备有多少台", "number", cnt(D, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "截至今天（2026-02-28），有效期至已经早于今天的证书有几本？",
        "number",
        cnt(Z, ["有效期至", "<", "2026-02-28"]),
    ),
    (
        "now_current",
        "KWL2403358 当前服务的是哪个项目",
        "value",
        val(R, "当前服务项目编号", ["工号", "=", "KWL2403358"]),
    ),
    (
        "now_current",
        "目前合同状况是“已签约未进场”的项目有哪些",
        "names",
        lst(P, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "结束日期已经早于今天（2026年2月28日）的维保合同有几份",
        "number",
        cnt(S, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-02-28"]),
    ),
    (
        "now_current",
        "消防设施操作员（初级）证书中，有效期至晚于今天2026-02-28、现在仍有效的有几本",
        "number",
        cnt(Z, ["证书名称", "=", "消防设施操作员（初级）"], ["有效期至", ">", "2026-02-28"]),
    ),
    # ---- monthly_fact
    (
        "monthly_fact",
        "2026年3月XMSQ0211开票金额",
        "number",
        agg(F, "sum:开票金额", *pm("XMSQ0211", "2026-03")),
    ),
    (
        "monthly_fact",
        "XMSQ0229 2026年1月收款多少？",
        "number",
        agg(F, "sum:收款金额", *pm("XMSQ0229", "2026-01")),
    ),
    (
        "monthly_fact",
        "月度快照里XMSQ0393在2026年2月的出勤人次是多少",
        "number",
        agg(M, "sum:出勤人次", *pm("XMSQ0393", "2026-02")),
    ),
    ("monthly_fact", "4月份XMSQ0404有几个人有考勤记录", "number", cnt(A, *pm("XMSQ0404", "2026-04"))),
    (
        "monthly_fact",
        "马红兵（KWL2403358）2026年1月上班天数",
        "number",
        agg(A, "sum:上班天数", ["工号", "=", "KWL2403358"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "月度快照中，XMSQ0305 2026年2月的加班小时合计",
        "number",
        agg(M, "sum:加班小时合计", *pm("XMSQ0305", "2026-02")),
    ),
    (
        "monthly_fact",
        "XMSQ0234在2026年4月的收款金额是多少元",
        "number",
        agg(F, "sum:收款金额", *pm("XMSQ0234", "2026-04")),
    ),
    # ---- compare
    (
        "compare",
        "XMSQ0211 2026年2月的开票金额比1月多多少？",
        "number",
        two(
            "diff",
            agg(F, "sum:开票金额", *pm("XMSQ0211", "2026-02")),
            agg(F, "sum:开票金额", *pm("XMSQ0211", "2026-01")),
        ),
    ),
    (
        "compare",
        "2026年2月XMSQ0345和XMSQ0325谁的开票金额高",
        "names",
        top(
            F,
            "项目编号",
            "sum:开票金额",
            1,
            "desc",
            ["项目编号", "in", ["XMSQ0345", "XMSQ0325"]],
            ["年月", "=", "2026-02"],
        ),
    ),
    (
        "compare",
        "嘉定片区的项目数比松江片区多吗",
        "bool",
        two("gt", cnt(P, reg("PQ06")), cnt(P, reg("PQ05"))),
    ),
    (
        "compare",
        "花名册上保洁员和保安_普保的人数相差多少",
        "number",
        two("absdiff", cnt(R, ["岗位名称", "=", "保洁员"]), cnt(R, ["岗位名称", "=", "保安_普保"])),
    ),
    (
        "compare",
        "XMSQ0229 1月的收款金额高于2月吗",
        "bool",
        two(
            "gt",
            agg(F, "sum:收款金额", *pm("XMSQ0229", "2026-01")),
            agg(F, "sum:收款金额", *pm("XMSQ0229", "2026-02")),
        ),
    ),
    (
        "compare",
        "消防安全检查的平均得分是否高于月度品质检查？",
        "bool",
        two(
            "gt",
            agg(C, "avg:检查得分", ["检查类型", "=", "消防安全检查"]),
            agg(C, "avg:检查得分", ["检查类型", "=", "月度品质检查"]),
        ),
    ),
    (
        "compare",
        "花名册里男员工比女员工多多少人",
        "number",
        two("diff", cnt(R, ["性别", "=", "男"]), cnt(R, ["性别", "=", "女"])),
    ),
    # ---- group_having
    ("group_having", "设备在15台及以上的项目有哪些", "names", having(D, "项目编号", "count", [">=", 15])),
    (
        "group_having",
        "2026年2月考勤人数有4个人及以上的项目",
        "names",
        having(A, "项目编号", "count", [">=", 4], ["年月", "=", "2026-02"]),
    ),
    (
        "group_having",
        "检查记录达到6次及以上的项目有几个？",
        "number",
        having(C, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "采购记录在28条及以上的供应商有哪些",
        "names",
        having(S, "供应商名称", "count", [">=", 28], BUY),
    ),
    ("group_having", "项目数在40个及以上的片区", "names", having(P, "@片区编号", "count", [">=", 40])),
    ("group_having", "人员证书表里持有2本及以上证书的人是谁", "names", having(Z, "工号", "count", [">=", 2])),
    (
        "group_having",
        "1、2两个月开票合计超过120万的项目有哪几个？",
        "names",
        having(F, "项目编号", "sum:开票金额", [">", 1200000], ["年月", "in", ["2026-01", "2026-02"]]),
    ),
    # ---- region_rollup
    (
        "region_rollup",
        "浦东片区2026年2月开票金额合计是多少",
        "number",
        agg(F, "sum:开票金额", reg("PQ07"), ["年月", "=", "2026-02"]),
    ),
    ("region_rollup", "科创片区2026年1月考勤的人数", "number", cnt(A, reg("PQ03"), ["年月", "=", "2026-01"])),
    ("region_rollup", "闵行片区的项目一共登记了几台设备？", "number", cnt(D, reg("PQ04"))),
    (
        "region_rollup",
        "长宁片区3月份收款多少钱",
        "number",
        agg(F, "sum:收款金额", reg("PQ08"), ["年月", "=", "2026-03"]),
    ),
    ("region_rollup", "青浦片区项目的平均客户满意度", "number", agg(P, "avg:客户满意度", reg("PQ01"))),
    (
        "region_rollup",
        "徐汇片区服务状态为服务中的项目有多少个",
        "number",
        cnt(P, reg("PQ02"), ["服务状态", "=", "服务中"]),
    ),
    (
        "region_rollup",
        "嘉定片区4月份的考勤人数一共多少人",
        "number",
        cnt(A, reg("PQ06"), ["年月", "=", "2026-04"]),
    ),
    # ---- negation
    ("negation", "汇总业态不是公建的项目有多少个", "number", cnt(P, ["汇总业态", "!=", "公建"])),
    ("negation", "委托方式除了全委以外的项目一共几个？", "number", cnt(P, ["委托方式", "!=", "全委"])),
    ("negation", "完好状况不是“完好”的设备有几台", "number", cnt(D, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "浦东新区的项目，别算服务状态已结束的，还有几个",
        "number",
        cnt(P, ["市（区）", "=", "浦东新区"], ["服务状态", "!=", "已结束"]),
    ),
    ("negation", "中标结果不是中标的投标记录有多少条", "number", cnt(B, ["中标结果", "!=", "中标"])),
    (
        "negation",
        "耗材采购里除了清洁耗材，其他类别的金额总共多少",
        "number",
        agg(S, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    (
        "negation",
        "设备信息表里一台设备都没有登记的项目有几个？",
        "number",
        cnt(P, ["项目编号", "not_in_q", lst(D, "项目编号")]),
    ),
    # ---- or_values
    ("or_values", "电梯或者消防类的设备一共多少台", "number", cnt(D, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "市（区）为松江区或青浦区的项目有几个？",
        "number",
        cnt(P, ["市（区）", "in", ["松江区", "青浦区"]]),
    ),
    (
        "or_values",
        "月度品质检查或季度综合检查，两类检查记录加起来多少条",
        "number",
        cnt(C, ["检查类型", "in", ["月度品质检查", "季度综合检查"]]),
    ),
    (
        "or_values",
        "岗位是绿化工或客服专员的员工有几个（花名册）",
        "number",
        cnt(R, ["岗位名称", "in", ["绿化工", "客服专员"]]),
    ),
    (
        "or_values",
        "证书名称是保安员（三级）或保安员（五级）的证书有几本",
        "number",
        cnt(Z, ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]]),
    ),
    (
        "or_values",
        "2026年1月或2月固定资产的采购金额合计",
        "number",
        agg(S, "sum:金额", ["记录类型", "=", "固定资产"], ["年月", "in", ["2026-01", "2026-02"]]),
    ),
    (
        "or_values",
        "状态为已入账或已验收的采购记录有多少条",
        "number",
        cnt(S, BUY, ["状态", "in", ["已入账", "已验收"]]),
    ),
    # ---- threshold_percent (实际毛利率 is a fraction)
    ("threshold_percent", "实际毛利率高于15%的项目有几个", "number", cnt(P, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "毛利率低于 8％ 的项目有多少个？", "number", cnt(P, ["实际毛利率", "<", 0.08])),
    (
        "threshold_percent",
        "实际毛利率在0.17及以上的项目有哪些",
        "names",
        lst(P, "项目编号", ["实际毛利率", ">=", 0.17]),
    ),
    ("threshold_percent", "客户满意度低于85分的项目有几个", "number", cnt(P, ["客户满意度", "<", 85])),
    (
        "threshold_percent",
        "2026年2月开票金额超过80万的项目有几个？",
        "number",
        cnt(F, ["年月", "=", "2026-02"], ["开票金额", ">", 800000]),
    ),
    ("threshold_percent", "检查得分不到82分的检查有几次", "number", cnt(C, ["检查得分", "<", 82])),
    (
        "threshold_percent",
        "实际毛利率不到百分之五的项目是哪些",
        "names",
        lst(P, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    # ---- share (a fraction)
    (
        "share",
        "服务中的项目占全部项目的比例是多少",
        "number",
        two("ratio", cnt(P, ["服务状态", "=", "服务中"]), cnt(P)),
    ),
    (
        "share",
        "女员工占花名册总人数的百分之几？",
        "number",
        two("ratio", cnt(R, ["性别", "=", "女"]), cnt(R)),
    ),
    ("share", "报废设备占全部设备的几成", "number", two("ratio", cnt(D, ["完好状况", "=", "报废"]), cnt(D))),
    (
        "share",
        "XMSQ0229 2026年2月的收款金额占当月开票金额的比例",
        "number",
        two(
            "ratio",
            agg(F, "sum:收款金额", *pm("XMSQ0229", "2026-02")),
            agg(F, "sum:开票金额", *pm("XMSQ0229", "2026-02")),
        ),
    ),
    (
        "share",
        "2026年2月浦东片区开票额占全公司当月开票额的比重",
        "number",
        two(
            "ratio",
            agg(F, "sum:开票金额", reg("PQ07"), ["年月", "=", "2026-02"]),
            agg(F, "sum:开票金额", ["年月", "=", "2026-02"]),
        ),
    ),
    (
        "share",
        "投标记录中，中标的占百分之多少",
        "number",
        two("ratio", cnt(B, ["中标结果", "=", "中标"]), cnt(B)),
    ),
    (
        "share",
        "耗材采购金额里清洁耗材的占比",
        "number",
        two(
            "ratio",
            agg(S, "sum:金额", ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            agg(S, "sum:金额", ["记录类型", "=", "耗材采购"]),
        ),
    ),
    # ---- grouped
    ("grouped", "按片区统计一下各有多少个项目", "groups", grp(P, "@片区编号", "count")),
    ("grouped", "各设备类型分别有多少台？", "groups", grp(D, "设备类型", "count")),
    (
        "grouped",
        "2026年2月每个片区的开票金额",
        "groups",
        grp(F, "@片区编号", "sum:开票金额", ["年月", "=", "2026-02"]),
    ),
    ("grouped", "按汇总业态分组，每组项目数是多少", "groups", grp(P, "汇总业态", "count")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups", grp(C, "检查类型", "avg:检查得分")),
    ("grouped", "花名册里每个岗位各有几个人", "groups", grp(R, "岗位名称", "count")),
    ("grouped", "项目月度财务里1到4月每个月的收款金额合计", "groups", grp(F, "年月", "sum:收款金额")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0412 的服务状态是什么", "no_such_entity", "XMSQ0412"),
    ("not_in_data_entity", "王建新现在在哪个项目上班？", "no_such_entity", "王建新"),
    ("not_in_data_entity", "工号KWL2601234是谁", "no_such_entity", "KWL2601234"),
    ("not_in_data_entity", "PQ11片区下面有几个项目", "no_such_entity", "PQ11"),
    (
        "not_in_data_entity",
        "宁波海天电梯工程有限公司的采购金额合计多少",
        "no_such_entity",
        "宁波海天电梯工程有限公司",
    ),
    (
        "not_in_data_entity",
        "浦东-陆家嘴金融中心这个项目的负责人是谁",
        "no_such_entity",
        "浦东-陆家嘴金融中心",
    ),
    ("not_in_data_entity", "请问李国栋持有哪些证书？", "no_such_entity", "李国栋"),
    ("not_in_data_month", "上上个月XMSQ0211开票多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年12月全公司的收款合计是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月XMSQ0229有几个人考勤", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月浦东片区的开票金额", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年6月份的收款总额是多少？", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年10月XMSQ0404月度快照的出勤人次", "outside_coverage", "2025-10"),
    ("not_in_data_month", "马红兵2026年8月上了几天班", "outside_coverage", "2026-08"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0229 有多少个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "KWL2403358 的银行卡号是多少", "no_such_field", "银行卡号"),
    ("not_in_data_field", "各项目2月的用电量是多少", "no_such_field", "用电量"),
    ("not_in_data_field", "XMSQ0305 2026年2月交了多少水费", "no_such_field", "水费"),
    ("not_in_data_field", "统计一下员工的婚姻状况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "马红兵的籍贯是哪里？", "no_such_field", "籍贯"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "帮我把XMSQ0211的服务状态改成已结束"),
    ("non_data", "请删除工号KWL2403358的考勤记录"),
    ("non_data", "早上好呀，在吗？"),
    ("non_data", "好的明白了，多谢"),
    ("non_data", "把XMSQ0178的设备XF-001原值修改为5万"),
]
