"""What an update has to plan: the labels and relation rules its changed files can touch.

Planning and diffing the whole library for every monthly file cost most of an update. The graph
is a function of the accepted files (bytes and names), the template metadata and the code, so:

- a label's nodes depend only on the records of the templates that produce it (rows of one
  template merge by key across its files; the planner merges records of one label across
  templates) — a label is *dirty* when a file of any template producing it was added, replaced or
  removed;
- a rule's edges depend only on its two end labels' nodes (properties, provenance, `_uid`s) and
  on its via templates' records — a rule is dirty when an end label is dirty or a via template
  changed; 语义 rules (a similarity that may be configured differently) always are; and every
  rule of a group (type, start label, end label) is planned when one of them is, so a group is
  either planned whole or carried over whole.

Everything clean is carried over from the *current* elements (those without `_to`: the newest
written version, `basis_version`) unplanned: their counts and meta-schema entries come from that
version's record, and the read-back still checks the graph against them. The basis is trusted only
when its record says which files, metadata and code planned it (`plan_basis`) and those are the
fingerprint of this build; otherwise — an old record, other metadata or code, a full rewrite — the
whole library is planned, as before. The result equals a full rebuild (tests/graph/test_incremental*).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.planner import GraphPlan, RelGroup
from kgdesk.graph.versions import version_records
from kgdesk.templates.cachehook import code_digest, modules_digest
from kgdesk.templates.model import FieldType, MatchMode, TemplateSet

log = logging.getLogger(__name__)

Files = dict[str, tuple[str, str]]
"""accepted file name → (sha256, template)"""


@lru_cache(maxsize=1)
def _graph_code() -> str:
    return modules_digest("kgdesk.graph", ("planner", "delta", "scope"))


def planning_fingerprint(ts: TemplateSet, similarity: Any) -> str:
    """What besides the files a plan depends on: metadata, parsing and planning code, similarity kind."""
    parts = (repr(ts), code_digest(), _graph_code(), type(similarity).__name__ if similarity else "")
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=16).hexdigest()


def plan_basis(files: Files, fingerprint: str) -> str:
    """The JSON a version's record keeps (`plan_basis`) so the next update can trust its elements."""
    return json.dumps({"fingerprint": fingerprint, "files": {k: list(v) for k, v in sorted(files.items())}},
                      ensure_ascii=False)


@dataclass(frozen=True)
class Basis:
    version: str
    fingerprint: str
    files: Files
    schema: dict[str, Any]


def current_basis(db: GraphAccess) -> Basis | None:
    """The newest version that was written and published (its elements are the current ones), if its
    record says what planned it; None otherwise (then the whole library is planned)."""
    records = [r for r in version_records(db) if r.get("status") in ("published", "superseded")]
    if not records or not records[-1].get("intervals") or records[-1].get("cleaned"):
        return None
    rec = records[-1]
    try:
        basis = json.loads(str(rec.get("plan_basis") or ""))
        schema = json.loads(str(rec.get("schema") or ""))
        files = {str(k): (str(v[0]), str(v[1])) for k, v in dict(basis["files"]).items()}
        return Basis(str(rec["version"]), str(basis["fingerprint"]), files, dict(schema))
    except (ValueError, TypeError, KeyError, IndexError):
        return None


def distrust_basis(db: GraphAccess, version: str) -> None:
    """Forget what planned `version` (then `current_basis` is None and the next build plans in full)."""
    try:
        db.write(q.set_version(), version=version, fields={"plan_basis": ""})
        log.warning("the graph does not match the plan basis of %s: the next build plans in full", version)
    except Exception as e:  # the build has failed already; the next one checks again
        log.warning("could not clear the plan basis of %s: %s", version, e)


