"""A measure said with 总 inside it (采购总金额排名前3的项目 / 开票总金额最高的项目): <words>总<suffix> where <words><suffix>
is a field term of the lexicon (采购金额, 开票金额) is that field's total — read as 采购金额合计, the way the rules
already rank and bound a total. Only when the two halves make a field term and 总 is not already part of one
(总人数 stays); a share's whole (占采购总金额) is read by understand/whole_total first; a sum word right after
(采购总金额合计) is not said twice. A question about one record (总金额最高的那一笔 / 单笔采购总金额) keeps its words:
there 总金额 is the record's own amount, not a total over records. A sum word said where 总 stands (耗材采购累计金额 /
采购合计金额) is the same total."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _pattern() -> tuple[re.Pattern[str], frozenset[str], tuple[str, ...]] | None:
    lx = load_lexicon()
    suffixes = lx.raw.get("measure_suffixes", {}).get("words", [])
    if not suffixes:
        return None
    alt = alternation(suffixes)
    terms = frozenset(t for t, _label, _field in lx.field_terms())
    sums = tuple(lx.raw.get("cues", {}).get("sum", []))
    return re.compile(rf"(?P<x>[\u4e00-\u9fff]{{1,6}}?)(?P<t>总|累计|合计|汇总)(?P<f>{alt})"), terms, sums


_ONE_RECORD = re.compile(r"[那这哪单一每]一?[笔条次份张单]|单个")


def total_measure(text: str) -> str:
    """采购总金额排名前3的项目 → 采购金额合计排名前3的项目."""
    got = _pattern()
    if got is None or _ONE_RECORD.search(text):
        return text
    pat, terms, sums = got

    def repl(m: re.Match[str]) -> str:
        x, f = m.group("x"), m.group("f")
        head = next((x[i:] for i in range(len(x)) if x[i:] + f in terms), None)
        t = m.group("t")
        if head is None or x[-1:] + t + f in terms or t + f in terms or x[: len(x) - len(head)].endswith("占"):
            return m.group(0)
        said = text.startswith(sums, m.end())
        return f"{x}{f}" + ("" if said else "合计")

    return pat.sub(repl, text)
