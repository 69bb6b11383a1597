"""A word nobody understood, right before a record type's word (星河湾项目): searched as that type's
name (CONTAINS on its display field); the result is checked after the query (a name no record holds
is said not found, never a silent 没有 — understand/unmatched_text)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M


def name_slot(itp: Any, m: _M) -> bool:
    """Make `m` a `name` mention of the label after it; False when it is not one."""
    nxt = itp.p.next_after(m, skip_fillers=False)
    if nxt is None or nxt.kind != "lex":
        return False
    ls = nxt.sense("label")
    if ls is None or len(m.text) < 2 or itp._field_word(nxt.text):
        return False  # 载客|人数: a field-like compound, not a name before a label
    label = ls.get("label")
    disp = itp.ctx.schema.display_field(label)
    if not disp:
        return False
    m.kind = "name"
    m.data = {"label": label, "field": disp}
    return True
