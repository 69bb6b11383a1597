"""是 / 为 right before a superlative in a which-question (哪个项目的年化合同额是最高的 / 哪台设备原值为最低): a copula, not an
equality with the word 最高 — the sentence says the same as 哪个项目的年化合同额最高. Dropped, so the superlative is read
as the ranking it is. The superlatives are the lexicon's max / min cues; a yes/no question (XMSQ0301的合同额是最高的吗)
is left as it is, since there 是 asks whether one named thing holds the top."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_WHICH = re.compile(r"哪|谁|什么")


@cache
def _copula() -> re.Pattern[str]:
    cues = load_lexicon().cues
    words = sorted({*cues.get("max", []), *cues.get("min", [])}, key=len, reverse=True)
    return re.compile(r"(?<=[\u4e00-\u9fffA-Za-z0-9])(?:是|为)(?=(?:" + "|".join(map(re.escape, words)) + "))")


def copula_before_extreme(text: str) -> str:
    """哪个项目的年化合同额是最高的 → 哪个项目的年化合同额最高的 (only when a which-word comes before the 是)."""
    m = _copula().search(text)
    if m is None or not _WHICH.search(text[: m.start()]):
        return text
    return text[: m.start()] + text[m.end() :]


@cache
def _what_record() -> tuple[re.Pattern[str], re.Pattern[str]]:
    lx = load_lexicon()
    cues = sorted({*lx.cues.get("max", []), *lx.cues.get("min", [])}, key=len, reverse=True)
    kinds = sorted(lx.raw.get("record_kind_words", {}).get("words", []), key=len, reverse=True)
    sup, kind = "|".join(map(re.escape, cues)), "|".join(map(re.escape, kinds))
    end = r"(?=\s*[?？。!！]*\s*$)"
    return (re.compile(rf"(?P<s>{sup})的(?P<k>{kind})(?:是什么|是啥|叫什么|叫啥){end}"),
            re.compile(rf"(?P<s>{sup})的是(?:什么|啥)(?P<k>{kind}){end}"))


def what_record_after_extreme(text: str) -> str:
    """单价最高的固定资产是什么 / 金额最小的是什么耗材采购 → …的固定资产是哪个: what record it is, the argmax / argmin with the
    measure beside it (as 是哪个 / 哪一笔), never the extreme number alone (lexicon record_kind_words)."""
    for pat in _what_record():
        text = pat.sub(lambda m: f"{m.group('s')}的{m.group('k')}是哪个", text)
    return text
