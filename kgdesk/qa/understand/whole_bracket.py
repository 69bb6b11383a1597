"""A bracket that lists every kind a record type holds (采购记录（耗材采购、固定资产合在一起） / 采购金额（耗材+固定资产）):
采购记录 are exactly the 耗材采购 and 固定资产 rows, so the bracket restates the records named before it and
changes nothing — dropped, and the rest is read as said (a HAVING on the records per project, a total per
supplier). Only right after the type's word (with at most a field word between, 采购金额), only when the listed
words are, one to one, all the values of one field of that type (a word may be a value's head: 耗材 for 耗材采购),
with nothing else in the bracket but joiners and the lexicon's together words (each_total.words / 合在一起 …), and
after a bare verb of buying (采购 — lexicon source_verbs) the record type's own name replaces the verb: that word
names no record type of its own, the bracket names them all (今年采购（耗材+固定资产）的金额 = 今年采购记录的金额). A
bracket naming part of the values is a condition and is left to the rules that read it; so is every bracket in
a share question (占 / 比例 / 率), where it may name the whole the part is divided by."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

_JOIN = re.compile(r"[、,，+＋和与及跟]|以及")
_SHARE = ("占", "比例", "比重", "百分", "率", "成")
_TOGETHER = ("合在一起", "加在一起", "合起来", "加起来", "一起算", "算在一起", "都算", "都包括", "都算上", "合计", "一起")


def _values_named(inside: str, values: tuple[str, ...]) -> bool:
    for w in sorted(_TOGETHER, key=len, reverse=True):
        inside = inside.replace(w, "")
    words = [w.strip() for w in _JOIN.split(inside) if w.strip()]
    if len(words) != len(values) or len(values) < 2:
        return False
    hit: set[str] = set()
    for w in words:
        match = [v for v in values if v == w] or [v for v in values if v.startswith(w) and len(w) >= 2]
        if len(match) != 1 or match[0] in hit:
            return False
        hit.add(match[0])
    return hit == set(values)


def whole_bracket(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """采购记录（耗材采购、固定资产合在一起）达到3条 → 采购记录达到3条."""
    if any(w in text for w in _SHARE):
        return text  # a share's whole named by the bracket: the bracket is how the whole is read, left to the share rules
    verbs = set(lexicon.raw.get("source_verbs", {}).get("verbs", []))
    for label, words in lexicon.raw.get("labels", {}).items():
        info = schema.labels.get(label)
        if info is None or not isinstance(words, list):
            continue
        kinds = [p.values for p in info.properties.values() if p.values and 2 <= len(p.values) <= 4 and p.type == "枚举"]
        if not kinds:
            continue
        alt = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
        for m in re.finditer(rf"(?P<w>{alt})[\u4e00-\u9fff]{{0,4}}?(?P<b>[（(](?P<in>[^（）()]{{2,40}})[）)])", text):
            if any(_values_named(m.group("in"), tuple(str(v) for v in vals)) for vals in kinds):
                # 今年采购（耗材+固定资产）: a bare verb names no records of its own, the bracket does — the
                # record type's own name stands for both
                word = label if m.group("w") in verbs else m.group("w")
                return text[: m.start("w")] + word + text[m.end("w") : m.start("b")] + text[m.end("b") :]
    return text
