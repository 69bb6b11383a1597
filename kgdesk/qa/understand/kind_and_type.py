"""a kind value followed by its record noun (消防设备 / 电梯设备 / 消防维保合同) is the kind
field's value and the type — never a part of some name it happens to be inside (上海申江消防设备有限公司,
青浦工业园消防设施维保合同). The value must be an exact value of a field of the type the noun names
(设备.设备类型 = 消防); the noun may share its start with the value's end (消防维保 + 维保合同)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kgdesk.qa.lexicon import normalize


def kind_and_type(text: str, labels: Mapping[str, Sequence[str]], fields: Mapping[tuple[str, str], Any]) -> bool:
    """`text` (a part of a name found in the question) reads as <value of a field of L><word for L>."""
    for label, words in labels.items():
        values = {normalize(str(v)) for (lab, _f), vs in fields.items() if lab == label for v in vs or ()}
        for word in map(normalize, words):
            for k in range(len(word)):
                head, tail = word[:k], word[k:]
                if text.endswith(tail) and len(text) > len(tail):
                    value = text[: len(text) - len(tail)]
                    if value.endswith(head) and value in values:
                        return True
    return False


def shared_label_word(p: Any) -> None:
    """消防维保|合同: a value that took the start of its type's word (维保合同) leaves the rest of the
    word (合同) as that type's word, never a stray 合 (lexicon labels; the value must be one the type holds)."""
    from kgdesk.qa.lexicon import Sense, load_lexicon
    from kgdesk.qa.plan_mentions import _M

    labels = load_lexicon().labels
    for v in list(p.mentions):
        if v.kind != "lex" or not any(s.kind == "svalue" for s in v.senses):
            continue
        owners = {str(x[0]) for s in v.senses if s.kind == "svalue" for x in s.get("values", [])}
        for label in owners:
            for word in map(normalize, labels.get(label, [])):
                k = next((k for k in range(len(word) - 1, 0, -1) if v.text.endswith(word[:k])), 0)
                rest = word[k:]
                if not k or not p.qn.startswith(rest, v.e):
                    continue
                inside = [m for m in p.mentions if v.e <= m.s and m.e <= v.e + len(rest)]
                if any(m.kind not in ("leftover", "lex") or (m.kind == "lex" and not m.is_filler()) for m in inside):
                    continue
                p.mentions = [m for m in p.mentions if m not in inside]
                p.mentions.append(_M("lex", v.e, v.e + len(rest), rest, senses=[Sense("label", {"label": label}, label)]))
                p.mentions.sort(key=lambda x: x.s)
                return
