"""A person's service start or end in a month or year (3月份开始服务的人 / 今年开始服务的保洁员 / 2月份服务结束的人 /
上个月离开项目的人) is the person's own 服务起始年月 / 服务结束年月 (人员信息), never the project's 开始日期 or 服务状态 and
never an overlap of service periods: the verb is read as its field (服务起始年月在3月份的人). A project said with it
(开始在XMSQ0102服务的人) is left alone; so is a project subject (今年开始服务的项目)."""

from __future__ import annotations

import re

_TIME = (
    r"(?:\d{4}年)?(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?|\d{4}年(?:度)?|今年|去年|前年|明年"
    r"|这个月|本月|当月|上个月|上月|上上个月|下个月"
)
_PROJECT = r"项目(?!经理|副经理|负责人|主管|助理)"
"""A project subject (今年开始服务的项目), never a person's post that starts with 项目 (2025年开始服务的项目经理)."""
_START = r"(?:开始服务|服务开始|开始上岗|起始服务)"
_END = r"(?:结束服务|服务结束|离开项目|离开|撤离项目)"
_AT = re.compile(rf"(?P<t>{_TIME})(?P<v>开始|结束)在(?P<x>[A-Za-z0-9\u4e00-\u9fff_（）()-]{{2,24}}?)(?:服务|上岗|工作)的(?!项目)")
_AFTER = re.compile(rf"(?P<v>{_START}|{_END})(?:的时间|时间|日期)?(?:是|为)?在(?P<t>{_TIME})的")
_SAID = re.compile(rf"(?P<t>{_TIME})(?:里|内|中|期间)?(?:才|刚刚|刚|新)?(?P<v>{_START}|{_END})(?:了)?的(?!{_PROJECT}|合同|维保)")


def service_months(text: str) -> str:
    """3月份开始服务的人有几个 → 服务起始年月在3月份的人有几个; 2月份服务结束的人 / 服务结束在2月份的人 →
    服务结束年月在2月份的人."""
    at = _AT.search(text)
    if at is not None:  # 上个月开始在XMSQ0102服务的人 → XMSQ0102的服务起始年月在上个月的人
        field = "服务起始年月" if at.group("v") == "开始" else "服务结束年月"
        return text[: at.start()] + f"{at.group('x')}的{field}在{at.group('t')}的" + text[at.end() :]
    m = _SAID.search(text) or _AFTER.search(text)  # 服务结束在2026年2月的员工: the month after the verb
    if m is None:
        return text
    field = "服务起始年月" if re.fullmatch(_START, m.group("v")) else "服务结束年月"
    return text[: m.start()] + f"{field}在{m.group('t')}的" + text[m.end() :]
