"""What the question is about: the free label words and the one the answer lists, the asked
attribute (metric), grouping words, relationship words (负责人, 子项目 …) and their anchors, and
whether an attribute fits the named entities."""

from __future__ import annotations

import re

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.interpret_base import _InterpreterBase
from kgdesk.qa.lexicon import Sense, _record_labels
from kgdesk.qa.plan_builder import _Anchor, _shortest_paths
from kgdesk.qa.plan_mentions import _M, _needs_llm
from kgdesk.qa.understand.leftovers import labels_named, value_labels
from kgdesk.qa.understand.money_total import money_total
from kgdesk.qa.understand.roles import role_relation
from kgdesk.qa.understand.self_relation import self_relation_direction

_COUNTED_UNIT_KINDS = ("count", "people", "times", "months")
"""Units a number of records may be counted in (几个, 多少人, 几次, 几个月); any other unit
(平方米, 岁, 元) asks for a value of a field."""


_MEASURE_WORDS = frozenset("个家位名台件部张本条项笔间座份")
"""Measure words a group cue may carry before its label (每家, 每位, 每台)."""

class _TargetsMixin(_InterpreterBase):
    # ---------------------------------------------------------------- pieces

    def _free_labels(self, anchors: list[_Anchor]) -> list[_M]:
        """Label words that are not just the type of a named entity (青浦图书馆**项目**)."""
        out = []
        for m in self.p.lex("label"):
            ls = m.sense("label")
            assert ls is not None
            label = ls.get("label")
            prev = self._past_demonstrative(self.p.prev_before(m, skip_fillers=False))
            nxt = self.p.next_after(m, skip_fillers=False)
            attached = False
            for nb in (prev, nxt):
                if nb is not None and nb.kind in ("entity", "entity_multi", "name", "ambiguous"):
                    g = nb.data
                    lab = None
                    if isinstance(g, Grounding) and g.chosen is not None:
                        lab = g.chosen.entry.label
                    elif isinstance(g, Grounding) and g.attribute is not None:
                        lab = None
                    elif nb.kind == "entity_multi":
                        lab = nb.data["entries"][0].label
                    elif nb.kind == "name" and isinstance(g, dict):
                        lab = g.get("label")
                    if lab == label and (nb is prev or nb.s == m.e):  # 项目XMSQ0150: glued before it restates it too
                        attached = True
            if m.has("cue") and m.sense("cue") is not None:
                pass
            if attached:
                self.use(m)
                continue
            out.append(m)
        return out

    def _past_demonstrative(self, prev: _M | None) -> _M | None:
        """XMSQ0150这个项目: a demonstrative (lexicon entity_demonstratives) between a named entity and its
        type's word only points back at the entity — the word is still its type, never the thing listed
        (which would answer with the entity itself, ranked by a count)."""
        words = set(self.lx.raw.get("entity_demonstratives", {}).get("words", []))
        if prev is not None and prev.kind == "lex" and prev.is_filler() and prev.text in words:
            return self.p.prev_before(prev, skip_fillers=False)
        return prev

    def _pick_free_label(self, labels: list[_M]) -> str:
        chosen = {}
        for m in labels:
            ls = m.sense("label")
            assert ls is not None
            chosen[ls.get("label")] = m
        picked: str | None = None
        if len(chosen) == 1:
            picked = next(iter(chosen))
        else:
            # the label right after a question word wins (有多少个**项目**), else the last one
            for m in labels:
                prev = self.p.prev_before(m)
                if (
                    prev is not None
                    and prev.kind == "lex"
                    and any(
                        s.kind == "cue" and s.name in ("count", "which", "list", "existence")
                        for s in prev.senses
                    )
                ):
                    ls = m.sense("label")
                    assert ls is not None
                    picked = str(ls.get("label"))
                    break
            if picked is None:
                ls = labels[-1].sense("label")
                assert ls is not None
                picked = str(ls.get("label"))
        # only the mentions of the chosen label are used here; the others become conditions
        for m in labels:
            ls = m.sense("label")
            if ls is not None and ls.get("label") == picked:
                self.use(m)
        return picked

    def _metric(self, fields: list[_M], derived_m: list[_M]) -> tuple[str, str, bool] | None:
        """(label, field, derived?) of the attribute the question asks about, if any."""
        cands: list[tuple[str, str, bool, _M]] = []
        for m in fields:
            if id(m) in self.used:  # already the grouping (各岗位)
                continue
            # a field followed by a number is a condition (司龄满5年), handled with the numbers
            nxt = self.p.next_after(m)
            if nxt is not None and nxt.kind == "num":
                continue
            if (
                nxt is not None
                and nxt.kind == "lex"
                and any(s.kind == "cue" and s.name == "sum" for s in nxt.senses)
                and (after := self.p.next_after(nxt)) is not None
                and after.kind == "num"
            ):
                continue  # 开票金额合计超过100万: a condition on a total, handled with the numbers
            if self._value_follows(m):
                continue
            senses = [s for s in m.senses if s.kind == "field"]
            pref = self.lx.field_label_preference
            s0 = senses[0]
            fname = s0.get("field")
            label = s0.get("label") if s0.get("own") else pref.get(fname, s0.get("label"))  # own: B3
            if (self.p.of("time") or self.cue("trend")) and not self._monthly(label):
                # 每个月的在岗人数: the label that has months holds the answer (月度快照, not 岗位编制)
                monthly = [
                    lab
                    for lab, info in self.ctx.schema.labels.items()
                    if fname in info.properties and self._monthly(lab)
                ]
                if len(monthly) == 1:
                    label = monthly[0]
            cands.append((label, fname, False, m))
        for m in derived_m:
            nxt = self.p.next_after(m)
            prev = self.p.prev_before(m)
            if (nxt is not None and nxt.kind == "num") or (prev is not None and prev.kind == "num"):
                continue
            if self.p.of("time") and any(s.kind == "date_verb" for s in m.senses):
                continue
            d = m.sense("derived")
            assert d is not None
            if d.get("day_codes") and not self._days_asked():
                continue  # 请了病假的人: a condition (病假天数 > 0), see _day_conditions
            cands.append((d.get("label"), d.get("name"), True, m))
        if not cands:
            return None
        if len({(c[0], c[1]) for c in cands}) > 1:
            numeric = [c for c in cands if c[2] or self._is_numeric(c[0], c[1])]
            if len({(c[0], c[1]) for c in numeric}) == 1:
                cands = numeric
            else:
                # several attributes: a status look-up of more than one field
                self._extra_fields = [(c[0], c[1]) for c in cands[1:]]
        c = cands[0]
        self.use(c[3])
        for other in cands[1:]:
            self.use(other[3])
        return c[0], c[1], c[2]

    def _unit_metric(self, conds: list[_M], anchors: list[_Anchor]) -> tuple[str, str, bool] | None:
        """出勤多少天: a count asked in the unit of a field (天 → 上班天数) next to a condition on that
        same field (出勤 = 上班天数 > 0) asks for the field's total, not for how many records qualify."""
        cond_fields: dict[str, str] = {}
        for m in conds:
            cs = m.sense("condition")
            if cs is not None and cs.get("field"):
                cond_fields.setdefault(cs.get("field"), cs.get("label"))
        for c in self.cue("count"):
            unit = re.sub(r"^(?:多少|几)个?", "", c.text)
            for fname in self.lx.unit_fields.get(unit, []):
                if fname in cond_fields:
                    return cond_fields[fname], fname, False
        return self._field_of_unit(anchors)

    def _field_of_unit(self, anchors: list[_Anchor]) -> tuple[str, str, bool] | None:
        """青浦-区图书馆多少平方米: a quantity asked in a unit (平方米) of a named entity asks for
        the one field of that entity that carries the unit (合同面积), never a count of it."""
        words = {str(ls.get("label")) for m in self.p.lex("label") if (ls := m.sense("label")) is not None}
        # 历次检查…多少分: a record type named in words before the anchor's own fields; 耗材采购 names 采购记录
        # 供应商的耗材采购和固定资产加起来多少钱: the record type whose values were said (采购记录)
        valued = {lab for m in self.p.mentions for lab in value_labels(m)} & _record_labels()
        for labels in ([words & _record_labels()] if words & _record_labels() else []) + [
            {a.label for a in anchors} or labels_named(self.p),
            valued,
        ]:
            if (found := self._unit_field_of(labels)) is not None:
                return found
        return money_total(self.p, self.ctx.schema, (words & _record_labels()) or valued or labels_named(self.p))

    def _unit_field_of(self, labels: set[str]) -> tuple[str, str, bool] | None:
        """The one field of `labels` that carries the unit a count word asks in."""
        for c in self.cue("count"):
            unit = self._unit_of_count(c) or ""
            info = self.lx.units.get(unit, {})
            money = (info.get("kind") == "money" or unit.endswith("钱")) and float(info.get("factor", 1)) == 1
            if not money and (info.get("kind") in (None, *_COUNTED_UNIT_KINDS) or float(info.get("factor", 1)) != 1):
                continue  # 多少万平方米: a scaled unit is not converted here (refused in the checks)
            found: list[tuple[str, str, bool]] = []
            fields = self.lx.unit_fields.get(unit, [])
            if money:
                # 花了多少钱: the additive money fields of the templates (field_units 元)
                fields = [f for f, u in self.lx.field_units.items() if u == "元" and f in self.lx.additive_fields]
            for fname in fields:
                row = self.lx.derived_row(fname)
                for lab in labels:
                    if row is not None and row.get("label") == lab:
                        found.append((lab, fname, True))
                    elif row is None and (pi := self.ctx.schema.prop(lab, fname)) is not None and pi.present:
                        found.append((lab, fname, False))  # a field no record of the label fills names nothing
            found = list(dict.fromkeys(found))
            if len(found) == 1:
                c.senses = [Sense("cue", {"cue": "status"}, "status")]  # a value asked, not a count
                key = self.ctx.schema.key_fields(found[0][0])
                # 清洁耗材买了多少钱: money of records numbered one by one (no month in their key) adds up
                self._money_total = money and not found[0][2] and not any(
                    (pi := self.ctx.schema.prop(found[0][0], k)) is not None and (pi.is_month or pi.is_date) for k in key
                ) and found[0][0] in _record_labels()
                return found[0]
        return None

    def _value_unit(self) -> str | None:
        """青浦-区图书馆多少万平方米: the unit of a count word that is not a number of records."""
        for c in self.cue("count"):
            unit = self._unit_of_count(c) or ""
            kind = self.lx.units.get(unit, {}).get("kind")
            if kind is not None and kind not in _COUNTED_UNIT_KINDS:
                return unit
            if unit.endswith(("钱", "元")):
                return unit  # 多少钱 / 几块钱 asks an amount of money, never a number of records
        return None

    def _unit_of_count(self, c: _M) -> str | None:
        """多少平方米 / 多少|平米 / 多少万|平方米: the unit a count word asks in, if any."""
        unit = re.sub(r"^(?:多少|几)个?", "", c.text)
        nxt = self.p.next_after(c, skip_fillers=False)
        if (
            nxt is not None
            and nxt.s == c.e
            and nxt.kind == "lex"
            and nxt.text in self.lx.units
            and any(s.kind == "filler" and s.get("unit") for s in nxt.senses)
        ):
            unit += nxt.text
        return unit or None

    def _value_follows(self, m: _M) -> bool:
        """岗位是保安_领班 / 状态为服务中: the field names what the value filters."""
        nxt = self.p.next_after(m)
        if nxt is not None and nxt.kind == "field_value":
            return True
        fs0 = m.sense("field")
        numeric = fs0 is not None and self._is_numeric(str(fs0.get("label")), str(fs0.get("field")))
        if nxt is not None and nxt.kind == "lex" and (nxt.has("svalue") or nxt.has("value")) and not numeric:
            return True  # an amount is never equal to a word (耗材采购金额中清洁耗材: the amount of those)
        # 保安岗位 / 服务中状态: a value of this very field right before it
        prev = self.p.prev_before(m, skip_fillers=False)
        fs = m.sense("field")
        if prev is None or prev.e != m.s or fs is None:
            return False
        fld = fs.get("field")
        if prev.kind == "cvalue":
            return any(v.field == fld for v in prev.data)
        if prev.kind != "lex":
            return False
        for s in prev.senses:
            if s.kind == "svalue" and any(v[1] == fld for v in s.get("values")):
                return True
            if s.kind == "value" and any(c["field"] == fld for c in s.get("candidates", [])):
                return True
        return False

    def _value_labels(self) -> set[str]:
        out: set[str] = set()
        for m in self.p.mentions:
            if m.kind != "lex":
                continue
            for s in m.senses:
                if s.kind == "svalue":
                    out.update(v[0] for v in s.get("values"))
                elif s.kind == "value":
                    out.update(c["label"] for c in s.get("candidates", []))
        for m in self.p.of("cvalue"):
            out.update(v.label for v in m.data)
        return out

    def _group_target(self) -> tuple[str, str | None] | None:
        """各项目 / 每个片区 / 按岗位 → (label, None) or (label, field)."""
        for c in self.cue("group"):
            nxt, end = self.p.next_after(c, skip_fillers=False), c.e
            while nxt is not None and nxt.kind == "lex" and nxt.s == end and any(s.get("restated") for s in nxt.senses):
                # 每个区（市区）: the word the parenthesis restates stands for the restatement
                end = nxt.e
                nxt = self.p.next_after(nxt, skip_fillers=False)
            if nxt is not None and nxt.kind == "lex" and nxt.s == end and nxt.text in _MEASURE_WORDS and nxt.has("filler"):
                end = nxt.e  # 每家供应商 / 每位员工: the measure word between the cue and the label
                nxt = self.p.next_after(nxt, skip_fillers=False)
            if nxt is None or nxt.kind != "lex" or nxt.s != end:
                continue
            ls = nxt.sense("label")
            fs = nxt.sense("field")
            after = self.p.next_after(nxt, skip_fillers=False)
            afs = after.sense("field") if after is not None and after.kind == "lex" and after.s == nxt.e else None
            if afs is not None and self._is_numeric(str(afs.get("label")), str(afs.get("field"))):
                afs = None  # 按项目合同金额排序: a measure orders the projects, never a group key
            if after is not None and fs is None and ls is not None and afs is not None and afs.get("label") == ls.get("label"):
                self.use(c)  # 按项目业态: the label's own field that follows it is the key
                self.use(nxt)
                nxt, fs = after, afs
            if fs is not None:
                self.use(c)
                self.use(nxt)
                return (fs.get("label"), fs.get("field"))
            if ls is not None and ls.get("label") in _record_labels():
                # （按考勤）: one group per record would group nothing — it names the basis of the count
                self.use(c)  # the record type stays named (it must exist for what is counted)
                self.p.ignored.append(c.text)
                continue
            if ls is not None:
                self.use(c)
                self.use(nxt)
                return (ls.get("label"), None)
        return None

    def _relation(
        self, m: _M, anchors: list[_Anchor], free: list[_M]
    ) -> tuple[str, str, _Anchor, str, bool] | None:
        """(target label, direction from target, anchor, rel type, chain?) for 负责人 / 子项目 / 续签…"""
        rs = m.sense("rel")
        assert rs is not None
        rel = rs.get("rel")
        if not anchors:
            self._anchorless_relation(m, rs, free)
            return None
        anchor = anchors[0]
        before = next((f for f in free if f.e == m.s and f.sense("label") is not None), None)
        owner = before.sense("label") if before is not None else None
        titled = owner is not None and any(  # 项目负责人张丽: the anchor's own title, not another role
            r.type == rel and r.start == owner.get("label") and r.end == anchor.label for r in self.ctx.schema.relationships
        )
        if before is not None and owner is not None and owner.get("label") != anchor.label and not rs.get("chain") and not titled:
            # 浦东片区的项目负责人: the role of the label word before it (项目), the anchor reached from there
            role = role_relation(self, m, rs, [before])
            if role is not None and role[1] is None:
                self._anchorless, self._role_group = role
                return None
        if len(anchor.keys) != 1:
            raise _needs_llm(f"「{m.text}」一次只能查一个对象")
        if rs.get("chain"):
            self.use(m)
            return anchor.label, "out", anchor, rel, True
        # 项目负责人 / 片区负责人: a label word right before the relation word names the anchor's side
        # (the project's 负责人), not the other end of the relationship
        owner_words = [
            f
            for f in free
            if f.e == m.s and (ls0 := f.sense("label")) is not None and ls0.get("label") == anchor.label
        ]
        for f in owner_words:
            self.use(f)
        free = [f for f in free if f not in owner_words]
        free_labels = set()
        for f in free:
            ls = f.sense("label")
            if ls is not None and ls.get("label") != anchor.label:  # WB2026002这份维保合同的维保单位
                free_labels.add(ls.get("label"))
        if not free_labels and rs.get("owner_label"):  # 当前服务项目编号是X的都是谁: the field's owner
            free_labels.add(rs.get("owner_label"))
        options: list[tuple[str, str]] = []
        for r in self.ctx.schema.relationships:
            if r.type != rel or r.count == 0:
                continue
            if r.start == r.end:
                if r.start != anchor.label:
                    continue
                # which end the anchor is on comes from the role the words give it
                options.append((r.start, self_relation_direction(self.p, m, rs, anchor)))
                continue
            if r.start == anchor.label and (not free_labels or r.end in free_labels):
                options.append((r.end, "in"))
            elif r.end == anchor.label and (not free_labels or r.start in free_labels):
                options.append((r.start, "out"))
        options = list(dict.fromkeys(options))
        if len(options) != 1:
            raise _needs_llm(f"无法确定「{m.text}」指的是哪种关系")
        for f in free:
            self.use(f)
        target, direction = options[0]
        return target, direction, anchor, rel, False

    def _anchorless_relation(self, m: _M, rs: Sense, free: list[_M]) -> None:
        """哪些项目续签自其他项目 / 有哪些子项目: entities that have the relationship at all."""
        rel = rs.get("rel")
        if not rs.get("chain") and rs.get("label") is None and (role := role_relation(self, m, rs, free)):
            self._anchorless, self._role_group = role  # 片区负责人 / 谁负责的项目最多
            return None
        if rs.get("chain") or rs.get("label") is None:
            raise _needs_llm(f"「{m.text}」需要指明是哪个对象的")
        prev = self.p.prev_before(m, skip_fillers=False)
        possessed = prev is not None and prev.kind == "lex" and prev.text in ("有", "拥有", "带有", "设有")
        # 有上级项目的项目 / 哪些项目有子项目: the entities that HAVE such a relation (the owner side);
        # 有哪些子项目: the entities that ARE such (the target side)
        owner = rs.get("anchorless") == "owner" or possessed
        side = rs.get("owner_side") if owner else rs.get("target_side")
        label = rs.get("label")
        if self.ctx.schema.rel(rel, label, label) is None:
            raise _needs_llm(f"图谱中没有{rel}关系")
        self._anchorless = (label, rel, "out" if side == "start" else "in", label)
        self.use(m)
        for f in free:
            ls = f.sense("label")
            if ls is not None and ls.get("label") == label:
                self.use(f)
        return None

    def _merge_anchors(self, anchors: list[_Anchor]) -> list[_Anchor]:
        by_label: dict[str, _Anchor] = {}
        for a in anchors:
            if a.label in by_label:
                prev = by_label[a.label]
                prev.keys = list(dict.fromkeys(prev.keys + a.keys))
                prev.displays = list(dict.fromkeys(prev.displays + a.displays))
                prev.text = f"{prev.text}、{a.text}"
            else:
                by_label[a.label] = _Anchor(
                    a.label, list(a.keys), list(a.displays), a.text, a.confidence, a.span
                )
        return list(by_label.values())

    def _monthly_fact_reaches(self, fact: str, label: str) -> bool:
        """Monthly fact records (their own 年月 in the key) reach `label` by exactly one path of at
        most two hops (财务 → 项目 → 片区): each record counted once, no fan-out."""
        info = self.ctx.schema.prop(fact, "年月")
        if "年月" not in self.ctx.schema.key_fields(fact) and (info is None or not info.present):
            return False  # dated records (采购记录.年月) reach their project's region the same way
        return len(_shortest_paths(self.ctx, fact, label, self.lx, False)) == 1

    def _field_names_its_label(self, label: str) -> bool:
        """设备原值 / 检查得分: a field word that starts with a word of its own record type names that type too.
        The field's own name counts only for a measure (青浦片区项目的检查得分平均 = 检查记录的检查得分): a
        text or date field named so (项目名称, 检查日期) is left to the usual owner check."""
        words = [w for w in self.lx.raw.get("labels", {}).get(label, []) if len(w) >= 2]
        return any(
            m.kind == "lex" and (fs := m.sense("field")) is not None and fs.get("label") == label
            and (fs.get("field") != m.text or self._is_numeric(label, str(fs.get("field"))))
            and any(m.text.startswith(w) for w in words)
            for m in self.p.mentions
        )

    def _check_metric_owner(
        self, metric: tuple[str, str, bool], anchors: list[_Anchor], free: list[_M]
    ) -> None:
        """「A的F」where F belongs to another kind of record: fine when those records carry A's key
        (赵德胜的加班 → 考勤.工号, 园区的开票 → 财务.项目编号), otherwise F is probably not what the user
        meant (设备的状态 is not 项目.服务状态) and we must not guess."""
        mlabel, mfield, _ = metric
        named = {ls.get("label") for m in free if (ls := m.sense("label")) is not None}
        if mlabel in named or self._field_names_its_label(mlabel):
            return  # 青浦片区的设备原值: the field word names its record type itself (设备 → 原值)
        for a in anchors:
            if a.label == mlabel:
                continue
            keys = self.ctx.schema.key_fields(a.label)
            info = self.ctx.schema.prop(mlabel, keys[0]) if len(keys) == 1 else None
            if (info is None or not info.present) and self._monthly_fact_reaches(mlabel, a.label):
                continue  # 青浦片区3月开票金额: monthly facts → their project → its region
            if info is None or not info.present:
                raise _needs_llm(f"「{mfield}」是{mlabel}的字段，不能直接用于{a.label}「{a.text}」")
