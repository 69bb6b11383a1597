"""Result-level masking: what leaves the QA core (answer, rows, citations' row view, trace, history,
cache, exports, prompts) holds only what the current role may see.

The plan checker (`plancheck.check_plan`) already keeps forbidden fields out of filters, sorts,
groups and aggregates; this layer removes them from the rows anyway (the compiler fetches key,
display and relationship properties on its own, and derived attributes need their inputs), turns
ages into bands, suppresses tiny groups, and scrubs any copy of a withheld value from free text.

Order inside the pipeline: execute → evaluate derived attributes (into the node maps, under their
names) → `ResultMasker.mask_rows` → group / aggregate → `ResultMasker.groups` → answer →
`ResultMasker.scrub` on the whole outgoing document (answer, trace, history entry, cache entry).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from kgdesk.errors import KgdeskError
from kgdesk.qa import expressions
from kgdesk.qa.executor import Provenance, provenance
from kgdesk.security.permissions import (
    MASK_TEXT,
    Access,
    GroupCell,
    PermissionDenied,
    Policy,
    Suppression,
    Withheld,
)
from kgdesk.security.plancheck import ResultRules, result_rules

if TYPE_CHECKING:
    from kgdesk.qa.dsl import QueryPlan, Step
    from kgdesk.qa.schema import SchemaView
    from kgdesk.templates.model import TemplateSet


_CONFLICT = "_conflicting_definitions"
"""Not a valid expression (names may not start with `_`), so a value under it is always dropped."""


class SmallGroupSuppressed(PermissionDenied):
    """An ungrouped statistic over a protected field covers fewer entities than the minimum size."""

    code = "E_SMALL_GROUP"


class ResultMasker:
    """Masks the rows of one question for one role and remembers what it withheld."""

    def __init__(
        self, policy: Policy, plan: QueryPlan | None = None, rules: ResultRules | None = None, *, today: date | None = None
    ) -> None:
        self.policy = policy
        self.plan = plan
        self.rules = rules or (result_rules(plan, policy) if plan is not None else ResultRules(frozenset(), False))
        self.today = today or date.today()
        self.withheld = Withheld()
        self.notes: list[str] = []
        self.suppressed_sources: list[Provenance] = []
        """Source rows of suppressed groups' members: cited with the population, never per group."""

    # -- rows ---------------------------------------------------------------------------
    def _targets(self, steps: Sequence[Step]) -> dict[str, tuple[list[str], dict[str, str]]]:
        """alias → (every label / relationship type it has in these steps, derived name → expression)."""
        out: dict[str, tuple[list[str], dict[str, str]]] = {}
        for step in steps:
            for alias, label in step.aliases().items():
                labels, _ = out.setdefault(alias, ([], {}))
                if label not in labels:
                    labels.append(label)
            for d in step.derived:
                exprs = out.setdefault(d.node, ([], {}))[1]
                if exprs.get(d.name, d.expression) != d.expression:
                    exprs[d.name] = _CONFLICT  # one name, two meanings across steps: keep neither
                else:
                    exprs[d.name] = d.expression
        return out

    def _banded_inputs(self, steps: Sequence[Step]) -> list[tuple[str, str, str]]:
        """(alias, derived name, expression) of banded ages, to compute when the caller has not yet."""
        ids = {s.id for s in steps}
        out = []
        for step in steps:
            for d in step.derived:
                if (step.id, d.node, d.name) in self.rules.banded and step.id in ids:
                    out.append((d.node, d.name, d.expression))
        return out

    def _mask(self, steps: Sequence[Step], rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        targets = self._targets(steps)
        banded = self._banded_inputs(steps)
        age = self.policy.perms.age_field
        out: list[dict[str, Any]] = []
        for row in rows:
            masked: dict[str, Any] = {}
            for k, v in row.items():
                if k in targets:
                    if v is None:
                        masked[k] = None
                    elif isinstance(v, Mapping):
                        node = dict(v)
                        for alias, name, expr in banded:
                            if alias == k and name not in node and age in node:
                                node[name] = expressions.evaluate(expr, node, self.today)
                        labels, derived = targets[k]
                        agg_only = [fld for a, fld in self.rules.aggregate_only if a == k]
                        for label in labels:  # every label the alias can have: the strictest wins
                            node = self.policy.mask_row(
                                label, node, relationship=k.startswith("r"), derived=derived,
                                withheld=self.withheld, aggregate_only=agg_only,
                            )
                        masked[k] = node
                    else:
                        self.withheld.add(k, v)
                    continue
                alias, dot, fld = k.partition(".")
                if dot and alias in targets:
                    labels, derived = targets[alias]
                    kept: dict[str, Any] = {fld: v}
                    for label in labels:
                        kept = self.policy.mask_row(
                            label, kept, relationship=alias.startswith("r"), derived=derived, withheld=self.withheld
                        )
                    if fld in kept:
                        masked[k] = kept[fld]
                    continue
                if isinstance(v, (Mapping, list, tuple)):
                    self.withheld.add(k, v)  # an unknown structure: not passed on
                    continue
                masked[k] = v
            out.append(masked)
        return out

    def mask_rows(self, step: Step, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Rows of one step as the executor returns them (alias → property map, or `alias.field` keys)."""
        return self._mask([step], rows)

    def mask_plan_rows(self, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Rows of the whole plan (any step, or the combined rows), masked with every label an alias
        can have in any step, then with tiny groups removed where the plan's rules say so."""
        if self.plan is None:
            raise ValueError("mask_plan_rows needs the plan")
        masked = self._mask(self.plan.steps, rows)
        if self.rules.suppress_small_groups:
            masked = self._suppress_rows(masked)
        return masked

    def mask_records(self, label: str, records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Flat records of one label (an answer table keyed by field names)."""
        return [self.policy.mask_row(label, r, withheld=self.withheld) for r in records]

    # -- aggregates ---------------------------------------------------------------------
    def _suppress_rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Drop the rows of every group with fewer than `min_group_size` distinct entities, before
        grouping, so such a group never reaches the answer."""
        assert self.plan is not None
        n = self.policy.min_group_size
        member_alias = self.plan.aggregate.node if self.plan.aggregate is not None else "n0"

        def member(r: Mapping[str, Any]) -> str | None:
            node = r.get(member_alias)
            return str(node.get("_key")) if isinstance(node, Mapping) and node.get("_key") is not None else None

        def group_key(r: Mapping[str, Any]) -> str:
            parts = []
            for g in self.plan.group_by if self.plan else ():
                node = r.get(g.node) or {}
                v = node.get(g.field) if g.field else node.get("_key")
                parts.append("、".join(map(str, v)) if isinstance(v, list) else "" if v is None else str(v))
            return "|".join(parts)

        if not self.plan.group_by:
            members = {m for m in map(member, rows) if m is not None}
            if len(members) < n:
                raise SmallGroupSuppressed(f"符合条件的不足 {n} 人，为保护个人信息，不显示这项统计。")
            return rows
        groups: dict[str, set[str]] = {}
        for r in rows:
            m = member(r)
            groups.setdefault(group_key(r), set())
            if m is not None:
                groups[group_key(r)].add(m)
        small = {k for k, ms in groups.items() if len(ms) < n}
        if small:
            self.notes.append(f"为保护个人信息，人数少于 {n} 人的 {len(small)} 个分组未显示。")
            # the population is still cited whole: missing rows would name the small group's members
            for r in rows:
                if group_key(r) in small:
                    self.suppressed_sources.extend(provenance(r.get(member_alias)))
        return [r for r in rows if group_key(r) not in small]

    def groups(self, cells: Sequence[GroupCell]) -> Suppression:
        """Tiny groups are dropped when the plan's groups or aggregate come from protected fields."""
        if not self.rules.suppress_small_groups:
            return Suppression(list(cells), 0, None)
        return self.policy.suppress_small_groups(cells)

    def scalar_allowed(self, population: int) -> bool:
        """An ungrouped aggregate over a protected field needs a population of at least the minimum size."""
        return not self.rules.suppress_small_groups or population >= self.policy.min_group_size

    # -- free text ----------------------------------------------------------------------
    def scrub(self, obj: Any) -> Any:
        """A copy of any JSON-like document with every withheld text value replaced by `***`."""
        return self.withheld.scrub(obj)


# ---------------------------------------------------------------------- schema for prompts


def mask_schema_doc(doc: Mapping[str, Any], policy: Policy) -> dict[str, Any]:
    """The meta-schema JSON as a prompt may show it: no distinct values of fields the role cannot see.

    Names stay (so a plan that asks for a forbidden field is denied with a clear reason instead
    of being guessed around); the `values` lists, which hold real phone numbers or political
    status for low-cardinality fields, go.
    """
    out = copy.deepcopy(dict(doc))
    for label, info in (out.get("labels") or {}).items():
        for pname, pinfo in (info.get("properties") or {}).items():
            if isinstance(pinfo, dict) and not policy.field_allowed(label, pname):
                pinfo.pop("values", None)
    return out


def mask_schema_view(view: SchemaView, policy: Policy) -> SchemaView:
    """The same for a parsed SchemaView (what the planner and the prompt builder read)."""
    labels = {}
    for name, info in view.labels.items():
        props = {
            p: (pi if policy.field_allowed(name, p) else replace(pi, values=None, sensitive=True))
            for p, pi in info.properties.items()
        }
        labels[name] = replace(info, properties=props)
    return replace(view, labels=labels, raw=mask_schema_doc(view.raw, policy) if view.raw else view.raw)


# ---------------------------------------------------------------------- quality report


def mask_quality_report(
    doc: Mapping[str, Any], policy: Policy, templates: TemplateSet | None = None
) -> dict[str, Any]:
    """The data-quality report for one role: forbidden raw values become `（无权查看）`, and issues
    about a forbidden field lose their value and get a generic message (validator messages quote it)."""
    out = copy.deepcopy(dict(doc))
    withheld = Withheld()
    file_template: dict[str, str] = {}

    def field_ok(template: str | None, fld: str) -> bool:
        masked = policy.mask_template_row(template or "", {fld: "x"}, templates=templates)
        return masked.get(fld) != MASK_TEXT

    def fix_issue(template: str | None, issue: dict[str, Any]) -> None:
        fields = list(issue.get("fields") or ([issue["field"]] if issue.get("field") else []))
        bad = [f for f in fields if not field_ok(template, f)]
        if not bad:
            return
        if issue.get("value") is not None:
            withheld.add(bad[0], str(issue["value"]))
            issue["value"] = MASK_TEXT
        issue["message"] = f"「{'、'.join(bad)}」的值有问题（{issue.get('code', '')}），当前角色无权查看具体内容"

    for f in out.get("files", []) or []:
        template = f.get("template")
        file_template[str(f.get("file"))] = template
        for i in f.get("file_issues", []) or []:
            fix_issue(template, i)
        for r in f.get("problem_rows", []) or []:
            if isinstance(r.get("raw"), dict) and template:
                r["raw"] = policy.mask_template_row(template, r["raw"], withheld=withheld, templates=templates)
            for i in r.get("issues", []) or []:
                fix_issue(template, i)
    for ref in out.get("references", []) or []:
        fix_issue(file_template.get(str(ref.get("file"))), ref)
    scrubbed: dict[str, Any] = withheld.scrub(out)
    return scrubbed


# ---------------------------------------------------------------------- history


def visible_to(policy: Policy, record_role: str | None) -> bool:
    """A history / cache entry made under another role is shown only to a role that sees at least as much."""
    if not record_role or record_role == policy.role:
        return True
    try:
        return policy.dominates(record_role)
    except KgdeskError:  # an entry from a role that no longer exists: hide it
        return False






_ACCESS_CN = {Access.NONE: "无权", Access.BAND: "仅年龄段", Access.AGGREGATE: "仅统计", Access.FULL: "可查看"}
