"""A ranking by an explicit aggregate: 平均检查得分最低的三个项目 / 开票金额合计最高的前三个项目.

The question names two aggregates — the one computed per group (合计 / 平均) and the one that
orders the groups (最高 / 最低 / 前N). Taking only the first one drops the order (the superlative
is refused as not reflected); taking only the order drops the average (a project ranked by its
lowest single score is another answer). Both are kept: the groups are ranked by the named
aggregate. A per-unit average (平均每个项目 / 人均) is a different computation and is left alone."""

from __future__ import annotations

from typing import Any

from kgdesk.qa.dsl import AggFn

INNER = {"sum": AggFn.SUM, "avg": AggFn.AVG}
"""The aggregates computed per group; the order cues are max / min (and a top N)."""


def ranking_cues(itp: Any, cue: str | None) -> tuple[str, AggFn] | None:
    """(order cue, per-group aggregate) when `cue` (the first aggregate word) is 合计 / 平均 and the
    question also orders groups by it; None otherwise (the plain reading stays)."""
    if cue not in INNER:
        return None
    p = itp.p
    if "每" in p.qn or any(m.text in itp.lx.avg_per for m in itp.cue(cue)):
        return None  # 平均每个项目 / 人均: an average per unit, another computation

    def free(c: str) -> bool:  # 合计超过100万: an aggregate inside a condition orders nothing
        return any((n := p.next_after(m)) is None or n.kind != "num" for m in itp.cue(c))

    order = next((c for c in ("max", "min") if free(c)), None)
    if order is None and p.of("top"):
        order = "max"  # 开票金额合计前三的项目: the highest three
    if order is None:
        return None
    asked = bool(itp.cue("which") or itp.cue("list") or p.of("top")) or itp._label_after_superlative(order)
    if not asked and not any(m.s >= c.e for m in p.lex("label") for c in itp.cue(order)):
        return None  # 平均得分最高是多少: a number, not a ranking
    return order, INNER[cue]
