"""Two-stage batched writer: constraints first, all nodes, then all relationships, then read-back.

Each batch is one `UNWIND $data.rows …` transaction; between batches the builder reports progress,
honours cancellation and checks that its build lease is still held.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from kgdesk.errors import GraphError
from kgdesk.graph import days
from kgdesk.graph import queries as q
from kgdesk.graph.dbaccess import GraphAccess
from kgdesk.graph.delta import GraphDelta
from kgdesk.graph.planner import GraphPlan
from kgdesk.progress import CancelToken, ProgressCallback, ProgressEvent, no_progress
from kgdesk.templates.model import TemplateSet

log = logging.getLogger(__name__)

NODE_BATCH = 5000
REL_BATCH = 10000
CLOSE_BATCH = 10000
WRITERS = 2
"""Batches in flight at once, each in its own session: the server runs one transaction on one core."""


@dataclass
class BuildHooks:
    """Injection points for tests and tools; never used by the app itself.

    `between_stages(version)` runs after all nodes are written and before any relationship;
    `after_batch(stage, item, done)` after every committed batch.
    """

    between_stages: Callable[[str], None] | None = None
    after_batch: Callable[[str, str, int], None] | None = None


@dataclass
class ReadBack:
    nodes: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)
    groups: dict[tuple[str, str, str], int] = field(default_factory=dict)
    broken: int = 0  # valid relationships with an end that is not valid in the version


def rule_groups(ts: TemplateSet) -> list[tuple[str, str, str]]:
    """(type, start label, end label) of every relation rule: what the read-back counts besides the plan."""
    return list(dict.fromkeys((r.type, r.start_label, r.end_label) for r in ts.relations))


class _Lane:
    """One label's or relationship group's batches; `locks`: the labels whose nodes its writes lock."""

    def __init__(self, locks: frozenset[str], batches: Iterator[tuple[str, str, list[dict[str, Any]]]]) -> None:
        self.locks = locks
        self.batches = batches
        self.done = False

    def next(self) -> tuple[str, str, list[dict[str, Any]]] | None:
        if self.done:
            return None
        batch = next(self.batches, None)
        self.done = batch is None
        return batch


def _chunks(rows: list[dict[str, Any]], size: int) -> Iterable[list[dict[str, Any]]]:
    for i in range(0, len(rows), size):
        yield rows[i : i + size]


def _batches(
    item: str, stmt: str, rows: list[dict[str, Any]], size: int,
    stored: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
    """(item, statement, chunk) for each chunk of `rows` (arguments bound now, not when iterated);
    `stored`: the form a row is written in (the plan's rows stay as they are)."""
    for chunk in _chunks(rows, size):
        yield item, stmt, chunk if stored is None else [stored(r) for r in chunk]


class GraphBuilder:
    def __init__(
        self,
        db: GraphAccess,
        progress: ProgressCallback | None = None,
        cancel: CancelToken | None = None,
        hooks: BuildHooks | None = None,
        check: Callable[[], None] | None = None,
        node_batch: int = NODE_BATCH,
        rel_batch: int = REL_BATCH,
        writers: int = WRITERS,
        pack_days: bool = True,
    ) -> None:
        self.db = db
        self.progress = progress or no_progress
        self.cancel = cancel or CancelToken()
        self.hooks = hooks or BuildHooks()
        self._check = check
        self.node_batch = node_batch
        self.rel_batch = rel_batch
        self.writers = max(1, writers)
        self.pack_days = pack_days  # False: day columns one property each, as before #17.7 (bench, tests)

    def between_batches(self) -> None:
        self.cancel.raise_if_cancelled()
        if self._check is not None:
            self._check()

    def ensure_schema(self, labels: Iterable[str], rel_types: Iterable[str] = ()) -> None:
        """Uniqueness on `_uid` and indexes on `_version`, `_key`, `_to` for every label, and on
        `_version`, `_to` for every relationship type, before any write, with the bookkeeping's
        constraints (versions, locks, source copies) — also the local server's warm-up's first step,
        so that no build creates a rule later: any new rule makes the server plan again everything it
        had cached (bench/build_cold.py; `GraphAccess.create_schema_rule` settles the race)."""
        state = {r["name"]: r["state"] for r in self.db.read(q.existing_schema_names())}
        wanted: list[tuple[str, str]] = list(q.meta_constraints().items())
        for label in labels:
            wanted.append((q.schema_name("uid", label, "_uid"), q.uid_constraint(label)))
            for prop in ("_version", "_key", "_to"):
                wanted.append((q.schema_name("idx", label, prop), q.property_index(label, prop)))
        for rel_type in dict.fromkeys(rel_types):
            for prop in ("_version", "_to"):
                wanted.append((q.schema_name("ridx", rel_type, prop), q.relationship_index(rel_type, prop)))
        pending = False  # created now, or created by another session and not online yet
        for name, stmt in wanted:
            if name not in state:
                self.db.create_schema_rule(stmt)
                pending = True
            elif state[name] != "ONLINE":
                pending = True
        if pending:
            self.db.auto(q.await_indexes())

    def write_nodes(self, plan: GraphPlan) -> None:
        """Every planned node, `writers` batches at a time (any two: a new version's nodes share no
        lock). A version's new `_uid`s are `<version>#<key>`: CREATE needs no lookup before the write,
        and the uniqueness constraint still refuses a duplicate. The day columns of `plan.day_labels`
        are stored packed (`days.pack`) unless `pack_days` is off."""
        lanes = [
            _Lane(frozenset(), _batches(label, q.create_nodes(label), rows, self.node_batch,
                                        days.pack if self.pack_days and label in plan.day_labels else None))
            for label, rows in plan.nodes.items()
        ]
        self._write_lanes("nodes", "写入节点", plan.total_nodes, lanes)

    def write_relationships(self, plan: GraphPlan) -> None:
        """Every planned relationship, `writers` batches at a time but never two that may touch one
        node: a batch locks its start and end nodes, so batches in flight together come from groups
        whose labels are disjoint (one batch per group at a time) — no lock waits, no deadlocks."""
        lanes = []
        for g in plan.relationships:
            stmt = q.create_relationships(g.type, g.start_label, g.end_label)
            lanes.append(_Lane(frozenset((g.start_label, g.end_label)), _batches(g.type, stmt, g.rows, self.rel_batch)))
        self._write_lanes("relationships", "写入关系", plan.total_relationships, lanes)

    def _write_lanes(self, stage: str, text: str, total: int, lanes: list[_Lane]) -> None:
        done = 0
        self.progress(ProgressEvent(stage, "", 0, total, text))
        for item, n in self._run_batches(lanes):
            done += n
            self.progress(ProgressEvent(stage, item, done, total, f"{text}：{item}"))
            if self.hooks.after_batch is not None:
                self.hooks.after_batch(stage, item, done)

    def _write_batch(self, item: str, stmt: str, rows: list[dict[str, Any]]) -> tuple[str, int]:
        self.db.write(stmt, data=q.batch(rows))
        return item, len(rows)

    def _run_batches(self, lanes: list[_Lane]) -> Iterator[tuple[str, int]]:
        """(item, rows) of each committed batch, in the order they commit. Cancellation, the lease
        check, progress and the hooks stay in this thread, before each batch is sent and after each
        commit; on any failure no further batch is sent and the ones in flight finish before it
        propagates (so the undo of a failed build sees every batch that was committed)."""
        if self.writers <= 1:
            for lane in lanes:
                for item, stmt, rows in lane.batches:
                    self.between_batches()
                    yield self._write_batch(item, stmt, rows)
            return
        with ThreadPoolExecutor(max_workers=self.writers, thread_name_prefix="kgdesk-write") as pool:
            running: dict[Future[tuple[str, int]], frozenset[str]] = {}

            def submit() -> None:
                self.between_batches()  # after every commit, even when no lane is free to send
                while len(running) < self.writers:
                    held = frozenset().union(*running.values())
                    picked = next(((ln, b) for ln in lanes if not ln.locks & held and (b := ln.next())), None)
                    if picked is None:
                        return
                    self.between_batches()
                    lane, batch = picked
                    running[pool.submit(self._write_batch, *batch)] = lane.locks

            submit()
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                f = next(iter(finished))  # one at a time: a cancel seen after it stops the rest
                del running[f]
                yield f.result()
                submit()

    def close(self, delta: GraphDelta, version: str) -> None:
        """Mark the current elements the new version no longer has (`_to = version`), in batches."""
        total = delta.closed_nodes + len(delta.close_relationships)
        done = 0
        self.progress(ProgressEvent("close", "", 0, total, "标记不再有效的旧数据"))
        batches: list[tuple[str, str, list[str]]] = [
            (label, q.close_nodes(label), uids) for label, uids in delta.close_nodes.items() if uids
        ]
        batches.append(("relationships", q.close_relationships(), delta.close_relationships))
        for item, stmt, rows in batches:
            for i in range(0, len(rows), CLOSE_BATCH):
                self.between_batches()
                chunk = rows[i : i + CLOSE_BATCH]
                self.db.write(stmt, data=q.batch(chunk), version=version)
                done += len(chunk)
                self.progress(ProgressEvent("close", item, done, total, "标记不再有效的旧数据"))
                if self.hooks.after_batch is not None:
                    self.hooks.after_batch("close", item, done)

    def read_back(self, plan: GraphPlan) -> ReadBack:
        """Counts of the elements valid in the new version, read from the graph, per label and per
        (type, start, end)."""
        rb = ReadBack()
        self.between_batches()
        for row in self.db.read(q.count_version_nodes(), version=plan.version):
            label = "+".join(sorted(row["labels"]))
            rb.nodes[label] = rb.nodes.get(label, 0) + int(row["n"])
        self.between_batches()
        for row in self.db.read(q.count_version_relationships(), version=plan.version):
            key = (str(row["type"]), "+".join(sorted(row["start"])), "+".join(sorted(row["end"])))
            rb.groups[key] = rb.groups.get(key, 0) + int(row["n"])
            rb.broken += int(row["broken"])
        for (t, _s, _e), n in rb.groups.items():
            rb.relationships[t] = rb.relationships.get(t, 0) + n
        return rb

    def read_back_newest(
        self, plan: GraphPlan, labels: list[str], rel_types: list[str],
        rule_groups: Iterable[tuple[str, str, str]] = (),
    ) -> ReadBack | None:
        """`read_back` for the newest version without scanning the graph (cost: what the kept versions
        closed): valid in it means not closed, so per label all nodes (count store) less the closed ones
        (`_to` index). None when one relationship type leaves one label for several (then scan).

        Two statements (nodes, relationships) whatever the number of labels: a round trip each, not two
        per label and group. `rule_groups` (type, start, end of every rule of the metadata) are counted
        too, so the statements' text stays the same from build to build (compiled once per server)."""
        ends: dict[tuple[str, str], str] = {}
        for t, s, e in [*((g.type, g.start_label, g.end_label) for g in plan.relationships), *rule_groups]:
            if ends.setdefault((t, s), e) != e:
                return None
        starts: dict[str, set[str]] = {}
        for t, s in ends:
            starts.setdefault(t, set()).add(s)
        # a type the plan no longer has: counted whatever its ends (any current edge is a difference);
        # so is a type of one group (from any start label: cheaper, and a stray edge is a difference too)
        groups: list[tuple[str, str | None]] = [
            *((t, s if len(starts[t]) > 1 else None) for t, s in sorted(ends)),
            *((t, None) for t in sorted(set(rel_types) - set(starts))),
        ]
        keys = [*(((t, s, e) for (t, s), e in sorted(ends.items()))),
                *((t, "?", "?") for t in sorted(set(rel_types) - set(starts)))]
        all_labels = sorted(set(labels) | set(plan.nodes) | set(plan.kept_nodes))
        rb = ReadBack()
        self.between_batches()
        node_counts = self.db.read(q.count_newest_nodes(all_labels), version=plan.version)[0]["c"]
        for label, (total, closed, broken) in zip(all_labels, node_counts, strict=True):
            rb.nodes[label] = int(total) - int(closed)
            rb.broken += int(broken)
        self.between_batches()
        rel_counts = self.db.read(q.count_newest_relationships(groups))[0]["c"]
        for key, (total, closed) in zip(keys, rel_counts, strict=True):
            current = int(total) - int(closed)
            rb.groups[key] = current
            rb.relationships[key[0]] = rb.relationships.get(key[0], 0) + current
        rb.nodes = {k: v for k, v in rb.nodes.items() if v}
        rb.groups = {k: v for k, v in rb.groups.items() if v}
        rb.relationships = {k: v for k, v in rb.relationships.items() if v}
        return rb

    def verify(
        self, plan: GraphPlan, labels: list[str] | None = None, rel_types: list[str] | None = None,
        rule_groups: Iterable[tuple[str, str, str]] = (),
    ) -> ReadBack:
        """Publish only what was planned: any difference in any label or type fails the build.

        With `labels` / `rel_types` (every data label and type in the graph) the plan is the newest
        version and the counts come from `read_back_newest`; else from a scan (`read_back`)."""
        self.progress(ProgressEvent("verify", "", 0, 0, "核对写入数量"))
        rb = None
        if labels is not None and rel_types is not None:
            rb = self.read_back_newest(plan, labels, rel_types, rule_groups)
        if rb is None:
            rb = self.read_back(plan)
        diffs: list[str] = []
        planned_nodes = plan.node_counts()
        for label in sorted(set(planned_nodes) | set(rb.nodes)):
            n = rb.nodes.get(label, 0)
            if n != planned_nodes.get(label, 0):
                diffs.append(f"节点 {label}：计划 {planned_nodes.get(label, 0)}，实际 {n}")
        planned_groups = plan.group_counts()
        for key in sorted(set(planned_groups) | set(rb.groups)):
            n = rb.groups.get(key, 0)
            if n != planned_groups.get(key, 0):
                diffs.append(
                    f"关系 {key[0]}（{key[1]}→{key[2]}）：计划 {planned_groups.get(key, 0)}，实际 {n}"
                )
        if rb.broken:
            diffs.append(f"{rb.broken} 条关系的端点在本版本中无效")
        if diffs:
            raise GraphError("写入后核对数量不一致，未发布：" + "；".join(diffs), code="E_READBACK_MISMATCH")
        return rb
