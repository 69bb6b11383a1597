"""A bare 多少 between two groups of records that carry money (耗材采购比固定资产少多少 / 2月的采购比1月少多少):
the question names neither a measure nor a unit, and records with an amount are compared as often by
their money as by their number. A count read there would be a confident number of the wrong thing (its
sign can even contradict 少), so the comparison is refused with the two readings to choose from — only when the
records are said by their values alone (耗材采购 / 固定资产); named by their type word (采购, 项目) they are counted. A unit
or a count word (几笔 / 多少条 / 笔数) or a measure (金额) decides it and is never touched here."""

from __future__ import annotations

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of

_BARE = frozenset({"多少", "几"})
"""How-much words that name no unit: 少多少 / 差几 (几笔 / 多少条 / 笔数 count records)."""
_UNITS = ("个", "笔", "条", "次", "人", "家", "台", "项", "张", "份", "单")
"""A difference word ending in a count word (差几个 / 相差多少条) names how it counts."""


def money_fields(lx: Lexicon, schema: SchemaView, label: str) -> list[str]:
    """The label's additive money fields (field_units 元) present in the data."""
    return [
        f
        for f in sorted(lx.additive_fields)
        if lx.field_units.get(f) == "元" and schema.has_property(label, f)
    ]


def count_or_amount(p: _Parsed, lx: Lexicon, schema: SchemaView, label: str) -> str | None:
    """Why a count comparison of `label` records is unsure (the money field it could mean), or None
    when the question names how it counts or the records carry no money."""
    counted = p.cue("count")
    if any(c.text not in _BARE for c in counted) or any(d.text.endswith(_UNITS) for d in p.cue("difference")):
        return None
    if any(label in labels_of(m) for m in p.mentions):
        return None  # 哪个区的项目多，差几个 / 2月的采购比1月少多少: the records are named — they are counted
    money = money_fields(lx, schema, label)
    if not money:
        return None
    return f"“多/少多少”是比{label}的记录数还是{money[0]}？可以问“…的{money[0]}比…少多少”或“…比…少几笔”"
