"""单位 / 公司 as the noun of an organisation asked, not a counter (XMSQ0150的甲方是哪家单位 / 供应商是什么公司): after a
field that holds an organisation's name (lexicon org_asked.fields: 甲方, 供应商名称, 维保单位, 制造厂商 …), 哪家单位 /
什么公司 / 哪个机构 asks that field's value, the way 哪家 alone already does — the noun is dropped, so it is never read as
"per unit" (每个单位) or as a record type. After any other word the text is left as said."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    row = load_lexicon().raw.get("org_asked")
    if not row:
        return None
    fields = alternation(sorted(row["fields"], key=len, reverse=True))
    return re.compile(
        rf"(?P<f>(?:{fields})(?:的)?(?:是|为|属于)?)(?P<q>{alternation(row['asks'])})(?:{alternation(row['nouns'])})"
    )


def org_asked(text: str) -> str:
    """XMSQ0150的甲方是哪家单位 → XMSQ0150的甲方是哪家."""
    pat = _pattern()
    return pat.sub(lambda m: m.group("f") + "哪家", text) if pat is not None else text
