"""Results over aggregate-only fields (issue 13.3): counts, never people.

A role that may see a field only aggregated (政治面貌 for a manager) gets group counts, and three
things could still name the people behind them:

- citations per group: "共青团员 4 人 — 人员信息.xlsx 第 6、9、11、21 行" names every member, and so
  does the order of the cited rows. The answer keeps the population's sources only (sorted, no
  per-group column); groups below the minimum size are already dropped before grouping (masking).
- differencing: "everyone" minus "everyone but 张三" is 张三's value. A filter that removes fewer
  than the minimum group size of people from an aggregate-only result is refused: statically for
  exclusion filters (plancheck: ≠, 不存在关系), and here for any other filter, by counting the
  members the result would have without it (`differencing_baselines` → `check_differencing`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kgdesk.security.permissions import Policy
from kgdesk.security.plancheck import PlanDenied, Violation

if TYPE_CHECKING:
    from kgdesk.qa.dsl import QueryPlan

SOURCE_COLUMN = "来源"
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


# ---------------------------------------------------------------------- citations


def _drop_column(lines: list[str], name: str) -> list[str]:
    """Remove the column headed `name` from one markdown table (its lines, header first)."""
    header = [c.strip() for c in _CELL_SPLIT.split(lines[0].strip().strip("|"))]
    if name not in header:
        return lines
    idx = header.index(name)
    out = []
    for line in lines:
        cells = _CELL_SPLIT.split(line.strip().strip("|"))
        if len(cells) == len(header):
            del cells[idx]
        out.append("|" + "|".join(cells) + "|")
    return out


def strip_group_sources(markdown: str) -> str:
    """Every markdown table of an answer without its per-row 来源 column."""
    lines = markdown.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|"):
            j = i
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            out.extend(_drop_column(lines[i:j], SOURCE_COLUMN))
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def protect_group_citations(
    doc: Mapping[str, Any], population: Sequence[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """An answer over an aggregate-only field as it may leave: no per-group sources; the whole
    population cited (suppressed groups' members too: gaps would name them), in file order (the
    order of per-group citations names the groups), and the answer's 来源 section rebuilt from it."""
    out = dict(doc)
    cites = [c for c in (out.get("citations") or []) if isinstance(c, Mapping)]
    merged = {_cite_key(c): dict(c) for c in (*cites, *population)}
    ordered = [merged[k] for k in sorted(merged)]
    if "citations" in out or population:
        out["citations"] = ordered
    if isinstance(out.get("answer"), str):
        out["answer"] = _rebuild_sources(strip_group_sources(out["answer"]), ordered)
    return out


def _cite_key(c: Mapping[str, Any]) -> tuple[str, str, str, int]:
    return (str(c.get("template", "")), str(c.get("file", "")), str(c.get("sheet", "")), int(c.get("row") or 0))


def _rebuild_sources(markdown: str, cites: Sequence[Mapping[str, Any]]) -> str:
    """Replace the answer's "**来源**" list with one built from `cites` (same wording as qa.render)."""
    from kgdesk.qa.executor import Provenance
    from kgdesk.qa.render import Renderer

    lines = markdown.split("\n")
    try:
        start = lines.index("**来源**")
    except ValueError:
        return markdown
    end = start + 1
    while end < len(lines) and lines[end].startswith("- "):
        end += 1
    by_template: dict[str, list[Provenance]] = {}
    for c in cites:
        p = Provenance(str(c.get("template", "")), str(c.get("file", "")), str(c.get("sheet", "")), int(c.get("row") or 0))
        by_template.setdefault(p.template, []).append(p)
    rebuilt = [f"- {t}：{Renderer.cite_rows(ps)}" for t, ps in by_template.items()]
    return "\n".join([*lines[: start + 1], *rebuilt, *lines[end:]])


# ---------------------------------------------------------------------- differencing


def differencing_baselines(plan: QueryPlan) -> list[QueryPlan]:
    """The plan without each one of its output step's filters, then without its last relationship
    hop (and that hop's filters): the populations someone would subtract the answer from."""
    step = plan.output_step
    out: list[QueryPlan] = []
    for i in range(len(step.filters)):
        reduced = step.model_copy(update={"filters": [f for j, f in enumerate(step.filters) if j != i]})
        out.append(_with_step(plan, reduced))
    if step.hops and not step.hops[-1].negate:  # a negated hop is refused by plancheck already
        k = len(step.hops)
        kept = [f for f in step.filters if f.node not in (f"n{k}", f"r{k}")]
        out.append(_with_step(plan, step.model_copy(update={"hops": step.hops[:-1], "filters": kept})))
    return out


def _with_step(plan: QueryPlan, step: Any) -> QueryPlan:
    steps = [step if s.id == step.id else s for s in plan.steps]
    return plan.model_copy(update={"steps": steps})


def member_keys(plan: QueryPlan, rows: Sequence[Mapping[str, Any]]) -> set[str]:
    """Distinct entities the aggregate counts (its node's `_key`) in these rows."""
    alias = plan.aggregate.node if plan.aggregate is not None else "n0"
    keys: set[str] = set()
    for r in rows:
        node = r.get(alias)
        if isinstance(node, Mapping) and node.get("_key") is not None:
            keys.add(str(node["_key"]))
    return keys


def check_differencing(plan: QueryPlan, policy: Policy, members: int, baselines: Sequence[int]) -> None:
    """PlanDenied (`denied`, Chinese) when a filter removes 1 to min-1 people from the result."""
    n = policy.min_group_size
    step = plan.output_step
    for i, base in enumerate(baselines):
        excluded = base - members
        if 0 < excluded < n:
            f = step.filters[i] if i < len(step.filters) else None
            what = f"「{f.text or f.field}」" if f is not None else "（关系条件）"
            message = (
                f"无法回答：这项统计只能汇总查看，而筛选条件{what}只排除了不足 {n} 人，"
                "与不加这个条件的结果相比会暴露个人的信息。请去掉这个条件，或换一个范围更大的条件。"
            )
            violation = Violation("field", "filter", step.entity, f.field if f is not None else None, message)
            raise PlanDenied(message, [violation])


def guard_differencing(
    plan: QueryPlan,
    policy: Policy,
    rows: Sequence[Mapping[str, Any]],
    count_members: Callable[[QueryPlan], int],
) -> None:
    """Count the members of each baseline (`count_members` runs the plan as distinct entity keys)
    and refuse when the answer's filters leave out fewer than the minimum group size."""
    baselines = differencing_baselines(plan)
    if not baselines:
        return
    check_differencing(plan, policy, len(member_keys(plan, rows)), [count_members(p) for p in baselines])
