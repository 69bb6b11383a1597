"""A money total said without its field (judge 46 W1): 总额 / 总金额 / 合计金额 / 金额合计 of a record type is the sum of
that type's one additive money field (unit 元: 采购记录 → 金额, 投标记录 → 投标金额, 设备 → 原值), never its number of
records — "新标的投标总额有没有超过续标的" compares Σ投标金额 of the two values, not how many bids each has. None when
no such word is said or the named record types hold no money field or more than one (项目: 合同金额 and 年化合同额);
a counting plan that carries the money word is then refused (money_counted)."""

from __future__ import annotations

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView

_TOTALS = ("总额", "总金额", "合计金额", "金额合计", "金额总计", "总计金额", "金额总和", "总价")


def money_total(p: _Parsed, schema: SchemaView, labels: set[str]) -> tuple[str, str, bool] | None:
    """(label, money field, False) for a total-money word over `labels`, or None."""
    if not any(w in m.text for m in p.mentions for w in _TOTALS):
        return None
    lx = load_lexicon()
    money = {f for f, u in lx.field_units.items() if u == "元" and f in lx.additive_fields}
    hits = {(lab, f) for lab in labels for f in money if schema.has_property(lab, f)}
    if len(hits) != 1:
        return None
    lab, f = next(iter(hits))
    return lab, f, False
