"""Part of several names in a question about the set (供应商里有上海的公司吗 / 上海的供应商有几家 / 哪些供应商是
上海的): the words every one of those names starts with (a city) are a CONTAINS condition on the one named
record type's name field — yes with the matches listed, their count, the list — never a choice of one
of them. A question about one record (上海那家供应商的电话) still asks which one is meant."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_SET_WORDS = ("哪些", "哪几", "几家", "几个", "几位", "多少", "有没有", "是否有")


def _about_the_set(qn: str) -> bool:
    q = qn.rstrip("?？。!！ ")
    return any(w in q for w in _SET_WORDS) or ("有" in q and q.endswith(("吗", "么", "嘛")))


def fragment_of_names(p: _Parsed, schema: SchemaView) -> None:
    if not _about_the_set(p.qn):
        return
    named = set().union(*(labels_of(m) for m in p.mentions)) if p.mentions else set()
    for m in p.mentions:
        g = m.data if m.kind == "ambiguous" and isinstance(m.data, Grounding) else None
        if g is None or len(g.candidates) < 2 or len(m.text) < 2 or g.note:  # 叫王海: a choice (called_name)
            continue
        labels = {c.entry.label for c in g.candidates}
        label = next(iter(labels)) if len(labels) == 1 else None
        field = schema.display_field(label) if label is not None else None
        if label is None or field is None or named != {label}:
            continue
        if not all(c.entry.display.startswith(m.text) for c in g.candidates):
            continue
        m.kind, m.data = "name", {"label": label, "field": field}
