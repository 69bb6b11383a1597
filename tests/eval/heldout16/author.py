"""The sixteenth held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-04-27, a Monday: 本月 / 这个月 2026-04,
上个月 2026-03, 上上个月 2026-02, 三个月前 2026-01, 年初至今 2026-01…2026-04; 四个月前 / 去年12月
(2025-12) and 下个月 (2026-05) are outside the coverage.

ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question).
"""

from __future__ import annotations

from typing import Any

P = "项目信息"
R = "人员信息"
AREA = "片区信息"
PA = "项目片区关系"
FIN = "项目月度财务"
ATT = "考勤与人员财务"
SCH = "排班月报"
BID = "投标记录"
HC = "岗位编制"
EQ = "设备信息"
BUY = "采购与维保"
INS = "检查记录"
CERT = "人员证书"
SNAP = "月度快照"
POS = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = [["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-03-31"]]


def spec(op: str, t: str, *where: list[Any], **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"op": op, "t": t, "where": list(where)}
    out.update(kw)
    return out


def count(t: str, *where: list[Any]) -> dict[str, Any]:
    return spec("agg", t, *where, agg="count")


def total(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return spec("agg", t, *where, agg=f"sum:{field}")


def names(t: str, key: str, *where: list[Any]) -> dict[str, Any]:
    return spec("list", t, *where, key=key)


def value(t: str, field: str, *where: list[Any]) -> dict[str, Any]:
    return spec("value", t, *where, field=field)


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


ANSWERED: list[tuple[str, str, str, dict[str, Any]]] = [
    # ---------------------------------------------------------------- count
    ("count", "人员证书表里总共登记了几本证书？", "number", count(CERT)),
    (
        "count",
        "设备台账中，完好状况写着带病运行的有多少台",
        "number",
        count(EQ, ["完好状况", "=", "带病运行"]),
    ),
    ("count", "xmsq0261 名下一共登记了几台设备", "number", count(EQ, ["项目编号", "=", "XMSQ0261"])),
    ("count", "HR这边想确认下，人员信息表上女同事一共几位？", "number", count(R, ["性别", "=", "女"])),
    ("count", "投标记录里结果为未中标的有多少条", "number", count(BID, ["中标结果", "=", "未中标"])),
    (
        "count",
        "于红兵做检查人的检查记录一共有多少条？",
        "number",
        count(INS, ["检查人工号", "=", "KWL1305383"]),
    ),
    (
        "count",
        "2026年3月的排班月报上一共排了多少个人",
        "number",
        spec("agg", SCH, ["年月", "=", "2026-03"], agg="nunique:工号"),
    ),
    ("count", "岗位字典里目前定义了多少个岗位名称", "number", count(POS)),
    # ---------------------------------------------------------------- list
    (
        "list",
        "合同面积超过14.5万平方米的项目都有哪些？",
        "names",
        names(P, "项目编号", ["合同面积", ">", 145000]),
    ),
    (
        "list",
        "花名册里当前服务项目编号填的是XMSQ0374的，都是谁",
        "names",
        names(R, "工号", ["当前服务项目编号", "=", "XMSQ0374"]),
    ),
    (
        "list",
        "哪几位员工持有高压电工作业的证？",
        "names",
        names(CERT, "工号", ["证书名称", "=", "高压电工作业"]),
    ),
    (
        "list",
        "采购部想看下：供应商名录里类别是安防设备的公司有哪些",
        "names",
        names(BUY, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "安防设备"]),
    ),
    ("list", "投标记录中年份为2026的是哪些项目？", "names", names(BID, "项目编号", ["年份", "=", 2026])),
    (
        "list",
        "服务状态为未开始的项目，帮我列一下",
        "names",
        names(P, "项目编号", ["服务状态", "=", "未开始"]),
    ),
    (
        "list",
        "XMSQ0327 登记的设备涉及哪些设备类型？",
        "names",
        names(EQ, "设备类型", ["项目编号", "=", "XMSQ0327"]),
    ),
    (
        "list",
        "1月份考勤表上出现过旷工的是哪些人？",
        "names",
        names(ATT, "工号", ["年月", "=", "2026-01"], ["x", "has_code", "旷"]),
    ),
    # ---------------------------------------------------------------- sum_avg
    (
        "sum_avg",
        "2026年2月所有项目的开票金额加总是多少",
        "number",
        total(FIN, "开票金额", ["年月", "=", "2026-02"]),
    ),
    ("sum_avg", "投标记录里的投标金额，平均一条多少钱？", "number", spec("agg", BID, agg="avg:投标金额")),
    (
        "sum_avg",
        "XMSQ0303 从1月到4月考勤上的平时加班小时总共多少？",
        "number",
        total(ATT, "平时加班小时", ["项目编号", "=", "XMSQ0303"]),
    ),
    (
        "sum_avg",
        "固定资产这一类采购，金额一共花了多少",
        "number",
        total(BUY, "金额", ["记录类型", "=", "固定资产"]),
    ),
    (
        "sum_avg",
        "空调维保的维保合同，合同金额合计是多少？",
        "number",
        total(BUY, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "空调维保"]),
    ),
    ("sum_avg", "岗位编制表中所有岗位的预算编制加起来有多少人", "number", total(HC, "预算编制")),
    (
        "sum_avg",
        "消防安全检查的检查得分平均下来是多少分",
        "number",
        spec("agg", INS, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分"),
    ),
    (
        "sum_avg",
        "我是财务的，3月考勤表里餐费总额多少元",
        "number",
        total(ATT, "餐费", ["年月", "=", "2026-03"]),
    ),
    # ---------------------------------------------------------------- extreme_rank
    (
        "extreme_rank",
        "合同面积最大的是哪一个项目？",
        "names",
        spec("top", P, by="项目编号", agg="max:合同面积", n=1),
    ),
    (
        "extreme_rank",
        "哪个项目名下设备的原值加起来最高",
        "names",
        spec("top", EQ, by="项目编号", agg="sum:原值", n=1),
    ),
    (
        "extreme_rank",
        "花名册里司龄最长的是哪位员工？",
        "names",
        spec("top", R, by="工号", agg="max:司龄", n=1),
    ),
    (
        "extreme_rank",
        "采购记录（耗材采购+固定资产）里，哪家供应商的采购金额最少",
        "names",
        spec("top", BUY, PURCHASE, by="供应商名称", agg="sum:金额", n=1, order="asc"),
    ),
    (
        "extreme_rank",
        "2月份开票金额最高的项目是哪个",
        "names",
        spec("top", FIN, ["年月", "=", "2026-02"], by="项目编号", agg="sum:开票金额", n=1),
    ),
    (
        "extreme_rank",
        "年化合同额最低的项目是哪个？",
        "names",
        spec("top", P, by="项目编号", agg="min:年化合同额", n=1, order="asc"),
    ),
    (
        "extreme_rank",
        "1月考勤里上班天数最多的人是谁",
        "names",
        spec("top", ATT, ["年月", "=", "2026-01"], by="工号", agg="max:上班天数", n=1),
    ),
    # ---------------------------------------------------------------- top_n
    ("top_n", "设备登记数量排在前4的项目是哪些", "names", spec("top", EQ, by="项目编号", agg="count", n=4)),
    (
        "top_n",
        "按采购金额排，前五名的供应商是哪几家？（只算耗材采购和固定资产）",
        "names",
        spec("top", BUY, PURCHASE, by="供应商名称", agg="sum:金额", n=5),
    ),
    ("top_n", "投标金额最高的三个项目", "names", spec("top", BID, by="项目编号", agg="max:投标金额", n=3)),
    (
        "top_n",
        "实际毛利率最高的5个项目分别是？",
        "names",
        spec("top", P, by="项目编号", agg="max:实际毛利率", n=5),
    ),
    (
        "top_n",
        "4月份考勤表里税后工资前三名是谁",
        "names",
        spec("top", ATT, ["年月", "=", "2026-04"], by="工号", agg="sum:税后工资", n=3),
    ),
    ("top_n", "被检查次数最多的前三个项目？", "names", spec("top", INS, by="项目编号", agg="count", n=3)),
    (
        "top_n",
        "年化合同收入倒数三名的项目是哪几个",
        "names",
        spec("top", P, by="项目编号", agg="min:年化合同收入", n=3, order="asc"),
    ),
    (
        "top_n",
        "哪三个岗位的在岗人数（岗位编制表）合计最多",
        "names",
        spec("top", HC, by="岗位", agg="sum:在岗人数", n=3),
    ),
    # ---------------------------------------------------------------- existence
    ("existence", "XMSQ0318 有没有检查记录？", "bool", spec("exists", INS, ["项目编号", "=", "XMSQ0318"])),
    ("existence", "人员信息里有叫任明辉的人吗", "bool", spec("exists", R, ["姓名", "=", "任明辉"])),
    ("existence", "投标记录里能找到2018年的投标吗？", "bool", spec("exists", BID, ["年份", "=", 2018])),
    (
        "existence",
        "设备里有没有制造厂商是日立电梯（中国）有限公司的",
        "bool",
        spec("exists", EQ, ["制造厂商", "=", "日立电梯（中国）有限公司"]),
    ),
    (
        "existence",
        "XMSQ0272 在2026年3月有财务记录吗",
        "bool",
        spec("exists", FIN, ["项目编号", "=", "XMSQ0272"], ["年月", "=", "2026-03"]),
    ),
    (
        "existence",
        "有人拿到过中级经济师证书没有？",
        "bool",
        spec("exists", CERT, ["证书名称", "=", "中级经济师"]),
    ),
    (
        "existence",
        "4月份的考勤表上，有没有人休婚假",
        "bool",
        spec("exists", ATT, ["年月", "=", "2026-04"], ["x", "has_code", "婚"]),
    ),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0358的项目负责人叫什么", "value", value(P, "项目负责人", ["项目编号", "=", "XMSQ0358"])),
    (
        "status",
        "长宁-朱家角税务所 是什么委托方式？",
        "value",
        value(P, "委托方式", ["项目名称", "=", "长宁-朱家角税务所"]),
    ),
    (
        "status",
        "XMSQ0300 的计费方式是包干制还是酬金制",
        "value",
        value(P, "计费方式", ["项目编号", "=", "XMSQ0300"]),
    ),
    ("status", "工号KWL1209500的岗位名称是？", "value", value(R, "岗位名称", ["工号", "=", "KWL1209500"])),
    ("status", "片区编号PQ05对应的片区名称", "value", value(AREA, "片区名称", ["片区编号", "=", "PQ05"])),
    (
        "status",
        "闵行-练塘环境监测站位于哪个市（区）",
        "value",
        value(P, "市（区）", ["项目名称", "=", "闵行-练塘环境监测站"]),
    ),
    (
        "status",
        "范刚那本电梯安全管理员证，有效期到哪天？",
        "value",
        value(CERT, "有效期至", ["工号", "=", "KWL1903980"], ["证书名称", "=", "电梯安全管理员"]),
    ),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "项目信息表里总共录了多少个项目？想知道下", "number", count(P)),
    ("colloquial", "花名册上保洁员有多少号人", "number", count(R, ["岗位名称", "=", "保洁员"])),
    (
        "colloquial",
        "电梯这类设备，咱们一共登记了几台啊，我记不清了",
        "number",
        count(EQ, ["设备类型", "=", "电梯"]),
    ),
    (
        "colloquial",
        "劳驾看一下，xmsq0246 这个项目是谁在负责",
        "value",
        value(P, "项目负责人", ["项目编号", "=", "XMSQ0246"]),
    ),
    (
        "colloquial",
        "三月份开出去的票，拢共多少钱啊",
        "number",
        total(FIN, "开票金额", ["年月", "=", "2026-03"]),
    ),
    (
        "colloquial",
        "防滑手套前前后后一共买了多少副？",
        "number",
        total(BUY, "数量", ["名称", "=", "防滑手套"]),
    ),
    (
        "colloquial",
        "1月份排班表上，上过夜班的有几个人呐",
        "number",
        spec("agg", SCH, ["年月", "=", "2026-01"], ["x", "has_code", "夜"], agg="nunique:工号"),
    ),
    # ---------------------------------------------------------------- time_reference
    ("time_reference", "上个月考勤表上记了多少名员工", "number", count(ATT, ["年月", "=", "2026-03"])),
    (
        "time_reference",
        "上上个月各项目收款金额合计",
        "number",
        total(FIN, "收款金额", ["年月", "=", "2026-02"]),
    ),
    (
        "time_reference",
        "三个月前的排班月报上排了多少个人？",
        "number",
        spec("agg", SCH, ["年月", "=", "2026-01"], agg="nunique:工号"),
    ),
    (
        "time_reference",
        "年初至今，耗材采购一共花了多少钱",
        "number",
        total(
            BUY,
            "金额",
            ["记录类型", "=", "耗材采购"],
            ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]],
        ),
    ),
    (
        "time_reference",
        "这个月的开票金额（按4月份登记的算）总共多少？",
        "number",
        total(FIN, "开票金额", ["年月", "=", "2026-04"]),
    ),
    ("time_reference", "今年的投标记录有几条", "number", count(BID, ["年份", "=", 2026])),
    (
        "time_reference",
        "上个月新入职的员工有哪些？",
        "names",
        names(R, "工号", ["入职日期", ">=", "2026-03-01"], ["入职日期", "<=", "2026-03-31"]),
    ),
    (
        "time_reference",
        "上上个月考勤表上标了病假的员工有多少位",
        "number",
        spec("agg", ATT, ["年月", "=", "2026-02"], ["x", "has_code", "病"], agg="nunique:工号"),
    ),
    # ---------------------------------------------------------------- now_current
    ("now_current", "服务状态现在是服务中的项目有多少个？", "number", count(P, ["服务状态", "=", "服务中"])),
    (
        "now_current",
        "XMSQ0241目前合同状况是什么",
        "value",
        value(P, "合同状况", ["项目编号", "=", "XMSQ0241"]),
    ),
    ("now_current", "现在完好状况是停用的设备一共几台", "number", count(EQ, ["完好状况", "=", "停用"])),
    (
        "now_current",
        "今天是2026年4月27日，证书有效期至在这天之前的有几本？",
        "number",
        count(CERT, ["有效期至", "<", "2026-04-27"]),
    ),
    (
        "now_current",
        "汪国庆当前服务项目编号是多少",
        "value",
        value(R, "当前服务项目编号", ["姓名", "=", "汪国庆"]),
    ),
    (
        "now_current",
        "结束日期在4月27日（也就是今天）之前的维保合同有多少份",
        "number",
        count(BUY, ["记录类型", "=", "维保合同"], ["结束日期", "<", "2026-04-27"]),
    ),
    (
        "now_current",
        "XMSQ0405 现在的服务状态？",
        "value",
        value(P, "服务状态", ["项目编号", "=", "XMSQ0405"]),
    ),
    # ---------------------------------------------------------------- monthly_fact
    (
        "monthly_fact",
        "XMSQ0303 在2月份的考勤人数是多少",
        "number",
        count(ATT, ["项目编号", "=", "XMSQ0303"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "xmsq0246 一月份开票开了多少？",
        "number",
        total(FIN, "开票金额", ["项目编号", "=", "XMSQ0246"], ["年月", "=", "2026-01"]),
    ),
    (
        "monthly_fact",
        "月度快照里 XMSQ0306 2026年3月的出勤人次",
        "number",
        total(SNAP, "出勤人次", ["项目编号", "=", "XMSQ0306"], ["年月", "=", "2026-03"]),
    ),
    (
        "monthly_fact",
        "梁春生3月份上班天数是几天？",
        "number",
        total(ATT, "上班天数", ["工号", "=", "KWL1209500"], ["年月", "=", "2026-03"]),
    ),
    (
        "monthly_fact",
        "XMSQ0279 4月份登记的收款金额",
        "number",
        total(FIN, "收款金额", ["项目编号", "=", "XMSQ0279"], ["年月", "=", "2026-04"]),
    ),
    (
        "monthly_fact",
        "看下月度快照：XMSQ0229 二月的加班小时合计是多少",
        "number",
        total(SNAP, "加班小时合计", ["项目编号", "=", "XMSQ0229"], ["年月", "=", "2026-02"]),
    ),
    (
        "monthly_fact",
        "1月份XMSQ0158的在岗人数，按月度快照",
        "number",
        total(SNAP, "在岗人数", ["项目编号", "=", "XMSQ0158"], ["年月", "=", "2026-01"]),
    ),
    # ---------------------------------------------------------------- compare
    (
        "compare",
        "XMSQ0261和XMSQ0306，哪个项目登记的设备多？",
        "names",
        spec("top", EQ, ["项目编号", "in", ["XMSQ0261", "XMSQ0306"]], by="项目编号", agg="count", n=1),
    ),
    (
        "compare",
        "3月的开票总额比2月多多少",
        "number",
        {
            "op": "diff",
            "a": total(FIN, "开票金额", ["年月", "=", "2026-03"]),
            "b": total(FIN, "开票金额", ["年月", "=", "2026-02"]),
        },
    ),
    (
        "compare",
        "耗材采购与固定资产，两类的金额总数相差多少？",
        "number",
        {
            "op": "absdiff",
            "a": total(BUY, "金额", ["记录类型", "=", "耗材采购"]),
            "b": total(BUY, "金额", ["记录类型", "=", "固定资产"]),
        },
    ),
    (
        "compare",
        "电梯类设备的台数是不是比消防类多？",
        "bool",
        {"op": "gt", "a": count(EQ, ["设备类型", "=", "电梯"]), "b": count(EQ, ["设备类型", "=", "消防"])},
    ),
    (
        "compare",
        "市（区）是青浦区的项目和松江区的项目，数量相差几个",
        "number",
        {
            "op": "absdiff",
            "a": count(P, ["市（区）", "=", "青浦区"]),
            "b": count(P, ["市（区）", "=", "松江区"]),
        },
    ),
    (
        "compare",
        "1月考勤表的人数比4月多多少？",
        "number",
        {"op": "diff", "a": count(ATT, ["年月", "=", "2026-01"]), "b": count(ATT, ["年月", "=", "2026-04"])},
    ),
    (
        "compare",
        "消防维保合同的总金额，超过电梯维保合同了吗",
        "bool",
        {
            "op": "gt",
            "a": total(BUY, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "消防维保"]),
            "b": total(BUY, "金额", ["记录类型", "=", "维保合同"], ["类别", "=", "电梯维保"]),
        },
    ),
    # ---------------------------------------------------------------- group_having
    (
        "group_having",
        "登记设备在15台及以上的项目有哪些",
        "names",
        spec("having", EQ, by="项目编号", agg="count", cmp=[">=", 15]),
    ),
    (
        "group_having",
        "检查记录达到7次及以上的项目是哪几个？",
        "names",
        spec("having", INS, by="项目编号", agg="count", cmp=[">=", 7]),
    ),
    (
        "group_having",
        "采购记录（耗材采购和固定资产）超过25笔的供应商有几家",
        "number",
        spec("having_count", BUY, PURCHASE, by="供应商名称", agg="count", cmp=[">", 25]),
    ),
    (
        "group_having",
        "岗位编制表里，在岗人数合计超过30人的岗位有哪些？",
        "names",
        spec("having", HC, by="岗位", agg="sum:在岗人数", cmp=[">", 30]),
    ),
    (
        "group_having",
        "2026年3月考勤人数在4人及以上的项目",
        "names",
        spec("having", ATT, ["年月", "=", "2026-03"], by="项目编号", agg="count", cmp=[">=", 4]),
    ),
    (
        "group_having",
        "维保合同签了3份及以上的项目有几个？",
        "number",
        spec("having_count", BUY, ["记录类型", "=", "维保合同"], by="项目编号", agg="count", cmp=[">=", 3]),
    ),
    (
        "group_having",
        "人员证书表里持证2本及以上的员工是谁",
        "names",
        spec("having", CERT, by="工号", agg="count", cmp=[">=", 2]),
    ),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "徐汇片区下面挂了几个项目？", "number", count(PA, ["片区编号", "=", "PQ02"])),
    (
        "region_rollup",
        "浦东片区2026年3月的开票金额一共多少",
        "number",
        total(FIN, "开票金额", ["年月", "=", "2026-03"], region("PQ07")),
    ),
    ("region_rollup", "设备台数最多的是哪个片区", "names", spec("top", EQ, by="@片区编号", agg="count", n=1)),
    (
        "region_rollup",
        "嘉定片区1月份的考勤人数",
        "number",
        count(ATT, ["年月", "=", "2026-01"], region("PQ06")),
    ),
    (
        "region_rollup",
        "长宁片区在1月1日到3月31日之间（以检查日期为准）一共被检查了多少次",
        "number",
        count(INS, *Q1, region("PQ08")),
    ),
    (
        "region_rollup",
        "松江片区里服务状态为服务中的项目有多少？",
        "number",
        count(P, ["服务状态", "=", "服务中"], region("PQ05")),
    ),
    ("region_rollup", "科创片区所有项目的合同金额总和是多少", "number", total(P, "合同金额", region("PQ03"))),
    (
        "region_rollup",
        "闵行片区的项目，耗材采购和固定资产加起来采购了多少钱？",
        "number",
        total(BUY, "金额", PURCHASE, region("PQ04")),
    ),
    # ---------------------------------------------------------------- negation
    (
        "negation",
        "服务中的项目里，一台设备都没登记的有几个",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", names(EQ, "项目编号")]),
    ),
    ("negation", "委托方式不是全委的项目有多少个？", "number", count(P, ["委托方式", "!=", "全委"])),
    (
        "negation",
        "供应商名录里的公司，在耗材采购和固定资产记录中一次都没出现过的有几家",
        "number",
        count(
            BUY, ["记录类型", "=", "供应商"], ["供应商名称", "not_in_q", names(BUY, "供应商名称", PURCHASE)]
        ),
    ),
    (
        "negation",
        "花名册里除了保安_普保，其他岗位一共多少人",
        "number",
        count(R, ["岗位名称", "!=", "保安_普保"]),
    ),
    (
        "negation",
        "服务中的项目当中，3月份考勤表里没有任何记录的有几个？",
        "number",
        count(
            P,
            ["服务状态", "=", "服务中"],
            ["项目编号", "not_in_q", names(ATT, "项目编号", ["年月", "=", "2026-03"])],
        ),
    ),
    ("negation", "问题描述一栏空着的检查记录有多少条", "number", count(INS, ["问题描述", "null"])),
    ("negation", "完好状况不为完好的设备数量", "number", count(EQ, ["完好状况", "!=", "完好"])),
    # ---------------------------------------------------------------- or_values
    (
        "or_values",
        "花名册里岗位是保安_领班或保洁_领班的，一共几个人",
        "number",
        count(R, ["岗位名称", "in", ["保安_领班", "保洁_领班"]]),
    ),
    (
        "or_values",
        "电梯跟消防两类设备合计多少台？",
        "number",
        count(EQ, ["设备类型", "in", ["电梯", "消防"]]),
    ),
    (
        "or_values",
        "2月份考勤表里，病假或事假至少休过一天的员工有几位",
        "number",
        {
            "op": "agg",
            "t": ATT,
            "where": [["年月", "=", "2026-02"]],
            "any": [["x", "has_code", "病"], ["x", "has_code", "事"]],
            "agg": "nunique:工号",
        },
    ),
    (
        "or_values",
        "市（区）在徐汇区或闵行区的项目总共多少个",
        "number",
        count(P, ["市（区）", "in", ["徐汇区", "闵行区"]]),
    ),
    (
        "or_values",
        "LED灯管加上干粉灭火器，采购金额一共多少",
        "number",
        total(BUY, "金额", ["名称", "in", ["LED灯管", "干粉灭火器"]]),
    ),
    (
        "or_values",
        "检查类型为季度综合检查或设备专项检查的记录有几条？",
        "number",
        count(INS, ["检查类型", "in", ["季度综合检查", "设备专项检查"]]),
    ),
    (
        "or_values",
        "持有保安员（三级）或保安员（五级）证书的有哪些人",
        "names",
        names(CERT, "工号", ["证书名称", "in", ["保安员（三级）", "保安员（五级）"]]),
    ),
    # ---------------------------------------------------------------- threshold_percent
    (
        "threshold_percent",
        "实际毛利率大于15个点的项目有几个？",
        "number",
        count(P, ["实际毛利率", ">", 0.15]),
    ),
    (
        "threshold_percent",
        "毛利率低于5％的项目都有哪些",
        "names",
        names(P, "项目编号", ["实际毛利率", "<", 0.05]),
    ),
    (
        "threshold_percent",
        "服务中的项目里实际毛利率在10%及以上的有多少",
        "number",
        count(P, ["服务状态", "=", "服务中"], ["实际毛利率", ">=", 0.1]),
    ),
    (
        "threshold_percent",
        "实际毛利率落在8%~10%区间内（含8%和10%）的项目数",
        "number",
        count(P, ["实际毛利率", ">=", 0.08], ["实际毛利率", "<=", 0.1]),
    ),
    (
        "threshold_percent",
        "已结束的项目中，实际毛利率不到12%的有几个？",
        "number",
        count(P, ["服务状态", "=", "已结束"], ["实际毛利率", "<", 0.12]),
    ),
    (
        "threshold_percent",
        "实际毛利率高于17%的项目，列一下",
        "names",
        names(P, "项目编号", ["实际毛利率", ">", 0.17]),
    ),
    (
        "threshold_percent",
        "客户满意度高于95分，毛利率也高于15%的项目有几个",
        "number",
        count(P, ["客户满意度", ">", 95], ["实际毛利率", ">", 0.15]),
    ),
    # ---------------------------------------------------------------- share
    (
        "share",
        "服务中的项目占项目信息表全部项目的比例是多少",
        "number",
        {"op": "ratio", "a": count(P, ["服务状态", "=", "服务中"]), "b": count(P)},
    ),
    (
        "share",
        "报废设备在全部设备中占多大比例？",
        "number",
        {"op": "ratio", "a": count(EQ, ["完好状况", "=", "报废"]), "b": count(EQ)},
    ),
    (
        "share",
        "人员信息表中女性员工占比",
        "number",
        {"op": "ratio", "a": count(R, ["性别", "=", "女"]), "b": count(R)},
    ),
    (
        "share",
        "中标率是多少？（中标条数 / 全部投标记录）",
        "number",
        {"op": "ratio", "a": count(BID, ["中标结果", "=", "中标"]), "b": count(BID)},
    ),
    (
        "share",
        "3月份收款金额占开票金额的比例（全部项目合计）",
        "number",
        {
            "op": "ratio",
            "a": total(FIN, "收款金额", ["年月", "=", "2026-03"]),
            "b": total(FIN, "开票金额", ["年月", "=", "2026-03"]),
        },
    ),
    (
        "share",
        "在耗材采购+固定资产的总金额里，固定资产的金额占比",
        "number",
        {
            "op": "ratio",
            "a": total(BUY, "金额", ["记录类型", "=", "固定资产"]),
            "b": total(BUY, "金额", PURCHASE),
        },
    ),
    (
        "share",
        "消防安全检查在全部检查记录里占多少份额",
        "number",
        {"op": "ratio", "a": count(INS, ["检查类型", "=", "消防安全检查"]), "b": count(INS)},
    ),
    # ---------------------------------------------------------------- grouped
    ("grouped", "按设备类型分，各有多少台设备？", "groups", spec("groups", EQ, by="设备类型", agg="count")),
    ("grouped", "每个月的开票金额分别合计多少", "groups", spec("groups", FIN, by="年月", agg="sum:开票金额")),
    (
        "grouped",
        "不同检查类型的平均检查得分各是多少",
        "groups",
        spec("groups", INS, by="检查类型", agg="avg:检查得分"),
    ),
    (
        "grouped",
        "各个片区分别有几个项目（按项目片区关系）",
        "groups",
        spec("groups", PA, by="片区编号", agg="count"),
    ),
    ("grouped", "花名册按岗位名称统计一下人数", "groups", spec("groups", R, by="岗位名称", agg="count")),
    (
        "grouped",
        "维保合同按类别汇总金额",
        "groups",
        spec("groups", BUY, ["记录类型", "=", "维保合同"], by="类别", agg="sum:金额"),
    ),
    (
        "grouped",
        "投标记录按中标结果分别有多少条？",
        "groups",
        spec("groups", BID, by="中标结果", agg="count"),
    ),
    (
        "grouped",
        "月度快照里每个月的在岗人数加总",
        "groups",
        spec("groups", SNAP, by="年月", agg="sum:在岗人数"),
    ),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    # ---------------------------------------------------------------- not_in_data_entity
    ("not_in_data_entity", "XMSQ0999 的项目负责人是谁？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "花名册里查一下张三丰的工号", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "宝山片区一共有多少个项目", "no_such_entity", "宝山片区"),
    (
        "not_in_data_entity",
        "上海铭泰保洁服务有限公司 这家供应商供过哪些货？",
        "no_such_entity",
        "上海铭泰保洁服务有限公司",
    ),
    ("not_in_data_entity", "工号kwl9909001对应的是哪位员工", "no_such_entity", "KWL9909001"),
    (
        "not_in_data_entity",
        "黄浦-外滩金融大厦这个项目的合同面积是多少",
        "no_such_entity",
        "黄浦-外滩金融大厦",
    ),
    ("not_in_data_entity", "维保合同WB9999的金额是多少？", "no_such_entity", "WB9999"),
    # ---------------------------------------------------------------- not_in_data_month
    ("not_in_data_month", "下个月的考勤人数一共多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "去年12月各项目开票金额合计是多少？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "四个月前排班月报上有几个人", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月的收款金额总共多少", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年11月份耗材采购花了多少钱？", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2025年10月 XMSQ0303 的考勤人数", "outside_coverage", "2025-10"),
    ("not_in_data_month", "下个月的月度快照，出勤人次合计是多少", "outside_coverage", "2026-05"),
    # ---------------------------------------------------------------- not_in_data_field
    ("not_in_data_field", "XMSQ0246 一共有多少户业主？", "no_such_field", "业主户数"),
    ("not_in_data_field", "花名册里员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "设备的保修期都到什么时候", "no_such_field", "保修期"),
    ("not_in_data_field", "各项目分别有几个停车位？", "no_such_field", "停车位"),
    ("not_in_data_field", "梁春生的社保基数是多少", "no_such_field", "社保基数"),
    ("not_in_data_field", "XMSQ0306 的绿化面积有多大", "no_such_field", "绿化面积"),
    ("not_in_data_field", "供应商名录里各家的信用评级是什么？", "no_such_field", "信用评级"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好呀～"),
    ("non_data", "好的，辛苦了，谢谢！"),
    ("non_data", "把XMSQ0246的合同面积改成90000"),
    ("non_data", "请帮我删除钟艳的人员信息"),
    ("non_data", "早上好，在吗？"),
    ("non_data", "OK 明白了 多谢"),
    ("non_data", "麻烦把梁春生3月份的上班天数改成26天"),
]
