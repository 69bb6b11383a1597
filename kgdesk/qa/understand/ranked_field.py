"""A category field as the noun a ranking asks for (原值合计前两名的设备类型 / 按原值合计排前两名的设备类型 /
原值合计最高的设备类型是哪个): the records are grouped by that field and the groups ranked by the measure,
as 「各设备类型原值合计前两名」 says — never a sum of the category itself.

Applies when the question ranks by a numeric field — a top-N, or a superlative with a which-word after
the noun (…最高的设备类型是哪个) — and a non-numeric field of the same record type follows the ranking word
(…最高的 / 前两名的 + field); the 的 right before the field then says "group by it", and a 按 before
the measure only names what is ranked by (it is no group key). The measure must be said to be a total
(合计 / 总); 检查次数最多的两个项目是哪两个: the repeated 两个 after 哪 is only the question word."""

from __future__ import annotations

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.kind_question import kind_noun
from kgdesk.qa.understand.kinds import kind_field
from kgdesk.qa.understand.spans import labels_of

_WHICH = frozenset({"哪个", "哪种", "哪类", "哪一类", "哪一种", "哪些"})


def _field(m: _M | None, schema: SchemaView) -> tuple[str, str, bool] | None:
    fs = m.sense("field") if m is not None and m.kind == "lex" else None
    if fs is None:
        return None
    info = schema.prop(str(fs.get("label")), str(fs.get("field")))
    return (str(fs.get("label")), str(fs.get("field")), info is not None and info.numeric)


def _ranks(m: _M) -> bool:
    return m.kind == "top" or (m.kind == "lex" and any(s.kind == "cue" and s.name in ("max", "min") for s in m.senses))


def ranked_field(p: _Parsed, schema: SchemaView) -> None:
    _repeated_top(p)
    if not any(_ranks(m) for m in p.mentions) or not _aggregated(p) or (p.cue("group") and not _group_on_measure(p, schema)):
        return  # 原值最高的设备类型 (no total said): a per-record or a summed ranking is not guessed
    measures = [f for m in p.mentions if (f := _field(m, schema)) is not None and f[2]]
    for m in p.mentions:
        f = _field(m, schema)
        if f is None or f[2] or not any(x[0] == f[0] for x in measures):
            continue
        before = p.prev_before(m, skip_fillers=False)
        if before is None or before.e != m.s or before.kind not in ("lex", "top"):
            continue
        glued_top = before.kind == "top" and before.text.startswith("的")  # 最高的两个|设备类型
        if not glued_top and not (before.text == "的" and (r := p.prev_before(before)) is not None and _ranks(r)):
            continue
        if not p.of("top") and not any(x.has("cue") and x.text in _WHICH for x in p.mentions if x.s > m.s):
            continue  # 最高的设备类型 alone: one group or the table is not said — read as before
        for c in p.cue("group"):
            c.become_filler()  # 按原值合计: the basis of the ranking, no group key
            p.ignored.append(c.text)
        if glued_top:  # the group word is the top-N's own 的: a word of no width marks the key
            p.mentions.insert(p.mentions.index(m), _M("lex", m.s - 1, m.s, "", [Sense("cue", {"cue": "group"}, "group")]))
        else:
            before.kind, before.senses = "lex", [Sense("cue", {"cue": "group"}, "group")]
        return


def _aggregated(p: _Parsed) -> bool:
    """A total or an average is said (合计 / 平均): the groups are ranked by it."""
    return bool(p.cue("sum") or p.cue("avg"))


def _group_on_measure(p: _Parsed, schema: SchemaView) -> bool:
    """Every group word is followed by a numeric field (按原值合计): it names the ranking's basis."""
    for c in p.cue("group"):
        nxt = p.next_after(c, skip_fillers=False)
        f = _field(nxt, schema)
        if f is None or not f[2] or nxt is None or nxt.s != c.e:
            return False
    return True


def _repeated_top(p: _Parsed) -> None:
    """检查次数最多的两个项目是哪两个: the second 两个 after 哪 only repeats the top-N as the question word."""
    tops = sorted(p.of("top"), key=lambda x: x.s)
    if len(tops) != 2 or tops[0].data != tops[1].data:
        return
    which = p.prev_before(tops[1], skip_fillers=False)
    if which is not None and which.e == tops[1].s and which.kind == "lex" and which.text == "哪" and which.has("cue"):
        tops[1].become_filler()


def measure_basis(p: _Parsed, schema: SchemaView, *, through_ledger: bool = False) -> None:
    """按原值合计，哪一类设备最值钱: 按 before a numeric field said to be summed names what is totalled,
    never a group key — grouping by the amounts themselves (one group per distinct 原值) answers nothing
    asked. The 按 is dropped; what the groups are is then left to the rest of the question. With the
    field's own record type said after 按 (按岗位编制里的在岗人数合计，排前两名的岗位) it runs first
    (`through_ledger`), before the ranked groups are read."""
    for c in p.cue("group"):
        nxt = p.next_after(c, skip_fillers=False)
        if nxt is not None and nxt.s == c.e and nxt.kind == "lex" and any(s.kind == "cue" and s.name == "avg" for s in nxt.senses):
            avg, nxt = nxt, p.next_after(nxt, skip_fillers=False)  # 按平均原值算: the average is the basis
            if (f := _field(nxt, schema)) is not None and f[2] and nxt is not None and nxt.s == avg.e:
                c.become_filler()
                p.ignored.append(c.text)
            continue
        nxt, joined = _past_own_ledger(p, c, nxt)
        f = _field(nxt, schema)
        if nxt is None or f is None or not f[2] or (nxt.s != c.e and not joined) or joined != through_ledger:
            continue
        after = p.next_after(nxt, skip_fillers=False)
        if after is not None and after.s == nxt.e and after.kind == "lex" and any(
            s.kind == "cue" and s.name == "sum" for s in after.senses
        ):
            c.become_filler()
            p.ignored.append(c.text)


