"""A value followed by 这个 + the word of its own field (保安_普保这个岗位的预算编制 / 维保合同这个类型): the field word
only says what kind of value was named — the value alone is the condition, as when said without it (保安_普保的预算编制).
The field word is ignored (listed) when it names a field the value belongs to (its word is that field's, or the value's
field is called by it); the demonstratives are the lexicon's entity_demonstratives. Anything else is left as it is.
Once the field word is gone it no longer tells which ledger the value is of (项目经理 is a 岗位编制.岗位, a 人员.岗位名称
and a 证书.职位): when the question names one of those ledgers by its word (岗位编制里设了项目经理这个岗位), the value is
narrowed to that ledger's field, as the field word did before — left open, another ledger's reading was refused."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.spans import fields_of, labels_of


def _value(m: _M) -> bool:
    return m.kind == "cvalue" or (m.kind == "lex" and any(s.kind in ("svalue", "value") for s in m.senses))


def _narrowed(s: Sense, named: set[str]) -> Sense | None:
    """The sense with only the named ledger's fields, or None when it has none of them."""
    if s.kind == "svalue":
        kept = [v for v in s.get("values", []) if str(v[0]) in named]
        return Sense("svalue", {**s.data, "values": kept}, s.name) if kept else None
    if s.kind == "value":
        cands = [c for c in s.get("candidates", []) if str(c["label"]) in named]
        return Sense("value", {**s.data, "candidates": cands}, s.name) if cands else None
    return s


def _narrow(p: _Parsed, m: _M) -> None:
    """Keep the value's fields on the one ledger the question names by its word, when exactly one does."""
    if m.kind != "lex":
        return
    own = {lab for lab, fld in fields_of(m) if fld}
    named = set().union(*(labels_of(x) for x in p.mentions)) & own
    if len(named) != 1 or len(own) < 2:
        return
    m.senses = [n for x in m.senses if (n := _narrowed(x, named)) is not None]


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
            _narrow(p, m)
