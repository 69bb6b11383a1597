"""除了委托方式是全委的，其余项目一共几个 / 别算服务状态是已结束的: after an exclusion word, "<field>是<value>"
only says which field the excluded value belongs to — read as 除了全委的 / 别算已结束的 (the field word and its
是 change nothing). Only when the exclusion word, the field word, 是 / 为 and a value of that very field
follow one another; or the value right after the field word (别算服务状态已结束的)."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.spans import fields_of


def _value_field(m: object) -> str | None:
    data = getattr(m, "data", None)
    if getattr(m, "kind", "") == "field_value" and isinstance(data, dict):
        return str(data.get("field"))
    return None


def excluded_field(p: _Parsed) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, f in enumerate(ordered[1:-2], start=1):
        fs = f.sense("field") if f.kind == "lex" else None
        cue, is_, value = ordered[i - 1], ordered[i + 1], ordered[i + 2]
        excl = cue.kind == "lex" and cue.e == f.s and any(s.kind == "cue" and s.name == "exclusion" for s in cue.senses)
        said = is_.kind == "lex" and is_.text in ("是", "为") and f.e == is_.s and is_.e == value.s
        if fs is None or not excl or not said or _value_field(value) != fs.get("field"):
            continue
        f.become_filler()
        is_.become_filler()
    for i, f in enumerate(ordered[1:-1], start=1):
        fs = f.sense("field") if f.kind == "lex" else None
        cue, value = ordered[i - 1], ordered[i + 1]
        excl = cue.kind == "lex" and cue.e == f.s and any(s.kind == "cue" and s.name == "exclusion" for s in cue.senses)
        if fs is not None and excl and f.e == value.s and (str(fs.get("label")), str(fs.get("field"))) in fields_of(value):
            f.become_filler()  # 别算服务状态已结束的: the value said right after its field, no 是
