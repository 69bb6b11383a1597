"""What a perfect language model would answer for train questions the rules do not answer.

Written by hand by the lead from each question's gold spec (questions.jsonl), as a model that
sees only the schema would write them: the user's words as values (项目名称 = 川沙医院), never a
key it could not know — kgdesk grounds them like its own words. `tests/eval/test_perfect_model.py`
scripts the local OpenAI-compatible server to reply with these plans.

A question absent from PLANS has no plan the DSL can express (GAPS says why; none now).
"""

from __future__ import annotations

from typing import Any

Plan = dict[str, Any]

COUNT_KEYS = {"fn": "count_distinct", "node": "n0", "field": "_key"}


def cond(field: str, op: str, value: Any = None, *, node: str = "n0", text: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"node": node, "field": field, "op": op}
    if value is not None:
        out["value"] = value
    if text:
        out["text"] = text
    return out


def hop(rel: str, direction: str, target: str, source: str = "n0") -> dict[str, Any]:
    return {"source": source, "rel": rel, "direction": direction, "target": target}


def month(m: str, node: str = "n0") -> dict[str, Any]:
    return {"kind": "month_eq", "node": node, "field": "年月", "start": m, "end": m}


def step(entity: str, *filters: dict[str, Any], hops: tuple[dict[str, Any], ...] = (), time: tuple[dict[str, Any], ...] = (), sid: str = "s1") -> dict[str, Any]:
    return {"id": sid, "entity": entity, "filters": list(filters), "hops": list(hops), "time": list(time)}


def count(*steps: dict[str, Any], **extra: Any) -> Plan:
    return {"query_type": "count", "steps": list(steps), "aggregate": COUNT_KEYS, **extra}


def total(field: str, *steps: dict[str, Any]) -> Plan:
    return {"query_type": "aggregate", "steps": list(steps), "aggregate": {"fn": "sum", "node": "n0", "field": field}}


def top_groups(entity: str, via: dict[str, Any], n: int, query_type: str = "list") -> Plan:
    return {
        "query_type": query_type,
        "steps": [step(entity, hops=(via,))],
        "group_by": [{"node": "n1"}],
        "aggregate": COUNT_KEYS,
        "sort": [{"by": "value", "direction": "desc"}],
        "limit": n,
        "with_ties": True,
    }


IN_SERVICE = cond("服务状态", "eq", "服务中")


def revenue_share(*project: dict[str, Any], month_: str = "2026-03") -> Plan:
    hops = (hop("月度财务", "in", "项目"),) if project else ()
    rows = [step("财务", *project, hops=hops, time=(month(month_),), sid=sid) for sid in ("s1", "s2")]
    return {
        "query_type": "aggregate",
        "steps": rows,
        "aggregate": {"fn": "sum", "node": "n0", "field": "收款金额"},
        "share": {"part": "s2", "whole": "s1", "whole_field": "开票金额"},
    }

PLANS: dict[str, Plan] = {
    "t019": count(step("投标记录", cond("中标结果", "eq", "未中标", text="没中"))),
    "t021": count(step("检查记录", cond("问题描述", "eq", "消防通道堆放杂物"))),
    "t027": {"query_type": "list", "steps": [step("人员", cond("离职日期", "gte", "2026-01-01", text="今年"))]},
    "t038": {"query_type": "list", "steps": [step("项目", cond("续签前项目编号", "not_null"))]},
    # the top group's count (最多的片区有多少个项目): a count ranking the groups, cut to the first with ties
    "t068": top_groups("项目", hop("属于片区", "out", "片区"), 1, "count"),
    "t069": top_groups("设备", hop("所属项目", "out", "项目"), 1, "count"),
    "t080": top_groups("检查记录", hop("检查", "in", "项目"), 3),
    "t090": {"query_type": "existence", "steps": [step("项目", cond("细分业态", "eq", "养老机构", text="养老院类"), cond("服务状态", "eq", "已结束"))]},
    "t091": {"query_type": "existence", "steps": [step("检查记录", cond("项目名称", "eq", "赵巷工业园区", node="n1"), hops=(hop("检查", "in", "项目"),))]},
    "t113": count(step("人员", cond("岗位名称", "in", ["保安_普保", "保安_领班", "保安_消控员"], text="普保、领班、消控"))),
    "t116": count(step("设备", cond("完好状况", "eq", "停用"))),
    "t119": total("平时加班小时", step("考勤", cond("姓名", "eq", "郑建平", node="n1"), hops=(hop("有考勤", "in", "人员"),), time=(month("2026-02"),))),
    "t126": count(step("设备", cond("项目名称", "eq", "川沙医院", node="n1"), cond("设备类型", "eq", "消防"), hops=(hop("所属项目", "out", "项目"),))),
    "t161": total("金额", step("采购记录", cond("项目名称", "eq", "虹桥文化活动中心", node="n1"), cond("记录类型", "eq", "耗材采购"), hops=(hop("采购", "in", "项目"),), time=(month("2026-03"),))),
    "t178": {
        "query_type": "list",
        "steps": [step("项目", hops=(hop("包含", "out", "项目"),))],
        "group_by": [{"node": "n0"}],
        "aggregate": {"fn": "count_distinct", "node": "n1", "field": "_key"},
        "having": {"op": "gte", "value": 3},
        "sort": [{"by": "value", "direction": "desc"}],
    },
    "t187": total("收款金额", step("财务", cond("片区名称", "eq", "闵行片区", node="n2", text="闵行那片"), hops=(hop("月度财务", "in", "项目"), hop("属于片区", "out", "片区", source="n1")), time=(month("2026-02"),))),
    "t191": total("税后工资", step("考勤", cond("片区名称", "eq", "松江片区", node="n2"), hops=(hop("所属项目", "out", "项目"), hop("属于片区", "out", "片区", source="n1")), time=(month("2026-03"),))),
    "t202": count(
        step("项目", IN_SERVICE, sid="s1"),
        step("项目", IN_SERVICE, hops=(hop("月度财务", "out", "财务"),), time=(month("2026-04", node="n1"),), sid="s2"),
        combine=[{"id": "c1", "op": "difference", "steps": ["s1", "s2"]}],
    ),
    "t203": count(step("项目", cond("汇总业态", "ne", "公建"))),
    "t206": count(step("财务", cond("收款金额", "ne", 0), time=(month("2026-03"),))),
    "t258": count(step("检查记录", cond("岗位名称", "eq", "品质督导", node="n1"), hops=(hop("检查人", "out", "人员"),))),
    "t259": count(step("采购记录", cond("项目名称", "eq", "九亭养老院", node="n1"), hops=(hop("采购", "in", "项目"),))),
    "t260": count(step("检查记录", cond("片区名称", "eq", "科创片区", node="n2"), hops=(hop("检查人", "out", "人员"), hop("负责人", "in", "片区", source="n1")))),
    "t261": count(step("设备", cond("姓名", "eq", "秦雨欣", node="n1"), hops=(hop("责任人", "out", "人员"),))),
    "t270": count(step("项目", cond("供应商名称", "eq", "环球清洁有限公司", node="n2"), hops=(hop("采购", "out", "采购记录"), hop("供应商", "out", "供应商", source="n1")))),
    # one total over another on the same rows (回款占开票): a share whose whole sums another field
    "t232": revenue_share(),
    "t237": revenue_share(cond("项目名称", "eq", "川沙人民医院", node="n1"), month_="2026-02"),
}

GAPS: dict[str, str] = {}
