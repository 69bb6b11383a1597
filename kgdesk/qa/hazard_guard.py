"""Pass 51 (red teams 3 and 4): last looks at a finished plan that make a wrong reading impossible.

Each look either rewrites the plan to the reading the question states (with a 口径 note) or refuses, naming the word:

- existence of a measured activity (有没有加班 / 值班费 / 收款 …): the record's existing is no "有"; the one condition
  is the measure > 0 (measured_presence), the same the short forms (有加班) use.
- a stated day-code condition (请过病假 / 旷工过 / 出过差) joined to another one (而且 / 并且 / 同时) that the plan only
  shows as a column: the condition (days > 0) is added.
- a time window on an event with its own date (中标 → 中标日期) read as the project's contract period: the window is
  moved to the event's date; an event the plan dropped (采购 / 中标 without its records) is refused.
- 哪些 / 谁 answered by one total-vs-total comparison: refused (a list is asked).
- 没发现问题 read as "no inspection record": the inspections whose 问题描述 is empty.
- a shift code about one project and month joined through 考勤: read from the 排班月报 rows' own 项目编号 and 年月.
- <项目>的项目经理是谁 answered by the people whose current project it is: the project's own 项目负责人.
- X所在(的)项目 summed over every project X served: X's current project (人员信息).
- 累计…超过 N on each monthly row, 持证的<岗位>有几个 counting certificates, …的人最多 ranked by days, a day's column
  compared with a number: refused; 年龄最大 / 最小 ranked by the birth date, not by whole years."""

from __future__ import annotations

import dataclasses
import re

from kgdesk.qa.dsl import AggFn, Filter, Op, QueryPlan, QueryType, Step, TimeFilter, ValueSource
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.signed_words import unsigned_compare
from kgdesk.qa.understand.times_counted import per_time_average, times_counted
from kgdesk.qa.understanding import Understanding

_CONJ = re.compile(r"而且|并且|同时|并|且|还|也|又")
_EVENTS = {"中标": ("投标记录", "中标日期")}
_SERVICE = re.compile(r"服务|合同期|在管|运营|在建")
_WHICH = re.compile(r"哪些|哪几|谁")
_NO_PROBLEM = re.compile(r"没有?(?:发现|查出)(?:了)?问题|未(?:发现|查出)问题")
_PM = re.compile(r"项目经理(?:是|叫)(?:谁|哪位|哪个|什么)")
_WHERE = re.compile(r"所在")
_CUMULATIVE = re.compile(r"累计")
_CERT_HOLDER = re.compile(r"(?:持证|持有证书|有证书?)的")
_PEOPLE_MOST = re.compile(r"(?:人|员工|人员)数?(?:最多|最少)")
_DAY_COLUMN = re.compile(r"^\d{1,2}日$")
_DAY_TERMS = re.compile(
    r"(病假|事假|旷工|旷过工|出差|出过差|夜班|早班|中班|值班|年休假|年假|婚假|丧假|产假|请假|请过假|休假)"
    r"(?!费|补贴|津贴|工资|金额|人员|表)"
)
_STEM = {"旷过工": "旷工", "出过差": "出差", "请过假": "请假", "年假": "年休假"}


def measured_presence(node: str, field: str, text: str) -> Filter:
    """The one condition of a measured activity's existence (加班 → 平时加班小时 > 0, 值班费 > 0, 收款金额 > 0)."""
    return Filter(node=node, field=field, op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=text)


