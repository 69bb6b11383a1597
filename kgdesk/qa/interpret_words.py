"""Words that change meaning, understood or refused: 没有X证 (no such related record), A或B
(either value), 除了/以外 (exclusion); leftover words classified as names or fields the data
lacks; and the assumptions a rule plan made (for the agent's routing)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import (
    AggFn,
    Combine,
    Comparison,
    ExplainTarget,
    Filter,
    Op,
    QueryPlan,
    QueryType,
)
from kgdesk.qa.grounding import Grounding
from kgdesk.qa.interpret_having import _HavingMixin
from kgdesk.qa.lexicon import Sense, normalize
from kgdesk.qa.plan_builder import _Anchor, _StepBuilder
from kgdesk.qa.plan_mentions import _M, _insufficient, _needs_llm
from kgdesk.qa.understand import classify_leftover
from kgdesk.qa.understand.attribute_noun import attribute_noun
from kgdesk.qa.understand.bracket_union import value_start
from kgdesk.qa.understand.compare_words import without_frame
from kgdesk.qa.understand.count_or_amount import count_or_amount
from kgdesk.qa.understand.either import either_of_two
from kgdesk.qa.understand.leftovers import value_labels
from kgdesk.qa.understand.missing_person import person_noun, surname_before
from kgdesk.qa.understand.roles import attribute_slot
from kgdesk.qa.understand.self_intro import only_courtesy
from kgdesk.qa.understand.signed_words import signed_difference
from kgdesk.qa.understand.values_apart import values_apart
from kgdesk.qa.understand.words import as_written, colloquial_then_canonical, looks_like_person_name
from kgdesk.qa.understanding import Understanding, UnderstandingStatus


def _as_values(v: Any) -> list[Any]:
    return list(v) if isinstance(v, list) else [v]


class _WordsMixin(_HavingMixin):
    def _negate_related_value(self, b: _StepBuilder, alias: str, hops_before: int, m: _M) -> None:
        idx = int(alias[1:]) - 1
        hop = b.hops[idx] if 0 <= idx < len(b.hops) else None
        if (
            hop is None
            or idx < hops_before  # the related node is shared with other conditions
            or idx != len(b.hops) - 1
            or hop.source != "n0"
            or any(f.node in (alias, f"r{idx + 1}") for f in b.filters)
        ):
            raise _needs_llm(f"无法可靠地理解「{m.text}」前的否定词")
        b.hops[idx] = hop.model_copy(update={"negate": True})
        for x in self.p.lex("label"):
            ls = x.sense("label")
            if ls is not None and ls.get("label") == hop.target:
                self.use(x)  # 没有电工证: 证 is the negated record, not one more required
        self.notes.append(f"口径：“没有{m.text}”指不存在任何{hop.target}的记录满足该条件（{hop.rel}关系）")

    def _merge_alternative(self, b: _StepBuilder, new: Filter, m: _M) -> bool:
        """A或者B between two values of one field is one condition with either value (in), never
        both at once; two values of one field joined any other way are not guessed."""
        if new.op not in (Op.EQ, Op.IN):
            return False
        for i, old in enumerate(b.filters):
            if (old.node, old.field) != (new.node, new.field) or old.op not in (Op.EQ, Op.IN):
                continue
            if set(_as_values(old.value)) == set(_as_values(new.value)):
                # 停了的（停用）: two words grounded to the same value are one condition
                b.filters[i] = old.model_copy(update={"text": f"{old.text}（{m.text}）"})
                return True
            between = [
                x
                for x in self.p.mentions
                if x.kind == "lex" and x.s >= self._value_end(old) and x.e <= m.s and x.has("cue")
            ]
            if colloquial_then_canonical(self.p.qn, self._value_end(old), old, new, m, self.p.text):
                # 坏了的停用设备: a colloquial word right before a stored value describes it — one condition
                b.filters[i] = new.model_copy(update={"text": f"{old.text}（{m.text}）"})
                return True
            ors = [x for x in between if any(s.kind == "cue" and s.name == "disjunction" for s in x.senses)]
            if not ors:
                ors = either_of_two(self, b.entity, old, new, m)  # 带病运行和停用 / 保洁员和保洁领班一共多少人 / …都算
            if not ors and self._comparing() and old.op is new.op is Op.EQ and self._compare_field is None:
                # 男的比女的多几个: the two values are the two groups compared
                self._compare_field = (new.node, new.field, str(old.value), str(new.value))
                self._compare_span = (value_start(self.p.mentions, old, self._value_end(old)), m.e)
                b.filters[i] = old.model_copy(
                    update={"op": Op.IN, "value": [old.value, new.value], "text": f"{old.text}、{m.text}"}
                )
                return True
            apart = None if ors else values_apart(self.p, m.e)
            if apart is not None and self._apart_field in (None, (new.node, new.field)):
                # 男女各多少人 / 耗材采购和固定资产，金额各是多少: one group per named value
                self._apart_field = (new.node, new.field)
                for x in apart:
                    self.use(x)
                values = list(dict.fromkeys([*_as_values(old.value), *_as_values(new.value)]))
                b.filters[i] = old.model_copy(update={"op": Op.IN, "value": values, "text": f"{old.text}、{m.text}"})
                return True
            if not ors:
                raise _needs_llm(f"「{old.text}」和「{m.text}」是同一字段（{new.field}）的两个取值，无法确定是“或”还是“且”")
            values = [*_as_values(old.value), *_as_values(new.value)]
            values = list(dict.fromkeys(values))
            b.filters[i] = old.model_copy(update={"op": Op.IN, "value": values, "text": f"{old.text}或{m.text}"})
            for x in ors:
                self.use(x)
            return True
        return False

    def _value_end(self, f: Filter) -> int:
        """End of the mention that produced filter `f` (by its words), else 0."""
        for x in self.p.mentions:
            if f.text and normalize(x.text) == normalize(f.text):
                return x.e
        return 0

    def _classify_unknown(self, unknown: list[_M]) -> None:
        """A word the data lacks is said so (insufficient, with the reason), not "needs an LLM":
        a personal name no record holds, or a field no template has."""
        lx = self.lx.raw
        surnames = set(lx.get("surnames", []))
        if (noun := attribute_noun(self.p, unknown, self._named_before, self._field_word)) is not None:
            written = as_written(self.p.text, noun)  # 每家供应商的法人代表: never 人 as a record type
            raise _insufficient(f"台账中没有「{written}」这一项", "no_such_field", written)
        for m in unknown:
            if why := lx.get("ordinary_words", {}).get(m.text):  # 全勤: an ordinary word, never a missing name
                raise _needs_llm(f"「{m.text}」{why}")
            attribute = attribute_slot(self.p, m, self._named_before)
            if attribute is not None and len(m.text) >= 2 and not self._field_word(attribute):
                raise _insufficient(f"台账中没有「{attribute}」这一项", "no_such_field", attribute)
            text, prev = m.text, self.p.prev_before(m, skip_fillers=False)
            if (
                prev is not None
                and prev.e == m.s
                and prev.kind == "lex"
                and len(prev.text) == 1
                and prev.text in surnames
                and all(s.kind == "filler" for s in prev.senses)
            ):
                text = prev.text + text  # 张三: 张 is also a classifier (filler)
                prev = self.p.prev_before(prev, skip_fillers=False)
            nxt = self.p.next_after(m, skip_fillers=False)
            while nxt is not None and nxt.s == m.e and nxt.kind == "lex" and nxt.has("field") and not nxt.has("cue"):
                text += nxt.text  # 婚姻|状况: a generic field word completes the unknown one
                nxt = self.p.next_after(nxt, skip_fillers=False)
            if prev is not None and prev.e == m.s and prev.kind == "lex" and (prev.has("svalue") or prev.has("value")):
                de = self.p.prev_before(prev, skip_fillers=False)
                named = {str(ls.get("label")) for x in self.p.lex("label") if (ls := x.sense("label")) is not None}
                if de is not None and de.kind == "lex" and de.text == "的" and self._named_before(de) and not (
                    value_labels(prev) & named
                ):
                    text, prev = prev.text + text, de  # 川沙人民医院的绿化|率: one noun, not a value
            name_position = prev is None or prev.is_filler() or prev.kind == "time" or person_noun(prev, self.p, m)
            after_de = prev is not None and prev.kind == "lex" and prev.text == "的" and self._named_before(prev)
            if after_de and nxt is not None and nxt.s == m.e and nxt.kind == "lex" and self._field_word(nxt.text):
                text += nxt.text  # 电梯的载客|人数: a field-like compound no template has
                nxt = self.p.next_after(nxt, skip_fillers=False)
            asked = nxt is not None and nxt.s == m.e and nxt.kind == "lex" and (nxt.has("cue") or nxt.has("display"))
            field_position = (
                after_de
                and (nxt is None or (nxt.kind == "lex" and (nxt.has("cue") or nxt.has("display") or nxt.is_filler())))
            ) or (  # 颛桥派出所每个月|电费|是多少: a noun between what is named and the question word
                asked
                and nxt is not None
                and prev is not None
                and prev.e == m.s
                and (prev.kind == "entity" or (prev.kind == "lex" and prev.has("cue") and not prev.has("filler")))
                and any(s.kind == "cue" and s.name in ("status", "count") for s in nxt.senses)
            )
            wc = classify_leftover(
                text,
                neutral=(),
                fillers=(),
                surnames=surnames,
                field_position=field_position,
                name_position=name_position,
            )
            ranked = self._compared_after(m.e)
            if wc.kind == "person_name" and not self._field_word(text) and not ranked:  # 花钱|最多: a verb phrase
                raise _insufficient(f"数据中没有名为「{text}」的人员", "no_such_entity", text)
            prefixed = self._prefixed_name(text) if name_position else None
            if prefixed is not None:  # 青浦-星河湾: the data's own naming (区域-名称), no such one
                raise _insufficient(
                    f"数据中没有名为「{prefixed[0]}」的{prefixed[1]}", "no_such_entity", prefixed[0]
                )
            places = self.lx.raw.get("place_suffixes", [])
            if len(text) >= 4 and text.endswith(tuple(places)) and name_position:
                written = as_written(self.p.text, text)  # 浦东-星河湾花园: the hyphen the user wrote stays
                raise _insufficient(f"数据中没有名为「{written}」的项目", "no_such_entity", written)
            other = prev is not None and prev.kind == "lex" and prev.text in ("其他", "其它", "别的")
            if wc.kind == "field" and not other:  # 除了X，其他状况: the complement of X, not a missing field
                raise _insufficient(f"台账中没有「{text}」这一项", "no_such_field", text)

    def _compared_after(self, end: int) -> bool:
        """花钱|最多 / 花钱|超过10万: a word compared or ranked right after it is a verb phrase, never a name."""
        after = self.p.qn[end:]
        return after.startswith("最") or any(after.startswith(t) for ts in self.lx.comparators.values() for t in ts)

    def _field_word(self, text: str) -> bool:
        """金额 / 类型: the end of a field name of the schema (开票金额, 投标类型) is not a person's name."""
        return any(
            fld.endswith(text)
            for info in self.ctx.schema.labels.values()
            for fld in info.properties
        )

    def _prefixed_name(self, text: str) -> tuple[str, str] | None:
        """(name as written, label) when `text` starts with the prefix of many names of one label
        (青浦- of 青浦-区图书馆, 青浦-北斗园区 …) and the question wrote it that way (青浦-星河湾)."""
        counts: dict[tuple[str, str], int] = {}
        totals: dict[str, int] = {}
        for e in self.ctx.index.entries:
            if e.role != "name" or e.field != self.ctx.schema.display_field(e.label):
                continue  # full names only: short names (项目简称) carry no prefix and halved the share
            totals[e.label] = totals.get(e.label, 0) + 1
            head, dash, _ = e.text.partition("-")
            if dash and 1 <= len(head) <= 4:
                counts[(e.label, head)] = counts.get((e.label, head), 0) + 1
        for (label, head), n in counts.items():
            written = f"{head}-{text[len(head):]}"
            shaped = n >= 2 and n * 20 >= totals[label] and text.startswith(head) and len(text) > len(head) + 1
            if shaped and (written in self.p.text or written.replace("-", "－") in self.p.text):
                return written, label
        return None

    def _named_before(self, de: _M) -> bool:
        """「赵德胜的」「人员的」: something named (an entity, a kind of record) before 的."""
        before = self.p.prev_before(de, skip_fillers=False)
        return before is not None and (
            before.kind in ("entity", "name", "leftover", "cvalue", "field_value")
            or (before.kind == "lex" and (before.has("label") or before.has("svalue") or before.has("value")))
        )

    def _after_negated_value(self, m: _M) -> bool:
        """没有消防证书: the label word names the records that must not exist (with that value),
        so it is never the thing asked for."""
        prev = self.p.prev_before(m, skip_fillers=False)
        if prev is None or not (prev.kind in ("cvalue", "field_value") or prev.has("svalue") or prev.has("value")):
            return False
        if self._negation_before(prev) is None:
            return False
        if prev.e == m.s:
            return True  # 没有消防证书: value and label are one compound, the records that must not exist
        ls = m.sense("label")
        lab = ls.get("label") if ls is not None else None
        labels: set[str] = set()
        for s in prev.senses:
            if s.kind == "svalue":
                labels.update(v[0] for v in s.get("values"))
            elif s.kind == "value":
                labels.update(c["label"] for c in s.get("candidates", []))
        if prev.kind == "cvalue":
            labels.update(v.label for v in prev.data)
        return lab not in labels  # 不是保安的员工: a value of the label itself, not a related record

    def _anchor_exclusion(self, a: _Anchor) -> list[_M]:
        m = next((x for x in self.p.mentions if (x.s, x.e) == a.span), None)
        return self._exclusion_around(m) if m is not None else []

    def _assumptions(self, plan: QueryPlan) -> list[str]:
        """What the rules chose that the question did not say: default 口径 conditions, a year
        for a bare month, names matched by part or similarity, words read as field values."""
        out: list[str] = []
        for step in plan.steps:
            for f in step.filters:
                if f.assumption:
                    out.append(f"默认条件 {f.field} = {f.value}")
        for m in self.p.of("time"):
            if getattr(m.data, "assumed_year", False):
                out.append(f"「{m.text}」的年份按数据推定为 {m.data.start[:4]}")
        for g in self.records:
            if g.method != "exact":
                out.append(f"「{g.text}」按{g.method}匹配为 {g.display}")
        out.extend(n for n in self.notes if "理解为" in n)
        return list(dict.fromkeys(out))

    def _comparison(self, plan: QueryPlan, anchors: list[_Anchor]) -> None:
        """A比B高多少 → the difference A − B; A比B高吗 → whether A > B; A是B的几倍 → the ratio. A and
        B are two named entities of one kind, or two months, in the order the question names them."""
        more, less = self.cue("more"), self.cue("less")
        diff, ratio = self.cue("difference"), self.cue("ratio")
        # 多多少 / 差几个 ask by how much; 次数 / 数量 only name what is counted
        how_much = [c for c in self.cue("count") if "多少" in c.text or "几" in c.text]
        asked = bool(more or less or diff or ratio or how_much)
        if plan.aggregate is None or len(plan.group_by) != 1:
            if not asked:
                return
            raise _needs_llm("无法确定要比较的两组")
        g = plan.group_by[0]
        ordered = sorted(anchors, key=lambda a: a.span)
        label = plan.output_step.aliases().get(g.node)
        keys: list[str] = []
        if g.field is None:
            keys = [a.keys[0] for a in ordered if a.label == label and len(a.keys) == 1]
        elif g.field == "年月":
            times = sorted(self.p.of("time"), key=lambda m: m.s)
            keys = [m.data.start for m in times if m.data.start == m.data.end]
        elif self._compare_field is not None and (g.node, g.field) == self._compare_field[:2]:
            keys = list(self._compare_field[2:])
        if len(keys) != 2 or keys[0] == keys[1]:
            if not asked:
                return  # 对比各项目: a table of groups, no single value
            raise _needs_llm("比较需要恰好两个对象或两个月份")
        left, right = keys
        if not asked:
            measure = "difference"  # 对比A和B的开票金额: cli.md's value is A − B, in the order named
        elif ratio:
            measure = "ratio"
        elif (diff or how_much) and not signed_difference(self.p.qn):
            measure = "abs_difference"  # A和B相差多少 / 哪个多，多多少 (中标和未中标，哪个多: counted, test_hazards25)
        elif diff or how_much:
            measure = "difference"
            self._count_or_amount(plan)  # 耗材采购比固定资产少多少: the number or the money
            if less and not more:
                left, right = right, left  # A比B少多少: how much B exceeds A
        elif (more or less) and "比" not in without_frame(self.p.qn) and not self._asks_yes_no():
            if not any(w in self.p.qn for w in ("哪", "谁")):
                raise _needs_llm("“多/高”是问哪一个还是相差多少？可以问“哪个多，多多少”")
            # A和B哪个高: the name of the higher one (哪个高、高多少 asks by how much, above)
            measure = "larger" if more else "smaller"
        elif more or less:
            measure = "greater" if more else "less"
        else:
            return
        plan.comparison = Comparison(measure=measure, left=left, right=right)
        for m in (*more, *less, *diff, *ratio):
            self.use(m)

    def _count_or_amount(self, plan: QueryPlan) -> None:
        """A bare 多少 comparing counts of records that carry money is refused (understand/count_or_amount)."""
        agg = plan.aggregate
        if agg is None or agg.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) or agg.field != "_key":
            return
        label = plan.output_step.aliases().get(agg.node)
        why = count_or_amount(self.p, self.lx, self.ctx.schema, label) if label else None
        if why:
            raise _needs_llm(why)

    def _asks_yes_no(self) -> bool:
        """A高于B吗 / 是否超过 / 是不是更高: a yes/no question, answered with a boolean, never a number."""
        qn = self.p.qn.rstrip("?？。!！ ")
        return (qn.endswith(("吗", "么", "嘛")) and not qn.endswith(("什么", "怎么"))) or any(w in qn for w in ("是否", "是不是", "有没有"))

    def _smalltalk(self) -> Understanding | None:
        """A greeting, thanks or "what can you do" gets a plain answer of what kgdesk does; a request
        to change data gets the truth that kgdesk only reads, and how to replace data."""
        talk = self.lx.raw.get("smalltalk", {})
        qn = self.p.qn
        change = [w for w in talk.get("data_change", []) if w in qn]
        if change and (not qn.startswith("改") or "把" in qn):
            text = talk.get("read_only", "")
        else:
            words = {normalize(w) for w in (*talk.get("greetings", []), *self.lx.fillers)}
            if not only_courtesy(qn, words, talk.get("self_intro", [])):  # 我是新来的财务，请多关照
                return None
            text = talk.get("answer", "")
        plan = QueryPlan(query_type=QueryType.EXPLAIN, explain=ExplainTarget())
        return Understanding(
            status=UnderstandingStatus.EXPLAIN,
            plan=plan,
            confidence=1.0,
            slots=[("意图", "使用说明")],
            explain_text=text,
        )

    def _date_verb_metric(self) -> tuple[str, str, bool] | None:
        """赵德胜什么时候入职的 / 证书哪天到期: a date verb with a when-question asks for that date field."""
        earliest = [c for c in (*self.cue("min"), *self.cue("max")) if c.text in ("最早", "最晚")]
        if self.p.of("time") or not (
            earliest
            or any(
                any(w in c.text for w in ("什么时候", "何时", "哪天", "几号", "哪一天", "日期"))
                for c in self.cue("status")
            )
        ):
            return None
        verbs = self.p.lex("date_verb")
        if len(verbs) != 1:
            return None
        if any(w in c.text for c in self.cue("status") for w in ("哪年", "哪一年", "哪个月")):
            raise _needs_llm("问的是年份或月份，不是完整日期")
        dv = verbs[0].sense("date_verb")
        assert dv is not None
        self.use(verbs[0])
        return (dv.get("label"), dv.get("field"), False)

    def _apply_negated_measure(self, plan: QueryPlan) -> QueryPlan:
        """有考勤但没有加班: the records of the month minus those that meet the condition (a
        missing or zero value is "none"), by entity key."""
        f = self._negated_measure
        if f is None:
            return plan
        if len(plan.steps) != 1 or plan.combine or plan.group_by or plan.having is not None:
            raise _needs_llm("否定的条件暂不支持（如“没有加班”），请换一种问法")
        if plan.aggregate is not None and (plan.aggregate.node, plan.aggregate.field) != ("n0", "_key"):
            raise _needs_llm("否定的条件暂不支持（如“没有加班”），请换一种问法")
        base = plan.steps[0].model_copy(update={"id": "s1"})
        met = base.model_copy(update={"id": "s2", "filters": [*base.filters, f], "description": f"{f.text}的记录"})
        self._note(f"口径：“没有{f.text}”指有该记录、但记录中{f.field}不满足该条件（未填写视为没有）")
        return plan.model_copy(update={"steps": [base, met], "combine": [Combine(op="difference", steps=["s1", "s2"])]})

    def _display_metric(self, anchors: list[_Anchor]) -> tuple[str, str, bool] | None:
        """XMSQ0102叫什么名字 / 全称是什么: the display field (项目名称, 姓名) of the one named entity."""
        words = [m for m in self.p.mentions if m.kind == "lex" and m.has("display")]
        if not words:
            return None
        if len(anchors) != 1:
            raise _needs_llm("无法确定要问哪一个对象的名称")
        label = anchors[0].label
        fld = self.ctx.schema.display_field(label)
        if not fld:
            raise _needs_llm(f"{label}没有名称字段")
        for m in words:
            self.use(m)
        return (label, fld, False)

    def _people_with_measure(self) -> None:
        """多少人加班 / 几个人出勤: a number of people with the measure, i.e. the lexicon's condition on
        that field (平时加班小时 > 0), never the measure's total."""
        if not self._counted_labels().get("人员"):
            return
        rows = [r for r in self.lx.raw.get("conditions", []) if r.get("field") and r.get("op") == "gt"]
        for m in self.p.lex("field"):
            fs = m.sense("field")
            assert fs is not None
            row = next((r for r in rows if r["field"] == fs.get("field")), None)
            if row is not None and not self.p.of("num"):
                m.senses = [Sense("condition", row, row.get("text", m.text))]

    def _counted_labels(self) -> dict[str, list[_M]]:
        """Labels whose number the question asks: 多少人 (the classifier), 几个人 / 多少名员工 (a count
        word right before a label word)."""
        out: dict[str, list[_M]] = {}
        for c in self.cue("count"):
            lab = self.lx.classifier_label(c.text[-1])
            nxt = self.p.next_after(c, skip_fillers=False)
            if lab is None and nxt is not None and nxt.s == c.e and nxt.kind == "lex":
                ls = nxt.sense("label")
                lab = ls.get("label") if ls is not None else None
            if lab is not None:
                out.setdefault(lab, []).append(c)
        return out

    def _final_negation_is_a_question(self) -> None:
        """赵德胜3月加班了没有 / 有电工证没: a 没(有) ending the question asks yes or no."""
        ms = sorted(self.p.mentions, key=lambda x: x.s)
        while ms and ms[-1].is_filler():
            ms.pop()
        last = ms[-1] if ms else None
        if (
            last is not None
            and last.kind == "lex"
            and last.text in ("没有", "没")
            and any(s.kind == "cue" and s.name == "negation" for s in last.senses)
            and len(ms) > 1
            and not (self.cue("list") or self.cue("which") or self.cue("count"))
        ):
            last.senses = [Sense("cue", {"cue": "existence"}, "existence")]

    def _not_a_fragment(self, m: _M) -> None:
        """浦东-世纪大厦 / 王大明: a whole name the data lacks is said to be missing, not split into
        the fragments other names share with it (大厦, 王大) offered as choices."""
        g = m.data
        if not isinstance(g, Grounding) or any(c.method == "exact" for c in g.candidates):
            return
        text = surname_before(self.p, m, self.lx.raw.get("surnames", [])) + m.text  # 张|伟伟: one name
        attribute = attribute_slot(self.p, m, self._named_before)
        if attribute is not None and not self._field_word(attribute):
            # 员工的平均身高 / 川沙人民医院有多少个停车位: a noun where a field or a counted thing stands
            raise _insufficient(f"台账中没有「{attribute}」这一项", "no_such_field", attribute)
        partial = all(c.method == "fuzzy" or (c.method == "contains" and c.entry.norm in text) for c in g.candidates)
        if not partial:
            return
        surnames = set(self.lx.raw.get("surnames", []))
        places = tuple(self.lx.raw.get("place_suffixes", []))
        if looks_like_person_name(text, surnames) and all(c.entry.label == "人员" for c in g.candidates) and not self._field_word(text):
            raise _insufficient(f"数据中没有名为「{text}」的人员", "no_such_entity", text)
        if len(text) >= 4 and text.endswith(places):
            written = as_written(self.p.text, text)
            raise _insufficient(f"数据中没有名为「{written}」的项目", "no_such_entity", written)

