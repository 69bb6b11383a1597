"""Multi-step plans: the renewal chain, "every month / N consecutive months" set operations
over monthly steps, and the built-in analyses (absence, projects without staff)."""

from __future__ import annotations

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    Combine,
    FieldRef,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    Step,
    TimeFilter,
    ValueSource,
)
from kgdesk.qa.interpret_targets import _TargetsMixin
from kgdesk.qa.interpret_values import _ValuesMixin
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _M, MAX_SET_STEPS, _insufficient, _needs_llm, _Stop
from kgdesk.qa.scheduled_gap import one_month, scheduled_base
from kgdesk.qa.timeparse import add_months, check_coverage, month_list
from kgdesk.qa.understanding import UnderstandingStatus

_MONTHLY_LABELS = ("考勤", "排班月报")


class _AnalysesMixin(_TargetsMixin, _ValuesMixin):
    def _chain(self, anchor: _Anchor) -> QueryPlan:
        """续签链: earlier and later contracts of one project (up to 5 renewals each way)."""
        steps = []
        for sid, direction in (("s1", "in"), ("s2", "out")):
            steps.append(
                Step(
                    id=sid,
                    entity="项目",
                    hops=[
                        Hop(
                            source="n0",
                            rel="续签自",
                            direction=direction,
                            target="项目",
                            min_hops=1,
                            max_hops=5,
                        )
                    ],
                    filters=[
                        Filter(
                            node="n1",
                            field="_key",
                            op=Op.EQ,
                            value=anchor.keys[0],
                            value_source=ValueSource.GROUNDED,
                            text=anchor.text,
                        )
                    ],
                    description="续签之后的项目" if direction == "in" else "续签之前的项目",
                )
            )
        self.slots.append(("关系", f"{anchor.displays[0]} 的续签链"))
        self.notes.append("口径：续签链沿“续签自”关系向前、向后各最多 5 期")
        return QueryPlan(
            query_type=QueryType.LIST,
            steps=steps,
            combine=[Combine(op="union", steps=["s1", "s2"])],
            projection=[
                FieldRef(node="n0", field="开始日期"),
                FieldRef(node="n0", field="结束日期"),
                FieldRef(node="n0", field="服务状态"),
            ],
            sort=[Sort(by="field", node="n0", field="开始日期", direction="asc")],
        )

    # ---------------------------------------------------------------- every month / consecutive months

    def _monthly_condition(self) -> bool:
        if self._monthly_record_word() is not None:
            return True  # 每个月都有财务记录的项目: having a record of the month is the condition
        for m in self.p.lex("condition"):
            cs = m.sense("condition")
            if cs is not None and cs.get("label") in _MONTHLY_LABELS:
                return True
        for m in self.p.lex("field"):
            fs = m.sense("field")
            if fs is not None and fs.get("label") in _MONTHLY_LABELS:
                nxt = self.p.next_after(m)
                if nxt is not None and nxt.kind == "num":
                    return True
        return False

    def _monthly_record_word(self) -> _M | None:
        """财务记录 in 每个月都有财务记录的项目: a label word of a record type keyed by month, next to
        a word of another label (the entity asked about)."""
        labels = [(m, str(ls.get("label"))) for m in self.p.lex("label") if (ls := m.sense("label")) is not None]
        monthly = [m for m, lab in labels if "年月" in self.ctx.schema.key_fields(lab)]
        others = {lab for _, lab in labels if "年月" not in self.ctx.schema.key_fields(lab)}
        return monthly[0] if len(monthly) == 1 and len(others) == 1 else None

    def _all_months(self) -> list[_M]:
        """所有4个月都有考勤: N months said with 都 where N is every month the data covers."""
        out = []
        for m in self.p.of("num"):
            nxt = self.p.next_after(m, skip_fillers=False)
            whole = float(m.data.get("value", 0)) == len(self.ctx.schema.months) > 1
            if m.data.get("unit") == "个月" and m.data.get("op") == "eq" and whole and nxt is not None and nxt.text == "都":
                out.append(m)
        return out

    def _each_month_request(self) -> tuple[list[list[str]], str] | None:
        """连续三个月都… / 3月和4月都… / 所有4个月都… → the month windows that must all hold, or None."""
        cons = self.p.of("consecutive")
        times = self.p.of("time")
        every = self._all_months() if not cons and not times and self.cue("all") else []
        if every and self._monthly_condition():
            self.use(every[0])
            for c in ("all", "trend"):
                for m in self.cue(c):
                    self.use(m)
            months = list(self.ctx.schema.months)
            return [months], f"{'、'.join(months)} 每个月都满足条件"
        if not cons and not (self.cue("all") and times and self._monthly_condition()):
            return None
        if not self._monthly_condition():
            raise _needs_llm("“连续几个月/每个月都”需要一个按月记录的条件（如加班、出勤）")
        if cons:
            n = int(cons[0].data)
            self.use(cons[0])
            if times:
                start = min(t.data.start for t in times)
                end = max(t.data.end for t in times)
                self._coverage(start, end, strict=True)
                months = month_list(start, end)
            else:
                months = list(self.ctx.schema.months)
                if not months:
                    raise _insufficient("数据中没有任何月份的记录", "no_records", "年月")
            if n < 2 or n > len(months):
                raise _insufficient(
                    f"数据只覆盖 {len(months)} 个月（{months[0]} 至 {months[-1]}），无法判断连续 {n} 个月",
                    "outside_coverage",
                    f"连续 {n} 个月",
                )
            windows = [
                months[i : i + n]
                for i in range(len(months) - n + 1)
                if months[i + n - 1] == add_months(months[i], n - 1)
            ]
            if not windows:
                raise _insufficient(f"数据中没有连续 {n} 个月的记录", "outside_coverage", f"连续 {n} 个月")
            desc = f"在 {months[0]} 至 {months[-1]} 中任意连续 {n} 个月每个月都满足条件"
        else:
            months = sorted({k for t in times for k in month_list(t.data.start, t.data.end)})
            if len(months) < 2:
                return None
            self._coverage(months[0], months[-1], strict=False)
            missing = [m for m in months if m not in self.ctx.schema.months]
            if missing:
                cov = check_coverage(months[0], months[-1], self.ctx.schema.months)
                raise _insufficient(
                    cov.message() + "，无法判断每个月的情况。", "outside_coverage", cov.missing_text()
                )
            windows = [months]
            desc = f"{'、'.join(months)} 每个月都满足条件"
        for t in times:
            self.use(t)
        for c in ("all", "trend"):
            for m in self.cue(c):
                self.use(m)
        used_months = sorted({m for w in windows for m in w})
        if len(used_months) > MAX_SET_STEPS or len(windows) > 8:
            raise _needs_llm("涉及的月份太多，请缩小时间范围")
        return windows, desc

    def _each_month(self, req: tuple[list[list[str]], str], anchors: list[_Anchor]) -> QueryPlan:
        windows, desc = req
        record = self._monthly_record_word()
        labels_free = [m for m in self._free_labels(anchors) if m is not record]
        target = self._pick_free_label(labels_free) if labels_free else "人员"
        b = _StepBuilder(self.ctx, self.lx, target)
        if record is not None and (rl := record.sense("label")) is not None:
            b.ensure(str(rl.get("label")))  # each month's records of that type must exist
        for a in self._merge_anchors(anchors):
            b.attach_key(a)
            self.slots.append(("条件", f"{a.label} = {'、'.join(a.displays)}"))
        self._values(b)
        self._conditions(b, self.p.lex("condition"))
        self._numbers_and_derived(b, self.p.of("num"), self.p.lex("field"), self.p.lex("derived"))
        monthly = next(
            (a for a, lab in b.labels().items() if lab in _MONTHLY_LABELS or "年月" in self.ctx.schema.key_fields(lab)), None
        )
        if monthly is None:
            raise _needs_llm("无法确定按月判断的记录")
        base = self._finish(b, description=f"满足条件的{target}")
        months = sorted({m for w in windows for m in w})
        sid = {m: f"s{i}" for i, m in enumerate(months, start=1)}
        steps = [
            base.model_copy(
                update={
                    "id": sid[m],
                    "time": [
                        *base.time,
                        TimeFilter(kind="month_eq", node=monthly, field="年月", start=m, end=m),
                    ],
                    "description": f"{m} 满足条件的{target}",
                }
            )
            for m in months
        ]
        combine = [
            Combine(id=f"c{j}", op="intersection", steps=[sid[m] for m in w])
            for j, w in enumerate(windows, start=1)
        ]
        if len(combine) > 1:
            combine.append(Combine(id=f"c{len(combine) + 1}", op="union", steps=[c.id for c in combine]))
        for m in self.p.lex("label"):
            self.use(m)
        qt = QueryType.LIST
        if self.cue("existence"):
            qt = QueryType.EXISTENCE
        elif self.cue("count") and not self.cue("list"):
            qt = QueryType.COUNT
        for c in ("existence", "count", "which", "list"):
            for m in self.cue(c):
                self.use(m)
        self.notes.append("口径：" + desc)
        self.slots.append(("分析", desc))
        agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
        return QueryPlan(query_type=qt, steps=steps, combine=combine, aggregate=agg)

    # ---------------------------------------------------------------- built-in analyses

    def _analysis(self, m: _M, anchors: list[_Anchor]) -> QueryPlan:
        a = m.sense("analysis")
        assert a is not None
        self.use(m)
        for c in ("existence", "count", "which", "list", "status"):
            for x in self.cue(c):
                self.use(x)
        allowed = {"absence": ("人员", "考勤"), "no_staff": ("项目", "人员")}.get(a.name, ())
        for lm in self.p.lex("label"):
            ls = lm.sense("label")
            if ls is not None and ls.get("label") in allowed:
                self.use(lm)
        times = self.p.of("time")
        for t in times:
            self.use(t)
        qt = (
            QueryType.COUNT
            if self.cue("count") and not (self.cue("list") or self.cue("which"))
            else QueryType.LIST
        )
        if self.cue("existence"):
            qt = QueryType.EXISTENCE
        if a.name == "absence":
            if not one_month(times):  # 3月份排了班、但3月份考勤表里没有记录: the same month said twice is one
                raise _Stop(UnderstandingStatus.CLARIFY, "缺勤分析需要指明一个月份，例如“3月哪些人缺勤”")
            month = times[0].data.start
            self._coverage(month, month, strict=True)
            s1, base = scheduled_base(self, month)  # 排了班 / 有排班: the month's schedule, not the service period
            s2 = _StepBuilder(self.ctx, self.lx, "人员")
            s2.add_path("n0", "考勤")
            s2.time.append(TimeFilter(kind="month_eq", node="n1", field="年月", start=month, end=month))
            for an in self._merge_anchors(anchors):
                if an.label == "项目":
                    s1.filters.append(
                        Filter(
                            node="n1",
                            field="_key" if base is None else "项目编号",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                    s2.filters.append(
                        Filter(
                            node="n1",
                            field="项目编号",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                elif an.label == "人员":
                    s1.filters.append(
                        Filter(
                            node="n0",
                            field="_key",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                else:
                    raise _needs_llm("缺勤分析只支持按项目或人员筛选")
                self.slots.append(("条件", f"{an.label} = {'、'.join(an.displays)}"))
            self._values(s1)
            step1 = s1.finish("s1", description=f"{month} {base or '服务期内在册'}的人员")
            step2 = s2.finish("s2", description=f"{month} 有考勤记录的人员")
            self.slots.append(("分析", f"{month} {base or '在册'}但没有考勤记录的人员"))
            if base is None:
                self.notes.append(f"口径：缺勤指{month} 服务期内在册（服务于关系与该月重叠），但该月没有考勤记录")
            else:
                self.notes.append(f"口径：{month} {base}（该月有排班月报记录），但该月没有考勤记录的人员")
            agg = (
                Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
            )
            return QueryPlan(
                query_type=qt,
                steps=[step1, step2],
                combine=[Combine(op="difference", steps=["s1", "s2"])],
                aggregate=agg,
            )
        if a.name == "no_staff":
            b = _StepBuilder(self.ctx, self.lx, "项目")
            for an in self._merge_anchors(anchors):
                b.attach_key(an)
            self._values(b)
            b.add_path("n0", "人员", negate=True)
            b.pending_defaults.clear()  # any 服务于 edge counts as staff, not only the declared one
            if times:
                tm = times[0].data
                self._coverage(tm.start, tm.end, strict=False)
                b.time.append(
                    TimeFilter(
                        kind="period_overlap",
                        node="r1",
                        start_field="开始",
                        end_field="结束",
                        start=tm.start,
                        end=tm.end,
                    )
                )
                self.notes.append(f"口径：{tm.label()} 没有任何服务期重叠的人员")
            else:
                self.notes.append("口径：没有任何人员的服务于关系（含人员信息登记与考勤/排班记录）")
            self.slots.append(("分析", "没有人员服务的项目"))
            step = b.finish(description="没有人员服务的项目")
            agg = (
                Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
            )
            return QueryPlan(query_type=qt, steps=[step], aggregate=agg)
        raise _needs_llm("不支持的分析")
