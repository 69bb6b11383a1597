"""Time in a plan: the months of the question on the records' own 年月, a date field, a service
period or a contract period; 现在/当前 as a point in time; and a project's people in a month from
the monthly fact rows' own project and month (not the current project of 人员信息)."""

from __future__ import annotations

import calendar

from kgdesk.qa.dsl import Filter, Op, TimeFilter, ValueSource
from kgdesk.qa.interpret_base import _InterpreterBase
from kgdesk.qa.ledgers import empty_ledger_message
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _M, _insufficient, _needs_llm
from kgdesk.qa.timeparse import TimeMention, month_list
from kgdesk.qa.understand.at_reference import at_reference_fields, held_at_reference
from kgdesk.qa.understand.before_time import EARLIEST
from kgdesk.qa.understand.both_monthly import both_monthly
from kgdesk.qa.understand.current_status import stated_status, stated_status_note
from kgdesk.qa.understand.cutoff import cut_reading, cutoff_day, cutoff_on_own_date
from kgdesk.qa.understand.negated_time import negated_record_times
from kgdesk.qa.understand.region_head import region_head_route
from kgdesk.qa.understand.registered import registration_at_reference, through_registration
from kgdesk.qa.understand.so_far import cut_so_far, so_far_cut

_CUTOFF = "「截至」的日期要作用在记录自己的日期上（那天及以前的全部记录），离线规则暂不支持"


