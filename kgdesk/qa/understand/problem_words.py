"""A problem named by its words, then counted in one record type (灭火器压力不足这个问题，检查记录里出现过几次 /
消防通道堵塞这种情况巡检中出现了几回): with no field said, the words are the text of that type's one problem
field (lexicon problem_words.fields: 问题描述), so the question is read as <type>里问题描述包含<words>的有几次 and
understand/text_contains searches them there. Only when exactly one record type is named after the words and it
has exactly one such field; otherwise the question is left alone (and refused as not understood), never
searched in a field picked by guess. When the field's values are known (a small ledger) and none holds the words,
the question is left alone too: the words are a paraphrase (堆杂物 for 堆放杂物), and a search would answer a false 0."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.alternation import alternation

_STOPS = "，,。？?！!；;\\s"


def _named_labels(text: str, lexicon: Lexicon) -> set[str]:
    """The record types whose words the text holds, a shorter word inside a longer one not counted twice; words of
    one letter (标, 证, 人) are left out, as they sit inside the words of a problem (电梯年检标志未张贴)."""
    hits: list[tuple[int, int, str]] = []
    for label, words in lexicon.raw.get("labels", {}).items():
        for w in (w for w in words if len(w) >= 2):
            at = text.find(w)
            while at >= 0:
                hits.append((at, at + len(w), label))
                at = text.find(w, at + 1)
    kept = [h for h in hits if not any(o[0] <= h[0] and h[1] <= o[1] and o[1] - o[0] > h[1] - h[0] for o in hits)]
    return {label for _, _, label in kept}


def _held(words: str, schema: SchemaView, label: str, field: str) -> bool:
    """Whether some known value of the field holds the words (True when its values are not known)."""
    info = schema.labels[label].properties.get(field) if label in schema.labels else None
    values = [str(v).replace(" ", "") for v in (info.values or ())] if info is not None else []
    return not values or any(words.replace(" ", "") in v for v in values)


def problem_words(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """灭火器压力不足这个问题，检查记录里出现过几次 → 检查记录里问题描述包含灭火器压力不足的有几次; 检查时发现灭火器压力不足的，
    前后一共出现过几回 → 检查里问题描述包含灭火器压力不足的有几次 (lexicon problem_words.found)."""
    row = lexicon.raw.get("problem_words", {})
    nouns, verbs, asks = row.get("nouns", []), row.get("verbs", []), row.get("asks", [])
    if not nouns or not verbs or not asks:
        return text
    totals = alternation(row.get("totals", [])) or "(?!)"
    m = re.fullmatch(
        rf"(?P<w>[^{_STOPS}]{{2,20}}?)(?:这个|这种|这类|这一|这)(?:{alternation(nouns)})[{_STOPS}]*"
        rf"(?P<x>[^{_STOPS}]{{1,20}}?)(?:里面|里头|当中|之中|里|中|上|的时候|时候|时)?(?:{totals})*(?:{alternation(verbs)})(?:{alternation(asks)})[吗呢?？。]*",
        text,
    )
    if m is None and row.get("found"):  # 检查时发现灭火器压力不足的，前后一共出现过几回: found in the records, then counted
        totals = alternation(row.get("totals", [])) or "(?!)"
        m = re.fullmatch(
            rf"(?P<x>[^{_STOPS}没未不无]{{1,10}}?)(?:的时候|时候|时|里面|当中|中|里)?(?:{alternation(row['found'])})(?P<w>[^{_STOPS}的]{{2,20}}?)的?"
            rf"[{_STOPS}]*(?:{totals})*(?:有|{alternation(verbs)})?(?:{alternation(asks)})[吗呢呀啊?？。]*",
            text,
        )
    if m is None and row.get("checked"):  # 消防通道堆杂物这种情况被查到过几次: the inspection's own passive names the type
        totals = alternation(row.get("totals", [])) or "(?!)"
        m = re.fullmatch(
            rf"(?P<w>[^{_STOPS}]{{2,20}}?)(?:这个|这种|这类|这一|这)(?:{alternation(nouns)})[{_STOPS}]*(?:{totals})*"
            rf"(?:{alternation(row['checked'])})(?:{totals})*(?:{alternation(asks)})[吗呢呀啊?？。]*",
            text,
        )
        if m is not None and m.group("w") not in nouns and not _named_labels(m.group("w"), lexicon):
            label, field = str(row.get("checked_label", "")), next(iter(row.get("fields", [])), "")
            if field in (schema.labels[label].properties if label in schema.labels else {}) and _held(
                m.group("w"), schema, label, field
            ):
                return f"{label}里{field}包含{m.group('w')}的有几次"
        m = None
    if m is None or m.group("w") in nouns:  # 检查中发现问题的: no words of a problem said
        return text
    if any(n in m.group("w") for n in nouns) or re.search(r"[“”\"'「」『』]", m.group("w")):
        return text  # 发现“X”这个问题的: the words are quoted or named again; left to the other readings
    labels = _named_labels(m.group("x"), lexicon)
    if len(labels) != 1 or _named_labels(m.group("w"), lexicon):
        return text
    label = next(iter(labels))
    props = schema.labels[label].properties if label in schema.labels else {}
    fields = [f for f in row.get("fields", []) if f in props]
    if len(fields) != 1 or not _held(m.group("w"), schema, label, fields[0]):
        return text
    return f"{m.group('x')}里{fields[0]}包含{m.group('w')}的有几次"