def plan_hazards(text: str, und: Understanding, schema: SchemaView | None) -> Understanding:
    """The understanding, its plan rewritten to the stated reading, or a refusal naming the word."""
    plan = und.plan
    if plan is None:
        return und
    for look in (_day_term_missing, _day_column, _cumulative, _certificate_holders, _which_compared, _event_dropped):
        if (reason := look(text, plan)) is not None:
            return und.refused(reason)
    for rewrite in (_people_counted, _no_problem, _shift_own_rows, _project_manager, _current_project, _oldest, _day_code_joined,
                    unsigned_compare, times_counted, per_time_average):
        if (done := rewrite(text, plan)) is not None:
            und = _with(und, *done)
            plan = done[0]
    if (reason := _people_most(text, plan)) is not None:
        return und.refused(reason)
    if schema is not None:
        if (done := _event_window(text, plan, schema)) is not None:
            und, plan = _with(und, *done), done[0]
        if (done := _measured_existence(plan, schema)) is not None:
            und = _with(und, *done)
    return und


def _with(und: Understanding, plan: QueryPlan, note: str) -> Understanding:
    notes = [*plan.notes, note] if note not in plan.notes else plan.notes
    plan = plan.model_copy(update={"notes": notes})
    return dataclasses.replace(und, plan=plan, notes=[*und.notes, note] if note not in und.notes else und.notes)


def _one_step(plan: QueryPlan, step: Step) -> QueryPlan:
    return plan.model_copy(update={"steps": [step]})


# ---------------------------------------------------------------- refusals
def _day_term_missing(text: str, plan: QueryPlan) -> str | None:
    """3月上班天数不足20天，还请过病假的人: a stated day-code word the plan carries nowhere is never dropped."""
    said = {p.field or "" for p in plan.projection} | {x.field or "" for x in plan.group_by}
    said |= {x.field or "" for x in plan.sort} | {plan.aggregate.field or "" if plan.aggregate else ""}
    for s in plan.steps:
        said |= {d.name for d in s.derived} | {f.field for f in s.filters}
        said |= {str(v) for f in s.filters for v in (f.value if isinstance(f.value, list) else [f.value])}
    leave = any(d.expression.startswith("day_count(") for s in plan.steps for d in s.derived)
    codes = "".join(d.expression for s in plan.steps for d in s.derived if d.expression.startswith("day_count("))
    for m in _DAY_TERMS.finditer(text):
        stem = _STEM.get(m.group(1), m.group(1))
        if (stem in ("请假", "休假") and leave) or (stem == "年休假" and '"年"' in codes):
            continue
        if not any(stem in x or m.group(1) in x for x in said):
            return f"问题给出的「{m.group(1)}」没有体现为条件，不能忽略"
    return None


def _day_column(text: str, plan: QueryPlan) -> str | None:
    """1月5日X有没有上班: a day's column (5日) holds a code, never the number 1."""
    for step in plan.steps:
        for f in step.filters:
            if _DAY_COLUMN.match(f.field) and isinstance(f.value, int | float) and not isinstance(f.value, bool):
                return f"「{f.field}」这一天的考勤是一个代码（√ / 休 / 病 …），不能与数字比较，不能这样回答"
    return None


def _cumulative(text: str, plan: QueryPlan) -> str | None:
    """累计收款超过200万: a bound on the sum of the months, never on each monthly row."""
    if not _CUMULATIVE.search(text) or plan.having is not None:
        return None
    for step in plan.steps:
        if any(f.op in (Op.GT, Op.GTE, Op.LT, Op.LTE) and f.value_source is ValueSource.DERIVED for f in step.filters):
            return "「累计」是对各月合计的条件，计划却按每条月度记录比较，不能这样回答"
    return None


def _certificate_holders(text: str, plan: QueryPlan) -> str | None:
    """持证的保安_消控员有几个: people holding a certificate, never the certificates."""
    if not _CERT_HOLDER.search(text) or plan.aggregate is None or "张" in text:
        return None
    if plan.steps[0].entity == "证书" and plan.aggregate.node == "n0" and plan.aggregate.field == "_key":
        return "「持证」问的是持有证书的人，计划数的却是证书张数，不能这样回答"
    return None


