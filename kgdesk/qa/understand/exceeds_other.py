"""「A的<measure>，超过B了吗」 where A and B are two groups of one record type (消防维保合同 / 电梯维保合同): a
comparison of the two groups' totals, the same question as 「A的<measure>比B多吗」, which the rules read. Said
with a comparison word before the second group, the scan otherwise glues the measure to the word (总金额超|过)
and cannot read it. Only when both sides end with the same record type of the lexicon (so B is a group of
A's kind, not a threshold or another measure) and the question ends by asking yes or no (了吗 / 没有);
the comparison words are the lexicon's gt / lt comparators (超过, 高于 / 低于, 少于 …). A measure the lexicon
gives to another record type (合同金额 is the 项目's) is left alone: 「A比B多」 would read it through a
relationship (the projects of the contracts), not as the groups' own amounts."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> re.Pattern[str] | None:
    raw = load_lexicon().raw
    comps = raw.get("comparators", {})
    types = [t for terms in raw.get("labels", {}).values() for t in terms if len(t) >= 2]
    if not comps.get("gt") or not comps.get("lt") or not types:
        return None
    return re.compile(
        rf"^(?P<a>[^\s，,？?。]{{1,12}}?(?P<t>{alternation(types)}))的(?P<m>[^\s，,？?。]{{1,8}}?)[，,]?\s*"
        rf"(?:是不是|是否|有没有)?(?P<c>{alternation(comps['gt'] + comps['lt'])})了?"
        rf"(?P<b>[^\s，,？?。]{{1,12}}?(?P=t))(?:的(?P=m))?(?:了吗|吗|了没有|没有|了没)\s*[？?]?\s*$"
    )


@cache
def _asked_pattern() -> re.Pattern[str] | None:
    """耗材采购的总金额有没有超过固定资产的总金额: the yes/no word (有没有 / 是否 / 是不是 / 超没超过) before the
    comparison word asks it already, so no 吗 is needed at the end; B is any two totals' other side that holds
    no digit (a number there is a threshold, read as one elsewhere)."""
    comps = load_lexicon().raw.get("comparators", {})
    if not comps.get("gt") or not comps.get("lt"):
        return None
    words = alternation(comps["gt"] + comps["lt"])
    return re.compile(
        rf"^(?P<a>[^\s，,？?。]{{1,16}}?)的(?P<m>总[^\s，,？?。的]{{1,6}}|[^\s，,？?。的]{{1,6}}?总额)[，,]?\s*"
        rf"(?:(?:有没有|是否|是不是)(?P<c>{words})|(?P<c2>超没超过|高没高于|多没多于|低没低于|少没少于))"
        rf"(?P<b>[^\s，,？?。\d]{{1,16}}?)(?:了吗|吗|了没有|没有|了没|呢)?\s*[？?]?\s*$"
    )


def _another_types(measure: str, said_type: str) -> bool:
    """True when the measure is a lexicon field term of a record type other than the one said."""
    raw = load_lexicon().raw
    labels = {k for k, terms in raw.get("labels", {}).items() if said_type in terms}
    owners = {str(f.get("label")) for f in raw.get("fields", []) if measure in f.get("terms", [])}
    return bool(owners - labels)


def exceeds_other(text: str) -> str:
    """消防维保合同的总金额，超过电梯维保合同了吗 → 消防维保合同的总金额比电梯维保合同多吗."""
    pat = _pattern()
    m = pat.match(text) if pat is not None else None
    if m is None:
        asked = _asked_pattern()
        a = asked.match(text) if asked is not None else None
        if a is None:
            return text
        lt = load_lexicon().raw.get("comparators", {}).get("lt", [])
        said = a.group("c") or a.group("c2")
        more = "少" if said in lt or said[:1] in ("低", "少") else "多"
        return f"{a.group('a')}的{a.group('m')}比{a.group('b')}{more}吗"
    if _another_types(m.group("m"), m.group("t")):
        return text
    lt = load_lexicon().raw.get("comparators", {}).get("lt", [])
    more = "少" if m.group("c") in lt else "多"
    return f"{m.group('a')}的{m.group('m')}比{m.group('b')}{more}吗"
