"""Two day codes joined by 或 / 或者 (2026年3月考勤里有病假或事假的有几个人 / 4月份请过事假或者旷工的员工有哪些):
a record with at least one day of either code — one derived count of the days holding any of the codes
(day_count of both) above 0, never both conditions at once. Only two day-code words of one record type
right either side of the 或, with no number next to them (病假或事假超过2天: not guessed)."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import Derived, Filter, Op, ValueSource
from kgdesk.qa.plan_builder import _StepBuilder


def either_day_codes(itp: Any, b: _StepBuilder) -> None:
    p = itp.p
    for c in itp.cue("disjunction"):
        a, z = p.prev_before(c), p.next_after(c)
        da = a.sense("derived") if a is not None and a.kind == "lex" else None
        dz = z.sense("derived") if z is not None and z.kind == "lex" else None
        if a is None or z is None or da is None or dz is None or id(a) in itp.used or id(z) in itp.used:
            continue
        if not da.get("day_codes") or not dz.get("day_codes") or da.get("label") != dz.get("label"):
            continue
        near = (p.prev_before(a), p.next_after(z))
        if any(x is not None and x.kind == "num" for x in near):
            continue
        codes = list(dict.fromkeys([*da.get("day_codes"), *dz.get("day_codes")]))
        lab = da.get("label")
        alias = "n0" if lab == b.entity else b.ensure(lab)
        name = f"{da.get('name')}或{dz.get('name')}"
        expression = "day_count(" + ", ".join(f'"{x}"' for x in codes) + ")"
        b.derived.append(Derived(name=name, node=alias, expression=expression, unit="天"))
        text = f"{a.text}或{z.text}"
        b.filters.append(
            Filter(node=alias, field=name, op=Op.GT, value=0, value_source=ValueSource.DERIVED, text=text)
        )
        itp.slots.append(("条件", f"{name} > 0"))
        itp._note(f"口径：{text}指该月考勤中至少有一天是「{'」或「'.join(codes)}」")
        for m in (a, z, c):
            itp.use(m)
