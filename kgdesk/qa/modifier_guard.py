"""An ignored word that modifies the asked record type is a condition the plan dropped, never nothing.

The lexicon's neutral words change nothing where they are requests, deixis or particles (给我看看项目, 这些设备), or
where they restate a relation the plan already follows (持有证书的人, 配了设备的项目). Right before 的/了/过 and the
record type word — or a count of it (新签的项目, 新买了几台设备, 剩下的维保合同, 还在的员工) — a content word is
a condition the ledgers may not hold; answering with every record is a confident wrong number. This last look at a
finished plan finds such a word and refuses, naming it. Exempt are the words the lexicon lists as free in that
slot (neutral_words.slot_free: 登记的 / 在册的 / 这些 / 做了 / 园区类的 …), a restating verb (neutral_words.restating:
持有 → 证书, 签了 → 维保合同, 排了 → 排班) when the plan reaches the type it restates through a relation, a verb of
having between two record types the plan relates (neutral_words.restating_between: 项目拥有的设备), a word of a field
the plan's condition uses, its bracketed tail included (其他区的项目: 区 of 市（区）), and a modifier the question
explains in a bracket after the record word (空调那块的设备（暖通空调）).
"""

from __future__ import annotations

import re
from functools import lru_cache

from kgdesk.qa.dsl import QueryPlan
from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.understand.words import MEASURE_WORDS, covered_by

_GAP = 2
"""At most this many ignorable characters between the word and the slot."""
_COUNT = r"(?:几|多少|\d+|[一二两三四五六七八九十百]+)"


@lru_cache(maxsize=1)
def _slot() -> tuple[re.Pattern[str], dict[str, str], frozenset[str], dict[str, frozenset[str]], frozenset[str]]:
    """(the slot after a word, record word → label, slot-free words, label → restating verbs, words that may stand
    between the word and the slot: 新|买的设备, 还|在的员工), from the lexicon."""
    lx = load_lexicon()
    words = {normalize(w): label for label, ws in lx.labels.items() for w in [label, *ws]}
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    counters = "".join(sorted(MEASURE_WORDS))
    slot = re.compile(rf"(?:了|过|的)+(?:{_COUNT}[{counters}]?)?(?P<word>{alternatives})")
    neutral = lx.raw.get("neutral_words", {})
    free = frozenset(normalize(w) for w in neutral.get("slot_free", []))
    restating = {label: frozenset(map(normalize, ws)) for label, ws in neutral.get("restating", {}).items()}
    between = frozenset(normalize(w) for w in [*neutral.get("words", []), *lx.fillers] if w)
    return slot, words, free, restating, between


@lru_cache(maxsize=1)
def _field_words() -> frozenset[str]:
    return frozenset(normalize(t) for t, _label, _field in load_lexicon().field_terms())


@lru_cache(maxsize=1)
def _places() -> tuple[str, ...]:
    """Words that say where the records are, never what kind they are: the locative fillers (中/里/上) and the
    lexicon's ledger names and ledger nouns (考勤表 / 花名册 / 台账 / 清单 / 表) — 考勤表里从来没出现过的员工 names
    the ledger searched, not a kind of employee."""
    lx = load_lexicon()
    raw = lx.raw.get("ledger_names", {})
    words = [*lx.raw.get("locative_fillers", {}).get("words", []), "上", *raw.get("nouns", [])]
    words += [*raw.get("template_suffixes", []), *(w for ledger in raw.get("ledgers", []) for w in ledger["words"])]
    return tuple(dict.fromkeys(normalize(w) for w in words if w))


@lru_cache(maxsize=1)
def _read_elsewhere() -> tuple[frozenset[str], tuple[str, ...]]:
    """Ignored words another rule already read: a value's complement (value_suffixes: 报废掉的设备 = 报废的设备) and
    a restatement of a time the plan carries (restating_words: 这个月，也就是3月份的排班), from the lexicon."""
    raw = load_lexicon().raw
    suffixes = frozenset(normalize(w) for w in raw.get("value_suffixes", {}).get("words", []) if w)
    restating = tuple(normalize(w) for w in raw.get("restating_words", {}).get("words", []) if len(w) > 1)
    return suffixes, restating


@lru_cache(maxsize=1)
def _record_phrase_words() -> frozenset[str]:
    """Record words and the lexicon's fillers: 所有项目 (所有 + 项目) is a record phrase, a scope, never a kind."""
    lx = load_lexicon()
    return frozenset(normalize(w) for w in [*lx.fillers, *(w for label, ws in lx.labels.items() for w in [label, *ws])])


def _record_phrase(w: str, words: dict[str, str]) -> bool:
    """所有项目的项目编制: a record word with fillers around it names records (all of them), it does not modify them."""
    return any(r in w for r in words) and covered_by(w, _record_phrase_words())


@lru_cache(maxsize=1)
def _tie_words() -> frozenset[str]:
    return frozenset(normalize(w) for w in load_lexicon().raw.get("neutral_words", {}).get("restating_tied", []))


def _related(plan: QueryPlan) -> tuple[set[str], bool]:
    """The record types of the plan, and whether it ties its records to something (a hop, a second step, a
    condition: PQ01片区下属的项目); a word of a tie (restating_tied: 下属) restates nothing in a plan over every
    record of one type (下属的项目有几个)."""
    hops = [h.target for s in plan.steps for h in s.hops]
    tied = bool(hops) or len(plan.steps) > 1 or any(s.filters or s.time for s in plan.steps)
    return {*hops, *(s.entity for s in plan.steps)}, tied


