"""One word read once: a word that grounded to a value of a field the question names (合同状况显示已到期 /
现在合同状况为已到期) is that stated value — the lexicon's derived date condition for the same word
(已到期 = 结束日期早于今天) is not added on top of it (a status that says 已到期 while the end date lies
ahead would drop out). The derived reading stays for when no such field is named."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from kgdesk.qa.dsl import Filter, Op, ValueSource
from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.alternation import alternation
from kgdesk.qa.understand.scan_rules import is_time_value

_OPS = "==|=|为|是|等于|写着|写的是|写为|填着|填的是|填为|标着|标的是|记着|记的是|填写的是|填写的|登记的是|登记为|填的|写的|记的"
_VALUE = r"(?P<v>(?:(?!同时)[^的或和与及且、，,()（）]){1,30}?)(?=的|$)"


@cache
def field_value() -> re.Pattern[str]:
    """字段为取值 / 年份写着2023 / 投标类型填的公开招标的 / 采购单状态还停在已到货的 (the lexicon's state_verbs say
    the field's value as 是 does); a value never spans 或 / 和 / 且 / 同时 (岗位是保安或保洁员 is two values,
    委托方式为全委且已结束 two conditions)."""
    states = load_lexicon().raw.get("state_verbs", {}).get("words", [])
    ops = "|".join([alternation(states), _OPS]) if states else _OPS
    return re.compile(rf"(?P<op>{ops}){_VALUE}")


_CODE = re.compile(r"(?P<op>)(?P<v>(?=[a-z]*\d)[a-z0-9]{4,30})(?![a-z0-9])")


def code_value(qn: str, at: int, fld: str) -> re.Match[str] | None:
    """出厂编号2019115515的设备 / 记录编号CG2026004的状态: a code (letters and digits, with a digit) written right after the
    name of a code field (lexicon code_fields.suffixes) is that field's value, as if 为 stood between them."""
    suffixes = tuple(load_lexicon().raw.get("code_fields", {}).get("suffixes", []))
    return _CODE.match(qn, at) if suffixes and fld.endswith(suffixes) else None


def stated_after(qn: str, at: int, fld: str) -> re.Match[str] | None:
    """The value stated for field `fld` whose name ends at `at`: after 为 / 是 / a state verb, or a code right after it."""
    return field_value().match(qn, at) or code_value(qn, at, fld)


QUESTION_WORDS = ("什么", "多少", "谁", "哪", "几", "啥", "怎", "如何", "否", "不是", "超过", "高于", "大于", "低于", "少于", "不到", "不足")


def read_as_stated_value(p: _Parsed, m: _M, filters: Iterable[Filter]) -> bool:
    """`m` already gave an equality on a field that the question names by its own word."""
    named = {str(s.get("field")) for x in p.mentions if x.kind == "lex" for s in x.senses if s.kind == "field"}
    return any(
        f.text == m.text
        and f.field in named
        and f.op in (Op.EQ, Op.IN)
        and f.value_source is not ValueSource.DERIVED
        for f in filters
    )


def inside_stated_value(qn: str, s: int, e: int, terms: Iterable[tuple[str, str, str]]) -> bool:
    """A name found only by likeness, picking no one record (上海三菱电梯有限公司 looks like the suppliers' 上海…有限公司) inside the
    value a question states for a field (制造厂商是上海三菱电梯有限公司) is that field's value, taken as written
    and checked against the data — never a choice among other records' names."""
    for term, _, _ in terms:
        i = qn.find(term)
        while i >= 0:
            fm = field_value().match(qn, i + len(term))
            if fm and fm.start("v") <= s and e <= fm.end("v") and not fm.group("v").startswith(QUESTION_WORDS):
                return True
            i = qn.find(term, i + 1)
    return False


_ENUM = "、"
"""The enumeration comma, which normalising drops: 服务状态为服务中、汇总业态为园区 reads as one value."""
_OPEN, _CLOSE, _CLAUSE = "(（[【", ")）]】", ",，;；。"
"""Clause marks normalising drops too: a value never runs past a bracket it did not open, nor past a comma."""


@cache
def _joiners() -> tuple[str, ...]:
    words = load_lexicon().raw.get("condition_joiners", {}).get("words", [])
    return tuple(sorted((normalize(w) for w in words if normalize(w)), key=len, reverse=True))