def _past_own_ledger(p: _Parsed, c: _M, nxt: _M | None) -> tuple[_M | None, bool]:
    """按岗位编制里的在岗人数合计: the record type's own word (and 里 / 的) between 按 and its field says
    where the field lives — the mention after them, and whether any were skipped."""
    at, skipped, labels = c.e, False, set()
    while nxt is not None and nxt.s == at and nxt.kind == "lex" and (nxt.is_filler() or labels_of(nxt)):
        labels |= labels_of(nxt)
        at, skipped, nxt = nxt.e, True, p.next_after(nxt, skip_fillers=False)
    fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" and nxt.s == at else None
    if not skipped or fs is None or labels != {fs.get("label")}:
        return (None, False) if skipped else (nxt, False)
    return nxt, True


_KIND_WHICH = frozenset({"哪类", "哪一类", "哪种", "哪一种"})


def kind_listed(p: _Parsed, schema: SchemaView) -> None:
    """XMSQ0150有哪几类设备: the kinds of the records asked are the values of the type's category field
    (设备类型, 检查类型: kind_question.kind_field), each once — never the records themselves listed. Only a list word of kinds right before
    the type's word, with no ranking or total in the question (see kind_ranked)."""
    if p.cue("sum") or any(_ranks(m) for m in p.mentions):
        return
    for w in p.mentions:
        found = kind_noun(p, w)
        field = kind_field(schema, found[1]) if found is not None else None
        if found is None or field is None:
            continue  # no single kind field: kind_question.kind_records_listed refuses the records' list
        after = p.next_after(found[0])
        if after is not None and not after.is_filler() and after.kind != "time":
            continue  # 哪几类设备报废了: a condition follows — kind_records_listed groups the records kept
        found[0].senses = [Sense("field", {"label": found[1], "field": field}, field)]
        _restated_types(p, w)
        return


def _restated_types(p: _Parsed, kind_word: _M) -> None:
    """XMSQ0150这个项目都有哪几类设备: the label word right after a named record of that type (这个 / 这家
    between them are fillers) only restates what the record is — never the thing listed."""
    for m in [x for x in p.mentions if x.kind == "entity" and isinstance(x.data, Grounding) and x.data.chosen is not None]:
        label = m.data.chosen.entry.label
        nxt = p.next_after(m)
        ls = nxt.sense("label") if nxt is not None and nxt.kind == "lex" else None
        if nxt is not None and ls is not None and ls.get("label") == label and nxt.e <= kind_word.s:
            nxt.become_filler()


def kind_ranked(p: _Parsed, schema: SchemaView) -> None:
    """按原值合计，哪一类设备最值钱: 哪一类 + a record type, ranked by a total of its numeric field, asks
    the type's category — its one kind field (kind_question.kind_field: 设备类型);
    the records are grouped by it. Without a total said, or with no such single field, nothing changes."""
    if not _aggregated(p) or not any(_ranks(m) for m in p.mentions):
        return
    for w in p.cue("which"):
        if w.text not in _KIND_WHICH:
            continue
        nxt = p.next_after(w, skip_fillers=False)
        labels = {str(s.get("label")) for s in nxt.senses if s.kind == "label"} if nxt is not None and nxt.kind == "lex" else set()
        if nxt is None or nxt.s != w.e or len(labels) != 1:
            continue
        label = next(iter(labels))
        kind = kind_field(schema, label)
        measures = [f for m in p.mentions if (f := _field(m, schema)) is not None and f[2] and f[0] == label]
        if kind is None or not measures:
            continue
        p.mentions.insert(p.mentions.index(nxt), _M("lex", nxt.s - 1, nxt.s, "", [Sense("cue", {"cue": "group"}, "group")]))
        nxt.senses = [Sense("field", {"label": label, "field": kind}, kind)]
        return


def field_ranked(p: _Parsed, schema: SchemaView) -> None:
    """哪种检查类型的平均得分最高 / 哪个设备类型的原值合计最高: a which-word right before a category field of
    the record type whose numeric measure is averaged or totalled and ranked — that field is the group key
    (as 按检查类型看，…最高的是哪一类 says). Without a total or average said, nothing changes."""
    if not _aggregated(p) or not any(_ranks(m) for m in p.mentions):
        return
    for w in p.cue("which"):
        nxt = p.next_after(w, skip_fillers=False)
        f = _field(nxt, schema)
        if w.text not in _WHICH or w.text == "哪些" or nxt is None or nxt.s != w.e or f is None or f[2]:
            continue
        measures = [x for m in p.mentions if (x := _field(m, schema)) is not None and x[2] and x[0] == f[0]]
        if not measures or p.cue("group"):
            continue
        p.mentions.insert(p.mentions.index(nxt), _M("lex", nxt.s - 1, nxt.s, "", [Sense("cue", {"cue": "group"}, "group")]))
        return
