"""Verbs of data entry between a field and its value (离职日期写的是2026年2月28日 / 完好状况标成停用 / 入职日期登记成
2019年8月1日 / 岗位记的是保洁员): the act of writing the value down changes nothing — it is the copula 是, so the value
is the field's condition. Left unread, such a verb let the value drop (the date read as a month of service, the field
shown as a column, the whole roster answered); rewritten to 是, every rule that reads 字段是取值 reads it.

On a free-text field (lexicon free_text_fields: 备注, 问题描述 …) a value is written inside a longer text: 备注写着协管 is
a contains-match, rewritten to 提到 as understand/text_contains reads it (never an equality that finds nothing and
answers a false 没有). The words are data (lexicon entry_verbs); a bare 的 after the verb links only before a digit or
a letter (离职日期填的2026-02-28), so 合同金额登记的项目 is left as it was. A copula said as 属于 / 归为 right after a field
word (类别属于电梯维保, lexicon entry_verbs.copulas) is 是 too; after a record type's word it stays (项目属于PQ01片区)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.understand.alternation import alternation
from kgdesk.templates.loader import default_template_set

_DAY_COLUMN = re.compile(r"^\d{1,2}日$")


@cache
def _fields() -> tuple[frozenset[str], frozenset[str]]:
    """Every field word (lexicon terms and the templates' own names) and those that name a free-text field."""
    lex = load_lexicon()
    free = {normalize(f) for f in lex.free_text_fields}
    words = {normalize(t) for t, _label, _field in lex.field_terms() if len(t) >= 2}
    free_words = {normalize(t) for t, _label, fld in lex.field_terms() if normalize(fld) in free}
    for t in default_template_set().templates:
        words |= {normalize(f.name) for f in t.fields if not f.name.startswith("_")}
    words = {w for w in words if len(w) >= 2 and not _DAY_COLUMN.match(w)}
    return frozenset(words), frozenset(free | (free_words & words))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    raw = load_lexicon().raw.get("entry_verbs", {})
    verbs, links, written = raw.get("verbs", []), raw.get("links", []), raw.get("written", [])
    words, free = _fields()
    if not verbs or not links or not words:
        return None
    fields = alternation(sorted(words))
    stated = re.compile(
        rf"(?P<f>{fields})(?P<w>里|中|上|栏)?(?:还|都|也|就)?(?P<v>(?:{alternation(verbs)})(?:{alternation(links)}|的(?=[0-9A-Za-z])))"
    )
    said = re.compile(rf"(?P<f>{alternation(sorted(free))})(?P<w>里面|里头|里|中|上|栏)?(?P<v>{alternation(written)})") if free and written else re.compile("(?!)")
    return stated, said


@cache
def _copula() -> re.Pattern[str] | None:
    """类别属于电梯维保: a copula verb right after a field word (never a record type's word: 项目属于PQ01 is membership)."""
    lex = load_lexicon()
    copulas = lex.raw.get("entry_verbs", {}).get("copulas", [])
    labels = {normalize(w) for ws in lex.labels.values() for w in ws}
    words = sorted(w for w in _fields()[0] if w not in labels)
    if not copulas or not words:
        return None
    return re.compile(rf"(?:^|(?<=[的里中上，,、：:\s]))(?P<f>{alternation(words)})(?:{alternation(copulas)})(?!哪|什么|啥|何)")


def field_words() -> frozenset[str]:
    """Every field word at least two characters long (a day column 1日 … 31日 is none)."""
    return _fields()[0]


def entry_verbs(text: str) -> str:
    """离职日期写的是2026年2月28日的人 → 离职日期是2026年2月28日的人; 备注写着协管的 → 备注提到协管的."""
    pats = _patterns()
    if pats is None:
        return text
    stated, said = pats
    _words, free = _fields()

    def _sub(m: re.Match[str]) -> str:
        if normalize(m.group("f")) in free:
            return m.group(0)  # a free-text field: a contains-match (below), never an equality
        return f"{m.group('f')}是"

    text = said.sub(lambda m: f"{m.group('f')}{m.group('w') or ''}提到", text)
    copula = _copula()
    if copula is not None:
        text = copula.sub(lambda m: f"{m.group('f')}是", text)
    return stated.sub(_sub, text)
