"""The last look at a number read as an equality: 合同金额过百万 → 合同金额 = 1000000 answered 0 — a word before the
number the rules did not read (过 / 上 / 约 / 将近) was dropped and the number became "=". A numeric "=" condition is
kept only when the number is preceded, in the question, by an explicit equality word (lexicon `number_equality`: 是 / 为
/ 等于 / 正好 …), by a field term (合同金额300万), or by nothing (the start of a clause). Any other word refuses, named:
a dropped word before a number must never turn into an equality."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.dsl import Op, QueryPlan
from kgdesk.qa.lexicon import load_lexicon

_TIME_AFTER = re.compile(r"[年月日号天周]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    lx = load_lexicon()
    eq = tuple(lx.raw.get("number_equality", {}).get("words", []))
    fields = tuple({t for t, _label, _field in lx.field_terms()})
    return eq, fields


def _unexplained(before: str, field: str) -> str | None:
    """The words between the last field term (or the clause's start) and the number, unless they say equality."""
    eq, fields = _words()
    tail = before.rstrip()[-6:]
    cut = max([tail.rfind(t) + len(t) for t in (*fields, field) if t and t in tail] + [0])
    cut = max([cut] + [i + 1 for i, ch in enumerate(tail) if not _CJK.match(ch)])
    word = tail[cut:]
    if not word or word in eq or word.endswith(eq):
        return None
    return word[-3:]


def number_after_word(qn: str, plan: QueryPlan) -> str | None:
    """The word before a number the plan compares with "=" that is no explicit equality, or None."""
    for step in plan.steps:
        for f in step.filters:
            if f.op is not Op.EQ or isinstance(f.value, bool) or not isinstance(f.value, int | float) or not f.text:
                continue
            for hit in re.finditer(re.escape(f.text), qn):
                if _TIME_AFTER.match(qn, hit.end()):
                    continue
                if (word := _unexplained(qn[: hit.start()], f.field)) is not None:
                    return word
    return None
