"""A name after a naming word (叫X / 名叫X / 名字是X) asks for the name X itself, never for names containing it.

有叫明辉的人吗 is not answered 有 because of 李明辉: nobody is called 明辉. So the words after the marker are
an exact name. The scan (`marked_names`) takes an exact name of the index as that record; any other words
become a name mention; once the question's record types are known (`called_names`, at grounding) that
mention is either
- held, as a part, by names of the asked record type: a choice that says no one is called X and lists the
  names that contain it (never a yes); a name the user then picks is that record;
- held by no name: an exact condition on the type's name field, so the answer is a plain no (有叫张伟的人吗).
The contains reading stays with the verbs that say so (名字里带X, understand/name_contains)."""

from __future__ import annotations

from collections.abc import Callable

from kgdesk.qa.grounding import CONTAINS_MIN, Candidate, Grounding, resolve_exact
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.stated_value import QUESTION_WORDS
from kgdesk.qa.understanding import ChoiceRequest, UnderstandContext

_DEFAULT = ("人员", "姓名")
"""With no record type said (有叫张伟的吗), a name is a person's, as the interpreter reads it."""
_NO_ONE = "数据中没有叫"


def marked_names(
    qn: str, markers: list[str], ctx: UnderstandContext, free: Callable[[int, int], bool], claim: Callable[[_M], bool]
) -> None:
    """叫张三的 / 名为…: the marker, then the words up to 的 as one name — the record when exactly named."""
    for marker in sorted(markers, key=len, reverse=True):
        start = qn.find(marker)
        while start >= 0:
            ns = start + len(marker)
            ne = qn.find("的", ns)
            ne = len(qn) if ne < 0 else ne
            name = qn[ns:ne]
            if not name.startswith(QUESTION_WORDS) and 1 <= len(name) <= 30 and free(start, ne):  # not 叫什么名字
                claim(_M("lex", start, ns, marker, senses=[Sense("name_marker", {}, marker)]))
                entries = [e for e in ctx.index.by_norm.get(name, []) if e.role in ("name", "key", "code")]
                if entries:
                    claim(_M("entity", ns, ne, name, data=resolve_exact(name, entries)))
                else:
                    claim(_M("name", ns, ne, name))
            start = qn.find(marker, start + 1)


def _asked_type(p: _Parsed, m: _M, ctx: UnderstandContext) -> tuple[str, str] | None:
    """The record type whose name is asked: the type word right after the name, else the one type said,
    else a person's; None when several types are said and none follows the name."""
    def typed(x: _M | None) -> str | None:
        s = x.sense("label") if x is not None and x.kind == "lex" else None
        return str(s.get("label")) if s is not None else None

    label = typed(p.next_after(m, skip_fillers=True))
    if label is None:
        said = {lab for x in p.lex("label") if (lab := typed(x)) is not None}
        label = next(iter(said)) if len(said) == 1 else (_DEFAULT[0] if not said else None)
    field = ctx.schema.display_field(label) if label is not None else None
    return (label, field) if label is not None and field is not None else None


def called_names(p: _Parsed, ctx: UnderstandContext) -> None:
    for m in p.mentions:
        marker = p.prev_before(m, skip_fillers=False)
        if m.kind != "name" or m.data is not None or marker is None or marker.e != m.s or not marker.has("name_marker"):
            continue
        asked = _asked_type(p, m, ctx)
        if asked is None:
            continue  # left to the interpreter's reading, which refuses what it cannot place
        label, field = asked
        holders = [e for e in ctx.index.entries if e.label == label and e.field == field and e.role == "name"
                   and m.text in e.norm]
        picked = [e for e in holders if e.key in (ctx.choices.get(m.text) or [])]
        if picked:  # the user chose among the names containing it
            m.kind, m.data = "entity", resolve_exact(m.text, picked)
        elif holders:
            by_key = {e.key: e for e in holders}
            g = Grounding(text=m.text, label=label)
            g.candidates = [Candidate(e, CONTAINS_MIN, "contains") for e in sorted(by_key.values(), key=lambda e: e.key)][:8]
            shown = "、".join(c.entry.display for c in g.candidates)
            g.note = f"{_NO_ONE}「{m.text}」的{label}；{field}中含「{m.text}」的有：{shown}。您指的是哪一个？"
            m.kind, m.data = "ambiguous", g
        else:
            m.data = {"label": label, "field": field, "exact": True}


def no_one_called(choices: list[ChoiceRequest] | None) -> str:
    """The message of a choice offered because no one is called the name: it says so before anything else."""
    return next((c.prompt for c in choices or [] if c.prompt.startswith(_NO_ONE)), "")
