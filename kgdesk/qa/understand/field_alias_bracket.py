"""A template field named with a bracket (市（区）) is also called by the word inside it: 按区统计项目个数 / 每个区各有几个项目 /
各区的项目数 group by 市（区）. A one-character word is far too loose to be a field term everywhere (片区, 区图书馆 and
every district's name hold it), so it is read as the field only right after a grouping word (按 and lexicon group_kept:
各 / 每个 / 每种 …) and before a word that ends the group's name (的 / 各 / 有 / 统计 …, or the end of a clause).
The bracketed names come from the templates, the grouping words from the lexicon."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.templates.loader import default_template_set

_BRACKET = re.compile(r"^(?P<a>[^（(]+)[（(](?P<b>[^）)]+)[）)]$")
_AFTER = r"(?=的|各|有|分|统|汇|计|来|看|都|多|几|里|内|排|[，,。？?、]|$)"


@cache
def _rules() -> list[tuple[re.Pattern[str], str]]:
    group = sorted({"按", "按照", *load_lexicon().raw.get("group_kept", {}).get("words", [])}, key=len, reverse=True)
    words = "|".join(map(re.escape, group))
    out = []
    for name in sorted({f.name for t in default_template_set().templates for f in t.fields}):
        m = _BRACKET.match(name)
        if m is None:
            continue
        for alias in {m.group("b"), m.group("a")}:
            out.append((re.compile(rf"(?P<g>{words}){re.escape(alias)}{_AFTER}"), name))
    return out


def bracket_field_alias(text: str) -> str:
    """按区统计一下项目个数 → 按市（区）统计一下项目个数."""
    for pattern, name in _rules():
        text = pattern.sub(_named(name), text)
    return text


def _named(name: str) -> Callable[[re.Match[str]], str]:
    return lambda m: m.group("g") + name
