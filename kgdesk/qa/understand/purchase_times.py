"""Suppliers counted by the purchases made from them (被采购过2次及以上的供应商 / 采购次数超过2次的供应商 / 耗材被采购过
至少3次的供应商): a condition on how many 采购记录 each supplier has — 采购 covers both kinds of purchase (耗材采购 and
固定资产) unless the question names one. Said with 次 and a verb, the words were grounded to another record (采购 is
also a 岗位大类) and the question refused; they are rewritten to the count of records the rules read (有2条及以上采购记录的
供应商 / 采购记录超过2条的供应商 / 有至少3条耗材采购记录的供应商). Only when a supplier word (lexicon labels 供应商) is
said right after the phrase (…的供应商) or right before it (哪些供应商被采购过…); anything else (供应商里被采购过两次的) is
left as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_N = r"(?P<n>\d+|[一二两三四五六七八九十])"
_CMP = r"(?P<cmp>至少|最少|超过|多于|大于|不少于|不低于|不止|达到|在|少于|不到|低于|不超过)?"
_TAIL = r"(?P<tail>及以上|或以上|以上|及以下|或以下|以下|以内)?"
_KIND = r"(?P<kind>耗材|固定资产)?"
_VERB = r"(?:采购|采买|购买|买)"
_PASSIVE = re.compile(rf"{_KIND}被{_VERB}(?:过|了)?{_CMP}{_N}次{_TAIL}")
_TIMES = re.compile(rf"{_KIND}{_VERB}(?:次数|过的次数|的次数)(?:是|为)?{_CMP}{_N}次{_TAIL}")
_N2 = r"(?P<n2>\d+|[一二两三四五六七八九十])"
_MORE = re.compile(rf"{_KIND}采购(?:过)?(?:(?P<cmp>超过|至少|不少于|多于|不止){_N}次{_TAIL}|{_N2}次(?P<tail2>及以上|或以上|以上))")


@cache
def _suppliers() -> re.Pattern[str] | None:
    words = load_lexicon().raw.get("labels", {}).get("供应商", [])
    return re.compile(alternation(words)) if words else None


def _records(kind: str | None) -> str:
    return {"耗材": "耗材采购记录", "固定资产": "固定资产采购记录"}.get(kind or "", "采购记录")


def purchase_times(text: str) -> str:
    """被采购过2次及以上的供应商 → 有2条及以上采购记录的供应商; 采购次数超过2次的供应商 → 采购记录超过2条的供应商."""
    pat = _suppliers()
    if pat is None or pat.search(text) is None:
        return text

    def passive(m: re.Match[str]) -> str:
        return f"有{m.group('cmp') or ''}{m.group('n')}条{m.group('tail') or ''}{_records(m.group('kind'))}"

    def times(m: re.Match[str]) -> str:
        g = m.groupdict()
        n, tail = g.get("n") or g.get("n2"), g.get("tail") or g.get("tail2") or ""
        return f"{_records(m.group('kind'))}{g.get('cmp') or ''}{n}条{tail}"

    def asked(pat: re.Pattern[str], repl: Callable[[re.Match[str]], str], text: str) -> str:
        """Only a phrase that says which suppliers (…的供应商 / 哪些供应商…): 供应商里…的有哪些 is left as it was."""
        m = pat.search(text)
        if m is None or not (near.match(text, m.end()) or who.search(text[: m.start()])):
            return text
        return text[: m.start()] + repl(m) + text[m.end() :]

    near = re.compile(rf"的?(?:{pat.pattern})")
    who = re.compile(rf"(?:哪些|哪几家|哪家|有哪些)(?:{pat.pattern})$")
    return asked(_MORE, times, asked(_TIMES, times, asked(_PASSIVE, passive, text)))
