"""A bracket at the end of a list question asking for the records' code (负责项目超过2个的项目负责人有哪些（给工号） /
有哪些人（列出工号）): the listed records of a type whose key is one field and that has a name field are always
shown as 名称（编号）, so the bracket asks for what the answer already says — it is dropped, not read as a field
condition (工号 would otherwise be taken for 项目负责人工号 and the question refused). Only the key of such a type,
only right after a list word (lexicon key_asked) or the ranked records said with their number (税后工资最高的两个人，
工号给一下), so a bracket asking for any other field is read as before."""

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


@cache
def _counted() -> re.Pattern[str] | None:
    """The records said with their number (…最多的两个人 / 前三名员工), then the key asked in a bracket or a clause of its
    own (（给工号） / ，工号给一下 / ，附上工号): the ranked records are listed as 名称（编号） too."""
    row, got = load_lexicon().raw.get("key_asked"), _pattern()
    if not row or got is None:
        return None
    _pat, words = got
    keys, verbs = alternation(sorted(set(words.values()))), alternation(row["verbs"])
    asked = (
        rf"(?:[（(]\s*(?:{verbs})?(?:一下|下)?(?:他们|它们|各自)?的?(?P<k1>{keys})\s*[）)]"
        rf"|[，,]\s*(?:把)?(?:他们|它们|各自)?的?(?P<k2>{keys})(?:也)?(?:{verbs})(?:我)?(?:一下|下)?"
        rf"|[，,]\s*(?:也)?(?:{verbs})(?:我)?(?:一下|下)?(?:他们|它们|各自)?的?(?P<k3>{keys}))"
    )
    n = r"(?:[0-9]+|[一二两三四五六七八九十]+)"
    return re.compile(rf"(?P<l>{n}(?:个|位|名|家)?(?P<w>{alternation(list(words))}))(?:是谁|是哪些|有哪些)?\s*{asked}(?:吧|呗)?\s*(?P<end>[？?。.！!]?\s*)$")


def key_asked(text: str) -> str:
    """负责项目超过2个的项目负责人有哪些（给工号） → 负责项目超过2个的项目负责人有哪些; 有哪些项目（给项目编号） too, but
    not 有哪些项目（给工号）: a type word said after the list word must be the type whose key is asked."""
    got = _pattern()
    if got is None:
        return text
    pat, words = got
    m = pat.search(text)
    if m is None or (m.group("w") and words[m.group("w")] != m.group("k")):
        counted = _counted()
        c = counted.search(text) if counted is not None else None
        if c is None or words[c.group("w")] != (c.group("k1") or c.group("k2") or c.group("k3")):
            return text
        return text[: c.start()] + c.group("l") + c.group("end")
    return text[: m.start()] + m.group("l") + (m.group("w") or "") + m.group("end")
