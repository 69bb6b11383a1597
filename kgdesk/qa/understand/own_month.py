"""Per-month figures of a record type that carries its own 年月 without it being a key (耗材采购每个月各有几笔:
the 采购与维保 rows have 年月): the months are that field — the same as 按年月 said. Only when exactly one
node of the plan carries a present 年月 field; otherwise the rules still refuse (趋势问题需要按月份的数据)."""

from __future__ import annotations

from collections.abc import Mapping

from kgdesk.qa.schema import SchemaView


def own_month(labels: Mapping[str, str], schema: SchemaView) -> str | None:
    """The alias of the one node whose own 年月 field is present, or None."""
    found = [
        alias for alias, lab in labels.items() if (info := schema.prop(lab, "年月")) is not None and info.present
    ]
    return found[0] if len(found) == 1 else None
