"""Every Cypher statement the builder, versions and meta-schema use, as parameterized builder functions.

Values always travel as parameters. Identifiers (labels, relationship types, property names) come
only from the template metadata; `ident()` validates and backtick-quotes them so a field name can
never change the shape of a statement.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from kgdesk.errors import TemplateMetadataError
from kgdesk.graph import days

META_LABEL = "_KgdeskMeta"
VERSION_LABEL = "_KgdeskVersion"
LOCK_LABEL = "_KgdeskLock"
SOURCE_LABEL = "_KgdeskSource"
INTERNAL_LABELS = (META_LABEL, VERSION_LABEL, LOCK_LABEL, SOURCE_LABEL)
PUBLISHED = "published"
LOCK_NAME = "build"

_BAD_IDENT = re.compile(r"[`\x00-\x1f\x7f]")


def valid_in(var: str, param: str = "version") -> str:
    """The condition "element `var` is valid in the version `$version`": the one place that knows how
    versions are stored, so the question compiler never spells it out.

    Every data node and relationship is valid from the version that wrote it (`_version`) until the
    first version that no longer has it (`_to`, absent while it is still current); version ids sort
    by time, so one comparison each way selects one consistent snapshot (docs/library.md).
    """
    return f"({var}._version <= ${param} AND ({var}._to IS NULL OR {var}._to > ${param}))"


def valid_path_in(var: str) -> str:
    """`valid_in` for every relationship of a variable-length path `var`."""
    return f"all(x IN {var} WHERE {valid_in('x')})"


def ident(name: str) -> str:
    """A label, type or property name from the metadata, quoted for Cypher; refuses anything odd."""
    if not isinstance(name, str) or not name.strip() or len(name) > 120 or _BAD_IDENT.search(name):
        raise TemplateMetadataError(f"名称「{name}」不能用作图中的标签、关系类型或属性名")
    return f"`{name}`"


def schema_name(kind: str, label: str, prop: str) -> str:
    """Stable ASCII names for kgdesk's constraints and indexes (labels are Chinese)."""
    return _index_name(kind, label, prop)


def _index_name(kind: str, label: str, prop: str) -> str:
    digest = hashlib.sha1(f"{label}\x00{prop}".encode()).hexdigest()[:10]
    return f"kgdesk_{kind}_{digest}"


# ------------------------------------------------------------------ schema


def uid_constraint(label: str) -> str:
    return (
        f"CREATE CONSTRAINT {_index_name('uid', label, '_uid')} IF NOT EXISTS "
        f"FOR (n:{ident(label)}) REQUIRE n._uid IS UNIQUE"
    )


def property_index(label: str, prop: str) -> str:
    return f"CREATE INDEX {_index_name('idx', label, prop)} IF NOT EXISTS FOR (n:{ident(label)}) ON (n.{ident(prop)})"


def relationship_index(rel_type: str, prop: str) -> str:
    """`_version` / `_to` of one relationship type: a failed update finds its own edges without a scan."""
    return (
        f"CREATE INDEX {_index_name('ridx', rel_type, prop)} IF NOT EXISTS "
        f"FOR ()-[r:{ident(rel_type)}]-() ON (r.{ident(prop)})"
    )


def all_relationship_types() -> str:
    return "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType AS type"


def meta_constraints() -> dict[str, str]:
    """The bookkeeping's uniqueness rules by name (versions, locks, the pointer, source copies)."""
    return {
        "kgdesk_meta_name": f"CREATE CONSTRAINT kgdesk_meta_name IF NOT EXISTS FOR (n:{META_LABEL}) REQUIRE n.name IS UNIQUE",
        "kgdesk_version_id": (
            f"CREATE CONSTRAINT kgdesk_version_id IF NOT EXISTS FOR (n:{VERSION_LABEL}) REQUIRE n.version IS UNIQUE"
        ),
        "kgdesk_lock_name": f"CREATE CONSTRAINT kgdesk_lock_name IF NOT EXISTS FOR (n:{LOCK_LABEL}) REQUIRE n.name IS UNIQUE",
        "kgdesk_source_sha": (
            f"CREATE CONSTRAINT kgdesk_source_sha IF NOT EXISTS FOR (n:{SOURCE_LABEL}) REQUIRE n.sha256 IS UNIQUE"
        ),
    }


