"""The thirty-second held-out set as written: questions with their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-04-24, a Friday: 本月 / 这个月 2026-04 (the April
rows cover the whole month, so questions about them say 4月份登记的), 上个月 2026-03, 上上个月 2026-02,
上周 2026-04-13 … 2026-04-19, 今年以来 / 年初至今 2026-01 … 2026-04, 第一季度 2026-01 … 2026-03; 下个月
(2026-05), 去年 (2025) and 去年12月 (2025-12) are outside the coverage.
"""

from __future__ import annotations

from typing import Any

PROJ = "项目信息"
PEOPLE = "人员信息"
AREA = "片区信息"
LINK = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCHED = "排班月报"
BID = "投标记录"
POST = "岗位编制"
EQ = "设备信息"
BUY = "采购与维保"
INSP = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
DICT = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["2026-01", "2026-02", "2026-03"]
YTD = ["2026-01", "2026-02", "2026-03", "2026-04"]


def s(t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    """A spec over ledger t with the given row conditions."""
    spec: dict[str, Any] = {"t": t, "where": list(where)}
    spec.update(kw)
    spec.setdefault("op", "agg")
    return spec


def between(field: str, lo: str, hi: str) -> list[list[Any]]:
    return [[field, ">=", lo], [field, "<=", hi]]


def keys(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return {"op": "list", "t": t, "key": key, "where": list(where)}


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    (
        "count",
        "人员信息表里岗位名称写的是保洁员的，一共多少人？",
        "number",
        s(PEOPLE, ["岗位名称", "=", "保洁员"], agg="count"),
    ),
    (
        "count",
        "设备台账上 电梯 这一类总共登记了几台",
        "number",
        s(EQ, ["设备类型", "=", "电梯"], agg="count"),
    ),
    (
        "count",
        "请问2026年3月1日至3月31日期间，一共做了多少次消防安全检查？",
        "number",
        s(
            INSP,
            ["检查类型", "=", "消防安全检查"],
            *between("检查日期", "2026-03-01", "2026-03-31"),
            agg="count",
        ),
    ),
    (
        "count",
        "投标记录中，中标结果为“未中标”的记录数是多少",
        "number",
        s(BID, ["中标结果", "=", "未中标"], agg="count"),
    ),
    (
        "count",
        "采购与维保里记录类型是供应商的有几家？",
        "number",
        s(BUY, ["记录类型", "=", "供应商"], agg="count"),
    ),
    (
        "count",
        "证书台账里证书类别属于特种作业操作证的有多少张",
        "number",
        s(CERT, ["证书类别", "=", "特种作业操作证"], agg="count"),
    ),
    ("count", "公司现在总共划了几个片区？看片区信息表", "number", s(AREA, agg="count")),
    (
        "count",
        "花名册上入职日期早于2020年1月1日的老员工有多少",
        "number",
        s(PEOPLE, ["入职日期", "<", "2020-01-01"], agg="count"),
    ),
    # ---------------------------------------------------------------- list
    ("list", "列一下持有物业管理师证书的员工", "names", keys(CERT, "工号", ["证书名称", "=", "物业管理师"])),
    (
        "list",
        "入职日期在2026年1月1日及之后的员工都有谁？",
        "names",
        keys(PEOPLE, "工号", ["入职日期", ">=", "2026-01-01"]),
    ),
    (
        "list",
        "项目片区关系里备注写着跨片区协管的是哪些项目",
        "names",
        keys(LINK, "项目编号", ["备注", "=", "跨片区协管"]),
    ),
    (
        "list",
        "岗位字典中员工层级=职能管理人员 的岗位名称有哪些",
        "names",
        keys(DICT, "岗位名称", ["员工层级", "=", "职能管理人员"]),
    ),
    (
        "list",
        "2026-03-10到2026-03-20之间（两头都算）做过季度综合检查的项目，麻烦列出来",
        "names",
        keys(
            INSP,
            "项目编号",
            ["检查类型", "=", "季度综合检查"],
            *between("检查日期", "2026-03-10", "2026-03-20"),
        ),
    ),
    (
        "list",
        "1月份买过清洁设备类固定资产的项目是哪几个",
        "names",
        keys(
            BUY,
            "项目编号",
            ["记录类型", "=", "固定资产"],
            ["类别", "=", "清洁设备"],
            ["年月", "=", "2026-01"],
        ),
    ),
    (
        "list",
        "中标日期在2025年5月1日到2025年6月30日之间的投标，是哪些项目的？",
        "names",
        keys(BID, "项目编号", *between("中标日期", "2025-05-01", "2025-06-30")),
    ),
    (
        "list",
        "有效期至落在2027年1月1日到2027年12月31日的证书，持证人是哪些",
        "names",
        keys(CERT, "工号", *between("有效期至", "2027-01-01", "2027-12-31")),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "2026年2月各项目开票金额加总是多少钱",
        "number",
        s(FIN, ["年月", "=", "2026-02"], agg="sum:开票金额"),
    ),
    (
        "sum_avg",
        "保安_普保的平均司龄多少年（按人员信息表）",
        "number",
        s(PEOPLE, ["岗位名称", "=", "保安_普保"], agg="avg:司龄"),
    ),
    (
        "sum_avg",
        "2月份耗材采购的金额合计",
        "number",
        s(BUY, ["记录类型", "=", "耗材采购"], ["年月", "=", "2026-02"], agg="sum:金额"),
    ),
    ("sum_avg", "消防类设备原值加起来一共多少？", "number", s(EQ, ["设备类型", "=", "消防"], agg="sum:原值")),
    (
        "sum_avg",
        "考勤表上2026年1月的平时加班小时，全部加起来是多少",
        "number",
        s(ATT, ["年月", "=", "2026-01"], agg="sum:平时加班小时"),
    ),
    (
        "sum_avg",
        "客户满意度回访这种检查，平均得分多少",
        "number",
        s(INSP, ["检查类型", "=", "客户满意度回访"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "维保合同平均每份金额是多少",
        "number",
        s(BUY, ["记录类型", "=", "维保合同"], agg="avg:金额"),
    ),
    (
        "sum_avg",
        "开始日期在2025年7月1日（含）之后的维保合同，金额一共多少",
        "number",
        s(BUY, ["记录类型", "=", "维保合同"], ["开始日期", ">=", "2025-07-01"], agg="sum:金额"),
    ),
    # ---------------------------------------------------------------- extreme_rank
    (
        "extreme_rank",
        "合同面积最大的是哪个项目",
        "names",
        s(PROJ, op="top", by="项目编号", agg="max:合同面积", n=1),
    ),
    (
        "extreme_rank",
        "采购（耗材和固定资产都算）累计金额最多的供应商是哪家",
        "names",
        s(BUY, PURCHASE, op="top", by="供应商名称", agg="sum:金额", n=1),
    ),
    (
        "extreme_rank",
        "按检查记录算平均检查得分，哪个项目垫底？",
        "names",
        s(INSP, op="top", by="项目编号", agg="avg:检查得分", n=1, order="asc"),
    ),
    (
        "extreme_rank",
        "服务状态为服务中的项目当中，客户满意度最高的是哪个",
        "names",
        s(PROJ, ["服务状态", "=", "服务中"], op="top", by="项目编号", agg="max:客户满意度", n=1),
    ),
    (
        "extreme_rank",
        "哪个片区名下挂的项目最多（按项目片区关系）",
        "names",
        s(LINK, op="top", by="片区编号", agg="count", n=1),
    ),
    (
        "extreme_rank",
        "岗位编制表里，在岗人数合计最多的岗位是？",
        "names",
        s(POST, op="top", by="岗位", agg="sum:在岗人数", n=1),
    ),
    (
        "extreme_rank",
        "投标金额最高的那次投标对应哪个项目",
        "names",
        s(BID, op="top", by="项目编号", agg="max:投标金额", n=1),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "年化合同额排前三的项目", "names", s(PROJ, op="top", by="项目编号", agg="max:年化合同额", n=3)),
    ("top_n", "设备台数最多的3个项目是哪些？", "names", s(EQ, op="top", by="项目编号", agg="count", n=3)),
    (
        "top_n",
        "2026年3月税后工资最高的四个人",
        "names",
        s(ATT, ["年月", "=", "2026-03"], op="top", by="工号", agg="sum:税后工资", n=4),
    ),
    (
        "top_n",
        "4月份登记的收款金额，排名前4的项目有哪几个",
        "names",
        s(FIN, ["年月", "=", "2026-04"], op="top", by="项目编号", agg="sum:收款金额", n=4),
    ),
    ("top_n", "被检查次数最多的前两个项目", "names", s(INSP, op="top", by="项目编号", agg="count", n=2)),
    ("top_n", "按原值合计，排前三的设备类型", "names", s(EQ, op="top", by="设备类型", agg="sum:原值", n=3)),
    (
        "top_n",
        "实际毛利率最低的3个项目",
        "names",
        s(PROJ, op="top", by="项目编号", agg="min:实际毛利率", n=3, order="asc"),
    ),
    # ---------------------------------------------------------------- existence
    (
        "existence",
        "2026年2月有没有哪个项目开票金额超过80万元的",
        "bool",
        s(FIN, ["年月", "=", "2026-02"], ["开票金额", ">", 800000], op="exists"),
    ),
    ("existence", "花名册上有没有一个叫钟秀兰的人", "bool", s(PEOPLE, ["姓名", "=", "钟秀兰"], op="exists")),
    (
        "existence",
        "有报废的电梯吗",
        "bool",
        s(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "报废"], op="exists"),
    ),
    (
        "existence",
        "证书表里，有人考了高压电工作业证没有？",
        "bool",
        s(CERT, ["证书名称", "=", "高压电工作业"], op="exists"),
    ),
    (
        "existence",
        "XMSQ0132 在2026年3月有项目月度财务记录吗",
        "bool",
        s(FIN, ["项目编号", "=", "XMSQ0132"], ["年月", "=", "2026-03"], op="exists"),
    ),
    (
        "existence",
        "检查记录里，有没有检查日期在2026年4月20日之后的消防安全检查",
        "bool",
        s(INSP, ["检查类型", "=", "消防安全检查"], ["检查日期", ">", "2026-04-20"], op="exists"),
    ),
    (
        "existence",
        "投标记录里有续标却没中的情况吗？",
        "bool",
        s(BID, ["投标类型", "=", "续标"], ["中标结果", "=", "未中标"], op="exists"),
    ),
    (
        "existence",
        "有没有哪张证书的有效期至在2026年5月1日到2026年12月31日这段时间里",
        "bool",
        s(CERT, *between("有效期至", "2026-05-01", "2026-12-31"), op="exists"),
    ),
    # ---------------------------------------------------------------- status
    (
        "status",
        "XMSQ0191 这个项目的服务状态是啥",
        "value",
        s(PROJ, ["项目编号", "=", "XMSQ0191"], op="value", field="服务状态"),
    ),
    (
        "status",
        "xmsq0245的项目负责人是谁？",
        "value",
        s(PROJ, ["项目编号", "=", "XMSQ0245"], op="value", field="项目负责人"),
    ),
    (
        "status",
        "徐汇片区的片区负责人叫什么名字",
        "value",
        s(
            PEOPLE,
            ["工号", "in_q", keys(AREA, "片区负责人工号", ["片区名称", "=", "徐汇片区"])],
            op="value",
            field="姓名",
        ),
    ),
    (
        "status",
        "工号KWL2603731是什么岗位",
        "value",
        s(PEOPLE, ["工号", "=", "KWL2603731"], op="value", field="岗位名称"),
    ),
    (
        "status",
        "项目 XMSQ0234 采用的委托方式是哪种？",
        "value",
        s(PROJ, ["项目编号", "=", "XMSQ0234"], op="value", field="委托方式"),
    ),
    (
        "status",
        "XMSQ0114 的设备 NT-003 现在完好状况怎么样",
        "value",
        s(EQ, ["项目编号", "=", "XMSQ0114"], ["设备编号", "=", "NT-003"], op="value", field="完好状况"),
    ),
    (
        "status",
        "维保合同WB0017的维保单位是哪一家",
        "value",
        s(BUY, ["记录编号", "=", "WB0017"], op="value", field="维保单位名称"),
    ),
    # ---------------------------------------------------------------- colloquial
    (
        "colloquial",
        "花名册上保安领班有几个啊",
        "number",
        s(PEOPLE, ["岗位名称", "=", "保安_领班"], agg="count"),
    ),
    (
        "colloquial",
        "咱在浦东新区的项目一共多少个呀",
        "number",
        s(PROJ, ["市（区）", "=", "浦东新区"], agg="count"),
    ),
    (
        "colloquial",
        "带病运行的电梯有几台来着",
        "number",
        s(EQ, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"], agg="count"),
    ),
    (
        "colloquial",
        "xmsq0307上个月排班表上排了几个人哈",
        "number",
        s(SCHED, ["项目编号", "=", "XMSQ0307"], ["年月", "=", "2026-03"], agg="count"),
    ),
    (
        "colloquial",
        "拿了物业管理师证的统共几个人",
        "number",
        s(CERT, ["证书名称", "=", "物业管理师"], agg="nunique:工号"),
    ),
    ("colloquial", "报废掉的设备有多少台嘞", "number", s(EQ, ["完好状况", "=", "报废"], agg="count")),
    (
        "colloquial",
        "采购这边问下，一月份买固定资产总共花了多少",
        "number",
        s(BUY, ["记录类型", "=", "固定资产"], ["年月", "=", "2026-01"], agg="sum:金额"),
    ),
    # ---------------------------------------------------------------- time_reference
    (
        "time_reference",
        "上个月全部项目的开票一共多少",
        "number",
        s(FIN, ["年月", "=", "2026-03"], agg="sum:开票金额"),
    ),
    (
        "time_reference",
        "上上个月 XMSQ0355 考勤里登记了多少名员工",
        "number",
        s(ATT, ["项目编号", "=", "XMSQ0355"], ["年月", "=", "2026-02"], agg="count"),
    ),
    (
        "time_reference",
        "今年以来耗材采购一共下了多少笔",
        "number",
        s(BUY, ["记录类型", "=", "耗材采购"], ["年月", "in", YTD], agg="count"),
    ),
    (
        "time_reference",
        "第一季度固定资产采购的金额合计是多少",
        "number",
        s(BUY, ["记录类型", "=", "固定资产"], ["年月", "in", Q1], agg="sum:金额"),
    ),
    (
        "time_reference",
        "上周（4月13日—4月19日）一共做了几次检查？",
        "number",
        s(INSP, *between("检查日期", "2026-04-13", "2026-04-19"), agg="count"),
    ),
    (
        "time_reference",
        "这个月（4月份登记的）项目月度财务，收款金额总共多少",
        "number",
        s(FIN, ["年月", "=", "2026-04"], agg="sum:收款金额"),
    ),
    (
        "time_reference",
        "上个月排班表里哪怕只排到一次夜班的，总共多少人",
        "number",
        s(SCHED, ["年月", "=", "2026-03"], ["1日", "has_code", "夜"], agg="nunique:工号"),
    ),
    # ---------------------------------------------------------------- now_current
    (
        "now_current",
        "服务状态目前还是服务中的项目有多少个",
        "number",
        s(PROJ, ["服务状态", "=", "服务中"], agg="count"),
    ),
    (
        "now_current",
        "完好状况眼下是停用的设备有几台",
        "number",
        s(EQ, ["完好状况", "=", "停用"], agg="count"),
    ),
    (
        "now_current",
        "合同状况现在是“已签约未进场”的项目都有哪些",
        "names",
        keys(PROJ, "项目编号", ["合同状况", "=", "已签约未进场"]),
    ),
    (
        "now_current",
        "今天是2026年4月24日，证书的有效期至已经在今天之前的，有几张？？",
        "number",
        s(CERT, ["有效期至", "<", "2026-04-24"], agg="count"),
    ),
    (
        "now_current",
        "以今天2026-04-24为准，维保合同里结束日期已经过了（在今天之前）的有几份？",
        "number",
        s(BUY, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-04-24"], agg="count"),
    ),
    (
        "now_current",
        "今天2026/4/24，项目信息里开始日期还没到、排在今天之后的有几个",
        "number",
        s(PROJ, ["开始日期", ">", "2026-04-24"], agg="count"),
    ),
    (
        "now_current",
        "当前服务项目编号填的是XMSQ0319的人有哪些",
        "names",
        keys(PEOPLE, "工号", ["当前服务项目编号", "=", "XMSQ0319"]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0170 2026年3月开票金额是多少",
        "number",
        s(FIN, ["项目编号", "=", "XMSQ0170"], ["年月", "=", "2026-03"], agg="sum:开票金额"),
    ),
    (
        "monthly_fact",
        "xmsq0132 四月份收款多少？",
        "number",
        s(FIN, ["项目编号", "=", "XMSQ0132"], ["年月", "=", "2026-04"], agg="sum:收款金额"),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0307 二月份的出勤人次",
        "number",
        s(SNAP, ["项目编号", "=", "XMSQ0307"], ["年月", "=", "2026-02"], agg="sum:出勤人次"),
    ),
    (
        "monthly_fact",
        "看月度快照：XMSQ0355 一月的加班小时合计是多少",
        "number",
        s(SNAP, ["项目编号", "=", "XMSQ0355"], ["年月", "=", "2026-01"], agg="sum:加班小时合计"),
    ),
    (
        "monthly_fact",
        "KWL1410951 2月份上了几天班",
        "number",
        s(ATT, ["工号", "=", "KWL1410951"], ["年月", "=", "2026-02"], agg="sum:上班天数"),
    ),
    (
        "monthly_fact",
        "工号 KWL0609199 ，2026年2月的税后工资是多少",
        "number",
        s(ATT, ["工号", "=", "KWL0609199"], ["年月", "=", "2026-02"], agg="sum:税后工资"),
    ),
    (
        "monthly_fact",
        "月度快照上XMSQ0364三月的在岗人数",
        "number",
        s(SNAP, ["项目编号", "=", "XMSQ0364"], ["年月", "=", "2026-03"], agg="sum:在岗人数"),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0132 二月的开票金额比一月多多少",
        "number",
        {
            "op": "diff",
            "a": s(FIN, ["项目编号", "=", "XMSQ0132"], ["年月", "=", "2026-02"], agg="sum:开票金额"),
            "b": s(FIN, ["项目编号", "=", "XMSQ0132"], ["年月", "=", "2026-01"], agg="sum:开票金额"),
        },
    ),
    (
        "compare",
        "人员信息表里，保安_普保、保洁员 这两个岗位谁的人数更多？",
        "names",
        s(PEOPLE, ["岗位名称", "in", ["保安_普保", "保洁员"]], op="top", by="岗位名称", agg="count", n=1),
    ),
    (
        "compare",
        "电梯和消防两类设备，原值合计相差多少",
        "number",
        {
            "op": "absdiff",
            "a": s(EQ, ["设备类型", "=", "电梯"], agg="sum:原值"),
            "b": s(EQ, ["设备类型", "=", "消防"], agg="sum:原值"),
        },
    ),
    (
        "compare",
        "市（区）为浦东新区的项目比闵行区的多几个",
        "number",
        {
            "op": "diff",
            "a": s(PROJ, ["市（区）", "=", "浦东新区"], agg="count"),
            "b": s(PROJ, ["市（区）", "=", "闵行区"], agg="count"),
        },
    ),
    (
        "compare",
        "3月份考勤人数 XMSQ0307 跟 XMSQ0364 谁多",
        "names",
        s(
            ATT,
            ["项目编号", "in", ["XMSQ0307", "XMSQ0364"]],
            ["年月", "=", "2026-03"],
            op="top",
            by="项目编号",
            agg="count",
            n=1,
        ),
    ),
    (
        "compare",
        "4月份登记的固定资产采购金额，是不是比3月份高？",
        "bool",
        {
            "op": "gt",
            "a": s(BUY, ["记录类型", "=", "固定资产"], ["年月", "=", "2026-04"], agg="sum:金额"),
            "b": s(BUY, ["记录类型", "=", "固定资产"], ["年月", "=", "2026-03"], agg="sum:金额"),
        },
    ),
    (
        "compare",
        "消防安全检查的平均分有没有比月度品质检查的平均分高",
        "bool",
        {
            "op": "gt",
            "a": s(INSP, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
            "b": s(INSP, ["检查类型", "=", "月度品质检查"], agg="avg:检查得分"),
        },
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "设备有10台及以上的项目有几个",
        "number",
        s(EQ, op="having_count", by="项目编号", agg="count", cmp=[">=", 10]),
    ),
    (
        "group_having",
        "哪些项目被检查了5次及以上？",
        "names",
        s(INSP, op="having", by="项目编号", agg="count", cmp=[">=", 5]),
    ),
    (
        "group_having",
        "被采购过15次及以上的供应商（耗材和固定资产合计）有哪些",
        "names",
        s(BUY, PURCHASE, op="having", by="供应商名称", agg="count", cmp=[">=", 15]),
    ),
    (
        "group_having",
        "人员证书表里持有2张及以上证书的人是谁",
        "names",
        s(CERT, op="having", by="工号", agg="count", cmp=[">=", 2]),
    ),
    (
        "group_having",
        "2026年3月考勤人数超过3人的项目",
        "names",
        s(ATT, ["年月", "=", "2026-03"], op="having", by="项目编号", agg="count", cmp=[">", 3]),
    ),
    (
        "group_having",
        "维保合同签了3份及以上的项目，有几个？",
        "number",
        s(BUY, ["记录类型", "=", "维保合同"], op="having_count", by="项目编号", agg="count", cmp=[">=", 3]),
    ),
    (
        "group_having",
        "花名册里人数不到5个的岗位有哪些",
        "names",
        s(PEOPLE, op="having", by="岗位名称", agg="count", cmp=["<", 5]),
    ),
    # ---------------------------------------------------------------- region_rollup
    (
        "region_rollup",
        "科创片区下面一共有多少个项目",
        "number",
        s(LINK, ["片区编号", "=", "PQ03"], agg="count"),
    ),
    (
        "region_rollup",
        "松江片区的项目，设备加起来多少台",
        "number",
        s(EQ, ["项目编号", "region", "PQ05"], agg="count"),
    ),
    (
        "region_rollup",
        "嘉定片区2026年3月的开票金额合计",
        "number",
        s(FIN, ["项目编号", "region", "PQ06"], ["年月", "=", "2026-03"], agg="sum:开票金额"),
    ),
    (
        "region_rollup",
        "长宁片区今年的检查记录一共几条",
        "number",
        s(INSP, ["项目编号", "region", "PQ08"], agg="count"),
    ),
    (
        "region_rollup",
        "青浦片区4月份登记的考勤，一共几个人",
        "number",
        s(ATT, ["项目编号", "region", "PQ01"], ["年月", "=", "2026-04"], agg="count"),
    ),
    (
        "region_rollup",
        "分片区看一下耗材采购金额各是多少",
        "groups",
        s(BUY, ["记录类型", "=", "耗材采购"], op="groups", by="@片区编号", agg="sum:金额"),
    ),
    (
        "region_rollup",
        "闵行或徐汇片区的项目，维保合同一共几份",
        "number",
        {
            "op": "agg",
            "t": BUY,
            "where": [["记录类型", "=", "维保合同"]],
            "any": [["项目编号", "region", "PQ04"], ["项目编号", "region", "PQ02"]],
            "agg": "count",
        },
    ),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "委托方式不是全委的项目有多少个",
        "number",
        s(PROJ, ["委托方式", "!=", "全委"], agg="count"),
    ),
    (
        "negation",
        "按花名册算，除去保安类和保洁类岗位（以岗位字典的岗位大类为准），剩下的员工有几个",
        "number",
        s(
            PEOPLE,
            ["岗位名称", "not_in_q", keys(DICT, "岗位名称", ["岗位大类", "in", ["保安", "保洁"]])],
            agg="count",
        ),
    ),
    ("negation", "完好状况不是“完好”的设备共几台", "number", s(EQ, ["完好状况", "!=", "完好"], agg="count")),
    (
        "negation",
        "服务中的项目里，设备台账上一台设备都没有的有几个",
        "number",
        s(PROJ, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", keys(EQ, "项目编号")], agg="count"),
    ),
    (
        "negation",
        "检查记录中问题描述是空的（没发现问题）的检查有多少次",
        "number",
        s(INSP, ["问题描述", "null"], agg="count"),
    ),
    (
        "negation",
        "人员信息表里的项目经理，没有任何证书的有几个",
        "number",
        s(PEOPLE, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", keys(CERT, "工号")], agg="count"),
    ),
    (
        "negation",
        "投标记录里中标结果不是中标的，都是哪些项目",
        "names",
        keys(BID, "项目编号", ["中标结果", "!=", "中标"]),
    ),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "保安_领班或者保洁_领班，人员信息表里合计多少人",
        "number",
        s(PEOPLE, ["岗位名称", "in", ["保安_领班", "保洁_领班"]], agg="count"),
    ),
    (
        "or_values",
        "设备类型为给排水或通风的设备有几台？",
        "number",
        s(EQ, ["设备类型", "in", ["给排水", "通风"]], agg="count"),
    ),
    (
        "or_values",
        "3月份考勤里，休过病假或者事假的员工有几位",
        "number",
        {
            "op": "agg",
            "t": ATT,
            "where": [["年月", "=", "2026-03"]],
            "any": [["1日", "has_code", "病"], ["1日", "has_code", "事"]],
            "agg": "nunique:工号",
        },
    ),
    (
        "or_values",
        "委托方式是单一单委或者多项单委的项目，合同金额合计多少",
        "number",
        s(PROJ, ["委托方式", "in", ["单一单委", "多项单委"]], agg="sum:合同金额"),
    ),
    (
        "or_values",
        "季度综合检查和设备专项检查这两类，平均得分是多少（两类合在一起算）",
        "number",
        s(INSP, ["检查类型", "in", ["季度综合检查", "设备专项检查"]], agg="avg:检查得分"),
    ),
    (
        "or_values",
        "固定资产里类别为清洁设备或安防设备的，采购金额总计",
        "number",
        s(BUY, ["记录类型", "=", "固定资产"], ["类别", "in", ["清洁设备", "安防设备"]], agg="sum:金额"),
    ),
    (
        "or_values",
        "证书类别是特种作业操作证或特种设备作业人员证的持证人有谁",
        "names",
        keys(CERT, "工号", ["证书类别", "in", ["特种作业操作证", "特种设备作业人员证"]]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    (
        "threshold_percent",
        "实际毛利率超过15%的项目有几个",
        "number",
        s(PROJ, ["实际毛利率", ">", 0.15], agg="count"),
    ),
    (
        "threshold_percent",
        "服务中的项目里毛利率低于5％的是哪些",
        "names",
        keys(PROJ, "项目编号", ["服务状态", "=", "服务中"], ["实际毛利率", "<", 0.05]),
    ),
    (
        "threshold_percent",
        "实际毛利率在10%及以上的项目数量",
        "number",
        s(PROJ, ["实际毛利率", ">=", 0.10], agg="count"),
    ),
    (
        "threshold_percent",
        "客户满意度不到85分的项目有多少",
        "number",
        s(PROJ, ["客户满意度", "<", 85], agg="count"),
    ),
    (
        "threshold_percent",
        "检查得分高于95分的检查有几次？",
        "number",
        s(INSP, ["检查得分", ">", 95], agg="count"),
    ),
    (
        "threshold_percent",
        "全委项目里实际毛利率从8%到10%（含8%和10%）的一共几个",
        "number",
        s(
            PROJ,
            ["委托方式", "=", "全委"],
            ["实际毛利率", ">=", 0.08],
            ["实际毛利率", "<=", 0.10],
            agg="count",
        ),
    ),
    (
        "threshold_percent",
        "2026年3月考勤里税后工资超过6000元的有多少人",
        "number",
        s(ATT, ["年月", "=", "2026-03"], ["税后工资", ">", 6000], agg="count"),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "人员信息表中女性员工占比多少",
        "number",
        {"op": "ratio", "a": s(PEOPLE, ["性别", "=", "女"], agg="count"), "b": s(PEOPLE, agg="count")},
    ),
    (
        "share",
        "报废设备占全部设备的几成",
        "number",
        {"op": "ratio", "a": s(EQ, ["完好状况", "=", "报废"], agg="count"), "b": s(EQ, agg="count")},
    ),
    (
        "share",
        "投标记录里中标的条数占全部投标记录的比例是多少",
        "number",
        {"op": "ratio", "a": s(BID, ["中标结果", "=", "中标"], agg="count"), "b": s(BID, agg="count")},
    ),
    (
        "share",
        "3月份收款金额合计占开票金额合计的百分之多少",
        "number",
        {
            "op": "ratio",
            "a": s(FIN, ["年月", "=", "2026-03"], agg="sum:收款金额"),
            "b": s(FIN, ["年月", "=", "2026-03"], agg="sum:开票金额"),
        },
    ),
    (
        "share",
        "全委项目在所有项目里占的比重",
        "number",
        {"op": "ratio", "a": s(PROJ, ["委托方式", "=", "全委"], agg="count"), "b": s(PROJ, agg="count")},
    ),
    (
        "share",
        "检查记录里发现了问题（问题描述不为空）的占百分之几",
        "number",
        {"op": "ratio", "a": s(INSP, ["问题描述", "notnull"], agg="count"), "b": s(INSP, agg="count")},
    ),
    (
        "share",
        "采购总金额（耗材+固定资产）里，耗材采购的金额占多少比例",
        "number",
        {
            "op": "ratio",
            "a": s(BUY, ["记录类型", "=", "耗材采购"], agg="sum:金额"),
            "b": s(BUY, PURCHASE, agg="sum:金额"),
        },
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "按设备类型统计一下各有几台设备", "groups", s(EQ, op="groups", by="设备类型", agg="count")),
    ("grouped", "每种检查类型分别检查了多少次？", "groups", s(INSP, op="groups", by="检查类型", agg="count")),
    (
        "grouped",
        "耗材采购金额按月份汇总",
        "groups",
        s(BUY, ["记录类型", "=", "耗材采购"], op="groups", by="年月", agg="sum:金额"),
    ),
    ("grouped", "项目按委托方式分类，各有多少个", "groups", s(PROJ, op="groups", by="委托方式", agg="count")),
    ("grouped", "各证书类别下面分别有几张证", "groups", s(CERT, op="groups", by="证书类别", agg="count")),
    (
        "grouped",
        "岗位编制表按岗位汇总项目编制人数",
        "groups",
        s(POST, op="groups", by="岗位", agg="sum:项目编制"),
    ),
    (
        "grouped",
        "不同汇总业态的合同金额合计分别是多少",
        "groups",
        s(PROJ, op="groups", by="汇总业态", agg="sum:合同金额"),
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的服务状态是什么", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "宝山片区有多少个项目", "no_such_entity", "宝山片区"),
    ("not_in_data_entity", "工号KWL9901001三月份的税后工资", "no_such_entity", "KWL9901001"),
    (
        "not_in_data_entity",
        "苏州华力电梯工程有限公司一共供了几次货",
        "no_such_entity",
        "苏州华力电梯工程有限公司",
    ),
    ("not_in_data_entity", "xmsq0050的合同金额是多少", "no_such_entity", "XMSQ0050"),
    ("not_in_data_entity", "欧阳娜娜现在在哪个项目服务", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "岗位编制里XMSQ1234的保安_普保编制是几个", "no_such_entity", "XMSQ1234"),
    ("not_in_data_month", "去年12月所有项目的开票总额", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月XMSQ0307的排班表上有几个人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月的考勤表一共多少行", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月份耗材采购金额合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年十二月月度快照里XMSQ0355的出勤人次", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月项目月度财务的收款合计是多少", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年10月 xmsq0132 的开票金额", "outside_coverage", "2025-10"),
    ("not_in_data_field", "XMSQ0245 有多少个停车位", "no_such_field", "停车位数量"),
    ("not_in_data_field", "花名册上员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "KWL2603731 的紧急联系人是谁", "no_such_field", "紧急联系人"),
    ("not_in_data_field", "XMSQ0114 那台 NT-003 保修期到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "各项目分别住了多少户业主", "no_such_field", "户数"),
    ("not_in_data_field", "检查记录里每次检查用了多长时间", "no_such_field", "检查时长"),
    ("not_in_data_field", "供应商的信用等级都是多少", "no_such_field", "信用等级"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀"),
    ("non_data", "多谢帮忙～"),
    ("non_data", "把XMSQ0245的服务状态改成已结束"),
    ("non_data", "帮我把KWL2603731这个人的记录删掉"),
    ("non_data", "早上好，在吗"),
    ("non_data", "辛苦了，今天就问这些"),
    ("non_data", "把3月份的开票金额都清零吧"),
]
