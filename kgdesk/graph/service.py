"""Graph-side start-up work: warming the builder's statements and cleaning what a killed build left.

The build use case itself (validate → lease → write → read-back → quality → publish → prune)
lives in `kgdesk.app.building`; this package is persistence only.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from kgdesk.errors import GraphError, KgdeskError
from kgdesk.graph.builder import GraphBuilder, rule_groups
from kgdesk.graph.dbaccess import graph_access
from kgdesk.graph.intervals import cleanup_leftovers, data_labels, relationship_types
from kgdesk.graph.lease import BuildLease
from kgdesk.graph.planner import GraphPlan
from kgdesk.graph.versions import ensure_meta_schema
from kgdesk.templates.model import TemplateSet

log = logging.getLogger(__name__)


def warm_up(conn: Any, template_set: TemplateSet | None = None) -> float:
    """Create the data schema, then run the builder's statements once with empty inputs (nothing
    matches, nothing is written).

    A freshly started server compiles every statement slowly while its JVM warms up, and EXPLAIN
    does not fill the plan cache; running each statement on an empty batch does. The schema comes
    first because creating an index makes the server plan again what it had cached, and the first
    build on a new server would otherwise create it (bench/build_cold.py). Call it in the background
    right after the local server starts. Returns the seconds spent.
    """
    from kgdesk.graph import queries as q
    from kgdesk.templates.loader import default_template_set

    ts = template_set or default_template_set()
    db = graph_access(conn)
    t0 = time.perf_counter()
    builder = GraphBuilder(db)
    try:
        builder.ensure_schema(ts.labels, [rule.type for rule in ts.relations])
    except GraphError as e:  # a build that started at once creates it itself
        log.debug("data schema not created by the warm-up: %s", e)
    # first the read-back's two long statements (the slowest to compile; a build needs them last)
    labels = sorted(set(ts.labels) | set(data_labels(db)))
    try:
        builder.read_back_newest(GraphPlan("", {}, [], {}), labels, relationship_types(db), rule_groups(ts))
    except GraphError as e:
        log.debug("read-back statements not warmed up: %s", e)
    empty = q.batch([])  # the batched statements run with exactly the parameters a build passes
    for label in ts.labels:
        db.write(q.create_nodes(label), data=empty)
        db.write(q.close_nodes(label), data=empty, version="")
    for stmt in dict.fromkeys(q.create_relationships(r.type, r.start_label, r.end_label) for r in ts.relations):
        db.write(stmt, data=empty)
    db.write(q.close_relationships(), data=empty, version="")
    statements = [q.count_version_nodes(), q.count_version_relationships(), q.published_pointer()]
    statements += [q.delete_version_nodes(label) for label in ts.labels]
    for stmt in statements:  # no node has _version "": nothing matches, nothing is written
        db.write(stmt, version="", batch=1)
    return time.perf_counter() - t0


def warm_up_in_background(uri: str, user: str, password: str) -> threading.Thread:
    """`warm_up` on its own connection in a daemon thread, right after a local server is ready.

    Readiness is not delayed, and a failure (the server stopping, a schema change racing it) only
    means the first build compiles its statements itself. bench/build_cold.py measures the gain.
    """

    def work() -> None:
        from kgdesk.graph.connection import GraphConnection

        try:
            with GraphConnection(uri, user, password, "neo4j", connection_timeout_s=10,
                                 acquisition_timeout_s=10) as conn:
                log.debug("builder statements warmed up in %.1f s", warm_up(conn))
        except (KgdeskError, OSError) as e:
            log.debug("warm-up of the builder statements skipped: %s", e)

    thread = threading.Thread(target=work, name="kgdesk-graph-warm-up", daemon=True)
    thread.start()
    return thread


def recover_at_start(conn: Any, lease_seconds: float = 60.0) -> list[str]:
    """At app start: delete what a killed build left behind, unless another build is running now."""
    db = graph_access(conn)
    ensure_meta_schema(db)
    lease = BuildLease(db, lease_seconds)
    try:
        lease.acquire(wait_seconds=0)
    except GraphError:
        return []
    try:
        return cleanup_leftovers(db)
    finally:
        lease.release()
