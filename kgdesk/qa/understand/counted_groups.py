"""A condition on how many records each group has (HAVING on a record count), where the group is
named by a word that is not yet a record type:

- a field that is the single key of another record type (岗位 → 人员.岗位名称, the key of 岗位):
  「花名册上人数超过3人的岗位」 groups the people by their 岗位 record, never compares 岗位名称 with 3;
- a role word of a relationship (维保单位: 维保合同 -维保单位-> 供应商): 「维保合同有2份以上的维保单位」
  groups the contracts by the record at the other end of that relationship.

Only when the counted record type is named next to the number (人数超过3人 / 维保合同有2份以上) and the
group word is the noun asked for (followed by a list or which word, or ending the question). The
count itself is read as any other per-record count condition (有2张证书的人); records are counted in
their record classifiers (条 / 笔 / 份 / 单) too."""

from __future__ import annotations

from kgdesk.qa.lexicon import Lexicon, Sense, _record_labels
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

RECORD_UNITS = frozenset("条笔份单")


def counted_in_records(label: str, unit: str | None) -> bool:
    """耗材采购记录在2条及以上: records of a record type are counted in 条 / 笔 / 份 / 单."""
    return bool(unit) and unit in RECORD_UNITS and label in _record_labels()


def _asked_last(p: _Parsed, m: _M) -> bool:
    nxt = p.next_after(m)
    return nxt is None or (nxt.kind == "lex" and any(s.kind == "cue" and s.name in ("list", "which") for s in nxt.senses))


def counted_groups(p: _Parsed, schema: SchemaView, lx: Lexicon) -> None:
    nums = [
        m for m in p.mentions
        if m.kind == "num" and isinstance(m.data, dict)
        and lx.units.get(m.data.get("unit") or "", {}).get("kind") in ("count", "people", "times")
    ]
    if len(nums) != 1:
        return
    n = nums[0]
    counted = p.prev_before(n)
    if counted is None or counted.kind != "lex" or len(labels_of(counted)) != 1:
        return
    lab = next(iter(labels_of(counted)))
    later = [x for x in p.mentions if x.s >= n.e and x.kind == "lex" and (x.has("field") or x.has("rel"))]
    if len(later) != 1 or not _asked_last(p, later[0]):
        return
    g = later[0]
    group = _keyed(schema, g, lab) if g.has("field") else _other_end(schema, g, lab)
    if group is not None and group != lab:
        g.kind, g.senses = "lex", [Sense("label", {"label": group}, group)]


def _keyed(schema: SchemaView, g: _M, lab: str) -> str | None:
    fs = g.sense("field")
    if fs is None or fs.get("label") != lab:
        return None
    owners = [x for x in schema.labels if x != lab and schema.key_fields(x) == (fs.get("field"),)]
    return owners[0] if len(owners) == 1 else None


def _other_end(schema: SchemaView, g: _M, lab: str) -> str | None:
    rs = g.sense("rel")
    if rs is None:
        return None
    ends = {r.end for r in schema.relationships if r.type == rs.get("rel") and r.start == lab}
    return next(iter(ends)) if len(ends) == 1 else None
