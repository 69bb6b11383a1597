"""The meta-schema of one version, computed from the graph: what the QA layer and the LLM may use.

Labels with counts, properties with their template types and distinct counts (and the values of
low-cardinality, non-sensitive fields), relationship types with direction and counts, and the
month coverage of the data. Stored on `_KgdeskMeta`/`_KgdeskVersion` and as schema.json.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess, graph_access
from kgdesk.graph.planner import GraphPlan
from kgdesk.templates.model import DAY_COLUMNS, FieldType, TemplateSet

LOW_CARDINALITY = 50


def _field_info(ts: TemplateSet, label: str) -> tuple[dict[str, str], set[str], list[str]]:
    """Field types, sensitive fields and template names of one label, from the metadata."""
    types: dict[str, str] = {}
    sensitive: set[str] = set()
    templates: list[str] = []
    for t in ts.templates_for_label(label):
        templates.append(t.name)
        for f in t.fields:
            types.setdefault(f.name, f.type.value)
            if f.sensitive:
                sensitive.add(f.name)
        for name in t.constant_properties:
            types.setdefault(name, FieldType.TEXT.value)
    return types, sensitive, templates


def _month_fields(ts: TemplateSet, label: str, types: dict[str, str]) -> list[str]:
    return [k for k in ts.key_of(label) if types.get(k) == FieldType.MONTH.value]


def _flat_values(values: list[Any]) -> list[Any]:
    out: list[Any] = []
    for v in values:
        out.extend(v if isinstance(v, list) else [v])
    uniq = list(dict.fromkeys(out))
    return sorted(uniq, key=lambda x: (str(type(x)), str(x)))


def _hashable(v: Any) -> Any:
    """Cypher's DISTINCT: lists by value, and true is not 1."""
    if isinstance(v, list):
        return ("list", tuple(_hashable(x) for x in v))
    return ("bool", v) if isinstance(v, bool) else v


_SCALARS = frozenset({str, int, float})


def _distinct(values: list[Any]) -> int:
    """Cypher's count(DISTINCT): a plain set when every value is a str, int or float (the usual
    column; Python and Cypher agree on those, 1 = 1.0 included), else by `_hashable`."""
    if set(map(type, values)) <= _SCALARS:
        return len(set(values))
    return len({_hashable(v) for v in values})


class _PlanStats:
    """The per-label property statistics the graph statements return, computed from the written rows."""

    def __init__(self, plan: GraphPlan) -> None:
        self.plan = plan

    def _column(self, label: str, key: str) -> list[Any]:
        rows = self.plan.nodes.get(label, [])
        vals = [row[key] for part in (rows, self.plan.carried_rows.get(label, [])) for row in part if key in row]
        return [v for v in vals if v is not None] if None in vals else vals  # the planner writes no nulls

    def stats(self, label: str) -> dict[str, tuple[int, int]]:
        """Column by column (a list comprehension per property, not a Python loop per cell)."""
        rows = self.plan.nodes.get(label, ())
        keys = self.plan.node_properties.get(label)
        if keys is None:
            keys = {k for row in rows for k in row}
        out: dict[str, tuple[int, int]] = {}
        for k in sorted(keys):
            if k[:1] == "_":
                continue
            vals = self._column(label, k)
            if vals:
                out[k] = (len(vals), _distinct(vals))
        return out

    def values(self, label: str, keys: list[str]) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        for k in keys:
            vals = self._column(label, k)
            if not vals:
                continue
            if set(map(type, vals)) <= _SCALARS:
                firsts = list(dict.fromkeys(vals))
            else:
                seen: dict[Any, Any] = {}
                for v in vals:
                    seen.setdefault(_hashable(v), v)
                firsts = list(seen.values())
            out[k] = _flat_values(firsts)
        return out


