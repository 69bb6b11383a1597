"""A ledger's colloquial name (维保台账, 采购台账, 花名册, 考勤表) says where the asked records live,
never which of them: 「维保台账里有几家供应商」 counts every supplier, not those whose 类别 contains
维保. The name is ignored only when every record type the rest of the question asks about comes from
that ledger (lexicon `ledger_names`); otherwise (维保台账里有几个项目) it is read as before. A ledger
noun right after a record type's label word (供应商名录 / 供应商名单 / 设备一览, lexicon
`ledger_names.nouns`) only says the type's records are meant: the noun is ignored, the type stays."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.spans import fields_of, ignore_span, labels_of
from kgdesk.templates.loader import default_template_set


@cache
def _ledgers() -> list[tuple[str, frozenset[str]]]:
    """The lexicon's colloquial names, and every template's own name with a ledger suffix (采购与维保表,
    项目月度财务台账, 岗位编制表格): the suffix makes it the ledger, whatever record types it holds; a linking
    template's name (项目片区关系) with or without one."""
    raw = load_lexicon().raw.get("ledger_names", {})
    rows = raw.get("ledgers", [])
    out = [(normalize(w), frozenset(r["labels"])) for r in rows for w in r["words"]]
    out += [
        (normalize(t.name + suffix), frozenset(t.labels))
        for t in default_template_set().templates
        if t.labels
        for suffix in raw.get("template_suffixes", [])
    ]
    out += [(normalize(t.name + suffix), labels) for t, labels in _link_templates() for suffix in ("", *raw.get("template_suffixes", []))]
    return sorted((x for x in out if x[0]), key=lambda x: -len(x[0]))


def _link_templates() -> list[tuple[Any, frozenset[str]]]:
    """A template that only links records (项目片区关系: 项目编号 → 片区编号) holds no type of its own; its name (项目片区
    关系里) says the link between the types whose keys it carries is where to look — those types are its records."""
    ts = default_template_set()
    keys = {k[0]: label for label in ts.labels if len(k := ts.key_of(label)) == 1}
    out = []
    for t in ts.templates:
        linked = frozenset(keys[f.name] for f in t.fields if f.name in keys)
        if not t.labels and len(linked) >= 2:
            out.append((t, linked))
    return out


_WHERE = re.compile(r"(?:里面|里头|当中|之中|里|中|上|内)?")
"""The locative after the name (维保台账里): part of the name's span."""


def _span_of(p: _Parsed) -> tuple[int, int, frozenset[str]] | None:
    for word, labels in _ledgers():
        at = p.qn.find(word)
        if at >= 0:
            end = _WHERE.match(p.qn, at + len(word))
            return at, end.end() if end else at + len(word), labels
    return None


def place_span(p: _Parsed) -> tuple[int, int, frozenset[str]] | None:
    """The ledger's span and record types when its name was read as a place (every word in it ignored);
    None when no ledger is named or its words were read otherwise."""
    span = _span_of(p)
    if span is None or not all(m.is_filler() for m in p.mentions if m.s < span[1] and m.e > span[0]):
        return None
    return span


def _label_nouns(p: _Parsed) -> None:
    """供应商|名录|里: ignore the noun (and its locative) right after a label word."""
    nouns = sorted((normalize(str(n)) for n in load_lexicon().raw.get("ledger_names", {}).get("nouns", [])), key=len)
    for m in list(p.mentions):
        if m.kind != "lex" or len(labels_of(m)) != 1:
            continue
        noun = next((n for n in reversed(nouns) if n and p.qn.startswith(n, m.e)), None)
        if noun is None:
            continue
        where = _WHERE.match(p.qn, m.e + len(noun))
        ignore_span(p, m.e, where.end() if where else m.e + len(noun), "ledger")


def ledger_names(p: _Parsed) -> None:
    """Ignore the mentions inside a ledger's name when the question asks only for its records."""
    _label_nouns(p)
    span = _span_of(p)
    if span is None:
        return
    a, b, labels = span
    inside = [m for m in p.mentions if m.s < b and m.e > a]
    asked: set[str] = set()
    outside = [m for m in p.mentions if m not in inside]
    for m in outside:
        asked |= labels_of(m)
    if not asked and len(labels) > 1:
        # 耗材采购的金额（采购与维保表）: no type word, the types of the values said (never a field word's:
        # 采购与维保台账里的金额 is 维保合同's or 采购记录's, still not settled). Only for a ledger of several
        # types — a one-type ledger's name names its type (设备台账里报废的比例: the devices are the whole)
        asked = {lab for m in outside if not m.has("field") for lab, _ in fields_of(m) if lab}
    if not inside or not asked or not asked <= labels or _own_field_said(p, a, b):
        return
    split_leftovers(p, a, b)
    ignore_span(p, a, b, "ledger")


def _own_field_said(p: _Parsed, a: int, b: int) -> bool:
    """项目片区关系里备注写着协管的项目: a linking template's own field (its 备注, no key) lives on the link, not on the
    types it joins — read on a project, it is the project's 备注, another text, and its 没有 would be false. The name
    is kept then, left for the rules to refuse."""
    said = p.qn[:a] + " " + p.qn[b:]
    for t, _linked in _link_templates():
        if p.qn[a:b].startswith(normalize(t.name)):
            keys = {k for label in _linked for k in default_template_set().key_of(label)}
            return any(normalize(f.name) in said for f in t.fields if f.name not in keys)
    return False


def split_at_ledger(p: _Parsed) -> None:
    """Before the unread words are settled: a stretch running over a ledger name's edge (项目片区关系|里挂 → 关系里 + 挂) is
    cut there, so the word after the name (挂 of a region's projects) is settled on its own, not with the name's tail."""
    if (span := _span_of(p)) is not None:
        split_leftovers(p, span[0], span[1])


def split_leftovers(p: _Parsed, a: int, b: int) -> None:
    """采购与维保|金额: an unread stretch running over the ledger name's edge is cut there — the part in the
    name goes with it, the rest (金额) stays unread, to be read on its own (ledger_field)."""
    for m in list(p.mentions):
        for cut in (a, b):
            if m.kind == "leftover" and m.s < cut < m.e:
                i = p.mentions.index(m)
                left = _M("leftover", m.s, cut, p.qn[m.s : cut])
                right = _M("leftover", cut, m.e, p.qn[cut : m.e])
                p.mentions[i : i + 1] = [left, right]
                m = right
