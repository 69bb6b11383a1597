"""Conditions on a group's count or total (HAVING): 有2张及以上证书的人 (a count of related records per entity),
哪些项目一季度开票三次及以上 (records with the measure counted per entity), 开票金额合计超过100万的项目 (a total per
entity), and 原值合计超过10万的设备类型 / 在岗人数合计在3人及以上的岗位 (a total per value of the measured records'
own field) — read into the plan's group, aggregate and having once the rest of the question is planned."""

from __future__ import annotations

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    FieldRef,
    Filter,
    Having,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    ValueSource,
)
from kgdesk.qa.interpret_base import _InterpreterBase
from kgdesk.qa.lexicon import Sense, _record_labels
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _M, _needs_llm
from kgdesk.qa.understand.counted_groups import counted_in_records
from kgdesk.qa.understand.roles import value_label

HAVING_READY = True
"""Plans with `having` are emitted once the result builder applies it (kgdesk.qa.results)."""
_COUNT_NOUNS = ("数", "数量", "个数", "总数", "数目", "次数", "条数", "笔数", "张数", "台数", "份数", "家数")


class _HavingMixin(_InterpreterBase):
    def _count_condition(self, b: _StepBuilder, m: _M) -> bool:
        """有2张及以上证书的人 / 人数在3人以上的项目: a number of related records is a condition on a
        per-entity count (HAVING), not on a field."""
        d = m.data
        if self.lx.units.get(d.get("unit") or "", {}).get("kind") not in ("count", "people", "times"):
            return False  # 2张证书 / 3个人 / 被检查过2次: a number of related records
        label_m = None
        prev = self.p.prev_before(m)
        if prev is not None and prev.kind == "lex" and prev.text in _COUNT_NOUNS:
            # 设备数量在3台及以上 / 检查次数达到2次: 数量 belongs to the condition, it does not ask a count
            prev.senses = [Sense("filler", {}, "")]
            prev = self.p.prev_before(prev)
        lab: str | None = None
        for nb in (self.p.next_after(m), prev):
            # 有2张证书的人 / 证书超过1张的员工: the counted label is the neighbour that is not the entity
            ls = nb.sense("label") if nb is not None and nb.kind == "lex" else None
            if ls is not None and ls.get("label") != b.entity:
                label_m, lab = nb, str(ls.get("label"))
                break
            # 有3台及以上电梯的项目: a value of the counted label's field, counted in its classifier
            vl = value_label(nb) if nb is not None else None
            unit = d.get("unit") or ""
            if vl is not None and vl != b.entity and (self.lx.classifier_label(unit) == vl or counted_in_records(vl, unit)):
                label_m, lab = nb, vl
                break
        if label_m is None or lab is None or self._having is not None:
            return False
        counted = self.lx.classifier_label(d.get("unit") or "")
        # 人员证书里持有两张及以上证书的: 张 counts 证书, never people; a monthly ledger's rows are people's (考勤上有2个人)
        if counted is not None and counted != lab and lab not in self.lx.monthly_fact_labels:
            raise _needs_llm(f"「{m.text}」数的是{counted}，与要按数量筛选的{lab}不符")
        if d["op"] in ("lt", "lte", "ne") or (d["op"] == "eq" and float(d["value"]) == 0):
            # 少于2张证书的人: those with none have no row to be counted from
            raise _needs_llm(f"“{lab}少于…”要把一个{lab}都没有的也算上，离线规则暂不支持")
        alias = b.ensure(lab)
        self._having = (d["op"], float(d["value"]), alias, lab)
        self._having_end = m.e
        self.slots.append(("条件", f"{lab}数量 {d['op']} {d['value']:g}"))
        self.use(m)
        self.use(label_m)
        return True

    def _times_having(self, b: _StepBuilder, m: _M, fs: Sense) -> bool:
        """哪些项目一季度开票三次及以上: the entity's records with the measure (开票金额 > 0) counted
        per entity (HAVING) — only an additive measure of another record type, only a lower bound
        (an upper one would have to count the entities with no record at all)."""
        lab, fname = str(fs.get("label")), str(fs.get("field"))
        d = m.data
        if self._having is not None or lab == b.entity or fname not in self.lx.additive_fields:
            return False
        if d["op"] not in ("gt", "gte", "eq") or float(d["value"]) <= 0 or lab not in _record_labels():
            return False
        alias = b.ensure(lab)
        b.filters.append(Filter(node=alias, field=fname, op=Op.GT, value=0, value_source=ValueSource.DERIVED))
        self._having = (d["op"], float(d["value"]), alias, lab)
        self._having_end = m.e
        self.slots.append(("条件", f"{fname}大于0的{lab}记录数 {d['op']} {d['value']:g}"))
        self.use(m)
        return True

    def _having_on_fact_rows(self, plan: QueryPlan, alias: str, lab: str) -> tuple[QueryPlan, str]:
        """3月考勤人数在2人及以上的项目: the people of the month are the distinct 工号 of the month's
        fact rows (n0 -所属项目- 考勤), not the current staff reached through 服务于."""
        step = plan.steps[0]
        facts = [
            f"n{i}"
            for i, h in enumerate(step.hops, start=1)
            if h.source == "n0" and h.target in self.lx.monthly_fact_labels and any(t.node == f"n{i}" for t in step.time)
        ]
        idx = int(alias[1:])
        if lab != "人员" or not facts or idx != len(step.hops) or step.hops[idx - 1].rel != "服务于":
            return plan, alias
        drop = {alias, f"r{idx}"}
        if any(f.node in drop and f.field != "依据" for f in step.filters) or any(t.node in drop for t in step.time):
            return plan, alias
        new = step.model_copy(
            update={"hops": step.hops[: idx - 1], "filters": [f for f in step.filters if f.node not in drop]}
        )
        self.notes = [n for n in self.notes if "当前服务项目" not in n]
        return plan.model_copy(update={"steps": [new]}), facts[0]

    def _apply_having(self, plan: QueryPlan) -> QueryPlan:
        """The per-entity count of the related records, kept where it meets the condition."""
        if self._having is None:
            return plan
        op, value, alias, lab = self._having
        if not HAVING_READY:
            raise _needs_llm(f"按{lab}数量筛选，离线规则暂不支持")
        counting = (
            plan.query_type is QueryType.COUNT
            and plan.aggregate is not None
            and plan.aggregate.node == "n0"
            and plan.aggregate.field == "_key"
        )
        if plan.group_by or (plan.query_type is not QueryType.LIST and not counting) or (
            plan.aggregate is not None and not counting
        ):
            raise _needs_llm(f"按{lab}数量筛选后再统计，离线规则暂不支持")
        asks_count = any(c.s >= self._having_end for c in self.cue("count"))
        if counting and (self.cue("list") or self.cue("which") or not asks_count):
            # 人数超过2人的项目有哪些: 人数 belongs to the condition; the question lists
            plan = plan.model_copy(update={"query_type": QueryType.LIST, "answer_contract": None, "aggregate": None})
            plan = QueryPlan.model_validate(plan.model_dump())
        plan, alias = self._having_on_fact_rows(plan, alias, lab)
        fname = self._having_field
        if alias != self._having[2]:
            self._note(f"口径：按该月{plan.steps[0].aliases()[alias]}记录自身的项目统计不同工号")
            agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node=alias, field="工号")
        elif fname:
            self._note(f"口径：按每个{plan.steps[0].entity}的{fname}合计筛选（每条{lab}记录只计一次）")
            agg = Aggregate(fn=AggFn.SUM, node=alias, field=fname)
        else:
            self._note(f"口径：按每个{plan.steps[0].entity}的{lab}数量（不重复）筛选")
            agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node=alias, field="_key")
        return plan.model_copy(
            update={
                "group_by": [FieldRef(node="n0", field=None)],
                "aggregate": agg,
                "having": Having(op=op, value=value),
                "sort": [Sort(by="value", direction="desc")],
            }
        )

    def _sum_condition(self, b: _StepBuilder, m: _M) -> bool:
        """开票金额合计超过100万的项目: a condition on each entity's total of a measure (HAVING sum)."""
        cue = self.p.prev_before(m)
        if cue is None or cue.kind != "lex" or not any(s.kind == "cue" and s.name == "sum" for s in cue.senses):
            return False
        fm = self.p.prev_before(cue)
        fs = fm.sense("field") if fm is not None and fm.kind == "lex" else None
        if fm is None or fs is None or self._having is not None or m.data["op"] == "ne":
            return False
        fname = fs.get("field")
        lab = self.lx.field_label_preference.get(fname, fs.get("label"))
        if lab == b.entity or fname not in self.lx.additive_fields or not self._is_numeric(lab, fname):
            return False
        alias = b.ensure(lab)
        d = m.data
        self._having = (d["op"], float(d["value"]), alias, lab)
        self._having_end = m.e
        self._having_field = fname
        self.slots.append(("条件", f"{fname}合计 {d['op']} {d['value']:g}"))
        for x in (m, cue, fm):
            self.use(x)
        return True
