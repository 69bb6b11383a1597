"""A colloquial group name with a group word, its members in a bracket (保安那块儿（保安_普保加保安_领班）在岗多少人):
the bracket says what the group is; the colloquial word (保安) is no name to ground and no value — the whole is
read as the members alone (保安_普保加保安_领班在岗多少人). Only when the bracket lists two or more members and
every one is a value of one field of the schema; any other bracket is left as it is (read, or refused). The
group words are data (lexicon `group_brackets`)."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation

_BOUNDS = r"\s的里中在是和与，,、：:（()）"
"""Where the colloquial name before the group word starts (岗位编制里|保安那块儿)."""
_JOINERS = r"\s*(?:加上|加|和|与|及|、|\+|＋|，|,)\s*"


def _one_field(schema: SchemaView, members: list[str]) -> bool:
    """Every member is a value of one and the same field."""
    for info in schema.labels.values():
        for prop in info.properties.values():
            values = {str(v) for v in prop.values or ()}
            if values and all(m in values for m in members):
                return True
    return False


def group_bracket(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """保安那块儿（保安_普保加保安_领班）在岗一共多少人 → 保安_普保加保安_领班在岗一共多少人."""
    words = lexicon.raw.get("group_brackets", {}).get("words", [])
    if not words:
        return text
    group = alternation(words)
    pat = re.compile(rf"(?:{group})\s*[（(](?P<in>[^（()）]+)[）)]")
    for m in pat.finditer(text):
        members = [x for x in re.split(_JOINERS, m.group("in").strip()) if x]
        if len(members) >= 2 and _one_field(schema, members):
            head = text[: m.start()]
            word = re.search(rf"[^{_BOUNDS}]{{1,4}}$", head)  # the colloquial name: back to a particle, 4 at most
            head = head[: word.start()] if word is not None else head
            return f"{head}{m.group('in').strip()}{text[m.end() :]}"
    return text
