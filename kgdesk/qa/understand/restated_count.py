"""A number of a record type that opens the question restates how many there are (「3个片区的负责人分别
是谁」, 「这16个项目里服务中的有几个」): it picks all of them, it is no per-entity threshold (HAVING).
Only a bare count — no comparative word (及以上, 超过, 至少 … make it a condition) — said first (after
at most a demonstrative, lexicon `restated_count.openers`) and right before the record type's own word,
in its classifier or the generic 个. When the number equals the type's count in the published data it
is dropped (listed as ignored); otherwise the question is refused with the two numbers, never read as
"the people with three regions". A number after a verb (负责了2个片区的人, 有2个片区的人) is left alone."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of


@cache
def _opener() -> re.Pattern[str]:
    words = sorted(load_lexicon().raw.get("restated_count", {}).get("openers", []), key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, words)) + ")*" if words else "")


def _fits(unit: str, label: str) -> bool:
    lx = load_lexicon()
    return unit in ("个", "") or lx.classifier_label(unit) == label


def restated_count(p: _Parsed, schema: SchemaView) -> None:
    ordered = sorted(p.mentions, key=lambda x: x.s)
    first = next((m for m in ordered if m.kind == "num"), None)
    if first is None or not _opener().fullmatch(p.qn[: first.s]):
        return
    d = first.data if isinstance(first.data, dict) else {}
    if d.get("op") != "eq" or any(m.kind == "num" and m is not first for m in ordered):
        return
    nxt = next((m for m in ordered if m.s >= first.e), None)
    labels = labels_of(nxt) if nxt is not None and nxt.s == first.e else set()
    if nxt is None or len(labels) != 1:
        return
    label = next(iter(labels))
    comparators = [w for ws in load_lexicon().raw.get("comparators", {}).values() for w in ws]
    if any(p.qn.startswith(w, nxt.e) for w in comparators):
        return  # 3个片区及以上的负责人: a threshold after all
    if not _fits(str(d.get("unit") or ""), label) or label not in schema.labels:
        return
    n, have = float(d.get("value") or 0), schema.labels[label].count
    if n != have:  # refused when the plan is read (restated_mismatch), never a threshold
        d["restated"] = f"「{first.text}{nxt.text}」与数据中{label}的数量（{have}个）不符，无法确定指的是哪些{label}"
        return
    first.become_filler()
    p.ignored.append(first.text)


def restated_mismatch(p: _Parsed) -> None:
    """A restating number that does not match the data's count: refused with both numbers."""
    for m in p.of("num"):
        if isinstance(m.data, dict) and m.data.get("restated"):
            raise _needs_llm(str(m.data["restated"]))

