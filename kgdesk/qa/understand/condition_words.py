"""Ordinary words beside a stated condition that only restate it or say "at least one" (lexicon condition_words), put in
the words the rules read; anything else they could mean stays refused:

- an adjective restating a stated 入职 bound (2020年1月1日之前入职的老员工 / 2025年6月1日之后入职的新同事 / 今年入职的新员工):
  dropped only when the question's bound has the adjective's direction (老: before, 新: after or a time of joining said);
  早于A入职 / 晚于A入职 is A之前 / A之后入职. 新 is no neutral word otherwise (新员工有几个 is refused, never everyone);
- a concessive "at least once" (哪怕只有一次 / 哪怕一次也算 / 即使只有一回): the same as the 有 / 过 the question says, dropped —
  only with a single occurrence (一次 / 一回 / 一笔 …), so 哪怕只请过一天 (one day, not one occurrence) is left as it was;
- 排在 before a day compared (结束日期排在今天之后) is the 在 of that comparison;
- 完成 / 开展 before a record that only has the day it happened (2月3日至14日完成的检查, lexicon done) is 做;
- 还没到期 / 未到期 of a record type with an expiry field (维保合同: 结束日期, 证书: 有效期至) with today stated (今天是…) is
  "<field>还没到" (the field after today)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_DAY = r"(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}|今天"


@cache
def _row() -> dict[str, Any]:
    return dict(load_lexicon().raw.get("condition_words", {}))


def _restating(text: str, row: dict[str, Any]) -> str:
    verbs, nouns = row.get("restating_verbs", []), row.get("restating_nouns", [])
    if not verbs or not nouns:
        return text
    text = re.sub(rf"早于\s*(?P<d>{_DAY})\s*(?P<v>{alternation(verbs)})", r"\g<d>之前\g<v>", text)
    text = re.sub(rf"晚于\s*(?P<d>{_DAY})\s*(?P<v>{alternation(verbs)})", r"\g<d>之后\g<v>", text)
    said: set[str] = set()
    times = row.get("restating_times", {})
    for adj, bounds in row.get("restating", {}).items():
        if re.search(rf"(?:{_DAY}|\d{{4}}\s*年)\s*(?:{alternation(bounds)})\s*(?:{alternation(verbs)})", text):
            said.add(adj)
        when = [*times.get(adj, [])]
        if when and re.search(
            rf"(?:(?:{alternation(when)})[\u4e00-\u9fff\d]{{0,4}}?|\d{{4}}\s*年(?:\s*\d{{1,2}}\s*月)?(?:份)?)\s*(?:{alternation(verbs)})", text
        ):
            said.add(adj)  # 今年入职的新员工 / 2026年3月入职的新同事: the time of joining, said, is what 新 restates
    if len(said) != 1:
        return text  # no bound said, or both directions: the adjective is not read
    adj = said.pop()
    return re.sub(rf"(?<=的){re.escape(adj)}(?={alternation(nouns)})", "", text)


def _concessive(text: str, row: dict[str, Any]) -> str:
    words, once = row.get("concessive", []), row.get("once", [])
    if not words or not once:
        return text
    w, o = alternation(words), alternation(once)
    text = re.sub(rf"[，,]\s*(?:{w})\s*(?:有|是)?\s*(?:{o})\s*(?:也算|都算|也行)?\s*(?=[。？?！!]?$)", "", text)
    return re.sub(rf"(?:{w})\s*(?:有|是)?\s*(?:{o})[\u4e00-\u9fff]{{0,4}}?(?:也算|都算|也行)\s*[，,]\s*", "", text)


def _not_yet(text: str, row: dict[str, Any]) -> str:
    spec = row.get("not_yet", {})
    words, fields = spec.get("words", []), spec.get("fields", {})
    if not words or not re.search(r"今天(?:是|为)", text):
        return text
    m = re.search(rf"(?:{alternation(words)})的(?P<l>{alternation(list(fields))})", text)
    if m is None:
        return text
    return f"{text[: m.start()]}{fields[m.group('l')]}还没到的{m.group('l')}{text[m.end() :]}"


def condition_words(text: str) -> str:
    """2020年1月1日之前入职的老员工 → 2020年1月1日之前入职的员工; 加过班的人有几个，哪怕只有一次 → 加过班的人有几个."""
    row = _row()
    if not row:
        return text
    text = _not_yet(_concessive(_restating(text, row), row), row)
    done = row.get("done", {})
    if done.get("verbs") and done.get("records"):
        text = re.sub(rf"(?:{alternation(done['verbs'])})(?:了|过)?的(?=(?:{alternation(done['records'])}))", "做的", text)
    placed = row.get("placed", [])
    if placed:
        text = re.sub(rf"(?:{alternation(placed)})(?=\s*(?:{_DAY})\s*(?:之后|以后|之前|以前))", "在", text)
    return text
