"""The second held-out set as written: questions, their class and their gold spec.

Written blind (from ../shared/spec/templates.md, cli.md and the generated ledgers of data/ only,
never from kgdesk's planner, its lexicon or any other question set), in the words of department
users typing into a chat box. The gold of each question is a spec of tests/eval/blind_gold.py's
language, computed with pandas by make_gold.py; "today" of the set is 2026-04-23 (gold.TODAY).

Conventions: a headcount of a project in a month counts that month's 考勤 rows of that project;
money of a project in a month is its 项目月度财务 row; 在职 means no 离职日期; 上个月 / 本月 /
今年 without a stated date are relative to 2026-04-23; a date stated in the question replaces it;
"N及以上" includes N, "超过 / 高于 / 低于 / 不到 N" exclude it (a bare "N以上", which the standard
reading includes and many people do not, is not used).
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]
Cond = list[Any]

# ---------------------------------------------------------------- spec shorthands


def _q(op: str, t: str, where: tuple[Cond, ...], **kw: Any) -> Spec:
    return {"op": op, "t": t, "where": list(where), **kw}


def count(t: str, *where: Cond) -> Spec:
    return _q("agg", t, where, agg="count")


def agg(a: str, t: str, *where: Cond) -> Spec:
    return _q("agg", t, where, agg=a)


def lst(key: str, t: str, *where: Cond) -> Spec:
    return _q("list", t, where, key=key)


def ex(t: str, *where: Cond) -> Spec:
    return _q("exists", t, where)


def val(field: str, t: str, *where: Cond) -> Spec:
    return _q("value", t, where, field=field)


def top(by: str, a: str, t: str, *where: Cond, n: int = 1, order: str = "desc") -> Spec:
    return _q("top", t, where, by=by, agg=a, n=n, order=order)


def topv(by: str, a: str, t: str, *where: Cond, order: str = "desc") -> Spec:
    return _q("top_value", t, where, by=by, agg=a, order=order)


def having(by: str, a: str, cmp: list[Any], t: str, *where: Cond) -> Spec:
    return _q("having", t, where, by=by, agg=a, cmp=cmp)


def having_n(by: str, a: str, cmp: list[Any], t: str, *where: Cond) -> Spec:
    return _q("having_count", t, where, by=by, agg=a, cmp=cmp)


def groups(by: str, a: str, t: str, *where: Cond) -> Spec:
    return _q("groups", t, where, by=by, agg=a)


def diff(a: Spec, b: Spec) -> Spec:
    return {"op": "diff", "a": a, "b": b}


def absdiff(a: Spec, b: Spec) -> Spec:
    return {"op": "absdiff", "a": a, "b": b}


def gt(a: Spec, b: Spec) -> Spec:
    return {"op": "gt", "a": a, "b": b}


def ratio(a: Spec, b: Spec) -> Spec:
    return {"op": "ratio", "a": a, "b": b}


def eq(f: str, v: Any) -> Cond:
    return [f, "=", v]


def ne(f: str, v: Any) -> Cond:
    return [f, "!=", v]


def isin(f: str, *v: Any) -> Cond:
    return [f, "in", list(v)]


def region(code: str, field: str = "项目编号") -> Cond:
    return [field, "region", code]


def month(m: int) -> Cond:
    return ["年月", "=", f"2026-{m:02d}"]


def proj(c: str) -> Cond:
    return ["项目编号", "=", c]


P, R, A, PA, F, K, S = "项目信息", "人员信息", "片区信息", "项目片区关系", "项目月度财务", "考勤与人员财务", "排班月报"
B, H, E, C, INS, Z, M, D = "投标记录", "岗位编制", "设备信息", "采购与维保", "检查记录", "人员证书", "月度快照", "岗位字典"
SERVING = eq("服务状态", "服务中")
WB, CG, ZC, GYS = eq("记录类型", "维保合同"), eq("记录类型", "耗材采购"), eq("记录类型", "固定资产"), eq("记录类型", "供应商")
IN_SERVICE = ["离职日期", "null"]


def head(t: str, *where: Cond) -> Cond:
    """项目编号 is one of the projects of a sub-list."""
    return ["项目编号", "in_q", lst("项目编号", t, *where)]


# ---------------------------------------------------------------- answered questions
# (class, question, gold kind, spec)

ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ---- count
    ("count", "项目台账里一共登记了多少个项目", "number", count(P)),
    ("count", "片区一共有几个？", "number", count(A)),
    ("count", "嘉定片区底下挂了多少个项目", "number", count(PA, eq("片区编号", "PQ06"))),
    ("count", "岗位是保洁员的一共几个人", "number", count(R, eq("岗位名称", "保洁员"))),
    ("count", "人员信息表里登记的女性有多少位", "number", count(R, eq("性别", "女"))),
    ("count", "设备台账里电梯类的设备有几台？", "number", count(E, eq("设备类型", "电梯"))),
    ("count", "已经报废的设备有多少台", "number", count(E, eq("完好状况", "报废"))),
    ("count", "我们登记在册的供应商一共几家", "number", count(C, GYS)),
    ("count", "维保合同总共签了多少份", "number", count(C, WB)),
    ("count", "消防安全检查一共做过几次", "number", count(INS, eq("检查类型", "消防安全检查"))),
    ("count", "有多少人持有证书（按人算，不按证书张数）", "number", agg("nunique:工号", Z)),
    ("count", "投标记录中未中标的有几条", "number", count(B, eq("中标结果", "未中标"))),
    ("count", "松江-九亭第一中学这个项目登记了几台设备", "number", count(E, proj("XMSQ0224"))),
    ("count", "检查日期在2026年3月的检查记录有多少条", "number",
     count(INS, ["检查日期", ">=", "2026-03-01"], ["检查日期", "<=", "2026-03-31"])),
    ("count", "花名册上政治面貌填的是中共党员的有几个", "number", count(R, eq("政治面貌", "中共党员"))),
    ("count", "耗材采购的记录一共多少笔", "number", count(C, CG)),
    ("count", "岗位字典里属于一线员工的岗位有几个", "number", count(D, eq("员工层级", "一线员工"))),
    ("count", "科创片区负责几个项目", "number", count(PA, eq("片区编号", "PQ03"))),
    ("count", "闵行-夏阳人民医院被检查过几次", "number", count(INS, proj("XMSQ0309"))),
    ("count", "带病运行的设备数量", "number", count(E, eq("完好状况", "带病运行"))),
    ("count", "续签的项目（有续签前项目编号的）有多少个", "number", count(P, ["续签前项目编号", "notnull"])),
    ("count", "年份为2025年的投标一共几次", "number", count(B, eq("年份", 2025))),
    ("count", "XMSQ0405 龙华镇政府 有多少台设备", "number", count(E, proj("XMSQ0405"))),
    ("count", "职级是M1的人有几个", "number", count(R, eq("职级", "M1"))),
    # ---- list
    ("list", "还没开始服务的项目有哪些", "names", lst("项目编号", P, eq("服务状态", "未开始"))),
    ("list", "哪些人已经离职了？", "names", lst("工号", R, ["离职日期", "notnull"])),
    ("list", "2026年4月份入职的新员工名单", "names",
     lst("工号", R, ["入职日期", ">=", "2026-04-01"], ["入职日期", "<=", "2026-04-30"])),
    ("list", "嘉定-唐镇社区卫生服务中心 下面有哪些子项目", "names", lst("项目编号", P, eq("上级项目编号", "XMSQ0208"))),
    ("list", "做电梯维保的供应商是哪几家", "names", lst("供应商名称", C, GYS, eq("类别", "电梯维保"))),
    ("list", "当前服务项目是XMSQ0224的员工都有谁", "names", lst("工号", R, eq("当前服务项目编号", "XMSQ0224"))),
    ("list", "谁有物业管理师证？", "names", lst("工号", Z, eq("证书名称", "物业管理师"))),
    ("list", "各片区的负责人分别是谁，列个名单", "names", lst("片区负责人工号", A)),
    ("list", "哪些项目有报废的设备", "names", lst("项目编号", E, eq("完好状况", "报废"))),
    ("list", "员工层级为项目管理人员的岗位有哪些", "names", lst("岗位名称", D, eq("员工层级", "项目管理人员"))),
    ("list", "检查得分低于81分的是哪些项目", "names", lst("项目编号", INS, ["检查得分", "<", 81])),
    ("list", "长宁片区里已经结束的项目", "names", lst("项目编号", P, region("PQ08"), eq("服务状态", "已结束"))),
    ("list", "投标金额超过1900万的投标是哪些项目的", "names", lst("项目编号", B, ["投标金额", ">", 19000000])),
    ("list", "持有保安员（三级）证书的员工", "names", lst("工号", Z, eq("证书名称", "保安员（三级）"))),
    ("list", "维保合同在2027年内到期的项目有哪些", "names",
     lst("项目编号", C, WB, ["结束日期", ">=", "2027-01-01"], ["结束日期", "<=", "2027-12-31"])),
    ("list", "哪些员工的职级是P5", "names", lst("工号", R, eq("职级", "P5"))),
    ("list", "邹杰负责的项目都列出来", "names", lst("项目编号", P, eq("项目负责人", "邹杰"))),
    ("list", "细分业态是养老机构的项目有哪些？", "names", lst("项目编号", P, eq("细分业态", "养老机构"))),
    ("list", "有高压电工作业证的是哪几个人", "names", lst("工号", Z, eq("证书名称", "高压电工作业"))),
    ("list", "XMSQ0208的子项目里，哪些有考勤记录", "names",
     lst("项目编号", K, head(P, eq("上级项目编号", "XMSQ0208")))),
    # ---- sum_avg
    ("sum_avg", "2026年1月开票总额是多少", "number", agg("sum:开票金额", F, month(1))),
    ("sum_avg", "服务中的项目合同金额加起来是多少", "number", agg("sum:合同金额", P, SERVING)),
    ("sum_avg", "所有检查的平均得分", "number", agg("avg:检查得分", INS)),
    ("sum_avg", "月度品质检查平均多少分", "number", agg("avg:检查得分", INS, eq("检查类型", "月度品质检查"))),
    ("sum_avg", "耗材采购一共花了多少钱", "number", agg("sum:金额", C, CG)),
    ("sum_avg", "固定资产采购金额合计", "number", agg("sum:金额", C, ZC)),
    ("sum_avg", "维保合同的平均金额是多少？", "number", agg("avg:金额", C, WB)),
    ("sum_avg", "全部设备的原值总计多少", "number", agg("sum:原值", E)),
    ("sum_avg", "电梯设备平均原值", "number", agg("avg:原值", E, eq("设备类型", "电梯"))),
    ("sum_avg", "2026年2月全员税后工资加起来多少", "number", agg("sum:税后工资", K, month(2))),
    ("sum_avg", "考勤表里平均每人每月上班多少天", "number", agg("avg:上班天数", K)),
    ("sum_avg", "XMSQ0259 1到4月的收款金额合计", "number", agg("sum:收款金额", F, proj("XMSQ0259"))),
    ("sum_avg", "2026年3月平时加班小时一共多少", "number", agg("sum:平时加班小时", K, month(3))),
    ("sum_avg", "项目的客户满意度平均是多少", "number", agg("avg:客户满意度", P)),
    ("sum_avg", "服务中项目的实际毛利率平均值", "number", agg("avg:实际毛利率", P, SERVING)),
    ("sum_avg", "投标金额总和是多少", "number", agg("sum:投标金额", B)),
    ("sum_avg", "岗位编制表里预算编制一共多少人", "number", agg("sum:预算编制", H)),
    ("sum_avg", "嘉定片区所有项目的合同面积加总", "number", agg("sum:合同面积", P, region("PQ06"))),
    ("sum_avg", "1-4月餐费一共发了多少", "number", agg("sum:餐费", K)),
    ("sum_avg", "复合肥总共采购了多少数量", "number", agg("sum:数量", C, CG, eq("名称", "复合肥"))),
    # ---- extreme_rank
    ("extreme_rank", "合同金额最高的是哪个项目", "names", top("项目编号", "max:合同金额", P)),
    ("extreme_rank", "哪个项目拿到过最低的检查得分", "names", top("项目编号", "min:检查得分", INS, order="asc")),
    ("extreme_rank", "单月税后工资最高的是谁", "names", top("工号", "max:税后工资", K)),
    ("extreme_rank", "原值最高的那台设备在哪个项目", "names", top("项目编号", "max:原值", E)),
    ("extreme_rank", "服务中的项目里年化合同额最小的是哪个", "names",
     top("项目编号", "min:年化合同额", P, SERVING, order="asc")),
    ("extreme_rank", "入职最早的员工是哪位", "names", top("工号", "min:入职日期", R, order="asc")),
    ("extreme_rank", "单个项目的客户投诉最多是几次", "number", topv("项目编号", "max:客户投诉", P)),
    ("extreme_rank", "哪个片区的项目数量最多", "names", top("片区编号", "count", PA)),
    ("extreme_rank", "哪家供应商的耗材采购金额最高", "names", top("供应商名称", "sum:金额", C, CG)),
    ("extreme_rank", "金额最大的维保合同是哪个项目签的", "names", top("项目编号", "max:金额", C, WB)),
    ("extreme_rank", "单月开票金额最多的是哪个项目", "names", top("项目编号", "max:开票金额", F)),
    ("extreme_rank", "单月平时加班最多的是多少小时", "number", topv("工号", "max:平时加班小时", K)),
    ("extreme_rank", "检查最高分是多少", "number", agg("max:检查得分", INS)),
    ("extreme_rank", "合同面积最小的项目", "names", top("项目编号", "min:合同面积", P, order="asc")),
    # ---- top_n
    ("top_n", "设备数量排前6的项目", "names", top("项目编号", "count", E, n=6)),
    ("top_n", "合同面积最大的5个项目是哪些", "names", top("项目编号", "max:合同面积", P, n=5)),
    ("top_n", "1到4月开票总额排前三的项目", "names", top("项目编号", "sum:开票金额", F, n=3)),
    ("top_n", "签维保合同最多的三家维保单位", "names", top("维保单位名称", "count", C, WB, n=3)),
    ("top_n", "税后工资合计最高的前5名员工", "names", top("工号", "sum:税后工资", K, n=5)),
    ("top_n", "耗材和固定资产采购金额最高的3个项目", "names",
     top("项目编号", "sum:金额", C, isin("记录类型", "耗材采购", "固定资产"), n=3)),
    ("top_n", "原值合计排前两位的设备类型", "names", top("设备类型", "sum:原值", E, n=2)),
    ("top_n", "岗位编制里项目编制合计排前两名的项目", "names", top("项目编号", "sum:项目编制", H, n=2)),
    ("top_n", "年化合同额top5", "names", top("项目编号", "max:年化合同额", P, n=5)),
    ("top_n", "投标金额最高的三个项目", "names", top("项目编号", "max:投标金额", B, n=3)),
    ("top_n", "客户满意度最低的两个项目", "names", top("项目编号", "min:客户满意度", P, n=2, order="asc")),
    ("top_n", "被检查次数最多的两个检查人", "names", top("检查人工号", "count", INS, n=2)),
    # ---- existence
    ("existence", "有没有没中标的投标？", "bool", ex(B, eq("中标结果", "未中标"))),
    ("existence", "徐汇-重固税务所有设备吗", "bool", ex(E, proj("XMSQ0233"))),
    ("existence", "XMSQ0276有没有登记设备", "bool", ex(E, proj("XMSQ0276"))),
    ("existence", "有人持有低压电工作业证吗", "bool", ex(Z, eq("证书名称", "低压电工作业"))),
    ("existence", "有没有报废的电梯", "bool", ex(E, eq("设备类型", "电梯"), eq("完好状况", "报废"))),
    ("existence", "2026年3月考勤里有没有人旷工", "bool", ex(K, month(3), ["1日", "has_code", "旷"])),
    ("existence", "XMSQ0405有维保合同吗", "bool", ex(C, WB, proj("XMSQ0405"))),
    ("existence", "有检查得分低于80分的吗", "bool", ex(INS, ["检查得分", "<", 80])),
    ("existence", "区域经理里有女的吗", "bool", ex(R, eq("岗位名称", "区域经理"), eq("性别", "女"))),
    ("existence", "供应商里有没有嘉兴的公司", "bool", ex(C, GYS, ["供应商名称", "contains", "嘉兴"])),
    ("existence", "长宁片区有未开始的项目吗", "bool", ex(P, region("PQ08"), eq("服务状态", "未开始"))),
    ("existence", "闵行片区有没有还没开始服务的项目", "bool", ex(P, region("PQ04"), eq("服务状态", "未开始"))),
    ("existence", "4月份有人休婚假吗", "bool", ex(K, month(4), ["1日", "has_code", "婚"])),
    ("existence", "松江-枫林科技园-1号楼 2月份有财务记录没", "bool", ex(F, proj("XMSQ0258"), month(2))),
    # ---- status
    ("status", "XMSQ0224的项目负责人是谁", "value", val("项目负责人", P, proj("XMSQ0224"))),
    ("status", "松江-九亭第一中学 是什么委托方式", "value", val("委托方式", P, proj("XMSQ0224"))),
    ("status", "徐汇-川沙人民医院的计费方式", "value", val("计费方式", P, proj("XMSQ0329"))),
    ("status", "XMSQ0288哪天开始的", "value", val("开始日期", P, proj("XMSQ0288"))),
    ("status", "嘉定-颛桥工业园区 合同到什么时候结束", "value", val("结束日期", P, proj("XMSQ0227"))),
    ("status", "石宏伟是什么岗位", "value", val("岗位名称", R, eq("姓名", "石宏伟"))),
    ("status", "任国华的工号多少", "value", val("工号", R, eq("姓名", "任国华"))),
    ("status", "蒋立新哪天入职的", "value", val("入职日期", R, eq("姓名", "蒋立新"))),
    ("status", "PQ05片区叫什么名字", "value", val("片区名称", A, eq("片区编号", "PQ05"))),
    ("status", "松江片区的负责人是哪位", "value", val("姓名", R, eq("工号", "KWL1611201"))),
    ("status", "WB0012这份维保合同的维保单位是哪家", "value", val("维保单位名称", C, eq("记录编号", "WB0012"))),
    ("status", "上海鑫达电梯工程有限公司属于什么类别的供应商", "value",
     val("类别", C, GYS, eq("供应商名称", "上海鑫达电梯工程有限公司"))),
    ("status", "保安_消控员属于哪个员工层级", "value", val("员工层级", D, eq("岗位名称", "保安_消控员"))),
    ("status", "徐汇-南翔工业园区是哪一年投的标", "value", val("年份", B, proj("XMSQ0347"))),
    ("status", "闵行-夏阳人民医院的甲方名称", "value", val("甲方名称", P, proj("XMSQ0309"))),
    ("status", "采购记录CG0100买的是什么东西", "value", val("名称", C, eq("记录编号", "CG0100"))),
    ("status", "邹杰的物业管理师证是哪天发的", "value",
     val("发证日期", Z, eq("工号", "KWL2109421"), eq("证书名称", "物业管理师"))),
    ("status", "XMSQ0360 项目地址在哪", "value", val("项目地址", P, proj("XMSQ0360"))),
    ("status", "贺琳的职级是多少", "value", val("职级", R, eq("姓名", "贺琳"))),
    ("status", "龙华镇政府 XF-002 这台设备现在什么状况", "value",
     val("完好状况", E, proj("XMSQ0405"), eq("设备编号", "XF-002"))),
    # ---- colloquial
    ("colloquial", "花名册上总共多少号人", "number", count(R)),
    ("colloquial", "1-4月回款最多的是哪个盘子", "names", top("项目编号", "sum:收款金额", F)),
    ("colloquial", "4月份发票一共开了多少钱", "number", agg("sum:开票金额", F, month(4))),
    ("colloquial", "3月份回款回了多少", "number", agg("sum:收款金额", F, month(3))),
    ("colloquial", "一共中了几个标", "number", count(B, eq("中标结果", "中标"))),
    ("colloquial", "消防那块的设备一共几台", "number", count(E, eq("设备类型", "消防"))),
    ("colloquial", "打卡记录里2月份有多少人", "number", agg("nunique:工号", K, month(2))),
    ("colloquial", "排班表4月排了多少个人", "number", agg("nunique:工号", S, month(4))),
    ("colloquial", "有毛病但还在用的设备有多少台", "number", count(E, eq("完好状况", "带病运行"))),
    ("colloquial", "哪家供应商卖给我们的东西最多（耗材加固定资产，按金额算）", "names",
     top("供应商名称", "sum:金额", C, isin("记录类型", "耗材采购", "固定资产"))),
    ("colloquial", "唐镇社区卫生服务中心-综合楼 这个盘子1月份到岗几个人", "number",
     count(K, proj("XMSQ0259"), month(1))),
    ("colloquial", "管工程的主管有几个人", "number", count(R, eq("岗位名称", "工程主管"))),
    ("colloquial", "巡逻电动车一共买了几辆", "number", agg("sum:数量", C, eq("名称", "巡逻电动车"))),
    ("colloquial", "大伙儿3月份工资一共发了多少（税后）", "number", agg("sum:税后工资", K, month(3))),
    ("colloquial", "客梯一共有几部", "number", count(E, eq("设备名称", "客梯"))),
    ("colloquial", "市场部魏秀英经手了多少个标", "number", count(B, eq("投标经办人工号", "KWL0804835"))),
    # ---- time_reference
    ("time_reference", "今天是2026年5月10号，上个月开票总额多少", "number", agg("sum:开票金额", F, month(4))),
    ("time_reference", "截至2026年3月31日，已经过了有效期的证书有几张", "number",
     count(Z, ["有效期至", "<", "2026-03-31"])),
    ("time_reference", "以2026-03-15为准，上上个月的考勤记录有多少条", "number", count(K, month(1))),
    ("time_reference", "今天是2026年4月2日，上个月收款合计多少", "number", agg("sum:收款金额", F, month(3))),
    ("time_reference", "今年投了几个标", "number", count(B, eq("年份", 2026))),
    ("time_reference", "上个月有多少人有考勤", "number", agg("nunique:工号", K, month(3))),
    ("time_reference", "今天是2026/4/10，上上个月排班记录有几条", "number", count(S, month(2))),
    ("time_reference", "现在是2026年3月，上个月加班总时长是多少小时", "number", agg("sum:平时加班小时", K, month(2))),
    ("time_reference", "以2026年4月30日为准，今年一共做了多少次检查", "number",
     count(INS, ["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-04-30"])),
    ("time_reference", "今年以来新入职了几个人", "number",
     count(R, ["入职日期", ">=", "2026-01-01"], ["入职日期", "<=", "2026-04-23"])),
    ("time_reference", "今天是2026-05-06，上个月XMSQ0224有几个人出勤", "number", count(K, proj("XMSQ0224"), month(4))),
    ("time_reference", "以2026年2月1日为准，上个月的税后工资总额", "number", agg("sum:税后工资", K, month(1))),
    ("time_reference", "本月所有项目开票合计", "number", agg("sum:开票金额", F, month(4))),
    ("time_reference", "上个月耗材采购了多少笔", "number", count(C, CG, month(3))),
    ("time_reference", "截至2026年4月23日，今年内已经到期的证书是谁的", "names",
     lst("工号", Z, ["有效期至", ">=", "2026-01-01"], ["有效期至", "<=", "2026-04-23"])),
    ("time_reference", "今天2026年3月20号，本月开票总额多少", "number", agg("sum:开票金额", F, month(3))),
    # ---- now_current
    ("now_current", "现在还在职的员工有多少", "number", count(R, IN_SERVICE)),
    ("now_current", "卢雪梅现在在哪个项目上", "names", lst("当前服务项目编号", R, eq("姓名", "卢雪梅"))),
    ("now_current", "目前处于停用状态的设备有几台", "number", count(E, eq("完好状况", "停用"))),
    ("now_current", "XMSQ0233当前是什么服务状态", "value", val("服务状态", P, proj("XMSQ0233"))),
    ("now_current", "目前合作中的供应商有几家", "number", count(C, GYS, eq("状态", "合作中"))),
    ("now_current", "目前在职的项目经理有几个", "number", count(R, eq("岗位名称", "项目经理"), IN_SERVICE)),
    ("now_current", "当前服务项目是XMSQ0338、现在还在职的人有哪些", "names",
     lst("工号", R, eq("当前服务项目编号", "XMSQ0338"), IN_SERVICE)),
    ("now_current", "当前还没开始服务的项目有几个", "number", count(P, eq("服务状态", "未开始"))),
    ("now_current", "高文杰现在还在职吗", "bool", ex(R, eq("姓名", "高文杰"), IN_SERVICE)),
    ("now_current", "目前服务中的项目一共多少个", "number", count(P, SERVING)),
    ("now_current", "现在嘉定片区的负责人是谁", "value", val("姓名", R, eq("工号", "KWL2510732"))),
    ("now_current", "目前在职的男员工有多少人", "number", count(R, eq("性别", "男"), IN_SERVICE)),
    # ---- monthly_fact
    ("monthly_fact", "XMSQ0224 2026年3月有多少人", "number", count(K, proj("XMSQ0224"), month(3))),
    ("monthly_fact", "嘉定-唐镇社区卫生服务中心-综合楼 3月份在岗几人", "number", count(K, proj("XMSQ0259"), month(3))),
    ("monthly_fact", "长宁-梅陇街道办事处 2026年4月开票金额", "number", agg("sum:开票金额", F, proj("XMSQ0211"), month(4))),
    ("monthly_fact", "XMSQ0279 一月份收款多少", "number", agg("sum:收款金额", F, proj("XMSQ0279"), month(1))),
    ("monthly_fact", "闵行-梅陇社区中心 3月有几个人出勤", "number", count(K, proj("XMSQ0277"), month(3))),
    ("monthly_fact", "长宁-江桥街道办事处-1号楼4月份人数", "number", count(K, proj("XMSQ0355"), month(4))),
    ("monthly_fact", "2026年2月 徐汇-梅陇第一中学-1号楼 有几个人", "number", count(K, proj("XMSQ0253"), month(2))),
    ("monthly_fact", "XMSQ0347 3月开了多少票（金额）", "number", agg("sum:开票金额", F, proj("XMSQ0347"), month(3))),
    ("monthly_fact", "浦东-赵巷创业园 1月份回款多少", "number", agg("sum:收款金额", F, proj("XMSQ0257"), month(1))),
    ("monthly_fact", "XMSQ0184 四月多少人", "number", count(K, proj("XMSQ0184"), month(4))),
    ("monthly_fact", "XMSQ0223 3月开票多少钱", "number", agg("sum:开票金额", F, proj("XMSQ0223"), month(3))),
    ("monthly_fact", "XMSQ0170 2026年2月的收款金额", "number", agg("sum:收款金额", F, proj("XMSQ0170"), month(2))),
    ("monthly_fact", "松江-枫林科技园-1号楼 1月份多少人", "number", count(K, proj("XMSQ0258"), month(1))),
    ("monthly_fact", "XMSQ0355 2026-04 人数", "number", count(K, proj("XMSQ0355"), month(4))),
    ("monthly_fact", "徐汇-康健工业园区4月开票金额是多少", "number", agg("sum:开票金额", F, proj("XMSQ0279"), month(4))),
    ("monthly_fact", "科创-大场人才公寓-1号楼 2月在岗人数", "number", count(K, proj("XMSQ0389"), month(2))),
    ("monthly_fact", "青浦-康健环境监测站-1号楼 3月开票", "number", agg("sum:开票金额", F, proj("XMSQ0217"), month(3))),
    ("monthly_fact", "闵行-康健图书馆一月份人数", "number", count(K, proj("XMSQ0403"), month(1))),
    # ---- compare
    ("compare", "XMSQ0259 3月比1月多几个人", "number",
     diff(count(K, proj("XMSQ0259"), month(3)), count(K, proj("XMSQ0259"), month(1)))),
    ("compare", "2月开票总额比1月高吗", "bool", gt(agg("sum:开票金额", F, month(2)), agg("sum:开票金额", F, month(1)))),
    ("compare", "长宁-梅陇街道办事处1月开票比4月多多少", "number",
     diff(agg("sum:开票金额", F, proj("XMSQ0211"), month(1)), agg("sum:开票金额", F, proj("XMSQ0211"), month(4)))),
    ("compare", "嘉定片区的项目是不是比徐汇片区多", "bool",
     gt(count(PA, eq("片区编号", "PQ06")), count(PA, eq("片区编号", "PQ02")))),
    ("compare", "2月有考勤的人比3月多几个", "number",
     diff(agg("nunique:工号", K, month(2)), agg("nunique:工号", K, month(3)))),
    ("compare", "消防设备比电梯设备多几台", "number",
     diff(count(E, eq("设备类型", "消防")), count(E, eq("设备类型", "电梯")))),
    ("compare", "月度品质检查的平均分是不是比消防安全检查高", "bool",
     gt(agg("avg:检查得分", INS, eq("检查类型", "月度品质检查")),
        agg("avg:检查得分", INS, eq("检查类型", "消防安全检查")))),
    ("compare", "闵行-夏阳人民医院的合同金额比闵行-梅陇社区中心多多少", "number",
     diff(agg("sum:合同金额", P, proj("XMSQ0309")), agg("sum:合同金额", P, proj("XMSQ0277")))),
    ("compare", "XMSQ0279的年化合同额是否高于XMSQ0347", "bool",
     gt(agg("sum:年化合同额", P, proj("XMSQ0279")), agg("sum:年化合同额", P, proj("XMSQ0347")))),
    ("compare", "长宁片区的项目数比科创片区多几个", "number",
     diff(count(PA, eq("片区编号", "PQ08")), count(PA, eq("片区编号", "PQ03")))),
    ("compare", "花名册里男的比女的多多少人", "number", diff(count(R, eq("性别", "男")), count(R, eq("性别", "女")))),
    ("compare", "XMSQ0224 4月比1月多几个人", "number",
     diff(count(K, proj("XMSQ0224"), month(4)), count(K, proj("XMSQ0224"), month(1)))),
    ("compare", "XMSQ0112 二月开票金额比XMSQ0211 一月高不高", "bool",
     gt(agg("sum:开票金额", F, proj("XMSQ0112"), month(2)), agg("sum:开票金额", F, proj("XMSQ0211"), month(1)))),
    ("compare", "1月的税后工资总额比4月多吗", "bool",
     gt(agg("sum:税后工资", K, month(1)), agg("sum:税后工资", K, month(4)))),
    ("compare", "固定资产采购金额比耗材采购多多少钱", "number",
     diff(agg("sum:金额", C, ZC), agg("sum:金额", C, CG))),
    ("compare", "XMSQ0253 3月的人数是不是比XMSQ0184 3月多", "bool",
     gt(count(K, proj("XMSQ0253"), month(3)), count(K, proj("XMSQ0184"), month(3)))),
    # ---- group_having
    ("group_having", "设备在14台及以上的项目有哪些", "names", having("项目编号", "count", [">=", 14], E)),
    ("group_having", "被检查超过6次的项目", "names", having("项目编号", "count", [">", 6], INS)),
    ("group_having", "持有2本及以上证书的人有谁", "names", having("工号", "count", [">=", 2], Z)),
    ("group_having", "维保合同超过10份的维保单位有哪些", "names", having("维保单位名称", "count", [">", 10], C, WB)),
    ("group_having", "设备超过12台的项目有几个", "number", having_n("项目编号", "count", [">", 12], E)),
    ("group_having", "1-4月开票合计超过200万的项目", "names", having("项目编号", "sum:开票金额", [">", 2000000], F)),
    ("group_having", "采购记录在27笔及以上的供应商", "names",
     having("供应商名称", "count", [">=", 27], C, isin("记录类型", "耗材采购", "固定资产"))),
    ("group_having", "检查次数超过70次的检查人有哪些", "names", having("检查人工号", "count", [">", 70], INS)),
    ("group_having", "同时属于两个及以上片区的项目有哪些", "names", having("项目编号", "count", [">=", 2], PA)),
    ("group_having", "下面有4个及以上子项目的上级项目", "names", having("上级项目编号", "count", [">=", 4], P)),
    ("group_having", "4月份考勤有4人及以上的项目有哪些", "names", having("项目编号", "count", [">=", 4], K, month(4))),
    ("group_having", "负责8个及以上项目的项目负责人有几位", "number", having_n("项目负责人工号", "count", [">=", 8], P)),
    # ---- region_rollup
    ("region_rollup", "嘉定片区3月份考勤人数合计", "number", count(K, region("PQ06"), month(3))),
    ("region_rollup", "松江片区2026年1月开票总额", "number", agg("sum:开票金额", F, region("PQ05"), month(1))),
    ("region_rollup", "浦东片区4月份收款多少钱", "number", agg("sum:收款金额", F, region("PQ07"), month(4))),
    ("region_rollup", "长宁片区的项目2月一共多少人出勤", "number", count(K, region("PQ08"), month(2))),
    ("region_rollup", "徐汇片区1到4月开票加起来多少", "number", agg("sum:开票金额", F, region("PQ02"))),
    ("region_rollup", "闵行片区2月份平时加班小时总数", "number", agg("sum:平时加班小时", K, region("PQ04"), month(2))),
    ("region_rollup", "4月开票金额最多的是哪个片区", "names", top("@片区编号", "sum:开票金额", F, month(4))),
    ("region_rollup", "闵行片区3月人数最多的项目", "names", top("项目编号", "count", K, region("PQ04"), month(3))),
    ("region_rollup", "青浦片区的项目一共登记了几台设备", "number", count(E, region("PQ01"))),
    ("region_rollup", "嘉定片区4月有开票的项目有几个", "number", agg("nunique:项目编号", F, region("PQ06"), month(4))),
    ("region_rollup", "浦东片区的项目检查平均得分", "number", agg("avg:检查得分", INS, region("PQ07"))),
    ("region_rollup", "松江片区3月税后工资总额", "number", agg("sum:税后工资", K, region("PQ05"), month(3))),
    # ---- negation
    ("negation", "除了服务中的，其它状态的项目有几个", "number", count(P, ne("服务状态", "服务中"))),
    ("negation", "不是一线员工的人有多少", "number", count(R, ne("员工层级", "一线员工"))),
    ("negation", "服务中的项目里没有任何设备的有几个", "number",
     count(P, SERVING, ["项目编号", "not_in_q", lst("项目编号", E)])),
    ("negation", "除了保安和保洁的岗位之外，岗位编制里还有哪些岗位", "names",
     lst("岗位", H, ["岗位", "not_in", ["保安_普保", "保安_领班", "保安_消控员", "保洁员", "保洁_领班"]])),
    ("negation", "有多少家供应商一笔耗材或固定资产采购都没有", "number",
     count(C, GYS, ["供应商名称", "not_in_q", lst("供应商名称", C, isin("记录类型", "耗材采购", "固定资产"))])),
    ("negation", "服务中的项目里，4月没有开票记录的有多少个", "number",
     count(P, SERVING, ["项目编号", "not_in_q", lst("项目编号", F, month(4))])),
    ("negation", "不在嘉定片区的项目有几个", "number",
     count(P, ["项目编号", "not_in_q", lst("项目编号", PA, eq("片区编号", "PQ06"))])),
    ("negation", "已结束的项目以外，其余项目合同金额合计", "number", agg("sum:合同金额", P, ne("服务状态", "已结束"))),
    ("negation", "在职的保安_消控员里，没有任何证书的有几个", "number",
     count(R, eq("岗位名称", "保安_消控员"), IN_SERVICE, ["工号", "not_in_q", lst("工号", Z)])),
    ("negation", "委托方式不是全委的项目多少个", "number", count(P, ne("委托方式", "全委"))),
    ("negation", "没中标的那些投标，投标金额加起来多少", "number", agg("sum:投标金额", B, eq("中标结果", "未中标"))),
    ("negation", "完好状况不是完好的设备有几台", "number", count(E, ne("完好状况", "完好"))),
    # ---- or_values
    ("or_values", "项目经理或项目副经理一共多少人", "number", count(R, isin("岗位名称", "项目经理", "项目副经理"))),
    ("or_values", "停用或者报废的设备有几台", "number", count(E, isin("完好状况", "停用", "报废"))),
    ("or_values", "电梯维保或消防维保合同的金额合计", "number", agg("sum:金额", C, WB, isin("类别", "电梯维保", "消防维保"))),
    ("or_values", "细分业态是学校或医疗卫生的项目有几个", "number", count(P, isin("细分业态", "学校", "医疗卫生"))),
    ("or_values", "松江片区或青浦片区的项目一共多少个", "number",
     agg("nunique:项目编号", PA, isin("片区编号", "PQ05", "PQ01"))),
    ("or_values", "给排水或通风类设备的原值合计", "number", agg("sum:原值", E, isin("设备类型", "给排水", "通风"))),
    ("or_values", "月度品质检查或季度综合检查一共几次", "number",
     count(INS, isin("检查类型", "月度品质检查", "季度综合检查"))),
    ("or_values", "证书类别是特种作业操作证或特种设备作业人员证的人", "names",
     lst("工号", Z, isin("证书类别", "特种作业操作证", "特种设备作业人员证"))),
    ("or_values", "状态为已验收或已入账的耗材采购金额合计", "number",
     agg("sum:金额", C, CG, isin("状态", "已验收", "已入账"))),
    ("or_values", "计费方式为酬金制的、委托方式是全委或多项单委的项目有多少", "number",
     count(P, eq("计费方式", "酬金制"), isin("委托方式", "全委", "多项单委"))),
    # ---- threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个", "number", count(P, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "毛利率低于4.5%的项目有哪些", "names", lst("项目编号", P, ["实际毛利率", "<", 0.045])),
    ("threshold_percent", "服务中项目里毛利率10%及以上的有多少", "number",
     count(P, SERVING, ["实际毛利率", ">=", 0.10])),
    ("threshold_percent", "毛利率不低于17.5%的项目", "names", lst("项目编号", P, ["实际毛利率", ">=", 0.175])),
    ("threshold_percent", "包干制项目中毛利率高于12.5%的有几个", "number",
     count(P, eq("计费方式", "包干制"), ["实际毛利率", ">", 0.125])),
    ("threshold_percent", "嘉定片区毛利率超过16%的项目", "names",
     lst("项目编号", P, region("PQ06"), ["实际毛利率", ">", 0.16])),
    ("threshold_percent", "全委项目里毛利率不到6%的有几个", "number",
     count(P, eq("委托方式", "全委"), ["实际毛利率", "<", 0.06])),
    ("threshold_percent", "客户满意度95分及以上且毛利率超过15%的项目数", "number",
     count(P, ["客户满意度", ">=", 95], ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "有没有毛利率超过18%的项目", "bool", ex(P, ["实际毛利率", ">", 0.18])),
    ("threshold_percent", "毛利率在5%到8%之间的项目有几个（含5%和8%）", "number",
     count(P, ["实际毛利率", ">=", 0.05], ["实际毛利率", "<=", 0.08])),
    # ---- share
    ("share", "服务中的项目占全部项目的比例", "number", ratio(count(P, SERVING), count(P))),
    ("share", "女员工占花名册的百分比", "number", ratio(count(R, eq("性别", "女")), count(R))),
    ("share", "报废设备占所有设备的百分之多少", "number", ratio(count(E, eq("完好状况", "报废")), count(E))),
    ("share", "投标的中标率是多少", "number", ratio(count(B, eq("中标结果", "中标")), count(B))),
    ("share", "4月收款金额占开票金额的比例", "number",
     ratio(agg("sum:收款金额", F, month(4)), agg("sum:开票金额", F, month(4)))),
    ("share", "嘉定片区的项目数占全部项目的百分之几", "number", ratio(count(PA, eq("片区编号", "PQ06")), count(P))),
    ("share", "花名册里中共党员占多大比例", "number", ratio(count(R, eq("政治面貌", "中共党员")), count(R))),
    ("share", "消防安全检查占全部检查次数的比重", "number",
     ratio(count(INS, eq("检查类型", "消防安全检查")), count(INS))),
    ("share", "检查记录里发现问题（有问题描述）的占比", "number", ratio(count(INS, ["问题描述", "notnull"]), count(INS))),
    ("share", "电梯设备原值占全部设备原值的比例", "number",
     ratio(agg("sum:原值", E, eq("设备类型", "电梯")), agg("sum:原值", E))),
    # ---- grouped
    ("grouped", "按片区统计项目数", "groups", groups("片区编号", "count", PA)),
    ("grouped", "按服务状态统计一下项目个数", "groups", groups("服务状态", "count", P)),
    ("grouped", "各设备类型分别有多少台", "groups", groups("设备类型", "count", E)),
    ("grouped", "按月份统计开票金额", "groups", groups("年月", "sum:开票金额", F)),
    ("grouped", "按检查类型看平均得分", "groups", groups("检查类型", "avg:检查得分", INS)),
    ("grouped", "按委托方式统计项目数量", "groups", groups("委托方式", "count", P)),
    ("grouped", "每个月的考勤记录条数", "groups", groups("年月", "count", K)),
    ("grouped", "按证书类别统计证书数量", "groups", groups("证书类别", "count", Z)),
    ("grouped", "采购与维保按记录类型统计条数", "groups", groups("记录类型", "count", C)),
    ("grouped", "按片区汇总3月考勤人数", "groups", groups("@片区编号", "count", K, month(3))),
]

# ---------------------------------------------------------------- not in the data
# (class, question, reason, missing)

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999的项目负责人是谁", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "XMSQ0410合同金额多少", "no_such_entity", "XMSQ0410"),
    ("not_in_data_entity", "张伟的工号是多少", "no_such_entity", "张伟"),
    ("not_in_data_entity", "KWL2604100是谁", "no_such_entity", "KWL2604100"),
    ("not_in_data_entity", "PQ09片区有几个项目", "no_such_entity", "PQ09"),
    ("not_in_data_entity", "上海宏图物业工程有限公司是什么类别的供应商", "no_such_entity", "上海宏图物业工程有限公司"),
    ("not_in_data_entity", "闵行-七宝图书馆有几台设备", "no_such_entity", "闵行-七宝图书馆"),
    ("not_in_data_entity", "维保合同WB0200的金额", "no_such_entity", "WB0200"),
    ("not_in_data_entity", "杨浦片区有多少个项目", "no_such_entity", "杨浦片区"),
    ("not_in_data_entity", "王小明3月份上了几天班", "no_such_entity", "王小明"),
    ("not_in_data_entity", "采购记录CG0401花了多少钱", "no_such_entity", "CG0401"),
    ("not_in_data_entity", "ZC0151 买的是什么", "no_such_entity", "ZC0151"),
    ("not_in_data_entity", "欧阳娜娜现在在哪个项目", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "XMSQ2224 2026年3月有几个人", "no_such_entity", "XMSQ2224"),
    ("not_in_data_month", "2025年12月开票总额多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月XMSQ0224有几个人", "outside_coverage", "2026-05"),
    ("not_in_data_month", "下个月各项目开票金额合计", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2026年6月考勤人数", "outside_coverage", "2026-06"),
    ("not_in_data_month", "去年12月平时加班小时合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2025年10月嘉定片区考勤人数", "outside_coverage", "2025-10"),
    ("not_in_data_month", "今年5月份税后工资总额", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2024年3月XMSQ0259开票多少", "outside_coverage", "2024-03"),
    ("not_in_data_month", "2026年7月的排班有多少人", "outside_coverage", "2026-07"),
    ("not_in_data_month", "2025年11月的收款总额", "outside_coverage", "2025-11"),
    ("not_in_data_field", "贺琳的婚姻状况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "员工的学历分布情况", "no_such_field", "学历"),
    ("not_in_data_field", "蒋立新什么血型", "no_such_field", "血型"),
    ("not_in_data_field", "XMSQ0259有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "石宏伟籍贯是哪里", "no_such_field", "籍贯"),
    ("not_in_data_field", "各项目3月份的用电量", "no_such_field", "用电量"),
    ("not_in_data_field", "龙华镇政府的绿化面积是多少", "no_such_field", "绿化面积"),
    ("not_in_data_field", "任国华的社保缴纳基数", "no_such_field", "社保缴纳基数"),
    ("not_in_data_field", "供应商的信用评级怎么样", "no_such_field", "信用评级"),
    ("not_in_data_field", "邹杰的微信号", "no_such_field", "微信号"),
]

# ---------------------------------------------------------------- not a data question
# (class, question): expected answered with no value

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢你啊"),
    ("non_data", "帮我把XMSQ0224的负责人改成张三"),
    ("non_data", "删除2026年1月的考勤数据"),
    ("non_data", "辛苦了，拜拜"),
    ("non_data", "你是谁？能干啥"),
    ("non_data", "请把所有报废设备从台账里删掉"),
    ("non_data", "早上好呀"),
    ("non_data", "把蒋立新的入职日期改成2026-03-05"),
    ("non_data", "好的明白了，多谢"),
]

CLARIFY: list[tuple[str, str, str]] = []