@lru_cache(maxsize=1)
def _between_verbs() -> frozenset[str]:
    """拥有 / 有 / 配有 / 名下有: verbs of having that restate a relation between the two record words around them."""
    return frozenset(normalize(w) for w in load_lexicon().raw.get("neutral_words", {}).get("restating_between", []) if w)


def _relation_pairs(plan: QueryPlan) -> set[frozenset[str]]:
    """The pairs of record types the plan relates by a hop (项目 ← 配置 ← 设备)."""
    pairs: set[frozenset[str]] = set()
    for s in plan.steps:
        aliases = s.aliases()
        for h in s.hops:
            if not h.negate and (source := aliases.get(h.source)) is not None and source != h.target:
                pairs.add(frozenset({source, h.target}))
    return pairs


def _restates_between(qn: str, at: int, phrase: str, hit: re.Match[str], words: dict[str, str], plan: QueryPlan) -> bool:
    """哪个项目拥有的设备最多: a verb of having right after one record word and before another, the two record types
    related by the plan, restates that relation; 拥有的设备 alone, or types the plan does not relate, stay a condition."""
    if not covered_by(phrase, _between_verbs()):
        return False
    before = qn[:at].removesuffix("所")
    owners = {label for w, label in words.items() if before.endswith(w)}
    asked = words.get(hit.group("word"))
    return asked is not None and any(frozenset({o, asked}) in _relation_pairs(plan) for o in owners if o != asked)


def _condition_field_words(plan: QueryPlan) -> frozenset[str]:
    """The words of the fields the plan's conditions use, a bracketed field name split at its bracket: 市（区） gives
    市区 / 市 / 区 — 其他区的项目 names the field of 除了青浦区, no kind of project."""
    out: set[str] = set()
    for s in plan.steps:
        for f in s.filters:
            parts = [p for p in re.split(r"[（）()\s]+", f.field) if p]
            out.update(normalize(p) for p in [f.field, "".join(parts), *parts])
    return frozenset(w for w in out if w)


def _slot_after(qn: str, end: int, slot: re.Pattern[str], between: frozenset[str]) -> re.Match[str] | None:
    """The slot right after `end`, or after a few ignorable characters (新|买的设备)."""
    for gap in range(0, _GAP + 1):
        if gap and not covered_by(qn[end : end + gap], between):
            continue
        if (hit := slot.match(qn, end + gap)) is not None:
            return hit
    return None


def _inside_longer_word(qn: str, hit: re.Match[str]) -> bool:
    """担任过检查人的 / 所有项目的项目编制: the record word only starts a longer field or role word, no record slot."""
    start, end = hit.start("word"), hit.end("word")
    return any(len(f) > end - start and qn.startswith(f, start) for f in _field_words() | _role_words())


@lru_cache(maxsize=1)
def _role_words() -> frozenset[str]:
    """The relation words of the lexicon (检查人 / 负责人 / 维保单位)."""
    raw = load_lexicon().raw
    words = [*raw.get("role_relationships", []), *(t for r in raw.get("relations", []) for t in r.get("terms", []))]
    return frozenset(normalize(w) for w in words if w)


@lru_cache(maxsize=1)
def _place_run() -> str:
    """Place or ledger words that may stand between the record word and its bracket (项目里 / 项目台账中)."""
    return "(?:" + "|".join(map(re.escape, sorted(_places(), key=len, reverse=True))) + "){0,2}"


def _bracketed(text: str, word: str) -> bool:
    """空调那块的设备（暖通空调）: a bracket after the record word says what the modifier meant — right after it, or
    after a place or ledger word (在服务的项目里（服务状态=服务中） / 项目台账中（…）): a place names no kind."""
    return re.search(re.escape(word) + r"\s*" + _place_run() + r"\s*[（(]", text) is not None


def modifier_dropped(qn: str, ignored: list[str], plan: QueryPlan, text: str = "") -> str | None:
    """The ignored word standing in the modifier slot of a record type (新签 in 新签的项目), or None.
    `text` is the question as written (with its brackets), `qn` its normalised form."""
    slot, words, free, restating, between = _slot()
    labels, tied = _related(plan)
    places = _places()
    restated = frozenset().union(*(restating.get(label, frozenset()) for label in labels))
    kept = free | (restated if tied else restated - _tie_words())
    suffixes, restating_words = _read_elsewhere()
    condition_fields = _condition_field_words(plan)
    for said in dict.fromkeys(ignored):
        w = normalize(said)
        if w in suffixes or w.startswith(restating_words):
            continue  # 报废掉的设备 / 这个月，也就是3月份的: read by value_suffixes / time_restated
        if not w or w in words or w in _field_words() or covered_by(w, kept) or w.endswith(places) or _record_phrase(w, words):
            continue  # 所有项目的设备 / 报废状态的设备: a record or field word; 台账中的 / 考勤表: a place, not a kind
        if w in condition_fields:
            continue  # 除了青浦区以外，其他区的项目: 区 is the word of 市（区）, the field of the plan's condition
        for at in (m.start() for m in re.finditer(re.escape(w), qn)):
            hit = _slot_after(qn, at + len(w), slot, between)
            if hit is None or _bracketed(text, hit.group("word")) or _inside_longer_word(qn, hit):
                continue
            phrase = qn[at : hit.start()].rstrip("了过的")
            if covered_by(phrase, kept) or _restates_between(qn, at, phrase, hit, words, plan):
                continue
            return said  # 全|公司的员工 is 全公司的: the word and its gap read as one free word
    return None
