"""A date field with "has it passed" words (结束日期已经过了 / 有效期至还没到 / 早于今天 / 在今天之后): a condition comparing that
date with today, the same derived day count the lexicon's 已过期 / 已到期 use, for any date field of
the schema. The words are data here, not one field's phrasing."""

from __future__ import annotations

import re
from typing import Any

from kgdesk.qa.dsl import Derived, Filter, Op, ValueSource
from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _needs_llm
from kgdesk.qa.understand.leftovers import labels_named

PASSED_WORDS: dict[str, tuple[Op, str]] = {
    "已经过了": (Op.LT, "早于今天"),
    "已经过去": (Op.LT, "早于今天"),
    "过去了": (Op.LT, "早于今天"),
    "已过": (Op.LT, "早于今天"),
    "过了": (Op.LT, "早于今天"),
    "已经到了": (Op.LTE, "不晚于今天"),
    "到了": (Op.LTE, "不晚于今天"),
    "还没到": (Op.GT, "晚于今天"),
    "没到": (Op.GT, "晚于今天"),
    "未到": (Op.GT, "晚于今天"),
    "还没过": (Op.GTE, "不早于今天"),
    "没过": (Op.GTE, "不早于今天"),
}
for _today in ("今天", "今日", "当天"):  # 有效期至早于今天 / 结束日期在今天之后: the same comparison in words
    for _said, _op, _words in (
        ("早于今天", Op.LT, ("早于{}", "在{}之前", "{}之前", "在{}以前", "{}以前")),
        ("晚于今天", Op.GT, ("晚于{}", "在{}之后", "{}之后", "在{}以后", "{}以后")),
        ("不早于今天", Op.GTE, ("不早于{}",)),
        ("不晚于今天", Op.LTE, ("不晚于{}",)),
    ):
        PASSED_WORDS.update({w.format(_today): (_op, _said) for w in _words})
"""Longest first when matched; the day count is days_between(today, field): below 0 = passed."""


def passed_word(qn: str, at: int) -> str:
    """The has-it-passed word starting at `at` ('' when none)."""
    return next((w for w in sorted(PASSED_WORDS, key=len, reverse=True) if qn.startswith(w, at)), "")


def day_count_name(field: str) -> str:
    return f"{field}距今天数"


def passed_date_conditions(it: Any, b: Any) -> None:
    """For each date field with a has-it-passed word (one mention, see claim_passed_words): a derived
    day count of that field on its record and a condition on it."""
    for m in it.p.lex("date_passed"):
        ds = m.sense("date_passed")
        label, field, word = str(ds.get("label")), str(ds.get("field")), str(ds.get("word"))
        stated = ds.get("date")  # 开始日期早于2026年1月1日: a stated day instead of today
        op, said = (Op(ds.get("op")), f"{ds.get('said')}{stated}") if stated else PASSED_WORDS[word]
        named = labels_named(it.p) | {
            v.label for x in it.p.mentions if x.kind == "cvalue" for v in (x.data or []) if hasattr(v, "label")
        }
        holders = sorted(lab for lab in named if it.ctx.schema.prop(lab, field) is not None)
        if label not in named and len(holders) == 1:
            label = holders[0]  # 结束日期已经过了的维保合同: the named record type's own 结束日期
        others = [lab for lab in holders if lab != label]
        if others:  # 合同结束日期已经过了: the 结束日期 of 项目 or of 维保合同 — not guessed
            raise _needs_llm(f"「{m.text}」的{field}可能是{label}的，也可能是{'、'.join(others)}的")
        alias = "n0" if label == b.entity else b.ensure(label)
        name = f"{field}距{stated}天数" if stated else day_count_name(field)
        since = f"'{stated}'" if stated else "today"
        if not any(d.name == name and d.node == alias for d in b.derived):
            b.derived.append(Derived(name=name, node=alias, expression=f"days_between({since}, {field})", unit="天"))
        b.filters.append(
            Filter(node=alias, field=name, op=op, value=0, value_source=ValueSource.DERIVED, text=m.text)
        )
        it.slots.append(("条件", f"{field}{said}"))
        if not stated:
            it.notes.append(f"口径：{m.text}指{field}{said}（按今天 {it.ctx.today.isoformat()} 判断）")
        it.use(m)


# 是 / 为 before it is a copula (有效期至是在2029年1月1日之后), never the start of a text value
_DAY = r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})[日号]"
_DAY_SAID = re.compile(
    rf"(?:是|为)?(?:已经|已|都)?(?:(?P<a>不早于|不晚于|早于|晚于){_DAY}|在?{_DAY.replace('?P<', '?P<b_')}(?P<b>之前|以前|之后|以后))"
)
_DAY_OPS = {"早于": Op.LT, "之前": Op.LT, "以前": Op.LT, "晚于": Op.GT, "之后": Op.GT, "以后": Op.GT}
_DAY_OPS.update({"不早于": Op.GTE, "不晚于": Op.LTE})


def _stated_day(hit: re.Match[str]) -> dict[str, Any]:
    """开始日期早于2026年1月1日 / 开始日期在2026年1月1日之前: the day and the comparison with it."""
    pre = "" if hit.group("a") else "b_"
    y, mo, d = (int(hit.group(pre + k)) for k in ("y", "m", "d"))
    word = hit.group("a") or hit.group("b")
    said = {Op.LT: "早于", Op.GT: "晚于", Op.GTE: "不早于", Op.LTE: "不晚于"}[_DAY_OPS[word]]
    return {"date": f"{y:04d}-{mo:02d}-{d:02d}", "op": _DAY_OPS[word].value, "said": said}


def _adverbs() -> list[str]:
    """Adverbs that may stand between the date field and its has-it-passed word (lexicon)."""
    return sorted(load_lexicon().raw.get("today_restated", {}).get("adverbs", []), key=len, reverse=True)


def _words_in(mentions: list[_M], s: int, e: int) -> list[_M]:
    return [x for x in mentions if x.s >= s and x.e <= e]


def claim_passed_words(p: Any, schema: Any) -> None:
    """结束日期|还|没|到: a date field mention and the has-it-passed word right after it (which the
    scanner cut into a negation and leftovers) become one mention, a condition rather than the field
    the question asks for."""
    for m in list(p.lex("field")):
        fs = m.sense("field")
        info = schema.prop(str(fs.get("label")), str(fs.get("field"))) if fs is not None else None
        gap = next((a for a in _adverbs() if p.qn.startswith(a, m.e) and passed_word(p.qn, m.e + len(a))), "")
        word = passed_word(p.qn, m.e + len(gap))  # 结束日期已经早于今天: an adverb before the word says nothing more
        day = _DAY_SAID.match(p.qn, m.e)
        if info is None or not info.is_date or not (word or day):
            continue
        end = day.end() if day is not None and not word else m.e + len(gap) + len(word)
        if any(x.s < end < x.e or x.s < m.e < x.e for x in p.mentions):
            continue
        for x in _words_in(p.mentions, m.e, end):
            p.mentions.remove(x)
        data: dict[str, Any] = {"label": fs.get("label"), "field": fs.get("field"), "word": word}
        if day is not None and not word:
            data.update(_stated_day(day))
        m.e, m.text, m.senses = end, p.qn[m.s : end], [Sense("date_passed", data, str(fs.get("field")))]
