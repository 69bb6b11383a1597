"""The month of a negated record is inside the negation: 3月没有检查记录的项目 are the projects with no
inspection dated in March, never the projects running in March with no inspection ever. The record's
own time is the one field that places it in time: 年月 (财务, 考勤, 采购记录) or a date in its key
(检查记录.检查日期)."""

from __future__ import annotations

from kgdesk.qa.plan_builder import _StepBuilder
from kgdesk.qa.schema import SchemaView


def _has_own_period(schema: SchemaView, label: str) -> bool:
    info = schema.labels.get(label)
    return info is not None and any(
        p.present and p.type == "日期" and p.name.startswith("结束") for p in info.properties.values()
    )


def record_time_field(schema: SchemaView, label: str) -> str | None:
    """The one field that places a record of `label` in time, or None when none or several could
    (a record with a period of its own, 维保合同 开始日期—结束日期, is not placed by one month)."""
    info = schema.labels.get(label)
    if info is None or _has_own_period(schema, label):
        return None
    present = [p for p in info.properties.values() if p.present]
    months = [p.name for p in present if p.type == "年月"]
    if "年月" in months and "年月" in info.key:
        return "年月"
    keyed_dates = [p.name for p in present if p.type == "日期" and p.name in info.key]
    found = months + keyed_dates
    return found[0] if len(found) == 1 else None


def negated_record_times(b: _StepBuilder, schema: SchemaView) -> list[tuple[str, str | None]]:
    """(alias, time field) of each negated hop straight from the entity to records placed in time;
    the field is None for records with a period of their own (which month applies is not known).
    Hops to neither (人员 over a service period, 设备) are left to the other time rules."""
    out: list[tuple[str, str | None]] = []
    for i, h in enumerate(b.hops, start=1):
        if not h.negate or h.source != "n0":
            continue
        fld = record_time_field(schema, h.target)
        if fld is not None or _has_own_period(schema, h.target):
            out.append((f"n{i}", fld))
    return out
