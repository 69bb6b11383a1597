"""A company named with a verb of its records (上海安泰电梯工程有限公司负责维保的是哪几个项目 / 上海申江消防设备有限公司维保了
哪些项目 / 哪些项目是…维保的): the verb names the company's records (维保 → its 维保合同, lexicon `company_verbs`), so
the projects are found through those records — never through its purchases, never 负责 as a person's role. Only
right after a named entity of a type those records link to (a 供应商), with at most a filler word between
(负责 / 承接); elsewhere 维保 is read as before."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import entity_label


@cache
def _said() -> tuple[dict[str, tuple[str, str]], frozenset[str]]:
    raw = load_lexicon().raw.get("company_verbs", {})
    verbs = {normalize(k): (str(v["records"]), str(v["owner"])) for k, v in raw.get("verbs", {}).items()}
    return verbs, frozenset(normalize(w) for w in raw.get("fillers", []))


def company_verbs(p: _Parsed, schema: SchemaView) -> None:
    verbs, fillers = _said()
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, m in enumerate(ordered):
        owner = entity_label(m)
        if owner is None:
            continue
        j = i + 1
        between = []
        if j < len(ordered) and ordered[j].text in fillers and ordered[j].s == m.e:
            between.append(ordered[j])
            j += 1
        if j >= len(ordered) or ordered[j].s != (between[-1].e if between else m.e):
            continue
        verb = ordered[j]
        records, said = verbs.get(verb.text, ("", ""))
        if said != owner or not any({r.start, r.end} == {records, owner} for r in schema.relationships):
            continue
        for w in between:
            w.become_filler()
        verb.kind, verb.data = "lex", None
        verb.senses = [Sense("label", {"label": records}, records)]
        return
