"""One data column checked through a cache of its distinct values (the validator's inner loop).

Ledgers repeat values (codes, months, names) a lot: each distinct cell of a column is parsed,
length-capped, code-checked and collision-checked once, and what it is reported for is kept
with it, so a row costs a few dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kgdesk.templates.checks import SchemaWords, cap_length, collision_message, preview
from kgdesk.templates.model import FieldSpec
from kgdesk.templates.values import format_raw, parse_value

IssueSpec = tuple[str, str, tuple[str, ...], str | None]
"""An issue without its place (code, message, fields, value): the same for every row a cell value is in."""


@dataclass(frozen=True)
class CheckedCell:
    raw: str
    value: Any
    issues: tuple[IssueSpec, ...] = ()  # what this value is reported for, in reporting order


@dataclass
class Column:
    """One data column: its field spec, allowed codes and a cache of checked cells.

    Ledgers repeat values (codes, months, names) a lot, so parsing and checking each distinct
    cell once, and reading a whole column through the cache, is most of the validator's speed.
    """

    index: int
    spec: FieldSpec
    codes: dict[str, str] | None
    words: SchemaWords | None = None  # set for name-like fields only
    cache: dict[object, CheckedCell] = field(default_factory=dict)
    reports: bool = False  # some checked cell of this column has an issue

    def parse_column(self, rows: Sequence[Sequence[object]]) -> list[CheckedCell]:
        """The checked cell of this column in every given row (None past a short row's end)."""
        j = self.index
        cells = [row[j] if j < len(row) else None for row in rows]
        cache = self.cache
        out: list[CheckedCell] = []
        for cell in cells:
            # the class is part of the key: True == 1 and 1.0 == 1, but they are different cells
            ident = cell if cell.__class__ is str else (cell.__class__, cell)
            try:
                hit = cache.get(ident)
            except TypeError:  # unhashable cell value
                out.append(self._check(cell))
                continue
            if hit is None:
                hit = self._check(cell)
                if len(cache) < 100_000:
                    cache[ident] = hit
            out.append(hit)
        return out

    def _check(self, cell: object) -> CheckedCell:
        name = self.spec.name
        raw = format_raw(cell)
        parsed, too_long = cap_length(self.spec, raw, parse_value(self.spec, cell))
        issues: list[IssueSpec] = []
        if too_long is not None:
            issues.append(bad_value_spec(name, raw, too_long))
        elif parsed.error is not None:
            issues.append(bad_value_spec(name, raw, f"无效：{parsed.error}"))
        elif parsed.value is not None and self.codes is not None and str(parsed.value) not in self.codes:
            issues.append(
                (
                    "W_UNKNOWN_CODE",
                    f"「{name}」的代码「{preview(str(parsed.value))}」不在{self.spec.code_table}中（可用：{' '.join(self.codes)}）",
                    (name,),
                    str(parsed.value),
                )
            )
        collides = self.words.collision(parsed.value) if self.words is not None else None
        if collides is not None:
            issues.append(
                ("W_NAME_COLLIDES", collision_message(name, str(parsed.value), collides), (name,), collides)
            )
        if issues:
            self.reports = True
        return CheckedCell(raw, parsed.value, tuple(issues))


def bad_value_spec(name: str, raw: str, why: str) -> IssueSpec:
    """W_BAD_VALUE with a preview of the raw text (the whole text stays in the row's raw values)."""
    return ("W_BAD_VALUE", f"「{name}」的值「{preview(raw)}」{why}", (name,), preview(raw))
