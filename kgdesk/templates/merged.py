"""Merged cells: the value of a merged range filled into every row it covers.

Excel keeps a merged range's value in its top-left cell only, so a reader that ignores merges
loses it in every other row (a merged 项目编号 then looks like a missing key). Decisions:
- The value goes into the range's first column of every row it covers; other columns of a
  wider range stay empty (a merged cell is one value of one field; widening it does not make
  it the value of the neighbouring fields).
- Only rows with content of their own are filled: a row that is blank but for the merge is a
  visual continuation, not a record, and filling it would invent one.
- A cell that holds a value of its own (some writers keep them) is never overwritten.
- Ranges are clipped to the sheet's data; the fill work is bounded by the sheet's size, so a
  file declaring huge or overlapping ranges costs no more than its cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openpyxl.utils.cell import get_column_letter, range_boundaries


@dataclass(frozen=True)
class MergedRange:
    """0-based inclusive bounds as the file declares them; `value` is the top-left value and
    `filled_rows` how many rows below it received it."""

    first_row: int
    first_col: int
    last_row: int
    last_col: int
    value: Any = None
    filled_rows: int = 0

    @property
    def ref(self) -> str:
        """As Excel names it, e.g. "B5:B9" (rows and columns 1-based)."""
        start = f"{get_column_letter(self.first_col + 1)}{self.first_row + 1}"
        end = f"{get_column_letter(self.last_col + 1)}{self.last_row + 1}"
        return start if start == end else f"{start}:{end}"


Bounds = tuple[int, int, int, int]  # first_row, first_col, last_row, last_col (0-based inclusive)


def bounds_from_ref(ref: str) -> Bounds | None:
    """ "B5:B9" → (4, 1, 8, 1); None for a reference that is no cell range."""
    try:
        min_col, min_row, max_col, max_row = range_boundaries(ref)
    except (ValueError, TypeError):
        return None
    if None in (min_col, min_row, max_col, max_row):
        return None
    return (int(min_row) - 1, int(min_col) - 1, int(max_row) - 1, int(max_col) - 1)  # type: ignore[arg-type]


class MergedCellsError(ValueError):
    """More fill work than the sheet has cells: overlapping or hostile merge declarations."""


def fill_merged(rows: list[list[Any]], ranges: Iterable[Bounds]) -> list[MergedRange]:
    """Fill `rows` in place (see the module doc); the ranges that hold a value, clipped."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    if not height or not width:
        return []
    own = [any(c is not None for c in row) for row in rows]
    budget = height * width
    out: list[MergedRange] = []
    for r1, c1, r2, c2 in sorted(set(ranges)):
        if r1 < 0 or c1 < 0 or r1 >= height or c1 >= width or r2 < r1 or c2 < c1:
            continue
        last_row = min(r2, height - 1)
        last_col = min(c2, width - 1)
        if last_row == r1 and last_col == c1:
            continue  # a single cell
        anchor = rows[r1][c1]
        if anchor is None:
            continue
        budget -= last_row - r1 + 1
        if budget < 0:
            raise MergedCellsError("merged ranges cover more cells than the sheet has")
        filled = 0
        for i in range(r1 + 1, last_row + 1):
            row = rows[i]
            if own[i] and row[c1] is None:
                row[c1] = anchor
                filled += 1
        out.append(MergedRange(r1, c1, r2, c2, anchor, filled))
    return out
