"""The evidence graph of an answer: the nodes its citations come from, the relationships its plan
walked between them, and a deterministic layout, all computed off the GUI thread.

Data: the answer's citations (template, file, sheet, row) select the nodes of the answer's data
version whose provenance holds one of those rows; the plan's hops name the relationship types to
draw from them (with the node at the far end when it is of a label the plan walked to, e.g. the
project the counted people serve); a cited node the walk leaves unconnected (an attendance row in a list of
rows) is tied to the other cited nodes it has a relationship with. All reads are parameterized statements
from `graph.queries`.
The layout puts each label in a column (the plan's entity first), nodes sorted by name, so the same answer draws the same
picture every time (stable screenshots).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from kgdesk.app.preferences import SettingsService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.errors import KgdeskError

MAX_NODES = 300
COLUMN_ROWS = 25
COLUMN_W = 250.0
ROW_H = 56.0
LABEL_GAP = 60.0
PALETTE = ("#1a56db", "#067647", "#b54708", "#7a5af8", "#c11574", "#0e7090", "#b42318", "#4b5563")


@dataclass(frozen=True)
class EvidenceNode:
    id: str
    label: str
    name: str
    citation: int
    """1-based index of the answer citation this node came from (0: none)."""
    x: float
    y: float


@dataclass(frozen=True)
class EvidenceEdge:
    source: str
    target: str
    type: str


@dataclass(frozen=True)
class EvidenceGraph:
    nodes: list[EvidenceNode]
    edges: list[EvidenceEdge]
    labels: list[str]
    colors: dict[str, str] = field(default_factory=dict)
    left_out: int = 0
    """Cited nodes not drawn (over MAX_NODES)."""


def color_of(label: str) -> str:
    """A label's colour, the same on every computer and in every answer."""
    return PALETTE[zlib.crc32(label.encode("utf-8")) % len(PALETTE)]


def walked_types(plan: Mapping[str, Any]) -> list[str]:
    return list(dict.fromkeys(str(h["rel"]) for s in plan.get("steps") or [] for h in s.get("hops") or []
                              if isinstance(h, Mapping) and h.get("rel")))


def walked_pairs(plan: Mapping[str, Any]) -> set[tuple[str, str]]:
    """(from label, to label) of each hop, in the order the plan walked it."""
    out: set[tuple[str, str]] = set()
    for s in plan.get("steps") or []:
        chain = [str(s.get("entity") or "")] + [str(h.get("target") or "") for h in s.get("hops") or []
                                               if isinstance(h, Mapping)]
        out |= set(pairwise(chain))
    return out


def label_order(plan: Mapping[str, Any], present: Sequence[str]) -> list[str]:
    """The plan's entity, then its hop targets, then any other label, alphabetical."""
    wanted: list[str] = []
    for s in plan.get("steps") or []:
        wanted.append(str(s.get("entity") or ""))
        wanted += [str(h.get("target") or "") for h in s.get("hops") or [] if isinstance(h, Mapping)]
    ordered = [x for x in dict.fromkeys(wanted) if x in present]
    return ordered + sorted(x for x in present if x not in ordered)


