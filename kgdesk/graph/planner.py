"""Pure planning: merged records + template metadata → node rows per label and relationship rows per rule.

Nothing here talks to Neo4j, so the counting rules can be unit-tested and stated exactly (see
docs/graph-model.md, "Counting rules").
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kgdesk.errors import TemplateMetadataError
from kgdesk.gc_pause import collector_paused
from kgdesk.graph.similarity import LexicalSimilarity, Similarity
from kgdesk.templates.model import FieldType, MatchMode, RelationRule, TemplateSet
from kgdesk.templates.records import Dataset, Record, SourceRef

if TYPE_CHECKING:
    from kgdesk.graph.scope import PlanScope

__all__ = ["MONTH_RUN_BASIS", "GraphPlan", "RelGroup", "Similarity", "plan_graph"]

MONTH_RUN_BASIS = "考勤/排班"
"""`依据` of 服务于 edges derived from consecutive months (docs/graph-model.md)."""

_PROP_TYPES = (str, int, float, bool)


@dataclass
class RelGroup:
    """All planned edges of one relationship type between one start label and one end label."""

    type: str
    start_label: str
    end_label: str
    rows: list[dict[str, Any]] = field(default_factory=list)  # {"s": start _uid, "e": end _uid, "p": props}
    properties: set[str] = field(default_factory=set)
    kept: int = 0  # edges carried over unplanned from the current version (a partial plan's clean group)
    partial: bool = False  # append mode: `kept` is the basis's count, less the current edges the diff reads


@dataclass
class GraphPlan:
    version: str
    nodes: dict[str, list[dict[str, Any]]]
    relationships: list[RelGroup]
    node_properties: dict[str, set[str]]
    notes: list[str] = field(default_factory=list)
    # A partial plan (kgdesk.graph.scope): labels whose nodes are carried over from the current
    # version unplanned (their count), the month values of those labels, and that version's schema.
    kept_nodes: dict[str, int] = field(default_factory=dict)
    kept_months: dict[str, list[str]] = field(default_factory=dict)
    basis_schema: dict[str, Any] | None = None
    # Labels whose nodes store their day columns packed when written (kgdesk.graph.days); the rows
    # here keep the per-column form, which the hashes and the meta-schema are computed from.
    day_labels: frozenset[str] = frozenset()
    # Append mode (PlanScope.split_appended): `nodes` of a dirty label hold only its new nodes; its
    # old ones stay as they are in the graph (their number here) and their rows serve the meta-schema.
    appended: bool = False
    appended_nodes: dict[str, int] = field(default_factory=dict)
    carried_rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def node_counts(self) -> dict[str, int]:
        out = {label: len(rows) + self.appended_nodes.get(label, 0) for label, rows in self.nodes.items()}
        out.update({label: n for label, n in self.kept_nodes.items() if n})
        return {label: n for label, n in out.items() if n}

    def relationship_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.relationships:
            if g.rows or g.kept:
                out[g.type] = out.get(g.type, 0) + len(g.rows) + g.kept
        return out

    def group_counts(self) -> dict[tuple[str, str, str], int]:
        return {(g.type, g.start_label, g.end_label): len(g.rows) + g.kept for g in self.relationships
                if g.rows or g.kept}

    @property
    def total_nodes(self) -> int:
        return sum(len(r) for r in self.nodes.values()) + sum(self.kept_nodes.values()) + sum(self.appended_nodes.values())

    @property
    def total_relationships(self) -> int:
        return sum(len(g.rows) + g.kept for g in self.relationships)


# ---------------------------------------------------------------- values


def _is_empty(value: Any) -> bool:
    if value is None:
        return True
    if type(value) is str:
        return not value.strip()
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, float):
        return value != value  # NaN
    if isinstance(value, (list, tuple, set)):
        return all(_is_empty(v) for v in value)
    return False


def _values(value: Any) -> list[Any]:
    """A property as a list of its non-empty values (a merged conflict holds a list)."""
    if isinstance(value, (list, tuple, set)):
        return [v for v in value if not _is_empty(v)]
    return [] if _is_empty(value) else [value]


def match_text(value: Any) -> str:
    """Canonical text for matching: the parsed value as the validator's key text (so an edge exists
    exactly when the validator found the referenced key)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _prop_value(value: Any) -> Any:
    """A value Neo4j can store: scalars as they are, lists deduplicated and of one type."""
    t = type(value)  # the common scalars first (a build calls this for every cell)
    if t is str:
        return value if value.strip() else None
    if t is int or t is bool:
        return value
    if t is float:
        return None if value != value else value
    if isinstance(value, (list, tuple, set)):
        items = [_prop_value(v) for v in value if not _is_empty(v)]
        items = [v for v in items if v is not None and not isinstance(v, list)]
        uniq = list(dict.fromkeys(items))
        if not uniq:
            return None
        if len(uniq) == 1:
            return uniq[0]
        kinds = {type(v) for v in uniq}
        if len(kinds) == 1:
            return uniq
        if kinds == {int, float}:
            return list(dict.fromkeys(float(v) for v in uniq))
        return list(dict.fromkeys(str(v) for v in uniq))  # Neo4j lists hold one type
    if _is_empty(value):
        return None
    if isinstance(value, _PROP_TYPES):
        return value
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


