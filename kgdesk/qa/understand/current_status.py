"""现在 / 目前 / 当前 said with a value of a status field (现在报废的设备, 目前停用的有几台, 当前服务状态为
已结束的项目): the word refers to that stated status, which is itself the record's current state — no
other "current" condition is added on top (equipment that is 报废 is usually off its project, so
"still on the project" as well would count none). Lexicon `current_status_fields`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kgdesk.qa.dsl import Filter, ValueSource


def stated_status(filters: Iterable[Filter], lexicon: Mapping[str, Any]) -> Filter | None:
    """The question's own condition on a status field of the subject (n0), if any."""
    fields = set((lexicon.get("current_status_fields") or {}).get("fields", []))
    for f in filters:
        if f.node == "n0" and f.field in fields and f.value_source is not ValueSource.DERIVED and not f.assumption:
            return f
    return None


def stated_status_note(word: str, f: Filter) -> str:
    """The 口径 of what ran: the stated status, and no other current condition."""
    value = "、".join(str(v) for v in f.value) if isinstance(f.value, list) else str(f.value)
    if f.op.value in ("ne", "not_in"):
        value = "不是" + value
    return f"口径：“{word}”指问题所说的{f.field}（{value}），不再另加其他“{word}”条件"
