"""按汇总业态分组，每组各有几个项目 / 按委托方式分一下组，每一组多少个项目: the words for "the groups" (每组,
各组, 分一下组 …; lexicon `group_fillers`) are fillers once the question groups by something; with no
grouping at all (每组各有几个项目) they name groups nobody formed: refused, never a plain total."""

from __future__ import annotations

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.plan_mentions import _needs_llm, _Parsed


def groups_formed(plan: QueryPlan, p: _Parsed) -> None:
    words = set(load_lexicon().raw.get("group_fillers", {}).get("words", []))
    said = [m.text for m in p.mentions if m.kind == "lex" and m.text in words]
    if said and not plan.group_by:
        raise _needs_llm(f"问题说了「{said[0]}」，却没有说按什么分组")
