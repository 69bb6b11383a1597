"""The nineteenth held-out set as written: each question with its gold spec (tests/eval/blind_gold.py).

Written blind (see README.md). The fixed today is 2026-04-06, a Monday: 本月 / 这个月 2026-04,
上个月 2026-03, 上上个月 2026-02, 三个月前 2026-01, 今年一季度 2026-01…03, 年初至今 2026-01…04;
四个月前 / 去年 (2025) and 下个月 (2026-05) lie outside the coverage. make_gold.py turns this
file into questions.jsonl; never edit that file by hand.
"""

from __future__ import annotations

from typing import Any

Spec = dict[str, Any]

PEOPLE = "人员信息"
PROJECTS = "项目信息"
ATT = "考勤与人员财务"
SCHED = "排班月报"
FIN = "项目月度财务"
SNAP = "月度快照"
BIDS = "投标记录"
POSTS = "岗位编制"
EQUIP = "设备信息"
BUY = "采购与维保"
CHECKS = "检查记录"
CERTS = "人员证书"
LINKS = "项目片区关系"
AREAS = "片区信息"
DICT = "岗位字典"

PURCHASE = ["记录类型", "in", ["耗材采购", "固定资产"]]
Q1 = ["年月", "in", ["2026-01", "2026-02", "2026-03"]]
YTD = ["年月", "in", ["2026-01", "2026-02", "2026-03", "2026-04"]]


def count(t: str, *where: list[Any], **more: Any) -> Spec:
    return {"op": "agg", "t": t, "agg": "count", "where": list(where), **more}


def agg(t: str, how: str, *where: list[Any], **more: Any) -> Spec:
    return {"op": "agg", "t": t, "agg": how, "where": list(where), **more}


def names(t: str, key: str, *where: list[Any], **more: Any) -> Spec:
    return {"op": "list", "t": t, "key": key, "where": list(where), **more}


def exists(t: str, *where: list[Any]) -> Spec:
    return {"op": "exists", "t": t, "where": list(where)}


def value(t: str, field: str, *where: list[Any]) -> Spec:
    return {"op": "value", "t": t, "field": field, "where": list(where)}


def top(t: str, by: str, how: str, n: int = 1, *where: list[Any], order: str = "desc") -> Spec:
    return {"op": "top", "t": t, "by": by, "agg": how, "n": n, "order": order, "where": list(where)}


def having(t: str, by: str, how: str, cmp: list[Any], *where: list[Any], op: str = "having") -> Spec:
    return {"op": op, "t": t, "by": by, "agg": how, "cmp": cmp, "where": list(where)}


def groups(t: str, by: str, how: str, *where: list[Any]) -> Spec:
    return {"op": "groups", "t": t, "by": by, "agg": how, "where": list(where)}


def region(code: str, field: str = "项目编号") -> list[Any]:
    return [field, "region", code]