@dataclass(frozen=True)
class PlanScope:
    """The dirty labels and rules (indexes into `ts.relations`) of one update, and its basis."""

    labels: frozenset[str]
    rules: frozenset[int]
    basis: Basis
    rule_ends: tuple[tuple[str, str, str, str], ...] = ()  # (type, rule id, start label, end label)
    added_only: frozenset[str] = frozenset()  # dirty labels whose templates' files were only added
    unchanged_files: frozenset[str] = frozenset()  # accepted now and in the basis, same bytes and template
    # Append mode (`split_appended`): every changed file was added; rules planned for the added
    # nodes only (one end a dirty label, the other clean), rules not planned at all (clean ends,
    # unchanged via templates: their edges stay), and the (type, rule id, start, end) of the rest
    # (month runs), which are planned whole and diffed against their current edges.
    append_rules: frozenset[int] = frozenset()
    carried_rules: frozenset[int] = frozenset()
    full_rule_ends: tuple[tuple[str, str, str, str], ...] | None = None  # None: no append mode

    def unchanged_node(self, label: str, row: dict[str, Any]) -> bool:
        """A planned node equal to the basis's node of its key by construction: its label's files were
        only added to (none replaced or removed) and every record it merges comes from a file that
        is unchanged — no added file holds its key (else that file would be among its sources). Its
        row is then the one the basis planned from the same records, and so is its hash."""
        files = row["_src_files"]
        return label in self.added_only and bool(files) and self.unchanged_files.issuperset(files)

    def split_appended(self, nodes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]] | None:
        """Append mode's condition, checked on the planned nodes: every node of a dirty label merges
        records of added files only (a new key: the basis's keys all come from unchanged files) or of
        unchanged files only (the basis's node, by the argument of `unchanged_node`). Then the dirty
        labels' old nodes and their edges to clean labels are the basis's; `nodes` keeps the new ones
        and the old ones are returned (label → key → node), else None (a key in an added file and in
        another file: merged across files, planned as before)."""
        if self.full_rule_ends is None:
            return None
        old: dict[str, dict[str, Any]] = {}
        for label in self.labels:
            kept: dict[str, Any] = {}
            for key, node in nodes.get(label, {}).items():
                files = {s.file for s in node.record.sources}
                if files and files <= self.unchanged_files:
                    kept[key] = node
                elif not files or files & self.unchanged_files:
                    return None  # no source, or records of an added and of an unchanged file merged
            old[label] = kept
        for label, kept in old.items():
            nodes[label] = {k: n for k, n in nodes.get(label, {}).items() if k not in kept}
        return old

    def needed_labels(self, ts: TemplateSet) -> frozenset[str]:
        """Labels whose nodes the planner collects: the dirty ones, the ends of dirty rules, and the
        clean labels with month keys (the meta-schema's month list)."""
        ends = {lbl for i in self.rules for lbl in (ts.relations[i].start_label, ts.relations[i].end_label)}
        months = {lbl for lbl in ts.labels if any(t.field(k).type is FieldType.MONTH for t in ts.templates_for_label(lbl)
                                                    for k in ts.key_of(lbl) if k in t.field_names)}
        return frozenset(self.labels | ends | months)

    def carry_over(self, plan: GraphPlan, ts: TemplateSet, months: dict[str, list[str]]) -> None:
        """Fill the clean labels' counts and the clean groups from the basis version's meta-schema; in
        append mode also the dirty groups' current edges not planned (`RelGroup.partial`: the basis's
        count, less what the diff reads of their month-run rules) and their property names."""
        schema = self.basis.schema
        if plan.appended:
            for i in self.append_rules | self.carried_rules:
                r = ts.relations[i]
                key = (r.type, r.start_label, r.end_label)
                entries = schema.get("relationships", [])
                entry: dict[str, Any] = next((e for e in entries if (e["type"], e["start"], e["end"]) == key), {})
                g = next((g for g in plan.relationships if (g.type, g.start_label, g.end_label) == key), None)
                if g is None and int(entry.get("count", 0)):
                    g = RelGroup(*key)
                    plan.relationships.append(g)
                if g is not None and not g.partial:
                    g.partial, g.kept = True, int(entry.get("count", 0))
                    g.properties.update(entry.get("properties", []))
        plan.basis_schema = schema
        for label in ts.labels:
            if label not in self.labels:
                plan.kept_nodes[label] = int(schema.get("labels", {}).get(label, {}).get("count", 0))
                plan.kept_months[label] = months.get(label, [])
        dirty = {(ts.relations[i].type, ts.relations[i].start_label, ts.relations[i].end_label) for i in self.rules}
        planned = {(g.type, g.start_label, g.end_label): g for g in plan.relationships}
        for entry in schema.get("relationships", []):
            key = (str(entry["type"]), str(entry["start"]), str(entry["end"]))
            if key not in dirty and key not in planned and int(entry.get("count", 0)):
                planned[key] = RelGroup(*key, properties=set(entry.get("properties", [])), kept=int(entry["count"]))
        first: dict[tuple[str, str, str], int] = {}
        for i, r in enumerate(ts.relations):
            first.setdefault((r.type, r.start_label, r.end_label), i)
        plan.relationships = sorted(planned.values(), key=lambda g: first.get((g.type, g.start_label, g.end_label), 1 << 30))


