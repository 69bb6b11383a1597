"""The typed base of the plan interpreter: the state every part of it shares (the parsed
question, the context, the notes and slots it collects, which mentions it used) and the small
helpers they all call. The parts (targets, values, output, analyses) are mixins on this base,
combined in `kgdesk.qa.interpreter._Interpreter`."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn, Filter, Step
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.plan_mentions import _M, _insufficient, _needs_llm, _Parsed
from kgdesk.qa.timeparse import check_coverage
from kgdesk.qa.understand.spans import fields_of
from kgdesk.qa.understanding import GroundingRecord, UnderstandContext

_CLOSING = ("以外", "之外", "外")
"""Words closing an exclusion (除了A以外 / 除A外)."""


class _InterpreterBase:
    """Shared state and helpers of the interpreter mixins."""

    def __init__(
        self, lexicon: Lexicon, ctx: UnderstandContext, p: _Parsed, records: list[GroundingRecord]
    ) -> None:
        self.lx = lexicon
        self.ctx = ctx
        self.p = p
        self.records = records
        self.notes: list[str] = []
        self.slots: list[tuple[str, str]] = []
        self.used: set[int] = set()
        self.confidence = 1.0
        self.optional: list[tuple[str, str]] = []
        self._anchorless: tuple[str, str, str, str] | None = None
        self._role_group: str | None = None
        """谁负责的项目最多: the label the owner records are counted per (the role's other end)."""
        """(label, rel, direction) of an anchorless relationship question (哪些项目续签自其他项目)."""
        self._having: tuple[str, float, str, str] | None = None
        self._per_record: str | None = None
        self._rank_fn: AggFn | None = None
        self._money_total = False
        """清洁耗材买了多少钱: money asked of records numbered one by one — their total, without a month."""
        """平均检查得分最低的项目: the aggregate per group when an order cue ranks the groups by it."""
        """一次 / 一笔 next to a superlative: the question is about one record (no grouping)."""
        """(op, value, alias, label) of a condition on a per-entity count of related records."""
        self._having_field = ""
        """The measure of a HAVING on a total (开票金额合计超过100万), empty for a count."""
        self._having_end = 0
        """Where the HAVING condition ends: a count word after it asks how many groups meet it."""
        self._count_field = "_key"
        """What a count counts on n0: its nodes, or the distinct values of a field (工号 of 考勤 rows)."""
        self._negated_measure: Filter | None = None
        """3月没有加班的人: the condition the month's records must not meet (a set difference)."""
        self._compare_field: tuple[str, str, str, str] | None = None
        """(alias, field, A, B): 男的比女的多几个 compares two values of one field."""
        self._compare_span: tuple[int, int] | None = None
        self._apart_field: tuple[str, str] | None = None
        """(alias, field): 男女各多少人 / 耗材采购和固定资产的金额分别是多少 — the named values, one group each."""
        """Where the two values of _compare_field are said: inside a bracket they make up the measure."""
        self._extra_fields: list[tuple[str, str]] = []
        """(label, field) of further attributes a status look-up asks for."""

    # ---------------------------------------------------------------- helpers

    def _comparing(self) -> bool:
        """对比 / 比 / 高于 / 相差多少 / 几倍: the question compares two things."""
        return any(self.cue(c) for c in ("compare", "more", "less", "difference", "ratio"))

    def use(self, m: _M) -> None:
        self.used.add(id(m))

    def cue(self, name: str) -> list[_M]:
        return self.p.cue(name)

    def _finish(self, b: _StepBuilder, sid: str = "s1", description: str = "") -> Step:
        step = b.finish(sid, description=description)
        if any(m.kind == "lex" and m.has("current") for m in self.p.mentions):
            # 现在/当前 already chooses the registered current project (人员信息): no 口径 to ask
            step.filters = [
                f.model_copy(update={"assumption": False}) if f.field == "依据" and f.assumption else f
                for f in step.filters
            ]
        for f in b.applied_defaults:
            note = (
                f"口径：未指定时间时，按{f.value}中登记的当前服务项目统计"
                if f.field == "依据"
                else f"默认条件：{f.field} = {f.value}"
            )
            if note not in self.notes:
                self.notes.append(note)
        return step

    def _monthly(self, label: str) -> bool:
        info = self.ctx.schema.prop(label, "年月")
        return info is not None and info.present

    def _is_numeric(self, label: str, fld: str) -> bool:
        info = self.ctx.schema.prop(label, fld)
        return info is not None and info.numeric

    def _coverage(self, start: str, end: str, strict: bool) -> None:
        cov = check_coverage(start, end, self.ctx.schema.months)
        if cov.none:
            raise _insufficient(cov.message() + "。", "outside_coverage", cov.missing_text())
        if cov.missing:
            if strict:
                raise _insufficient(
                    cov.message() + "，无法判断每个月的情况。", "outside_coverage", cov.missing_text()
                )
            self.notes.append(cov.message() + "，只按已有月份计算")

    def _own_coverage(self, label: str, field: str, start: str, end: str, strict: bool) -> None:
        """A month inside the data's coverage but outside the months of the record type asked about
        (考勤 only to 3月, 财务 to 4月: 4月出勤) is not in the data, never a count of 0."""
        own = self.ctx.schema.label_months(label, field)
        cov = check_coverage(start, end, own)
        if not own or not cov.missing:
            return
        text = f"{label}记录只覆盖 {own[0]} 至 {own[-1]}，没有 {cov.missing_text()} 的数据"
        if cov.none or strict:
            raise _insufficient(text + "。", "outside_coverage", cov.missing_text())
        self.notes.append(text + "，只按已有月份计算")

    def _exclusion_around(self, m: _M) -> list[_M]:
        """除了A(以外) / 不算A / 排除A: the exclusion words around mention `m` (empty when none)."""
        near = self.p.prev_before(m, skip_fillers=False)
        # 除了保安、保洁 (the 、 is gone from the normalised text): two values of one field side by side
        listed = near is not None and near.e == m.s and bool({f for f in fields_of(near) if f[1]} & fields_of(m))
        if near is not None and (listed or (near.kind == "lex" and near.text in ("和", "与", "及", "或"))):
            # 除了电梯和消防: the second value after 和 is excluded with the first
            first = near if listed else self.p.prev_before(near, skip_fillers=False)
            if first is not None and (first.kind == "cvalue" or first.has("svalue") or first.has("value")):
                around = self._exclusion_around(first)
                if around:
                    around += self._closing_after_values(m)  # 除了保安和保洁员以外: 以外 closes both values
                return around
        prev = self.p.prev_before(m)
        if prev is None or prev.kind != "lex" or not any(
            s.kind == "cue" and s.name == "exclusion" for s in prev.senses
        ):
            after = self.p.next_after(m, skip_fillers=False)
            if after is not None and after.s == m.e and after.kind == "lex" and after.text in ("以外", "之外"):
                return [after]  # 完好以外的设备: the value right before 以外 is excluded
            return []
        if prev.text in (*_CLOSING, "其他", "其它", "其余", "别的"):
            return []
        out = [prev]
        nxt = self.p.next_after(m)
        if nxt is not None and nxt.kind == "lex" and nxt.text in _CLOSING:
            out.append(nxt)
        return out

    def _closing_after_values(self, m: _M) -> list[_M]:
        """The closing word after the last excluded value, with what only restates the values before it
        (保洁这两类岗位以外 / 保洁的岗位之外: 这两类, 的, a word of the values' field); empty when none."""
        fields = {f for f in fields_of(m) if f[1]}
        out: list[_M] = []
        x = self.p.next_after(m, skip_fillers=False)
        while x is not None and x.kind == "lex" and x.text not in _CLOSING and len(out) < 3:
            union = any(s.kind == "cue" and s.name == "union" for s in x.senses)
            kind = any(
                (s.kind == "field" and (s.get("label"), s.get("field")) in fields)
                or (s.kind == "label" and any(self.ctx.schema.prop(str(s.get("label")), f) is not None for _l, f in fields))
                for s in x.senses
            )
            if not (union or kind or x.text == "的"):
                return []
            out.append(x)
            x = self.p.next_after(x, skip_fillers=False)
        return [*out, x] if x is not None and x.kind == "lex" and x.text in _CLOSING else []

    def _other_words_after_exclusion(self) -> None:
        """除了A，其他项目…: once an exclusion was applied, 其他 / 别的 only repeat it."""
        for m in self.cue("exclusion"):
            if m.text in ("其他", "其它", "其余", "别的"):
                self.use(m)

    def _negation_before(self, m: _M) -> _M | None:
        """The negation word right before `m` (没有 / 不是 / 非), if any."""
        prev = self.p.prev_before(m, skip_fillers=False)
        if (
            prev is not None
            and prev.kind == "lex"
            and prev.e == m.s
            and any(s.kind == "cue" and s.name == "negation" for s in prev.senses)
        ):
            return prev
        return None

    # ---------------------------------------------------------------- derived rows, day codes

    def _note(self, note: str) -> None:
        if note not in self.notes:
            self.notes.append(note)

    def _derived_row(self, name: str) -> dict[str, Any]:
        """A derived attribute by name: the question's own (day codes of the templates), else the
        lexicon's."""
        for m in self.p.lex("derived"):
            for s in m.senses:
                if s.kind == "derived" and s.get("name") == name:
                    return s.data
        row = self.lx.derived_row(name)
        if row is None:
            raise _needs_llm(f"无法换算「{name}」")
        return row

    def _derived_note(self, row: dict[str, Any]) -> str:
        codes: dict[str, str] | None = row.get("day_codes")
        if codes:
            shown = "、".join(f"「{c}」（{meaning}）" for c, meaning in codes.items())
            return f"口径：{row['name']}按{row['label']}每日代码中{shown}的天数计算"
        fields = "、".join(sorted(_expr_fields(row["expression"])))
        if "today" not in str(row["expression"]):  # 预算编制 - 在岗人数: each record's own fields
            return f"口径：{row['name']}按每条记录的 {row['expression']} 计算"
        return f"口径：{row['name']}由{fields}换算（按今天 {self.ctx.today.isoformat()} 计算）"

    def _days_asked(self) -> bool:
        """几天 / 多少天 / 最多 / 合计 / 趋势: the number of days is the answer, not a condition."""
        if any("天" in c.text for c in self.cue("count")):
            return True
        return any(self.cue(c) for c in ("sum", "avg", "max", "min", "trend", "compare"))


def _expr_fields(expression: str) -> set[str]:
    from kgdesk.qa.expressions import names

    return names(expression)
