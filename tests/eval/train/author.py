"""The train questions as written, each with its gold spec (see gold.py for the spec language).

Written blind, like the held-out set: from templates.md, cli.md and the generated ledgers of
data/ only, never from kgdesk's planner or lexicon. Unlike the held-out set these questions may be
read by the people changing the planner: they are the set to develop against.

The voices vary on purpose: a project clerk who types fast and casually, a finance colleague who
writes formally, a regional manager who asks in fragments, an HR assistant who uses the ledgers'
nicknames (花名册, 考勤表, 设备台账 …). Today is gold.TODAY (2026-06-18): 上个月 is 2026-05 and
本月 2026-06 (both outside the data's coverage 2026-01 … 2026-04), 上上个月 is 2026-04.

ANSWERED: (class, question, gold kind, spec). NOT_IN_DATA: (class, question, reason, missing).
NON_DATA: (class, question). CLARIFY: (class, question, why).
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

# ---------------------------------------------------------------- spec helpers

PROJ = "项目信息"
PEOPLE = "人员信息"
ATT = "考勤与人员财务"
FIN = "项目月度财务"
EQ = "设备信息"
BUY = "采购与维保"
INSP = "检查记录"
CERT = "人员证书"
BID = "投标记录"
HC = "岗位编制"
SNAP = "月度快照"
LINK = "项目片区关系"
SHIFT = "排班月报"

# the projects and people the questions name (unique names in data/)
CHUANSHA = "XMSQ0289"  # 青浦-川沙人民医院
ZHUANQIAO = "XMSQ0273"  # 科创-颛桥派出所
ZHAOXIANG = "XMSQ0295"  # 长宁-赵巷工业园区
SHESHAN = "XMSQ0318"  # 嘉定-佘山创业园
XIANGHUA = "XMSQ0347"  # 松江-香花桥档案馆
JIUTING = "XMSQ0387"  # 科创-九亭政务服务中心
QIBAO = "XMSQ0305"  # 嘉定-七宝环境监测站
ZHUJIAJIAO = "XMSQ0340"  # 徐汇-朱家角人民医院
HUNAN = "XMSQ0380"  # 科创-湖南档案馆
LONGHUA = "XMSQ0310"  # 科创-龙华环境监测站
ZQ_ZW = "XMSQ0351"  # 浦东-颛桥政务服务中心
HONGQIAO = "XMSQ0368"  # 科创-虹桥文化活动中心
JT_CY = "XMSQ0330"  # 科创-九亭创业园
XINZHUANG = "XMSQ0401"  # 嘉定-莘庄派出所
JT_YL = "XMSQ0402"  # 徐汇-九亭养老院
QINGPU, XUHUI, KECHUANG, MINHANG, SONGJIANG, JIADING, PUDONG, CHANGNING = (
    f"PQ0{i}" for i in range(1, 9)
)
SECURITY = ["保安_普保", "保安_领班", "保安_消控员"]
CLEANING = ["保洁员", "保洁_领班"]


def w(field: str, op: str, arg: Any = None) -> list[Any]:
    return [field, op] if arg is None else [field, op, arg]


def eq(field: str, arg: Any) -> list[Any]:
    return [field, "=", arg]


def agg(t: str, *where: list[Any], how: str = "count", any_: list[list[Any]] | None = None) -> Spec:
    spec: Spec = {"op": "agg", "t": t, "where": list(where), "agg": how}
    if any_:
        spec["any"] = any_
    return spec


def lst(t: str, key: str, *where: list[Any]) -> Spec:
    return {"op": "list", "t": t, "where": list(where), "key": key}


def val(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "where": list(where), "field": field}


def ex(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def top(t: str, by: str, how: str = "count", *where: list[Any], n: int = 1, order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "where": list(where), "by": by, "agg": how, "n": n, "order": order}


def top_value(t: str, by: str, how: str = "count", *where: list[Any], order: str = "desc") -> Spec:
    return {"op": "top_value", "t": t, "where": list(where), "by": by, "agg": how, "order": order}


def having(t: str, by: str, how: str, cmp: list[Any], *where: list[Any], count: bool = False) -> Spec:
    op = "having_count" if count else "having"
    return {"op": op, "t": t, "where": list(where), "by": by, "agg": how, "cmp": cmp}


def groups(t: str, by: str | list[str], how: str = "count", *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "where": list(where), "by": by, "agg": how}


def diff(a: Spec, b: Spec) -> Spec:
    return {"op": "diff", "a": a, "b": b}


def gt(a: Spec, b: Spec) -> Spec:
    return {"op": "gt", "a": a, "b": b}


def ratio(a: Spec, b: Spec) -> Spec:
    return {"op": "ratio", "a": a, "b": b}


def in_q(field: str, spec: Spec) -> list[Any]:
    return [field, "in_q", spec]


def not_in_q(field: str, spec: Spec) -> list[Any]:
    return [field, "not_in_q", spec]


def region(code: str) -> list[Any]:
    return ["项目编号", "region", code]


def month(m: int) -> list[Any]:
    return eq("年月", f"2026-{m:02d}")


SERVING = eq("服务状态", "服务中")
ON_JOB = w("离职日期", "null")
EQUIP_OWNERS = lst(EQ, "项目编号")

A: list[tuple[str, str, str, Spec]] = []


def q(cls: str, question: str, kind: str, spec: Spec) -> None:
    A.append((cls, question, kind, spec))


# ---------------------------------------------------------------- counts

q("count", "公司一共管着多少个项目？", "number", agg(PROJ))
q("count", "现在还在服务中的项目有几个", "number", agg(PROJ, SERVING))
q("count", "已经结束服务的项目数量是多少？", "number", agg(PROJ, eq("服务状态", "已结束")))
q("count", "还没开始进场的项目有几个呀", "number", agg(PROJ, eq("服务状态", "未开始")))
q("count", "花名册里一共多少人", "number", agg(PEOPLE))
q("count", "女员工有多少名？", "number", agg(PEOPLE, eq("性别", "女")))
q("count", "设备台账里登记了多少台设备", "number", agg(EQ))
q("count", "电梯一共有几部？", "number", agg(EQ, eq("设备类型", "电梯")))
q("count", "带病运行的设备有多少台", "number", agg(EQ, eq("完好状况", "带病运行")))
q("count", "一共有多少家供应商", "number", agg(BUY, eq("记录类型", "供应商")))
q("count", "维保合同签了多少份？", "number", agg(BUY, eq("记录类型", "维保合同")))
q("count", "电梯维保的合同有几份", "number", agg(BUY, eq("记录类型", "维保合同"), eq("类别", "电梯维保")))
q("count", "消防安全检查今年做了几次", "number", agg(INSP, eq("检查类型", "消防安全检查")))
q("count", "中共党员有多少人？", "number", agg(PEOPLE, eq("政治面貌", "中共党员")))
q("count", "公司有几个片区", "number", agg("片区信息"))
q("count", "项目经理有多少个", "number", agg(PEOPLE, eq("岗位名称", "项目经理")))
q("count", "证书台账上一共登记了多少本证", "number", agg(CERT))
q("count", "物业管理师证书有几个人拿到了？", "number", agg(CERT, eq("证书名称", "物业管理师"), how="nunique:工号"))
q("count", "投标记录里没中的标有几个", "number", agg(BID, eq("中标结果", "未中标")))
q("count", "续标一共投了多少次", "number", agg(BID, eq("投标类型", "续标")))
q("count", "检查里发现“消防通道堆放杂物”这个问题的有多少次", "number",
  agg(INSP, eq("问题描述", "消防通道堆放杂物")))  # fmt: skip
q("count", "2026年3月考勤表里有几条记录？", "number", agg(ATT, month(3)))
q("count", "1月份排班表上排了多少人", "number", agg(SHIFT, month(1), how="nunique:工号"))
q("count", "园区类的项目有多少", "number", agg(PROJ, eq("汇总业态", "园区")))

# ---------------------------------------------------------------- lists

q("list", "哪些项目是养老机构？列一下", "names", lst(PROJ, "项目编号", eq("细分业态", "养老机构")))
q("list", "还没开始的项目都有哪些", "names", lst(PROJ, "项目编号", eq("服务状态", "未开始")))
q("list", "今年离职的人员名单", "names", lst(PEOPLE, "工号", w("离职日期", ">=", "2026-01-01")))
q("list", "松江片区下面有哪些项目？", "names", lst(LINK, "项目编号", eq("片区编号", SONGJIANG)))
q("list", "持有高压电工作业证的是哪几个人", "names", lst(CERT, "工号", eq("证书名称", "高压电工作业")))
q("list", "做电梯维保的供应商都有哪几家", "names",
  lst(BUY, "供应商名称", eq("记录类型", "供应商"), eq("类别", "电梯维保")))  # fmt: skip
q("list", "列出川沙人民医院所有报废或停用的设备编号", "names",
  lst(EQ, "设备编号", eq("项目编号", CHUANSHA), w("完好状况", "in", ["报废", "停用"])))  # fmt: skip
q("list", "颛桥派出所这个项目下有哪些人？", "names", lst(PEOPLE, "工号", eq("当前服务项目编号", ZHUANQIAO)))
q("list", "赵巷人民医院下属的子项目有哪些", "names", lst(PROJ, "项目编号", eq("上级项目编号", "XMSQ0208")))
q("list", "哪些员工是2026年才入职的", "names", lst(PEOPLE, "工号", w("入职日期", ">=", "2026-01-01")))
q("list", "区域经理都是谁", "names", lst(PEOPLE, "工号", eq("岗位名称", "区域经理")))
q("list", "2026年中标的投标记录对应哪些项目", "names",
  lst(BID, "项目编号", eq("年份", 2026), eq("中标结果", "中标")))  # fmt: skip
q("list", "九亭政务服务中心4月有考勤的员工", "names",
  lst(ATT, "工号", eq("项目编号", JIUTING), month(4)))  # fmt: skip
q("list", "哪些项目是续签过来的？", "names", lst(PROJ, "项目编号", w("续签前项目编号", "notnull")))

# ---------------------------------------------------------------- sums and averages

q("sum_avg", "3月份所有项目加起来开了多少钱的票", "number", agg(FIN, month(3), how="sum:开票金额"))
q("sum_avg", "一季度回款总共多少钱？", "number",
  agg(FIN, w("年月", "in", ["2026-01", "2026-02", "2026-03"]), how="sum:收款金额"))  # fmt: skip
q("sum_avg", "川沙人民医院的设备原值加起来是多少", "number", agg(EQ, eq("项目编号", CHUANSHA), how="sum:原值"))
q("sum_avg", "所有项目的合同面积合计多少平方米？", "number", agg(PROJ, how="sum:合同面积"))
q("sum_avg", "服务中项目的平均客户满意度是多少", "number", agg(PROJ, SERVING, how="avg:客户满意度"))
q("sum_avg", "员工平均司龄几年？", "number", agg(PEOPLE, how="avg:司龄"))
q("sum_avg", "耗材采购花了多少钱，总数", "number", agg(BUY, eq("记录类型", "耗材采购"), how="sum:金额"))
q("sum_avg", "固定资产采购的金额平均一单多少", "number", agg(BUY, eq("记录类型", "固定资产"), how="avg:金额"))
q("sum_avg", "检查平均得几分", "number", agg(INSP, how="avg:检查得分"))
q("sum_avg", "2月大家的平时加班小时一共多少个小时", "number", agg(ATT, month(2), how="sum:平时加班小时"))
q("sum_avg", "4月份实发工资总额（税后）是多少", "number", agg(ATT, month(4), how="sum:税后工资"))
q("sum_avg", "保安普保的人平均每月出勤几天", "number",
  agg(ATT, in_q("工号", lst(PEOPLE, "工号", eq("岗位名称", "保安_普保"))), how="avg:上班天数"))  # fmt: skip
q("sum_avg", "七宝环境监测站今年开票累计多少", "number", agg(FIN, eq("项目编号", QIBAO), how="sum:开票金额"))
q("sum_avg", "2025年投标的总金额", "number", agg(BID, eq("年份", 2025), how="sum:投标金额"))
q("sum_avg", "全部项目年化合同额加总是多少", "number", agg(PROJ, how="sum:年化合同额"))
q("sum_avg", "郑建平今年一共上了几天班", "number", agg(ATT, eq("工号", "KWL1110792"), how="sum:上班天数"))

# ---------------------------------------------------------------- extreme / rank

q("extreme", "哪个片区的项目最多？", "names", top(LINK, "片区编号"))
q("extreme", "设备最多的是哪个项目", "names", top(EQ, "项目编号"))
q("extreme", "客户满意度最高的项目是哪个", "names", top(PROJ, "项目编号", "max:客户满意度"))
q("extreme", "合同面积最小的项目是哪一个？", "names", top(PROJ, "项目编号", "max:合同面积", order="asc"))
q("extreme", "哪个员工证书最多", "names", top(CERT, "工号"))
q("extreme", "谁负责的项目最多？", "names", top(PROJ, "项目负责人工号"))
q("extreme", "被检查次数最多的项目", "names", top(INSP, "项目编号"))
q("extreme", "3月开票金额最高的项目是哪个", "names", top(FIN, "项目编号", "sum:开票金额", month(3)))
q("extreme", "哪家供应商接的维保合同最多", "names",
  top(BUY, "维保单位名称", "count", eq("记录类型", "维保合同")))  # fmt: skip
q("extreme", "原值最高的那台设备在哪个项目", "names", top(EQ, "项目编号", "max:原值"))
q("extreme", "4月谁的税后工资最高", "names", top(ATT, "工号", "sum:税后工资", month(4)))
q("extreme", "哪个项目的考勤记录条数最多？", "names", top(ATT, "项目编号"))
q("extreme", "检查得分最低的是哪个项目", "names", top(INSP, "项目编号", "min:检查得分", order="asc"))
q("extreme", "最多的片区有多少个项目", "number", top_value(LINK, "片区编号"))
q("extreme", "单个项目最多有几台设备", "number", top_value(EQ, "项目编号"))
q("extreme", "哪个项目的耗材采购花钱最多", "names",
  top(BUY, "项目编号", "sum:金额", eq("记录类型", "耗材采购")))  # fmt: skip
q("extreme", "哪个项目毛利最高？", "names", top(PROJ, "项目编号", "max:实际毛利率"))
q("extreme", "哪种设备类型数量最多？", "names", top(EQ, "设备类型"))

# ---------------------------------------------------------------- top-N with ties

q("topn", "设备数量排前三的项目有哪些", "names", top(EQ, "项目编号", n=3))
q("topn", "满意度前5名的项目", "names", top(PROJ, "项目编号", "max:客户满意度", n=5))
q("topn", "2月开票最多的前三个项目", "names", top(FIN, "项目编号", "sum:开票金额", month(2), n=3))
q("topn", "投诉最多的几个项目（青浦片区）", "names",
  top(PROJ, "项目编号", "max:客户投诉", in_q("项目编号", lst(LINK, "项目编号", eq("片区编号", QINGPU)))))  # fmt: skip
q("topn", "投标金额最高的前3个项目", "names", top(BID, "项目编号", "max:投标金额", n=3))
q("topn", "3月实发工资排名前五的员工", "names", top(ATT, "工号", "sum:税后工资", month(3), n=5))
q("topn", "合同金额最大的10个项目", "names", top(PROJ, "项目编号", "max:合同金额", n=10))
q("topn", "被查得最多的前3个项目是哪些？", "names", top(INSP, "项目编号", n=3))
q("topn", "哪三个片区项目最少", "names", top(LINK, "片区编号", n=3, order="asc"))
q("topn", "负责项目最多的前3位项目经理", "names", top(PROJ, "项目负责人工号", n=3))

# ---------------------------------------------------------------- existence

q("exists", "有没有报废的电梯？", "bool", ex(EQ, eq("设备类型", "电梯"), eq("完好状况", "报废")))
q("exists", "川沙人民医院有没有设备？", "bool", ex(EQ, eq("项目编号", CHUANSHA)))
q("exists", "九亭政务服务中心有财务记录吗", "bool", ex(FIN, eq("项目编号", JIUTING)))
q("exists", "郑杰有证书吗", "bool", ex(CERT, eq("工号", "KWL1509463")))
q("exists", "是否有2026年没中标的投标", "bool", ex(BID, eq("年份", 2026), eq("中标结果", "未中标")))
q("exists", "有员工持有电梯安全管理员证吗？", "bool", ex(CERT, eq("证书名称", "电梯安全管理员")))
q("exists", "颛桥派出所4月份开过票没有", "bool", ex(FIN, eq("项目编号", ZHUANQIAO), month(4)))
q("exists", "有没有养老院类的项目已经结束了", "bool", ex(PROJ, eq("细分业态", "养老机构"), eq("服务状态", "已结束")))
q("exists", "赵巷工业园区被检查过吗", "bool", ex(INSP, eq("项目编号", ZHAOXIANG)))
q("exists", "有没有检查得分低于81分的", "bool", ex(INSP, w("检查得分", "<", 81)))
q("exists", "陈海燕3月有没有考勤", "bool", ex(ATT, eq("工号", "KWL2309632"), month(3)))

# ---------------------------------------------------------------- status / attribute of one entity

q("status", "川沙人民医院现在是什么服务状态", "value", val(PROJ, "服务状态", eq("项目编号", CHUANSHA)))
q("status", "颛桥派出所的项目负责人是谁？", "value", val(PROJ, "项目负责人", eq("项目编号", ZHUANQIAO)))
q("status", "赵巷工业园区是什么委托方式", "value", val(PROJ, "委托方式", eq("项目编号", ZHAOXIANG)))
q("status", "佘山创业园合同什么时候开始的", "value", val(PROJ, "开始日期", eq("项目编号", SHESHAN)))
q("status", "香花桥档案馆的合同到哪天结束", "value", val(PROJ, "结束日期", eq("项目编号", XIANGHUA)))
q("status", "七宝环境监测站的计费方式", "value", val(PROJ, "计费方式", eq("项目编号", QIBAO)))
q("status", "郑建平是什么岗位", "value", val(PEOPLE, "岗位名称", eq("工号", "KWL1110792")))
q("status", "谭超哪天入职的？", "value", val(PEOPLE, "入职日期", eq("工号", "KWL1312244")))
q("status", "陈海燕的职级是多少", "value", val(PEOPLE, "职级", eq("工号", "KWL2309632")))
q("status", "郑建平现在在哪个项目上班", "names", lst(PEOPLE, "当前服务项目编号", eq("工号", "KWL1110792")))
q("status", "青浦片区的负责人是谁", "names", lst("片区信息", "片区负责人工号", eq("片区编号", QINGPU)))
q("status", "朱家角人民医院的客户满意度多少分", "value", val(PROJ, "客户满意度", eq("项目编号", ZHUJIAJIAO)))
q("status", "湖南档案馆属于哪个片区", "names", lst(LINK, "片区编号", eq("项目编号", HUNAN)))
q("status", "KWL1806852这个工号是谁", "value", val(PEOPLE, "姓名", eq("工号", "KWL1806852")))
q("status", "龙华环境监测站毛利率做到多少了", "value", val(PROJ, "实际毛利率", eq("项目编号", LONGHUA)))
q("status", "保安_消控员属于哪个员工层级", "value", val("岗位字典", "员工层级", eq("岗位名称", "保安_消控员")))

# ---------------------------------------------------------------- colloquial wording

q("colloquial", "医疗卫生类的项目，咱们手上在管的一共几家啊", "number", agg(PROJ, eq("细分业态", "医疗卫生"), SERVING))
q("colloquial", "那个川沙医院的项目，设备有多少台来着", "number", agg(EQ, eq("项目编号", CHUANSHA)))
q("colloquial", "帮我数数保洁阿姨有多少个（保洁员）", "number", agg(PEOPLE, eq("岗位名称", "保洁员")))
q("colloquial", "保安小哥一共几个人？普保、领班、消控都算", "number", agg(PEOPLE, w("岗位名称", "in", SECURITY)))
q("colloquial", "麻烦查下颛桥派出所2月份到底开了多少钱的票", "number",
  agg(FIN, eq("项目编号", ZHUANQIAO), month(2), how="sum:开票金额"))  # fmt: skip
q("colloquial", "嗯…赵巷工业园区2月回款多少啊", "number",
  agg(FIN, eq("项目编号", ZHAOXIANG), month(2), how="sum:收款金额"))  # fmt: skip
q("colloquial", "坏掉不能用的设备（停用的）有多少台", "number", agg(EQ, eq("完好状况", "停用")))
q("colloquial", "老谭（谭超）1月份上了几天班", "number", agg(ATT, eq("工号", "KWL1312244"), month(1), how="sum:上班天数"))
q("colloquial", "陈海燕4月到手工资多少", "number", agg(ATT, eq("工号", "KWL2309632"), month(4), how="sum:税后工资"))
q("colloquial", "郑建平2月加了多少个钟头的班", "number",
  agg(ATT, eq("工号", "KWL1110792"), month(2), how="sum:平时加班小时"))  # fmt: skip
q("colloquial", "这边想问一下，公司里男的多少人", "number", agg(PEOPLE, eq("性别", "男")))
q("colloquial", "空调那块的设备（暖通空调）一共多少台？", "number", agg(EQ, eq("设备类型", "暖通空调")))
q("colloquial", "九亭政务那个项目检查过几回", "number", agg(INSP, eq("项目编号", JIUTING)))
q("colloquial", "给我看看都有哪些学校的项目", "names", lst(PROJ, "项目编号", eq("细分业态", "学校")))
q("colloquial", "老板问：徐汇片区到底有几个项目", "number", agg(LINK, eq("片区编号", XUHUI)))
q("colloquial", "汪德胜一共拿了多少工资，1到4月加起来", "number", agg(ATT, eq("工号", "KWL1806852"), how="sum:税后工资"))
q("colloquial", "川沙医院那边的消防设备有几台啊", "number", agg(EQ, eq("项目编号", CHUANSHA), eq("设备类型", "消防")))
q("colloquial", "拿保洁五级证的有几位", "number", agg(CERT, eq("证书名称", "保洁员（五级）"), how="nunique:工号"))

# ---------------------------------------------------------------- reference dates stated in the question

q("ref_date", "今天是2026年4月20日，本月开票总额是多少？", "number", agg(FIN, month(4), how="sum:开票金额"))
q("ref_date", "假设今天是2026-03-15，上个月一共回款多少", "number", agg(FIN, month(2), how="sum:收款金额"))
q("ref_date", "上上个月的考勤一共有多少条", "number", agg(ATT, month(4)))
q("ref_date", "截至2026年2月底，川沙人民医院累计开票多少", "number",
  agg(FIN, eq("项目编号", CHUANSHA), w("年月", "<=", "2026-02"), how="sum:开票金额"))  # fmt: skip
q("ref_date", "今年一共做了多少次检查？", "number", agg(INSP, w("检查日期", ">=", "2026-01-01")))
q("ref_date", "今天2026年5月3日，上上个月颛桥派出所有几个人出勤", "number",
  agg(ATT, eq("项目编号", ZHUANQIAO), month(3)))  # fmt: skip
q("ref_date", "截至3月31日，今年发生了多少次客户满意度回访", "number",
  agg(INSP, eq("检查类型", "客户满意度回访"), w("检查日期", "<=", "2026-03-31")))  # fmt: skip
q("ref_date", "今年入职的新员工有几个", "number", agg(PEOPLE, w("入职日期", ">=", "2026-01-01")))
q("ref_date", "上上月（按今天算）哪个项目开票最多", "names", top(FIN, "项目编号", "sum:开票金额", month(4)))
q("ref_date", "现在是2026年2月，本月有多少人排班", "number", agg(SHIFT, month(2), how="nunique:工号"))
q("ref_date", "今年2月以来的耗材采购一共多少钱", "number",
  agg(BUY, eq("记录类型", "耗材采购"), w("年月", ">=", "2026-02"), how="sum:金额"))  # fmt: skip
q("ref_date", "2026年一季度总共检查了几次", "number",
  agg(INSP, w("检查日期", ">=", "2026-01-01"), w("检查日期", "<=", "2026-03-31")))  # fmt: skip
q("ref_date", "今天是4月10号，上个月有多少人加过班", "number",
  agg(ATT, month(3), w("平时加班小时", ">", 0), how="nunique:工号"))  # fmt: skip

# ---------------------------------------------------------------- 现在 / 当前

q("now", "现在在职的员工有多少人", "number", agg(PEOPLE, ON_JOB))
q("now", "目前在岗的保安_普保有几个？", "number", agg(PEOPLE, ON_JOB, eq("岗位名称", "保安_普保")))
q("now", "当前有多少项目处于服务中", "number", agg(PROJ, SERVING))
q("now", "现在还在职的工程维修工都有谁", "names", lst(PEOPLE, "工号", ON_JOB, eq("岗位名称", "工程维修工")))
q("now", "目前还在合作中的供应商有几家", "number", agg(BUY, eq("记录类型", "供应商"), eq("状态", "合作中")))
q("now", "当前颛桥派出所有多少在岗员工", "number", agg(PEOPLE, ON_JOB, eq("当前服务项目编号", ZHUANQIAO)))
q("now", "眼下完好的设备有多少台", "number", agg(EQ, eq("完好状况", "完好")))
q("now", "现在在履约中的维保合同多少份", "number", agg(BUY, eq("记录类型", "维保合同"), eq("状态", "履约中")))

# ---------------------------------------------------------------- monthly facts of a project in a month

q("monthly", "川沙人民医院2026年3月的开票金额", "number",
  agg(FIN, eq("项目编号", CHUANSHA), month(3), how="sum:开票金额"))  # fmt: skip
q("monthly", "七宝环境监测站4月收款多少", "number", agg(FIN, eq("项目编号", QIBAO), month(4), how="sum:收款金额"))
q("monthly", "佘山创业园2月份有多少人上班", "number", agg(ATT, eq("项目编号", SHESHAN), month(2)))
q("monthly", "九亭政务服务中心1月的加班小时合计", "number",
  agg(ATT, eq("项目编号", JIUTING), month(1), how="sum:平时加班小时"))  # fmt: skip
q("monthly", "2026年4月颛桥派出所的出勤人次", "number",
  agg(SNAP, eq("项目编号", ZHUANQIAO), month(4), how="sum:出勤人次"))  # fmt: skip
q("monthly", "香花桥档案馆三月份在岗几个人", "number", agg(ATT, eq("项目编号", XIANGHUA), month(3)))
q("monthly", "朱家角人民医院2月开了多少发票", "number",
  agg(FIN, eq("项目编号", ZHUJIAJIAO), month(2), how="sum:开票金额"))  # fmt: skip
q("monthly", "赵巷工业园区3月工资一共发了多少（税后）", "number",
  agg(ATT, eq("项目编号", ZHAOXIANG), month(3), how="sum:税后工资"))  # fmt: skip
q("monthly", "川沙人民医院4月的在岗人数", "number", agg(ATT, eq("项目编号", CHUANSHA), month(4)))
q("monthly", "嘉定-佘山创业园 2026年1月 收款金额", "number",
  agg(FIN, eq("项目编号", SHESHAN), month(1), how="sum:收款金额"))  # fmt: skip
q("monthly", "1月龙华环境监测站员工的上班天数加起来是多少天", "number",
  agg(ATT, eq("项目编号", LONGHUA), month(1), how="sum:上班天数"))  # fmt: skip
q("monthly", "请问科创-湖南档案馆在2026年4月的开票金额为多少元？", "number", agg(FIN, eq("项目编号", HUNAN), month(4), how="sum:开票金额"))
q("monthly", "虹桥文化活动中心3月份采购了多少钱的耗材", "number",
  agg(BUY, eq("项目编号", HONGQIAO), eq("记录类型", "耗材采购"), month(3), how="sum:金额"))  # fmt: skip

# ---------------------------------------------------------------- compares (two projects / two months)

q("compare", "川沙人民医院和颛桥派出所，哪个设备多？", "names",
  top(EQ, "项目编号", "count", w("项目编号", "in", [CHUANSHA, ZHUANQIAO])))  # fmt: skip
q("compare", "川沙人民医院比颛桥派出所多几台设备", "number",
  diff(agg(EQ, eq("项目编号", CHUANSHA)), agg(EQ, eq("项目编号", ZHUANQIAO))))  # fmt: skip
q("compare", "七宝环境监测站1月开票比4月多多少", "number",
  diff(agg(FIN, eq("项目编号", QIBAO), month(1), how="sum:开票金额"),
       agg(FIN, eq("项目编号", QIBAO), month(4), how="sum:开票金额")))  # fmt: skip
q("compare", "2月的考勤条数是不是比1月多", "bool", gt(agg(ATT, month(2)), agg(ATT, month(1))))
q("compare", "3月全公司开票总额比2月高吗？", "bool",
  gt(agg(FIN, month(3), how="sum:开票金额"), agg(FIN, month(2), how="sum:开票金额")))  # fmt: skip
q("compare", "佘山创业园和赵巷工业园区哪个合同面积大", "names",
  top(PROJ, "项目编号", "max:合同面积", w("项目编号", "in", [SHESHAN, ZHAOXIANG])))  # fmt: skip
q("compare", "朱家角人民医院的满意度是不是高于川沙人民医院", "bool",
  gt(val(PROJ, "客户满意度", eq("项目编号", ZHUJIAJIAO)), val(PROJ, "客户满意度", eq("项目编号", CHUANSHA))))  # fmt: skip
q("compare", "青浦片区和松江片区项目数差几个", "number",
  diff(agg(LINK, eq("片区编号", SONGJIANG)), agg(LINK, eq("片区编号", QINGPU))))  # fmt: skip
q("compare", "谭超的上班天数，3月跟2月差几天？", "number",
  diff(agg(ATT, eq("工号", "KWL1312244"), month(3), how="sum:上班天数"),
       agg(ATT, eq("工号", "KWL1312244"), month(2), how="sum:上班天数")))  # fmt: skip
q("compare", "4月回款比3月少了多少？", "number",
  diff(agg(FIN, month(3), how="sum:收款金额"), agg(FIN, month(4), how="sum:收款金额")))  # fmt: skip
q("compare", "闵行片区是不是比科创片区项目多", "bool",
  gt(agg(LINK, eq("片区编号", MINHANG)), agg(LINK, eq("片区编号", KECHUANG))))  # fmt: skip
q("compare", "川沙人民医院3月人数比2月多了几个", "number",
  diff(agg(ATT, eq("项目编号", CHUANSHA), month(3)), agg(ATT, eq("项目编号", CHUANSHA), month(2))))  # fmt: skip
q("compare", "九亭政务服务中心跟九亭创业园，谁的检查次数多", "names",
  top(INSP, "项目编号", "count", w("项目编号", "in", [JIUTING, JT_CY])))  # fmt: skip

# ---------------------------------------------------------------- HAVING (N个及以上)

q("having", "设备在10台及以上的项目有哪些", "names", having(EQ, "项目编号", "count", [">=", 10]))
q("having", "有2本及以上证书的员工是谁", "names", having(CERT, "工号", "count", [">=", 2]))
q("having", "被检查5次以上（含5次）的项目有几个", "number",
  having(INSP, "项目编号", "count", [">=", 5], count=True))  # fmt: skip
q("having", "有3个及以上子项目的项目", "names", having(PROJ, "上级项目编号", "count", [">=", 3]))
q("having", "负责5个以上项目的负责人有几个（不含5个）", "number",
  having(PROJ, "项目负责人工号", "count", [">", 5], count=True))  # fmt: skip
q("having", "4月份考勤人数达到4人的项目", "names", having(ATT, "项目编号", "count", [">=", 4], month(4)))
q("having", "哪些项目一季度开票三次及以上", "names",
  having(FIN, "项目编号", "count", [">=", 3], w("年月", "<=", "2026-03")))  # fmt: skip
q("having", "至少有两份维保合同的项目有多少个", "number",
  having(BUY, "项目编号", "count", [">=", 2], eq("记录类型", "维保合同"), count=True))  # fmt: skip
q("having", "有15台以上设备的项目（超过15台）", "names", having(EQ, "项目编号", "count", [">", 15]))

# ---------------------------------------------------------------- region → project → monthly fact roll-ups

q("rollup", "青浦片区3月份开票总额是多少", "number", agg(FIN, region(QINGPU), month(3), how="sum:开票金额"))
q("rollup", "浦东片区4月一共有多少人出勤（按考勤）", "number", agg(ATT, region(PUDONG), month(4)))
q("rollup", "科创片区所有项目的设备加起来多少台", "number", agg(EQ, region(KECHUANG)))
q("rollup", "2月份闵行那片一共收回来多少款", "number", agg(FIN, region(MINHANG), month(2), how="sum:收款金额"))
q("rollup", "嘉定片区的项目一共被检查了几次", "number", agg(INSP, region(JIADING)))
q("rollup", "长宁片区1月的平时加班总时长", "number", agg(ATT, region(CHANGNING), month(1), how="sum:平时加班小时"))
q("rollup", "徐汇片区今年的耗材采购金额是多少", "number",
  agg(BUY, region(XUHUI), eq("记录类型", "耗材采购"), how="sum:金额"))  # fmt: skip
q("rollup", "松江片区的员工，3月税后工资加起来发了多少？", "number", agg(ATT, region(SONGJIANG), month(3), how="sum:税后工资"))
q("rollup", "青浦片区里哪个项目4月开票最多", "names", top(FIN, "项目编号", "sum:开票金额", region(QINGPU), month(4)))
q("rollup", "科创片区中设备最多的项目", "names", top(EQ, "项目编号", "count", region(KECHUANG)))
q("rollup", "浦东片区的项目合同面积合计", "number",
  agg(PROJ, in_q("项目编号", lst(LINK, "项目编号", eq("片区编号", PUDONG))), how="sum:合同面积"))  # fmt: skip
q("rollup", "闵行片区服务中的项目有多少个", "number",
  agg(PROJ, SERVING, in_q("项目编号", lst(LINK, "项目编号", eq("片区编号", MINHANG)))))  # fmt: skip

# ---------------------------------------------------------------- negation / exclusion

q("negation", "除了保安以外，一线员工有多少人", "number",
  agg(PEOPLE, eq("员工层级", "一线员工"), w("岗位名称", "not_in", SECURITY)))  # fmt: skip
q("negation", "不是全委的项目有几个", "number", agg(PROJ, w("委托方式", "!=", "全委")))
q("negation", "没有设备的服务中项目有多少个", "number", agg(PROJ, SERVING, not_in_q("项目编号", EQUIP_OWNERS)))
q("negation", "完好以外的设备一共几台", "number", agg(EQ, w("完好状况", "!=", "完好")))
q("negation", "除去已经结束的，项目还剩多少个", "number", agg(PROJ, w("服务状态", "!=", "已结束")))
q("negation", "没有证书的项目经理有几个", "number",
  agg(PEOPLE, eq("岗位名称", "项目经理"), not_in_q("工号", lst(CERT, "工号"))))  # fmt: skip
q("negation", "4月份没开票的服务中项目有多少", "number",
  agg(PROJ, SERVING, not_in_q("项目编号", lst(FIN, "项目编号", month(4)))))  # fmt: skip
q("negation", "公建以外的项目都有哪些业态？不用列，数一下有几个项目", "number",
  agg(PROJ, w("汇总业态", "!=", "公建")))  # fmt: skip
q("negation", "别算已经离职的，保洁员有几个", "number", agg(PEOPLE, ON_JOB, eq("岗位名称", "保洁员")))
q("negation", "检查中没发现问题的有几次", "number", agg(INSP, w("问题描述", "null")))
q("negation", "收款金额不是0的财务记录有多少条（3月）", "number", agg(FIN, month(3), w("收款金额", "!=", 0)))
q("negation", "除了电梯和消防，其他设备多少台", "number", agg(EQ, w("设备类型", "not_in", ["电梯", "消防"])))
q("negation", "哪些区域经理没有……不对，问一下：不在任何项目上的员工有多少", "number",
  agg(PEOPLE, w("当前服务项目编号", "null")))  # fmt: skip

# ---------------------------------------------------------------- thresholds (percent and plain)

q("threshold", "实际毛利率超过15%的项目有几个", "number", agg(PROJ, w("实际毛利率", ">", 0.15)))
q("threshold", "毛利率低于5%的项目有哪些", "names", lst(PROJ, "项目编号", w("实际毛利率", "<", 0.05)))
q("threshold", "毛利在10%到12%之间（含）的项目数", "number",
  agg(PROJ, w("实际毛利率", ">=", 0.10), w("实际毛利率", "<=", 0.12)))  # fmt: skip
q("threshold", "客户满意度高于95分的项目有多少个？", "number", agg(PROJ, w("客户满意度", ">", 95)))
q("threshold", "检查得分不到85分的有几次", "number", agg(INSP, w("检查得分", "<", 85)))
q("threshold", "原值超过50万的设备有几台", "number", agg(EQ, w("原值", ">", 500000)))
q("threshold", "合同面积14.5万平米及以上的项目", "names", lst(PROJ, "项目编号", w("合同面积", ">=", 145000)))
q("threshold", "3月加班超过16小时的员工有哪些", "names", lst(ATT, "工号", month(3), w("平时加班小时", ">", 16)))
q("threshold", "2月税后工资过万的人有几个", "number", agg(ATT, month(2), w("税后工资", ">=", 10000)))
q("threshold", "投标金额超过1500万的标有几个", "number", agg(BID, w("投标金额", ">", 15000000)))
q("threshold", "服务中项目里毛利率不足8%的有多少", "number", agg(PROJ, SERVING, w("实际毛利率", "<", 0.08)))

# ---------------------------------------------------------------- A或B of one field

q("either_or", "全委或者多项单委的项目一共多少个", "number", agg(PROJ, w("委托方式", "in", ["全委", "多项单委"])))
q("either_or", "学校或者医疗卫生类的项目有几个", "number", agg(PROJ, w("细分业态", "in", ["学校", "医疗卫生"])))
q("either_or", "电梯或消防的设备加起来几台？", "number", agg(EQ, w("设备类型", "in", ["电梯", "消防"])))
q("either_or", "保洁员和保洁领班一共多少人", "number", agg(PEOPLE, w("岗位名称", "in", CLEANING)))
q("either_or", "报废或停用的设备列一下编号（朱家角人民医院）", "names",
  lst(EQ, "设备编号", eq("项目编号", ZHUJIAJIAO), w("完好状况", "in", ["报废", "停用"])))  # fmt: skip
q("either_or", "空调维保或电梯维保合同共有几份", "number",
  agg(BUY, eq("记录类型", "维保合同"), w("类别", "in", ["空调维保", "电梯维保"])))  # fmt: skip
q("either_or", "岗位是绿化工或者客服专员的人有哪些", "names",
  lst(PEOPLE, "工号", w("岗位名称", "in", ["绿化工", "客服专员"])))  # fmt: skip
q("either_or", "共青团员或中共党员的员工合计多少", "number", agg(PEOPLE, w("政治面貌", "in", ["共青团员", "中共党员"])))

# ---------------------------------------------------------------- shares / percentages of a group

q("share", "女员工占全体员工的百分比是多少", "number", ratio(agg(PEOPLE, eq("性别", "女")), agg(PEOPLE)))
q("share", "服务中的项目占所有项目的比例", "number", ratio(agg(PROJ, SERVING), agg(PROJ)))
q("share", "完好设备的占比", "number", ratio(agg(EQ, eq("完好状况", "完好")), agg(EQ)))
q("share", "新标里中标的比例是多少？", "number",
  ratio(agg(BID, eq("投标类型", "新标"), eq("中标结果", "中标")), agg(BID, eq("投标类型", "新标"))))  # fmt: skip
q("share", "3月回款占开票的百分之几", "number",
  ratio(agg(FIN, month(3), how="sum:收款金额"), agg(FIN, month(3), how="sum:开票金额")))  # fmt: skip
q("share", "公司所有项目中，科创片区的项目有百分之多少？", "number",
  ratio(agg(LINK, eq("片区编号", KECHUANG)), agg(PROJ)))  # fmt: skip
q("share", "保安（所有保安岗位）在全体员工里占比多少", "number",
  ratio(agg(PEOPLE, w("岗位名称", "in", SECURITY)), agg(PEOPLE)))  # fmt: skip
q("share", "检查中发现问题的比例", "number", ratio(agg(INSP, w("问题描述", "notnull")), agg(INSP)))
q("share", "设备里头电梯算多大比例？", "number", ratio(agg(EQ, eq("设备类型", "电梯")), agg(EQ)))
q("share", "川沙人民医院2月的回款率", "number",
  ratio(agg(FIN, eq("项目编号", CHUANSHA), month(2), how="sum:收款金额"),
        agg(FIN, eq("项目编号", CHUANSHA), month(2), how="sum:开票金额")))  # fmt: skip

# ---------------------------------------------------------------- grouped per-X

q("grouped", "每个片区各有多少个项目", "groups", groups(LINK, "片区编号"))
q("grouped", "按月份统计开票金额", "groups", groups(FIN, "年月", "sum:开票金额"))
q("grouped", "各设备类型分别有多少台", "groups", groups(EQ, "设备类型"))
q("grouped", "每种检查类型做了几次", "groups", groups(INSP, "检查类型"))
q("grouped", "各岗位的人数分布", "groups", groups(PEOPLE, "岗位名称"))
q("grouped", "每个月考勤记录多少条", "groups", groups(ATT, "年月"))
q("grouped", "按委托方式分，项目各几个", "groups", groups(PROJ, "委托方式"))
q("grouped", "各片区3月的开票金额", "groups", groups(FIN, "@片区编号", "sum:开票金额", month(3)))
q("grouped", "不同完好状况的设备各有多少", "groups", groups(EQ, "完好状况"))
q("grouped", "每个月回款多少，列个表", "groups", groups(FIN, "年月", "sum:收款金额"))
q("grouped", "各片区的设备台数", "groups", groups(EQ, "@片区编号"))
q("grouped", "川沙人民医院每个月的考勤人数", "groups", groups(ATT, "年月", "count", eq("项目编号", CHUANSHA)))
q("grouped", "按证书类别统计证书数量", "groups", groups(CERT, "证书类别"))
q("grouped", "各类耗材采购金额是多少（按类别）", "groups", groups(BUY, "类别", "sum:金额", eq("记录类型", "耗材采购")))
q("grouped", "每个区（市区）有几个项目", "groups", groups(PROJ, "市（区）"))

# ---------------------------------------------------------------- counting related records

q("related", "郑杰名下有几本证书", "number", agg(CERT, eq("工号", "KWL1509463")))
q("related", "熊丽华负责几个项目？", "number", agg(PROJ, eq("项目负责人工号", "KWL1605270")))
q("related", "九亭政务服务中心的设备有几台", "number", agg(EQ, eq("项目编号", JIUTING)))
q("related", "莘庄派出所有几条财务记录", "number", agg(FIN, eq("项目编号", XINZHUANG)))
q("related", "松江-马陆第一中学一共签了几份维保合同", "number",
  agg(BUY, eq("项目编号", "XMSQ0246"), eq("记录类型", "维保合同")))  # fmt: skip
q("related", "品质督导一共检查了多少次（检查人是品质督导的）", "number",
  agg(INSP, in_q("检查人工号", lst(PEOPLE, "工号", eq("岗位名称", "品质督导")))))  # fmt: skip
q("related", "九亭养老院的采购记录有几条（耗材和固定资产都算）", "number",
  agg(BUY, eq("项目编号", JT_YL), w("记录类型", "in", ["耗材采购", "固定资产"])))  # fmt: skip
q("related", "科创片区负责人当检查人的检查有多少次", "number",
  agg(INSP, eq("检查人工号", "KWL2008546")))  # fmt: skip
q("related", "秦雨欣负责的设备有几台（设备责任人）", "number", agg(EQ, eq("设备责任人工号", "KWL2104641")))
q("related", "虹桥文化活动中心的岗位编制一共多少人（项目编制）", "number",
  agg(HC, eq("项目编号", HONGQIAO), how="sum:项目编制"))  # fmt: skip

ANSWERED = A

# ---------------------------------------------------------------- not in the data

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "张三丰在哪个项目上班？", "no_such_entity", "张三丰"),
    ("not_in_data_entity", "XMSQ9999这个项目的负责人是谁", "no_such_entity", "XMSQ9999"),
    ("not_in_data_entity", "外滩金融中心项目有多少台设备", "no_such_entity", "外滩金融中心"),
    ("not_in_data_entity", "工号KWL9999001的员工叫什么", "no_such_entity", "KWL9999001"),
    ("not_in_data_entity", "崇明片区有几个项目", "no_such_entity", "崇明片区"),
    ("not_in_data_entity", "李白3月份上了几天班", "no_such_entity", "李白"),
    ("not_in_data_entity", "陆家嘴中心大厦3月开票多少", "no_such_entity", "陆家嘴中心大厦"),
    ("not_in_data_entity", "环球清洁有限公司这家供应商合作了几个项目", "no_such_entity", "环球清洁有限公司"),
    ("not_in_data_month", "川沙人民医院2025年12月开了多少票", "outside_coverage", "2025-12"),
    ("not_in_data_month", "上个月全公司回款多少", "outside_coverage", "2026-05"),
    ("not_in_data_month", "本月考勤有多少条", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2026年7月颛桥派出所有几个人上班", "outside_coverage", "2026-07"),
    ("not_in_data_month", "2025年全年的开票总额", "outside_coverage", "2025"),
    ("not_in_data_month", "去年12月谁加班最多", "outside_coverage", "2025-12"),
    ("not_in_data_month", "上个月赵巷工业园区的出勤人次是多少", "outside_coverage", "2026-05"),
    ("not_in_data_field", "员工的学历分布是怎样的", "no_such_field", "学历"),
    ("not_in_data_field", "川沙人民医院有多少个停车位", "no_such_field", "停车位"),
    ("not_in_data_field", "颛桥派出所每个月电费是多少", "no_such_field", "电费"),
    ("not_in_data_field", "谭超的血型是什么", "no_such_field", "血型"),
    ("not_in_data_field", "各项目的绿化面积是多少", "no_such_field", "绿化面积"),
    ("not_in_data_field", "郑建平的婚姻状况", "no_such_field", "婚姻状况"),
    ("not_in_data_field", "每台电梯的载客人数", "no_such_field", "载客人数"),
    ("not_in_data_entity", "保安_队长这个岗位有几个人", "no_such_entity", "保安_队长"),
    ("not_in_data_entity", "PQ09片区的负责人是谁", "no_such_entity", "PQ09"),
    ("not_in_data_month", "2023年3月川沙人民医院考勤有几条", "outside_coverage", "2023-03"),
    ("not_in_data_month", "麻烦查一下2026年5月的开票总额", "outside_coverage", "2026-05"),
    ("not_in_data_field", "员工的籍贯都是哪里的", "no_such_field", "籍贯"),
    ("not_in_data_field", "保洁员的身高要求是多少", "no_such_field", "身高"),
    ("not_in_data_records", "香花桥档案馆2026年1月开票多少", "no_records", "项目月度财务 XMSQ0347 2026-01"),
    ("not_in_data_records", "九亭政务服务中心3月份回款多少", "no_records", "项目月度财务 XMSQ0387 2026-03"),
]

NON_DATA: list[tuple[str, str]] = [
    ("non_data_greeting", "你好"),
    ("non_data_greeting", "谢谢，辛苦了！"),
    ("non_data_greeting", "在吗？"),
    ("non_data_greeting", "你都能帮我查些什么"),
    ("non_data_change", "帮我把川沙人民医院的负责人改成王伟"),
    ("non_data_change", "删掉郑建平这个人的记录"),
    ("non_data_change", "把颛桥派出所3月的开票金额改成50万"),
]

CLARIFY: list[tuple[str, str, str]] = [
    ("clarify", "孔强在哪个项目？", "两个员工都叫孔强（KWL1907769 项目经理、KWL2201612 工程维修工）"),
    ("clarify", "方建华的工号是多少", "两个保安_普保都叫方建华（KWL1102410、KWL1902485）"),
    ("clarify", "田敏的岗位是什么", "两个员工都叫田敏（保安_普保、保洁员）"),
]
