"""An equality value must have the shape of its field before it is compared.

A date, month or number field compared for equality with a text that is no date, month or number
(有效期至 = 在2029年1月1日之后) matches nothing, and the empty result reads as a confident 没有 / 0 —
a wrong answer, never a refusal. Likewise a text value that still carries a comparison word (lexicon
`comparison_residue`: 之后, 以上, 不到 …) and is not a value the data holds: the words meant a comparison
the reading missed. And a text value that starts with a word of emptiness (空(没查出问题, 为空…): the
question said the field is empty (IS NULL) and glossed it, never that value. All are refused here, at the
one gate every plan passes, whatever reading made them.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from kgdesk.qa.dsl import Filter, Op
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.schema import PropertyInfo

_SHAPES = {
    "日期": re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ].*)?$"),
    "年月": re.compile(r"^\d{4}-\d{2}$"),
}


_BLANKISH = re.compile(r"^(?:为空|空着|空白|空[(（]|空$)")


@cache
def _residue() -> tuple[str, ...]:
    return tuple(load_lexicon().raw.get("comparison_residue", {}).get("words", []))


def value_shape_errors(f: Filter, info: PropertyInfo) -> list[str]:
    """Why `f`'s equality values cannot be compared with `info`'s field as written (empty when they can)."""
    if f.op not in (Op.EQ, Op.NE, Op.IN):
        return []
    values: list[Any] = f.value if isinstance(f.value, list) else [f.value]
    shape = _SHAPES.get(info.type)
    known = set(info.values or ())
    errs: list[str] = []
    for v in values:
        if not isinstance(v, str) or v in known:
            continue
        if shape is not None and not shape.match(v):
            errs.append(f"「{v}」不是{f.field}（{info.type}）的取值，不能按文字相等比较")
        elif _BLANKISH.match(v):
            errs.append(f"「{v}」像是说{f.field}为空，不能当作{f.field}的取值按文字相等比较")
        elif word := next((w for w in _residue() if w in v), None):
            errs.append(f"「{v}」里的「{word}」是比较词，不能当作{f.field}的取值")
    return errs