def dirty_scope(ts: TemplateSet, basis: Basis | None, files: Files, fingerprint: str) -> PlanScope | None:
    """The scope of an update from `basis` to `files`, or None when everything must be planned."""
    if basis is None or not fingerprint or basis.fingerprint != fingerprint:
        return None
    if not set(ts.labels) <= set(basis.schema.get("labels") or {}):
        return None  # a schema without every label's entry cannot stand in for the clean ones
    known = {t.name for t in ts.templates}
    changed = {name for name in set(basis.files) | set(files) if basis.files.get(name) != files.get(name)}
    templates = {v[1] for name in changed for v in (basis.files.get(name), files.get(name)) if v is not None}
    if not templates <= known:
        return None
    labels = {lbl for t in ts.templates if t.name in templates for lbl in t.labels}
    dirty_groups: set[tuple[str, str, str]] = set()
    for r in ts.relations:
        if (r.start_label in labels or r.end_label in labels or set(r.via_templates) & templates
                or r.match is MatchMode.SEMANTIC):
            dirty_groups.add((r.type, r.start_label, r.end_label))
    rules = frozenset(i for i, r in enumerate(ts.relations) if (r.type, r.start_label, r.end_label) in dirty_groups)
    ends = tuple(sorted({(r.type, r.rule_id, r.start_label, r.end_label) for i, r in enumerate(ts.relations)
                         if i in rules}))
    added_only = {lbl for lbl in labels
                  if all(name not in basis.files for name in changed
                         if {v[1] for v in (basis.files.get(name), files.get(name)) if v is not None}
                         & {t.name for t in ts.templates_for_label(lbl)})}
    unchanged = frozenset(name for name, v in files.items() if basis.files.get(name) == v)
    return PlanScope(frozenset(labels), rules, basis, ends, frozenset(added_only), unchanged,
                     *_append_mode(ts, rules, labels, templates, not changed & set(basis.files)))


def _append_mode(
    ts: TemplateSet, rules: frozenset[int], labels: set[str], templates: set[str], added: bool
) -> tuple[frozenset[int], frozenset[int], tuple[tuple[str, str, str, str], ...] | None]:
    """Which dirty rules append mode plans for the added nodes only, which it carries whole and which it
    plans whole (month runs between clean labels); no append mode unless every changed file was added
    and every dirty rule is one of these."""
    append, carried, full = set(), set(), set()
    for i in rules:
        r = ts.relations[i]
        dirty_ends = (r.start_label in labels) + (r.end_label in labels)
        if r.match is MatchMode.MONTH_RUNS and not dirty_ends:
            full.add(i)
        elif r.match is MatchMode.EQUAL and not r.via_templates and dirty_ends == 1:
            append.add(i)
        elif r.match is not MatchMode.SEMANTIC and not dirty_ends and not set(r.via_templates) & templates:
            carried.add(i)
        else:
            return frozenset(), frozenset(), None
    if not added or not labels:
        return frozenset(), frozenset(), None
    ends = tuple(sorted({(ts.relations[i].type, ts.relations[i].rule_id, ts.relations[i].start_label,
                          ts.relations[i].end_label) for i in full}))
    return frozenset(append), frozenset(carried), ends
