"""Two named things compared by a count (电梯和消防两类设备哪类多 / 青浦片区和徐汇片区哪个片区的项目更多):
the words that only restate what the two are change nothing —

- 两类 / 这两种 right after two values of one field joined by 和 (电梯和消防两类设备): the two named values,
  compared (a which-word and a comparative follow), never a union of them;
- the record type after the which-word (哪个片区) when both named entities are of that type: the
  question compares those two, its own records (项目) counted for each;
- 谁 right after two named records of one type other than people (XMSQ0102和XMSQ0105谁的开票金额高): which of
  the two, read as 哪个 — never a person; also with the compared field between them (XMSQ0102和XMSQ0105的开票金额
  谁高)."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.spans import entity_label, fields_of, labels_of

_JOINERS = frozenset({"和", "与", "跟", "及", "同"})


def _compares(p: _Parsed) -> bool:
    return bool(p.cue("which")) and any(
        m.kind == "lex" and any(s.kind == "cue" and s.name in ("more", "less", "max", "min") for s in m.senses) for m in p.mentions
    )


def two_named(p: _Parsed) -> None:
    if not _compares(p):
        return
    ordered = sorted(p.mentions, key=lambda x: x.s)
    _who_of_two(ordered)
    for i, m in enumerate(ordered):
        if m.kind != "lex":
            continue
        if any(s.kind == "cue" and s.name == "union" for s in m.senses) and i >= 3:
            a, j, b = ordered[i - 3 : i]
            same = {f for _l, f in fields_of(a) if f} & {f for _l, f in fields_of(b) if f}
            if j.text in _JOINERS and same and b.e == m.s:
                m.become_filler()
                p.ignored.append(m.text)
        elif m.has("label") and i >= 1 and ordered[i - 1].e == m.s and ordered[i - 1].text in ("哪个", "哪一个"):
            named = [x for x in ordered if entity_label(x) is not None]
            if len(named) == 2 and {entity_label(x) for x in named} == labels_of(m):
                m.become_filler()
                p.ignored.append(m.text)


def _who_of_two(ordered: list[_M]) -> None:
    for i, m in enumerate(ordered[3:], start=3):
        k = i
        while k > 3 and ordered[k - 1].e == ordered[k].s and _measure_word(ordered[k - 1]):
            k -= 1  # XMSQ0102和XMSQ0105的开票金额谁高: the measure said before 谁 is what is compared
        a, j, b = ordered[k - 3 : k]
        if k < i and b.e != ordered[k].s:
            continue
        kinds = {entity_label(a), entity_label(b)}
        if m.kind != "lex" or m.text != "谁" or j.text not in _JOINERS or b.e != ordered[k].s or len(kinds) != 1 or "人员" in kinds:
            continue
        if None not in kinds:
            m.text = "哪个"  # the which-word of two named records: its own text is what the checks read


def _measure_word(m: _M) -> bool:
    """的, or a word that only names a field (the measure compared), between the two named and 谁."""
    return m.text == "的" or (m.kind == "lex" and bool(m.senses) and all(s.kind == "field" for s in m.senses))