def existing_schema_names() -> str:
    return "SHOW INDEXES YIELD name, state RETURN name, state"


def await_indexes() -> str:
    return "CALL db.awaitIndexes(300)"


def all_labels() -> str:
    return "CALL db.labels() YIELD label RETURN label"


# ------------------------------------------------------------------ writing


def batch(rows: list[Any]) -> dict[str, list[Any]]:
    """The parameter of every batched statement (`UNWIND $data.rows`). A list parameter's plan is
    cached per size class (0, 1, 2–10, 11–100, 101–1,000, …: a 1,001-row batch after 900-row ones
    compiled again, 150–370 ms on a fresh server); inside a map it is not, so one plan serves every
    batch size and the warm-up's empty batch compiles exactly the plan a build runs."""
    return {"rows": rows}


def create_nodes(label: str) -> str:
    """Batched, for a new version's nodes (their `_uid`s cannot exist yet): no MERGE lookup."""
    return f"UNWIND $data.rows AS row CREATE (n:{ident(label)}) SET n = row"


def create_relationships(rel_type: str, start_label: str, end_label: str) -> str:
    """Batched: rows {s: start _uid, e: end _uid, p: properties}; the planner already deduplicated."""
    return (
        f"UNWIND $data.rows AS row "
        f"MATCH (a:{ident(start_label)} {{_uid: row.s}}) "
        f"MATCH (b:{ident(end_label)} {{_uid: row.e}}) "
        f"CREATE (a)-[r:{ident(rel_type)}]->(b) SET r = row.p"
    )


# ------------------------------------------------------------------ reading back


def count_relationships(rel_type: str, start_label: str, end_label: str) -> str:
    return (
        f"MATCH (a:{ident(start_label)})-[r:{ident(rel_type)}]->(b:{ident(end_label)}) "
        f"WHERE {valid_in('a')} AND {valid_in('r')} AND {valid_in('b')} "
        f"RETURN count(r) AS n"
    )


def count_version_nodes() -> str:
    """Every node valid in one version by label, in one pass (cheap to plan, and it sees stray labels too)."""
    return f"MATCH (n) WHERE {valid_in('n')} RETURN labels(n) AS labels, count(*) AS n"


def count_version_relationships() -> str:
    """Every relationship valid in one version by (type, start labels, end labels), in one pass;
    `broken` counts those with an end that is not valid in it (must be none)."""
    return (
        f"MATCH (a)-[r]->(b) WHERE {valid_in('r')} "
        f"RETURN type(r) AS type, labels(a) AS start, labels(b) AS end, count(*) AS n, "
        f"sum(CASE WHEN {valid_in('a')} AND {valid_in('b')} THEN 0 ELSE 1 END) AS broken"
    )


def count_newest_nodes(labels: list[str]) -> str:
    """Per label of `labels`: all its nodes, every version (the count store, no scan), the closed ones
    (by the `_to` index, hinted: on a small graph the planner would scan the label) and the current
    edges at the nodes `$version` closed (must be none) — in one statement, one round trip instead of
    two per label: one row `c`, per label [all, closed, broken]. Its text depends
    only on the labels, so the server compiles it once (and the warm-up does it for a new server).

    `broken` looks only at the nodes `$version` closed: a current edge at a node closed earlier would
    have failed that version's read-back, so the cost is what changed, not every kept version."""
    calls, cols = [], []
    for i, label in enumerate(labels):
        L = ident(label)
        calls.append(f"CALL () {{ MATCH (n:{L}) RETURN count(n) AS t{i} }} ")
        calls.append(
            f"CALL () {{ MATCH (n:{L}) USING INDEX n:{L}(_to) WHERE n._to IS NOT NULL RETURN count(n) AS c{i} }} "
        )
        calls.append(
            f"CALL () {{ MATCH (n:{L}) USING INDEX n:{L}(_to) WHERE n._to = $version "
            f"OPTIONAL MATCH (n)-[r]-() WHERE r._to IS NULL RETURN count(r) AS b{i} }} "
        )
        cols.append(f"[t{i}, c{i}, b{i}]")
    return _NO_REPLAN + "".join(calls) + f"RETURN [{', '.join(cols)}] AS c"


