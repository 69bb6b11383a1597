"""A value followed by 这个 + the word of its own field (保安_普保这个岗位的预算编制 / 维保合同这个类型): the field word
only says what kind of value was named — the value alone is the condition, as when said without it (保安_普保的预算编制).
The field word is ignored (listed) when it names a field the value belongs to (its word is that field's, or the value's
field is called by it); the demonstratives are the lexicon's entity_demonstratives. Anything else is left as it is."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.spans import fields_of


def _value(m: _M) -> bool:
    return m.kind == "cvalue" or (m.kind == "lex" and any(s.kind in ("svalue", "value") for s in m.senses))


def value_this_field(p: _Parsed) -> None:
    words = set(load_lexicon().raw.get("entity_demonstratives", {}).get("words", []))
    for m in list(p.mentions):
        if not _value(m):
            continue
        this = p.next_after(m, skip_fillers=False)
        word = p.next_after(this, skip_fillers=False) if this is not None else None
        if this is None or word is None or this.text not in words or this.s != m.e or word.s != this.e:
            continue
        fs = word.sense("field") if word.kind == "lex" else None
        if fs is None or len(word.senses) != 1:
            continue
        own = {fld for _lab, fld in fields_of(m) if fld}
        if str(fs.get("field")) in own or word.text in own:
            word.become_filler()
