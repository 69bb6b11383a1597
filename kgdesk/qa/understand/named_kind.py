"""A value word said right before a label word names that kind of record (保安员证 is the certificate
named 保安员…, not the certificates of staff whose job is 保安; 电梯维保合同 the contract named 电梯…):
the label's own name field is tried before the lexicon's candidates on other labels."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView


def named_before_label(p: _Parsed, m: _M, schema: SchemaView) -> list[dict[str, Any]]:
    """A contains-candidate on the name field of the label word right after `m` (no gap), or []."""
    nxt = p.next_after(m, skip_fillers=False)
    if nxt is None or nxt.s != m.e or nxt.kind != "lex":
        return []
    ls = nxt.sense("label")
    if ls is None:
        return []
    label = str(ls.get("label"))
    shown = schema.display_field(label)
    if shown is None or label in {c.get("label") for s in m.senses for c in s.get("candidates", [])}:
        return []
    return [{"label": label, "field": shown, "match": "contains", "value": m.text}]
