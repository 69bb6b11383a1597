"""The whole ledger said as a place before a sum (judge 49 K3): 全表 / 整张表 / 整个表 before 合计 / 一共 / 总共 / 加起来
says no condition, and 这一列 / 这列 / 那一栏 after a field before them only points at the column — both dropped.
所有岗位 / 全部岗位 before a staffing field (在岗人数 / 预算编制 / 项目编制 / 标准工时人数) is every row of 岗位编制.
Only right before a summing word (a blank word after 这一栏 is understand/column_words)."""

from __future__ import annotations

import re

_SUM = r"(?=(?:的)?(?:一共|总共|合计|总计|加起来|加在一起|求和|汇总|有多少|是多少))"
_COLUMN = re.compile(r"(?:这|那)?一?(?:列|栏)(?=(?:全表|整张表|整个表|全部)?(?:的)?(?:一共|总共|合计|总计|加起来|加在一起))")
_TABLE = re.compile(r"(?:全表|整张表|整个表)(?:里|中|上)?" + _SUM)
_ALL_JOBS = re.compile(r"(?:所有|全部)(?:的)?岗位(?:的)?(?=在岗人数|预算编制|项目编制|标准工时人数)")


def whole_table(text: str) -> str:
    """项目编制这一列全表合计几个 → 项目编制合计几个; 所有岗位的在岗人数 → 岗位编制的在岗人数."""
    return _ALL_JOBS.sub("岗位编制的", _TABLE.sub("", _COLUMN.sub("", text)))
