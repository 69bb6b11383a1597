"""What an update writes: the planned version compared with the graph's current elements.

Every data node and relationship is valid from the version that wrote it (`_version`) until the
first version that no longer has it (`_to`; absent while current). An update plans the whole
library, reads the current elements (`_to` absent: exactly the elements of the newest written
version), and keeps those whose content hash (`_hash`) equals the plan's; the rest of the current
ones are closed (`_to = new`) and the plan's new or changed elements are created with
`_version = new`. Nodes are matched by `_key` per label; relationships by their hash, which covers
type, end labels, the end nodes' `_uid`s and every property — so an edge whose end node was
re-created, or whose `开始`/`结束`/provenance changed, is re-created too.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from kgdesk.gc_pause import collector_paused
from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.planner import GraphPlan, RelGroup

if TYPE_CHECKING:
    from kgdesk.graph.scope import PlanScope

_NOT_HASHED = frozenset({"_uid", "_version", "_to", "_hash"})
"""Bookkeeping, not content: the same content written by another version has other values."""


def _digest(parts: Any) -> str:
    # repr of str/int/float/bool/list is stable across processes (unlike hash()), and 1, 1.0 and
    # True stay distinct, as they do in the graph
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=16).hexdigest()


def _content(row: dict[str, Any]) -> list[tuple[str, Any]]:
    """The (name, value) pairs a hash covers, sorted by name (a copy less the bookkeeping keys: no
    Python-level filter per property)."""
    content = row.copy()
    for k in _NOT_HASHED:
        content.pop(k, None)
    return sorted(content.items())


def node_hash(label: str, row: dict[str, Any]) -> str:
    return _digest((label, _content(row)))


def relationship_hash(group: RelGroup, start: str, end: str, props: dict[str, Any]) -> str:
    return _digest((group.type, group.start_label, group.end_label, start, end, _content(props)))


@dataclass
class GraphDelta:
    """The writes of one update; `writes` is a plan of only the elements to create."""

    writes: GraphPlan
    close_nodes: dict[str, list[str]] = field(default_factory=dict)  # label → `_uid`s
    close_relationships: list[str] = field(default_factory=list)  # element ids
    kept_nodes: int = 0
    kept_relationships: int = 0
    carried_labels: list[str] = field(default_factory=list)  # a partial plan's unplanned labels

    @property
    def closed_nodes(self) -> int:
        return sum(len(v) for v in self.close_nodes.values())

    def summary(self) -> dict[str, int]:
        return {
            "nodes_created": self.writes.total_nodes,
            "nodes_closed": self.closed_nodes,
            "nodes_kept": self.kept_nodes,
            "relationships_created": self.writes.total_relationships,
            "relationships_closed": len(self.close_relationships),
            "relationships_kept": self.kept_relationships,
            "labels_carried_over": len(self.carried_labels),
        }


def _current_nodes(db: GraphAccess) -> dict[str, dict[str, tuple[str, Any]]]:
    """label → key → (`_uid`, `_hash`) of the current nodes, and the `_uid`s of duplicates to close
    under the label "" (never two current nodes with one key)."""
    out: dict[str, dict[str, tuple[str, Any]]] = defaultdict(dict)
    for r in db.read(q.open_nodes()):
        for label in r["l"]:
            _index_nodes(out, label, r)
    return out


def _label_nodes(db: GraphAccess, labels: list[str]) -> dict[str, dict[str, tuple[str, Any]]]:
    """`_current_nodes` for some labels only (a partial plan's), one label scan each."""
    out: dict[str, dict[str, tuple[str, Any]]] = defaultdict(dict)
    for label in labels:
        for r in db.read(q.open_label_nodes(label)):
            _index_nodes(out, label, r)
    return out


def _index_nodes(out: dict[str, dict[str, tuple[str, Any]]], label: str, r: dict[str, Any]) -> None:
    by_key = out[label]
    for key, uid, h in zip(r["k"], r["u"], r["h"], strict=True):
        if key in by_key:
            out[""][uid] = (uid, label)
        else:
            by_key[key] = (uid, h)


def _rule_relationships(db: GraphAccess, groups: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """`open_relationships` for some (type, rule id) pairs only (a partial plan's dirty rules)."""
    out: list[dict[str, Any]] = []
    by_type: dict[str, list[str]] = defaultdict(list)
    for rel_type, rule in groups:
        by_type[rel_type].append(rule)
    for rel_type, rules in sorted(by_type.items()):
        out.extend(db.read(q.open_rule_relationships(rel_type), rules=sorted(rules)))
    return out


def _partial_counts(plan: GraphPlan, scope: PlanScope, read: list[dict[str, Any]]) -> None:
    """A partial group's edges not planned: the basis's count less its current edges just read (those of
    its month-run rules, compared with the plan's; every other current edge of it stays)."""
    group_of = {rule: (t, s, e) for t, rule, s, e in scope.rule_ends}
    n: dict[tuple[str, str, str], int] = defaultdict(int)
    for r in read:
        n[group_of[r["rule"]]] += len(r["ids"])
    for g in plan.relationships:
        if g.partial:
            g.kept -= n.get((g.type, g.start_label, g.end_label), 0)


def _node_delta(
    current: dict[str, dict[str, tuple[str, Any]]], plan: GraphPlan, reuse: bool, scope: PlanScope | None = None
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[str]], dict[str, dict[str, str]], int]:
    """Per label: rows to create, `_uid`s to close, and planned `_uid` → kept `_uid` for the edges.
    A node the scope shows unchanged (`PlanScope.unchanged_node`) keeps its current node unhashed."""
    create: dict[str, list[dict[str, Any]]] = {}
    close: dict[str, list[str]] = defaultdict(list)
    for uid, label in current.pop("", {}).values():
        close[str(label)].append(uid)
    remap: dict[str, dict[str, str]] = {}
    kept = 0
    for label in sorted(plan.kept_nodes):  # carried over: every current node stays; edges point at it
        carried = current.pop(label, {})
        remap[label] = {f"{plan.version}#{key}": uid for key, (uid, _h) in carried.items()}
    for label in sorted(set(current) | set(plan.nodes)):
        have_by_key = current.get(label, {})
        rows_out: list[dict[str, Any]] = []
        moved: dict[str, str] = {}
        for row in plan.nodes.get(label, ()):
            key = str(row["_key"])
            have = have_by_key.get(key)
            if reuse and have is not None and scope is not None and scope.unchanged_node(label, row):
                del have_by_key[key]
                moved[str(row["_uid"])] = have[0]
                kept += 1
                continue
            h = node_hash(label, row)
            row["_hash"] = h
            if reuse and have is not None and have[1] == h:
                del have_by_key[key]
                moved[str(row["_uid"])] = have[0]
                kept += 1
            else:
                rows_out.append(row)  # new or changed (a changed one's old node is closed below)
        create[label] = rows_out
        close[label].extend(uid for uid, _h in have_by_key.values())
        remap[label] = moved
    return create, dict(close), remap, kept


def _hash_relationships(plan: GraphPlan, remap: dict[str, dict[str, str]]) -> None:
    """Point the plan's edges at the kept nodes and fill in their `_hash` (needs no graph read)."""
    for g in plan.relationships:
        starts, ends = remap.get(g.start_label, {}), remap.get(g.end_label, {})
        for row in g.rows:
            s, e = starts.get(row["s"], row["s"]), ends.get(row["e"], row["e"])
            row["s"], row["e"] = s, e
            row["p"]["_hash"] = relationship_hash(g, s, e, row["p"])


def _relationship_delta(
    plan: GraphPlan, read: list[dict[str, Any]], reuse: bool
) -> tuple[list[RelGroup], list[str], int]:
    """The hashed plan's edges against the current ones (`read`): groups to create, ids to close."""
    current: dict[str, list[str]] = defaultdict(list)  # hash → element ids of current edges
    for r in read:
        for rid, h in zip(r["ids"], r["h"], strict=True):
            current[h].append(rid)
    groups: list[RelGroup] = []
    kept = 0
    for g in plan.relationships:
        out = RelGroup(g.type, g.start_label, g.end_label, properties=set(g.properties))
        for row in g.rows:
            ids = current.get(row["p"]["_hash"])
            if reuse and ids:
                ids.pop()
                kept += 1
                continue
            out.rows.append(row)
        groups.append(out)
    close = [i for ids in current.values() for i in ids]
    return groups, close, kept


def compute_delta(
    db: GraphAccess,
    plan: GraphPlan,
    *,
    reuse: bool = True,
    between: Callable[[], None] | None = None,
    scope: PlanScope | None = None,
) -> GraphDelta:
    """Compare the plan with the current elements. Fills `_hash` into the plan's rows and points
    the plan's edges at the kept nodes. `reuse=False`: a full rewrite (every current element
    closed, every planned one created) — the old scheme's full copy, kept for comparison.
    `scope` (a partial plan's): read and compare only its dirty labels and rules, plus the keys of the
    clean labels its edges end at; everything else is current and stays (kgdesk.graph.scope)."""
    with collector_paused():
        return _compute(db, plan, reuse, between or (lambda: None), scope)


def _compute(
    db: GraphAccess, plan: GraphPlan, reuse: bool, check: Callable[[], None], scope: PlanScope | None
) -> GraphDelta:
    check()
    read_rels: Callable[[], list[dict[str, Any]]]
    if scope is None:
        labels: list[str] | None = None
        read_rels = partial(db.read, q.open_relationships())
    else:
        # append mode: the dirty labels' planned nodes are new keys (nothing current to compare), and
        # only the month-run rules are read: the other dirty rules' current edges all stay
        rule_ends = scope.full_rule_ends if plan.appended and scope.full_rule_ends is not None else scope.rule_ends
        ends = {lbl for _t, _r, s, e in scope.rule_ends for lbl in (s, e)} & set(plan.kept_nodes)
        labels = sorted((set(plan.nodes) - set(plan.appended_nodes)) | ends)
        read_rels = partial(_rule_relationships, db, [(t, r) for t, r, _s, _e in rule_ends])
    # The current edges are read while this thread reads the nodes and hashes the plan (the server
    # works while the client does): the same statements and comparison as one after the other.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kgdesk-diff") as pool:
        rels_read = pool.submit(read_rels)
        current = _current_nodes(db) if labels is None else _label_nodes(db, labels)
        create, close_nodes, remap, kept_nodes = _node_delta(current, plan, reuse, scope)
        check()
        _hash_relationships(plan, remap)
        read = rels_read.result()
        groups, close_rels, kept_rels = _relationship_delta(plan, read, reuse)
    if scope is not None and plan.appended:
        _partial_counts(plan, scope, read)
    writes = GraphPlan(plan.version, create, [g for g in groups if g.rows], plan.node_properties, list(plan.notes),
                       day_labels=plan.day_labels)
    carried = sum(plan.kept_nodes.values()) + sum(plan.appended_nodes.values()), sum(g.kept for g in plan.relationships)
    return GraphDelta(writes, close_nodes, close_rels, kept_nodes + carried[0], kept_rels + carried[1],
                      sorted(plan.kept_nodes))
