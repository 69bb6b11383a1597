"""A day, or a range of days, with no date field named but a verb that names one (2026年1月1日及以后入职的 /
2026年2月1日到2026年2月28日之间一共做了几次检查): the verb's date field (the lexicon's date_verbs, and
day_verbs for the nouns of an event such as 检查) is the field compared — written as the named-field form the
date rules read (入职日期不早于2026年1月1日 / 检查日期在A到B之间, then understand/day_range). 及以后 / 及以前
include the day, 以后 / 之前 keep the reading they have after a named field. The verb may come later in the clause
(2026年4月1日之前做过季度综合检查吗) when every verb of the clause names the same one field. A verb whose word names two
fields (到期: a project's or a certificate's) is not guessed: the text is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_DAY = r"(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
_BOUND = {"及以后": "不早于{a}", "及之后": "不早于{a}", "以后": "在{a}之后", "之后": "在{a}之后",
          "及以前": "不晚于{a}", "及之前": "不晚于{a}", "以前": "在{a}之前", "之前": "在{a}之前",
          "前": "在{a}之前", "后": "在{a}之后"}


@cache
def _verbs() -> dict[str, str]:
    """Verb → its one date field (verbs naming several fields are left out)."""
    raw = load_lexicon().raw
    fields: dict[str, set[str]] = {}
    for row in (*raw.get("date_verbs", []), *raw.get("day_verbs", {}).get("rows", [])):
        for t in row.get("terms", []):
            fields.setdefault(str(t), set()).add(str(row["field"]))
    return {t: next(iter(f)) for t, f in fields.items() if len(f) == 1}


@cache
def _plain_verbs() -> frozenset[str]:
    """The date_verbs' words (入职), said by the field once it is written; day_verbs' nouns (检查) stay."""
    return frozenset(str(t) for row in load_lexicon().raw.get("date_verbs", []) for t in row.get("terms", []))


def day_verbs(text: str) -> str:
    """2026年1月1日及以后入职的 → 入职日期不早于2026年1月1日的; A到B之间…做了几次检查 → 检查日期在A到B之间…."""
    verbs = _verbs()
    if not verbs or "日期" in text:
        return text  # a date field named: its own rules read it
    alt = alternation(verbs)
    bounds = alternation(_BOUND)
    m = re.search(rf"(?P<a>{_DAY})\s*(?P<w>{bounds})(?P<v>{alt})", text)
    if m is not None:
        said = _BOUND[m.group("w")].format(a=m.group("a"))
        return f"{text[: m.start()]}{verbs[m.group('v')]}{said}{text[m.end() :]}"
    m = re.search(rf"(?P<a>{_DAY})\s*(?P<w>{bounds})(?P<gap>[^，,。？?；;]{{1,24}}?)(?P<v>{alt})", text)
    if m is not None and m.group("w") in _BOUND:
        bounded = _bounded_later(text, m, verbs)
        if bounded is not None:
            return bounded
    m = re.search(rf"(?P<r>(?P<a>{_DAY})\s*(?:到|至|~|～)\s*(?P<b>{_DAY})\s*(?:之间|期间)?)(?P<c>\s*[，,])?[^，,。？?]{{0,10}}?(?P<v>{alt})", text)
    if m is not None:
        found = {verbs[v] for v in re.findall(alt, text[m.end("r") :])}
        if len(found) == 1:
            # A至B之间，有没有做过检查: the range opens the sentence, the comma only closes it
            rest = text[m.end("c") if m.group("c") else m.end("r") :]
            if m.group("v") in _plain_verbs():  # 之间入职的: the verb said by the field now
                rest = rest.replace(m.group("v"), "", 1)
            head = re.sub(r"(?:在|从|于)\s*$", "", text[: m.start()])  # 青浦片区在A到B之间: the field's own 在
            return f"{head}{found.pop()}在{m.group('a')}到{m.group('b')}之间{rest}"
    return text


def _bounded_later(text: str, m: re.Match[str], verbs: dict[str, str]) -> str | None:
    """2026年4月1日之前做过季度综合检查吗 → 检查日期在2026年4月1日之前做过季度综合检查吗: the event's word comes later
    in the clause; every verb there must name the same one date field (整改完成…检查: two fields, left as written)."""
    alt = alternation(verbs)
    clause = re.split(r"[，,。？?；;]", text[m.end("w") :], maxsplit=1)[0]
    found = {verbs[v] for v in re.findall(alt, clause)}
    if len(found) != 1:
        return None
    rest = text[m.end("w") :]
    if m.group("v") in _plain_verbs():  # 之前入职的: the verb said by the field now
        rest = rest.replace(m.group("v"), "", 1)
    head = re.sub(r"(?:在|从|于)\s*$", "", text[: m.start()])
    said = _BOUND[m.group("w")].format(a=m.group("a"))
    return f"{head}{found.pop()}{said}{rest}"