def value_end(qn: str, text: str, qmap: Sequence[int], vs: int, ve: int, terms: Iterable[tuple[str, str, str]]) -> int:
    """Where a stated value ends: at an enumeration comma of the question's own text when what follows
    it is a second condition — another field's name, whatever follows it (汇总业态为园区 / 项目名称包含中学 / 启用日期在…之前),
    or a joining word
    (却 / 又 / 并且, lexicon `condition_joiners`: 公建、却没有任何检查记录); a joining word right before another field's
    name ends it without the comma (包干制但服务状态已结束 / 停用可设备类型是消防). A list of values of one field
    (岗位为保洁员、保安) stays as it is. It also ends where the question's own text closes a clause the value
    does not open (在服务的项目里（服务状态=服务中），年化合同额最低: a bracket opened before the value, or a comma) —
    a value's own bracket (保安员（三级）) stays in it."""
    depth = 0
    for i in range(vs + 1, ve):
        between = text[qmap[i - 1] + 1 : qmap[i]]
        for ch in between:
            depth += 1 if ch in _OPEN else -1 if ch in _CLOSE else 0
        if depth < 0 or any(ch in _CLAUSE for ch in between):
            return i
        if any(qn.startswith(j, i) and _field_at(qn, i + len(j), terms) for j in _joiners()):
            return i  # 计费方式是包干制但服务状态已结束: a joining word and another field's name, no 、 needed
        if _ENUM not in text[qmap[i - 1] + 1 : qmap[i]]:
            continue
        if qn.startswith(_joiners(), i) or any(qn.startswith(t, i) and len(t) >= 2 for t, _, _ in terms):
            return i
    return ve


def _field_at(qn: str, at: int, terms: Iterable[tuple[str, str, str]]) -> bool:
    return any(qn.startswith(t, at) and len(t) >= 2 for t, _, _ in terms)


def claim_stated_values(
    p: _Parsed,
    text: str,
    qmap: Sequence[int],
    terms: Sequence[tuple[str, str, str]],
    free: Callable[[int, int], bool],
    claim: Callable[[_M], bool],
) -> None:
    """字段为取值 (证书名称为电工证 / 岗位是保安_领班 / 出厂编号2019115515): the field's name, the link word and the value,
    each claimed. A record's code found in the data right after a field's name (记录编号CG2026004) keeps its grounding; the
    name is claimed as that record type's field, so it labels the code (understand/key_labels) and is never read as a
    field of another type (a field several types share, such as 记录编号, is not guessed from the name alone)."""
    qn = p.qn
    for term, label, fld in terms:
        start = qn.find(term)
        while start >= 0:
            fm = stated_after(qn, start + len(term), fld)
            if fm is None or fm.group("v").startswith(QUESTION_WORDS) or is_time_value(fm.group("v")):
                start = qn.find(term, start + 1)
                continue
            vs, ve = fm.start("v"), fm.end("v")
            data = {"label": label, "field": fld}
            held = next((x for x in p.mentions if x.kind == "entity" and (x.s, x.e) == (vs, ve)), None)
            chosen = getattr(held.data, "chosen", None) if held is not None else None
            own = chosen is not None and chosen.entry.field == fld and not _inside_longer(qn, start, term, terms)
            if own and chosen is not None and free(start, vs):  # 记录编号CG2026004: the record's own code
                data = {"label": chosen.entry.label, "field": fld}
            elif free(start, ve):
                ve = value_end(qn, text, qmap, vs, ve, terms)
                claim(_M("field_value", vs, ve, text[qmap[vs] : qmap[ve - 1] + 1], data={**data, "value": text[qmap[vs] : qmap[ve - 1] + 1]}))
                _claim_joiner(qn, ve, claim)
            else:
                start = qn.find(term, start + 1)
                continue
            claim(_M("lex", start, start + len(term), term, senses=[Sense("field", data, fld)]))
            claim(_M("lex", fm.start(), vs, fm.group("op"), senses=[Sense("filler", {}, "")]))
            start = qn.find(term, start + 1)


def _claim_joiner(qn: str, at: int, claim: Callable[[_M], bool]) -> None:
    """完好状况是完好、可启用日期…: the joining word (可 / 但 / 而 = but) after the value that ended at 、 joins two
    conditions; it is said, never a value or a condition of its own."""
    j = next((w for w in _joiners() if qn.startswith(w, at)), None)
    if j is not None:
        claim(_M("lex", at, at + len(j), j, senses=[Sense("filler", {}, "")]))


def _inside_longer(qn: str, start: int, term: str, terms: Sequence[tuple[str, str, str]]) -> bool:
    """项目编号 inside 上级项目编号: a longer field name holds this occurrence, so it is not this field's name."""
    end = start + len(term)
    return any(
        len(t) > len(term) and (i := qn.rfind(t, 0, end + len(t))) >= 0 and i <= start and i + len(t) >= end
        for t, _label, _fld in terms
    )
