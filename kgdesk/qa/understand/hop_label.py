"""The record type in between, said on the way (哪个片区的项目被检查的次数最多 / 各片区的项目分别被检查了几次): the group
(片区) and the records counted (检查记录) meet only through that type (项目), which the path between them takes anyway —
so 的项目 adds nothing and is ignored (listed), and the question is read as 哪个片区被检查的次数最多. Only when the group
is asked by a which / each word, the middle type follows it with 的, the records come later, the group and the records
have no relationship of their own and the middle type is the only one linking both (roles such as 负责人 aside, as the
path-finder sets them aside); anything else is left as it is."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_ASKING = frozenset({"which", "group", "each"})


def _label(m: _M | None) -> str | None:
    labels = labels_of(m) if m is not None else set()
    return next(iter(labels)) if len(labels) == 1 else None


def _asks_the_group(m: _M | None) -> bool:
    return m is not None and m.kind == "lex" and any(s.kind == "cue" and s.name in _ASKING for s in m.senses)


def _linked(schema: SchemaView, label: str) -> set[str]:
    """The types a label's own relationships reach — not its roles (负责人), which a path takes only when asked."""
    roles = set(load_lexicon().role_relationships)
    return {
        other
        for r, _d, other in schema.neighbours(label)
        if r.type not in roles and r.start != r.end and r.count != 0
    }


def hop_label(p: _Parsed, schema: SchemaView) -> None:
    if not p.cue("count"):
        return
    for i, m in enumerate(p.mentions[:-2]):
        group, de, middle = _label(m), p.mentions[i + 1], p.mentions[i + 2]
        if group is None or de.text != "的" or not _asks_the_group(p.prev_before(m, skip_fillers=False)):
            continue
        mid = _label(middle)
        later = [lab for x in p.mentions[i + 3 :] if (lab := _label(x)) is not None]
        if mid is None or mid == group or len(later) != 1 or later[0] in (group, mid):
            continue
        counted = later[0]
        near = _linked(schema, group)
        linking = near & _linked(schema, counted)
        if counted in near or linking != {mid}:
            continue
        de.become_filler()
        middle.become_filler()
        return