_NO_REPLAN = "CYPHER replan=skip "
"""For the read-back's two long statements: their plans are fixed (count store, hinted `_to`
indexes), but compiling one costs the server seconds, and any label's statistics moving (a
version closing its first nodes of a label) would make it plan them again in the next build."""


def count_newest_relationships(groups: list[tuple[str, str | None]]) -> str:
    """Per (type, start label or None for any) of `groups`: all its relationships, every version (the
    count store) and the closed ones (the `_to` index), in one statement: one row `c`, per group
    [all, closed]."""
    calls, cols = [], []
    for i, (rel_type, start_label) in enumerate(groups):
        start = f":{ident(start_label)}" if start_label else ""
        t = ident(rel_type)
        calls.append(f"CALL () {{ MATCH ({start})-[r:{t}]->() RETURN count(r) AS t{i} }} ")
        calls.append(
            f"CALL () {{ MATCH ({start})-[r:{t}]->() USING INDEX r:{t}(_to) WHERE r._to IS NOT NULL "
            f"RETURN count(r) AS c{i} }} "
        )
        cols.append(f"[t{i}, c{i}]")
    return _NO_REPLAN + "".join(calls) + f"RETURN [{', '.join(cols)}] AS c"


# ------------------------------------------------------------------ the difference to the current elements


def open_nodes() -> str:
    """The current data nodes (no `_to`), every label in one pass: what an update compares its plan
    with. Lists per label, not a record per node: the driver decodes a few long lists far faster.
    An element without `_hash` (old scheme) gets its `_uid` / element id instead: never a plan's hash."""
    return (
        "MATCH (n) WHERE n._to IS NULL AND n._uid IS NOT NULL "
        "RETURN labels(n) AS l, collect(n._key) AS k, collect(n._uid) AS u, collect(coalesce(n._hash, n._uid)) AS h"
    )


def open_relationships() -> str:
    """The current data relationships, every type in one pass (as lists, like `open_nodes`)."""
    return (
        "MATCH ()-[r]->() WHERE r._to IS NULL AND r._rule IS NOT NULL "
        "RETURN collect(elementId(r)) AS ids, collect(coalesce(r._hash, elementId(r))) AS h"
    )


def open_label_nodes(label: str) -> str:
    """`open_nodes` for one label (a partial plan's dirty labels): one label scan."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._to IS NULL AND n._uid IS NOT NULL "
        "RETURN collect(n._key) AS k, collect(n._uid) AS u, collect(coalesce(n._hash, n._uid)) AS h"
    )


def open_rule_relationships(rel_type: str) -> str:
    """`open_relationships` of one type made by the rules `$rules` (a partial plan's dirty rules)."""
    return (
        f"MATCH ()-[r:{ident(rel_type)}]->() WHERE r._to IS NULL AND r._rule IN $rules "
        "RETURN r._rule AS rule, collect(elementId(r)) AS ids, collect(coalesce(r._hash, elementId(r))) AS h"
    )


def close_nodes(label: str) -> str:
    """Batched: the nodes of `$data` (their `_uid`s) are not in `$version` any more."""
    return f"UNWIND $data.rows AS u MATCH (n:{ident(label)} {{_uid: u}}) WHERE n._to IS NULL SET n._to = $version"


def close_relationships() -> str:
    """Batched by element id (read under the same build lease, so still the same relationships)."""
    return (
        "UNWIND $data.rows AS id MATCH ()-[r]->() WHERE elementId(r) = id AND r._to IS NULL "
        "SET r._to = $version"
    )


def delete_version_nodes(label: str) -> str:
    """One batch; the caller repeats until it returns 0 (keeps transactions small and cancellable)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._version = $version "
        f"WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS n"
    )


def delete_version_relationships(rel_type: str) -> str:
    """The relationships one version wrote between nodes it did not write (one batch)."""
    return (
        f"MATCH ()-[r:{ident(rel_type)}]->() WHERE r._version = $version "
        f"WITH r LIMIT $batch DELETE r RETURN count(*) AS n"
    )


def reopen_nodes(label: str) -> str:
    """Undo `close_nodes` of a failed version (one batch)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._to = $version "
        f"WITH n LIMIT $batch SET n._to = null RETURN count(*) AS n"
    )


