"""A ledger named by its template name with a 表 / 台账 / 表格 suffix (维保合同的金额一共多少（采购与维保表）)
only confirms where the records live: once ledger_names has read it as a place, a word the scan
left unread because the ledger's name made it look like two types' field (采购 in the name is also
采购记录's word, so 金额 was 维保合同's or 采购记录's) is the field of the one record type the
question asks — never "not in the data" for a field that type has.

Only when the ledger's name was read as a place (all its words ignored), exactly one record type
is named outside it, that type is one of the ledger's, and the word is a field that type holds."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.ledger_names import place_span
from kgdesk.qa.understand.spans import labels_of


def ledger_own_field(p: _Parsed, schema: SchemaView) -> None:
    span = place_span(p)
    if span is None:
        return
    a, b, ledger = span
    asked = {lab for m in p.mentions if not (m.s < b and m.e > a) for lab in labels_of(m)}
    if len(asked) != 1 or not asked <= ledger:
        return
    label = next(iter(asked))
    info = schema.labels.get(label)
    for m in p.mentions:
        if m.kind != "leftover" or info is None:
            continue
        prop = info.properties.get(m.text)
        if prop is not None and prop.present:
            m.kind, m.senses, m.data = (
                "lex",
                [Sense("field", {"label": label, "field": m.text}, m.text)],
                None,
            )
