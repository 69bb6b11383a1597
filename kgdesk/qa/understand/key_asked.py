"""A bracket at the end of a list question asking for the records' code (负责项目超过2个的项目负责人有哪些（给工号） /
有哪些人（列出工号）): the listed records of a type whose key is one field and that has a name field are always
shown as 名称（编号）, so the bracket asks for what the answer already says — it is dropped, not read as a field
condition (工号 would otherwise be taken for 项目负责人工号 and the question refused). Only the key of such a type,
only right after a list word (lexicon key_asked), so a bracket asking for any other field is read as before."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation
from kgdesk.templates.loader import default_template_set


@cache
def _pattern() -> tuple[re.Pattern[str], dict[str, str]] | None:
    """The bracket's pattern, and each record type word → its type's key field (项目 → 项目编号)."""
    row = load_lexicon().raw.get("key_asked")
    ts = default_template_set()
    keys = {
        label: k[0]
        for label in ts.labels
        if len(k := ts.key_of(label)) == 1 and (shown := ts.display_fields.get(label)) and shown != k[0]
    }
    if not row or not keys:
        return None
    words = {w: keys[label] for label, ws in load_lexicon().labels.items() if label in keys for w in ws}
    pat = re.compile(
        rf"(?P<l>{alternation(row['lists'])})(?P<w>{alternation(list(words))})?\s*[（(]\s*(?:{alternation(row['verbs'])})?(?:一下|下)?"
        rf"(?:他们|它们|各自)?的?(?P<k>{alternation(sorted(set(keys.values())))})\s*[）)]\s*(?P<end>[？?。.！!]?\s*)$"
    )
    return pat, words


def key_asked(text: str) -> str:
    """负责项目超过2个的项目负责人有哪些（给工号） → 负责项目超过2个的项目负责人有哪些; 有哪些项目（给项目编号） too, but
    not 有哪些项目（给工号）: a type word said after the list word must be the type whose key is asked."""
    got = _pattern()
    if got is None:
        return text
    pat, words = got
    m = pat.search(text)
    if m is None or (m.group("w") and words[m.group("w")] != m.group("k")):
        return text
    return text[: m.start()] + m.group("l") + (m.group("w") or "") + m.group("end")
