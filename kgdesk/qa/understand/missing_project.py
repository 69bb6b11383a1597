"""A project named before the word 项目 that the data does not hold (judge 46 K12): 「长宁-天山路小学项目的负责人」 /
「天山路小学项目的合同金额」 — the words right before 项目 are the name of one project, so a field after it has that
project as its owner; when no project's name or short name contains those words, the answer is `insufficient`
(no_such_entity) naming them, never a clarify about the field. Two shapes: the data's own 区-名 written before 项目
(any two-character district, also one the data's names never start with), and a word the rules could not place
(a leftover of at least three characters) glued before 项目. A part of a name the data has (天山路 of a project
「长宁-天山路小学」) is never missing."""

from __future__ import annotations

import re
from itertools import pairwise

from kgdesk.qa.lexicon import normalize
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understand.words import as_written
from kgdesk.qa.understanding import UnderstandContext

_LABEL = "项目"
_WORDS = re.compile(r"以外|之外|除了|有|几|多少|和|与|跟|及|或|在|是|里|都|哪")
_NO_NAME = re.compile(r"以后|以前|之后|之前|以来|期间|开始|结束|[入进退出离调转换回到在]$")
"""A leftover that is a time word or ends with a verb of moving (2024年以后入项目的设备: 入项目 is a verb and its
object, never a project named 「以后入」)."""
_DASHED = re.compile(r"(?P<head>[\u4e00-\u9fff]{2})[-－—](?P<rest>(?:(?![的之])[\u4e00-\u9fff]){2,14}?)项目")


def _held(ctx: UnderstandContext, words: str) -> bool:
    """True when some project's name (any indexed name of it) contains the words."""
    n = normalize(words)
    return any(
        n in e.norm for e in ctx.index.entries if e.label == _LABEL and e.role in ("name", "key", "code")
    )


def _dashed_names(ctx: UnderstandContext) -> bool:
    names = [e.text for e in ctx.index.entries if e.label == _LABEL and e.role == "name"]
    return len(names) >= 2 and sum(1 for n in names if "-" in n) * 2 >= len(names)


def missing_project(p: _Parsed, ctx: UnderstandContext) -> tuple[str, str] | None:
    """(the written name, 项目) when the question names a project before 项目 that no record has; else None."""
    if ctx.schema.labels.get(_LABEL) is None or not _dashed_names(ctx):
        return None
    starts = [e.norm for e in ctx.index.entries if e.label == _LABEL and e.role == "name"]
    for d in _DASHED.finditer(p.text):
        written = normalize(d.group("head") + d.group("rest"))
        if _WORDS.search(d.group("rest")) or any(written.startswith(n) for n in starts):
            continue  # 除青浦-区图书馆以外有几个项目: a held name, then other words
        if not _held(ctx, d.group("rest")) and not _held(ctx, written):
            return f"{d.group('head')}-{d.group('rest')}", _LABEL
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for prev, m in pairwise(ordered):
        if prev.kind != "leftover" or prev.e != m.s or m.kind != "lex" or m.text != _LABEL:
            continue
        ls = m.sense("label")
        if ls is None or ls.get("label") != _LABEL or len(prev.text) < 3 or "的" in prev.text:
            continue
        if _NO_NAME.search(prev.text) or _held(ctx, prev.text):
            continue
        return as_written(p.text, prev.text), _LABEL
    return None
