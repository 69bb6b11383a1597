"""「A还是B」 between two values of one field, asked of one named record (区图书馆是按包干制还是按酬金制
收费的): the record's value of that field is the answer (whichever it is, or neither) — not a
condition with either value, not both. Only when the question names exactly one record of the
field's record type; otherwise the two values are left to the rules that refuse them."""

from __future__ import annotations

import re
from itertools import pairwise

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import fields_of

_BETWEEN = re.compile(r"(?:还是|或是)(?:按照|按|用|是|走|做)?")


def _value_field(m: _M) -> tuple[str, str] | None:
    if m.kind not in ("lex", "cvalue") or (m.kind == "lex" and not (m.has("svalue") or m.has("value"))):
        return None
    fs = {lf for lf in fields_of(m) if lf[1]}
    return next(iter(fs)) if len(fs) == 1 else None


def _named_labels(p: _Parsed) -> list[str]:
    return [
        m.data.chosen.entry.label
        for m in p.mentions
        if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None
    ]


def which_of_two(p: _Parsed) -> None:
    """Read 「A还是B」 of one named record as its field asked: A becomes the field, the rest fillers."""
    values = [m for m in p.mentions if _value_field(m) is not None]
    for a, b in pairwise(values):
        lf = _value_field(a)
        if lf is None or lf != _value_field(b) or _BETWEEN.fullmatch(p.qn[a.e : b.s]) is None:
            continue
        if _named_labels(p) != [lf[0]]:
            return
        prev = p.prev_before(a, skip_fillers=False)
        if prev is not None and prev.e == a.s and prev.kind == "lex" and prev.has("cue") and prev.text in ("按", "按照"):
            prev.become_filler()  # 按包干制: the way of the value, not a grouping
        for m in p.mentions:
            if a.e <= m.s and m.e <= b.e:
                m.become_filler()
        a.kind, a.data = "lex", None
        a.senses = [Sense("field", {"label": lf[0], "field": lf[1]}, lf[1])]
        return


_EITHER = re.compile(r"(?:是|为)?(?P<a>[^，,。？?]{1,12}?)(?:还是|或是|或者)(?:是|为)?(?P<b>[^，,。？?]{1,12}?)(?:呢|啊|吗)?")


def field_either(p: _Parsed, schema: SchemaView) -> None:
    """区图书馆的计费方式是包干制还是酬金制: the field named, then 「A还是B」 read as one value by the scan —
    each of A and B (part of) a value of that field in the data: the named record's field is asked."""
    for m in [x for x in p.mentions if x.kind == "field_value" and isinstance(x.data, dict)]:
        label, field = str(m.data.get("label")), str(m.data.get("field"))
        info = schema.labels.get(label)
        prop = info.properties.get(field) if info is not None else None
        known = [normalize(str(v)) for v in (prop.values or ())] if prop is not None else []
        either = _EITHER.fullmatch(normalize(m.text))
        if either is None or not known or _named_labels(p) != [label]:
            continue
        if all(any(normalize(either.group(k)) in v for v in known) for k in ("a", "b")):
            m.become_filler()
