"""A word naming a record type only partly, between a named entity and a field of that entity's own
template (区图书馆合同的结束日期 / XMSQ0150合同的开始日期): 合同 there qualifies the project's own
contract fields (项目信息's 开始日期, 结束日期, 合同状况 …), it is no value of another type's field
(记录类型 = 维保合同, whose records have dates of their own). The word is settled as changing
nothing; a full value (区图书馆维保合同的结束日期) is read as before, and so is the word with no field
of the entity after it (区图书馆的合同有哪些)."""

from __future__ import annotations

from kgdesk.qa.lexicon import normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import entity_label


def _partial_value(m: _M) -> bool:
    """A value matched by part of its text only (合同 of 维保合同)."""
    if m.kind != "cvalue" or not isinstance(m.data, list) or not m.data:
        return False
    return all(normalize(str(x)) != normalize(m.text) for v in m.data for x in v.values)


def own_contract(p: _Parsed, schema: SchemaView) -> None:
    for m in [x for x in p.mentions if _partial_value(x)]:
        prev = p.prev_before(m, skip_fillers=True)
        label = entity_label(prev) if prev is not None else None
        info = schema.labels.get(label) if label is not None else None
        nxt = p.next_after(m, skip_fillers=True)
        fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
        if info is None or fs is None or fs.get("label") != label:
            continue
        prop = info.properties.get(str(fs.get("field")))
        if prop is None or not prop.present or any(v.label == label for v in m.data):
            continue
        m.become_filler()
