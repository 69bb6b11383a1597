"""从 before the party something came from (XMSQ0150 的采购都是从哪些供应商买的 / 从哪家供应商采购的金额最多): 从 …
买 / 采购 / 进货 names the party of the records (the supplier of the purchase records), not a missing thing. The
lexicon's source_verbs give the verbs, the party words and the records' word; the question is rewritten to the
plain form the rules read: 哪些供应商 for the records asked (XMSQ0150的采购记录都是哪些供应商), 哪家供应商的采购金额
for a measure of them. Anything else with 从 is left as it is."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_WHICH = r"(?P<q>哪些|哪几家|哪家|哪一家|哪个|哪几个)"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], str] | None:
    row = load_lexicon().raw.get("source_verbs", {})
    verbs, parties, records = row.get("verbs", []), row.get("parties", []), str(row.get("records", ""))
    if not verbs or not parties or not records:
        return None
    v = alternation(verbs)
    party = alternation(parties)
    measure = re.compile(rf"从{_WHICH}(?P<l>{party})(?:那里|那儿|那边)?(?:{v})(?:了|过)?的(?P<m>总?金额|钱)")
    listed = re.compile(rf"的?{re.escape(records[:2])}(?:{re.escape(records[2:])})?(?P<all>都|全|全都)?是?从{_WHICH}(?P<l>{party})(?:那里|那儿|那边)?(?:{v})(?:了|过)?的?(?=[？?。]?$)")
    return measure, listed, records


def source_verbs(text: str) -> str:
    """从哪家供应商采购的金额最多 → 哪家供应商的采购金额最多; X的采购都是从哪些供应商买的 → X的采购记录都是哪些供应商."""
    found = _patterns()
    if found is None or "从" not in text:
        return text
    measure, listed, records = found
    if (m := measure.search(text)) is not None:
        return f"{text[: m.start()]}{m.group('q')}{m.group('l')}的{records[:2]}{m.group('m')}{text[m.end() :]}"
    if (m := listed.search(text)) is not None:
        return f"{text[: m.start()].rstrip()}的{records}{m.group('all') or ''}是{m.group('q')}{m.group('l')}{text[m.end() :]}"
    return text
