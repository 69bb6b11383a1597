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
from kgdesk.templates.model import FieldType, TemplateSet

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


def compute_schema(
    conn: Any,
    plan: GraphPlan,
    ts: TemplateSet,
    between: Callable[[], None] | None = None,
    relationship_counts: dict[tuple[str, str, str], int] | None = None,
) -> dict[str, Any]:
    """Statistics for `plan.version` read from the graph (never from the plan's counts).

    `relationship_counts` may pass the builder's read-back (also read from the graph) to save a pass.
    """
    db: GraphAccess = graph_access(conn)
    version = plan.version
    labels: dict[str, Any] = {}
    months: set[str] = set()
    months_by_label: dict[str, dict[str, Any]] = {}
    for label in ts.labels:
        if between is not None:
            between()
        types, sensitive, templates = _field_info(ts, label)
        written = plan.node_properties.get(label, set())
        names = list(dict.fromkeys([*types, *sorted(written)]))
        queried = [n for n in names if n in written]  # only keys that exist in the graph
        month_fields = [m for m in _month_fields(ts, label, types) if m in written]
        stats = db.read(q.label_property_stats(label, queried, month_fields), version=version)[0]
        col = {name: i for i, name in enumerate(queried)}
        total = int(stats["total"])
        props: dict[str, Any] = {}
        low: list[str] = []
        for name in names:
            i = col.get(name)
            count = int(stats[f"c{i}"]) if i is not None else 0
            distinct = int(stats[f"d{i}"]) if i is not None else 0
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
        if low and total:
            row = db.read(q.label_property_values(label, low), version=version)[0]
            for i, name in enumerate(low):
                props[name]["values"] = _flat_values(row[f"v{i}"])
        label_months = {str(v) for i in range(len(month_fields)) for v in _flat_values(stats[f"m{i}"])}
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
        if relationship_counts is not None and key in relationship_counts:
            count = relationship_counts[key]
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
