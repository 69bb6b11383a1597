"""Phase 3 of the deterministic planner: the understood and grounded mentions → one Query DSL
plan, or a reason not to guess. `_Interpreter` combines the parts (targets, values and time,
output, multi-step analyses) on their typed base; this module keeps the checks that every word
was understood and used, the anchors, and the decisions of `_plan`."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.describe import query_type_text
from kgdesk.qa.dsl import (
    Derived,
    ExplainTarget,
    FieldRef,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    ValueSource,
)
from kgdesk.qa.grounding import Grounding
from kgdesk.qa.interpret_checks import _ChecksMixin
from kgdesk.qa.interpret_output import _OutputMixin
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _insufficient, _needs_llm, _Stop
from kgdesk.qa.understand.absent import absent_in_data
from kgdesk.qa.understand.anchor_exclusion import exclude_anchor
from kgdesk.qa.understand.balance import balance_of_a_measure
from kgdesk.qa.understand.date_extreme import date_extreme
from kgdesk.qa.understand.dates import when_dates
from kgdesk.qa.understand.either import aggregate_order
from kgdesk.qa.understand.either_day import either_day_codes
from kgdesk.qa.understand.glued_stretch import glued_stretch
from kgdesk.qa.understand.leftovers import labels_valued
from kgdesk.qa.understand.monthly import headcount_from_fact_rows
from kgdesk.qa.understand.most_of_other import most_of_other
from kgdesk.qa.understand.name_slot import name_slot
from kgdesk.qa.understand.names import missing_compound_field, missing_name_before_label
from kgdesk.qa.understand.ranking import ranking_cues
from kgdesk.qa.understand.record_fields import nonzero_measure
from kgdesk.qa.understand.region_months import region_months
from kgdesk.qa.understand.rereads import reread
from kgdesk.qa.understand.restate import missing_value
from kgdesk.qa.understand.restated_count import restated_mismatch
from kgdesk.qa.understand.role_records import role_record_projects
from kgdesk.qa.understand.self_relation import membership_relation
from kgdesk.qa.understand.top_attribute import top_record_attribute
from kgdesk.qa.understand.whole_words import whole_leftovers
from kgdesk.qa.understanding import ChoiceRequest, Option, Understanding, UnderstandingStatus
from kgdesk.qa.validate_plan import joins_of_a_sum, plan_errors, shadowed_conditions


class _Interpreter(_ChecksMixin, _OutputMixin):
    """Decides the plan of one parsed question (see the mixins for the parts)."""

    def run(self) -> Understanding:
        p = self.p
        if not p.qn:
            raise _Stop(UnderstandingStatus.CLARIFY, "问题是空的，请输入要查询的内容")
        plain = self._smalltalk()
        if plain is not None:
            return plain
        explain = self._explain()
        if explain is not None:
            return explain
        self._final_negation_is_a_question()
        lacking = missing_name_before_label(self.p, self.ctx)
        if lacking is not None:
            raise _insufficient(f"数据中没有名为「{lacking[0]}」的{lacking[1]}", "no_such_entity", lacking[0])
        compound = missing_compound_field(self.p, self.ctx)
        if compound is not None:
            raise _insufficient(f"台账中没有「{compound}」这一项", "no_such_field", compound)
        absent_in_data(self.p, self.ctx, self.lx.raw)  # 学历 / 有没有王小明: not in the data
        restated_mismatch(self.p)  # 5个片区的负责人 with 3 regions: not a threshold either
        balance_of_a_measure(self.p, self.ctx.schema, self.lx.raw)  # 年假还剩几天: no balance is recorded
        self._check_unknown()
        self._resolve_day_codes()
        anchors = self._anchors()
        plan = self._plan(anchors)
        rewritten = headcount_from_fact_rows(plan, self.ctx.schema)
        if rewritten is not None:  # 3月各项目的考勤人数: the month's rows, each by its own project
            plan = rewritten[0]
            self.notes = [n for n in self.notes if "当前服务项目" not in n]
            self._note(rewritten[1])
        roled = role_record_projects(plan, self.ctx.schema, self.p.qn)
        if roled is not None:  # 姚丽华检查了哪些项目: the records' 检查人, not the person's own project
            plan = roled[0]
            self.notes = [n for n in self.notes if "当前服务项目" not in n]
            self._note(roled[1])
        plan = self._apply_negated_measure(self._apply_having(plan))
        plan = reread(plan, self.ctx.schema, self.p, self.use, self.lx.raw)  # understand/rereads
        if plan.query_type is QueryType.COMPARE:
            self._comparison(plan, anchors)
        self._check_all_used()
        plan = self._check_shape(plan)  # a per-record reading may reshape the plan before the cue check
        plan = nonzero_measure(plan, self.ctx.schema) or plan  # 哪些项目开过票: a non-zero amount
        self._check_cues(plan)
        yes_no = plan.comparison is not None and plan.comparison.measure in ("greater", "less")
        if self._bare_yes_no() and plan.query_type is not QueryType.EXISTENCE and not yes_no:
            raise _needs_llm("这是一个是否的问题，但查询得到的不是“有/没有”")
        rejected = plan_errors(plan, self.ctx.schema)
        words = {str(s.get("label")) for m in p.lex("label") for s in m.senses if s.kind == "label"}
        if set(joins_of_a_sum(plan)) - words:  # 预算编制一共多少人 walked to 人员: rows dropped silently
            rejected.append("求和/平均的是记录自身的数值，计划却连到了问题没有提到的记录，会悄悄少算没有关联的记录")
        if shadowed := [x for x in shadowed_conditions(plan, self.ctx.schema) if x[0] not in words | labels_valued(p)]:
            rejected.append(f"条件「{shadowed[0][1]}」落在{shadowed[0][0]}上，但{plan.steps[0].entity}自己也有这个字段")
        if rejected:  # a rule plan the graph cannot run is not understood — never an execution error
            raise _needs_llm("离线规则得到的查询不适用：" + "；".join(rejected))
        slots = [("意图", query_type_text(plan.query_type))]
        slots.extend(self.slots)
        if p.ignored:
            self._note("已忽略不影响含义的词：「" + "」「".join(dict.fromkeys(p.ignored)) + "」")
        plan.notes.extend(n for n in [*self.notes, *p.notes] if n not in plan.notes)
        return Understanding(
            status=UnderstandingStatus.PLAN,
            plan=plan,
            confidence=round(self.confidence, 3),
            slots=slots,
            groundings=self.records,
            notes=list(self.notes),
            optional_fields=list(self.optional),
            ignored_words=list(dict.fromkeys(p.ignored)),
            assumptions=self._assumptions(plan),
        )

    # ---------------------------------------------------------------- explain

    def _explain(self) -> Understanding | None:
        cues = self.cue("explain")
        if not cues:
            return None
        ts = self.ctx.templates
        fields = self.p.lex("field")
        text_parts: list[str] = []
        cites: list[dict[str, Any]] = []
        target = ExplainTarget()
        if fields:
            f = fields[0].sense("field")
            assert f is not None
            name = f.get("field")
            for t in ts.templates:
                if name in t.field_names:
                    spec = t.field(name)
                    desc = spec.description or "（模板中没有填写说明）"
                    extra = f"，可选值：{'、'.join(spec.enum)}" if spec.enum else ""
                    text_parts.append(f"**{name}**（{t.name}，{spec.type.value}）：{desc}{extra}")
                    cites.append(
                        {"template": t.name, "file": f"模板：{t.name}", "sheet": "填写说明", "row": None}
                    )
                    target = ExplainTarget(template=t.name, field=name)
                    break
        if not text_parts:
            # a day code such as 调 / 夜
            for m in self.p.mentions:
                if m.kind not in ("leftover", "lex") or len(m.text) > 2:
                    continue
                for t in ts.templates:
                    for table, codes in t.code_tables.items():
                        raw = m.text.upper()
                        if raw in codes or m.text in codes:
                            code = raw if raw in codes else m.text
                            text_parts.append(f"**{code}**：{t.name}中的{table}，表示「{codes[code]}」")
                            cites.append(
                                {
                                    "template": t.name,
                                    "file": f"模板：{t.name}",
                                    "sheet": "填写说明",
                                    "row": None,
                                }
                            )
                            target = ExplainTarget(template=t.name, code=code)
        if not text_parts:
            labels = self.p.lex("label")
            if labels:
                ls = labels[0].sense("label")
                assert ls is not None
                for t in ts.templates_for_label(ls.get("label")):
                    text_parts.append(f"**{ls.get('label')}**（来自模板「{t.name}」）：{t.description}")
                    cites.append(
                        {"template": t.name, "file": f"模板：{t.name}", "sheet": "填写说明", "row": None}
                    )
                    target = ExplainTarget(template=t.name)
        if not text_parts:
            raise _needs_llm("无法确定要解释的字段或代码")
        plan = QueryPlan(query_type=QueryType.EXPLAIN, explain=target)
        return Understanding(
            status=UnderstandingStatus.EXPLAIN,
            plan=plan,
            confidence=1.0,
            slots=[("意图", "解释含义")],
            explain_text="\n\n".join(text_parts),
            explain_citations=cites,
        )

    # ---------------------------------------------------------------- checks

    def _check_unknown(self) -> None:
        p = self.p
        amb = p.of("ambiguous")
        choices: list[ChoiceRequest] = []
        for m in p.of("entity"):
            g = m.data
            if isinstance(g, Grounding) and g.chosen is None and g.attribute is None and g.candidates:
                choices.append(self._choice(m.text, g))
        for m in amb:
            self._not_a_fragment(m)
            choices.append(self._choice(m.text, m.data))
        whole = whole_leftovers(p, self.ctx.schema, self.lx) if p.of("leftover") else {}  # 这边 / 哈: ignored
        unknown = [m for m in p.mentions if m.kind in ("leftover",)]
        codes = p.of("unknown_code")
        if codes:
            raise _insufficient(
                "数据中未找到编号为 " + "、".join(m.text.upper() for m in codes) + " 的记录",
                "no_such_entity",
                codes[0].text.upper(),
            )
        if unknown and (mv := missing_value(self.p)) is not None:
            raise _insufficient(f"数据中没有{mv[1]}为「{mv[0]}」的记录", "no_such_entity", mv[0])
        if unknown:
            words = "」「".join(dict.fromkeys(whole.get(id(m), m.text) for m in unknown))  # whole words
            # a name-like leftover right before a label word: search by name (the result is checked later)
            if not choices and all(name_slot(self, m) for m in unknown):
                return
            self._classify_unknown([m for m in unknown if not glued_stretch(p.qn, m.s, m.e)])  # 总金额超|过
            raise _needs_llm(f"无法理解「{words}」")
        if choices:
            raise _Stop(UnderstandingStatus.CLARIFY, "问题中的名称可能指多个对象，请选择", choices)

    def _choice(self, text: str, g: Grounding) -> ChoiceRequest:
        opts = [
            Option(
                id=c.entry.key,
                label=c.entry.display,
                detail=f"{c.entry.label}·{c.entry.field}：{c.entry.text}",
                confidence=c.confidence,
            )
            for c in g.candidates[:5]
        ]
        return ChoiceRequest(kind="entity", text=text, prompt=g.note or f"「{text}」指的是哪一个？", options=opts)

    def _label_after_superlative(self, cue: str | None) -> bool:
        """设备最多的项目: a superlative between two labels asks which one of the second."""
        if cue not in ("max", "min"):
            return False
        labels = self.p.lex("label")
        return any(
            any(lm.s >= c.e for lm in labels) and any(lm.e <= c.s for lm in labels) for c in self.cue(cue)
        )

    def _check_all_used(self) -> None:
        """Every meaningful mention must have been used by the plan; otherwise we did not
        understand the question fully and must not answer it."""
        ignorable = {"filler", "cue", "current", "name_marker", "reference"}
        unused = []
        for m in self.p.mentions:
            if id(m) in self.used:
                continue
            if m.kind == "lex" and all(s.kind in ignorable for s in m.senses):
                continue
            unused.append(m.text)
        if unused:
            raise _needs_llm(f"问题中的「{'」「'.join(unused)}」没有被理解")

    # ---------------------------------------------------------------- anchors

    def _anchors(self) -> list[_Anchor]:
        out: list[_Anchor] = []
        for m in self.p.mentions:
            if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
                c = m.data.chosen
                if m.data.note:
                    self.notes.append(m.data.note)
                elif c.method in ("contains", "active") and c.confidence < 1.0:
                    self.notes.append(f"「{m.text}」按名称匹配为 {c.entry.display}")
                self.confidence = min(self.confidence, c.confidence)
                out.append(
                    _Anchor(c.entry.label, [c.entry.key], [c.entry.display], m.text, c.confidence, (m.s, m.e))
                )
                self.use(m)
            elif m.kind == "entity_multi":
                entries = m.data["entries"]
                out.append(
                    _Anchor(
                        entries[0].label,
                        sorted({e.key for e in entries}),
                        sorted({e.display for e in entries}),
                        m.text,
                        1.0,
                        (m.s, m.e),
                    )
                )
                self.use(m)
        return out

    # ---------------------------------------------------------------- the plan

    def _plan(self, anchors: list[_Anchor]) -> QueryPlan:
        p = self.p
        analyses = p.lex("analysis")
        if analyses:
            return self._analysis(analyses[0], anchors)
        self._people_with_measure()
        each = self._each_month_request()
        if each is not None:
            return self._each_month(each, anchors)
        if (headcounts := region_months(self, anchors)) is not None:
            return headcounts  # 青浦片区每个月的考勤人数: the month's 考勤 rows
        rel_m = p.lex("rel") or membership_relation(self, anchors)  # 哪些项目属于X / X下面的项目
        times = [m for m in p.of("time")]
        group_target = self._group_target()
        negated_labels = self._negated_labels()
        labels_free = [
            m
            for m in self._free_labels(anchors)
            if id(m) not in self.used
            and all(m is not x for _, x in negated_labels)
            and not self._after_negated_value(m)
        ]
        when_dates(self, anchors)  # 哪天到期: the date, not the months left
        fields = p.lex("field")
        derived_m = p.lex("derived")
        conds = p.lex("condition")
        nums = p.of("num")
        aggregate_cue = next(
            (
                c
                for c in aggregate_order(self)  # 合在一起算的平均: an average (understand/either)
                # 合计超过100万: a total inside a condition is not what the question computes
                if any((n := p.next_after(m)) is None or n.kind != "num" for m in self.cue(c))
            ),
            None,
        )
        if aggregate_cue is None and p.of("top") and (fields or derived_m or self.cue("count")):
            aggregate_cue = "max"  # 开票金额排名前三: the highest three
        if (ranked := ranking_cues(self, aggregate_cue)) is not None:
            aggregate_cue, self._rank_fn = ranked  # 平均检查得分最低的三个项目: order groups by it
        which = bool(self.cue("which") or self.cue("list") or p.of("top")) or self._label_after_superlative(
            aggregate_cue
        )
        # ---------------- target label
        target: str | None = None
        rel_info: tuple[str, str, _Anchor] | None = None  # (rel, direction from n0, anchor)
        if rel_m:
            rel_info_t = self._relation(rel_m[0], anchors, labels_free)
            if rel_info_t is not None:
                target, rel_dir, rel_anchor, rel_type, chain = rel_info_t
                rel_info = (rel_type, rel_dir, rel_anchor)
                if chain:
                    return self._chain(rel_anchor)
        anchorless = self._anchorless
        if anchorless is not None:
            target = anchorless[0]
            group_target = (self._role_group, None) if self._role_group else group_target
        group_target = top_record_attribute(self, fields, aggregate_cue, which, group_target)  # 原值最高的设备属于什么类型
        metric = self._metric(fields, derived_m)
        if (
            metric is not None
            and not metric[2]
            and aggregate_cue in ("max", "min")
            and which
            and not group_target
            and not self._is_numeric(metric[0], metric[1])
            and not date_extreme(p, self.ctx.schema, self.lx.raw.get("date_extremes", []), metric, aggregate_cue)
        ):
            # 哪个岗位的人最多: a category with the most members, never the text sorted
            group_target = (metric[0], metric[1])
            for fm in fields:
                fs = fm.sense("field")
                if fs is not None and fs.get("field") == metric[1]:
                    self.use(fm)
            metric = None
        if p.lex("group_month"):
            if metric is None or not self._monthly(metric[0]) or group_target:
                raise _needs_llm("“哪个月”需要一个按月份记录的数值")
            group_target = (metric[0], "年月")
        if metric is None:
            metric = self._date_verb_metric()
        if metric is None and rel_info is None:
            metric = self._display_metric(anchors)
        elif rel_info is not None:
            for dm in (m for m in p.mentions if m.kind == "lex" and m.has("display")):
                self.use(dm)  # 区图书馆的负责人叫什么名字: the related one is listed by its name
        if metric is None:
            metric = self._unit_metric(conds, anchors)
        if target is None and metric is None and aggregate_cue in ("max", "min") and which and not group_target:
            group_target, target = most_of_other(self, labels_free, aggregate_cue, bool(times))  # 哪个片区的项目最多
        status_anchor = None
        if target is None and metric is not None and anchors and not aggregate_cue and not group_target:
            mlabel = metric[0]
            for a in anchors:
                if (a.label == mlabel and len(a.keys) == 1 and not labels_free and not self.cue("count")) or (
                    a.label == mlabel and len(a.keys) == 1 and self.cue("status") and not labels_free
                ):
                    status_anchor = a
                    break
        if target is None and status_anchor is not None:
            target = status_anchor.label
        if target is None and labels_free:
            target = self._pick_free_label(labels_free)
        if target is None:
            for c in self.cue("count"):
                word = c.text[-1]
                lab = self.lx.classifier_label(word)
                if lab:
                    target = lab
                    break
        if (
            target is None
            and any("谁" in c.text for c in self.cue("which"))
            and metric is not None
            and metric[0] != "人员"
            and self.ctx.schema.has_label("人员")
        ):
            target = "人员"
        if target is None and metric is not None:
            target = metric[0]
        if target is None and (cm := conds or p.lex("derived_condition")):  # 已离职的人有哪些: the row's label
            cs = cm[0].sense("condition") or cm[0].sense("derived_condition")
            assert cs is not None
            target = "人员" if cs.get("label") in ("考勤", "排班月报", "证书") else cs.get("label")
        if target is None:
            vlabels = self._value_labels()
            for lab in self.lx.label_preference:
                if lab in vlabels:
                    target = lab
                    break
        if target is None and anchors:
            target = anchors[0].label
        field_labels = {str(fs.get("label")) for m in fields if (fs := m.sense("field")) is not None}
        if target is None and len(field_labels) == 1:
            target = field_labels.pop()  # 检查得分低于85分的有几次: the records that have the field
        if target is None:
            raise _needs_llm("无法确定要查询的对象")
        if not self.ctx.schema.has_label(target):
            raise _insufficient(f"当前图谱中没有{target}数据", "no_records", target)
        # a metric on another label makes the records of that label the entity (开票金额 → 财务)
        entity = target
        if metric is not None and metric[0] != target and (not metric[2] or self._additive(metric)):
            entity = metric[0]
        if metric is not None and rel_info is None:
            self._check_metric_owner(metric, anchors, labels_free)
        if metric is None and rel_info is None:
            entity = self._people_of_a_region_in_a_month(entity, anchors, times)
            target = entity if self._count_field != "_key" else target
        b = _StepBuilder(self.ctx, self.lx, entity, named=frozenset(str(s.get("label")) for m in self.p.lex("label") for s in m.senses if s.kind == "label"))
        self.slots.append(("对象", entity))
        # ---------------- relationship asked explicitly (负责人, 子项目 …)
        if rel_info is not None:
            rel_type, direction, anchor = rel_info
            other = anchor.label
            start, end = (entity, other) if direction == "out" else (other, entity)
            if self.ctx.schema.rel(rel_type, start, end) is None:
                raise _needs_llm(f"{entity} 没有 {rel_type} 关系")
            b.hops.append(Hop(source="n0", rel=rel_type, direction=direction, target=other))
            b.filters.append(
                Filter(
                    node="n1",
                    field="_key",
                    op=Op.EQ,
                    value=anchor.keys[0],
                    value_source=ValueSource.GROUNDED,
                    text=anchor.text,
                )
            )
            anchors = [a for a in anchors if a is not anchor]
            self.slots.append(("关系", f"{anchor.displays[0]} 的 {rel_m[0].text}"))
            for rm in rel_m:
                rs2 = rm.sense("rel")
                if rs2 is not None and rs2.get("rel") == rel_type:
                    self.use(rm)
        if anchorless is not None:
            b.hops.append(Hop(source="n0", rel=anchorless[1], direction=anchorless[2], target=anchorless[3]))
            self.slots.append(("关系", f"有「{anchorless[1]}」关系的{anchorless[0]}"))
        # ---------------- the records of a metric answer about another label (哪个项目开票金额最高)
        group_node: FieldRef | None = None
        if entity != target:
            ga = b.ensure(target)
            group_node = FieldRef(node=ga, field=None)
        metric_ref: FieldRef | None = None
        if metric is not None:
            mlabel, mfield, m_derived = metric
            malias = b.alias_of(mlabel) or b.ensure(mlabel)
            if m_derived and not any(d.name == mfield for d in b.derived):
                drow = self._derived_row(mfield)
                b.derived.append(
                    Derived(name=mfield, node=malias, expression=drow["expression"], unit=drow.get("unit"))
                )
                self._note(self._derived_note(drow))
            metric_ref = FieldRef(node=malias, field=mfield)
            self.slots.append(("字段", mfield))
        # ---------------- anchors
        compare_anchors = [
            a
            for a in anchors
            if self._comparing() and len([x for x in anchors if x.label == a.label]) >= 2
        ]
        merged = self._merge_anchors(anchors)
        self._monthly_fact_for_month(b, merged, times, rel_info is not None)
        for a in merged:
            if exclude_anchor(self, b, a):  # 除了A / 不属于A (understand/anchor_exclusion)
                continue
            b.attach_key(a)
            self.slots.append(("条件", f"{a.label} = {'、'.join(a.displays)}"))
        # ---------------- names searched as text (not in the index)
        for m in p.of("name"):
            d = m.data if isinstance(m.data, dict) else {"label": "人员", "field": "姓名"}
            alias = b.ensure(d["label"])
            b.filters.append(
                Filter(
                    node=alias,
                    field=d["field"],
                    op=Op.CONTAINS if self.p.lex("label") and not d.get("exact") else Op.EQ,  # 叫张伟: the name
                    value=m.text,
                    value_source=ValueSource.USER_TEXT,
                    text=m.text,
                )
            )
            self.slots.append(("条件", f"{d['field']} {'是' if d.get('exact') else '包含'}「{m.text}」"))
            self.use(m)
        # ---------------- attributes (甲方名称 …)
        for m in p.of("entity"):
            g = m.data
            if isinstance(g, Grounding) and g.attribute is not None:
                lab, fld, val = g.attribute
                alias = b.ensure(lab)
                b.filters.append(
                    Filter(
                        node=alias,
                        field=fld,
                        op=Op.EQ,
                        value=val,
                        value_source=ValueSource.GROUNDED,
                        text=m.text,
                    )
                )
                self.slots.append(("条件", f"{fld} = {val}"))
                self.use(m)
        # ---------------- values
        self._values(b)
        # ---------------- conditions (有加班, 出勤 …)
        self._conditions(b, conds)
        self._derived_conditions(b)
        either_day_codes(self, b)  # 病假或事假: a day of either code
        self._day_conditions(b)
        # ---------------- things the records must not have (没有安排人员的项目, 没有证书的人员)
        self._negated_hops(b, negated_labels)
        # ---------------- other things named in the question must exist (做过检查的项目)
        for m in labels_free:
            if id(m) in self.used:
                continue
            ls = m.sense("label")
            assert ls is not None
            lab = ls.get("label")
            if lab not in (b.entity, target):
                b.ensure(lab)
                self.slots.append(("条件", f"有{lab}记录"))
            self.use(m)
        # ---------------- numeric conditions and derived attributes
        derived_names = self._numbers_and_derived(b, nums, fields, derived_m)
        # ---------------- time
        self._now(b, times, merged)  # a time window or "now", then a cut at T on the records' own day date
        # ---------------- question type and output
        return self._output(
            b,
            target,
            entity,
            metric,
            metric_ref,
            aggregate_cue,
            group_target,
            group_node,
            compare_anchors,
            status_anchor,
            derived_names,
        )
