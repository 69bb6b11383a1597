"""「按<measure>排，前两名的项目」 is 「<measure>前两名的项目」: 按 … 排 only says what orders the ranking that
follows (前N / 第一 / 最高). Read word by word, 按<measure> is a grouping: the projects were grouped by their
own 合同金额 and counted — a confident list of amounts. Only a measure the lexicon knows (a field term, or a
word ending in one of its measure suffixes: 金额, 小时 …) directly followed by a top-N or a first place; the
order is the highest (排 with no 倒数 / 最低 / 最少, which are left as they were read). 从高到低 says that order
itself (按司龄从高到低，排前三的员工): the same ranking, with or without 排 after it. A total said before the
ranking with 后 (加总后排前两位) is the two steps in order: 后 is dropped, never read with 排 as one word."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon

_DOWN = r"(?:从高到低|从大到小|从多到少|从长到短|由高到低|由大到小|由多到少|降序)"
_SORT = r"(?:排序|排名|排个序|排一下|排)"
_TOP = r"(?P<top>前(?:[0-9]+|[一二两三四五六七八九十]+)(?:名|位|个)?|第一名?)"


@cache
def _pattern() -> re.Pattern[str] | None:
    raw = load_lexicon().raw
    suffixes = [w for w in raw.get("measure_suffixes", {}).get("words", []) if w]
    terms = load_lexicon().field_words()
    terms |= set(raw.get("additive_fields", []))
    if not suffixes and not terms:
        return None
    known = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    ends = "|".join(re.escape(s) for s in sorted(suffixes, key=len, reverse=True))
    measure = rf"(?:[\u4e00-\u9fff]{{0,6}}?(?:{ends})|{known})"
    return re.compile(
        rf"按(?:照)?(?P<m>{measure})(?:的)?(?:多少|高低|大小)?(?:来)?(?:{_DOWN}(?:{_SORT})?|{_SORT})(?:的话)?[，,]?\s*(?:排在|排|取)?{_TOP}"
    )


@cache
def _total_then() -> re.Pattern[str] | None:
    """在岗人数加总后排前两位: a sum word, then 后 / 以后 / 之后 before the ranking — the order of the two steps, never
    a word 后排 (back row) nor a time after something."""
    sums = [w for w in load_lexicon().raw.get("cues", {}).get("sum", []) if w]
    if not sums:
        return None
    alt = "|".join(map(re.escape, sorted(sums, key=len, reverse=True)))
    return re.compile(rf"(?P<s>{alt})(?:之后|以后|后)(?=[，,\s]*(?:再)?(?:排在|{_SORT}|位列|名列)?\s*{_TOP})")


def rank_by(text: str) -> str:
    """按采购金额排，前两名的项目 → 采购金额前两名的项目; 在岗人数加总后排前两位 → 在岗人数加总，排前两位."""
    then = _total_then()
    if then is not None:
        text = then.sub(lambda m: f"{m.group('s')}，", text)
    pat = _pattern()
    if pat is None or re.search(r"倒数|最低|最少|从低到高|升序", text):
        return text
    return pat.sub(lambda m: f"{m.group('m')}{m.group('top')}", text)
