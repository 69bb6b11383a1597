"""The fifteenth held-out set as written: every question with its gold spec.

Written blind (see README.md). The gold specs are in the spec language of tests/eval/blind_gold.py;
make_gold.py turns them into questions.jsonl. The set's fixed today is 2026-03-12, a Thursday
(gold.TODAY): 本月 / 这个月 = 2026-03, 上个月 2026-02, 上上个月 2026-01, 下个月 2026-04, 今年 2026,
年初至今 2026-01…2026-03; 三个月前 (2025-12), 去年 and every month after 2026-04 are outside the
coverage.
"""

from __future__ import annotations

from typing import Any

P, PE, AREA, PA = "项目信息", "人员信息", "片区信息", "项目片区关系"
FIN, ATT, SCH, BID = "项目月度财务", "考勤与人员财务", "排班月报", "投标记录"
HC, EQ, BUY, INS = "岗位编制", "设备信息", "采购与维保", "检查记录"
CERT, SNAP, POS = "人员证书", "月度快照", "岗位字典"

JAN, FEB, MAR, APR = "2026-01", "2026-02", "2026-03", "2026-04"
TODAY = "2026-03-12"
PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]


def q(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    """A spec over ledger t with the given row conditions."""
    return {"t": t, "where": list(where), **kw}


def count(t: str, *where: list[Any], agg: str = "count") -> dict[str, Any]:
    return {"op": "agg", **q(t, *where), "agg": agg}


def total(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "agg", **q(t, *where), "agg": f"sum:{field}"}


def mean(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "agg", **q(t, *where), "agg": f"avg:{field}"}


def names(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", **q(t, *where), "key": key}


def value(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "value", **q(t, *where), "field": field}


def exists(t: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "exists", **q(t, *where)}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> dict[str, Any]:
    return {"op": "top", **q(t, *where), "by": by, "agg": agg, "n": n, "order": order}


def having(
    t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having"
) -> dict[str, Any]:
    return {"op": op, **q(t, *where), "by": by, "agg": agg, "cmp": cmp}


def groups(t: str, by: str, agg: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "groups", **q(t, *where), "by": by, "agg": agg}


def two(op: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"op": op, "a": a, "b": b}


def serving_projects() -> dict[str, Any]:
    return {"t": P, "where": [["服务状态", "=", "服务中"]]}


def keys_of(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    """A sub-spec for in_q / not_in_q: the keys `key` of ledger t."""
    return names(t, key, *where)


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ------------------------------------------------------------------ count
    ("count", "花名册上的保洁员，一共登记了多少个人？", "number", count(PE, ["岗位名称", "=", "保洁员"])),
    ("count", "设备信息里 设备类型=消防 的有几台啊", "number", count(EQ, ["设备类型", "=", "消防"])),
    (
        "count",
        "市场部问一下：投标记录当中属于续标的一共几条",
        "number",
        count(BID, ["投标类型", "=", "续标"]),
    ),
    (
        "count",
        "项目信息表里委托方式为“多项单委”的项目数是多少？",
        "number",
        count(P, ["委托方式", "=", "多项单委"]),
    ),
    (
        "count",
        "证书类别是特种作业操作证的，人员证书表里登记了几张",
        "number",
        count(CERT, ["证书类别", "=", "特种作业操作证"]),
    ),
    (
        "count",
        "检查记录里，检查类型为客户满意度回访的共计多少条?",
        "number",
        count(INS, ["检查类型", "=", "客户满意度回访"]),
    ),
    ("count", "汇总业态属于园区的项目有多少个呢", "number", count(P, ["汇总业态", "=", "园区"])),
    ("count", "片区信息表里一共有几个片区？", "number", count(AREA)),
    # ------------------------------------------------------------------ list
    (
        "list",
        "拿到物业管理师证书的员工都有谁？",
        "names",
        names(CERT, "工号", ["证书名称", "=", "物业管理师"]),
    ),
    (
        "list",
        "投标记录里中标结果为未中标的，是哪些项目",
        "names",
        names(BID, "项目编号", ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "供应商名录中类别是空调维保的供应商都有哪几家",
        "names",
        names(BUY, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "空调维保"]),
    ),
    (
        "list",
        "xmsq0122  2月考勤表上有哪几个人",
        "names",
        names(ATT, "工号", ["项目编号", "=", "XMSQ0122"], ["年月", "=", FEB]),
    ),
    (
        "list",
        "报废了的电梯分别在哪些项目上？（完好状况=报废）",
        "names",
        names(EQ, "项目编号", ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    (
        "list",
        "员工层级属于职能管理人员的岗位，岗位字典里列了哪些",
        "names",
        names(POS, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "柴油发电机组里完好状况是带病运行的，在哪几个项目",
        "names",
        names(EQ, "项目编号", ["设备名称", "=", "柴油发电机组"], ["完好状况", "=", "带病运行"]),
    ),
    (
        "list",
        "麻烦列一下：投标记录年份写的2026年的是哪几个项目",
        "names",
        names(BID, "项目编号", ["年份", "=", 2026]),
    ),
    # ------------------------------------------------------------------ sum_avg
    (
        "sum_avg",
        "财务这边想知道，2026年2月各项目开票金额合计是多少",
        "number",
        total(FIN, "开票金额", ["年月", "=", FEB]),
    ),
    (
        "sum_avg",
        "固定资产采购的金额一共多少（采购与维保表）",
        "number",
        total(BUY, "金额", ["记录类型", "=", "固定资产"]),
    ),
    ("sum_avg", "项目信息表里客户满意度的平均分是多少？", "number", mean(P, "客户满意度")),
    (
        "sum_avg",
        "XMSQ0209 考勤表1-4月平时加班小时总和",
        "number",
        total(ATT, "平时加班小时", ["项目编号", "=", "XMSQ0209"]),
    ),
    ("sum_avg", "维保合同平均每份金额是多少？", "number", mean(BUY, "金额", ["记录类型", "=", "维保合同"])),
    ("sum_avg", "中标的投标，平均投标金额多少钱", "number", mean(BID, "投标金额", ["中标结果", "=", "中标"])),
    (
        "sum_avg",
        "岗位编制表 保安_普保 的预算编制加起来多少",
        "number",
        total(HC, "预算编制", ["岗位", "=", "保安_普保"]),
    ),
    (
        "sum_avg",
        "设备类型为暖通空调的设备，原值合计多少元",
        "number",
        total(EQ, "原值", ["设备类型", "=", "暖通空调"]),
    ),
    # ------------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的项目是哪一个？", "names", top(P, "项目编号", "max:合同面积")),
    (
        "extreme_rank",
        "耗材采购金额累计最多的供应商是哪家",
        "names",
        top(BUY, "供应商名称", "sum:金额", ["记录类型", "=", "耗材采购"]),
    ),
    (
        "extreme_rank",
        "二月份税后工资拿得最高的是哪位员工",
        "names",
        top(ATT, "工号", "max:税后工资", ["年月", "=", FEB]),
    ),
    ("extreme_rank", "台账里哪类设备最多？按设备类型看", "names", top(EQ, "设备类型", "count")),
    (
        "extreme_rank",
        "实际毛利率垫底的是哪个项目",
        "names",
        top(P, "项目编号", "min:实际毛利率", order="asc"),
    ),
    ("extreme_rank", "哪一种检查类型平均得分最高？", "names", top(INS, "检查类型", "avg:检查得分")),
    (
        "extreme_rank",
        "耗材采购单笔金额最高的那一笔是多少钱",
        "number",
        count(BUY, ["记录类型", "=", "耗材采购"], agg="max:金额"),
    ),
    # ------------------------------------------------------------------ top_n
    (
        "top_n",
        "1月开票金额前三名的项目是哪几个",
        "names",
        top(FIN, "项目编号", "sum:开票金额", ["年月", "=", JAN], n=3),
    ),
    ("top_n", "设备数量排前3的项目", "names", top(EQ, "项目编号", "count", n=3)),
    ("top_n", "哪两个项目被检查的次数最多", "names", top(INS, "项目编号", "count", n=2)),
    ("top_n", "按岗位编制表的在岗人数合计，排名前三的岗位", "names", top(HC, "岗位", "sum:在岗人数", n=3)),
    (
        "top_n",
        "2026年2月收款金额最高的5个项目",
        "names",
        top(FIN, "项目编号", "sum:收款金额", ["年月", "=", FEB], n=5),
    ),
    (
        "top_n",
        "检查平均得分最低的三个项目",
        "names",
        top(INS, "项目编号", "avg:检查得分", n=3, order="asc"),
    ),
    (
        "top_n",
        "二月份耗材采购花钱最多的3个项目",
        "names",
        top(BUY, "项目编号", "sum:金额", ["记录类型", "=", "耗材采购"], ["年月", "=", FEB], n=3),
    ),
    # ------------------------------------------------------------------ existence
    ("existence", "有没有客户满意度不到83分的项目？", "bool", exists(P, ["客户满意度", "<", 83])),
    (
        "existence",
        "xmsq0130 有没有签维保合同",
        "bool",
        exists(BUY, ["记录类型", "=", "维保合同"], ["项目编号", "=", "XMSQ0130"]),
    ),
    ("existence", "人员证书里有人考了中级经济师吗", "bool", exists(CERT, ["证书名称", "=", "中级经济师"])),
    (
        "existence",
        "3月份登记的考勤中有旷工记录吗",
        "bool",
        exists(ATT, ["年月", "=", MAR], ["1日", "has_code", "旷"]),
    ),
    (
        "existence",
        "XMSQ0245 有没有设备的完好状况是停用？",
        "bool",
        exists(EQ, ["项目编号", "=", "XMSQ0245"], ["完好状况", "=", "停用"]),
    ),
    ("existence", "投标记录中是否存在年份为2026年的记录", "bool", exists(BID, ["年份", "=", 2026])),
    (
        "existence",
        "XMSQ0102 一月份开过票没有（项目月度财务）",
        "bool",
        exists(FIN, ["项目编号", "=", "XMSQ0102"], ["年月", "=", JAN]),
    ),
    # ------------------------------------------------------------------ status
    ("status", "XMSQ0160的项目负责人是谁", "value", value(P, "项目负责人", ["项目编号", "=", "XMSQ0160"])),
    (
        "status",
        "嘉定片区归谁负责？片区负责人叫什么",
        "value",
        value(PE, "姓名", ["工号", "in_q", keys_of(AREA, "片区负责人工号", ["片区名称", "=", "嘉定片区"])]),
    ),
    (
        "status",
        "您好，请问XMSQ0150的委托方式是哪种？？",
        "value",
        value(P, "委托方式", ["项目编号", "=", "XMSQ0150"]),
    ),
    ("status", "WB0006 维保合同到哪天结束", "value", value(BUY, "结束日期", ["记录编号", "=", "WB0006"])),
    (
        "status",
        "KWL2603332 这个工号是哪天入职的",
        "value",
        value(PE, "入职日期", ["工号", "=", "KWL2603332"]),
    ),
    ("status", "xmsq0128 的甲方叫什么名字", "value", value(P, "甲方名称", ["项目编号", "=", "XMSQ0128"])),
    (
        "status",
        "岗位字典中保安_消控员的员工层级是什么",
        "value",
        value(POS, "员工层级", ["岗位名称", "=", "保安_消控员"]),
    ),
    # ------------------------------------------------------------------ colloquial
    ("colloquial", "花名册上保洁领班有几个啊", "number", count(PE, ["岗位名称", "=", "保洁_领班"])),
    (
        "colloquial",
        "那个xmsq0126二月开了多少票啊",
        "number",
        total(FIN, "开票金额", ["项目编号", "=", "XMSQ0126"], ["年月", "=", FEB]),
    ),
    (
        "colloquial",
        "电梯维保合同咱一共签了几份呀",
        "number",
        count(BUY, ["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]),
    ),
    (
        "colloquial",
        "灭火器压力不足这毛病，检查记录里出现过几回",
        "number",
        count(INS, ["问题描述", "contains", "灭火器压力不足"]),
    ),
    (
        "colloquial",
        "巡逻电动车前前后后一共买了多少辆",
        "number",
        total(BUY, "数量", PURCHASE, ["名称", "=", "巡逻电动车"]),
    ),
    (
        "colloquial",
        "海康威视的设备咱们台账里有多少台哈",
        "number",
        count(EQ, ["制造厂商", "contains", "海康威视"]),
    ),
    (
        "colloquial",
        "帮我瞅瞅 保安员五级证 有几个人拿了呗",
        "number",
        count(CERT, ["证书名称", "=", "保安员（五级）"], agg="nunique:工号"),
    ),
    (
        "colloquial",
        "服务状态还是未开始的项目都有啥？",
        "names",
        names(P, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    # ------------------------------------------------------------------ time_reference
    ("time_reference", "上个月所有项目开票总额多少", "number", total(FIN, "开票金额", ["年月", "=", FEB])),
    ("time_reference", "上上个月的考勤记录一共几条？", "number", count(ATT, ["年月", "=", JAN])),
    (
        "time_reference",
        "下个月排班表上排了多少个人",
        "number",
        count(SCH, ["年月", "=", APR], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "年初至今耗材采购一共花了多少钱",
        "number",
        total(BUY, "金额", ["记录类型", "=", "耗材采购"], ["年月", "in", [JAN, FEB, MAR]]),
    ),
    (
        "time_reference",
        "本月（3月）登记的固定资产采购有几笔",
        "number",
        count(BUY, ["记录类型", "=", "固定资产"], ["年月", "=", MAR]),
    ),
    ("time_reference", "上个月餐费总共发了多少", "number", total(ATT, "餐费", ["年月", "=", FEB])),
    (
        "time_reference",
        "下个月开票金额超过80万的项目有哪些",
        "names",
        names(FIN, "项目编号", ["年月", "=", APR], ["开票金额", ">", 800000]),
    ),
    (
        "time_reference",
        "上上个月哪个项目收款最多？",
        "names",
        top(FIN, "项目编号", "sum:收款金额", ["年月", "=", JAN]),
    ),
    # ------------------------------------------------------------------ now_current
    ("now_current", "目前服务状态还是服务中的项目有多少个", "number", count(P, ["服务状态", "=", "服务中"])),
    ("now_current", "完好状况现在是带病运行的设备有几台", "number", count(EQ, ["完好状况", "=", "带病运行"])),
    (
        "now_current",
        "今天是2026-03-12，人员证书里已经过了有效期的有几张（看有效期至）",
        "number",
        count(CERT, ["有效期至", "<", TODAY]),
    ),
    (
        "now_current",
        "宋红梅当前服务的项目编号是哪个",
        "value",
        value(PE, "当前服务项目编号", ["姓名", "=", "宋红梅"]),
    ),
    ("now_current", "合同状况目前显示已到期的项目有几个", "number", count(P, ["合同状况", "=", "已到期"])),
    (
        "now_current",
        "今天3月12号，结束日期已经过了的维保合同有几份？",
        "number",
        count(BUY, ["记录类型", "=", "维保合同"], ["结束日期", "<", TODAY]),
    ),
    (
        "now_current",
        "服务状态为服务中、汇总业态是商业的项目有哪些",
        "names",
        names(P, "项目编号", ["服务状态", "=", "服务中"], ["汇总业态", "=", "商业"]),
    ),
    # ------------------------------------------------------------------ monthly_fact
    (
        "monthly_fact",
        "XMSQ0365 3月份登记的考勤人数",
        "number",
        count(ATT, ["项目编号", "=", "XMSQ0365"], ["年月", "=", MAR]),
    ),
    (
        "monthly_fact",
        "XMSQ0106 2026年1月的收款金额",
        "number",
        total(FIN, "收款金额", ["项目编号", "=", "XMSQ0106"], ["年月", "=", JAN]),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0104 二月份的出勤人次是多少",
        "number",
        total(SNAP, "出勤人次", ["项目编号", "=", "XMSQ0104"], ["年月", "=", FEB]),
    ),
    (
        "monthly_fact",
        "肖宇航1月份上班天数是多少",
        "number",
        total(ATT, "上班天数", ["姓名", "=", "肖宇航"], ["年月", "=", JAN]),
    ),
    (
        "monthly_fact",
        "XMSQ0132二月份开票金额",
        "number",
        total(FIN, "开票金额", ["项目编号", "=", "XMSQ0132"], ["年月", "=", FEB]),
    ),
    (
        "monthly_fact",
        "XMSQ0209 4月的排班表上有几个人",
        "number",
        count(SCH, ["项目编号", "=", "XMSQ0209"], ["年月", "=", APR], agg="nunique:工号"),
    ),
    (
        "monthly_fact",
        "KWL1009988 2月的税后工资多少",
        "number",
        total(ATT, "税后工资", ["工号", "=", "KWL1009988"], ["年月", "=", FEB]),
    ),
    # ------------------------------------------------------------------ compare
    (
        "compare",
        "XMSQ0212 和 XMSQ0150，哪个项目的设备更多",
        "names",
        top(EQ, "项目编号", "count", ["项目编号", "in", ["XMSQ0212", "XMSQ0150"]]),
    ),
    (
        "compare",
        "2月的开票金额合计比1月多出来多少",
        "number",
        two("diff", total(FIN, "开票金额", ["年月", "=", FEB]), total(FIN, "开票金额", ["年月", "=", JAN])),
    ),
    (
        "compare",
        "保安_普保、保洁员这两个岗位在花名册上相差几个人",
        "number",
        two("absdiff", count(PE, ["岗位名称", "=", "保安_普保"]), count(PE, ["岗位名称", "=", "保洁员"])),
    ),
    (
        "compare",
        "消防维保合同和空调维保合同数量差几份",
        "number",
        two(
            "absdiff",
            count(BUY, ["记录类型", "=", "维保合同"], ["类别", "=", "消防维保"]),
            count(BUY, ["记录类型", "=", "维保合同"], ["类别", "=", "空调维保"]),
        ),
    ),
    (
        "compare",
        "XMSQ0106 1月的开票金额是不是比2月高？",
        "bool",
        two(
            "gt",
            total(FIN, "开票金额", ["项目编号", "=", "XMSQ0106"], ["年月", "=", JAN]),
            total(FIN, "开票金额", ["项目编号", "=", "XMSQ0106"], ["年月", "=", FEB]),
        ),
    ),
    (
        "compare",
        "人员信息表里男员工比女员工多几个",
        "number",
        two("diff", count(PE, ["性别", "=", "男"]), count(PE, ["性别", "=", "女"])),
    ),
    (
        "compare",
        "3月份登记的考勤记录比1月份的多多少条",
        "number",
        two("diff", count(ATT, ["年月", "=", MAR]), count(ATT, ["年月", "=", JAN])),
    ),
    (
        "compare",
        "岗位编制里，绿化工和客服专员谁的在岗人数多",
        "names",
        top(HC, "岗位", "sum:在岗人数", ["岗位", "in", ["绿化工", "客服专员"]]),
    ),
    # ------------------------------------------------------------------ group_having
    (
        "group_having",
        "人员证书表里持证两张及以上的员工是哪些",
        "names",
        having(CERT, "工号", "count", [">=", 2]),
    ),
    ("group_having", "设备数在14台及以上的项目", "names", having(EQ, "项目编号", "count", [">=", 14])),
    (
        "group_having",
        "检查记录条数达到6条及以上的项目有几个",
        "number",
        having(INS, "项目编号", "count", [">=", 6], op="having_count"),
    ),
    (
        "group_having",
        "耗材采购记录在20笔及以上的供应商有哪些",
        "names",
        having(BUY, "供应商名称", "count", [">=", 20], ["记录类型", "=", "耗材采购"]),
    ),
    (
        "group_having",
        "考勤表里1~4月四个月都有记录的员工有几个",
        "number",
        having(ATT, "工号", "nunique:年月", [">=", 4], op="having_count"),
    ),
    (
        "group_having",
        "项目信息表里，负责项目数达到20个及以上的项目负责人有谁",
        "names",
        having(P, "项目负责人工号", "count", [">=", 20]),
    ),
    (
        "group_having",
        "开票金额四个月累计超过200万的项目有哪些",
        "names",
        having(FIN, "项目编号", "sum:开票金额", [">", 2000000]),
    ),
    # ------------------------------------------------------------------ region_rollup
    ("region_rollup", "嘉定片区下面有多少个项目", "number", count(PA, ["片区编号", "=", "PQ06"])),
    (
        "region_rollup",
        "徐汇片区2月开票金额合计",
        "number",
        total(FIN, "开票金额", ["项目编号", "region", "PQ02"], ["年月", "=", FEB]),
    ),
    (
        "region_rollup",
        "浦东片区的项目一共登记了多少台设备",
        "number",
        count(EQ, ["项目编号", "region", "PQ07"]),
    ),
    ("region_rollup", "项目数最多的是哪个片区？", "names", top(PA, "片区编号", "count")),
    (
        "region_rollup",
        "长宁片区1月份的考勤人数",
        "number",
        count(ATT, ["项目编号", "region", "PQ08"], ["年月", "=", JAN]),
    ),
    (
        "region_rollup",
        "松江或闵行片区的检查记录加起来多少条",
        "number",
        {
            "op": "agg",
            "t": INS,
            "any": [["项目编号", "region", "PQ05"], ["项目编号", "region", "PQ04"]],
            "agg": "count",
        },
    ),
    (
        "region_rollup",
        "按片区看，维保合同各有几份",
        "groups",
        groups(BUY, "@片区编号", "count", ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------------ negation
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", keys_of(EQ, "项目编号")]),
    ),
    (
        "negation",
        "花名册里员工层级不是一线员工的有多少人",
        "number",
        count(PE, ["员工层级", "!=", "一线员工"]),
    ),
    (
        "negation",
        "服务状态为服务中、却一条检查记录都没有的项目有几个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", keys_of(INS, "项目编号")]),
    ),
    (
        "negation",
        "花名册上的项目经理里，人员证书表中一张证都没有的有几位",
        "number",
        count(PE, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", keys_of(CERT, "工号")]),
    ),
    (
        "negation",
        "耗材采购中除去清洁耗材，其余类别的还有多少笔",
        "number",
        count(BUY, ["记录类型", "=", "耗材采购"], ["类别", "!=", "清洁耗材"]),
    ),
    ("negation", "设备里完好状况不是完好的共有多少台", "number", count(EQ, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "服务中的项目，在项目月度财务里一条记录都没有的有多少个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", keys_of(FIN, "项目编号")]),
    ),
    # ------------------------------------------------------------------ or_values
    (
        "or_values",
        "保安_领班或保洁_领班，花名册上加起来几人",
        "number",
        count(PE, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    ("or_values", "停用或者报废的设备共计多少台", "number", count(EQ, ["完好状况", "in", ["停用", "报废"]])),
    (
        "or_values",
        "消防安全检查和设备专项检查这两类检查一共多少条记录",
        "number",
        count(INS, ["检查类型", "in", ["消防安全检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "市（区）是徐汇区或长宁区的项目有几个",
        "number",
        count(P, ["市（区）", "in", ["徐汇区", "长宁区"]]),
    ),
    (
        "or_values",
        "政治面貌为中共党员或共青团员的，人员信息表里有多少",
        "number",
        count(PE, ["政治面貌", "in", ["中共党员", "共青团员"]]),
    ),
    (
        "or_values",
        "劳保耗材或消防耗材的采购金额总共多少",
        "number",
        total(BUY, "金额", ["记录类型", "=", "耗材采购"], ["类别", "in", ["劳保耗材", "消防耗材"]]),
    ),
    (
        "or_values",
        "人员信息表中职级是P4或者P5的员工都是谁",
        "names",
        names(PE, "工号", ["职级", "in", ["P4", "P5"]]),
    ),
    # ------------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有多少", "number", count(P, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "实际毛利率不到4.5％的项目有哪些",
        "names",
        names(P, "项目编号", ["实际毛利率", "<", 0.045]),
    ),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率在12%及以上的有几个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.12]),
    ),
    ("threshold_percent", "客户满意度高于95分的项目数", "number", count(P, ["客户满意度", ">", 95])),
    ("threshold_percent", "检查得分低于81分的检查记录几条", "number", count(INS, ["检查得分", "<", 81])),
    (
        "threshold_percent",
        "已结束的项目中实际毛利率低于百分之六的是哪些",
        "names",
        names(P, "项目编号", ["服务状态", "=", "已结束"], ["实际毛利率", "<", 0.06]),
    ),
    ("threshold_percent", "实际毛利率不低于17%的项目有几个", "number", count(P, ["实际毛利率", ">=", 0.17])),
    # ------------------------------------------------------------------ share
    (
        "share",
        "服务中的项目在全部项目里占多大比例",
        "number",
        two("ratio", count(P, ["服务状态", "=", "服务中"]), count(P)),
    ),
    (
        "share",
        "人事想了解下：花名册上女性员工占比多少？",
        "number",
        two("ratio", count(PE, ["性别", "=", "女"]), count(PE)),
    ),
    (
        "share",
        "2月的收款金额占开票金额的百分之多少",
        "number",
        two("ratio", total(FIN, "收款金额", ["年月", "=", FEB]), total(FIN, "开票金额", ["年月", "=", FEB])),
    ),
    (
        "share",
        "设备里完好的占了几成",
        "number",
        two("ratio", count(EQ, ["完好状况", "=", "完好"]), count(EQ)),
    ),
    (
        "share",
        "检查记录里有问题描述的记录占比多少",
        "number",
        two("ratio", count(INS, ["问题描述", "notnull"]), count(INS)),
    ),
    (
        "share",
        "耗材采购里清洁耗材的笔数占多少比例",
        "number",
        two(
            "ratio",
            count(BUY, ["记录类型", "=", "耗材采购"], ["类别", "=", "清洁耗材"]),
            count(BUY, ["记录类型", "=", "耗材采购"]),
        ),
    ),
    (
        "share",
        "投标记录的中标率是多少",
        "number",
        two("ratio", count(BID, ["中标结果", "=", "中标"]), count(BID)),
    ),
    # ------------------------------------------------------------------ grouped
    ("grouped", "各设备类型分别有几台", "groups", groups(EQ, "设备类型", "count")),
    ("grouped", "按检查类型统计一下平均得分", "groups", groups(INS, "检查类型", "avg:检查得分")),
    ("grouped", "每个月的开票金额分别汇总一下", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "花名册上不同职级各有多少人", "groups", groups(PE, "职级", "count")),
    (
        "grouped",
        "维保合同按类别分别多少钱",
        "groups",
        groups(BUY, "类别", "sum:金额", ["记录类型", "=", "维保合同"]),
    ),
    ("grouped", "岗位编制表里每个岗位的项目编制合计", "groups", groups(HC, "岗位", "sum:项目编制")),
    ("grouped", "人员证书按证书类别统计张数", "groups", groups(CERT, "证书类别", "count")),
    ("grouped", "项目按委托方式分，各有多少个", "groups", groups(P, "委托方式", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ0999 这个项目的负责人是谁？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "工号 KWL9901001 的员工什么时候入职的", "no_such_entity", "KWL9901001"),
    ("not_in_data_entity", "宝山片区底下有几个项目", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "上海恒信物业用品有限公司供货的耗材采购金额是多少",
        "no_such_entity",
        "上海恒信物业用品有限公司",
    ),
    ("not_in_data_entity", "欧阳娜娜的工号是多少？", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "wb0999 这份维保合同金额多少", "no_such_entity", "WB0999"),
    ("not_in_data_entity", "岗位编制里“电梯司机”这个岗位的在岗人数是几", "no_such_entity", "电梯司机"),
    # ------------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "三个月前全公司的开票金额合计多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年12月 XMSQ0106 考勤上有几个人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月排班表上排了多少人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "下下个月的收款金额总共多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月耗材采购花了多少钱", "outside_coverage", "2025-11"),
    ("not_in_data_month", "今年6月份月度快照里XMSQ0102的在岗人数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年10月的考勤里有人旷工吗", "outside_coverage", "2025-10"),
    # ------------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "XMSQ0150 的车位数是多少", "no_such_field", "车位数"),
    ("not_in_data_field", "花名册里本科学历的员工有多少", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0245 那些设备的保修期到哪天为止？", "no_such_field", "保修期"),
    ("not_in_data_field", "员工婚姻状况统计下，已婚的有多少人", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "XMSQ0160 项目的业主户数是多少", "no_such_field", "业主户数"),
    ("not_in_data_field", "检查记录里平均每次检查时长是多少分钟", "no_such_field", "检查时长"),
    ("not_in_data_field", "哪个项目的设备年耗电量最高", "no_such_field", "耗电量"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好～"),
    ("non_data", "早上好，在吗"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "好的 明白了 多谢"),
    ("non_data", "帮我把 XMSQ0150 的服务状态改成已结束"),
    ("non_data", "请把工号KWL2603332这条人员记录删掉"),
    ("non_data", "把XMSQ0132二月份的开票金额改成60万吧"),
]
