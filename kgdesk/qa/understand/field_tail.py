"""合同开始|日期: an unread word right after a field word that is the end of that field's own name (开始日期
ends with 日期) completes the field word the lexicon's shorter synonym (合同开始) left off — one field, not
an unknown word."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed


def field_tail(p: _Parsed) -> None:
    for m in list(p.mentions):
        if m.kind != "leftover":
            continue
        prev = p.prev_before(m, skip_fillers=False)
        fs = prev.sense("field") if prev is not None and prev.kind == "lex" and prev.e == m.s else None
        name = str(fs.get("field")) if fs is not None else ""
        if prev is None or not name.endswith(m.text) or prev.text.endswith(m.text) or len(m.text) < 2:
            continue
        p.mentions.remove(m)
        prev.e, prev.text = m.e, prev.text + m.text
