"""A listing asked with 把 (把编号列给我 / 把这些项目的名称列出来 / 把工号都列一下): 把 moves what is listed in front of
the listing verb; read in the plain order (列出编号) the rules already know, the thing listed keeps its own words. The
verbs are data (lexicon `ba_listing`); the object is short and has no clause mark, else nothing changes."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation


def ba_listing(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """细分业态为产业园区的项目，把编号列给我 → 细分业态为产业园区的项目，列出编号."""
    verbs = lexicon.raw.get("ba_listing", {}).get("verbs", [])
    if not verbs:
        return text
    alt = alternation(verbs)
    m = re.search(rf"把(?P<x>[^，,。；;？?！!把]{{1,10}}?)都?(?:{alt})", text)
    if m is None:
        return text
    return f"{text[: m.start()]}列出{m.group('x')}{text[m.end() :]}"