def _people_counted(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """哪个月请病假的人最多: the people with such a day counted per group (天数 > 0), never the days summed."""
    agg = plan.aggregate
    if not _PEOPLE_MOST.search(text) or agg is None or agg.fn is not AggFn.SUM or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    d = next((d for d in step.derived if d.name == agg.field and d.expression.startswith("day_count(")), None)
    person = next((a for a, lab in step.aliases().items() if lab == "人员" and a.startswith("n")), None)
    if d is None or person is None or not plan.group_by:
        return None
    cond = measured_presence(d.node, d.name, d.name)
    counted = agg.model_copy(update={"fn": AggFn.COUNT_DISTINCT, "node": person, "field": "_key"})
    new = step.model_copy(update={"filters": [*step.filters, cond]})
    return _one_step(plan.model_copy(update={"aggregate": counted}), new), (
        f"口径：按{d.name} > 0 的人数比较（每人只算一次），不是天数合计"
    )


def _people_most(text: str, plan: QueryPlan) -> str | None:
    """哪个月请病假的人最多: people counted, never the days summed."""
    agg = plan.aggregate
    if not _PEOPLE_MOST.search(text) or agg is None or agg.fn is not AggFn.SUM:
        return None
    derived = {d.name for s in plan.steps for d in s.derived if d.expression.startswith("day_count(")}
    if agg.field in derived:
        return "「的人最多 / 最少」按人数比较，计划却按天数合计比较，不能这样回答"
    return None


def _which_compared(text: str, plan: QueryPlan) -> str | None:
    """哪些人2月工资比1月高: a list of people or projects, never one total against another."""
    m = _WHICH.search(text)
    if m is None or plan.comparison is None:
        return None
    if not all(re.fullmatch(r"\d{4}-\d{2}", str(v)) for v in (plan.comparison.left, plan.comparison.right)):
        return None  # XMSQ0102和XMSQ0150谁的合同金额高: the two named values themselves are compared
    return f"「{m.group(0)}」问的是逐个对象各自两个值的比较，计划却只比较了两个合计，不能这样回答"


def _event_dropped(text: str, plan: QueryPlan) -> str | None:
    """2026年1月有采购的项目 / 3月份中标的项目: a window on an event the plan dropped, read as the contract period."""
    if _SERVICE.search(text):
        return None
    labels = {lab for s in plan.steps for lab in s.aliases().values()}
    for step in plan.steps:
        for t in step.time:
            if t.kind != "period_overlap" or t.start_field != "开始日期":
                continue
            for word, label in (("中标", "投标记录"), ("投标", "投标记录"), ("采购", "采购")):
                if word in text and label not in labels and not any(lab.startswith(label) for lab in labels):
                    return f"「{word}」的时间是{word}记录自己的日期，计划却没有查{word}记录、只按项目合同期判断，不能这样回答"
    return None




# ---------------------------------------------------------------- rewrites
def _measured_existence(plan: QueryPlan, schema: SchemaView) -> tuple[QueryPlan, str] | None:
    """有没有加班 / 值班费 / 收款: the projected measure > 0, never the record's existence."""
    if plan.query_type is not QueryType.EXISTENCE or len(plan.steps) != 1 or len(plan.projection) != 1:
        return None
    step, proj = plan.steps[0], plan.projection[0]
    label = step.aliases().get(proj.node)
    if label is None or proj.field is None:
        return None
    info = schema.prop(label, proj.field)
    if info is None or not info.numeric or any(f.node == proj.node and f.field == proj.field for f in step.filters):
        return None
    cond = measured_presence(proj.node, proj.field, f"有{proj.field}")
    note = f"口径：“有没有”按{proj.field} > 0 判断（有记录但为 0 算没有）"
    return _one_step(plan, step.model_copy(update={"filters": [*step.filters, cond]})), note


def _day_code_joined(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """3月上班天数不足20天而且请过病假: the day-code condition (days > 0), never only a column."""
    if not _CONJ.search(text) or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    used = {f.field for f in step.filters} | {s.field for s in plan.sort if s.field}
    if plan.aggregate is not None:
        used.add(plan.aggregate.field or "")
    missing = [d for d in step.derived if d.expression.startswith("day_count(") and d.name not in used]
    if not missing:
        return None
    added = [measured_presence(d.node, d.name, d.name) for d in missing]
    note = "口径：" + "、".join(f"{d.name} > 0" for d in missing) + " 是问题所说的条件，与其他条件同时满足"
    return _one_step(plan, step.model_copy(update={"filters": [*step.filters, *added]})), note


def _event_window(text: str, plan: QueryPlan, schema: SchemaView) -> tuple[QueryPlan, str] | None:
    """2025年下半年中标的项目: the window on 投标记录.中标日期, never on the project's contract period."""
    if _SERVICE.search(text) or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    for word, (label, fld) in _EVENTS.items():
        if word not in text:
            continue
        node = next((a for a, lab in step.aliases().items() if lab == label and a.startswith("n")), None)
        info = schema.prop(label, fld)
        overlap = [t for t in step.time if t.kind == "period_overlap" and t.start_field == "开始日期"]
        if node is None or info is None or not overlap:
            continue
        t = overlap[0]
        moved = TimeFilter(kind="month_range", node=node, field=fld, start=t.start, end=t.end)
        time = [x for x in step.time if x is not t] + [moved]
        notes = [n for n in plan.notes if "项目合同期" not in n]
        plan = plan.model_copy(update={"notes": notes})
        return _one_step(plan, step.model_copy(update={"time": time})), f"口径：按{label}的{fld}在 {t.start} 至 {t.end} 判断"
    return None


def _no_problem(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """检查没发现问题的项目: the inspections whose 问题描述 is empty, never "no inspection at all"."""
    if not _NO_PROBLEM.search(text) or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    for i, h in enumerate(step.hops, start=1):
        node = f"n{i}"
        flt = [f for f in step.filters if f.node == node and f.field == "问题描述" and f.op is Op.NOT_NULL]
        if h.negate and h.target == "检查记录" and flt:
            hops = [*step.hops[: i - 1], h.model_copy(update={"negate": False}), *step.hops[i:]]
            filters = [f.model_copy(update={"op": Op.IS_NULL}) if f in flt else f for f in step.filters]
            notes = [n for n in plan.notes if "没有发现问题" not in n]
            plan = plan.model_copy(update={"notes": notes})
            return _one_step(plan, step.model_copy(update={"hops": hops, "filters": filters})), (
                "口径：“没发现问题”指检查记录的问题描述为空（有这样的检查记录）"
            )
    return None


def _shift_own_rows(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """2026年2月XMSQ0233上夜班的人: the 排班月报 rows' own 项目编号 and 年月, never joined through 考勤."""
    if len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    al = step.aliases()
    att = next((a for a, lab in al.items() if lab == "考勤" and a.startswith("n") and a != "n0"), None)
    shift = next((a for a, lab in al.items() if lab == "排班月报" and a.startswith("n") and a != "n0"), None)
    if att is None or shift is None or not any(d.node == shift and d.expression.startswith("day_count(") for d in step.derived):
        return None
    on_att = [f for f in step.filters if f.node == att]
    if not on_att or any(f.field != "项目编号" for f in on_att) or any(p.node == att for p in plan.projection):
        return None
    if any(d.node == att for d in step.derived) or any(x.node == att for x in plan.group_by):
        return None
    k = int(att[1:])
    hops = [h for i, h in enumerate(step.hops, start=1) if i != k]

    def renum(a: str) -> str:
        if a == att:
            a = shift
        if a[0] in "nr" and a[1:].isdigit() and int(a[1:]) > k:
            return f"{a[0]}{int(a[1:]) - 1}"
        return a

    hops = [h.model_copy(update={"source": renum(h.source)}) for h in hops]
    filters = [f.model_copy(update={"node": renum(f.node)}) for f in step.filters]
    time = [t.model_copy(update={"node": renum(t.node)}) for t in step.time]
    derived = [d.model_copy(update={"node": renum(d.node)}) for d in step.derived]
    new = step.model_copy(update={"hops": hops, "filters": filters, "time": time, "derived": derived})
    notes = [n for n in plan.notes if "按考勤记录自身的项目编号" not in n]
    plan = plan.model_copy(
        update={
            "notes": notes,
            "projection": [p.model_copy(update={"node": renum(p.node)}) for p in plan.projection],
            "sort": [s.model_copy(update={"node": renum(s.node)}) for s in plan.sort],
        }
    )
    if plan.aggregate is not None:
        plan = plan.model_copy(update={"aggregate": plan.aggregate.model_copy(update={"node": renum(plan.aggregate.node)})})
    return _one_step(plan, new), "口径：按排班月报记录自身的项目编号和年月统计（该月在该项目有排班记录的人员）"


def _project_manager(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """XMSQ0233的项目经理是谁 / 谁是…的项目经理: the project's own 项目负责人, never the people whose current project it
    is (a project pinned by its key, the post 项目经理, no time)."""
    if "项目经理" not in text or len(plan.steps) != 1:
        return None
    step = plan.steps[0]
    if len(step.hops) != 1 or step.hops[0].rel != "服务于" or step.time:
        return None
    al = step.aliases()
    person = next((a for a in ("n0", "n1") if al[a] == "人员"), None)
    project = next((a for a in ("n0", "n1") if al[a] == "项目"), None)
    if person is None or project is None:
        return None
    post = [f for f in step.filters if f.node == person and f.field == "岗位名称" and f.value == "项目经理"]
    pinned = any(f.node == project and f.field == "_key" and f.op is Op.EQ for f in step.filters)
    if not post or not pinned:
        return None
    old = step.hops[0]
    hop = old.model_copy(update={"rel": "负责人", "direction": "in" if old.direction == "out" else "out"})
    filters = [f for f in step.filters if f not in post and f.node != "r1"]
    notes = [n for n in plan.notes if "当前服务项目" not in n]
    plan = plan.model_copy(update={"notes": notes})
    return _one_step(plan, step.model_copy(update={"hops": [hop], "filters": filters})), (
        "口径：项目经理按项目信息中登记的项目负责人回答"
    )


def _current_project(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """段红兵所在的项目: the current project (人员信息), never every project he ever served."""
    if not _WHERE.search(text):
        return None
    steps = []
    changed = False
    for step in plan.steps:
        if any(t.node.startswith("r") for t in step.time):
            steps.append(step)
            continue
        extra = [
            Filter(node=f"r{i}", field="依据", op=Op.EQ, value="人员信息", value_source=ValueSource.DERIVED)
            for i, h in enumerate(step.hops, start=1)
            if h.rel == "服务于" and not h.negate and not any(f.node == f"r{i}" for f in step.filters)
        ]
        changed = changed or bool(extra)
        steps.append(step.model_copy(update={"filters": [*step.filters, *extra]}))
    if not changed:
        return None
    return plan.model_copy(update={"steps": steps}), "口径：“所在项目”按人员信息中登记的当前服务项目"


def _oldest(text: str, plan: QueryPlan) -> tuple[QueryPlan, str] | None:
    """年龄最大的项目经理: the earliest birth date, never a tie of whole years."""
    if len(plan.steps) != 1 or plan.limit is None or len(plan.sort) != 1:
        return None
    s = plan.sort[0]
    d = next((d for d in plan.steps[0].derived if d.name == s.field and d.expression.startswith("years_between(出生日期")), None)
    if d is None or s.node != d.node:
        return None
    direction = "asc" if s.direction == "desc" else "desc"
    sort = [s.model_copy(update={"field": "出生日期", "direction": direction})]
    return plan.model_copy(update={"sort": sort}), "口径：年龄大小按出生日期比较（出生越早年龄越大）"