def reopen_relationships(rel_type: str) -> str:
    return (
        f"MATCH ()-[r:{ident(rel_type)}]->() WHERE r._to = $version "
        f"WITH r LIMIT $batch SET r._to = null RETURN count(*) AS n"
    )


_UNNEEDED = "x._to IS NOT NULL AND NOT any(k IN $kept WHERE x._version <= k AND k < x._to)"


def prune_nodes(label: str) -> str:
    """Closed nodes valid in none of the kept versions `$kept` (one batch; their edges go with them)."""
    return (
        f"MATCH (x:{ident(label)}) USING INDEX x:{ident(label)}(_to) WHERE {_UNNEEDED} "
        f"WITH x LIMIT $batch DETACH DELETE x RETURN count(*) AS n"
    )


def prune_relationships(rel_type: str) -> str:
    return (
        f"MATCH ()-[x:{ident(rel_type)}]->() USING INDEX x:{ident(rel_type)}(_to) WHERE {_UNNEEDED} "
        f"WITH x LIMIT $batch DELETE x RETURN count(*) AS n"
    )


def store_counts() -> str:
    """Every data element in the graph, whatever version (the store size of all kept versions)."""
    return (
        "CALL () { MATCH (n) WHERE n._uid IS NOT NULL RETURN count(n) AS nodes } "
        "CALL () { MATCH ()-[r]->() WHERE r._rule IS NOT NULL RETURN count(r) AS relationships } "
        "RETURN nodes, relationships"
    )


def published_pointer() -> str:
    """The one statement that reads the published pointer: `m` is null when nothing is published,
    else {version, published_at, schema, counts…}. Every reader (builder, versions, meta-schema,
    question answering, reports) uses this text, so the server compiles it once."""
    return f"OPTIONAL MATCH (m:{META_LABEL} {{name: '{PUBLISHED}'}}) RETURN properties(m) AS m"


published_schema = published_pointer
"""Same statement (the pointer carries the meta-schema)."""


def create_version() -> str:
    return (
        f"CREATE (v:{VERSION_LABEL} {{version: $version, status: 'building', started_at: $started_at, "
        f"holder: $holder, cleaned: false, intervals: true}})"
    )


def set_version() -> str:
    """Status and any extra fields (finished_at, counts, schema, cleaned, error)."""
    return f"MATCH (v:{VERSION_LABEL} {{version: $version}}) SET v += $fields"


def list_versions() -> str:
    return f"MATCH (v:{VERSION_LABEL}) RETURN properties(v) AS v"


def delete_version_records() -> str:
    return f"MATCH (v:{VERSION_LABEL}) WHERE v.version IN $versions DELETE v"


def lock_published_pointer() -> str:
    """Takes the write lock on the pointer first, so concurrent publishers serialise."""
    return f"MERGE (m:{META_LABEL} {{name: '{PUBLISHED}'}}) SET m._touched = timestamp()"


read_published_pointer = published_pointer
"""Same statement, read inside the publishing transaction after `lock_published_pointer`."""


def move_published_pointer() -> str:
    return (
        f"MATCH (m:{META_LABEL} {{name: '{PUBLISHED}'}}) "
        f"SET m.version = $version, m.published_at = $published_at, m.schema = $schema"
    )


def republish_version() -> str:
    """A rollback by pointer: the kept version is the published one again (its counts and schema stay)."""
    return (
        f"MATCH (v:{VERSION_LABEL} {{version: $version}}) "
        f"SET v.status = 'published', v.republished_at = $published_at RETURN v.schema AS schema"
    )


def supersede_version() -> str:
    return f"MATCH (v:{VERSION_LABEL} {{version: $previous}}) SET v.status = 'superseded'"


# ------------------------------------------------------------------ lease lock


def lock_touch() -> str:
    """A pure write first: it takes the node's write lock, so the read that follows sees the latest holder."""
    return f"MERGE (l:{LOCK_LABEL} {{name: $name}}) SET l._touched = timestamp()"


def lock_read() -> str:
    return f"MATCH (l:{LOCK_LABEL} {{name: $name}}) RETURN properties(l) AS l, timestamp() AS now"


def lock_take() -> str:
    return (
        f"MATCH (l:{LOCK_LABEL} {{name: $name}}) "
        f"SET l.holder = $holder, l.expires_at = timestamp() + $lease_ms, l.acquired_at = timestamp() "
        f"RETURN l.expires_at AS expires_at"
    )


