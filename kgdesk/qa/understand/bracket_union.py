"""Two values of one field in a comparison that already has two sides of another kind (two months, two named
records): 2026年3月的采购金额（耗材+固定资产）比2026年1月少多少 / XMSQ0150和XMSQ0205的采购金额（耗材+固定资产）相差多少.
A bracket says what the measure is made of, so its values only restrict the records (their union) and the months
or records stay the sides — comparing the bracket's two values over both months at once was a confident wrong
number. Said outside any bracket (3月和1月耗材采购和固定资产相差多少), either pair could be the sides: refused,
never guessed. With no other sides (2026年1月耗材采购和固定资产哪个金额多) the two values are the sides, unchanged."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kgdesk.qa.lexicon import normalize, normalize_with_map
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed

if TYPE_CHECKING:
    from kgdesk.qa.dsl import Filter
    from kgdesk.qa.plan_builder import _StepBuilder

_OPEN = re.compile(r"[（(【\[]")
_CLOSE = re.compile(r"[）)】\]]")


def value_start(mentions: list[_M], f: Filter, end: int) -> int:
    """Where the mention that produced filter `f` starts (by its words), else `end`."""
    return next((x.s for x in mentions if f.text and normalize(x.text) == normalize(f.text)), end)


def in_one_bracket(text: str, qstart: int, qend: int) -> bool:
    """Whether the words at qn[qstart:qend] lie inside one pair of brackets of the question's `text` (qn drops
    the brackets): an opening one before them still open, and a closing one after them, none in between."""
    qn, where = normalize_with_map(text)
    if not 0 <= qstart < qend <= len(qn):
        return False
    start, end = where[qstart], where[qend - 1] + 1
    opens = [i.start() for i in _OPEN.finditer(text, 0, start)]
    closes = [i.start() for i in _CLOSE.finditer(text, 0, start)]
    if not opens or (closes and closes[-1] > opens[-1]):
        return False
    inner = text[start:end]
    return not _OPEN.search(inner) and not _CLOSE.search(inner) and bool(_CLOSE.search(text, end))


def bracket_union(
    p: _Parsed, b: _StepBuilder, compare_field: tuple[str, str, str, str] | None, span: tuple[int, int] | None,
    other_sides: bool,
) -> bool:
    """True when the two values of `compare_field` are only a union (their filter kept, the other sides
    compared); raises when either pair could be the sides; False when they stay the sides."""
    if compare_field is None or not other_sides:
        return False
    node, field, left, right = compare_field
    if span is None or not in_one_bracket(p.text, *span):
        raise _needs_llm(f"要比较的是「{left}」和「{right}」，还是两个月份或对象？请分开问或用括号说明构成")
    for i, f in enumerate(b.filters):
        if (f.node, f.field) == (node, field):
            b.filters[i] = f.model_copy(update={"text": f"{left}或{right}"})
    return True
