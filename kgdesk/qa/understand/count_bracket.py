"""Values listed in a bracket after a count are the records counted, either of them (固定资产里状态是已入账的有多少笔
（清洁设备和绿化设备）= 类别为清洁设备或绿化设备的).

A bracket closing a count says which records the count takes in; two values of one single-valued field cannot both
hold for one record, so 和 / 与 / 及 / 、 between them there is their union — the form the rules read as 或. Asked
apart (各 / 分别 / 各自 / 每) the count is per value, and nothing is rewritten; neither is a bracket that is not the
end of a count (…的金额（耗材+固定资产）比…: bracket_union reads that). Values of two different fields written this
way become 或 across fields, which the rules refuse, never a guessed answer. A bracket naming a ledger (一共多少
（采购与维保表）: the lexicon's ledger names and ledger nouns) says where the records are: its 与 is part of the name."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon, normalize

_APART = ("各", "分别", "各自", "每")
_ITEM = r"[^（）()，,、和与及跟或\s]{1,16}"
_BRACKET = re.compile(
    rf"(?P<count>(?:多少|几)[个条笔台家位份张项次人种类]?)\s*[（(]\s*(?P<items>{_ITEM}(?:\s*(?:和|与|及|、|跟)\s*{_ITEM})+)\s*[）)]"
    r"(?P<end>\s*[？?。！!]?\s*)$"
)


@cache
def _ledger_words() -> tuple[frozenset[str], tuple[str, ...]]:
    """(the ledgers' names, the nouns a ledger's name ends with: 表 / 台账 / 清单), from the lexicon."""
    raw = load_lexicon().raw.get("ledger_names", {})
    names = frozenset(normalize(w) for ledger in raw.get("ledgers", []) for w in ledger.get("words", []))
    nouns = tuple(normalize(w) for w in [*raw.get("nouns", []), *raw.get("template_suffixes", [])] if w)
    return names, nouns


def _names_a_ledger(items: str) -> bool:
    names, nouns = _ledger_words()
    said = normalize(items)
    return said in names or said.endswith(nouns)


def count_bracket(text: str) -> str:
    """…有多少笔（清洁设备和绿化设备） → …有多少笔（清洁设备或绿化设备）."""
    m = _BRACKET.search(text)
    if m is None or any(w in text for w in _APART) or _names_a_ledger(m.group("items")):
        return text
    items = re.sub(r"\s*(?:和|与|及|、|跟)\s*", "或", m.group("items"))
    return f"{text[: m.start()]}{m.group('count')}（{items}）{m.group('end')}"
