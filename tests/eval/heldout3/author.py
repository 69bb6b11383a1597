"""The third held-out set as written: questions and their gold specs (tests/eval/blind_gold.py).

Written blind from templates.md, cli.md, bench/gen_data.py and this folder's ledgers only. The
fixed today is 2026-03-17 (本月 2026-03, 上个月 2026-02, 上上个月 2026-01; 今年 2026).
ANSWERED: (class, question, gold kind, spec); NOT_IN_DATA: (class, question, reason, missing);
NON_DATA: (class, question). make_gold.py computes the gold values from the Excel files.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

P = "项目信息"
R = "人员信息"
Q = "片区信息"
QR = "项目片区关系"
F = "项目月度财务"
K = "考勤与人员财务"
S = "排班月报"
T = "投标记录"
B = "岗位编制"
E = "设备信息"
C = "采购与维保"
J = "检查记录"
Z = "人员证书"
M = "月度快照"
W = "岗位字典"


def cnt(t: str, *where: list[Any], agg: str = "count", **kw: Any) -> Spec:
    return {"op": "agg", "t": t, "where": list(where), "agg": agg, **kw}


def lst(t: str, key: str, *where: list[Any], **kw: Any) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where), **kw}


def val(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def ex(t: str, *where: list[Any], **kw: Any) -> Spec:
    return {"op": "exists", "t": t, "where": list(where), **kw}


def top(t: str, by: str, agg: str, *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": agg, "where": list(where), "n": n, "order": order}


def grp(t: str, by: str, agg: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": agg, "where": list(where)}


def hav(t: str, by: str, agg: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "by": by, "agg": agg, "cmp": cmp, "where": list(where)}


def two(op: str, a: Spec, b: Spec) -> Spec:
    return {"op": op, "a": a, "b": b}


def mon(m: str) -> list[Any]:
    return ["年月", "=", m]


def pj(code: str) -> list[Any]:
    return ["项目编号", "=", code]


def reg(code: str) -> list[Any]:
    return ["项目编号", "region", code]


# fmt: off
ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ---------------------------------------------------------------- count
    ("count", "项目信息表里一共登记了多少个项目？", "number", cnt(P)),
    ("count", "服务状态为“服务中”的项目有几个", "number", cnt(P, ["服务状态", "=", "服务中"])),
    ("count", "委托方式是多项单委的项目数量是多少？", "number", cnt(P, ["委托方式", "=", "多项单委"])),
    ("count", "花名册上女性员工有多少人？", "number", cnt(R, ["性别", "=", "女"])),
    ("count", "设备台账里完好状况为报废的设备有几台", "number", cnt(E, ["完好状况", "=", "报废"])),
    ("count", "维保合同一共签了多少份？", "number", cnt(C, ["记录类型", "=", "维保合同"])),
    ("count", "人员证书表里总共登记了几本证书", "number", cnt(Z)),
    ("count", "检查记录中消防安全检查一共做了多少次", "number", cnt(J, ["检查类型", "=", "消防安全检查"])),
    ("count", "投标记录里结果是未中标的有几条？", "number", cnt(T, ["中标结果", "=", "未中标"])),
    ("count", "请问岗位字典里员工层级属于一线员工的岗位有几个？", "number", cnt(W, ["员工层级", "=", "一线员工"])),
    # ---------------------------------------------------------------- list
    ("list", "花名册里有离职日期的是哪几个人？", "names", lst(R, "工号", ["离职日期", "notnull"])),
    ("list", "合同状况是“已签约未进场”的项目有哪些", "names", lst(P, "项目编号", ["合同状况", "=", "已签约未进场"])),
    ("list", "公司现在划了哪些片区？列一下", "names", lst(Q, "片区编号")),
    ("list", "持有特种作业操作证的都是哪些人", "names", lst(Z, "工号", ["证书类别", "=", "特种作业操作证"])),
    ("list", "岗位字典中，员工层级为职能管理人员的岗位都有哪些？", "names",
     lst(W, "岗位名称", ["员工层级", "=", "职能管理人员"])),
    ("list", "董红梅负责的项目有哪些？", "names", lst(P, "项目编号", ["项目负责人", "=", "董红梅"])),
    ("list", "2026年4月开了票但收款金额为0的项目是哪些", "names",
     lst(F, "项目编号", mon("2026-04"), ["收款金额", "=", 0])),
    ("list", "徐汇区的体育场馆项目有哪几个？", "names",
     lst(P, "项目编号", ["市（区）", "=", "徐汇区"], ["细分业态", "=", "体育场馆"])),
    ("list", "投标记录里年份是2026年的投标，是哪几个项目的", "names", lst(T, "项目编号", ["年份", "=", 2026])),
    # ---------------------------------------------------------------- sum_avg
    ("sum_avg", "2026年2月所有项目的开票金额合计是多少？", "number", cnt(F, mon("2026-02"), agg="sum:开票金额")),
    ("sum_avg", "全部项目的客户满意度平均是多少分", "number", cnt(P, agg="avg:客户满意度")),
    ("sum_avg", "2026年1月考勤表里税后工资加起来一共多少钱？", "number", cnt(K, mon("2026-01"), agg="sum:税后工资")),
    ("sum_avg", "服务中的项目合同面积总共多少平方米", "number", cnt(P, ["服务状态", "=", "服务中"], agg="sum:合同面积")),
    ("sum_avg", "耗材采购的金额总计多少", "number", cnt(C, ["记录类型", "=", "耗材采购"], agg="sum:金额")),
    ("sum_avg", "消防安全检查的平均得分是多少？", "number", cnt(J, ["检查类型", "=", "消防安全检查"], agg="avg:检查得分")),
    ("sum_avg", "电梯类设备的原值合计多少元", "number", cnt(E, ["设备类型", "=", "电梯"], agg="sum:原值")),
    ("sum_avg", "2026年4月考勤记录里平时加班小时平均每条是多少", "number",
     cnt(K, mon("2026-04"), agg="avg:平时加班小时")),
    ("sum_avg", "在职员工（没有离职日期的）平均司龄是多少年？", "number", cnt(R, ["离职日期", "null"], agg="avg:司龄")),
    # ---------------------------------------------------------------- extreme_rank
    ("extreme_rank", "合同金额最高的是哪个项目", "names", top(P, "项目编号", "max:合同金额")),
    ("extreme_rank", "年化合同收入最低的项目是哪个？", "names", top(P, "项目编号", "min:年化合同收入", order="asc")),
    ("extreme_rank", "哪个片区下面挂的项目最多", "names", top(QR, "片区编号", "count")),
    ("extreme_rank", "2026年3月开票金额最高的是哪个项目？", "names", top(F, "项目编号", "max:开票金额", mon("2026-03"))),
    ("extreme_rank", "设备最多的项目是哪一个", "names", top(E, "项目编号", "count")),
    ("extreme_rank", "检查次数最多的项目是哪个？", "names", top(J, "项目编号", "count")),
    ("extreme_rank", "花名册里入职最早的员工是谁", "names", top(R, "工号", "min:入职日期", order="asc")),
    ("extreme_rank", "投标金额最大的一次投标是哪个项目的", "names", top(T, "项目编号", "max:投标金额")),
    # ---------------------------------------------------------------- top_n
    ("top_n", "年化合同额排前5的项目", "names", top(P, "项目编号", "max:年化合同额", n=5)),
    ("top_n", "2026年2月开票金额前三名的项目是哪些？", "names", top(F, "项目编号", "sum:开票金额", mon("2026-02"), n=3)),
    ("top_n", "2026年1到4月累计收款金额最多的3个项目", "names", top(F, "项目编号", "sum:收款金额", n=3)),
    ("top_n", "采购金额（耗材采购加固定资产）最多的三家供应商是哪几家？", "names",
     top(C, "供应商名称", "sum:金额", ["记录类型", "in", ["耗材采购", "固定资产"]], n=3)),
    ("top_n", "设备数量排前3的设备类型", "names", top(E, "设备类型", "count", n=3)),
    ("top_n", "平均检查得分最低的两种检查类型是哪两种", "names", top(J, "检查类型", "avg:检查得分", n=2, order="asc")),
    ("top_n", "2026年3月税后工资合计最高的5个员工是谁？", "names",
     top(K, "工号", "sum:税后工资", mon("2026-03"), n=5)),
    ("top_n", "花名册上人数最多的前3个岗位", "names", top(R, "岗位名称", "count", n=3)),
    # ---------------------------------------------------------------- existence
    ("existence", "有没有客户投诉超过3次的项目？", "bool", ex(P, ["客户投诉", ">", 3])),
    ("existence", "2026年3月有人旷工吗", "bool", ex(K, mon("2026-03"), ["1日", "has_code", "旷"])),
    ("existence", "姚秀英名下有没有登记证书？", "bool", ex(Z, ["工号", "=", "KWL2509769"])),
    ("existence", "今年4月份排班里有没有人上过夜班", "bool", ex(S, mon("2026-04"), ["1日", "has_code", "夜"])),
    ("existence", "有没有开始日期在2026年的维保合同？", "bool",
     ex(C, ["记录类型", "=", "维保合同"], ["开始日期", ">=", "2026-01-01"])),
    ("existence", "检查记录里有没有低于60分的", "bool", ex(J, ["检查得分", "<", 60])),
    ("existence", "岗位字典里有“保安_消控员”这个岗位吗？", "bool", ex(W, ["岗位名称", "=", "保安_消控员"])),
    ("existence", "XMSQ0245 有没有投过标", "bool", ex(T, pj("XMSQ0245"))),
    # ---------------------------------------------------------------- status
    ("status", "XMSQ0229 这个项目的服务状态是什么？", "value", val(P, "服务状态", pj("XMSQ0229"))),
    ("status", "长宁-香花桥街道办事处的委托方式是哪种", "value", val(P, "委托方式", pj("XMSQ0229"))),
    ("status", "付亮是什么岗位的？", "value", val(R, "岗位名称", ["工号", "=", "KWL2509773"])),
    ("status", "XMSQ0229项目里设备编号NT-002的那台设备，完好状况怎么样", "value",
     val(E, "完好状况", pj("XMSQ0229"), ["设备编号", "=", "NT-002"])),
    ("status", "记录编号WB0001的维保合同状态是什么", "value", val(C, "状态", ["记录编号", "=", "WB0001"])),
    ("status", "徐汇-虹桥税务所用的是什么计费方式？", "value", val(P, "计费方式", pj("XMSQ0331"))),
    ("status", "宋秀兰在员工层级上属于哪一层", "value", val(R, "员工层级", ["工号", "=", "KWL1711827"])),
    ("status", "浦东-江桥地铁停车场-1号楼那次投标中标了没有？结果是什么", "value",
     val(T, "中标结果", pj("XMSQ0245"))),
    # ---------------------------------------------------------------- colloquial
    ("colloquial", "咱花名册上一共多少号人啊", "number", cnt(R)),
    ("colloquial", "金泽图书馆满意度多少来着", "value", val(P, "客户满意度", pj("XMSQ0281"))),
    ("colloquial", "报废+停用的设备加起来有多少台呀", "number", cnt(E, ["完好状况", "in", ["报废", "停用"]])),
    ("colloquial", "帮我瞅一眼 钱春生手上管着几个项目", "number", cnt(P, ["项目负责人", "=", "钱春生"])),
    ("colloquial", "三月份开票总共开了多少钱？就2026年的", "number", cnt(F, mon("2026-03"), agg="sum:开票金额")),
    ("colloquial", "项目最多的那个片区，挂了多少个项目啊", "number", {"op": "top_value", "t": QR, "by": "片区编号", "agg": "count", "where": []}),
    ("colloquial", "保洁员花名册上有几个人？", "number", cnt(R, ["岗位名称", "=", "保洁员"])),
    ("colloquial", "XMSQ0229那个项目 负责人是哪位来着", "value", val(P, "项目负责人", pj("XMSQ0229"))),
    # ---------------------------------------------------------------- time_reference (today 2026-03-17)
    ("time_reference", "本月开票金额合计多少？", "number", cnt(F, mon("2026-03"), agg="sum:开票金额")),
    ("time_reference", "上个月有考勤记录的员工有多少个（按工号去重）", "number",
     cnt(K, mon("2026-02"), agg="nunique:工号")),
    ("time_reference", "今天是2026年4月10日，上个月的收款总额是多少？", "number",
     cnt(F, mon("2026-03"), agg="sum:收款金额")),
    ("time_reference", "截至2025年12月31日，投标记录里已经中标的有多少条？", "number",
     cnt(T, ["中标结果", "=", "中标"], ["中标日期", "<=", "2025-12-31"])),
    ("time_reference", "以2026年2月为准，XMSQ0245的开票金额是多少", "number",
     cnt(F, pj("XMSQ0245"), mon("2026-02"), agg="sum:开票金额")),
    ("time_reference", "上上个月所有项目开票一共多少钱", "number", cnt(F, mon("2026-01"), agg="sum:开票金额")),
    ("time_reference", "这个月有多少个项目有开票记录？", "number", cnt(F, mon("2026-03"), agg="nunique:项目编号")),
    ("time_reference", "上个月考勤表里平均税后工资多少", "number", cnt(K, mon("2026-02"), agg="avg:税后工资")),
    ("time_reference", "今年1月份一共做了多少次检查？", "number",
     cnt(J, ["检查日期", ">=", "2026-01-01"], ["检查日期", "<=", "2026-01-31"])),
    # ---------------------------------------------------------------- now_current
    ("now_current", "现在处于服务中的项目有多少个", "number", cnt(P, ["服务状态", "=", "服务中"])),
    ("now_current", "当前在职的有多少人？（花名册里没离职的）", "number", cnt(R, ["离职日期", "null"])),
    ("now_current", "松江-莘庄创业园现在登记在册、还没离职的服务人员有谁", "names",
     lst(R, "工号", ["当前服务项目编号", "=", "XMSQ0323"], ["离职日期", "null"])),
    ("now_current", "目前结束日期还没到的维保合同有几份？", "number",
     cnt(C, ["记录类型", "=", "维保合同"], ["结束日期", ">=", "2026-03-17"])),
    ("now_current", "当前完好状况是带病运行的设备有几台", "number", cnt(E, ["完好状况", "=", "带病运行"])),
    ("now_current", "目前一共有几个片区？", "number", cnt(Q)),
    ("now_current", "到今天为止，已经过了有效期的证书有几本", "number", cnt(Z, ["有效期至", "<", "2026-03-17"])),
    ("now_current", "XMSQ0331 现在的项目负责人是谁？", "value", val(P, "项目负责人", pj("XMSQ0331"))),
    # ---------------------------------------------------------------- monthly_fact
    ("monthly_fact", "XMSQ0245 2026年2月的开票金额", "number", cnt(F, pj("XMSQ0245"), mon("2026-02"), agg="sum:开票金额")),
    ("monthly_fact", "浦东-江桥地铁停车场-1号楼 2026年4月有几个人（按考勤算）", "number",
     cnt(K, pj("XMSQ0245"), mon("2026-04"))),
    ("monthly_fact", "长宁-香花桥街道办事处1月份考勤上有多少人？", "number", cnt(K, pj("XMSQ0229"), mon("2026-01"))),
    ("monthly_fact", "XMSQ0281在2026年3月收款多少", "number", cnt(F, pj("XMSQ0281"), mon("2026-03"), agg="sum:收款金额")),
    ("monthly_fact", "徐汇-金泽档案馆-1号楼 2026年1月开票金额是多少？", "number",
     cnt(F, pj("XMSQ0223"), mon("2026-01"), agg="sum:开票金额")),
    ("monthly_fact", "月度快照里 XMSQ0229 2026年2月的出勤人次是多少", "number",
     cnt(M, pj("XMSQ0229"), mon("2026-02"), agg="sum:出勤人次")),
    ("monthly_fact", "XMSQ0331 2026年4月考勤的税后工资合计", "number",
     cnt(K, pj("XMSQ0331"), mon("2026-04"), agg="sum:税后工资")),
    ("monthly_fact", "月度快照中，徐汇-虹桥税务所2026年1月的加班小时合计是多少？", "number",
     cnt(M, pj("XMSQ0331"), mon("2026-01"), agg="sum:加班小时合计")),
    # ---------------------------------------------------------------- compare
    ("compare", "XMSQ0245 4月开票比3月多多少？", "number",
     two("diff", cnt(F, pj("XMSQ0245"), mon("2026-04"), agg="sum:开票金额"),
         cnt(F, pj("XMSQ0245"), mon("2026-03"), agg="sum:开票金额"))),
    ("compare", "2026年3月考勤人数，XMSQ0229和XMSQ0331哪个项目多？", "names",
     top(K, "项目编号", "count", mon("2026-03"), ["项目编号", "in", ["XMSQ0229", "XMSQ0331"]])),
    ("compare", "2026年1月的开票总额比2月多多少", "number",
     two("diff", cnt(F, mon("2026-01"), agg="sum:开票金额"), cnt(F, mon("2026-02"), agg="sum:开票金额"))),
    ("compare", "全委项目比多项单委项目多几个？", "number",
     two("diff", cnt(P, ["委托方式", "=", "全委"]), cnt(P, ["委托方式", "=", "多项单委"]))),
    ("compare", "花名册上男的比女的多多少人", "number",
     two("diff", cnt(R, ["性别", "=", "男"]), cnt(R, ["性别", "=", "女"]))),
    ("compare", "青浦片区和浦东片区，哪个片区的项目多一些？", "names",
     top(QR, "片区编号", "count", ["片区编号", "in", ["PQ01", "PQ07"]])),
    ("compare", "4月份考勤记录条数是不是比3月多？", "bool",
     two("gt", cnt(K, mon("2026-04")), cnt(K, mon("2026-03")))),
    ("compare", "金泽图书馆和虹桥税务所的客户满意度差几分", "number",
     two("absdiff", cnt(P, pj("XMSQ0281"), agg="sum:客户满意度"), cnt(P, pj("XMSQ0331"), agg="sum:客户满意度"))),
    # ---------------------------------------------------------------- group_having
    ("group_having", "设备数量在14台及以上的项目有哪些？", "names", hav(E, "项目编号", "count", [">=", 14])),
    ("group_having", "负责项目数在15个及以上的项目负责人有几位", "number",
     hav(P, "项目负责人工号", "count", [">=", 15], op="having_count")),
    ("group_having", "检查次数达到7次及以上的项目有哪些", "names", hav(J, "项目编号", "count", [">=", 7])),
    ("group_having", "耗材采购记录超过20条的供应商是哪几家？", "names",
     hav(C, "供应商名称", "count", [">", 20], ["记录类型", "=", "耗材采购"])),
    ("group_having", "2026年3月考勤人数4人及以上的项目有几个", "number",
     hav(K, "项目编号", "count", [">=", 4], mon("2026-03"), op="having_count")),
    ("group_having", "持有2本及以上证书的员工有哪些？", "names", hav(Z, "工号", "count", [">=", 2])),
    ("group_having", "挂了45个及以上项目的片区是哪些", "names", hav(QR, "片区编号", "count", [">=", 45])),
    ("group_having", "1到4月里有考勤的月份达到4个月的项目有几个？", "number",
     hav(K, "项目编号", "nunique:年月", [">=", 4], op="having_count")),
    # ---------------------------------------------------------------- region_rollup
    ("region_rollup", "闵行片区2026年3月的开票金额合计是多少？", "number",
     cnt(F, reg("PQ04"), mon("2026-03"), agg="sum:开票金额")),
    ("region_rollup", "浦东片区各项目2月份考勤人数加起来是多少", "number", cnt(K, reg("PQ07"), mon("2026-02"))),
    ("region_rollup", "2026年4月收款金额最多的是哪个片区？", "names",
     top(F, "@片区编号", "sum:收款金额", mon("2026-04"))),
    ("region_rollup", "青浦片区有几个项目是服务中的", "number", cnt(P, reg("PQ01"), ["服务状态", "=", "服务中"])),
    ("region_rollup", "长宁片区的项目一共有多少台设备？", "number", cnt(E, reg("PQ08"))),
    ("region_rollup", "嘉定片区项目的检查平均得分", "number", cnt(J, reg("PQ06"), agg="avg:检查得分")),
    ("region_rollup", "科创片区的片区负责人叫什么名字？", "value", val(R, "姓名", ["工号", "=", "KWL0612224"])),
    ("region_rollup", "松江片区里2026年4月开票金额最高的项目是哪个", "names",
     top(F, "项目编号", "sum:开票金额", reg("PQ05"), mon("2026-04"))),
    # ---------------------------------------------------------------- negation
    ("negation", "委托方式不是全委的项目有多少个？", "number", cnt(P, ["委托方式", "!=", "全委"])),
    ("negation", "没有离职的女员工有多少人", "number", cnt(R, ["性别", "=", "女"], ["离职日期", "null"])),
    ("negation", "采购与维保表里除了供应商信息以外，一共有多少条记录？", "number", cnt(C, ["记录类型", "!=", "供应商"])),
    ("negation", "花名册上的项目经理里，名下一本证书都没有的有几位？", "number",
     cnt(R, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", lst(Z, "工号")])),
    ("negation", "服务中的项目里，2026年3月没有开票记录的有几个？", "number",
     cnt(P, ["服务状态", "=", "服务中"], ["项目编号", "not_in_q", lst(F, "项目编号", mon("2026-03"))])),
    ("negation", "完好状况不是“完好”的设备一共几台", "number", cnt(E, ["完好状况", "!=", "完好"])),
    ("negation", "检查记录中没写问题描述的有多少条？", "number", cnt(J, ["问题描述", "null"])),
    ("negation", "除了浦东新区以外，其他区的项目一共有多少个", "number", cnt(P, ["市（区）", "!=", "浦东新区"])),
    ("negation", "岗位编制里除保洁员外其他岗位的预算编制加起来是多少？", "number",
     cnt(B, ["岗位", "!=", "保洁员"], agg="sum:预算编制")),
    # ---------------------------------------------------------------- or_values
    ("or_values", "浦东新区或者闵行区的项目一共多少个？", "number", cnt(P, ["市（区）", "in", ["浦东新区", "闵行区"]])),
    ("or_values", "停用或报废状态的设备分布在多少个项目上？", "number",
     cnt(E, ["完好状况", "in", ["停用", "报废"]], agg="nunique:项目编号")),
    ("or_values", "2026年2月请过病假或事假的员工有几个？", "number",
     {**cnt(K, mon("2026-02"), agg="nunique:工号"), "any": [["1日", "has_code", "病"], ["1日", "has_code", "事"]]}),
    ("or_values", "岗位编制中保洁员和绿化工两个岗位的预算编制合计", "number",
     cnt(B, ["岗位", "in", ["保洁员", "绿化工"]], agg="sum:预算编制")),
    ("or_values", "汇总业态是商业或住宅的项目有几个", "number", cnt(P, ["汇总业态", "in", ["商业", "住宅"]])),
    ("or_values", "专业类别为电工或消防的证书一共有多少本？", "number", cnt(Z, ["专业类别", "in", ["电工", "消防"]])),
    ("or_values", "消防安全检查和设备专项检查这两类的平均得分（合在一起算）是多少", "number",
     cnt(J, ["检查类型", "in", ["消防安全检查", "设备专项检查"]], agg="avg:检查得分")),
    ("or_values", "XMSQ0245 在2026年3月或4月的开票金额合计多少？", "number",
     cnt(F, pj("XMSQ0245"), ["年月", "in", ["2026-03", "2026-04"]], agg="sum:开票金额")),
    # ---------------------------------------------------------------- threshold_percent
    ("threshold_percent", "实际毛利率高于15%的项目有几个？", "number", cnt(P, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "实际毛利率低于5%的项目有几个", "number", cnt(P, ["实际毛利率", "<", 0.05])),
    ("threshold_percent", "服务中的项目中客户满意度不到85分的有几个", "number",
     cnt(P, ["服务状态", "=", "服务中"], ["客户满意度", "<", 85])),
    ("threshold_percent", "2026年4月收款金额超过50万的项目数量", "number",
     cnt(F, mon("2026-04"), ["收款金额", ">", 500000])),
    ("threshold_percent", "检查得分不到85分的检查有几次？", "number", cnt(J, ["检查得分", "<", 85])),
    ("threshold_percent", "合同面积在10万平方米及以上的项目有多少个", "number", cnt(P, ["合同面积", ">=", 100000])),
    ("threshold_percent", "全委项目里实际毛利率在10%及以上的有几个？", "number",
     cnt(P, ["委托方式", "=", "全委"], ["实际毛利率", ">=", 0.10])),
    ("threshold_percent", "2026年3月税后工资超过6000元的员工有多少个（按工号去重）", "number",
     cnt(K, mon("2026-03"), ["税后工资", ">", 6000], agg="nunique:工号")),
    # ---------------------------------------------------------------- share
    ("share", "服务中的项目占全部项目的比例是多少？", "number",
     two("ratio", cnt(P, ["服务状态", "=", "服务中"]), cnt(P))),
    ("share", "花名册里女员工占比多少", "number", two("ratio", cnt(R, ["性别", "=", "女"]), cnt(R))),
    ("share", "投标记录的中标率是多少？（中标条数/全部投标条数）", "number",
     two("ratio", cnt(T, ["中标结果", "=", "中标"]), cnt(T))),
    ("share", "带病运行的设备占设备总数的百分之几", "number", two("ratio", cnt(E, ["完好状况", "=", "带病运行"]), cnt(E))),
    ("share", "2026年3月的收款金额占当月开票金额的比例是多少", "number",
     two("ratio", cnt(F, mon("2026-03"), agg="sum:收款金额"), cnt(F, mon("2026-03"), agg="sum:开票金额"))),
    ("share", "浦东片区的项目数占全部项目的百分比", "number", two("ratio", cnt(P, reg("PQ07")), cnt(P))),
    ("share", "一线员工在花名册里占多大比例？", "number", two("ratio", cnt(R, ["员工层级", "=", "一线员工"]), cnt(R))),
    ("share", "汇总业态为公建的项目占比是多少", "number", two("ratio", cnt(P, ["汇总业态", "=", "公建"]), cnt(P))),
    # ---------------------------------------------------------------- grouped
    ("grouped", "各个片区分别有多少个项目？", "groups", grp(QR, "片区编号", "count")),
    ("grouped", "按委托方式统计一下项目数量", "groups", grp(P, "委托方式", "count")),
    ("grouped", "每种设备类型各有多少台", "groups", grp(E, "设备类型", "count")),
    ("grouped", "2026年3月各片区的开票金额分别是多少？", "groups", grp(F, "@片区编号", "sum:开票金额", mon("2026-03"))),
    ("grouped", "各检查类型的平均得分", "groups", grp(J, "检查类型", "avg:检查得分")),
    ("grouped", "花名册按性别分别多少人", "groups", grp(R, "性别", "count")),
    ("grouped", "1到4月每个月的开票总额各是多少？", "groups", grp(F, "年月", "sum:开票金额")),
    ("grouped", "各证书类别分别登记了几本证书", "groups", grp(Z, "证书类别", "count")),
]

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 的服务状态是什么？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "张三丰现在在哪个项目上班", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "工号KWL9999999是什么岗位？", "no_such_entity", "KWL9999999"),
    ("not_in_data_entity", "宝山片区下面有几个项目", "no_such_entity", "宝山片区"),
    ("not_in_data_entity", "杨浦-五角场购物中心的客户满意度是多少？", "no_such_entity", "杨浦-五角场购物中心"),
    ("not_in_data_entity", "供应商北京华信机电有限公司今年采购了多少钱", "no_such_entity", "北京华信机电有限公司"),
    ("not_in_data_entity", "请问欧阳娜娜持有哪些证书？", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "XMSQ0050 2026年3月开票多少", "no_such_entity", "XMSQ0050"),
    ("not_in_data_month", "2025年12月 XMSQ0245 的开票金额是多少？", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年6月各项目考勤人数一共多少", "outside_coverage", "2026-06"),
    ("not_in_data_month", "明年1月的收款总额", "outside_coverage", "2027-01"),
    ("not_in_data_month", "去年12月考勤表的税后工资合计", "outside_coverage", "2025-12"),
    ("not_in_data_month", "2026年5月份开票金额合计是多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "2025年11月长宁-香花桥街道办事处有几个人", "outside_coverage", "2025-11"),
    ("not_in_data_month", "下下个月的开票金额能查吗？合计多少", "outside_coverage", "2026-05"),
    ("not_in_data_field", "员工的学历分布是怎样的？", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0229 有多少个停车位", "no_such_field", "车位"),
    ("not_in_data_field", "花名册里已婚的有几个人", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "哪个项目上个月电费最高？", "no_such_field", "电费"),
    ("not_in_data_field", "付亮的绩效评分是多少", "no_such_field", "绩效"),
    ("not_in_data_field", "员工籍贯是江苏的有多少人？", "no_such_field", "籍贯"),
    ("not_in_data_field", "各项目的楼层数分别是多少", "no_such_field", "楼层"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "你好"),
    ("non_data", "谢谢，辛苦了！"),
    ("non_data", "帮我把XMSQ0229的客户满意度改成99"),
    ("non_data", "把付亮的记录从花名册里删掉"),
    ("non_data", "早上好，我是新来的财务，请多关照"),
    ("non_data", "好的 明白了 thx"),
    ("non_data", "请把2026年3月的开票数据全部清空"),
    ("non_data", "在吗？"),
]
# fmt: on
