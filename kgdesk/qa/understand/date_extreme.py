"""The extreme of a record's own date field asks for the record (哪位员工的入职日期最晚 / 哪份维保合同的结束日期
最晚 / 入职日期最早的员工是哪位): a min / max over that field returning the record(s), ties included, as
最早入职的是谁 does — never the records grouped by the date and the groups ranked by their size (each
record has one value of its own date; a group ranking comes only from a grouping word: 按 / 各 / 每).

The superlative words that read a date this way are the lexicon's `date_extremes` (最早 / 最晚)."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.schema import SchemaView


def date_extreme(
    p: _Parsed, schema: SchemaView, words: list[str], metric: tuple[str, str, bool] | None, cue: str | None
) -> bool:
    """Whether `metric` is a date field read by a date superlative of the question (no grouping word)."""
    if metric is None or metric[2] or cue not in ("max", "min") or p.cue("group"):
        return False
    info = schema.prop(metric[0], metric[1])
    if info is None or not info.is_date:
        return False
    return any(m.text in words for m in p.cue(cue))