def compute_schema(
    conn: Any,
    plan: GraphPlan,
    ts: TemplateSet,
    between: Callable[[], None] | None = None,
    relationship_counts: dict[tuple[str, str, str], int] | None = None,
    node_counts: dict[str, int] | None = None,
    *,
    from_plan: bool = False,
) -> dict[str, Any]:
    """Statistics for `plan.version`: counts read from the graph (never from the plan's counts).

    `node_counts` / `relationship_counts` may pass the builder's read-back (also read from the
    graph, for this version) to save a pass. Relationship property names come from the plan.
    `from_plan`: property statistics from the rows just written and verified by the read-back
    (the graph holds exactly them: `SET n = row`), instead of a scan of every label — the same
    result (tested) at a fraction of the cost on large libraries.
    """
    db: GraphAccess = graph_access(conn)
    version = plan.version
    memory = _PlanStats(plan) if from_plan else None
    if node_counts is None:
        node_counts = {}
        for row in db.read(q.count_version_nodes(), version=version):
            for label in row["labels"]:
                node_counts[label] = node_counts.get(label, 0) + int(row["n"])
    labels: dict[str, Any] = {}
    months: set[str] = set()
    months_by_label: dict[str, dict[str, Any]] = {}
    kept = plan.basis_schema.get("labels", {}) if plan.basis_schema else {}
    for label in ts.labels:
        if between is not None:
            between()
        total = int(node_counts.get(label, 0))
        if label in plan.kept_nodes and label in kept:  # carried over unplanned: the basis version's entry
            labels[label] = {**json.loads(json.dumps(kept[label])), "count": total}
            if plan.kept_months.get(label):
                ordered = plan.kept_months[label]
                months_by_label[label] = {"min": ordered[0], "max": ordered[-1], "count": len(ordered)}
                months.update(ordered)
            continue
        types, sensitive, templates = _field_info(ts, label)
        stats: dict[str, tuple[int, int]] = {}
        if total and memory is not None:
            stats = memory.stats(label)
        elif total:
            for row in db.read(q.label_property_stats(label), version=version, hidden="_", days=list(DAY_COLUMNS)):
                stats[str(row["k"])] = (int(row["c"]), int(row["d"]))
        props: dict[str, Any] = {}
        low: list[str] = []
        for name in dict.fromkeys([*types, *sorted(stats)]):
            count, distinct = stats.get(name, (0, 0))
            entry: dict[str, Any] = {
                "type": types.get(name, FieldType.TEXT.value),
                "count": count,
                "distinct": distinct,
            }
            if name in sensitive:
                entry["sensitive"] = True
            elif 0 < distinct <= LOW_CARDINALITY:
                low.append(name)
            props[name] = entry
        month_fields = [m for m in _month_fields(ts, label, types) if m in stats]
        wanted = list(dict.fromkeys([*low, *month_fields]))
        values: dict[str, list[Any]] = {}
        if wanted and memory is not None:
            values = memory.values(label, wanted)
        elif wanted:
            for row in db.read(q.label_property_values(label), version=version, keys=wanted,
                               days=list(DAY_COLUMNS)):
                values[str(row["k"])] = _flat_values(row["vals"])
        for name in low:
            props[name]["values"] = values.get(name, [])
        label_months = {str(v) for m in month_fields for v in values.get(m, [])}
        if label_months:
            ordered = sorted(label_months)
            months_by_label[label] = {"min": ordered[0], "max": ordered[-1], "count": len(ordered)}
            months.update(ordered)
        labels[label] = {
            "count": total,
            "key": list(ts.key_of(label)),
            "display": ts.display_fields.get(label),
            "templates": templates,
            "properties": props,
        }
    rels: list[dict[str, Any]] = []
    for g in plan.relationships:
        if between is not None:
            between()
        key = (g.type, g.start_label, g.end_label)
        if relationship_counts is not None:
            count = relationship_counts.get(key, 0)
        else:
            count = int(db.read(q.count_relationships(*key), version=version)[0]["n"])
        rels.append(
            {
                "type": g.type,
                "start": g.start_label,
                "end": g.end_label,
                "count": count,
                "properties": sorted(g.properties),
            }
        )
    ordered_months = sorted(months)
    return {
        "version": version,
        "labels": labels,
        "relationships": rels,
        "months": {
            "min": ordered_months[0] if ordered_months else None,
            "max": ordered_months[-1] if ordered_months else None,
            "list": ordered_months,
            "by_label": months_by_label,
        },
    }


def schema_json(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, sort_keys=False)


def load_published_schema(conn: Any) -> dict[str, Any] | None:
    """The meta-schema of the published version, or None when nothing is published yet."""
    db = graph_access(conn)
    rows = db.read(q.published_schema())
    meta = rows[0]["m"] if rows else None
    if not meta or not meta.get("schema"):
        return None
    data: dict[str, Any] = json.loads(meta["schema"])
    return data
