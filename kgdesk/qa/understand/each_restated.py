"""各自 / 分别 after a grouping already said in the same clause (每种检查类型各自的最高得分 / 每个项目分别的合同金额 / 各片区各自有几个
项目): the word restates the grouping — one value per group is what 每种 / 每个 / 各 already ask — so it is dropped and
the grouping is read as said. Only after a grouping word of lexicon group_kept (每个 / 每种 / 各 …) followed by a word
(the group, no 和 / 与 joining two things: 每个项目开票和收款分别多少 keeps its 分别) in the same clause; 各自 after values listed (清洁耗材、工程耗材各自的金额) is not a restatement and stays
for the rules that split the values (understand/each_item)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_AGAIN = ("各自", "分别")


@cache
def _restated() -> re.Pattern[str]:
    words = [w for w in load_lexicon().raw.get("group_kept", {}).get("words", []) if w not in _AGAIN and w != "各"]
    group = "|".join(sorted(map(re.escape, words), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?P<head>(?:{group}|(?<![\u4e00-\u9fff])各)(?:(?![和与及跟同或])[\u4e00-\u9fff]){{1,8}}?)(?:{'|'.join(_AGAIN)})")


_DIFFERENT = re.compile(r"不同(?=(?:(?![和与及跟同或的])[\u4e00-\u9fff]){1,8}?(?:各自|分别))")
"""不同设备类型各自的原值平均 (judge 46 K10): 不同 X + 各自 / 分别 groups by X, as 每种 X does."""


def each_restated(text: str) -> str:
    """每种检查类型各自的最高得分 → 每种检查类型的最高得分 (的 kept when it follows; 各自有几台 → 有几台)."""
    text = _DIFFERENT.sub("每种", text)
    totals = load_lexicon().raw.get("each_total", {}).get("words", [])
    # 各项目开票金额分别总计多少: with a total word after it, 分别 is what keeps one total per group — never dropped
    return _restated().sub(lambda m: m.group(0) if any(w in text[m.end() :] for w in totals) else m.group("head"), text)
