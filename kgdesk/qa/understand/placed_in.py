"""Where a record stands said with a verb of placing (原值最高的那台设备放在哪个项目 / 这台电梯装在哪些项目里): the verb
only restates the record's own project, read as 在哪个项目. Only right before 哪个 / 哪些 / 什么 + 项目; 装在哪 without
项目 (the 安装位置) is left alone."""

from __future__ import annotations

import re

_PLACED = re.compile(r"(?:被)?(?:放在|放到|摆在|装在|安装在|安在|用在|配在|配置在)(?=(?:哪个|哪一个|哪些|哪|什么)项目)")


def placed_in(text: str) -> str:
    """放在哪个项目 → 在哪个项目."""
    return _PLACED.sub("在", text)
