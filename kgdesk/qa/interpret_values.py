"""Conditions on the records: negations (没有证书), values from the lexicon, the graph and the templates'
dictionaries, fixed and derived conditions, day codes (请了几天病假), numbers with comparators and units."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Derived, Filter, Op, ValueSource
from kgdesk.qa.interpret_time import _TimeMixin
from kgdesk.qa.interpret_words import _WordsMixin
from kgdesk.qa.lexicon import Sense, normalize
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _M, _insufficient, _needs_llm
from kgdesk.qa.understand.dates import yes_no_between
from kgdesk.qa.understand.day_conditions import day_conditions
from kgdesk.qa.understand.joined_values import partner_field
from kgdesk.qa.understand.named_kind import named_before_label
from kgdesk.qa.understand.own_expiry import derived_op, own_date_row
from kgdesk.qa.understand.passed import passed_date_conditions
from kgdesk.qa.understand.roles import named_with_its_record_word
from kgdesk.qa.understand.scan_rules import number_with_unit
from kgdesk.qa.understand.stated_value import read_as_stated_value
from kgdesk.qa.understanding import UnderstandContext
from kgdesk.qa.values import ValueMatch

_RECORD_WORDS = ("数据", "记录", "台账", "资料", "明细", "信息", "条数", "笔数")
_BLANK = frozenset({"空", "空的", "空白", "空白的", "没填", "没填的", "未填", "未填的", "没有填"})  # 字段为空: no value
_OP_WORDS = {"gt": "大于", "gte": "不少于", "lt": "小于", "lte": "不超过", "eq": "等于"}


class _ValuesMixin(_WordsMixin, _TimeMixin):
    def _negated_labels(self) -> list[tuple[_M, _M]]:
        """(negation word, label word) pairs: 没有(安排)人员 / 没有证书 — a label right after a
        negation word, with only fillers between, names records that must not be related."""
        out: list[tuple[_M, _M]] = []
        for m in self.p.lex("label"):
            prev = self.p.prev_before(m)
            if (
                prev is not None
                and prev.kind == "lex"
                and any(s.kind == "cue" and s.name == "negation" for s in prev.senses)
            ):
                out.append((prev, m))
        return out

    def _negated_hops(self, b: _StepBuilder, negated: list[tuple[_M, _M]]) -> None:
        """One negated hop per negated label: NOT EXISTS any such relationship (any 服务于 edge
        counts as staff, so the path's default filter, only the declared edge, does not apply)."""
        for neg, m in negated:
            ls = m.sense("label")
            assert ls is not None
            if id(m) not in self.used:  # 没持证: already a negated condition
                self._negated_hop(b, neg, m, ls.get("label"))

    def _negated_hop(self, b: _StepBuilder, neg: _M, m: _M, lab: str) -> None:
        if lab == b.entity or b.alias_of(lab) is not None:
            raise _needs_llm(f"无法理解「{neg.text}{m.text}」对应的条件")
        before = len(b.pending_defaults)
        b.add_path("n0", lab, negate=True)
        del b.pending_defaults[before:]
        hop = b.hops[-1]
        self.slots.append(("条件", f"没有{lab}（{hop.rel}关系）"))
        self.notes.append(f"口径：“{neg.text}{m.text}”指不存在任何「{hop.rel}」关系")
        self.use(neg)
        self.use(m)

    def _negated(self, m: _M) -> bool:
        prev = self._negation_before(m)
        if prev is not None:
            self.use(prev)
            return True
        return False

    def _values(self, b: _StepBuilder) -> None:
        for m in self.p.mentions:
            matches: list[ValueMatch] = []
            if m.kind == "field_value":
                d = m.data
                label, fld = d["label"], d["field"]
                if b.alias_of(label) is None and b.has_prop(b.entity, fld):
                    label = b.entity
                known = self.ctx.values.fields.get((label, fld)) or ()
                exact = [v for v in known if isinstance(v, str) and normalize(v) == normalize(d["value"])]
                legal = [
                    v for v in _legal_values(self.ctx, label, fld) if normalize(v) == normalize(d["value"])
                ]
                field_m = self.p.prev_before(m, skip_fillers=True)
                if normalize(d["value"]) in _BLANK and not exact:  # 离职日期是空的: no value, never the text 空
                    if self._negated(m) or self._exclusion_around(m):
                        raise _needs_llm(f"「{m.text}」前的否定词无法可靠理解")
                    b.filters.append(Filter(node=b.alias_of(label) or b.ensure(label), field=fld, op=Op.IS_NULL,
                                            value=None, value_source=ValueSource.DERIVED, text=d["value"]))
                    self.use(m)
                    if field_m is not None and field_m.has("field"):
                        self.use(field_m)
                    continue
                number = number_with_unit(d["value"], self.lx.units) if self._is_numeric(label, fld) else None
                if number is not None:  # 收款金额是0: a number on a numeric field, compared as one
                    vm = ValueMatch(label, fld, (number,), "eq", d["value"], True)
                elif not exact and legal and b.has_prop(label, fld):
                    vm = ValueMatch(label, fld, (legal[0],), "eq", d["value"], True, True)
                else:
                    vm = ValueMatch(label, fld, (exact[0] if exact else d["value"],), "eq", d["value"], bool(exact))
                if field_m is not None and field_m.has("field"):
                    self.use(field_m)
                self._attach_value(b, m, [vm])
                continue
            if m.kind == "cvalue":
                matches = partner_field(self.p, m, list(m.data))  # 耗材+固定资产: one field
            elif m.kind == "chosen_values":
                raise _needs_llm("无法确定所选取值对应的字段")
            elif m.kind == "lex" and (m.has("svalue") or m.has("value")):
                if m.text in ("其他", "其它", "其余", "别的") and len(self.cue("exclusion")) > 1:
                    continue  # 除了A，其他设备: the others of the exclusion, never the value 其他
                if (
                    m.has("label")
                    or m.has("field")
                    or m.has("rel")
                    or m.has("analysis")
                    or m.has("condition")
                ):
                    if not (m.has("svalue") or m.has("value")):
                        continue
                    fs = m.sense("field")
                    if fs is not None and self._is_numeric(
                        self.lx.field_label_preference.get(fs.get("field"), fs.get("label")), fs.get("field")
                    ):
                        continue  # a measure word (开票, 收款) is the measure, never a category value
                    # 投标/检查 …: the word is a label; only a value when nothing else uses it
                    if m.has("label") and id(m) in self.used:
                        continue
                    if m.has("label") and self._record_word_after(m):
                        continue  # 有财务数据的项目: 财务 names the records, not the job category 财务
                for s in m.senses:
                    if s.kind == "svalue":
                        for lab, fld, val in s.get("values"):
                            matches.append(
                                ValueMatch(lab, fld, (val,), "eq", m.text, True, bool(s.get("legal_only")))
                            )
                    elif s.kind == "value":
                        # in order (保安员证: the named kind first), the first the graph holds wins
                        for c in named_before_label(self.p, m, self.ctx.schema) + s.get("candidates", []):
                            expanded = self.ctx.values.expand(c["label"], c["field"], c["match"], c["value"])
                            if expanded is not None:
                                matches.append(expanded)
                                break
                matches = _exact_wins(m, matches)
                if not matches and m.has("value"):
                    # 报废 when no device is: still a legal value of 完好状况, so the answer is "none"
                    matches = self._legal_value_matches(m)
                if not matches:
                    if m.has("value") and not (m.has("label") or m.has("field")):
                        raise _insufficient(f"数据中没有与「{m.text}」对应的取值", "no_records", m.text)
                    continue
            else:
                continue
            self._attach_value(b, m, matches)

    def _record_word_after(self, m: _M) -> bool:
        """A label word right before 数据/记录/台账 names that kind of record."""
        nxt = self.p.next_after(m, skip_fillers=False)
        return nxt is not None and nxt.s == m.e and nxt.kind == "lex" and nxt.text in _RECORD_WORDS

    def _legal_value_matches(self, m: _M) -> list[ValueMatch]:
        """A lexicon value whose candidates the graph does not hold, but the template's dictionary
        allows (and the field is filled in the data): the filter stands and simply matches nothing."""
        out: list[ValueMatch] = []
        for s in m.senses:
            if s.kind != "value":
                continue
            for c in s.get("candidates", []):
                label, fld = c["label"], c["field"]
                info = self.ctx.schema.prop(label, fld)
                if info is None or not info.present:
                    continue
                legal = _legal_values(self.ctx, label, fld)
                if c["match"] == "contains":
                    hits = tuple(v for v in legal if c["value"] in v)
                else:
                    hits = tuple(v for v in legal if v == c["value"])
                if hits:
                    out.append(
                        ValueMatch(label, fld, hits, "in" if len(hits) > 1 else "eq", m.text, True, True)
                    )
                    break
        return out

    def _attach_value(self, b: _StepBuilder, m: _M, matches: list[ValueMatch]) -> None:
        hops_before = len(b.hops)
        labels = b.labels()
        # prefer a field on a node already in the step, the entity first
        chosen: list[tuple[str, ValueMatch]] = []
        for alias, lab in labels.items():
            hits = [v for v in matches if v.label == lab]
            if hits:
                chosen = [(alias, v) for v in hits]
                break
        if not chosen:
            # the same field name on the entity (岗位.岗位名称 → 人员.岗位名称)
            for v in matches:
                if b.has_prop(b.entity, v.field) and v.field not in self.lx.free_text_fields:
                    vals = self.ctx.values.fields.get((b.entity, v.field))
                    keep = tuple(x for x in v.values if vals is None or x in vals)
                    if keep:
                        op = "in" if len(keep) > 1 else "eq"
                        chosen = [("n0", ValueMatch(b.entity, v.field, keep, op, v.text, v.grounded, v.legal_only))]
                        break
        if not chosen:
            # 消防证书 / 报废设备: a value right before a label word is a value of that label
            nxt = self.p.next_after(m, skip_fillers=False)
            ls = nxt.sense("label") if nxt is not None and nxt.kind == "lex" else None
            if ls is not None and any(v.label == ls.get("label") for v in matches):
                matches = [v for v in matches if v.label == ls.get("label")]
        if not chosen:
            prefs = [lab for lab in self.lx.label_preference if any(v.label == lab for v in matches)]
            if not prefs:
                raise _needs_llm(f"无法确定「{m.text}」是哪个字段的取值")
            lab = prefs[0]
            alias = b.ensure(lab)
            chosen = [(alias, v) for v in matches if v.label == lab]
        chosen = named_with_its_record_word(chosen, m.text, self.lx.labels)  # 耗材 → 记录类型 耗材采购
        fields = {(a, v.field) for a, v in chosen}
        if len(fields) > 1:
            raise _needs_llm(f"「{m.text}」可能是多个字段的取值：" + "、".join(f for _, f in fields))
        alias, v = chosen[0]
        values: list[Any] = list(dict.fromkeys(x for _, vm in chosen for x in vm.values))
        neg = self._negated(m)
        excl = self._exclusion_around(m)
        if excl and not neg:
            if alias != "n0":
                raise _needs_llm(f"无法可靠地理解排除「{m.text}」的条件")
            neg = True
            for x in excl:
                self.use(x)
            self._other_words_after_exclusion()
        if v.op == "contains":
            op = Op.CONTAINS
            value: Any = values[0]
        elif len(values) > 1:
            op = Op.IN
            value = values
        else:
            op = Op.EQ
            value = values[0]
        legal_only = all(vm.legal_only for _, vm in chosen)
        if legal_only:
            src = ValueSource.DICTIONARY
        else:
            src = ValueSource.GROUNDED if v.grounded else ValueSource.USER_TEXT
        if neg and alias != "n0":
            # 没有电工证的人: no related record with that value at all (NOT EXISTS), never "has a
            # record with another value" (people holding only other certificates)
            self._negate_related_value(b, alias, hops_before, m)
            neg = False
        elif neg:
            if op is Op.CONTAINS:
                raise _needs_llm("否定的模糊条件暂不支持")
            op = Op.NE
            if isinstance(value, list):
                # not any of these values: one "not" condition per value
                for v2 in value[:-1]:
                    b.filters.append(
                        Filter(node=alias, field=v.field, op=op, value=v2, value_source=src, text=m.text)
                    )
                value = value[-1]
        named = self.p.prev_before(m, skip_fillers=True)
        fs = named.sense("field") if named is not None and named.kind == "lex" else None
        if fs is not None and fs.get("field") == v.field:
            assert named is not None
            self.use(named)  # 岗位是保安: the field word names the field of this value
        after = self.p.next_after(m, skip_fillers=False)
        fa = after.sense("field") if after is not None and after.kind == "lex" and after.s == m.e else None
        if fa is not None and fa.get("field") == v.field:
            assert after is not None
            self.use(after)  # 保安岗位: likewise, after the value
        new = Filter(node=alias, field=v.field, op=op, value=value, value_source=src, text=m.text)
        if self._merge_alternative(b, new, m):
            self.use(m)
            return
        b.filters.append(new)
        shown = "、".join(map(str, values))
        if legal_only:
            self.notes.append(
                f"「{shown}」是{v.field}的可选值（模板字典），当前数据中没有{v.field}为「{shown}」的记录"
            )
        self.slots.append(
            ("条件", f"{v.field} {'不是' if neg else ('包含' if op is Op.CONTAINS else '=')} {shown}")
        )
        if m.kind == "cvalue" or (v.grounded and normalize(m.text) != normalize(shown)):
            self.notes.append(f"「{m.text}」按{v.field}取值理解为：{shown}")
        self.use(m)

    def _conditions(self, b: _StepBuilder, conds: list[_M]) -> None:
        for m in conds:
            cs = m.sense("condition")
            assert cs is not None
            lab = cs.get("label")
            excl = self._exclusion_around(m) or ([n] if (n := self._negation_before(m)) is not None else [])
            if excl and lab == b.entity and str(cs.get("op")) in _NULL_FLIP:
                # 别算已经离职的 / 没发现问题的检查: the complement of a present / absent field is exact
                flipped = _concept_filter("n0", cs, m.text).model_copy(update={"op": _NULL_FLIP[str(cs.get("op"))]})
                b.filters.append(flipped)
                self.slots.append(("条件", f"不是{cs.get('text') or m.text}"))
                for x in (m, *excl):
                    self.use(x)
                self._other_words_after_exclusion()
                continue
            neg = self._negation_before(m)
            if neg is not None:
                if cs.get("field") and lab != b.entity and not self.p.of("time"):
                    # 从来没有加过班的员工: no related record meets the condition at all (NOT EXISTS)
                    hops_before = len(b.hops)
                    alias = b.add_path("n0", lab)
                    if len(b.hops) != hops_before + 1:
                        raise _needs_llm("否定的条件暂不支持（如“没有加班”），请换一种问法")
                    self._negate_related_value(b, alias, hops_before, m)
                    b.filters.append(_concept_filter(alias, cs, m.text))
                    self.use(neg)
                    self.use(m)
                    self.slots.append(("条件", f"没有{cs.get('text') or m.text}的{lab}记录"))
                    continue
                if cs.get("field") and lab != b.entity and self._negated_measure is None:
                    # 3月没有加班的人: those with the month's record, minus those whose record has it
                    fact_alias = b.alias_of(lab) or b.add_path("n0", lab)
                    self._negated_measure = _concept_filter(fact_alias, cs, m.text)
                    self.use(neg)
                    self.use(m)
                    self.slots.append(("条件", f"有{lab}记录但没有{cs.get('text') or m.text}"))
                    continue
                if cs.get("field") or cs.get("op") != "exists":
                    raise _needs_llm("否定的条件暂不支持（如“没有加班”），请换一种问法")
                # 没有证书 / 没排班: records that have no such related record at all
                self._negated_hop(b, neg, m, lab)
                continue
            alias = b.ensure(lab) if lab != b.entity else "n0"
            if cs.get("field"):
                b.filters.append(_concept_filter(alias, cs, m.text))
            self.slots.append(("条件", cs.get("text") or m.text))
            self.use(m)

    def _resolve_day_codes(self) -> None:
        """休息 is a code of both 考勤 and 排班月报: the kind of record named in the question
        decides; otherwise we must not pick one."""
        named = {ls.get("label") for m in self.p.lex("label") if (ls := m.sense("label")) is not None}
        for m in self.p.lex("derived"):
            days = [s for s in m.senses if s.kind == "derived" and s.get("day_codes")]
            if len(days) <= 1:
                continue
            keep = [s for s in days if s.get("label") in named]
            if len(keep) != 1:
                labels = "、".join(str(s.get("label")) for s in days)
                raise _needs_llm(f"「{m.text}」在{labels}中都有，请指明是哪一种记录")
            m.senses = [s for s in m.senses if s not in days or s is keep[0]]

    def _day_conditions(self, b: _StepBuilder) -> None:
        day_conditions(self, b)  # 请了病假的人 / 2月没有旷工的人 (understand/day_conditions)

    def _derived_conditions(self, b: _StepBuilder) -> None:
        """已过期的证书 / 已到期的项目: a derived attribute with a fixed condition (结束日期已经过了: passed)."""
        passed_date_conditions(self, b)
        for m in self.p.lex("derived_condition"):
            ds = m.sense("derived_condition")
            assert ds is not None
            if read_as_stated_value(self.p, m, b.filters):
                continue  # 合同状况显示已到期: the stated status, no date condition on top (one word read once)
            row = self.lx.derived_row(ds.get("derived"))
            if row is None:
                raise _needs_llm(f"无法换算「{m.text}」")
            lab, name, expression = own_date_row(self, b, str(ds.get("label")), row, m.text)  # 已到期的维保合同: its own
            alias = "n0" if lab == b.entity else b.ensure(lab)
            if not any(d.name == name and d.node == alias for d in b.derived):
                b.derived.append(Derived(name=name, node=alias, expression=expression, unit=row.get("unit")))
            op, value, said = derived_op(self, m, ds)  # 别算已经离职的: the row's complement (understand/excluded_derived)
            b.filters.append(Filter(node=alias, field=name, op=op, value=value, value_source=ValueSource.DERIVED, text=m.text))
            self.slots.append(("条件", said))
            self.notes.append(f"口径：{m.text}指{ds.get('text')}（按今天 {self.ctx.today.isoformat()} 判断）")
            self.use(m)

    def _percent_scale(self, label: str, fname: str, value: float, unit: str | None, m: _M) -> float:
        """10% on a 百分比 field is 0.10 (stored as a fraction); a bare number above 1 there is read
        as percent points, with a note; a % on any other field is not guessed."""
        info = self.ctx.schema.prop(label, fname)
        percent_field = info is not None and info.type == "百分比"
        if unit == "%":
            if not percent_field:
                raise _needs_llm(f"「{m.text}」是百分数，但{fname}不是百分比字段")
            self._note(f"口径：{fname}按小数存储，{m.text}即 {value / 100:g}")
            return value / 100
        if percent_field and value > 1:
            self._note(f"口径：{fname}按小数存储，{value:g} 按百分数理解为 {value / 100:g}")
            return value / 100
        return value

    def _numbers_and_derived(
        self, b: _StepBuilder, nums: list[_M], fields: list[_M], derived_m: list[_M]
    ) -> set[str]:
        names: set[str] = set()
        last: tuple[str, str, dict[str, Any] | None] | None = None
        for m in nums:
            d = m.data
            prev = self.p.prev_before(m)
            if prev is not None and yes_no_between(self.p, prev):
                prev = self.p.prev_before(prev)  # 3月开票|有没有|超过10万
            nxt = self.p.next_after(m)
            target: tuple[str, str, dict[str, Any] | None] | None = None  # (label, field, derived row)
            for nb in (prev, nxt):
                if nb is None or nb.kind != "lex":
                    continue
                ds = nb.sense("derived")
                fs = nb.sense("field")
                if ds is not None:
                    target = (ds.get("label"), ds.get("name"), ds.data)
                    self.use(nb)
                    break
                if fs is not None:
                    fname = fs.get("field")
                    kind = self.lx.units.get(d.get("unit") or "", {}).get("kind")
                    own = self.lx.field_units.get(fname)
                    if kind in ("times", "count") and own and own != d.get("unit"):
                        # 开票三次及以上: a number of records, not an amount of the measure
                        if self._times_having(b, m, fs):
                            self.use(nb)
                            break
                        raise _needs_llm(f"「{m.text}」是{nb.text}的次数，不是{fname}的数值")
                    if kind and own and kind not in ("times", "count") and self.lx.units.get(own, {}).get("kind") not in (None, kind):
                        raise _needs_llm(f"「{m.text}」的单位与{fname}（{own}）不同")  # 一年的合同额: not 合同金额 = 1
                    label = self.lx.field_label_preference.get(fname, fs.get("label"))
                    if b.alias_of(label) is None and b.has_prop(b.entity, fname):
                        label = b.entity
                    target = (label, fname, None)
                    self.use(nb)
                    break
            if target is None and d["unit"]:
                for fname in self.lx.unit_fields.get(d["unit"], []):
                    drow = next((x for x in self.lx.derived if x["name"] == fname), None)
                    if drow is not None and (drow["label"] == b.entity or b.alias_of(drow["label"])):
                        target = (drow["label"], fname, drow)
                        break
                    for alias, lab in b.labels().items():
                        del alias
                        if b.has_prop(lab, fname):
                            target = (lab, fname, None)
                            break
                    if target:
                        break
            one = float(d["value"]) == 1 and self.lx.units.get(d.get("unit") or "", {}).get("kind") in ("times", "count")
            if target is None and one and any(
                nb is not None and nb.kind == "lex" and any(x.kind == "cue" and x.name in ("max", "min") for x in nb.senses)
                for nb in (prev, nxt)
            ):
                self.use(m)  # 一次最低 / 单次最高: per record, not a condition
                self.p.ignored.append(m.text)
                self._per_record = m.text  # a plan that groups would answer another question
                continue
            if target is None and id(m) in self.used:
                continue  # read as a number of records (HAVING)
            if target is None and prev is not None and prev.kind == "num" and last is not None:
                target = last  # 10%及以上且12%及以下: the second bound is on the same field
            if target is None and (self._count_condition(b, m) or self._sum_condition(b, m)):
                continue
            if target is None:
                raise _needs_llm(f"无法确定「{m.text}」是对哪个字段的条件")
            last = target
            label, fname, drow = target
            alias = b.ensure(label)
            value = d["value"]
            op = Op(d["op"])
            value = self._percent_scale(label, fname, value, d["unit"], m)
            if drow is not None:
                if not any(x.name == fname and x.node == alias for x in b.derived):
                    b.derived.append(
                        Derived(name=fname, node=alias, expression=drow["expression"], unit=drow.get("unit"))
                    )
                names.add(fname)
                self._note(self._derived_note(drow))
                if fname in ("剩余服务月数", "证书剩余有效月数") and op in (Op.LT, Op.LTE):
                    b.filters.append(
                        Filter(node=alias, field=fname, op=Op.GTE, value=0, value_source=ValueSource.DERIVED)
                    )
            value_num: Any = int(value) if float(value).is_integer() else value
            b.filters.append(
                Filter(
                    node=alias,
                    field=fname,
                    op=op,
                    value=value_num,
                    value_source=ValueSource.DERIVED,
                    text=m.text,
                )
            )
            self.slots.append(
                ("条件", f"{fname} {_OP_WORDS.get(op.value, op.value)} {value_num}{d['unit'] or ''}")
            )
            self.use(m)
        for m in derived_m:
            if id(m) in self.used:
                continue
            ds = m.sense("derived")
            assert ds is not None
            if self.p.of("time") and m.has("date_verb"):
                continue
            alias = b.ensure(ds.get("label"))
            if not any(x.name == ds.get("name") for x in b.derived):
                b.derived.append(
                    Derived(
                        name=ds.get("name"), node=alias, expression=ds.get("expression"), unit=ds.get("unit")
                    )
                )
                self._note(self._derived_note(ds.data))
            names.add(ds.get("name"))
            self.use(m)
        return names


_NULL_FLIP = {"not_null": Op.IS_NULL, "is_null": Op.NOT_NULL}
"""The exact complement of a presence condition (a comparison's complement would lose the blanks)."""


def _concept_filter(node: str, cs: Sense, text: str) -> Filter:
    """The condition a lexicon concept stands for (加班 → 加班小时 > 0) on one node of the plan."""
    return Filter(node=node, field=cs.get("field"), op=Op(str(cs.get("op"))), value=cs.get("value"),
                  value_source=ValueSource.DERIVED, text=text)


def _exact_wins(m: _M, matches: list[ValueMatch]) -> list[ValueMatch]:
    """保洁员 when 保洁员 is a stored value: that value only, never widened by the lexicon's
    "contains" reading to its near variants (保洁_领班) of the same field; 保洁 (no stored value
    of its own) still means the whole group."""
    exact = {
        (v.label, v.field)
        for v in matches
        if v.op == "eq" and any(isinstance(x, str) and normalize(x) == normalize(m.text) for x in v.values)
    }
    if not exact:
        return matches
    return [
        v
        for v in matches
        if (v.label, v.field) not in exact
        or (v.op == "eq" and all(isinstance(x, str) and normalize(x) == normalize(m.text) for x in v.values))
    ]


def _legal_values(ctx: UnderstandContext, label: str, fld: str) -> tuple[str, ...]:
    """The dictionary (枚举) values of a field, from the template metadata of that label."""
    out: list[str] = []
    for t in ctx.templates.templates_for_label(label):
        if fld in t.field_names:
            out.extend(t.field(fld).enum)
    return tuple(dict.fromkeys(out))


_ABSENT_CACHE: dict[tuple[int, str], dict[str, list[tuple[str, str, str]]]] = {}


def _absent_legal_values(ctx: UnderstandContext) -> dict[str, list[tuple[str, str, str]]]:
    """normalised value → (label, field, value) for legal dictionary values (2+ characters) of
    fields filled in the data that no record holds; one table per (templates, schema version)."""
    key = (id(ctx.templates), ctx.schema.version)
    cached = _ABSENT_CACHE.get(key)
    if cached is not None:
        return cached
    out: dict[str, list[tuple[str, str, str]]] = {}
    for label in ctx.schema.labels:
        for t in ctx.templates.templates_for_label(label):
            for f in t.fields:
                info = ctx.schema.prop(label, f.name)
                if not f.enum or info is None or not info.present or info.values is None:
                    continue
                held = {normalize(str(v)) for v in info.values}
                for v in f.enum:
                    n = normalize(v)
                    if len(n) >= 2 and n not in held and (label, f.name, v) not in out.get(n, []):
                        out.setdefault(n, []).append((label, f.name, v))
    _ABSENT_CACHE.clear()
    _ABSENT_CACHE[key] = out
    return out

