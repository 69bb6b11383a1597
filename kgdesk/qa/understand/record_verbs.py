"""Verbs of keeping a record (供应商名录一共收录了多少家供应商 / 合同状况现在登记的是啥 / 考勤表上登了几个人 /
花名册中没有填当前服务项目编号的人有几个): the ledger's act of recording changes nothing — the verb with 了 or
着 right before a count (几 / 多少) reads as 有, the verb with 的 right before 是 is dropped, and 没(有) + the verb +
a field + 的 is that field being empty (…编号为空的). The words are data (lexicon record_verbs); elsewhere (录入一条,
登记日期) nothing changes. A stretch that is no field after 没填 is left for the rules to refuse.

Two more words of the same kind (lexicon record_verbs): 存在 in a question ending in 吗 reads as 有 (投标记录里存在
年份为2027的记录吗), and 前N大 is 前N (合同面积前三大的项目: ranked by the measure said before it)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon


@cache
def _rules() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    raw = load_lexicon().raw.get("record_verbs", {})
    verbs = "|".join(sorted((re.escape(w) for w in raw.get("verbs", [])), key=len, reverse=True)) or "(?!)"
    empty = "|".join(sorted((re.escape(w) for w in raw.get("empty_verbs", [])), key=len, reverse=True)) or "(?!)"
    counted = re.compile(rf"(?<![记登收])(?:{verbs})(?:了|着|进了|进去了|上了)(?:的)?(?=(?:一共|总共|共)?(?:几|多少))")
    said = "|".join(sorted((re.escape(w) for w in raw.get("verbs", []) if len(w) > 1), key=len, reverse=True))
    stated = re.compile(rf"(?<=[\u4e00-\u9fff])(?:{said or '(?!)'})(?:着)?的(?=是)")  # never 记录的是
    unfilled = re.compile(rf"(?:没有|没|未)(?:{empty})(?:上|过)?(?P<f>[\u4e00-\u9fffA-Za-z]{{2,12}}?)的")
    return counted, stated, unfilled


@cache
def _more_rules() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = load_lexicon().raw.get("record_verbs", {})
    exists = "|".join(re.escape(w) for w in raw.get("existence_verbs", [])) or "(?!)"
    size = "|".join(re.escape(w) for w in raw.get("top_size", [])) or "(?!)"
    said = re.compile(rf"(?<![是否不])(?:{exists})(?=[^，,。？?吗么嘛]{{1,24}}(?:吗|么|嘛)[?？。!！\s]*$)")
    top = re.compile(rf"(?<=前)(?P<n>\d{{1,2}}|[一二两三四五六七八九十]{{1,2}})(?:{size})(?=的)")
    return said, top


def record_verbs(text: str) -> str:
    counted, stated, unfilled = _rules()
    said, top = _more_rules()
    text = counted.sub("有", text)
    text = stated.sub("", text)
    text = said.sub("有", text)
    text = top.sub(lambda m: m.group("n"), text)
    return unfilled.sub(lambda m: f"{m.group('f')}为空的", text)