class _TimeMixin(_InterpreterBase):
    def _cutoff(self, tms: list[TimeMention]) -> bool:
        """截至 / 截止 / 为止 + a date: a cutoff (every record up to that day), unlike 以…为准."""
        return all(t.as_of for t in tms) and any(w in t.text for t in tms for w in ("截至", "截止", "为止"))

    def _state_words(self) -> bool:
        """已失效 / 已到期: a state as of the cutoff day (the cutoff is their today), not a date range."""
        return bool(self.p.lex("derived_condition") or self.p.lex("condition"))

    def _cutoff_on_dated_records(self, b: _StepBuilder, tms: list[TimeMention]) -> bool:
        """截至9月30日，中标的投标有几条: records with dates of their own would need "<date> <= that day";
        dropping the cutoff counted every record. A derived attribute's today (截至…已失效, 多少岁) stays."""
        if not self._cutoff(tms) or b.derived or self._state_words():
            return False
        for lab in b.labels().values():
            info = self.ctx.schema.labels.get(lab)
            if info is not None and any(p.present and p.type == "日期" for p in info.properties.values()):
                return True
        return False

    def _time(self, b: _StepBuilder, times: list[_M]) -> None:
        tms: list[TimeMention] = [m.data for m in times]
        if all(t.as_of for t in tms) and self.p.lex("current"):
            # 截至4月在职的: employed on that day (离职日期 empty or later), not "now" — never dropped
            raise _needs_llm("「在职/现在」这类状态要按问题给出的日期判断，离线规则暂不支持")
        if all(t.as_of for t in tms) and any(self.cue(c) for c in ("sum", "avg", "trend")):
            # 截至3月累计…: every month up to the reference month, from the start of the data
            first = min(self.ctx.schema.months, default=tms[0].start)
            tms = [TimeMention(min(first, t.start), t.end, t.span, t.text, as_of=True) for t in tms]
        start = min(t.start for t in tms)
        end = max(t.end for t in tms)
        months: list[str] | None = None
        if len(tms) > 1:  # 3月和4月: exactly these months, not the range between them
            months = sorted({k for t in tms for k in month_list(t.start, t.end)})
        for m in times:
            self.use(m)
        for m in self.p.lex("time_field"):  # 入职日期在2024年: the named date field, no month coverage
            if months is not None:
                raise _needs_llm(f"问题中有多个时间，无法确定哪个作用在「{m.text}」上")
            if self._cutoff(tms):
                raise _needs_llm(_CUTOFF)
            ts = m.sense("time_field")
            assert ts is not None
            lab, fld = str(ts.get("label")), str(ts.get("field"))
            alias = "n0" if lab == b.entity else b.ensure(lab)
            b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=start, end=end))
            self.slots.append(("时间", f"{fld} 在 {_range_text(start, end)}"))
            self.use(m)
            return
        # a date verb (3月入职 / 今年到期) puts the time on that date field
        for m in self.p.mentions:
            if m.kind != "lex":
                continue
            dv = m.sense("date_verb")
            if dv is None or (id(m) in self.used and not m.has("derived")):
                continue
            found = self._date_verb_field(b, m)
            if found is None:
                continue
            if months is not None:  # 2019年入职的员工在2026年3月…: never one range over both times
                raise _needs_llm(f"问题中有多个时间，无法确定哪个作用在「{m.text}」上")
            if self._cutoff(tms) and not self._state_words():
                raise _needs_llm(_CUTOFF)  # 截至6月30日启用的: before that day, not in that month
            alias, fld = found
            b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=start, end=end))
            self.slots.append(("时间", f"{fld} 在 {_range_text(start, end)}"))
            self.use(m)
            return
        # 3月没有财务记录 / 检查记录的项目: the month of a negated record is inside the negation, on
        # the record's own 年月 or key date (understand/negated_time), never the entity's contract period
        negated = negated_record_times(b, self.ctx.schema)
        if negated:
            if both_monthly(self, b, negated, start, end, months):  # 3月份有考勤但没排班: the month on both ledgers
                return
            if len(negated) > 1 or any(self._is_monthly(lab) for lab in b.labels().values()) or b.periods:
                raise _needs_llm("时间可能作用在否定的记录上，也可能作用在其他记录上，无法确定")
            alias, own = negated[0]
            target = b.hops[int(alias[1:]) - 1].target
            if own is None:  # 3月没有维保合同的项目: signed in March, or running in March?
                raise _needs_llm(f"无法确定时间作用在{target}的哪个日期上")
            if own != "年月" and (months is not None or self._cutoff(tms)):
                raise _needs_llm(f"这种时间条件暂不支持作用在没有的{target}记录上")
            self._coverage(start, end, strict=months is not None)
            self._own_coverage(target, own, start, end, strict=True)
            if months is not None:
                b.filters.append(
                    Filter(node=alias, field=own, op=Op.IN, value=months, value_source=ValueSource.DERIVED)
                )
            else:
                kind = "month_eq" if start == end and own == "年月" else "month_range"
                b.time.append(TimeFilter(kind=kind, node=alias, field=own, start=start, end=end))
            self.slots.append(("时间", f"没有{_range_text(start, end)}的{target}记录"))
            self.notes.append(
                f"口径：时间作用在{target}记录的{own}上（{_range_text(start, end)}没有{target}记录）"
            )
            return
        # monthly facts: 年月 on the entity or a hop
        for alias, lab in b.labels().items():
            info = self.ctx.schema.prop(lab, "年月")
            if info is not None and info.present and "年月" in self.ctx.schema.key_fields(lab):
                if months is None and self._cut_month(b, alias, lab, "年月", end, tms):
                    return
                self._coverage(start, end, strict=months is not None)
                self._own_coverage(lab, "年月", start, end, strict=months is not None)
                if months is not None:
                    b.filters.append(
                        Filter(
                            node=alias, field="年月", op=Op.IN, value=months, value_source=ValueSource.DERIVED
                        )
                    )
                    self.slots.append(("时间", "、".join(months)))
                else:
                    kind = "month_eq" if start == end else "month_range"
                    b.time.append(TimeFilter(kind=kind, node=alias, field="年月", start=start, end=end))
                    self.slots.append(("时间", _range_text(start, end)))
                return
        # service periods (服务于 开始/结束)
        if b.periods and self._employed_in(b, tms, start, end):
            return
        for ralias, (sf, ef) in b.periods.items():
            self._coverage(start, end, strict=False)
            b.time.append(
                TimeFilter(
                    kind="period_overlap", node=ralias, start_field=sf, end_field=ef, start=start, end=end
                )
            )
            self.slots.append(("时间", f"服务期与 {_range_text(start, end)} 重叠"))
            self.notes.append(
                f"口径：按服务期（人员信息登记的服务起止年月，以及考勤/排班连续月份）与 {_range_text(start, end)} 重叠统计"
            )
            return
        # a record's own year (投标记录.年份): whole years of the question on that field
        for alias, lab in b.labels().items():
            linfo = self.ctx.schema.labels.get(lab)
            years = [p for p in (linfo.properties.values() if linfo else []) if p.present and p.type == "年份"]
            if len(years) == 1 and start.endswith("-01") and end.endswith("-12") and months is None:
                y_first, y_last = int(start[:4]), int(end[:4])
                value = y_first if y_first == y_last else [y_first, y_last]
                b.filters.append(
                    Filter(
                        node=alias,
                        field=years[0].name,
                        op=Op.EQ if y_first == y_last else Op.RANGE,
                        value=value,
                        value_source=ValueSource.DERIVED,
                    )
                )
                self.slots.append(("时间", f"{years[0].name} = {y_first if y_first == y_last else f'{y_first}—{y_last}'}"))
                return
        # other month or date fields that identify the record (采购记录.年月, 检查记录.检查日期)
        for alias, lab in b.labels().items():
            linfo = self.ctx.schema.labels.get(lab)
            if linfo is None:
                continue
            cands = [p for p in linfo.properties.values() if p.present and p.type == "年月"]
            cands += [
                p for p in linfo.properties.values() if p.present and p.type == "日期" and p.name in linfo.key
            ]
            if len(cands) == 1:
                fld = cands[0].name
                if self._cutoff(tms) and cands[0].type == "日期":
                    raise _needs_llm(_CUTOFF)
                if months is not None and cands[0].type != "年月":
                    raise _needs_llm("多个不连续的时间暂不支持这种记录")
                if months is not None:  # 2月和1月的耗材采购金额: the record's own 年月 in those months
                    self._own_coverage(lab, fld, start, end, strict=True)
                    b.filters.append(Filter(node=alias, field=fld, op=Op.IN, value=months, value_source=ValueSource.DERIVED))
                    self.slots.append(("时间", "、".join(months)))
                    return
                if cands[0].type == "年月" and self._cut_month(b, alias, lab, fld, end, tms):
                    return
                if cands[0].type == "日期":  # 2025年12月做了几次检查: a month the data never reaches, as for monthly facts
                    self._coverage(start, end, strict=False)
                self._own_coverage(lab, fld, start, end, strict=False)
                b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=start, end=end))
                self.slots.append(("时间", f"{fld} 在 {_range_text(start, end)}"))
                return
        if all(t.as_of for t in tms):
            if self._cutoff_on_dated_records(b, tms):
                cut = cutoff_on_own_date(b, self.ctx.schema, self.p, self.ctx.today)  # 截至2月底…中标的
                day = None if cut is not None else cutoff_day(b, self.ctx.schema, self.p, self.ctx.today)
                if day is not None:  # 截至2月10日…中标的: that day, not its month
                    b.filters.append(day)
                    self.slots.append(("时间", f"{day.field} 不晚于 {day.value}"))
                    return
                if cut is None:
                    raise _needs_llm(_CUTOFF)
                b.time.append(TimeFilter(kind="month_range", node=cut[0], field=cut[1], start=EARLIEST, end=cut[2]))
                self.slots.append(("时间", f"{cut[1]} 不晚于 {_range_text(cut[2], cut[2])}"))
            self._filled_by_the_cut(b)  # 截至3月底已经离职的: 离职日期 on or before that day
            return  # 以2月为准，某人多少岁: only the reference date, no condition on the records
        if b.entity == "人员" and not b.hops:
            alias = b.add_path("n0", "项目")
            del alias
            return self._time(b, times)
        if b.entity == "项目":
            b.time.append(
                TimeFilter(
                    kind="period_overlap",
                    node="n0",
                    start_field="开始日期",
                    end_field="结束日期",
                    start=start,
                    end=end,
                )
            )
            self.slots.append(("时间", f"合同期与 {_range_text(start, end)} 重叠"))
            self.notes.append(f"口径：按项目合同期（开始日期—结束日期）与 {_range_text(start, end)} 重叠判断")
            return
        self._no_ledger(b)
        raise _needs_llm("无法确定时间条件作用在哪个字段上")

    def _filled_by_the_cut(self, b: _StepBuilder) -> None:
        """截至3月底 / 以3月底为准，已经离职的: a date field filled in as of the reference day is filled with a day on or before it (one
        filled in later was still empty then); empty as of the cut (截至…还没离职) would need "empty or later": refused."""
        labels = b.labels()
        cut = self.ctx.today.isoformat()
        left = self.lx.raw.get("current_opposites", {}).get(b.entity) or {}
        for f in list(b.filters):
            if f.field == left.get("derived") and f.op is Op.LT:  # 截至3月底已经离职的: the flag at the cut, said as the date
                f = f.model_copy(update={"field": left["field"], "op": Op.NOT_NULL})
            info = self.ctx.schema.prop(labels.get(f.node, ""), f.field)
            if info is None or info.type != "日期" or f.op not in (Op.NOT_NULL, Op.IS_NULL):
                continue
            if f.op is Op.IS_NULL:
                raise _needs_llm(f"问题给出的那天{f.field}为空，要把那天以后才填的也算作为空，离线规则暂不支持")
            b.filters.append(Filter(node=f.node, field=f.field, op=Op.LTE, value=cut, value_source=ValueSource.DERIVED, text=cut))
            self.slots.append(("时间", f"{f.field} 不晚于 {cut}"))
            self.notes.append(f"口径：按问题给出的日期 {cut}，{f.field}已填写且不晚于那天")

    def _cut_month(self, b: _StepBuilder, alias: str, lab: str, fld: str, end: str, tms: list[TimeMention]) -> bool:
        """截至3月 on a record's own 年月 (understand/cutoff.cut_reading): an event up to the cut is every month from
        the first covered one; a state on a date field takes no 年月 cut; a headcount at the cut is that month (False:
        the month path); anything else is refused naming 截至. False when no 截至."""
        if not self._cutoff(tms):
            return False
        summed = any(self.cue(c) for c in ("sum", "avg", "trend"))
        reading = cut_reading(b, self.ctx.schema, alias, lab, summed)
        word = next((w for w in ("截至", "截止", "为止") if any(w in t.text for t in tms)), "截至")
        if reading is None:
            raise _needs_llm(f"「{word}」可能指到那时为止累计发生的，也可能指那个时点的状态，无法确定")
        if reading == "month":
            return False
        if reading == "none":  # 截至2026-04-29，结束日期还没到的: the date is only the reference date
            self.notes.append(f"口径：“{word}”给出的日期只作为判断的参考日期，不按{fld}筛选记录")
            return True
        own = self.ctx.schema.label_months(lab, fld) or tuple(self.ctx.schema.months)
        first = min(own) if own else end
        records = lab if lab.endswith("记录") else f"{lab}记录"
        if end < first:
            raise _insufficient(f"{records}从 {first} 开始，{end} 及以前没有数据。", "outside_coverage", end)
        b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=first, end=end))
        self.slots.append(("时间", f"{fld} 不晚于 {end}（{word}）"))
        self.notes.append(f"口径：“{word}{end}”指{fld}从 {first} 到 {end} 的全部{records}（含{end}），不是只看 {end} 一个月")
        day = self.ctx.today
        if f"{day.year:04d}-{day.month:02d}" == end and day.day != calendar.monthrange(day.year, day.month)[1]:
            self.notes.append(f"口径：{lab}按月登记，{end}的记录按整月计入")
        return True

    def _no_ledger(self, b: _StepBuilder) -> None:
        """2026年3月考勤有多少人 with no 考勤 ledger published: its month field is absent because the
        ledger is, so the question is not in the data (no_records) — not a question to reword."""
        for lab in b.labels().values():
            info = self.ctx.schema.labels.get(lab)
            if info is not None and info.count == 0:
                names = "、".join(dict.fromkeys(t.name for t in self.ctx.templates.templates_for_label(lab)))
                raise _insufficient(empty_ledger_message(names or lab, lab), "no_records", names or lab)

    def _date_verb_field(self, b: _StepBuilder, m: _M) -> tuple[str, str] | None:
        """(alias, date field) a date verb (到期, 开始) names among the record types of the step — every
        sense, not only the first (哪些员工的证书今年到期: 证书.有效期至); two of them, or another record
        type of the step with a date field of the same name (项目 … 维保合同 … 到期: 结束日期), is asked."""
        hits = list(dict.fromkeys(
            (alias, str(s.get("field")))
            for s in m.senses
            if s.kind == "date_verb" and (alias := b.alias_of(str(s.get("label")))) is not None
        ))
        if not hits:
            return None
        if len(hits) > 1:
            self._ambiguous_date(m)
        alias, fld = hits[0]
        labels = b.labels()
        if any(a != alias and self.ctx.schema.has_property(lab, fld) for a, lab in labels.items() if a.startswith("n")):
            self._ambiguous_date(m)
        return hits[0]

    def _ambiguous_date(self, m: _M) -> None:
        raise _needs_llm(f"「{m.text}」可能指问题中不止一种记录的日期，无法确定")

    def _is_monthly(self, lab: str) -> bool:
        info = self.ctx.schema.prop(lab, "年月")
        return info is not None and info.present and "年月" in self.ctx.schema.key_fields(lab)

    def _now(self, b: _StepBuilder, times: list[_M], anchors: list[_Anchor]) -> None:
        region_head_route(self, b)  # XMSQ0227的片区负责人: through the project's regions (understand/region_head)
        if times:
            self._time(b, times)
        elif (cut := so_far_cut(self, b)) is not None and cut.node != "n0":
            for m in self.p.mentions:  # 到目前为止做过消防检查的项目: so far for the inspections, not the projects' state
                if m.kind == "lex" and m.has("current"):
                    self.use(m)
        else:
            self._current(b, anchors)
        cut_so_far(self, b)  # 本月已经做了几次检查: 检查日期 ≤ T besides the month (understand/so_far)

    def _current(self, b: _StepBuilder, anchors: list[_Anchor]) -> None:
        """现在 / 当前 / 目前 is a point in time: current projects are those 服务中, current staff
        those not left — not every record ever entered (lexicon `current_filters`)."""
        words = [m for m in self.p.mentions if m.kind == "lex" and m.has("current")]
        if not words:
            return
        row = self.lx.raw.get("current_filters", {}).get(b.entity)
        anchored = any(a.label == b.entity for a in anchors)
        yes_no = bool(self.cue("existence")) or self.p.qn.rstrip("?？。!！ ").endswith("吗")
        if row is None or (anchored and not yes_no) or not b.has_prop(b.entity, row["field"]):
            return  # 林桂芳是否在职: a yes/no about the named one keeps the condition
        if (nl := row.get("not_left")) and any(w in m.text for m in words for w in nl["words"]):
            row = {**row, **{k: nl[k] for k in ("derived", "op", "value", "text")}}  # 没有离职: not left, hired or not
        names = (n for info in self.ctx.schema.labels.values() for n in info.properties if n.startswith(words[0].text))
        held = None if any(n in self.p.qn for n in names) else registration_at_reference(b, self.ctx.today, words[0].text)
        if through_registration(b):  # 韩淑珍现在在哪个项目: the registration once started, not the project's status
            self._note(held or f"口径：“{words[0].text}”按登记的当前关系回答，不再按{row['text']}筛选")
            return
        if held:  # XMSQ0351现在有哪些人: who is there at T, besides who is employed
            self._note(held)
        flags = {row["field"], row.get("derived"), *at_reference_fields(self.lx.raw, b.entity)}
        if any(f.node == "n0" and f.field in flags for f in b.filters):
            return
        status = stated_status(b.filters, self.lx.raw)
        if status is not None:  # 现在报废的设备: the stated status is the current state (understand/current_status)
            self._note(stated_status_note(words[0].text, status))
            for m in words:
                self.use(m)
            return
        op = Op(row["op"])
        value = None if op in (Op.IS_NULL, Op.NOT_NULL) else row["value"]
        fld = held_at_reference(self.lx, b, row)  # 在职 / 仍在项目上 at T: one derived flag per concept (understand/at_reference)
        b.filters.append(Filter(node="n0", field=fld, op=op, value=value, value_source=ValueSource.DERIVED, text=words[0].text))
        self.slots.append(("条件", row["text"]))
        self._note(f"口径：“{words[0].text}”的{b.entity}指{row['text']}的{b.entity}（按 {self.ctx.today.isoformat()} 判断）")
        for m in words:
            self.use(m)

    def _monthly_fact_for_month(
        self, b: _StepBuilder, anchors: list[_Anchor], times: list[_M], explicit_rel: bool
    ) -> None:
        """People of a project in a month are the people with monthly fact rows (考勤, or the
        排班 the question names) whose own 项目编号 and 年月 match, not the people whose current
        project (人员信息) it is: someone who moved in later is not counted for an earlier month."""
        if b.entity != "人员" or not times or explicit_rel or b.hops:
            return
        if not any(a.label == "项目" for a in anchors) or self.p.lex("date_verb"):
            return
        if self._service_words():
            return  # 在某项目服务/工作的人: the service period (服务于), not the fact rows alone
        if any(n.endswith("年月") and n in self.p.qn for n in self.ctx.schema.labels[b.entity].properties):
            return  # XMSQ0276的服务起始年月在3月的人: the month is the person's own field, not a month of fact rows
        named = [ls.get("label") for m in self.p.lex("label") if (ls := m.sense("label")) is not None]
        named += [cs.get("label") for m in self.p.lex("condition") if (cs := m.sense("condition")) is not None]  # 有排班
        facts = [lab for lab in self.lx.monthly_fact_labels if lab in named] or self.lx.monthly_fact_labels[:1]
        for fact in facts:
            if b.has_prop(fact, "项目编号") and b.has_prop(fact, "年月"):
                b.ensure(fact)
                for m in self.p.lex("label"):
                    ls = m.sense("label")
                    if ls is not None and ls.get("label") == fact:
                        self.use(m)
                self._note(f"口径：按{fact}记录自身的项目编号和年月统计（该月在该项目有{fact}记录的人员）")
                return


    def _people_of_a_region_in_a_month(self, entity: str, anchors: list[_Anchor], times: list[_M]) -> str:
        """青浦片区3月有多少人: the distinct 工号 of the month's attendance rows whose own project
        belongs to the region (考勤 → 项目 → 片区, each row once), not the service periods. A list
        of those people would need a third hop: not guessed."""
        if entity != "人员" or not times or self.p.lex("date_verb") or self._service_words():
            return entity
        if not any(a.label == "片区" for a in anchors) or any(a.label != "片区" for a in anchors):
            return entity
        fact = self.lx.monthly_fact_labels[:1]
        if not fact or not self.ctx.schema.has_property(fact[0], "工号"):
            return entity
        if not self.cue("count") or self.cue("list") or self.cue("which"):
            raise _needs_llm("片区某月的人员名单需要经过考勤、项目两层关联，离线规则只能统计人数")
        self._count_field = "工号"
        self._note(f"口径：按{fact[0]}记录自身的项目和年月统计（该月在该片区项目有{fact[0]}记录的不同工号）")
        return fact[0]

    def _employed_in(self, b: _StepBuilder, tms: list[TimeMention], start: str, end: str) -> bool:
        """3月份在职的有多少人: employed at some time in those months — hired by their end and not left
        before their start (入职日期 / 离职日期 of 人员信息), never the people serving a project then.
        A stated day (3月15日在职) would need the day itself: refused. False when no such word."""
        words = [m for m in self.p.lex("current") if id(m) not in self.used and m.text in self.lx.raw.get("current_words", [])]
        row = self.lx.raw.get("current_filters", {}).get(b.entity) or {}
        hired = next((d["field"] for d in self.lx.raw.get("date_verbs", []) if d.get("label") == b.entity and "入职" in d["terms"]), None)
        if not words or not row.get("field") or hired is None:
            return False
        plain = len(b.hops) == 1 and all(f.node == "n0" or (f.node == "r1" and f.assumption) for f in b.filters)
        if not plain or b.named - {b.entity} or any(("日" in t.text or "号" in t.text) for t in tms):
            raise _needs_llm(f"「{words[0].text}」要按问题给出的那一天判断入职和离职日期，离线规则暂不支持")
        b.hops.clear()
        b.periods.clear()
        b.filters = [f for f in b.filters if f.node == "n0"]
        b.pending_defaults = [f for f in b.pending_defaults if f.node == "n0"]
        b.applied_defaults = [f for f in b.applied_defaults if f.node == "n0"]
        b.time.append(TimeFilter(kind="period_overlap", node="n0", start_field=hired, end_field=row["field"], start=start, end=end))
        self.slots.append(("时间", f"{_range_text(start, end)}在职"))
        self._note(f"口径：“{words[0].text}”指{_range_text(start, end)}期间在职（{hired}不晚于该期间、{row['field']}为空或不早于该期间）")
        for m in words:
            self.use(m)
        return True

    def _service_words(self) -> bool:
        service = set(self.lx.raw.get("service_words", []))
        return any(m.kind == "lex" and m.text in service for m in self.p.mentions)


def _range_text(start: str, end: str) -> str:
    return start if start == end else f"{start} 至 {end}"