def layout(found: Sequence[tuple[str, str, str, int]], edges: Sequence[EvidenceEdge], plan: Mapping[str, Any],
           ) -> EvidenceGraph:
    """(id, label, name, citation) → positioned nodes: a column per label (wrapped every
    COLUMN_ROWS), nodes sorted by name then id; the first MAX_NODES in that order are kept."""
    labels = label_order(plan, list(dict.fromkeys(lbl for _, lbl, _, _ in found)))
    by_label = {lbl: sorted((f for f in found if f[1] == lbl), key=lambda f: (f[2], f[0])) for lbl in labels}
    kept: list[EvidenceNode] = []
    x = 0.0
    for lbl in labels:
        items = by_label[lbl][: max(0, MAX_NODES - len(kept))]
        for i, (nid, _, name, cite) in enumerate(items):
            kept.append(EvidenceNode(nid, lbl, name, cite, x + (i // COLUMN_ROWS) * COLUMN_W, (i % COLUMN_ROWS) * ROW_H))
        cols = max(1, -(-len(items) // COLUMN_ROWS))
        x += cols * COLUMN_W + LABEL_GAP
    ids = {n.id for n in kept}
    drawn = sorted({e for e in edges if e.source in ids and e.target in ids}, key=lambda e: (e.type, e.source, e.target))
    return EvidenceGraph(kept, drawn, labels, {lbl: color_of(lbl) for lbl in labels}, len(found) - len(kept))


class EvidenceService:
    """Reads the cited nodes and the walked relationships from the graph for one answer."""

    def __init__(self, settings: SettingsService, runtime: GraphRuntime) -> None:
        self.settings = settings
        self.runtime = runtime

    def graph(self, doc: Mapping[str, Any]) -> EvidenceGraph:
        citations = [c for c in doc.get("citations") or [] if isinstance(c, Mapping)]
        version = doc.get("version")
        if not citations:
            raise KgdeskError("这个答案没有引用数据，没有可画的证据图")
        if not version:
            raise KgdeskError("这个答案没有记录数据版本，无法画出证据图")
        from kgdesk.graph import queries as q
        from kgdesk.templates.loader import default_template_set

        ts = default_template_set()
        cite_of = {(str(c.get("file")), int(c.get("row") or 0)): i for i, c in enumerate(citations, start=1)}
        files = sorted({f for f, _ in cite_of})
        names = {t.name for t in ts.templates}
        labels = sorted({lbl for c in citations if c.get("template") in names
                         for lbl in ts.template(str(c["template"])).labels})
        conn = self.runtime.connection()
        found: list[tuple[str, str, str, int]] = []
        key_of: dict[str, str] = {}
        for lbl in labels:
            rows = conn.read(q.cited_nodes(lbl), {"version": version, "files": files})
            for r in rows:
                pairs = [(r["file"], r["row"])] if r.get("file") is not None else list(
                    zip(r.get("files") or [], r.get("rows") or [], strict=False))
                cite = min((cite_of[(str(f), int(n))] for f, n in pairs if (str(f), int(n or 0)) in cite_of), default=0)
                if cite:
                    found.append((str(r["id"]), lbl, str(r.get("name") or r.get("key") or lbl), cite))
                    key_of[str(r["id"])] = str(r.get("key") or "")
        plan = doc.get("plan") or {}
        types = walked_types(plan)
        forward = walked_pairs(plan)
        edges: set[EvidenceEdge] = set()
        if types and found:
            label_of = {f[0]: f[1] for f in found}
            for r in conn.read(q.walked_neighbours(), {"ids": sorted(label_of), "types": types, "version": version}):
                other = str(r["other"])
                if other not in label_of:  # the far end of a hop the plan walked (the people's project)
                    far = next((str(x) for x in r.get("labels") or [] if (label_of[str(r["near"])], x) in forward), None)
                    if far is None:
                        continue
                    label_of[other] = far
                    found.append((other, far, str(r.get("name") or r.get("key") or far), 0))
                    key_of[other] = str(r.get("key") or "")
                edges.add(EvidenceEdge(str(r["s"]), str(r["e"]), str(r["type"])))
        edges |= self._loose_edges(conn, found, edges, version)
        found = _named(conn, ts, found, key_of, version)
        return layout(found, sorted(edges, key=lambda e: (e.type, e.source, e.target)), plan)

    @staticmethod
    def _loose_edges(conn: Any, found: Sequence[tuple[str, str, str, int]], edges: set[EvidenceEdge],
                     version: str) -> set[EvidenceEdge]:
        """A cited row the walk left floating, tied to the cited nodes it belongs to."""
        from kgdesk.graph import queries as q

        loose = {f[0] for f in found} - {x for e in edges for x in (e.source, e.target)}
        if not loose or len(found) < 2:
            return set()
        rows = conn.read(q.edges_among(), {"ids": sorted({f[0] for f in found}), "version": version})
        return {EvidenceEdge(str(r["s"]), str(r["e"]), str(r["type"])) for r in rows
                if str(r["s"]) in loose or str(r["e"]) in loose}


def _named(conn: Any, ts: Any, found: Sequence[tuple[str, str, str, int]], key_of: Mapping[str, str],
           version: str) -> list[tuple[str, str, str, int]]:
    """Records named as the answer names them (qa's namer): a 考勤 row is 赵德胜（KWL…） · 青浦-…（XMSQ…）
    · 2026-03, not its raw composite key; the codes' names read in one statement per owner label."""
    from kgdesk.graph import queries as q
    from kgdesk.qa.naming import record_namer

    keys = {lbl: tuple(ts.key_of(lbl)) for lbl in ts.node_keys}
    owners = {k[0]: lbl for lbl, k in keys.items() if len(k) == 1}
    wanted: dict[str, set[str]] = {}
    for nid, lbl, _, _ in found:
        fields = keys.get(lbl, ())
        if len(fields) >= 2:
            for fld, part in zip(fields, key_of.get(nid, "").split("|"), strict=False):
                if owners.get(fld) not in (None, lbl):
                    wanted.setdefault(owners[fld], set()).add(part)
    if not wanted:
        return list(found)
    names: dict[tuple[str, str], str] = {}
    for owner, codes in sorted(wanted.items()):
        for r in conn.read(q.displays_of(owner), {"keys": sorted(codes), "version": version}):
            names[(owner, str(r["key"]))] = str(r.get("name") or r["key"])
    namer = record_namer(keys, ts.display_fields, lambda lbl, key: names.get((lbl, key), key))
    return [(nid, lbl, namer(lbl, key_of.get(nid, ""), name), cite) for nid, lbl, name, cite in found]
