"""The fourth held-out set as written: every question with its gold spec (tests/eval/blind_gold.py).

Written blind (see README.md). The gold of each answered question is computed by pandas from the
ledgers of data/ when make_gold.py runs; nothing here is a literal answer. Today is 2026-02-20
(gold.TODAY): 本月 2026-02, 上个月 2026-01, 下个月 2026-03; 上上个月 (2025-12) and 2026-05 on are
outside the coverage.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]


def rows(t: str, *where: list[Any], agg: str = "count") -> Spec:
    """One aggregate over the rows of ledger t that pass every condition."""
    return {"op": "agg", "t": t, "where": list(where), "agg": agg}


def names(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": agg, "n": n, "order": order, "where": list(where)}


def having(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], count: bool = False) -> Spec:
    return {"op": "having_count" if count else "having", "t": t, "by": by, "agg": agg, "cmp": cmp,
            "where": list(where)}  # fmt: skip


def groups(t: str, by: str, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def pair(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


PRJ, PPL, AREA, LINK, FIN = "项目信息", "人员信息", "片区信息", "项目片区关系", "项目月度财务"
ATT, SHIFT, BID, POST, EQP = "考勤与人员财务", "排班月报", "投标记录", "岗位编制", "设备信息"
BUY, CHK, CERT, SNAP, DICT = "采购与维保", "检查记录", "人员证书", "月度快照", "岗位字典"
SUPPLIER = ["记录类型", "=", "供应商"]
BOUGHT = ["记录类型", "in", ["耗材采购", "固定资产"]]
SERVING = ["服务状态", "=", "服务中"]
JAN, FEB, MAR, APR = (["年月", "=", f"2026-0{m}"] for m in (1, 2, 3, 4))


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def project(code: str) -> list[Any]:
    return ["项目编号", "=", code]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "请问项目信息表里一共登记了多少个项目？", "number", rows(PRJ)),
    ("count", "人员信息表里 女同事有几位", "number", rows(PPL, ["性别", "=", "女"])),
    ("count", "设备台账里，电梯一共几台", "number", rows(EQP, ["设备类型", "=", "电梯"])),
    (
        "count",
        "麻烦问下 检查记录里消防安全检查总共做过多少次？",
        "number",
        rows(CHK, ["检查类型", "=", "消防安全检查"]),
    ),
    ("count", "采购与维保台账登记的供应商一共多少家,谢谢", "number", rows(BUY, SUPPLIER)),
    ("count", "计费方式是酬金制的项目有多少个?", "number", rows(PRJ, ["计费方式", "=", "酬金制"])),
    ("count", "汇总业态为住宅的项目数", "number", rows(PRJ, ["汇总业态", "=", "住宅"])),
    # ------------------------------------------------------------ list
    (
        "list",
        "帮忙列一下细分业态是养老机构的项目",
        "names",
        names(PRJ, "项目编号", ["细分业态", "=", "养老机构"]),
    ),
    (
        "list",
        "岗位字典里，员工层级属于项目管理人员的岗位有哪些？",
        "names",
        names(DICT, "岗位名称", ["员工层级", "=", "项目管理人员"]),
    ),
    (
        "list",
        "做电梯维保的供应商都有哪几家",
        "names",
        names(BUY, "供应商名称", SUPPLIER, ["类别", "=", "电梯维保"]),
    ),
    (
        "list",
        "持有中级经济师证书的是哪几位同事",
        "names",
        names(CERT, "工号", ["证书名称", "=", "中级经济师"]),
    ),
    ("list", "XMSQ0300这个项目上都有哪些类型的设备", "names", names(EQP, "设备类型", project("XMSQ0300"))),
    (
        "list",
        "投标记录里中标结果为未中标的项目，请列出来",
        "names",
        names(BID, "项目编号", ["中标结果", "=", "未中标"]),
    ),
    (
        "list",
        "绿化工（四级）证书是谁持有的？",
        "names",
        names(CERT, "工号", ["证书名称", "=", "绿化工（四级）"]),
    ),
    # ------------------------------------------------------------ sum_avg
    ("sum_avg", "所有项目的合同面积加起来一共多少平方米？？", "number", rows(PRJ, agg="sum:合同面积")),
    ("sum_avg", "2026年3月全部项目开票金额合计是多少元？", "number", rows(FIN, MAR, agg="sum:开票金额")),
    (
        "sum_avg",
        "花名册上岗位是保安_普保的人，平均司龄几年",
        "number",
        rows(PPL, ["岗位名称", "=", "保安_普保"], agg="avg:司龄"),
    ),
    (
        "sum_avg",
        "2026年1月考勤表里平时加班小时总共多少小时",
        "number",
        rows(ATT, JAN, agg="sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "烦请统计：固定资产类采购的金额总计",
        "number",
        rows(BUY, ["记录类型", "=", "固定资产"], agg="sum:金额"),
    ),
    (
        "sum_avg",
        "季度综合检查的平均得分是多少分？",
        "number",
        rows(CHK, ["检查类型", "=", "季度综合检查"], agg="avg:检查得分"),
    ),
    ("sum_avg", "各项目岗位编制表里的预算编制，全部加总是多少人", "number", rows(POST, agg="sum:预算编制")),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目", "names", top(PRJ, "项目编号", "max:合同面积")),
    ("extreme_rank", "想知道哪个项目的设备台数最多", "names", top(EQP, "项目编号", "count")),
    ("extreme_rank", "年化合同额最高的项目是哪一个", "names", top(PRJ, "项目编号", "max:年化合同额")),
    ("extreme_rank", "2026年2月税后工资最高的是哪位员工", "names", top(ATT, "工号", "max:税后工资", FEB)),
    ("extreme_rank", "花名册里入职最早的是谁？", "names", top(PPL, "工号", "min:入职日期", order="asc")),
    (
        "extreme_rank",
        "所有设备里原值最高的一台值多少钱",
        "number",
        {"op": "top_value", "t": EQP, "by": ["项目编号", "设备编号"], "agg": "max:原值", "where": []},
    ),
    (
        "extreme_rank",
        "哪家供应商拿到的维保合同总金额最高",
        "names",
        top(BUY, "维保单位名称", "sum:金额", ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------ top_n
    ("top_n", "2026年1月开票金额排前五的项目", "names", top(FIN, "项目编号", "max:开票金额", JAN, n=5)),
    (
        "top_n",
        "采购金额（耗材+固定资产）累计最多的三家供应商是哪些",
        "names",
        top(BUY, "供应商名称", "sum:金额", BOUGHT, n=3),
    ),
    ("top_n", "花名册上人数最多的两个岗位", "names", top(PPL, "岗位名称", "count", n=2)),
    ("top_n", "平均检查得分最高的3个项目", "names", top(CHK, "项目编号", "avg:检查得分", n=3)),
    ("top_n", "投标金额最大的5个项目 给我列一下", "names", top(BID, "项目编号", "max:投标金额", n=5)),
    (
        "top_n",
        "3月月度快照里加班小时合计前三名的项目",
        "names",
        top(SNAP, "项目编号", "max:加班小时合计", MAR, n=3),
    ),
    (
        "top_n",
        "客户满意度最低的两个项目是哪些？",
        "names",
        top(PRJ, "项目编号", "min:客户满意度", n=2, order="asc"),
    ),
    # ------------------------------------------------------------ existence
    (
        "existence",
        "有没有完好状况是报废的电梯？",
        "bool",
        exists(EQP, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"]),
    ),
    ("existence", "XMSQ0236有投标记录吗", "bool", exists(BID, project("XMSQ0236"))),
    (
        "existence",
        "2026年的投标里有中标的没有",
        "bool",
        exists(BID, ["年份", "=", 2026], ["中标结果", "=", "中标"]),
    ),
    (
        "existence",
        "公司里有人持有高压电工作业证吗？",
        "bool",
        exists(CERT, ["证书名称", "=", "高压电工作业"]),
    ),
    ("existence", "有没有合同金额超过5000万元的项目", "bool", exists(PRJ, ["合同金额", ">", 50000000])),
    ("existence", "XMSQ0300 在2026年4月有开票记录吗", "bool", exists(FIN, project("XMSQ0300"), APR)),
    (
        "existence",
        "供应商里有南京的公司吗",
        "bool",
        exists(BUY, SUPPLIER, ["供应商名称", "contains", "南京"]),
    ),
    # ------------------------------------------------------------ status
    ("status", "XMSQ0322的项目负责人是谁", "value", value(PRJ, "项目负责人", project("XMSQ0322"))),
    ("status", "魏斌是什么岗位？", "value", value(PPL, "岗位名称", ["姓名", "=", "魏斌"])),
    ("status", "xmsq0231 委托方式是哪种", "value", value(PRJ, "委托方式", project("XMSQ0231"))),
    ("status", "邵俊杰哪天入职的", "value", value(PPL, "入职日期", ["姓名", "=", "邵俊杰"])),
    (
        "status",
        "PQ05片区负责人的工号是多少？",
        "value",
        value(AREA, "片区负责人工号", ["片区编号", "=", "PQ05"]),
    ),
    ("status", "段梦洁 人员信息表里登记的司龄是多少", "value", value(PPL, "司龄", ["姓名", "=", "段梦洁"])),
    ("status", "请问XMSQ0368的合同状况是什么", "value", value(PRJ, "合同状况", project("XMSQ0368"))),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱们手上一共多少台设备啊", "number", rows(EQP)),
    ("colloquial", "干保洁员的 花名册上有几个", "number", rows(PPL, ["岗位名称", "=", "保洁员"])),
    ("colloquial", "带病运行的设备有多少台呀？", "number", rows(EQP, ["完好状况", "=", "带病运行"])),
    ("colloquial", "哎，2026年2月考勤表上税后工资一共发了多少", "number", rows(ATT, FEB, agg="sum:税后工资")),
    (
        "colloquial",
        "长宁-漕河泾社区卫生服务中心 是谁负责的呀",
        "value",
        value(PRJ, "项目负责人", ["项目名称", "=", "长宁-漕河泾社区卫生服务中心"]),
    ),
    (
        "colloquial",
        "南京那几家供应商叫啥来着",
        "names",
        names(BUY, "供应商名称", SUPPLIER, ["供应商名称", "contains", "南京"]),
    ),
    (
        "colloquial",
        "松江-梅陇政务服务中心-2号楼那边设备有几台啊",
        "number",
        rows(EQP, ["项目编号", "=", "XMSQ0300"]),
    ),
    # ------------------------------------------------------------ time_reference
    ("time_reference", "上个月考勤表里有多少条记录？", "number", rows(ATT, JAN)),
    ("time_reference", "本月所有项目开票总额多少？", "number", rows(FIN, FEB, agg="sum:开票金额")),
    ("time_reference", "下个月排班表里排了多少人", "number", rows(SHIFT, MAR, agg="nunique:工号")),
    ("time_reference", "今天是2026年4月8日，本月的月度快照里有几个项目", "number", rows(SNAP, APR)),
    (
        "time_reference",
        "以2026-03-31为准，上个月的收款金额合计是多少",
        "number",
        rows(FIN, FEB, agg="sum:收款金额"),
    ),
    (
        "time_reference",
        "上月耗材采购花了多少钱啊",
        "number",
        rows(BUY, ["记录类型", "=", "耗材采购"], JAN, agg="sum:金额"),
    ),
    (
        "time_reference",
        "本月考勤表上有病假记录的人有几个？",
        "number",
        rows(ATT, FEB, ["工号", "has_code", "病"], agg="nunique:工号"),
    ),
    # ------------------------------------------------------------ now_current
    ("now_current", "目前服务状态仍为服务中的项目有多少个？", "number", rows(PRJ, SERVING)),
    (
        "now_current",
        "现在还没开始（未开始）的项目有哪些",
        "names",
        names(PRJ, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    ("now_current", "当前完好状况为停用的设备有几台", "number", rows(EQP, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "于永强当前服务的是哪个项目？",
        "value",
        value(PPL, "当前服务项目编号", ["姓名", "=", "于永强"]),
    ),
    (
        "now_current",
        "目前状态是履约中的维保合同有几个",
        "number",
        rows(BUY, ["记录类型", "=", "维保合同"], ["状态", "=", "履约中"]),
    ),
    (
        "now_current",
        "现在员工层级是职能管理人员的都有谁",
        "names",
        names(PPL, "工号", ["员工层级", "=", "职能管理人员"]),
    ),
    ("now_current", "XMSQ0205 现在是什么服务状态", "value", value(PRJ, "服务状态", project("XMSQ0205"))),
    # ------------------------------------------------------------ monthly_fact
    ("monthly_fact", "XMSQ0368 2026年2月出勤的有几个人", "number", rows(ATT, project("XMSQ0368"), FEB)),
    (
        "monthly_fact",
        "浦东-盈浦商务中心 2026年3月开票多少",
        "number",
        rows(FIN, project("XMSQ0236"), MAR, agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0382 1月份收款金额是多少？",
        "number",
        rows(FIN, project("XMSQ0382"), JAN, agg="sum:收款金额"),
    ),
    ("monthly_fact", "科创-湖南第一中学2026年4月考勤人数", "number", rows(ATT, project("XMSQ0322"), APR)),
    (
        "monthly_fact",
        "XMSQ0339 2026年2月的开票金额",
        "number",
        rows(FIN, project("XMSQ0339"), FEB, agg="sum:开票金额"),
    ),
    ("monthly_fact", "XMSQ0260  1月份考勤上有几个人", "number", rows(ATT, project("XMSQ0260"), JAN)),
    (
        "monthly_fact",
        "嘉定-泗泾公园 2026年3月开了多少票？",
        "number",
        rows(FIN, project("XMSQ0319"), MAR, agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "XMSQ0300 2026年3月月度快照的加班小时合计",
        "number",
        rows(SNAP, project("XMSQ0300"), MAR, agg="sum:加班小时合计"),
    ),
    # ------------------------------------------------------------ compare
    (
        "compare",
        "2026年2月的开票总额比1月高吗？",
        "bool",
        pair("gt", rows(FIN, FEB, agg="sum:开票金额"), rows(FIN, JAN, agg="sum:开票金额")),
    ),
    (
        "compare",
        "2026年2月 XMSQ0368 比 XMSQ0260 多几个人出勤",
        "number",
        pair("diff", rows(ATT, project("XMSQ0368"), FEB), rows(ATT, project("XMSQ0260"), FEB)),
    ),
    (
        "compare",
        "花名册上保安_普保比保洁员多多少人",
        "number",
        pair("diff", rows(PPL, ["岗位名称", "=", "保安_普保"]), rows(PPL, ["岗位名称", "=", "保洁员"])),
    ),
    (
        "compare",
        "浦东片区和松江片区，哪个片区的项目多？",
        "names",
        top(LINK, "片区编号", "count", ["片区编号", "in", ["PQ07", "PQ05"]]),
    ),
    (
        "compare",
        "电梯和消防两类设备哪类台数多",
        "names",
        top(EQP, "设备类型", "count", ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "compare",
        "2026年3月和2月的收款总额相差多少",
        "number",
        pair("absdiff", rows(FIN, MAR, agg="sum:收款金额"), rows(FIN, FEB, agg="sum:收款金额")),
    ),
    (
        "compare",
        "花名册上 男的比女的多几个人?",
        "number",
        pair("diff", rows(PPL, ["性别", "=", "男"]), rows(PPL, ["性别", "=", "女"])),
    ),
    # ------------------------------------------------------------ group_having
    ("group_having", "设备有14台及以上的项目有哪些？", "names", having(EQP, "项目编号", "count", [">=", 14])),
    ("group_having", "哪些片区名下的项目超过40个", "names", having(LINK, "片区编号", "count", [">", 40])),
    (
        "group_having",
        "持有2本及以上证书的人有几个",
        "number",
        having(CERT, "工号", "count", [">=", 2], count=True),
    ),
    (
        "group_having",
        "耗材采购金额累计超过10万元的供应商",
        "names",
        having(BUY, "供应商名称", "sum:金额", [">", 100000], ["记录类型", "=", "耗材采购"]),
    ),
    (
        "group_having",
        "2026年2月考勤人数在4人及以上的项目",
        "names",
        having(ATT, "项目编号", "count", [">=", 4], FEB),
    ),
    (
        "group_having",
        "被检查过6次及以上的项目有几个？",
        "number",
        having(CHK, "项目编号", "count", [">=", 6], count=True),
    ),
    (
        "group_having",
        "签了3个及以上维保合同的项目",
        "names",
        having(BUY, "项目编号", "count", [">=", 3], ["记录类型", "=", "维保合同"]),
    ),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "浦东片区一共有多少个项目", "number", rows(PRJ, region("PQ07"))),
    (
        "region_rollup",
        "嘉定片区2026年2月开票金额合计",
        "number",
        rows(FIN, region("PQ06"), FEB, agg="sum:开票金额"),
    ),
    ("region_rollup", "松江片区的项目加起来有多少台设备", "number", rows(EQP, region("PQ05"))),
    (
        "region_rollup",
        "科创片区里服务状态是服务中的项目有几个？",
        "number",
        rows(PRJ, region("PQ03"), SERVING),
    ),
    (
        "region_rollup",
        "长宁片区2026年3月考勤人数",
        "number",
        rows(ATT, region("PQ08"), MAR, agg="nunique:工号"),
    ),
    ("region_rollup", "青浦片区的项目，检查记录一共有多少条", "number", rows(CHK, region("PQ01"))),
    (
        "region_rollup",
        "闵行片区维保合同金额总共多少",
        "number",
        rows(BUY, region("PQ04"), ["记录类型", "=", "维保合同"], agg="sum:金额"),
    ),
    # ------------------------------------------------------------ negation
    ("negation", "委托方式不是全委的项目，有多少个", "number", rows(PRJ, ["委托方式", "!=", "全委"])),
    ("negation", "设备里除了完好的，其余状况的一共几台", "number", rows(EQP, ["完好状况", "!=", "完好"])),
    (
        "negation",
        "服务中的项目里，一台设备都没登记的有多少个？",
        "number",
        rows(PRJ, SERVING, ["项目编号", "not_in_q", names(EQP, "项目编号")]),
    ),
    (
        "negation",
        "没有任何投标记录的项目有几个",
        "number",
        rows(PRJ, ["项目编号", "not_in_q", names(BID, "项目编号")]),
    ),
    ("negation", "汇总业态不属于公建的项目数量", "number", rows(PRJ, ["汇总业态", "!=", "公建"])),
    (
        "negation",
        "服务中的项目里，2026年2月没有开票记录的有多少个",
        "number",
        rows(PRJ, SERVING, ["项目编号", "not_in_q", names(FIN, "项目编号", FEB)]),
    ),
    (
        "negation",
        "花名册上除了保安、保洁这两类岗位以外的人有多少",
        "number",
        rows(PPL, ["岗位名称", "not_in", ["保安_普保", "保安_领班", "保安_消控员", "保洁员", "保洁_领班"]]),
    ),
    # ------------------------------------------------------------ or_values
    ("or_values", "电梯或者消防类的设备 一共几台", "number", rows(EQP, ["设备类型", "in", ["电梯", "消防"]])),
    (
        "or_values",
        "服务状态是已结束或未开始的项目有多少",
        "number",
        rows(PRJ, ["服务状态", "in", ["已结束", "未开始"]]),
    ),
    (
        "or_values",
        "保安_领班、保洁_领班加起来花名册上几个人？",
        "number",
        rows(PPL, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "2026年1月或2月的考勤记录一共多少条",
        "number",
        rows(ATT, ["年月", "in", ["2026-01", "2026-02"]]),
    ),
    (
        "or_values",
        "持有保安员（五级）或保安员（三级）证书的有多少人",
        "number",
        rows(CERT, ["证书名称", "in", ["保安员（五级）", "保安员（三级）"]], agg="nunique:工号"),
    ),
    (
        "or_values",
        "细分业态为学校或医疗卫生的项目一共多少个",
        "number",
        rows(PRJ, ["细分业态", "in", ["学校", "医疗卫生"]]),
    ),
    (
        "or_values",
        "空调维保或消防维保合同的总金额是多少",
        "number",
        rows(BUY, ["记录类型", "=", "维保合同"], ["类别", "in", ["空调维保", "消防维保"]], agg="sum:金额"),
    ),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率高于15％的项目有多少个", "number", rows(PRJ, ["实际毛利率", ">", 0.15])),
    (
        "threshold_percent",
        "毛利率低于5%的项目有哪些？",
        "names",
        names(PRJ, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    ("threshold_percent", "客户满意度95分及以上的项目数量", "number", rows(PRJ, ["客户满意度", ">=", 95])),
    ("threshold_percent", "检查得分低于82分的检查有几次", "number", rows(CHK, ["检查得分", "<", 82])),
    ("threshold_percent", "原值超过10万元的设备有多少台？", "number", rows(EQP, ["原值", ">", 100000])),
    (
        "threshold_percent",
        "2026年2月平时加班超过16个小时的有哪些人",
        "names",
        names(ATT, "工号", FEB, ["平时加班小时", ">", 16]),
    ),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率在10%及以上的有几个",
        "number",
        rows(PRJ, SERVING, ["实际毛利率", ">=", 0.10]),
    ),
    # ------------------------------------------------------------ share
    (
        "share",
        "全委项目占全部项目的比例是多少",
        "number",
        pair("ratio", rows(PRJ, ["委托方式", "=", "全委"]), rows(PRJ)),
    ),
    ("share", "花名册里女性占比多少？", "number", pair("ratio", rows(PPL, ["性别", "=", "女"]), rows(PPL))),
    (
        "share",
        "设备完好率是多少（完好台数/设备总台数）",
        "number",
        pair("ratio", rows(EQP, ["完好状况", "=", "完好"]), rows(EQP)),
    ),
    (
        "share",
        "投标记录的中标率是多少，麻烦算一下",
        "number",
        pair("ratio", rows(BID, ["中标结果", "=", "中标"]), rows(BID)),
    ),
    (
        "share",
        "2026年2月收款金额占开票金额的百分之几",
        "number",
        pair("ratio", rows(FIN, FEB, agg="sum:收款金额"), rows(FIN, FEB, agg="sum:开票金额")),
    ),
    (
        "share",
        "消防安全检查占全部检查次数的几成？",
        "number",
        pair("ratio", rows(CHK, ["检查类型", "=", "消防安全检查"]), rows(CHK)),
    ),
    (
        "share",
        "一线员工在花名册中所占的比例",
        "number",
        pair("ratio", rows(PPL, ["员工层级", "=", "一线员工"]), rows(PPL)),
    ),
    # ------------------------------------------------------------ grouped
    ("grouped", "各片区分别有多少个项目", "groups", groups(LINK, "片区编号", "count")),
    ("grouped", "每种设备类型各有多少台？", "groups", groups(EQP, "设备类型", "count")),
    ("grouped", "按月份统计一下考勤记录条数", "groups", groups(ATT, "年月", "count")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups", groups(CHK, "检查类型", "avg:检查得分")),
    ("grouped", "每个月的开票金额合计分别是多少？", "groups", groups(FIN, "年月", "sum:开票金额")),
    ("grouped", "花名册按岗位统计一下人数", "groups", groups(PPL, "岗位名称", "count")),
    ("grouped", "项目按委托方式分组，各有几个", "groups", groups(PRJ, "委托方式", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ not_in_data_entity
    ("not_in_data_entity", "XMSQ0999这个项目的负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "张三丰的工号是多少？", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "工号KWL2699001是哪位", "no_such_entity", "KWL2699001"),
    ("not_in_data_entity", "PQ12片区下面有几个项目", "no_such_entity", "PQ12"),
    (
        "not_in_data_entity",
        "北京华联清洁用品有限公司供了多少货",
        "no_such_entity",
        "北京华联清洁用品有限公司",
    ),
    ("not_in_data_entity", "浦东-陆家嘴金融中心 的合同金额是多少", "no_such_entity", "浦东-陆家嘴金融中心"),
    ("not_in_data_entity", "欧阳娜娜 2026年2月上了几天班？", "no_such_entity", "欧阳娜娜"),
    # ------------------------------------------------------------ not_in_data_month
    ("not_in_data_month", "上上个月所有项目的开票总额", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年11月考勤有多少条记录", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月排班排了多少人？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "今天是2026年4月15日，下个月开票金额合计多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月XMSQ0368出勤几个人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月的月度快照里在岗人数合计", "outside_coverage", "2026-06"),
    ("not_in_data_month", "以2026-04-30为准，下月耗材采购花了多少", "outside_coverage", "2026-05"),
    # ------------------------------------------------------------ not_in_data_field
    ("not_in_data_field", "XMSQ0300有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "花名册上籍贯是江苏的有谁？", "no_such_field", "籍贯"),
    ("not_in_data_field", "XMSQ0368一个月电费多少钱", "no_such_field", "电费"),
    ("not_in_data_field", "设备的保修期都到哪天", "no_such_field", "保修期"),
    ("not_in_data_field", "各项目绿化面积合计是多少", "no_such_field", "绿化面积"),
    ("not_in_data_field", "统计一下员工婚姻状况", "no_such_field", "婚姻状况"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢啦！"),
    ("non_data", "帮我把XMSQ0300的项目负责人改成张伟"),
    ("non_data", "把2026年2月的考勤记录都删掉"),
    ("non_data", "在吗？"),
    ("non_data", "辛苦了，今天就先问到这儿"),
    ("non_data", "把供应商名单里南京那几家删了吧"),
]
