"""A numeric field named with a 数 / 额 suffix (judge 46 K3): 预算编制数 = 预算编制, 项目编制数 = 项目编制, 餐费额 = 餐费 — the
field itself, for every additive field of the lexicon whose synonym + suffix is no field word of its own (开票额, 人数
stay). And 合计是几 / 加起来是几 / 一共是几 ask the total as 多少 does."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _suffixed() -> re.Pattern[str] | None:
    lx = load_lexicon()
    terms = lx.field_terms()
    words = {t for t, _label, _field in terms}
    additive = lx.additive_fields
    said = [t for t, _label, f in terms if f in additive and len(t) >= 2 and t + "数" not in words and t + "额" not in words]
    if not said:
        return None
    return re.compile(rf"(?P<f>{alternation(said)})(?:数|额)(?![据量字值码])")


_HOW_MANY = re.compile(r"(?P<w>合计|加起来|合起来|一共|总共|总计)(?:是|有)?几(?P<e>[？?。]?)$")


def field_suffix(text: str) -> str:
    """XMSQ0102各岗位的预算编制数加起来是几 → XMSQ0102各岗位的预算编制加起来是多少."""
    pat = _suffixed()
    if pat is not None:
        text = pat.sub(lambda m: m["f"], text)
    return _HOW_MANY.sub(lambda m: f"{m['w']}是多少{m['e']}", text)
