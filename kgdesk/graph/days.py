"""The day columns of 考勤/排班月报 stored packed: one list property instead of 31 (#17.7).

A node of a label whose template has day columns (`TemplateSet.has_day_columns`) is written with
`_days`, the 31 day cells in day order (`templates.model.DAY_COLUMNS`), "" for an empty day, and
without the per-day properties — unless one of its day cells is a merged conflict (a list) or not
text: such a node keeps the per-column form, so the conflict stays visible. The plan's rows, their
hashes (`delta.node_hash`) and the meta-schema are those of the per-column form; packing happens
only when a batch is sent. Both forms coexist in a graph written by older code and updated since,
so every read of a day cell goes through `cell`.
"""

from __future__ import annotations

from typing import Any

from kgdesk.templates.model import DAY_COLUMNS

DAYS = "_days"
"""The packed property (hidden: `_`-prefixed, so no question and no statistic sees it as a field)."""

_INDEX = {name: i for i, name in enumerate(DAY_COLUMNS)}


def is_day(name: str) -> bool:
    return name in _INDEX


def pack(row: dict[str, Any]) -> dict[str, Any]:
    """The row to store: day cells packed into `_days`, or `row` itself when a cell is not plain
    text (a merged conflict) or the row has no day cell at all."""
    cells = [row.get(c) for c in DAY_COLUMNS]
    if all(v is None for v in cells) or not all(v is None or type(v) is str for v in cells):
        return row
    out = {k: v for k, v in row.items() if k not in _INDEX}
    out[DAYS] = ["" if v is None else v for v in cells]
    return out


def cell(var: str, name: str, quoted: str) -> str:
    """Cypher for one day cell of node `var` in either form (`quoted`: the property name already
    quoted and checked by the caller); null for an empty day, as the per-column form reads."""
    i = _INDEX[name]
    return f"CASE size({var}.{DAYS}[{i}]) WHEN 0 THEN null ELSE coalesce({var}.{DAYS}[{i}], {var}.{quoted}) END"


def entries(var: str) -> str:
    """Cypher list of [name, value] for every stored property of `var` with its packed day cells
    expanded (`$days`: `DAY_COLUMNS`; `_days` itself stays, hidden like every `_` property); for
    the statistics read from the graph. No text literal: every statement is parameterised."""
    return (
        f"[k IN keys({var}) | [k, {var}[k]]] + "
        f"[i IN range(0, size(coalesce({var}.{DAYS}, [])) - 1) WHERE size({var}.{DAYS}[i]) > 0 "
        f"| [$days[i], {var}.{DAYS}[i]]]"
    )
