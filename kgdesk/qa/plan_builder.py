"""Assembling one plan step: the anchors (named entities) and the step builder that attaches
hops, conditions, time and derived attributes to the entity, with the relationship paths."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.dsl import Derived, Filter, Hop, Op, Step, TimeFilter, ValueSource
from kgdesk.qa.ledgers import empty_ledger_message
from kgdesk.qa.lexicon import Lexicon, _record_labels
from kgdesk.qa.plan_mentions import _insufficient, _needs_llm, _Stop
from kgdesk.qa.understanding import UnderstandContext


@dataclass
class _Anchor:
    label: str
    keys: list[str]
    displays: list[str]
    text: str
    confidence: float
    span: tuple[int, int]


@dataclass
class _StepBuilder:
    """Assembles one step: the entity (n0) and at most two hops, with their conditions."""

    ctx: UnderstandContext
    lexicon: Lexicon
    entity: str
    hops: list[Hop] = field(default_factory=list)
    filters: list[Filter] = field(default_factory=list)
    time: list[TimeFilter] = field(default_factory=list)
    derived: list[Derived] = field(default_factory=list)
    pending_defaults: list[Filter] = field(default_factory=list)
    periods: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Relationship alias → (start field, end field) for period overlap (服务于)."""
    applied_defaults: list[Filter] = field(default_factory=list)
    named: frozenset[str] = frozenset()
    """Record types the question names by a label word (a path through them is what was said)."""

    def labels(self) -> dict[str, str]:
        out = {"n0": self.entity}
        for i, h in enumerate(self.hops, start=1):
            if not h.negate:
                out[f"n{i}"] = h.target
        return out

    def alias_of(self, label: str) -> str | None:
        for a, lab in self.labels().items():
            if lab == label:
                return a
        return None

    def has_prop(self, label: str, prop: str) -> bool:
        info = self.ctx.schema.prop(label, prop)
        return info is not None and info.present

    def add_path(
        self, source: str, target_label: str, *, allow_roles: bool = False, negate: bool = False
    ) -> str:
        """Hops from alias `source` to a node of `target_label`; returns the new alias."""
        src_label = self.labels()[source]
        pref = self.lexicon.path(src_label, target_label)
        hops: list[tuple[str, str, str]]
        if pref is not None:
            hops = []
            cur = src_label
            for h in pref["hops"]:
                nxt = _rel_targets(self.ctx, cur, h["rel"], h["direction"])
                if len(nxt) != 1:
                    raise _needs_llm(f"图谱中 {cur} 的 {h['rel']} 关系不唯一")
                hops.append((h["rel"], h["direction"], nxt[0]))
                cur = nxt[0]
            if cur != target_label:
                raise _needs_llm(f"词典中 {src_label}→{target_label} 的路径与图谱不符")
        else:
            found = _shortest_paths(self.ctx, src_label, target_label, self.lexicon, allow_roles)
            if not found:
                for lab in (src_label, target_label):
                    info = self.ctx.schema.labels.get(lab)
                    if info is not None and info.count == 0:  # its ledger is not in this version
                        names = "、".join(dict.fromkeys(t.name for t in self.ctx.templates.templates_for_label(lab)))
                        raise _insufficient(empty_ledger_message(names or lab, lab), "no_records", names or lab)
                raise _needs_llm(f"图谱中{src_label}和{target_label}之间没有可用的关系")
            found = _said_path(found, self.named)
            if len(found) > 1:
                raise _needs_llm(f"{src_label}和{target_label}之间有多种关联方式，无法确定用哪一种")
            hops = found[0]
            through = {t for _r, _d, t in hops[:-1]}
            if len(hops) > 1 and not allow_roles and src_label in _record_labels() and not through <= self.named and any(
                len(x) == 1 for x in _shortest_paths(self.ctx, src_label, target_label, self.lexicon, True)
            ):  # 品质督导检查了多少次: the 检查人, or the staff of the checked project — not guessed
                raise _needs_llm(f"{target_label}和{src_label}之间有直接的角色关系，也有经其他对象的关联，无法确定用哪一种")
        if len(hops) > 1 and pref is None:
            # 片区's 财务 when the step already walked 财务 -月度财务- 项目: go on from that 项目 node
            for i, h in enumerate(self.hops):
                if (h.source, h.rel, h.direction, h.target) == (source, *hops[0]):
                    source, hops = f"n{i + 1}", hops[1:]
                    break
        if len(self.hops) + len(hops) > 2:
            raise _needs_llm("问题涉及的关联超过两跳")
        if negate and len(hops) != 1:
            raise _needs_llm("否定条件只支持一跳关系")
        alias = source
        for rel, direction, other in hops:
            self.hops.append(Hop(source=alias, rel=rel, direction=direction, target=other, negate=negate))
            alias = f"n{len(self.hops)}"
        if pref is not None:
            base = len(self.hops) - len(hops)
            df = pref.get("default_filter")
            if df:
                ridx = int(df["node"][1:]) + base
                self.pending_defaults.append(
                    Filter(
                        node=f"r{ridx}",
                        field=df["field"],
                        op=Op(df["op"]),
                        value=df["value"],
                        value_source=ValueSource.DERIVED,
                        assumption=True,
                    )
                )
            per = pref.get("period")
            if per:
                ridx = int(per["node"][1:]) + base
                self.periods[f"r{ridx}"] = (per["start_field"], per["end_field"])
        return alias

    def ensure(self, label: str, *, allow_roles: bool = False) -> str:
        a = self.alias_of(label)
        if a is not None:
            return a
        # extend from the last node when it is closer (a chain), else from the entity
        return self.add_path("n0", label, allow_roles=allow_roles)

    def attach_key(self, anchor: _Anchor) -> None:
        """Restrict to the anchor entity: same label → key; a field holding its key → that field;
        else hops to it."""
        keys = anchor.keys
        op = Op.EQ if len(keys) == 1 else Op.IN
        value: Any = keys[0] if len(keys) == 1 else list(keys)
        a = self.alias_of(anchor.label)
        if a is not None:
            self.filters.append(
                Filter(
                    node=a,
                    field="_key",
                    op=op,
                    value=value,
                    value_source=ValueSource.GROUNDED,
                    text=anchor.text,
                )
            )
            return
        key_fields = self.ctx.schema.key_fields(anchor.label)
        if len(key_fields) == 1:
            kf = key_fields[0]
            for alias, lab in self.labels().items():
                if lab != anchor.label and self.has_prop(lab, kf):
                    self.filters.append(
                        Filter(
                            node=alias,
                            field=kf,
                            op=op,
                            value=value,
                            value_source=ValueSource.GROUNDED,
                            text=anchor.text,
                        )
                    )
                    return
        alias = self._anchor_path(anchor.label)
        self.filters.append(
            Filter(
                node=alias,
                field="_key",
                op=op,
                value=value,
                value_source=ValueSource.GROUNDED,
                text=anchor.text,
            )
        )

    def _anchor_path(self, label: str) -> str:
        """The hops to an anchor's node: from n0, or — when that is too long and the step already
        walked a role (浦东片区的项目负责人: 人员 ←负责人— 项目) — on from the node the role reached."""
        try:
            return self.add_path("n0", label)
        except _Stop:
            roles = set(self.lexicon.raw.get("role_relationships", []))
            if len(self.hops) != 1 or self.hops[0].rel not in roles:
                raise
            return self.add_path("n1", label)

    def finish(self, sid: str = "s1", depends_on: list[str] | None = None, description: str = "") -> Step:
        timed = {t.node for t in self.time}
        filters = list(self.filters)
        self.applied_defaults = []
        for f in self.pending_defaults:
            if f.node not in timed:
                filters.append(f)
                self.applied_defaults.append(f)
        return Step(
            id=sid,
            entity=self.entity,
            hops=list(self.hops),
            filters=filters,
            time=list(self.time),
            derived=list(self.derived),
            depends_on=depends_on or [],
            description=description,
        )


