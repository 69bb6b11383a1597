"""人均每月 / 平均每人每月 (人均每月加班小时数): one overall figure — the average over the records that
hold one person's month (考勤, 排班月报: keyed by 工号 and 年月), with that 口径 stated; never a table
of one average per month. Records not kept per person and month (财务) are not guessed."""

from __future__ import annotations

from kgdesk.qa.plan_mentions import _needs_llm
from kgdesk.qa.schema import SchemaView


def person_month(schema: SchemaView, entity: str, notes: list[str]) -> None:
    """Note the 口径 of a per-person-month average over `entity`'s own records (no pre-summing), or
    refuse when its records are not one per person and month."""
    keys = schema.key_fields(entity)
    if "工号" not in keys or "年月" not in keys:
        raise _needs_llm(f"“人均每月”需要每人每月一条的记录，{entity}不是这样记录的")
    notes.append(f"口径：人均每月：按每人每月一条{entity}记录求平均（全部月份合在一起，一个数）")