# ---------------------------------------------------------------- nodes


@dataclass
class _Node:
    label: str
    key: str
    uid: str
    record: Record


def _merge_into(target: Record, other: Record) -> None:
    """Two records with one label and key (e.g. from two templates): merge like the validator does."""
    for name, value in other.properties.items():
        if _is_empty(value):
            continue
        have = target.properties.get(name)
        if _is_empty(have):
            target.properties[name] = value
            continue
        merged = list(dict.fromkeys([*_values(have), *_values(value)]))
        target.properties[name] = merged[0] if len(merged) == 1 else merged
    target.sources.extend(other.sources)


def _display(label: str, key: str, props: dict[str, Any], display_fields: dict[str, str]) -> str:
    fname = display_fields.get(label)
    if fname:
        vals = _values(props.get(fname))
        if vals:
            shown = str(vals[0])
            return shown if shown == key else f"{shown}（{key}）"
    return key


def _constants(ts: TemplateSet) -> dict[tuple[str, str], dict[str, Any]]:
    """(label, template) → the template's constant properties (looked up once, not per node)."""
    return {(label, t.name): dict(t.constant_properties) for label in ts.labels for t in ts.templates_for_label(label)}


def _node_row(
    node: _Node, version: str, ts: TemplateSet, constants: dict[tuple[str, str], dict[str, Any]]
) -> dict[str, Any]:
    rec = node.record
    row: dict[str, Any] = {}
    for name, value in rec.properties.items():
        v = _prop_value(value)
        if v is not None:
            row[name] = v
    for name, value in constants.get((node.label, rec.template), {}).items():
        row.setdefault(name, value)
    sources = rec.sources
    row.update(
        {
            "_uid": node.uid,
            "_key": node.key,
            "_version": version,
            "_display": _display(node.label, node.key, rec.properties, ts.display_fields),
            "_template": rec.template,
            "_src_files": [s.file for s in sources],
            "_src_sheets": [s.sheet for s in sources],
            "_src_rows": [int(s.row) for s in sources],
        }
    )
    return row


def _collect_nodes(
    dataset: Dataset, ts: TemplateSet, version: str, only: frozenset[str] | None = None
) -> dict[str, dict[str, _Node]]:
    by_label: dict[str, dict[str, _Node]] = {label: {} for label in ts.labels if only is None or label in only}
    for rec in dataset.records:
        if rec.label is None or rec.label not in by_label:
            continue
        key = rec.key_text
        if not rec.key or any(not str(k).strip() for k in rec.key):
            continue  # a missing key never makes a node (the validator reported W_MISSING_KEY)
        nodes = by_label[rec.label]
        if key in nodes:
            _merge_into(nodes[key].record, rec)
        else:
            copy = Record(rec.template, rec.label, rec.key, dict(rec.properties), list(rec.sources))
            nodes[key] = _Node(rec.label, key, f"{version}#{key}", copy)
    return by_label


# ---------------------------------------------------------------- relationships


def _first_source(rec: Record) -> SourceRef | None:
    return rec.sources[0] if rec.sources else None


def _single_provenance(rec: Record) -> dict[str, Any]:
    src = _first_source(rec)
    out: dict[str, Any] = {"_template": rec.template}
    if src is not None:
        out.update({"_src_file": src.file, "_src_sheet": src.sheet, "_src_row": int(src.row)})
    return out


def _list_provenance(records: Iterable[Record], order: dict[str, int]) -> dict[str, Any]:
    refs = sorted(
        {s for r in records for s in r.sources},
        key=lambda s: (order.get(s.template, 999), s.file, s.sheet, s.row),
    )
    return {
        "_template": refs[0].template if refs else "",
        "_src_templates": [s.template for s in refs],
        "_src_files": [s.file for s in refs],
        "_src_sheets": [s.sheet for s in refs],
        "_src_rows": [int(s.row) for s in refs],
    }