ANSWERED: list[tuple[str, str, str, Spec]] = [
    # ------------------------------------------------------------ count
    ("count", "人事这边想确认下：花名册上岗位是保安_消控员的总共几个人？", "number",
     count(PEOPLE, ["岗位名称", "=", "保安_消控员"])),
    ("count", "检查记录里检查类型为“设备专项检查”的一共多少条", "number",
     count(CHECKS, ["检查类型", "=", "设备专项检查"])),
    ("count", "人员证书表中，证书类别属于特种作业操作证的有几本？", "number",
     count(CERTS, ["证书类别", "=", "特种作业操作证"])),
    ("count", "项目信息表 委托方式=单一单委 的项目数量是多少", "number",
     count(PROJECTS, ["委托方式", "=", "单一单委"])),
    ("count", "耗材采购当中类别为劳保耗材的单子，一共几笔呀", "number",
     count(BUY, ["记录类型", "=", "耗材采购"], ["类别", "=", "劳保耗材"])),
    ("count", "投标记录里面投标类型是续标的有多少条？", "number",
     count(BIDS, ["投标类型", "=", "续标"])),
    ("count", "设备信息里制造厂商是杭州海康威视数字技术股份有限公司的设备，总数多少台", "number",
     count(EQUIP, ["制造厂商", "=", "杭州海康威视数字技术股份有限公司"])),
    ("count", "请问岗位编制表中xmsq0146一共列了几个岗位？", "number",
     count(POSTS, ["项目编号", "=", "XMSQ0146"])),
    # ------------------------------------------------------------ list
    ("list", "服务状态还是“未开始”的项目有哪些，列一下", "names",
     names(PROJECTS, "项目编号", ["服务状态", "=", "未开始"])),
    ("list", "人员信息表里离职日期填的是2026-02-28的，都是谁？", "names",
     names(PEOPLE, "工号", ["离职日期", "=", "2026-02-28"])),
    ("list", "持有高压电工作业证书的员工名单给我一下", "names",
     names(CERTS, "工号", ["证书名称", "=", "高压电工作业"])),
    ("list", "XMSQ0388 这个项目里都有哪几种设备类型？", "names",
     names(EQUIP, "设备类型", ["项目编号", "=", "XMSQ0388"])),
    ("list", "岗位字典中员工层级是职能管理人员的岗位，分别是哪几个", "names",
     names(DICT, "岗位名称", ["员工层级", "=", "职能管理人员"])),
    ("list", "供应商名录里类别为消防维保的是哪几家公司", "names",
     names(BUY, "供应商名称", ["记录类型", "=", "供应商"], ["类别", "=", "消防维保"])),
    ("list", "项目负责人黄佳怡名下，委托方式为单一单委的项目是哪些", "names",
     names(PROJECTS, "项目编号", ["项目负责人", "=", "黄佳怡"], ["委托方式", "=", "单一单委"])),
    # ------------------------------------------------------------ sum_avg
    ("sum_avg", "财务想核一下，固定资产类采购的金额一共是多少钱？", "number",
     agg(BUY, "sum:金额", ["记录类型", "=", "固定资产"])),
    ("sum_avg", "考勤表里 XMSQ0146 所有月份的税后工资合计多少", "number",
     agg(ATT, "sum:税后工资", ["项目编号", "=", "XMSQ0146"])),
    ("sum_avg", "消防安全检查的平均得分是多少分", "number",
     agg(CHECKS, "avg:检查得分", ["检查类型", "=", "消防安全检查"])),
    ("sum_avg", "设备类型为电梯的那些设备，原值总计多少元？", "number",
     agg(EQUIP, "sum:原值", ["设备类型", "=", "电梯"])),
    ("sum_avg", "2026年1月 项目月度财务 开票金额合计", "number",
     agg(FIN, "sum:开票金额", ["年月", "=", "2026-01"])),
    ("sum_avg", "汇总业态是住宅的项目，平均合同面积有多大", "number",
     agg(PROJECTS, "avg:合同面积", ["汇总业态", "=", "住宅"])),
    ("sum_avg", "2月份考勤里的平时加班小时，全部加起来是多少小时", "number",
     agg(ATT, "sum:平时加班小时", ["年月", "=", "2026-02"])),
    ("sum_avg", "投标记录里中标了的那些，投标金额平均下来是多少", "number",
     agg(BIDS, "avg:投标金额", ["中标结果", "=", "中标"])),
    # ------------------------------------------------------------ extreme_rank
    ("extreme_rank", "合同面积最大的是哪个项目？", "names",
     top(PROJECTS, "项目编号", "max:合同面积")),
    ("extreme_rank", "所有项目里年化合同收入最低的是哪一个", "names",
     top(PROJECTS, "项目编号", "min:年化合同收入", order="asc")),
    ("extreme_rank", "哪个项目名下设备的原值加总最高", "names",
     top(EQUIP, "项目编号", "sum:原值")),
    ("extreme_rank", "2026年3月开票最多的项目是哪个？", "names",
     top(FIN, "项目编号", "sum:开票金额", 1, ["年月", "=", "2026-03"])),
    ("extreme_rank", "花名册上司龄最长的是哪位员工", "names",
     top(PEOPLE, "工号", "max:司龄")),
    ("extreme_rank", "投标金额最高的那次投标，是哪个项目的", "names",
     top(BIDS, "项目编号", "max:投标金额")),
    ("extreme_rank", "按检查记录算，哪个项目的检查平均分最高？", "names",
     top(CHECKS, "项目编号", "avg:检查得分")),
    # ------------------------------------------------------------ top_n
    ("top_n", "设备台数排前两名的项目是哪两个", "names",
     top(EQUIP, "项目编号", "count", 2)),
    ("top_n", "1月份税后工资最高的3个人是谁", "names",
     top(ATT, "工号", "sum:税后工资", 3, ["年月", "=", "2026-01"])),
    ("top_n", "耗材采购金额前三名的项目", "names",
     top(BUY, "项目编号", "sum:金额", 3, ["记录类型", "=", "耗材采购"])),
    ("top_n", "市场部想看看年化合同额排名前五的项目，有哪些？", "names",
     top(PROJECTS, "项目编号", "max:年化合同额", 5)),
    ("top_n", "采购（耗材采购+固定资产）金额最多的三家供应商", "names",
     top(BUY, "供应商名称", "sum:金额", 3, PURCHASE)),
    ("top_n", "检查次数最多的两种检查类型是什么", "names",
     top(CHECKS, "检查类型", "count", 2)),
    ("top_n", "合同金额最高的前3个项目，列出来", "names",
     top(PROJECTS, "项目编号", "max:合同金额", 3)),
    # ------------------------------------------------------------ existence
    ("existence", "实验室类的设备里，有报废的吗？", "bool",
     exists(EQUIP, ["设备类型", "=", "实验室"], ["完好状况", "=", "报废"])),
    ("existence", "XMSQ0212 在2026年2月有没有开票记录", "bool",
     exists(FIN, ["项目编号", "=", "XMSQ0212"], ["年月", "=", "2026-02"])),
    ("existence", "有没有哪次检查得分低于80.5分的？？", "bool",
     exists(CHECKS, ["检查得分", "<", 80.5])),
    ("existence", "2025年的投标里，有没中标的吗", "bool",
     exists(BIDS, ["年份", "=", 2025], ["中标结果", "=", "未中标"])),
    ("existence", "排班月报上，卢涛3月份有没有排过夜班？", "bool",
     exists(SCHED, ["姓名", "=", "卢涛"], ["年月", "=", "2026-03"], ["1日", "has_code", "夜"])),
    ("existence", "证书表里有人持电梯安全管理员证吗", "bool",
     exists(CERTS, ["证书名称", "=", "电梯安全管理员"])),
    ("existence", "是否存在合同面积超过14.9万平方米的项目？", "bool",
     exists(PROJECTS, ["合同面积", ">", 149000])),
    # ------------------------------------------------------------ status
    ("status", "xmsq0230的委托方式是啥", "value",
     value(PROJECTS, "委托方式", ["项目编号", "=", "XMSQ0230"])),
    ("status", "长宁-田林人民医院 的项目负责人是谁？", "value",
     value(PROJECTS, "项目负责人", ["项目名称", "=", "长宁-田林人民医院"])),
    ("status", "工号 KWL0807304 的岗位名称是什么", "value",
     value(PEOPLE, "岗位名称", ["工号", "=", "KWL0807304"])),
    ("status", "XMSQ0250 项目里编号JS-001的设备，完好状况怎么样", "value",
     value(EQUIP, "完好状况", ["项目编号", "=", "XMSQ0250"], ["设备编号", "=", "JS-001"])),
    ("status", "徐汇片区的负责人叫什么名字？", "value",
     value(PEOPLE, "姓名", ["工号", "in_q", names(AREAS, "片区负责人工号", ["片区名称", "=", "徐汇片区"])])),
    ("status", "汤欣怡的入职日期是哪天", "value",
     value(PEOPLE, "入职日期", ["姓名", "=", "汤欣怡"])),
    ("status", "XMSQ0369 那条投标记录的中标结果是什么？", "value",
     value(BIDS, "中标结果", ["项目编号", "=", "XMSQ0369"])),
    # ------------------------------------------------------------ colloquial
    ("colloquial", "咱花名册上保洁员到底有几个啊", "number",
     count(PEOPLE, ["岗位名称", "=", "保洁员"])),
    ("colloquial", "带病运行的电梯有几台呀，心里没底", "number",
     count(EQUIP, ["设备类型", "=", "电梯"], ["完好状况", "=", "带病运行"])),
    ("colloquial", "诶，2月份谁的税后工资拿得最多？", "names",
     top(ATT, "工号", "sum:税后工资", 1, ["年月", "=", "2026-02"])),
    ("colloquial", "绿化工（四级）这个证一共有几本啊，记不清了", "number",
     count(CERTS, ["证书名称", "=", "绿化工（四级）"])),
    ("colloquial", "采购那边买大号垃圾袋 总共花了多少钱啊", "number",
     agg(BUY, "sum:金额", ["名称", "=", "大号垃圾袋"])),
    ("colloquial", "那个浦东-川沙创业园是谁在管的呀", "value",
     value(PROJECTS, "项目负责人", ["项目名称", "=", "浦东-川沙创业园"])),
    ("colloquial", "检查时发现灭火器压力不足的，前后一共出现过几回？", "number",
     count(CHECKS, ["问题描述", "contains", "灭火器压力不足"])),
    # ------------------------------------------------------------ time_reference
    ("time_reference", "上个月的考勤表一共登记了多少条", "number",
     count(ATT, ["年月", "=", "2026-03"])),
    ("time_reference", "上上个月所有项目的开票金额一共多少？", "number",
     agg(FIN, "sum:开票金额", ["年月", "=", "2026-02"])),
    ("time_reference", "今年一季度固定资产采购花了多少", "number",
     agg(BUY, "sum:金额", ["记录类型", "=", "固定资产"], Q1)),
    ("time_reference", "年初至今（1到4月份登记的）收款金额一共多少钱", "number",
     agg(FIN, "sum:收款金额", YTD)),
    ("time_reference", "检查日期在2026年2月10日至2026年2月20日之间（首尾两天都算）的检查有几次", "number",
     count(CHECKS, ["检查日期", ">=", "2026-02-10"], ["检查日期", "<=", "2026-02-20"])),
    ("time_reference", "人员信息表里入职日期在2026年3月1日之后的有哪些人", "names",
     names(PEOPLE, "工号", ["入职日期", ">", "2026-03-01"])),
    ("time_reference", "三个月前那个月的排班月报有多少行？", "number",
     count(SCHED, ["年月", "=", "2026-01"])),
    ("time_reference", "中标日期早于2021年1月1日的投标记录有几条", "number",
     count(BIDS, ["中标日期", "<", "2021-01-01"])),
    # ------------------------------------------------------------ now_current
    ("now_current", "我是新来的，想知道目前服务状态为服务中的项目一共多少个？", "number",
     count(PROJECTS, ["服务状态", "=", "服务中"])),
    ("now_current", "现在完好状况标着“带病运行”的设备有几台", "number",
     count(EQUIP, ["完好状况", "=", "带病运行"])),
    ("now_current", "黄刚的当前服务项目编号是哪个？", "value",
     value(PEOPLE, "当前服务项目编号", ["姓名", "=", "黄刚"])),
    ("now_current", "今天2026年4月6日，有效期至已经在今天之前的证书有多少本", "number",
     count(CERTS, ["有效期至", "<", "2026-04-06"])),
    ("now_current", "以今天（2026-04-06）为准，结束日期还在今天以后的维保合同有几份？", "number",
     count(BUY, ["记录类型", "=", "维保合同"], ["结束日期", ">", "2026-04-06"])),
    ("now_current", "合同状况目前是已到期的项目有多少个", "number",
     count(PROJECTS, ["合同状况", "=", "已到期"])),
    ("now_current", "当前完好状况为停用的消防设备有几台？", "number",
     count(EQUIP, ["设备类型", "=", "消防"], ["完好状况", "=", "停用"])),
    # ------------------------------------------------------------ monthly_fact
    ("monthly_fact", "项目上想确认一下，XMSQ0226 2026年2月的考勤人数是多少", "number",
     count(ATT, ["项目编号", "=", "XMSQ0226"], ["年月", "=", "2026-02"])),
    ("monthly_fact", "科创-梅陇科技园一月份开票金额多少？", "number",
     agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0221"], ["年月", "=", "2026-01"])),
    ("monthly_fact", "月度快照里 XMSQ0146 在2026年3月的出勤人次", "number",
     agg(SNAP, "sum:出勤人次", ["项目编号", "=", "XMSQ0146"], ["年月", "=", "2026-03"])),
    ("monthly_fact", "李宇航2026年2月上班天数是多少天", "number",
     agg(ATT, "sum:上班天数", ["姓名", "=", "李宇航"], ["年月", "=", "2026-02"])),
    ("monthly_fact", "XMSQ0134 3月份收款金额是多少", "number",
     agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0134"], ["年月", "=", "2026-03"])),
    ("monthly_fact", "4月份登记的月度快照中，xmsq0226 的加班小时合计是多少？", "number",
     agg(SNAP, "sum:加班小时合计", ["项目编号", "=", "XMSQ0226"], ["年月", "=", "2026-04"])),
    ("monthly_fact", "卢涛 2026年3月 税后工资", "number",
     agg(ATT, "sum:税后工资", ["姓名", "=", "卢涛"], ["年月", "=", "2026-03"])),
    ("monthly_fact", "长宁-枫林科技园 上个月考勤表里记了几个人", "number",
     count(ATT, ["项目编号", "=", "XMSQ0402"], ["年月", "=", "2026-03"])),
    # ------------------------------------------------------------ compare
    ("compare", "XMSQ0388比XMSQ0245多几台设备？", "number",
     {"op": "diff", "a": count(EQUIP, ["项目编号", "=", "XMSQ0388"]),
      "b": count(EQUIP, ["项目编号", "=", "XMSQ0245"])}),
    ("compare", "XMSQ0186 一月和二月的开票金额相差多少", "number",
     {"op": "absdiff", "a": agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0186"], ["年月", "=", "2026-01"]),
      "b": agg(FIN, "sum:开票金额", ["项目编号", "=", "XMSQ0186"], ["年月", "=", "2026-02"])}),
    ("compare", "电梯和消防两类设备，哪一类台数多？", "names",
     top(EQUIP, "设备类型", "count", 1, ["设备类型", "in", ["电梯", "消防"]])),
    ("compare", "1月的考勤记录条数比2月多多少", "number",
     {"op": "diff", "a": count(ATT, ["年月", "=", "2026-01"]), "b": count(ATT, ["年月", "=", "2026-02"])}),
    ("compare", "XMSQ0128 2月份的收款是不是比3月份高？", "bool",
     {"op": "gt", "a": agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0128"], ["年月", "=", "2026-02"]),
      "b": agg(FIN, "sum:收款金额", ["项目编号", "=", "XMSQ0128"], ["年月", "=", "2026-03"])}),
    ("compare", "花名册里男员工比女员工多多少人", "number",
     {"op": "diff", "a": count(PEOPLE, ["性别", "=", "男"]), "b": count(PEOPLE, ["性别", "=", "女"])}),
    ("compare", "消防安全检查跟设备专项检查的平均分差多少？", "number",
     {"op": "absdiff", "a": agg(CHECKS, "avg:检查得分", ["检查类型", "=", "消防安全检查"]),
      "b": agg(CHECKS, "avg:检查得分", ["检查类型", "=", "设备专项检查"])}),
    # ------------------------------------------------------------ group_having
    ("group_having", "设备在13台及以上的项目有哪些", "names",
     having(EQUIP, "项目编号", "count", [">=", 13])),
    ("group_having", "检查次数超过6次的项目有哪几个？", "names",
     having(CHECKS, "项目编号", "count", [">", 6])),
    ("group_having", "耗材采购笔数达到5笔及以上的项目，有多少个", "number",
     having(BUY, "项目编号", "count", [">=", 5], ["记录类型", "=", "耗材采购"], op="having_count")),
    ("group_having", "人员证书表里有2本及以上证书的人是谁", "names",
     having(CERTS, "工号", "count", [">=", 2])),
    ("group_having", "2026年1月考勤人数在4人及以上的项目有哪些？", "names",
     having(ATT, "项目编号", "count", [">=", 4], ["年月", "=", "2026-01"])),
    ("group_having", "哪些供应商的采购金额（耗材采购和固定资产）超过了50万元", "names",
     having(BUY, "供应商名称", "sum:金额", [">", 500000], PURCHASE)),
    ("group_having", "项目信息里负责项目数在15个及以上的负责人，工号是哪些", "names",
     having(PROJECTS, "项目负责人工号", "count", [">=", 15])),
    # ------------------------------------------------------------ region_rollup
    ("region_rollup", "松江片区 一共有多少个项目？？", "number",
     count(LINKS, ["片区编号", "=", "PQ05"])),
    ("region_rollup", "嘉定片区所有项目的合同面积加起来是多少", "number",
     agg(PROJECTS, "sum:合同面积", region("PQ06"))),
    ("region_rollup", "科创片区的项目名下一共登记了多少台设备", "number",
     count(EQUIP, region("PQ03"))),
    ("region_rollup", "长宁片区3月份的开票总额", "number",
     agg(FIN, "sum:开票金额", ["年月", "=", "2026-03"], region("PQ08"))),
    ("region_rollup", "浦东片区的检查记录，平均得分多少？", "number",
     agg(CHECKS, "avg:检查得分", region("PQ07"))),
    ("region_rollup", "闵行片区上个月的考勤人数合计", "number",
     count(ATT, ["年月", "=", "2026-03"], region("PQ04"))),
    ("region_rollup", "嘉定片区比松江片区多几个项目", "number",
     {"op": "diff", "a": count(LINKS, ["片区编号", "=", "PQ06"]), "b": count(LINKS, ["片区编号", "=", "PQ05"])}),
    # ------------------------------------------------------------ negation
    ("negation", "服务中的项目里，一次检查记录都没有的有几个？", "number",
     count(PROJECTS, ["服务状态", "=", "服务中"],
           ["项目编号", "not_in_q", names(CHECKS, "项目编号")])),
    ("negation", "服务中却没登记任何设备的项目有多少个", "number",
     count(PROJECTS, ["服务状态", "=", "服务中"],
           ["项目编号", "not_in_q", names(EQUIP, "项目编号")])),
    ("negation", "花名册上的项目经理中，在人员证书表里一本证都没有的有几位？", "number",
     count(PEOPLE, ["岗位名称", "=", "项目经理"], ["工号", "not_in_q", names(CERTS, "工号")])),
    ("negation", "委托方式不是全委的项目有多少个", "number",
     count(PROJECTS, ["委托方式", "!=", "全委"])),
    ("negation", "采购记录（耗材采购、固定资产）里状态不是已入账的有几笔？", "number",
     count(BUY, PURCHASE, ["状态", "!=", "已入账"])),
    ("negation", "投标记录里没填中标日期的有几条", "number",
     count(BIDS, ["中标日期", "null"])),
    ("negation", "花名册里员工层级不是一线员工的一共多少人", "number",
     count(PEOPLE, ["员工层级", "!=", "一线员工"])),
    ("negation", "检查记录中问题描述为空、也就是没查出问题的，有多少条？", "number",
     count(CHECKS, ["问题描述", "null"])),
    # ------------------------------------------------------------ or_values
    ("or_values", "委托方式是多项单委或者单一单委的项目共有几个", "number",
     count(PROJECTS, ["委托方式", "in", ["多项单委", "单一单委"]])),
    ("or_values", "保洁员、保洁_领班 两个岗位花名册上一共多少人？", "number",
     count(PEOPLE, ["岗位名称", "in", ["保洁员", "保洁_领班"]])),
    ("or_values", "给排水和通风这两类设备合计几台", "number",
     count(EQUIP, ["设备类型", "in", ["给排水", "通风"]])),
    ("or_values", "属于松江片区或嘉定片区的项目有几个（两个片区都挂的只算一次）", "number",
     count(PROJECTS, any=[region("PQ05"), region("PQ06")])),
    ("or_values", "月度品质检查或季度综合检查，这两类检查的平均得分是多少？", "number",
     agg(CHECKS, "avg:检查得分", ["检查类型", "in", ["月度品质检查", "季度综合检查"]])),
    ("or_values", "专业类别为电工或制冷的证书，持证人都有谁", "names",
     names(CERTS, "工号", ["专业类别", "in", ["电工", "制冷"]])),
    ("or_values", "完好状况是停用或者报废的设备有多少台", "number",
     count(EQUIP, ["完好状况", "in", ["停用", "报废"]])),
    # ------------------------------------------------------------ threshold_percent
    ("threshold_percent", "实际毛利率超过15%的项目有几个？", "number",
     count(PROJECTS, ["实际毛利率", ">", 0.15])),
    ("threshold_percent", "实际毛利率不到4.5%的项目有哪些", "names",
     names(PROJECTS, "项目编号", ["实际毛利率", "<", 0.045])),
    ("threshold_percent", "实际毛利率在12％及以上的项目数是多少", "number",
     count(PROJECTS, ["实际毛利率", ">=", 0.12])),
    ("threshold_percent", "客户满意度高于95分的项目有多少个？", "number",
     count(PROJECTS, ["客户满意度", ">", 95])),
    ("threshold_percent", "检查得分低于85分的检查一共多少次", "number",
     count(CHECKS, ["检查得分", "<", 85])),
    ("threshold_percent", "全委的项目里面，实际毛利率低于6%的有几个", "number",
     count(PROJECTS, ["委托方式", "=", "全委"], ["实际毛利率", "<", 0.06])),
    ("threshold_percent", "实际毛利率高于17.5%的项目，帮忙列一下", "names",
     names(PROJECTS, "项目编号", ["实际毛利率", ">", 0.175])),
    # ------------------------------------------------------------ share
    ("share", "花名册里女员工占比是多少？", "number",
     {"op": "ratio", "a": count(PEOPLE, ["性别", "=", "女"]), "b": count(PEOPLE)}),
    ("share", "完好的设备占全部设备的比例是多少", "number",
     {"op": "ratio", "a": count(EQUIP, ["完好状况", "=", "完好"]), "b": count(EQUIP)}),
    ("share", "全委项目占项目总数的几成？", "number",
     {"op": "ratio", "a": count(PROJECTS, ["委托方式", "=", "全委"]), "b": count(PROJECTS)}),
    ("share", "投标记录的中标率是多少（中标条数/全部投标条数）", "number",
     {"op": "ratio", "a": count(BIDS, ["中标结果", "=", "中标"]), "b": count(BIDS)}),
    ("share", "上个月收款金额占开票金额的百分之多少？", "number",
     {"op": "ratio", "a": agg(FIN, "sum:收款金额", ["年月", "=", "2026-03"]),
      "b": agg(FIN, "sum:开票金额", ["年月", "=", "2026-03"])}),
    ("share", "耗材采购的金额在采购总额（耗材+固定资产）里占多大比重", "number",
     {"op": "ratio", "a": agg(BUY, "sum:金额", ["记录类型", "=", "耗材采购"]), "b": agg(BUY, "sum:金额", PURCHASE)}),
    ("share", "检查记录里消防安全检查占了百分之几？", "number",
     {"op": "ratio", "a": count(CHECKS, ["检查类型", "=", "消防安全检查"]), "b": count(CHECKS)}),
    ("share", "人员证书中职业技能等级证书的占比", "number",
     {"op": "ratio", "a": count(CERTS, ["证书类别", "=", "职业技能等级证书"]), "b": count(CERTS)}),
    # ------------------------------------------------------------ grouped
    ("grouped", "每个片区各有多少个项目？", "groups",
     groups(LINKS, "片区编号", "count")),
    ("grouped", "按设备类型统计一下设备台数", "groups",
     groups(EQUIP, "设备类型", "count")),
    ("grouped", "各检查类型的平均得分分别是多少", "groups",
     groups(CHECKS, "检查类型", "avg:检查得分")),
    ("grouped", "花名册分岗位名称统计人数", "groups",
     groups(PEOPLE, "岗位名称", "count")),
    ("grouped", "考勤表每个月各有多少条记录？", "groups",
     groups(ATT, "年月", "count")),
    ("grouped", "按委托方式汇总一下合同面积", "groups",
     groups(PROJECTS, "委托方式", "sum:合同面积")),
    ("grouped", "证书按证书类别分，分别有几本", "groups",
     groups(CERTS, "证书类别", "count")),
    ("grouped", "耗材采购按类别拆开，各花了多少钱？", "groups",
     groups(BUY, "类别", "sum:金额", ["记录类型", "=", "耗材采购"])),
]  # fmt: skip

NOT_IN_DATA: list[tuple[str, str, str, str]] = [
    ("not_in_data_entity", "XMSQ0999 这个项目的合同金额是多少？", "no_such_entity", "XMSQ0999"),
    ("not_in_data_entity", "欧阳娜娜的工号是多少", "no_such_entity", "欧阳娜娜"),
    ("not_in_data_entity", "金山片区下面有几个项目？", "no_such_entity", "金山片区"),
    ("not_in_data_entity", "上海顺丰清洁用品有限公司一共供了多少钱的货", "no_such_entity", "上海顺丰清洁用品有限公司"),
    ("not_in_data_entity", "工号KWL9912001是谁？", "no_such_entity", "KWL9912001"),
    ("not_in_data_entity", "奉贤-海湾图书馆的项目负责人是哪位", "no_such_entity", "奉贤-海湾图书馆"),
    ("not_in_data_entity", "诸葛明的入职日期是哪天？", "no_such_entity", "诸葛明"),
    ("not_in_data_month", "2025年12月的开票金额合计是多少", "outside_coverage", "2025-12"),
    ("not_in_data_month", "下个月XMSQ0146的考勤人数有多少？", "outside_coverage", "2026-05"),
    ("not_in_data_month", "四个月前的排班月报有几行", "outside_coverage", "2025-12"),
    ("not_in_data_month", "去年全年考勤里的平时加班小时合计多少", "outside_coverage", "2025"),
    ("not_in_data_month", "2026年6月各项目的收款金额一共多少？", "outside_coverage", "2026-06"),
    ("not_in_data_month", "2025年11月考勤表里有多少条", "outside_coverage", "2025-11"),
    ("not_in_data_month", "2026年5月月度快照的出勤人次合计是多少", "outside_coverage", "2026-05"),
    ("not_in_data_field", "员工的学历分布是怎样的？", "no_such_field", "学历"),
    ("not_in_data_field", "XMSQ0212 的绿化面积是多少平方米？", "no_such_field", "绿化面积"),
    ("not_in_data_field", "XMSQ0250 项目 JS-001 这台设备的保修到期日是哪天", "no_such_field", "保修到期日"),
    ("not_in_data_field", "KWL0807304 的紧急联系人是谁？", "no_such_field", "紧急联系人"),
    ("not_in_data_field", "各项目的停车位有多少个", "no_such_field", "停车位"),
    ("not_in_data_field", "保安们的平均身高是多少", "no_such_field", "身高"),
    ("not_in_data_field", "绩效考核得分最高的员工是谁？", "no_such_field", "绩效考核得分"),
]  # fmt: skip

NON_DATA: list[tuple[str, str]] = [
    ("non_data", "早上好！"),
    ("non_data", "辛苦了，谢谢你的帮忙"),
    ("non_data", "把XMSQ0212的服务状态改成已结束"),
    ("non_data", "帮我把人员信息里已经离职的人都删掉"),
    ("non_data", "你好呀，在吗"),
    ("non_data", "好的，明白了，多谢"),
    ("non_data", "请把卢涛的岗位改为保安_领班，谢谢"),
]
