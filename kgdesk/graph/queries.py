"""Every Cypher statement the builder, versions and meta-schema use, as parameterized builder functions.

Values always travel as parameters. Identifiers (labels, relationship types, property names) come
only from the template metadata; `ident()` validates and backtick-quotes them so a field name can
never change the shape of a statement.
"""

from __future__ import annotations

import hashlib
import re

from kgdesk.errors import TemplateMetadataError

META_LABEL = "_KgdeskMeta"
VERSION_LABEL = "_KgdeskVersion"
LOCK_LABEL = "_KgdeskLock"
SOURCE_LABEL = "_KgdeskSource"
INTERNAL_LABELS = (META_LABEL, VERSION_LABEL, LOCK_LABEL, SOURCE_LABEL)
PUBLISHED = "published"
LOCK_NAME = "build"

_BAD_IDENT = re.compile(r"[`\x00-\x1f\x7f]")


def valid_in(var: str) -> str:
    """The condition "element `var` belongs to the version `$version`": the one place that knows how
    versions are stored, so the question compiler never spells it out."""
    return f"{var}._version = $version"


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


def meta_constraints() -> list[str]:
    return [
        f"CREATE CONSTRAINT kgdesk_meta_name IF NOT EXISTS FOR (n:{META_LABEL}) REQUIRE n.name IS UNIQUE",
        f"CREATE CONSTRAINT kgdesk_version_id IF NOT EXISTS FOR (n:{VERSION_LABEL}) REQUIRE n.version IS UNIQUE",
        f"CREATE CONSTRAINT kgdesk_lock_name IF NOT EXISTS FOR (n:{LOCK_LABEL}) REQUIRE n.name IS UNIQUE",
    ]


def existing_schema_names() -> str:
    return "SHOW INDEXES YIELD name RETURN name"


def await_indexes() -> str:
    return "CALL db.awaitIndexes(300)"


def all_labels() -> str:
    return "CALL db.labels() YIELD label RETURN label"


# ------------------------------------------------------------------ writing


def merge_nodes(label: str) -> str:
    """Batched: one row map per node, `_uid` unique per label."""
    return f"UNWIND $rows AS row MERGE (n:{ident(label)} {{_uid: row._uid}}) SET n = row"


def create_nodes(label: str) -> str:
    """Batched, for a new version's nodes (their `_uid`s cannot exist yet): no MERGE lookup."""
    return f"UNWIND $rows AS row CREATE (n:{ident(label)}) SET n = row"


def merge_node_single(label: str) -> str:
    """The one-row-per-transaction baseline the benchmark compares against."""
    return f"MERGE (n:{ident(label)} {{_uid: $row._uid}}) SET n = $row"


def create_relationships(rel_type: str, start_label: str, end_label: str) -> str:
    """Batched: rows {s: start _uid, e: end _uid, p: properties}; the planner already deduplicated."""
    return (
        f"UNWIND $rows AS row "
        f"MATCH (a:{ident(start_label)} {{_uid: row.s}}) "
        f"MATCH (b:{ident(end_label)} {{_uid: row.e}}) "
        f"CREATE (a)-[r:{ident(rel_type)}]->(b) SET r = row.p"
    )


def create_relationship_single(rel_type: str, start_label: str, end_label: str) -> str:
    return (
        f"MATCH (a:{ident(start_label)} {{_uid: $row.s}}) "
        f"MATCH (b:{ident(end_label)} {{_uid: $row.e}}) "
        f"CREATE (a)-[r:{ident(rel_type)}]->(b) SET r = $row.p"
    )


# ------------------------------------------------------------------ reading back


def count_relationships(rel_type: str, start_label: str, end_label: str) -> str:
    return (
        f"MATCH (a:{ident(start_label)})-[r:{ident(rel_type)}]->(b:{ident(end_label)}) "
        f"WHERE a._version = $version AND r._version = $version AND b._version = $version "
        f"RETURN count(r) AS n"
    )


def count_version_nodes() -> str:
    """Every node of one version by label, in one pass (cheap to plan, and it sees stray labels too)."""
    return "MATCH (n) WHERE n._version = $version RETURN labels(n) AS labels, count(*) AS n"


def count_version_relationships() -> str:
    """Every relationship of one version by (type, start labels, end labels), in one pass."""
    return (
        "MATCH (a)-[r]->(b) WHERE r._version = $version "
        "RETURN type(r) AS type, labels(a) AS start, labels(b) AS end, count(*) AS n"
    )


def delete_version_nodes(label: str) -> str:
    """One batch; the caller repeats until it returns 0 (keeps transactions small and cancellable)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._version = $version "
        f"WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS n"
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
        f"holder: $holder, cleaned: false}})"
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
    per label whatever its fields, so it compiles once; hidden `_` properties skipped)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._version = $version "
        f"UNWIND keys(n) AS k WITH k, n[k] AS v WHERE NOT k STARTS WITH $hidden "
        f"RETURN k, count(v) AS c, count(DISTINCT v) AS d"
    )


def label_property_values(label: str) -> str:
    """Distinct values of the properties named in $keys (the low-cardinality ones, and 年月 keys)."""
    return (
        f"MATCH (n:{ident(label)}) WHERE n._version = $version "
        f"UNWIND $keys AS k WITH k, n[k] AS v WHERE v IS NOT NULL "
        f"RETURN k, collect(DISTINCT v) AS vals"
    )


# ------------------------------------------------------------------ the library's source copies (kgdesk.app.library)


def source_constraint() -> str:
    return f"CREATE CONSTRAINT kgdesk_source_sha IF NOT EXISTS FOR (n:{SOURCE_LABEL}) REQUIRE n.sha256 IS UNIQUE"


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
        f"MATCH (n:{ident(label)}) WHERE n._version = $version AND (n._src_file IN $files OR "
        "any(f IN coalesce(n._src_files, []) WHERE f IN $files)) "
        "RETURN elementId(n) AS id, n._display AS name, n._key AS key, n._src_file AS file, "
        "n._src_row AS row, n._src_files AS files, n._src_rows AS rows"
    )


def walked_neighbours() -> str:
    """The relationships of the types in $types around the nodes $ids, with the node at the far end."""
    return (
        "MATCH (a)-[r]-(b) WHERE elementId(a) IN $ids AND type(r) IN $types AND b._version = $version "
        "RETURN DISTINCT elementId(a) AS near, elementId(startNode(r)) AS s, elementId(endNode(r)) AS e, "
        "type(r) AS type, elementId(b) AS other, labels(b) AS labels, b._display AS name, b._key AS key"
    )