def _index(nodes: dict[str, _Node], fname: str) -> dict[str, list[_Node]]:
    idx: dict[str, list[_Node]] = defaultdict(list)
    for node in nodes.values():
        for v in _values(node.record.properties.get(fname)):
            idx[match_text(v)].append(node)
    return idx


def _field_type(ts: TemplateSet, label: str, fname: str) -> FieldType | None:
    for t in ts.templates_for_label(label):
        if fname in t.field_names:
            return t.field(fname).type
    return None


def _month_field(ts: TemplateSet, template: str) -> str:
    spec = ts.template(template)
    keys = [k for label in spec.labels for k in ts.key_of(label)] + list(spec.relationship_key)
    for name in [*keys, *spec.field_names]:
        if name in spec.field_names and spec.field(name).type is FieldType.MONTH:
            return name
    raise TemplateMetadataError(f"关系规则：经由模板 {template} 没有年月字段，无法按连续月份生成关系")


def _next_month(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    return f"{y + (m == 12):04d}-{m % 12 + 1:02d}"


def _is_month(text: str) -> bool:
    return (
        len(text) == 7
        and text[4] == "-"
        and text[:4].isdigit()
        and text[5:].isdigit()
        and 1 <= int(text[5:]) <= 12
    )


def month_runs(months: Iterable[str]) -> list[tuple[str, str]]:
    """Sorted distinct months → maximal runs of consecutive calendar months, as (first, last)."""
    ordered = sorted({m for m in months if _is_month(m)})
    runs: list[tuple[str, str]] = []
    for m in ordered:
        if runs and _next_month(runs[-1][1]) == m:
            runs[-1] = (runs[-1][0], m)
        else:
            runs.append((m, m))
    return runs


class _Planner:
    def __init__(
        self, dataset: Dataset, ts: TemplateSet, version: str, similarity: Similarity, scope: PlanScope | None = None
    ) -> None:
        self.ts = ts
        self.version = version
        self.dataset = dataset
        self.similarity = similarity
        self.scope = scope
        self.nodes = _collect_nodes(dataset, ts, version, scope.needed_labels(ts) if scope else None)
        self.old = scope.split_appended(self.nodes) if scope else None  # append mode: the old nodes
        self.skipped = scope.carried_rules if scope and self.old is not None else frozenset()
        self.order = {t.name: t.order for t in ts.templates}
        self._indexes: dict[tuple[str, str], dict[str, list[_Node]]] = {}
        self.groups: dict[tuple[str, str, str], RelGroup] = {}
        self.seen: set[tuple[str, str, str, str]] = set()
        self.rule_ids: dict[int, str] = {}  # rule_id is computed text: once per rule, not per edge
        self.notes: list[str] = []
        counts: dict[tuple[str, str, str], int] = defaultdict(int)
        for r in ts.relations:
            counts[(r.type, r.start_label, r.end_label)] += 1
        self.multi_rule = {k for k, n in counts.items() if n > 1}

    def index(self, label: str, fname: str) -> dict[str, list[_Node]]:
        k = (label, fname)
        if k not in self._indexes:
            self._indexes[k] = _index(self.nodes.get(label, {}), fname)
        return self._indexes[k]

    def group(self, rule: RelationRule) -> RelGroup:
        k = (rule.type, rule.start_label, rule.end_label)
        if k not in self.groups:
            self.groups[k] = RelGroup(rule.type, rule.start_label, rule.end_label)
        return self.groups[k]

    def add(
        self, rule: RelationRule, start: _Node, end: _Node, props: dict[str, Any], dedup: str = ""
    ) -> bool:
        if start.uid == end.uid and start.label == end.label:
            return False  # a node never relates to itself by a rule
        rule_id = self.rule_ids.get(id(rule))
        if rule_id is None:
            rule_id = self.rule_ids[id(rule)] = rule.rule_id
        sig = (rule_id, f"{start.label}#{start.uid}", f"{end.label}#{end.uid}", dedup)
        if sig in self.seen:
            return False
        self.seen.add(sig)
        p = {k: v for k, v in props.items() if v is not None}
        p["_version"] = self.version
        p["_rule"] = rule_id
        g = self.group(rule)
        g.rows.append({"s": start.uid, "e": end.uid, "p": p})
        g.properties.update(k for k in p if not k.startswith("_"))
        return True

    # -- rule kinds

    def _edge_props(self, rule: RelationRule, holder: Record, other: Record | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for ep in rule.edge_properties:
            v = holder.properties.get(ep.source_field)
            if _is_empty(v) and other is not None:
                v = other.properties.get(ep.source_field)
            pv = _prop_value(v)
            if pv is not None:
                out[ep.name] = pv
        return out

    def _basis(self, rule: RelationRule, holder: Record) -> dict[str, Any]:
        if (rule.type, rule.start_label, rule.end_label) in self.multi_rule:
            return {"依据": holder.template}
        return {}

    def _referrer_is_end(self, rule: RelationRule) -> bool:
        """Which side holds the reference (its row is the edge's provenance and property source)."""
        start_key = self.ts.key_of(rule.start_label)
        end_key = self.ts.key_of(rule.end_label)
        return start_key == (rule.start_field,) and end_key != (rule.end_field,)

    def _check_text_rule(self, rule: RelationRule) -> None:
        for label, fname in ((rule.start_label, rule.start_field), (rule.end_label, rule.end_field)):
            ftype = _field_type(self.ts, label, fname)
            if ftype is FieldType.CODE:
                raise TemplateMetadataError(
                    f"关系规则第 {rule.row} 行：{rule.match.value}匹配只能用于文本字段，{label}.{fname} 是编码字段"
                )

    def equal_or_fuzzy(self, rule: RelationRule) -> None:
        if rule.match in (MatchMode.CONTAINS, MatchMode.SEMANTIC):
            self._check_text_rule(rule)
        starts = self.nodes.get(rule.start_label, {})
        end_idx = self.index(rule.end_label, rule.end_field)
        end_is_ref = self._referrer_is_end(rule)
        pairs: list[tuple[_Node, _Node, float | None]] = []
        if rule.match is MatchMode.EQUAL:
            for s in starts.values():
                for v in _values(s.record.properties.get(rule.start_field)):
                    for e in end_idx.get(match_text(v), ()):
                        pairs.append((s, e, None))
        else:
            pairs = self._fuzzy_pairs(rule, starts, end_idx)
        for s, e, score in pairs:
            holder, other = (e.record, s.record) if end_is_ref else (s.record, e.record)
            props = {
                **self._edge_props(rule, holder, other),
                **self._basis(rule, holder),
                **_single_provenance(holder),
            }
            if score is not None:
                props["score"] = round(score, 4)
            self.add(rule, s, e, props)

    def _fuzzy_pairs(
        self, rule: RelationRule, starts: dict[str, _Node], end_idx: dict[str, list[_Node]]
    ) -> list[tuple[_Node, _Node, float | None]]:
        svals: dict[str, list[_Node]] = defaultdict(list)
        for s in starts.values():
            for v in _values(s.record.properties.get(rule.start_field)):
                svals[match_text(v)].append(s)
        left = [t for t in svals if t]
        right = [t for t in end_idx if t]
        best: dict[tuple[str, str], tuple[_Node, _Node, float | None]] = {}
        if rule.match is MatchMode.CONTAINS:
            for a in left:
                for b in right:
                    if a in b or b in a:
                        for s in svals[a]:
                            for e in end_idx[b]:
                                best.setdefault((s.uid, e.uid), (s, e, None))
            return list(best.values())
        if not left or not right:
            return []
        threshold = self.ts.semantic_threshold
        scores = self.similarity.matrix(left, right)
        for a, row in zip(left, scores, strict=True):
            for b, score in zip(right, row, strict=True):
                if score > threshold:
                    for s in svals[a]:
                        for e in end_idx[b]:
                            k = (s.uid, e.uid)
                            prev = best.get(k)
                            if prev is None or (prev[2] or 0.0) < score:
                                best[k] = (s, e, float(score))
        return list(best.values())

    def via(self, rule: RelationRule) -> None:
        """Rows of a relationship-only template (e.g. 项目片区关系) name both ends."""
        start_idx = self.index(rule.start_label, rule.start_field)
        end_idx = self.index(rule.end_label, rule.end_field)
        for tname in rule.via_templates:
            for rec in self.dataset.by_template(tname):
                for sv in _values(rec.properties.get(rule.start_field)):
                    for ev in _values(rec.properties.get(rule.end_field)):
                        for s in start_idx.get(match_text(sv), ()):
                            for e in end_idx.get(match_text(ev), ()):
                                props = {**self._edge_props(rule, rec, None), **_single_provenance(rec)}
                                self.add(rule, s, e, props)

    def month_runs(self, rule: RelationRule) -> None:
        """One edge per continuous run of months per (start, end) over the union of the via templates."""
        start_idx = self.index(rule.start_label, rule.start_field)
        end_idx = self.index(rule.end_label, rule.end_field)
        months: dict[tuple[str, str], dict[str, list[Record]]] = defaultdict(lambda: defaultdict(list))
        for tname in rule.via_templates:
            mfield = _month_field(self.ts, tname)
            for rec in self.dataset.by_template(tname):
                mvals = _values(rec.properties.get(mfield))
                if len(mvals) != 1:
                    continue
                for sv in _values(rec.properties.get(rule.start_field)):
                    for ev in _values(rec.properties.get(rule.end_field)):
                        months[(match_text(sv), match_text(ev))][str(mvals[0])].append(rec)
        for (sv, ev), by_month in sorted(months.items()):
            ss, es = start_idx.get(sv, ()), end_idx.get(ev, ())
            if not ss or not es:
                continue  # dangling reference: no edge
            for first, last in month_runs(by_month):
                recs: list[Record] = []
                m = first
                while True:
                    recs.extend(by_month.get(m, ()))
                    if m == last:
                        break
                    m = _next_month(m)
                props = {
                    "开始": first,
                    "结束": last,
                    "依据": MONTH_RUN_BASIS,
                    **_list_provenance(recs, self.order),
                }
                for s in ss:
                    for e in es:
                        self.add(rule, s, e, props, dedup=first)

    def run(self) -> GraphPlan:
        for i, rule in enumerate(self.ts.relations):
            if self.scope is not None and (i not in self.scope.rules or i in self.skipped):
                continue
            if rule.match is MatchMode.MONTH_RUNS:
                if not rule.via_templates:
                    raise TemplateMetadataError(f"关系规则第 {rule.row} 行：连续月份匹配需要经由模板")
                self.month_runs(rule)
            elif rule.via_templates:
                self.via(rule)
            else:
                self.equal_or_fuzzy(rule)
        node_rows: dict[str, list[dict[str, Any]]] = {}
        node_props: dict[str, set[str]] = {}
        constants = _constants(self.ts)
        carried_rows: dict[str, list[dict[str, Any]]] = {}
        for label, nodes in self.nodes.items():
            if self.scope is not None and label not in self.scope.labels:
                continue
            rows = [_node_row(n, self.version, self.ts, constants) for n in nodes.values()]
            old = [_node_row(n, self.version, self.ts, constants) for n in (self.old or {}).get(label, {}).values()]
            node_rows[label] = rows
            node_props[label] = {k for k in set().union(*rows, *old) if not k.startswith("_")}  # keys unioned in C
            if self.old is not None:
                carried_rows[label] = old
        plan = GraphPlan(
            version=self.version,
            nodes=node_rows,
            relationships=self._ordered_groups(),
            node_properties=node_props,
            notes=self.notes,
            day_labels=frozenset(label for label in self.ts.labels if self.ts.has_day_columns(label)),
            appended=self.old is not None,
            appended_nodes={label: len(rows) for label, rows in carried_rows.items()},
            carried_rows=carried_rows,
        )
        if self.scope is not None:
            self.scope.carry_over(plan, self.ts, {label: self._months(label) for label in self.nodes
                                                  if label not in self.scope.labels})
        return plan

    def _ordered_groups(self) -> list[RelGroup]:
        """Groups in the order of their first rule in the metadata (a partial plan lists the same)."""
        first: dict[tuple[str, str, str], int] = {}
        for i, r in enumerate(self.ts.relations):
            first.setdefault((r.type, r.start_label, r.end_label), i)
        return sorted(self.groups.values(), key=lambda g: first[(g.type, g.start_label, g.end_label)])

    def _months(self, label: str) -> list[str]:
        """The month key values of an unplanned label's nodes, as the meta-schema reads them from rows."""
        fields = [k for k in self.ts.key_of(label) if _field_type(self.ts, label, k) is FieldType.MONTH]
        out: set[str] = set()
        for n in self.nodes[label].values():
            for k in fields:
                v = _prop_value(n.record.properties.get(k))
                out.update(str(x) for x in (v if isinstance(v, list) else [v]) if x is not None)
        return sorted(out)


def plan_graph(
    dataset: Dataset,
    template_set: TemplateSet,
    version: str,
    similarity: Similarity | None = None,
    scope: PlanScope | None = None,
) -> GraphPlan:
    """Plan every node and relationship of one version; raises TemplateMetadataError for unusable rules.

    `scope`: plan only the labels and rules an update's changed files can touch; the rest is carried
    over from the current version (kgdesk.graph.scope says when that is the same as planning it all)."""
    with collector_paused():
        return _Planner(dataset, template_set, version, similarity or LexicalSimilarity(), scope).run()
