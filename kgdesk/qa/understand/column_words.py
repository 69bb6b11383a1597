"""「问题描述一栏空着 / 备注这一栏没填 / 整改情况那栏是空的」: 一栏 / 这一栏 / 这列 between a field and a left-empty
word only points at the field's column on the sheet; dropped, the field and the word are read together as the
presence rule does (understand/presence: 空着, 没填 … = the field is empty). Only right before such a word,
so 栏 elsewhere is left as it was read."""

from __future__ import annotations

import re

_COLUMN = re.compile(
    r"(?:这|那)?一?(?:栏|列|格)(?=(?:还|都|也)?(?:是)?(?:空着|空白|空的|为空|没填|没有填|未填|没写|没有写|没登记|未登记|不为空|不是空的|有填|填了))"
)


def column_words(text: str) -> str:
    """问题描述一栏空着的检查记录 → 问题描述空着的检查记录."""
    return _COLUMN.sub("", text)
