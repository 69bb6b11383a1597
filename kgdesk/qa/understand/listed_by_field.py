"""列一下岗位是保洁员的人 / 帮忙列一下设备类型是电梯的设备: "<field>是X的<type>" after a list word names a
condition — the field word only says which field X is a value of, and the record noun at the end is what is
listed — never the field itself asked for. Only when the list word, the field word, 是 / 为, a value of that very
field, 的 and a record type's word follow one another."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.spans import labels_of


def field_before_its_value(p: _Parsed) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, f in enumerate(ordered[:-3]):
        fs = f.sense("field") if f.kind == "lex" else None
        before = p.prev_before(f, skip_fillers=False)
        listed = (
            before is not None
            and before.e == f.s
            and any(s.kind == "cue" and s.name == "list" for s in before.senses)
        )
        if fs is None or not listed:
            continue  # the list word right before the field word: 列一下|岗位是…
        is_, value, de = ordered[i + 1 : i + 4]
        noun = ordered[i + 4] if i + 4 < len(ordered) else None
        said = is_.kind == "lex" and is_.text in ("是", "为") and f.e == is_.s and is_.e == value.s
        same = (
            value.kind == "field_value"
            and isinstance(value.data, dict)
            and value.data.get("field") == fs.get("field")
        )
        if said and same and de.text == "的" and noun is not None and labels_of(noun):
            f.become_filler()
            p.ignored.append(f.text)
