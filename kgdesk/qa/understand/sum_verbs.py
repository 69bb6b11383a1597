"""A sum asked with a verb (judge 49 K2): 求和 / 求个和 / 求一下和 / 加个总 / 加一下总 / 合计一下 / 汇总一下 /
汇总成一个数 after a numeric field is the sum of that field over the scope said — read as 合计是多少. 个 / 一下 are
fillers between the verb and its object, and 给我 / 帮我 before the verb only address the reader. 加总 alone and
汇总 followed by anything else (汇总业态) keep their readings."""

from __future__ import annotations

import re

_SUM_VERB = re.compile(
    r"(?:给我|帮我|麻烦)?(?:求(?:个|一下|一个)?和|加(?:个|一下|一个)总|合计一下|汇总一下|加总一下"
    r"|(?:汇总|加|合|算|并)成(?:一个|1个)(?:总)?数)"
    r"(?:(?:一共|总共)?(?:是|有|得)?多少(?:钱|元)?)?"
)


def sum_verbs(text: str) -> str:
    """所有维保合同的金额求一下和 → 所有维保合同的金额合计是多少."""
    return _SUM_VERB.sub("合计是多少", text)
