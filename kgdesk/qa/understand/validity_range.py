"""A day range on a certificate's validity said with 有效期 (judge 46 K2): 「有效期在2026年6月1日到2026年9月30日之间 /
有效期为…至… / 有效期…~…」 is the range on 有效期至 (the date a certificate is valid to), which the rules read when the
field is named in full (有效期至在…到…之间). Only with two full dates (年月日) joined by 到 / 至 / ~ / － right after the
word, so 有效期还剩几天 or 有效期内 keep their own readings."""

from __future__ import annotations

import re

_DAY = r"\d{4}年\d{1,2}月\d{1,2}[日号]?"
_VALID = re.compile(rf"有效期(?!至)(?:在|为|是|处于|落在)?(?=\s*{_DAY}\s*(?:到|至|~|～|－|—|-)\s*{_DAY})")


_YEAR_DUE = re.compile(r"有效期(?:在|于)?(?P<y>\d{4}年)(?:内|之内|里|当中)?(?:到期|截止|届满)")
"""有效期在2026年内到期 (judge 47 X): the valid-to date lies in that year."""


def validity_range(text: str) -> str:
    """有效期在2026年6月1日到2026年9月30日之间的证书 → 有效期至在2026年6月1日到2026年9月30日之间的证书."""
    text = _YEAR_DUE.sub(lambda m: f"有效期至在{m['y']}", text)
    return _VALID.sub("有效期至在", text)
