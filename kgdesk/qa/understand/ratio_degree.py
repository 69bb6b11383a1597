"""「完好率有多高 / 续标占的比率有多大 / 全委的比例是多高」: 多高 / 多大 / 高不高 / 大不大 right after a ratio word
(比例 / 占比 / 比率 / 比重 / <x>率) asks the degree of that share — 是多少 — never a field. Read as a field, 多高 became
身高 and the answer was a false "not in the data". Only right after the ratio word (是 / 有 / 能有 between them);
多高 said of a person (员工有多高) stays as it was. 比率 is 比例 (no field of the data is named with it)."""

from __future__ import annotations

import re

_DEGREE = re.compile(r"(?P<r>比例|占比|比率|比重|率)(?:到底|大概|大约|究竟)?(?:是|有|能有|能)?(?:多高|多大|高不高|大不大|多少呢?)(?=$|[？?。！!，,呢啊呀])")


def ratio_degree(text: str) -> str:
    """设备的完好率有多高 → 设备的完好率是多少."""
    text = _DEGREE.sub(lambda m: f"{m.group('r')}是多少", text)
    return text.replace("比率", "比例")
