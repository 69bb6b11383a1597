"""除保洁员外其他岗位的预算编制 / 除了完好的，其余状况的一共几台 — the field word right after
其他 / 其余 (a 的 between allowed) names the field of a value the question excludes; it restates that
exclusion (the other values of that field) and is no field asked for: it becomes an ignored word — unless a list
cue follows it (其他岗位有哪些), where it names what is listed."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _Parsed

_OTHER = ("其他", "其它", "其余", "别的")


def _fields_of_values(p: _Parsed) -> set[str]:
    out: set[str] = set()
    for m in p.mentions:
        for s in m.senses if m.kind == "lex" else []:
            if s.kind == "svalue":
                out.update(str(v[1]) for v in s.get("values", []))
            elif s.kind == "value":
                out.update(str(c.get("field")) for c in s.get("candidates", []))
    return out


def other_field_word(p: _Parsed) -> None:
    excluded = any(
        m.kind == "lex" and any(s.kind == "cue" and s.name == "exclusion" for s in m.senses) and m.text not in _OTHER
        for m in p.mentions
    )
    if not excluded:
        return
    fields = _fields_of_values(p)
    for other in [m for m in p.mentions if m.kind == "lex" and m.text in _OTHER]:
        nxt = p.next_after(other, skip_fillers=False)
        if nxt is not None and nxt.kind == "lex" and nxt.text == "的":
            nxt = p.next_after(nxt, skip_fillers=False)
        fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
        after = p.next_after(nxt, skip_fillers=False) if nxt is not None else None
        if after is not None and after.kind == "lex" and any(
            s.kind == "cue" and s.name in ("list", "which") for s in after.senses
        ):
            continue  # 除了项目经理，其他岗位有哪些: the positions are what is asked, not people
        if nxt is not None and fs is not None and str(fs.get("field")) in fields:
            nxt.senses = [Sense("filler", {"ignored": True}, "")]
            p.ignored.append(nxt.text)