def lock_extend() -> str:
    return (
        f"MATCH (l:{LOCK_LABEL} {{name: $name}}) WHERE l.holder = $holder "
        f"SET l.expires_at = timestamp() + $lease_ms RETURN l.expires_at AS expires_at"
    )


def lock_release() -> str:
    return f"MATCH (l:{LOCK_LABEL} {{name: $name}}) WHERE l.holder = $holder SET l.holder = null, l.expires_at = 0"


# ------------------------------------------------------------------ meta-schema statistics


def label_property_stats(label: str) -> str:
    """Per property of one label's version nodes: non-null and distinct counts (one small statement
    per label whatever its fields, so it compiles once; hidden `_` properties skipped; packed day
    cells counted as their columns, `$days`: `days.DAY_COLUMNS`)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE {valid_in('n')} "
        f"UNWIND {days.entries('n')} AS e WITH e[0] AS k, e[1] AS v WHERE NOT k STARTS WITH $hidden "
        f"RETURN k, count(v) AS c, count(DISTINCT v) AS d"
    )


def label_property_values(label: str) -> str:
    """Distinct values of the properties named in $keys (the low-cardinality ones, and 年月 keys)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE {valid_in('n')} "
        f"UNWIND {days.entries('n')} AS e WITH e[0] AS k, e[1] AS v WHERE k IN $keys AND v IS NOT NULL "
        f"RETURN k, collect(DISTINCT v) AS vals"
    )


# ------------------------------------------------------------------ the library's source copies (kgdesk.app.library)


def read_version() -> str:
    return f"OPTIONAL MATCH (v:{VERSION_LABEL} {{version: $version}}) RETURN properties(v) AS v"


def existing_sources() -> str:
    return f"MATCH (s:{SOURCE_LABEL}) WHERE s.sha256 IN $shas RETURN s.sha256 AS sha"


def put_source() -> str:
    return (
        f"MERGE (s:{SOURCE_LABEL} {{sha256: $sha}}) "
        f"ON CREATE SET s.name = $name, s.size = $size, s.data = $data, s.added_at = $at"
    )


def get_source() -> str:
    return f"MATCH (s:{SOURCE_LABEL} {{sha256: $sha}}) RETURN s.data AS data"


def delete_sources_except() -> str:
    return f"MATCH (s:{SOURCE_LABEL}) WHERE NOT s.sha256 IN $keep DELETE s RETURN count(*) AS n"


# ------------------------------------------------------------------ the evidence behind an answer (kgdesk.app.evidence)


def cited_nodes(label: str) -> str:
    """The version's nodes of one label that come from any of $files (single or merged provenance)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE {valid_in('n')} AND (n._src_file IN $files OR "
        "any(f IN coalesce(n._src_files, []) WHERE f IN $files)) "
        "RETURN elementId(n) AS id, n._display AS name, n._key AS key, n._src_file AS file, "
        "n._src_row AS row, n._src_files AS files, n._src_rows AS rows"
    )


def displays_of(label: str) -> str:
    """The version's names of one label's nodes with the keys $keys (the people and projects a
    cited attendance row refers to by code)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._key IN $keys AND {valid_in('n')} "
        "RETURN n._key AS key, n._display AS name"
    )


def edges_among() -> str:
    """The version's relationships of any type whose both ends are among the nodes $ids (a cited
    attendance row and the cited person who has it)."""
    return (
        f"MATCH (a)-[r]->(b) WHERE elementId(a) IN $ids AND elementId(b) IN $ids AND {valid_in('r')} "
        "RETURN DISTINCT elementId(a) AS s, elementId(b) AS e, type(r) AS type"
    )


def walked_neighbours() -> str:
    """The relationships of the types in $types around the nodes $ids, with the node at the far end."""
    return (
        f"MATCH (a)-[r]-(b) WHERE elementId(a) IN $ids AND type(r) IN $types AND {valid_in('r')} "
        f"AND {valid_in('b')} "
        "RETURN DISTINCT elementId(a) AS near, elementId(startNode(r)) AS s, elementId(endNode(r)) AS e, "
        "type(r) AS type, elementId(b) AS other, labels(b) AS labels, b._display AS name, b._key AS key"
    )
