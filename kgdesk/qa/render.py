"""Chinese Markdown answers rendered only from the outcome of this execution.

Standard names with codes (青浦-区图书馆（XMSQ0102）), units, tables for lists, a citation
(template, file, sheet, row) for every fact, the 口径 notes, and "数据中未找到…" with the reason
when the data does not hold the answer. Also the machine-readable `value` of cli.md.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from kgdesk.qa.dsl import AggFn, QueryPlan, QueryType
from kgdesk.qa.executor import Provenance
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.results import Fact, Outcome
from kgdesk.qa.schema import SchemaView

MAX_TABLE_ROWS = 30
_FN = {
    AggFn.SUM: "合计",
    AggFn.AVG: "平均",
    AggFn.MAX: "最大",
    AggFn.MIN: "最小",
    AggFn.COUNT: "数量",
    AggFn.COUNT_DISTINCT: "数量",
}


def md_escape(text: Any) -> str:
    """Values come from spreadsheets: keep them from breaking tables or injecting markup."""
    s = str(text)
    for ch in ("\\", "|", "`", "*", "_", "<", ">", "[", "]"):
        s = s.replace(ch, "\\" + ch)
    return s.replace("\n", " ")


def fmt_number(v: Any, unit: str = "") -> str:
    if isinstance(v, bool) or v is None:
        return "—" if v is None else ("是" if v else "否")
    if isinstance(v, (int, float)):
        f = float(v)
        text = f"{round(f):,}" if f.is_integer() else f"{f:,.2f}".rstrip("0").rstrip(".")
        return f"{text} {unit}".rstrip() if unit else text
    return md_escape(v)


class Renderer:
    def __init__(self, schema: SchemaView, lexicon: Lexicon) -> None:
        self.schema = schema
        self.lx = lexicon
        self.units = lexicon.field_units
        self._derived_units: dict[str, str] = {}
        """Units of the derived attributes of the plan being rendered (病假天数 → 天)."""

    # ---------------------------------------------------------------- values

    def unit(self, fld: str | None) -> str:
        return self.units.get(fld or "", "") or self._derived_units.get(fld or "", "")

    def fmt(self, fld: str | None, v: Any, label: str | None = None) -> str:
        if isinstance(v, list):
            return "、".join(self.fmt(fld, x, label) for x in v)
        info = self.schema.prop(label, fld) if (label and fld) else None
        if info is not None and info.type == "百分比" and isinstance(v, (int, float)):
            return f"{float(v) * 100:.2f}".rstrip("0").rstrip(".") + "%"
        if info is not None and info.type == "年份" and isinstance(v, (int, float)) and float(v).is_integer():
            return str(int(v))  # 年份 2025, never 2,025
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return fmt_number(v, self.unit(fld))
        return "—" if v is None else md_escape(v)

    # ---------------------------------------------------------------- citations

    @staticmethod
    def cite_rows(ps: Sequence[Provenance]) -> str:
        """'人员信息.xlsx 第 3、5–7 行' grouped by file and sheet."""
        groups: OrderedDict[tuple[str, str], list[int]] = OrderedDict()
        for p in ps:
            groups.setdefault((p.file, p.sheet), []).append(p.row)
        parts = []
        for (file, sheet), rows in groups.items():
            sheet_txt = f"·{sheet}" if sheet else ""
            parts.append(f"{md_escape(file)}{md_escape(sheet_txt)} 第 {_ranges(rows)} 行")
        return "；".join(parts)

    def sources_section(self, ps: Sequence[Provenance]) -> str:
        if not ps:
            return ""
        by_template: OrderedDict[str, list[Provenance]] = OrderedDict()
        for p in ps:
            by_template.setdefault(p.template, []).append(p)
        lines = ["", "**来源**"]
        for t, items in by_template.items():
            lines.append(f"- {md_escape(t)}：{self.cite_rows(items)}")
        return "\n".join(lines)

    # ---------------------------------------------------------------- answers

    def answer(
        self,
        plan: QueryPlan,
        out: Outcome,
        *,
        conditions: Sequence[str] = (),
        summary: bool = False,
        whole_conditions: Sequence[str] = (),
    ) -> str:
        label, unit = self._counted(plan, out.entity_label)
        qt = plan.query_type
        self._derived_units = {d.name: d.unit for s in plan.steps for d in s.derived if d.unit}
        lines: list[str] = []
        cond = "；".join(conditions)
        if qt is QueryType.EXISTENCE:
            if out.value:
                lines.append(f"**有**。符合条件的{label}共 {out.total} {unit}：")
                lines.extend(self._bullets(out.facts))
            else:
                lines.append(
                    f"**没有**。数据中未找到符合条件的{label}" + (f"（{cond}）" if cond else "") + "。"
                )
        elif qt is QueryType.COUNT:
            lines.extend(self._count(out, label, unit, plan))
        elif qt is QueryType.LIST and not plan.group_by:
            if out.empty:
                # an empty list is an answer (0), with the conditions that matched nothing stated
                lines.append(f"没有符合条件的{label}（0 {unit}）。")
            else:
                head = f"符合条件的{label}共 {out.total} {unit}"
                if out.limited:
                    head += f"，按要求列出 {len(out.facts)} {unit}" + (
                        f"（{out.tie_note}）" if out.tie_note else ""
                    )
                lines.append(head + "：")
                lines.append("")
                if len(out.facts) == 1 and len(out.columns) >= 3:
                    lines.extend(self._record(out.facts[0], out))
                else:
                    lines.extend(self._table(plan, out, summary=summary))
        elif qt is QueryType.STATUS:
            lines.extend(self._status(plan, out))
        elif plan.share is not None:
            lines.extend(self._share(plan, out, conditions, whole_conditions))
        else:
            lines.extend(self._aggregate(plan, out))
        if cond and qt not in (QueryType.EXISTENCE,) and plan.share is None:  # a share states each side's
            lines.append("")
            lines.append(f"条件：{cond}")
        for n in plan.notes:
            lines.append("")
            lines.append(f"> {md_escape(n)}")
        lines.append(self.sources_section(out.citations()))
        return "\n".join(x for x in lines if x is not None).strip()

    def _counted(self, plan: QueryPlan, label: str) -> tuple[str, str]:
        """What is counted and its unit: distinct 工号 of fact rows (考勤) are people, never rows."""
        if _people_of_rows(plan, label):
            return f"{label}人员", "人"
        if (kind := _kinds_of(plan)) is not None:
            return f"{label}的{kind}", "种"  # 设备分几类: distinct 设备类型 (understand/kinds)
        return label, self.lx.count_unit(label)

    def _count(self, out: Outcome, label: str, unit: str, plan: QueryPlan | None = None) -> list[str]:
        if plan is not None and plan.group_by and plan.limit is not None and plan.having is None and out.facts:
            top = "、".join(md_escape(f.display) for f in out.facts)  # the top group (ties: all of them)
            most = "最多" if plan.sort and plan.sort[0].direction == "desc" else "最少"
            tie = "（并列）" if len(out.facts) > 1 else ""
            return [f"{label}{most}的是 {top}{tie}：各 **{out.value}** {unit}。" if tie else f"{label}{most}的是 {top}：共 **{out.value}** {unit}。"]
        lines = [f"符合条件的{label}共 **{out.value}** {unit}。"]
        ents = [] if plan is not None and _kinds_of(plan) else self._count_members(out)
        if plan is not None and _people_of_rows(plan, out.entity_label):
            ents = list(dict.fromkeys(e.split(" · ")[0] for e in ents))  # people, not their monthly rows
        if ents:
            lines.append("")
            lines.append(
                "明细："
                + "、".join(md_escape(x) for x in ents[:MAX_TABLE_ROWS])
                + ("等" if len(ents) > MAX_TABLE_ROWS else "")
            )
        return lines

    def _count_members(self, out: Outcome) -> list[str]:
        if len(out.facts) == 1 and "__members__" in out.facts[0].values:
            return list(out.facts[0].values["__members__"])
        return [f.display for f in out.facts if f.key != "__total__"]  # the groups a HAVING kept

    def _bullets(self, facts: Iterable[Fact]) -> list[str]:
        out = []
        for i, f in enumerate(facts):
            if i >= MAX_TABLE_ROWS:
                out.append("- ……")
                break
            out.append(f"- {md_escape(f.display)}（{self.cite_rows(f.sources[:6])}）")
        return out

    def _record(self, f: Fact, out: Outcome) -> list[str]:
        """One record with several fields (王建国3月的考勤情况): a field list reads better than a
        one-row table; fields the record leaves empty are left out."""
        lines = [f"**{md_escape(f.display)}**"]
        cols = [c for c in out.columns if c != "名称"]
        shown = [c for c in cols if f.values.get(c) not in (None, "", [])]
        for c in shown:
            lines.append(f"- {md_escape(c)}：{self.fmt(c, f.values.get(c), out.entity_label)}")
        if not shown:
            lines.append("- （" + "、".join(md_escape(c) for c in cols) + " 均未填写）")
        lines.append("")
        lines.append(f"（{self.cite_rows(f.sources[:8])}{'……' if len(f.sources) > 8 else ''}）")
        return lines

    def _table(self, plan: QueryPlan, out: Outcome, *, summary: bool) -> list[str]:
        cols = [c for c in out.columns if c != "名称"]
        header = ["名称", *cols, "来源"]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        shown = out.facts if not summary else out.facts[:MAX_TABLE_ROWS]
        for f in shown[: MAX_TABLE_ROWS if summary else len(shown)]:
            cells = [md_escape(f.display)]
            cells += [self.fmt(c, f.values.get(c), out.entity_label) for c in cols]
            cells.append(self.cite_rows(f.sources[:6]) + ("……" if len(f.sources) > 6 else ""))
            lines.append("| " + " | ".join(cells) + " |")
        if summary and len(out.facts) > MAX_TABLE_ROWS:
            lines.append("")
            lines.append(
                f"（共 {len(out.facts)} 条，这里只显示前 {MAX_TABLE_ROWS} 条；可以加上项目、岗位或月份等条件缩小范围）"
            )
        return lines

    def _status(self, plan: QueryPlan, out: Outcome) -> list[str]:
        lines: list[str] = []
        cols = out.columns
        if len(out.facts) == 1:
            f = out.facts[0]
            for c in cols:
                lines.append(
                    f"{md_escape(f.display)} 的{md_escape(c)}：**{self.fmt(c, f.values.get(c), out.entity_label)}**"
                )
                lines.extend(_already_over(plan, c, f.values.get(c), self.fmt(c, f.values.get(c))))
            lines.append(f"（{self.cite_rows(f.sources[:8])}）")
            return lines
        lines.append(f"共找到 {len(out.facts)} 条记录：")
        lines.append("")
        lines.extend(self._table(plan, out, summary=False))
        return lines

    def _aggregate(self, plan: QueryPlan, out: Outcome) -> list[str]:
        agg = plan.aggregate
        fld = agg.field if agg and agg.field not in (None, "_key") else None
        fn = _FN.get(agg.fn, "") if agg else ""
        counted = plan.output_step.aliases().get(agg.node, out.entity_label) if agg else out.entity_label
        what = f"{fld}{fn}" if fld else f"{counted}数量"
        unit = self.unit(fld) if fld else self.lx.count_unit(counted)
        owner = next((lab for lab, i in self.schema.labels.items() if fld and tuple(i.key) == (fld,)), None)
        if agg is not None and agg.fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and owner:
            what, unit = f"{owner}数量", self.lx.count_unit(owner)  # distinct 工号 of 考勤 rows: people
        lines: list[str] = []
        if not plan.group_by:
            what, larger = self._difference_sides(plan, out, fld, fn) or (what, "")
            lines.append(f"{what}：**{fmt_number(out.value, unit)}**（依据 {out.total} 条记录）{larger}")
            return lines
        if out.empty:
            lines.append("数据中未找到符合条件的记录。")
            return lines
        group_name = "、".join((g.field or self._alias_label(plan, g.node)) for g in plan.group_by)
        if plan.query_type is QueryType.LIST:
            head = f"按{what}排序"
            if out.limited:
                head += f"，{'并列' if out.tie_note else ''}第一的是："
            lines.append(head)
            lines.append("")
        header = [group_name, what, "来源"]
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|---|---|---|")
        for f in out.facts:  # every group (a long list is the desktop's to page, not the core's to cut)
            lines.append(
                f"| {md_escape(f.display)} | {fmt_number(f.values.get('__value__'), unit)} | {self.cite_rows(f.sources[:4])}{'……' if len(f.sources) > 4 else ''} |"
            )
        if plan.query_type is QueryType.COMPARE and len(out.facts) >= 2:
            a, b = out.facts[0], out.facts[1]
            va, vb = a.values.get("__value__"), b.values.get("__value__")
            if isinstance(va, (int, float)) and isinstance(vb, (int, float)):
                diff = va - vb
                lines.append("")
                rel = "多" if diff > 0 else ("少" if diff < 0 else "相同")
                if rel == "相同":
                    lines.append(f"{md_escape(a.display)} 与 {md_escape(b.display)} 的{what}相同。")
                else:
                    lines.append(
                        f"{md_escape(a.display)} 比 {md_escape(b.display)} {rel} {fmt_number(abs(diff), unit)}。"
                    )
        if plan.query_type is QueryType.TREND and len(out.facts) >= 2:
            first, last = out.facts[0], out.facts[-1]
            va, vb = first.values.get("__value__"), last.values.get("__value__")
            if isinstance(va, (int, float)) and isinstance(vb, (int, float)):
                change = vb - va
                word = "增加" if change > 0 else ("减少" if change < 0 else "持平")
                tail = "" if word == "持平" else f" {fmt_number(abs(change), unit)}"
                lines.append("")
                lines.append(
                    f"从 {md_escape(first.display)} 到 {md_escape(last.display)}，{what}{word}{tail}。"
                )
        return lines

    def _difference_sides(self, plan: QueryPlan, out: Outcome, fld: str | None, fn: str) -> tuple[str, str] | None:
        """相差多少 over a derived A − B (its total taken as |A−B|): the two totals named, and which one is larger."""
        if plan.aggregate is None or not plan.aggregate.absolute:
            return None
        d = next((x for x in plan.output_step.derived if x.name == fld), None)
        parts = [t.strip() for t in d.expression.split(" - ")] if d is not None else []
        if len(parts) != 2 or not all(parts):
            return None
        a, b = (f"{x}{fn}" for x in parts)
        signed = out.facts[0].values.get("__signed__") if out.facts else None
        if not isinstance(signed, (int, float)) or signed == 0:
            return f"{a}与{b}相差", ""
        big, small = (a, b) if signed > 0 else (b, a)
        return f"{a}与{b}相差", f"，{big}比{small}多 {fmt_number(abs(signed), self.unit(fld))}"

    def _share(
        self, plan: QueryPlan, out: Outcome, conditions: Sequence[str], whole_conditions: Sequence[str]
    ) -> list[str]:
        """占比: the fraction, then the part and the whole, each with its own conditions and rows."""
        agg = plan.aggregate
        fld = agg.field if agg and agg.field not in (None, "_key") else None
        unit = self.unit(fld) if fld else self.lx.count_unit(out.entity_label)
        what = f"{fld}{_FN.get(agg.fn, '')}" if (agg and fld) else f"{out.entity_label}数量"
        wf = plan.share.whole_field if plan.share is not None else None
        sides = ("", "")
        if agg and fld and wf:  # 回款占开票: two totals of the same records
            what = f"{fld}{_FN.get(agg.fn, '')} ÷ {wf}{_FN.get(agg.fn, '')}"
            sides = (f"{fld}{_FN.get(agg.fn, '')}，", f"{wf}{_FN.get(agg.fn, '')}，")
        if out.value is None or len(out.facts) != 2:
            return [f"数据中没有符合整体条件的{out.entity_label}，无法计算占比。"]
        part, whole = out.facts
        pv, wv = part.values.get("__value__"), whole.values.get("__value__")
        extra = [c for c in conditions if c not in whole_conditions]
        lines = [
            f"占比：**{percent_text(out.value)}**（{fmt_number(pv, unit)} / {fmt_number(wv, unit)}，按{what}计算）",
            "",
            f"- 分子（{sides[0]}{'；'.join(conditions) or '符合条件'}）：{fmt_number(pv, unit)}"
            + (f"（{self.cite_rows(part.sources[:6])}{'……' if len(part.sources) > 6 else ''}）" if part.sources else ""),
            f"- 分母（{sides[1]}{'；'.join(whole_conditions) or '全部' + out.entity_label}）：{fmt_number(wv, unit)}"
            + (f"（{self.cite_rows(whole.sources[:6])}{'……' if len(whole.sources) > 6 else ''}）" if whole.sources else ""),
        ]
        if extra:
            lines += ["", f"子集条件：{'；'.join(extra)}"]
        return lines

    def _alias_label(self, plan: QueryPlan, alias: str) -> str:
        return plan.output_step.aliases().get(alias, alias)


def percent_text(v: Any) -> str:
    """0.375 → 37.5%."""
    return f"{float(v) * 100:.2f}".rstrip("0").rstrip(".") + "%"


def _ranges(rows: Iterable[int]) -> str:
    nums = sorted(set(rows))
    if not nums:
        return ""
    parts = []
    start = prev = nums[0]
    for n in nums[1:]:
        if n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        start = prev = n
    parts.append(str(start) if start == prev else f"{start}–{prev}")
    return "、".join(parts)


def machine_value(plan: QueryPlan, out: Outcome) -> Any:
    """cli.md's `value`: number for count/sum, bool for existence, display names for a list,
    the property value for status, null otherwise."""
    qt = plan.query_type
    if qt is QueryType.EXISTENCE:
        return bool(out.value)
    if qt is QueryType.COUNT:
        return int(out.value or 0)
    if qt is QueryType.LIST:
        return list(out.value or [])
    if qt is QueryType.STATUS:
        return out.value
    if qt is QueryType.AGGREGATE and not plan.group_by:
        return out.value
    if qt is QueryType.COMPARE and plan.comparison is not None:
        return compare_value(plan, out)
    return None


def compare_value(plan: QueryPlan, out: Outcome) -> Any:
    """cli.md: a compare answer's value is the difference (or ratio) of the two groups the question
    named, in its order, or the yes/no answer of "is A higher / lower than B"."""
    c = plan.comparison
    assert c is not None
    vals = {f.key: f.values.get("__value__") for f in out.facts}
    a, b = vals.get(c.left), vals.get(c.right)
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return None
    if c.measure == "difference":
        return round(a - b, 6)
    if c.measure == "abs_difference":
        return round(abs(a - b), 6)
    if c.measure == "ratio":
        return round(a / b, 6) if b else None
    if c.measure in ("larger", "smaller"):
        # 哪个设备多: the name of the one with more (both on a tie)
        names = {f.key: f.display for f in out.facts}
        best = max(a, b) if c.measure == "larger" else min(a, b)
        return [names[k] for k, v in ((c.left, a), (c.right, b)) if v == best]
    return a > b if c.measure == "greater" else a < b


def _people_of_rows(plan: QueryPlan, label: str) -> bool:
    """A count of distinct 工号 over another record type's rows (考勤): it counts people."""
    agg = plan.aggregate
    return agg is not None and agg.fn is AggFn.COUNT_DISTINCT and agg.field == "工号" and label != "人员"


def _kinds_of(plan: QueryPlan) -> str | None:
    """A count of the distinct values of a text field (设备类型, 完好状况: understand/kinds_of_field): the kinds,
    never the records. An identifier counted once each (工号: people) is no kind."""
    agg = plan.aggregate
    if agg is None or agg.fn is not AggFn.COUNT_DISTINCT or plan.group_by or not agg.field:
        return None
    return None if agg.field.startswith("_") or agg.field.endswith(("号", "码")) else agg.field


_TIME_LEFT = re.compile(r"^(?:months|days)_between\(today,\s*(?P<f>[^)]+?)\s*\)$")


def _already_over(plan: QueryPlan, name: str, value: Any, shown: str) -> list[str]:
    """A remaining time below 0 (剩余服务月数 -16.65): the date has passed — said in words, never a bare negative figure."""
    m = next((_TIME_LEFT.match(d.expression) for s in plan.steps for d in s.derived if d.name == name), None)
    if m is None or not isinstance(value, (int, float)) or isinstance(value, bool) or value >= 0:
        return []
    return [f"（为负数：{m.group('f')}早于今天，已经结束 / 到期，距今 {shown.lstrip('-')}）"]
