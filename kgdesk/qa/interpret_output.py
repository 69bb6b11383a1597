"""The question type and the output of a one-step plan: existence, count, list, status,
aggregate, ranking, trend and comparison, with grouping, sorting, limits and 情况 fields."""

from __future__ import annotations

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    Derived,
    FieldRef,
    Filter,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    Step,
    ValueSource,
)
from kgdesk.qa.interpret_base import _InterpreterBase
from kgdesk.qa.lexicon import _record_labels
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _M, _needs_llm
from kgdesk.qa.understand.bracket_union import bracket_union
from kgdesk.qa.understand.own_month import own_month
from kgdesk.qa.understand.person_month import person_month

_FN_WORDS = {
    "count": "计数",
    "count_distinct": "去重计数",
    "sum": "合计",
    "avg": "平均",
    "max": "最大值",
    "min": "最小值",
}


class _OutputMixin(_InterpreterBase):
    # ---------------------------------------------------------------- output

    def _output(
        self,
        b: _StepBuilder,
        target: str,
        entity: str,
        metric: tuple[str, str, bool] | None,
        metric_ref: FieldRef | None,
        agg_cue: str | None,
        group_target: tuple[str, str | None] | None,
        group_node: FieldRef | None,
        compare_anchors: list[_Anchor],
        status_anchor: _Anchor | None,
        derived_names: set[str],
    ) -> QueryPlan:
        count = bool(self.cue("count"))
        if agg_cue == "sum" and count and self._text_metric(metric) and all(c.has("filler") for c in self.cue("sum")):
            agg_cue = None  # 员工层级不是一线员工的一共多少人: 一共 says "in all" of a count; a text field never adds up
        compare = bool(self.cue("compare")) or bool(
            (compare_anchors or self._compare_field or len(self.p.of("time")) >= 2) and self._comparing()
        )
        # A是不是比B低: a yes/no comparison, not an existence question
        exist = (bool(self.cue("existence")) or self._yes_no()) and not compare
        which = (
            bool(self.cue("which") or self.cue("list") or self.p.of("top"))
            or self._superlative_names_label(agg_cue, target)
        )
        trend = bool(self.cue("trend"))
        tops = self.p.of("top")
        for c in (
            "existence",
            "count",
            "which",
            "list",
            "trend",
            "compare",
            "status",
            "sum",
            "avg",
            "max",
            "min",
            "all",
            "detail",
        ):
            for m in self.cue(c):
                self.use(m)
        step = self._finish(b, description=f"查找{entity}")
        # ---------------- grouping
        group_by: list[FieldRef] = []
        if group_target is not None:
            glabel, gfield = group_target
            if gfield is not None:
                galias = b.alias_of(glabel)
                if galias is None:
                    galias = "n0" if b.has_prop(b.entity, gfield) else b.ensure(glabel)
                group_by = [FieldRef(node=galias, field=gfield)]
            else:
                galias = b.ensure(glabel)
                group_by = [FieldRef(node=galias, field=None)]
            step = self._finish(b, description=f"查找{entity}")
            self.slots.append(("分组", gfield or glabel))
        if trend and not group_by:
            malias = next(
                (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab)), None
            ) or own_month(b.labels(), self.ctx.schema)  # 耗材采购每个月各有几笔: the records' own 年月
            if malias is None:
                raise _needs_llm("趋势问题需要按月份的数据（如考勤、财务）")
            group_by = [FieldRef(node=malias, field="年月")]
            self.slots.append(("分组", "年月"))
        if compare and not group_by:
            other_sides = bool(compare_anchors) or len(self.p.of("time")) >= 2
            if bracket_union(self.p, b, self._compare_field, self._compare_span, other_sides):
                self._compare_field = None  # （耗材+固定资产）: a union of the records, not the sides
            if self._compare_field is not None:
                group_by = [FieldRef(node=self._compare_field[0], field=self._compare_field[1])]
            elif compare_anchors:
                lab = compare_anchors[0].label
                group_by = [FieldRef(node=b.alias_of(lab) or b.ensure(lab), field=None)]
                step = self._finish(b, description=f"查找{entity}")
            elif len(self.p.of("time")) >= 2:
                own_months = {f.node for f in b.filters if f.field == "年月" and f.op is Op.IN}  # 采购记录.年月
                malias = next(
                    (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab) or a in own_months),
                    None,
                )
                if malias is None:
                    raise _needs_llm("对比的时间无法对应到按月份的数据")
                group_by = [FieldRef(node=malias, field="年月")]
            else:
                raise _needs_llm("对比问题需要至少两个对象或两个时间")
        if self._apart_field is not None:
            if group_by or compare or trend:
                raise _needs_llm("“各/分别”的取值与其他分组同时出现")
            group_by = [FieldRef(node=self._apart_field[0], field=self._apart_field[1])]
        if group_node is not None and not group_by and (agg_cue in ("max", "min") or trend or compare):
            group_by = [group_node]
        # ---------------- type
        extra = getattr(self, "_extra_fields", [])
        projection: list[FieldRef] = []
        if metric_ref is not None:
            projection.append(metric_ref)
        for lab, fld in extra:
            projection.append(FieldRef(node=b.alias_of(lab) or "n0", field=fld))
        for name in sorted(derived_names):
            d = next(x for x in step.derived if x.name == name)
            if not any(p.field == name for p in projection):
                projection.append(FieldRef(node=d.node, field=name))
        if not exist and not compare and metric_ref is not None and self._additive(metric) and self._bare_yes_no():
            # 工业园区3月开过票吗 / 赵德胜3月加过班吗: a measure asked yes/no is whether it is above zero
            b.filters.append(
                Filter(node=metric_ref.node, field=metric_ref.field or "", op=Op.GT, value=0, value_source=ValueSource.DERIVED)
            )
            step = self._finish(b, description=f"查找{entity}")
            exist = True
        if exist:
            if group_by:
                raise _needs_llm("“有没有”的问题不能同时分组统计")
            return self._plan_of(QueryType.EXISTENCE, step, projection=projection)
        if metric_ref is not None and (agg_cue in ("max", "min")) and which:
            # 谁/哪个 … 最高: rank entities (or groups) by the metric, keep ties
            direction = "desc" if agg_cue == "max" else "asc"
            if group_by or entity != target:
                gb = group_by or ([group_node] if group_node else [])
                fn = self._rank_fn or (
                    AggFn.SUM if self._additive(metric) else (AggFn.MAX if agg_cue == "max" else AggFn.MIN)
                )
                if fn is AggFn.SUM and not self._additive(metric):
                    raise _needs_llm(f"「{metric_ref.field}」不适合求和")
                return self._plan_of(
                    QueryType.LIST,
                    step,
                    group_by=gb,
                    aggregate=Aggregate(fn=fn, node=metric_ref.node, field=metric_ref.field),
                    sort=[Sort(by="value", direction=direction)],
                    limit=self._top(tops) or 1,
                    with_ties=True,
                )
            return self._plan_of(
                QueryType.LIST,
                step,
                projection=projection,
                sort=[Sort(by="field", node=metric_ref.node, field=metric_ref.field, direction=direction)],
                limit=self._top(tops) or 1,
                with_ties=True,
            )
        if trend or compare:
            qt = QueryType.TREND if trend and not compare else QueryType.COMPARE
            agg = self._aggregate(metric, metric_ref, agg_cue, count_default=True)
            return self._plan_of(
                qt, step, group_by=group_by, aggregate=agg, sort=[Sort(by="group", direction="asc")]
            )
        if agg_cue is not None and metric_ref is not None:
            fn = {"sum": AggFn.SUM, "avg": AggFn.AVG, "max": AggFn.MAX, "min": AggFn.MIN}[agg_cue]
            if fn in (AggFn.SUM,) and not self._additive(metric):
                raise _needs_llm(f"「{metric_ref.field}」不适合求和")
            per = self._avg_per(b) if fn is AggFn.AVG else None
            if per is not None:
                step = self._finish(b, description=f"查找{entity}")
            agg = Aggregate(fn=fn, node=metric_ref.node, field=metric_ref.field, per=per)
            self.slots.append(
                ("计算", _FN_WORDS[fn.value] + (f"（先按{per.field or '对象'}合计）" if per else ""))
            )
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")] if group_by else [],
            )
        if status_anchor is not None and metric_ref is not None and not count:
            disp = self.ctx.schema.display_field(status_anchor.label)
            keys = self.ctx.schema.key_fields(status_anchor.label)
            if metric_ref.field in keys and disp and any("谁" in c.text or "名" in c.text for c in self.cue("which")):
                # KWL1806852这个工号是谁: the code names the one asked about; 谁 asks its name
                projection = [FieldRef(node=metric_ref.node, field=disp)]
            return self._plan_of(QueryType.STATUS, step, projection=projection)
        if count and metric_ref is not None and metric_ref.field and self._additive(metric) and self._times_asked():
            # 3月开了几次票 / 几笔回款: the number of records with that measure, never its total
            b.filters.append(
                Filter(node=metric_ref.node, field=metric_ref.field, op=Op.GT, value=0, value_source=ValueSource.DERIVED)
            )
            step = self._finish(b, description=f"查找{entity}")
            self.slots.append(("计算", "计数"))
            agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node=metric_ref.node, field="_key")
            return self._plan_of(QueryType.COUNT, step, aggregate=agg)
        total = (
            status_anchor is None
            and bool(self.cue("status"))
            and not group_by
            and metric is not None
            and bool(self.p.of("time") or not self._monthly(metric[0]) or self._money_total)  # 工资是多少: which month?
        )
        per_group = self._per_group_marker(group_by, which_only_list=which and not self.cue("which") and not tops)
        if (count or total) and metric_ref is not None and metric_ref.field and self._additive(metric) and (not which or per_group):
            # 3月开票金额是多少 / 加班多少小时: a total over the matching records
            agg = Aggregate(fn=AggFn.SUM, node=metric_ref.node, field=metric_ref.field)
            self.slots.append(("计算", "合计"))
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")] if group_by else [],
            )
        if count:
            conditioned = metric_ref is not None and any(
                f.node == metric_ref.node and (f.field == metric_ref.field or f.field.startswith(f"{metric_ref.field}距")) for f in step.filters
            )  # 服务状态不是服务中的项目有多少 / 入职日期晚于A且入职日期早于B的有几个: the field names the condition, records counted
            if metric_ref is not None and not self._additive(metric) and not which and not conditioned:
                return self._plan_of(QueryType.STATUS, step, projection=projection)
            counted = "n0"
            if entity != target and group_node is not None and not group_by:
                counted = group_node.node
            agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node=counted, field=self._count_field)
            if group_by and agg_cue in ("max", "min") and metric_ref is None:
                # 人数最多的三个项目: rank the groups by their count, ties kept; 项目最多的片区有多少个
                # 项目: the number is asked — the top group's count is the value
                return self._plan_of(
                    QueryType.COUNT if self._number_of_top_asked(tops) else QueryType.LIST,
                    step,
                    group_by=group_by,
                    aggregate=agg,
                    sort=[Sort(by="value", direction="desc" if agg_cue == "max" else "asc")],
                    limit=self._top(tops) or 1,
                    with_ties=True,
                )
            if group_by:
                return self._plan_of(
                    QueryType.AGGREGATE,
                    step,
                    group_by=group_by,
                    aggregate=agg,
                    sort=[Sort(by="value", direction="desc")],
                )
            return self._plan_of(QueryType.COUNT, step, aggregate=agg)
        if agg_cue is not None and metric_ref is None:
            if agg_cue in ("max", "min") and group_by:
                agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key")
                return self._plan_of(
                    QueryType.LIST,
                    step,
                    group_by=group_by,
                    aggregate=agg,
                    sort=[Sort(by="value", direction="desc" if agg_cue == "max" else "asc")],
                    limit=self._top(tops) or 1,
                    with_ties=True,
                )
            raise _needs_llm("没有指明要计算的字段")
        if group_by:
            agg = self._aggregate(metric, metric_ref, None, count_default=True)
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")],
            )
        if metric_ref is not None and (not which or self._which_field(metric_ref.field)):
            # 保安_消控员属于哪个员工层级: the field's value, one when all the records agree
            return self._plan_of(QueryType.STATUS, step, projection=projection)
        if entity != target and group_node is not None:
            return self._plan_of(
                QueryType.LIST, step.model_copy(), projection=projection, list_node=group_node.node
            )
        if not projection and self.cue("detail"):
            # 王建国3月的考勤情况 / 青浦-区图书馆的基本信息: the records with their main fields
            projection = self._detail_projection(b)
            step = self._finish(b, description=f"查找{entity}")
        return self._plan_of(QueryType.LIST, step, projection=projection, limit=self._top(tops))

    def _detail_projection(self, b: _StepBuilder) -> list[FieldRef]:
        """The main fields of the entity for a 情况/详情/信息 question: the template's fields that
        the data fills, without the key and name (they make the record's name), the day columns
        (summarised by their codes instead) and sensitive fields (a role may not see them; asking
        for them by name still works). Only template fields: an extra column may hold anything."""
        label = b.entity
        schema = self.ctx.schema
        keys = schema.key_fields(label)
        skip = set(keys) | {schema.display_field(label) or ""}
        # 考勤.姓名: the record's name already shows the person of its 工号
        for other in schema.labels:
            if other != label and len(schema.key_fields(other)) == 1 and schema.key_fields(other)[0] in keys:
                skip.add(schema.display_field(other) or "")
        chosen: list[str] | None = self.lx.raw.get("detail_fields", {}).get(label)
        out: list[FieldRef] = []
        tables: dict[str, dict[str, str]] = {}
        for t in self.ctx.templates.templates_for_label(label):
            for f in t.fields:
                if f.code_table:
                    tables.setdefault(f.code_table, t.code_tables.get(f.code_table, {}))
                    continue
                info = self.ctx.schema.prop(label, f.name)
                if f.name in skip or info is None or not info.present or info.sensitive or f.sensitive:
                    continue
                if chosen is not None and f.name not in chosen:
                    continue
                if all(p.field != f.name for p in out):
                    out.append(FieldRef(node="n0", field=f.name))
        if chosen is not None:  # the lexicon's order (the main fields of a big template)
            out.sort(key=lambda p: chosen.index(p.field or ""))
        out = out[: 19 - len(tables)]
        for table, codes in tables.items():
            if not codes or len(b.derived) >= 5:
                continue
            name = f"{table}统计"
            legend = ";".join(f"{c}={m}" for c, m in codes.items())
            b.derived.append(Derived(name=name, node="n0", expression=f'day_summary("{legend}")'))
            out.append(FieldRef(node="n0", field=name))
            self._note(f"口径：{name}按每日代码计数（{'、'.join(f'{c} {m}' for c, m in codes.items())}）")
        self.slots.append(("字段", "、".join(p.field or "" for p in out)))
        self.optional.extend((p.node, p.field or "") for p in out)
        return out

    def _avg_per(self, b: _StepBuilder) -> FieldRef | None:
        """平均每人 / 平均每月: sum per person (month, project) first, then average."""
        table = self.lx.avg_per
        for m in self.cue("avg"):
            per = table.get(m.text)
            if per is None:
                continue
            if per == "人月":  # 人均每月加班小时数: one figure, over each person's month; never a series
                person_month(self.ctx.schema, b.entity, self.notes)
                return None
            if per == "年月" and "工号" in self.ctx.schema.key_fields(b.entity) and not any(
                lab in ("项目", "片区") for lab in b.labels().values()
            ):
                # 保安平均每月出勤几天: each person's month is one record, the average is over them
                self.notes.append(f"口径：平均每月：按每人每月一条{b.entity}记录求平均")
                return None
            if per == "年月":
                alias = next(
                    (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab)), None
                )
                if alias is None:
                    raise _needs_llm("“平均每月”需要按月份的数据")
                self.notes.append("口径：平均每月：先按月合计，再对月份求平均")
                return FieldRef(node=alias, field="年月")
            alias = b.alias_of(per)
            if alias is not None:
                self.notes.append(f"口径：平均每{per}：先按{per}合计，再对{per}求平均")
                return FieldRef(node=alias, field=None)
            keys = self.ctx.schema.key_fields(per)
            for a, lab in b.labels().items():
                if len(keys) == 1 and b.has_prop(lab, keys[0]):
                    self.notes.append(
                        f"口径：平均每{'人' if per == '人员' else per}：先按{keys[0]}合计，再对{per}求平均"
                    )
                    return FieldRef(node=a, field=keys[0])
            # 人均开票金额: the records do not carry the per key (财务 has no 工号); reaching people
            # through other relationships would share each record among many people (fan-out)
            raise _needs_llm(f"{b.entity}记录不直接属于{per}，无法按{per}求平均")
        return None

    def _superlative_names_label(self, agg_cue: str | None, target: str) -> bool:
        """客户满意度最高的项目: a superlative followed by the label asks which one, not the number."""
        if agg_cue not in ("max", "min"):
            return False
        cues = self.cue(agg_cue)
        for m in self.p.lex("label"):
            ls = m.sense("label")
            if ls is not None and ls.get("label") == target and any(m.s >= c.e for c in cues):
                return True
        return False

    def _per_group_marker(self, group_by: list[FieldRef], *, which_only_list: bool) -> bool:
        """各片区的开票金额分别是多少: with groups, 分别(是) marks one value per group — not a "list the
        names" cue, so a named additive measure is summed per group instead of counting the records."""
        lists = self.cue("list")
        return bool(group_by) and which_only_list and bool(lists) and all(c.text.startswith("分别") for c in lists)

    def _which_field(self, fld: str | None) -> bool:
        """哪个员工层级 / 哪个岗位: the which-word asks a field, not which one of the records."""
        for c in self.cue("which"):
            nxt = self.p.next_after(c)
            fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
            if fs is not None and fs.get("field") == fld and not any(m.s > c.s for m in self.p.lex("label")):
                return True
        return False

    def _number_of_top_asked(self, tops: list[_M]) -> bool:
        """多少个 / 几台 with no which-word, list word or top N: the quantity itself is asked."""
        asked = any(("多少" in c.text or "几" in c.text) for c in self.cue("count"))
        return asked and not (tops or self.cue("which") or self.cue("list"))

    def _times_asked(self) -> bool:
        """几次 / 多少笔 / 几张: a count word whose classifier counts records (times, pieces)."""
        return any(c.text.endswith(("次", "笔", "回", "趟", "单", "份")) for c in self.cue("count"))

    def _bare_yes_no(self) -> bool:
        """…吗 with no question word (多少, 什么, 哪, 谁…): the answer is yes or no."""
        asking = ("count", "status", "which", "list", "sum", "avg", "max", "min", "trend", "compare", "share")
        qn = self.p.qn.rstrip("?？。!！ ")
        if any(w in qn for w in ("什么", "多少", "几", "哪", "谁", "怎", "如何", "啥")):
            return False
        return qn.endswith(("吗", "么", "嘛")) and not qn.endswith(("什么", "怎么")) and not any(self.cue(c) for c in asking) and not self.p.of("top")

    def _yes_no(self) -> bool:
        """赵德胜有消防证书吗 / 谢宇航1月有考勤记录吗: 有 … 吗 without a quantity is a yes/no question."""
        if not self.p.qn.endswith(("吗", "么")) or self.p.qn.endswith(("什么", "怎么")) or self.cue("count") or self.cue("list") or self.cue("which"):
            return False
        if "有" in self.p.qn:
            return True
        if self.p.qn.endswith(("过吗", "了吗", "过么")) and self.p.of("entity") and self._names_record_type():
            return True  # 赵巷工业园区被检查过吗: whether the named one has such records
        # 赵德胜是保安吗 / 赵德胜1月加班了吗: a condition on a named entity, no quantity asked
        # 请过病假吗 / 病假超过2天了吗: a day code, or a field with a number next to it, is a
        # condition (病假天数 > 0, 病假天数 > 2), not the value asked
        day_conds = [m for m in self.p.lex("derived") if self._day_code_condition(m)]
        with_num = [m for m in (*self.p.lex("field"), *self.p.lex("derived")) if self._next_to_number(m)]
        asked = (
            [m for m in self.p.lex("field") if m not in with_num]
            or [m for m in self.p.lex("derived") if m not in day_conds and m not in with_num]
            or self.cue("status")
        )
        conditions = (
            self.p.lex("condition")
            or self.p.of("cvalue")
            or self.p.lex("svalue")
            or self.p.lex("value")
            or day_conds
            or with_num
            or self.p.lex("current")  # 沈建国还在职吗: a condition on the named one (lexicon current_filters)
        )
        return bool(conditions) and not asked and bool(self.p.of("entity"))

    def _names_record_type(self) -> bool:
        return any((ls := m.sense("label")) is not None and ls.get("label") in _record_labels() for m in self.p.lex("label"))

    def _day_code_condition(self, m: _M) -> bool:
        ds = m.sense("derived")
        return ds is not None and bool(ds.get("day_codes")) and not self._next_to_number(m)

    def _next_to_number(self, m: _M) -> bool:
        prev, nxt = self.p.prev_before(m), self.p.next_after(m)
        return any(x is not None and x.kind == "num" for x in (prev, nxt))

    def _top(self, tops: list[_M]) -> int | None:
        for m in tops:
            self.use(m)
            return int(m.data)
        return None

    def _text_metric(self, metric: tuple[str, str, bool] | None) -> bool:
        """The field is a stored text field (员工层级, 岗位): nothing of it can be summed."""
        info = self.ctx.schema.prop(metric[0], metric[1]) if metric is not None and not metric[2] else None
        return info is not None and not info.numeric and not info.is_date and not info.is_month

    def _additive(self, metric: tuple[str, str, bool] | None) -> bool:
        if metric is None:
            return False
        if metric[2]:  # derived: only counts such as 病假天数 add up
            row = self._derived_row(metric[1])
            return bool(row.get("additive"))
        return metric[1] in self.lx.additive_fields

    def _aggregate(
        self, metric: tuple[str, str, bool] | None, ref: FieldRef | None, cue: str | None, count_default: bool
    ) -> Aggregate:
        if ref is not None and ref.field:
            fn = {"sum": AggFn.SUM, "avg": AggFn.AVG, "max": AggFn.MAX, "min": AggFn.MIN}.get(cue or "")
            if fn is None:
                fn = AggFn.SUM if self._additive(metric) else AggFn.AVG
            self.slots.append(("计算", _FN_WORDS[fn.value]))
            return Aggregate(fn=fn, node=ref.node, field=ref.field)
        self.slots.append(("计算", "计数"))
        return Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key")

    def _plan_of(
        self,
        qt: QueryType,
        step: Step,
        *,
        projection: list[FieldRef] | None = None,
        group_by: list[FieldRef] | None = None,
        aggregate: Aggregate | None = None,
        sort: list[Sort] | None = None,
        limit: int | None = None,
        with_ties: bool = False,
        list_node: str | None = None,
    ) -> QueryPlan:
        if list_node is not None and list_node != "n0":
            # 张三在哪个项目: list the other node → group by it without aggregation
            return QueryPlan(
                query_type=qt,
                steps=[step],
                group_by=[FieldRef(node=list_node, field=None)],
                aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
                sort=[Sort(by="group", direction="asc")],
                projection=projection or [],
                notes=[],
            )
        return QueryPlan(
            query_type=qt,
            steps=[step],
            projection=projection or [],
            group_by=group_by or [],
            aggregate=aggregate,
            sort=sort or [],
            limit=limit,
            with_ties=with_ties,
        )