def _rel_targets(ctx: UnderstandContext, label: str, rel: str, direction: str) -> list[str]:
    """Every label reachable from `label` over `rel` in `direction` (所属项目 reaches 考勤, 排班月报
    and 设备 from 项目: callers must not pick one blindly)."""
    out = []
    for r in ctx.schema.relationships:
        if r.type != rel or r.count == 0:
            continue
        if direction == "out" and r.start == label:
            out.append(r.end)
        if direction == "in" and r.end == label:
            out.append(r.start)
    return list(dict.fromkeys(out))


def _said_path(found: list[list[tuple[str, str, str]]], named: frozenset[str]) -> list[list[tuple[str, str, str]]]:
    """Of several equally short paths, the one through the record type the question names (安泰维保合同的
    项目 / 安泰负责维保的项目: through 维保合同, not 采购记录); else all of them."""
    said = [h for h in found if len(h) > 1 and {t for _r, _d, t in h[:-1]} <= named]
    return said if len(found) > 1 and len(said) == 1 else found


def _shortest_paths(
    ctx: UnderstandContext, start: str, end: str, lexicon: Lexicon, allow_roles: bool
) -> list[list[tuple[str, str, str]]]:
    """All shortest relationship paths (≤ 2 hops) between two labels, skipping self-relations and
    (unless asked for) role relationships such as 负责人 / 经办人."""
    roles = lexicon.role_relationships
    best: list[list[tuple[str, str, str]]] = []
    queue: deque[tuple[str, list[tuple[str, str, str]]]] = deque([(start, [])])
    seen_depth: dict[str, int] = {start: 0}
    while queue:
        label, path = queue.popleft()
        if best and len(path) >= len(best[0]):
            continue
        if len(path) >= 2:
            continue
        for r, direction, other in ctx.schema.neighbours(label):
            if r.count == 0 or r.start == r.end or (r.type in roles and not allow_roles):
                continue
            np_ = [*path, (r.type, direction, other)]
            if other == end:
                if (not best or len(np_) == len(best[0])) and np_ not in best:
                    best.append(np_)
                continue
            if seen_depth.get(other, 99) < len(np_):
                continue
            seen_depth[other] = len(np_)
            queue.append((other, np_))
    return best
