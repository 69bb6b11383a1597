"""The deterministic planner: common question shapes → Query DSL, with no LLM.

Three phases, timed separately:
1. understand — scan the question: codes, exact entity names, time expressions, numbers with
   comparators, lexicon terms and graph values, longest match first. Every character must be
   explained by something (fillers included); unexplained words are kept as leftovers.
2. ground — leftovers are matched against the entity index (contains / similarity) and the
   graph's values; ambiguous names become choices for the user.
3. plan — decide the target entity, the question type and the answer contract, attach anchors,
   values, conditions and time to the entity or to relationship hops, and build the plan.

When something is not understood, the planner says so (clarify, or 需要语言模型 in offline mode)
instead of guessing: a wrong answer is worse than "I don't know".

Modules: this one holds the public `DeterministicPlanner` with phases 1 and 2 (scanning and
grounding); `plan_mentions` the mentions they produce; `interpreter` phase 3 (with its parts
`interpret_targets`, `interpret_values`, `interpret_output`, `interpret_analyses` on
`interpret_base`); `plan_builder` the step builder and anchors.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import time
import unicodedata
from typing import Any

from kgdesk.qa.extreme_guard import refuse_miscounted_share, refuse_uncarried_extreme
from kgdesk.qa.grounding import Grounding, resolve_exact, resolve_partial
from kgdesk.qa.interpret_values import _absent_legal_values
from kgdesk.qa.interpreter import _Interpreter
from kgdesk.qa.lexicon import Lexicon, Sense, load_lexicon, normalize, normalize_with_map
from kgdesk.qa.plan_mentions import _M, NEEDS_LLM_MESSAGE, _Parsed, _Stop
from kgdesk.qa.timeparse import Reference, TimeMention, TimeParser, reference_date
from kgdesk.qa.understand.absent_claim import checked_absence
from kgdesk.qa.understand.after_scan import after_scan
from kgdesk.qa.understand.asker import asker_opener
from kgdesk.qa.understand.basis_bracket import basis_checked, drop_basis_bracket
from kgdesk.qa.understand.bracket_number import drop_restating_numbers
from kgdesk.qa.understand.called_name import called_names, marked_names, no_one_called
from kgdesk.qa.understand.day_bounds import day_bounds
from kgdesk.qa.understand.day_terms import day_terms
from kgdesk.qa.understand.day_words import day_words
from kgdesk.qa.understand.early import early_rewrites
from kgdesk.qa.understand.future_modal import future_modal
from kgdesk.qa.understand.kind_and_type import kind_and_type
from kgdesk.qa.understand.ledger_names import split_at_ledger
from kgdesk.qa.understand.leftovers import measure_stems, settle_leftover, trim_neutral_tail
from kgdesk.qa.understand.names import ends_most_names, join_split_names, merge_with_value
from kgdesk.qa.understand.none_at_all import none_at_all
from kgdesk.qa.understand.owned_code import pick_by_named_owner
from kgdesk.qa.understand.restate import after_grounding
from kgdesk.qa.understand.role_verbs import role_verb_fillers, role_verb_senses, role_verb_values
from kgdesk.qa.understand.scan_rules import (
    as_of_only_today,
    clause_breaks,
    code_end,
    courtesy_clauses,
    drop_cues_cut_from_field_names,
    parentheticals,
    percent_words,
    pin_reference_date,
    to_number,
    yield_classifier_to_label,
)
from kgdesk.qa.understand.schema_rewrites import schema_rewrites
from kgdesk.qa.understand.share import share_reading, share_understanding
from kgdesk.qa.understand.shared_suffix import shared_suffix
from kgdesk.qa.understand.stated_value import claim_stated_values, inside_stated_value
from kgdesk.qa.understand.where_asked import where_at_end
from kgdesk.qa.understand.year_apart import month_lists, year_apart, year_glosses
from kgdesk.qa.understand.zero_words import zero_words
from kgdesk.qa.understanding import GroundingRecord, UnderstandContext, Understanding

_CODE = re.compile(r"[a-z]{1,8}\d{2,}[a-z0-9]*")
_NUMBER = r"(?P<num>\d+(?:\.\d+)?|[零一二两三四五六七八九十百千]+)"
_CONSECUTIVE = re.compile(r"连续(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3})个?月")
_TOP = re.compile(r"(?:前|top)(?P<n>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:名|个|位|家|条|项|笔|台|张|次)?")
_WHICH_N = re.compile(r"(?P<w>哪)(?P<n>\d{1,2}|[二两三四五六七八九十]{1,2})(?:个|名|位|家|条|项|台|张|种|类)")
"""哪三个项目…最高: which N."""
_TOP_AFTER_SUPERLATIVE = re.compile(
    r"(?<=最[多高大少低小长短贵早晚])的?(?P<n>\d{1,2}|[二两三四五六七八九十]{1,2})(?:个|名|位|家|条|项|台|张|种|类)"
)
"""最多的三个项目: N after a superlative is a top N too."""
_BOTTOM = re.compile(r"(?P<w>倒数|后)(?:前)?(?P<n>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:名|个|位|家|条|项)")
"""倒数三名 / 后三名: the lowest N."""


_SUFFIX_COMPARATORS = ("以上", "以下", "以内", "之内", "内", "及以上", "及以下", "或以上", "或以下", "起", "以后")
"""Comparators written after the number (10万以上); the others come before it (超过10万)."""


_COMPLEMENTS = "回来|过来|上来|下来|出来|进来|出去|进去|回|上|下|出|到"
"""A verb's direction or result (收回来多少款): dropped when a split verb and object are rejoined."""


_NEVER_ENDS_A_NAME = frozenset("的了吗呢呀啊吧是在有和与及跟都过")
"""Particles and verbs of the question a part of a name never ends on (消防设备|有几台)."""


def _cuts_digits(qn: str, s: int, e: int) -> bool:
    """A name never ends or starts inside a run of digits (张江科学城1|2026年: the year is a date)."""
    return (0 < e < len(qn) and qn[e - 1].isdigit() and qn[e].isdigit()) or (
        0 < s < len(qn) and qn[s - 1].isdigit() and qn[s].isdigit()
    )


class DeterministicPlanner:
    """An `Understander` made of rules and the lexicon; never calls a model."""

    name = "deterministic"

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self.lexicon = lexicon or load_lexicon()
        self._phrases = self.lexicon.phrases()
        self._field_cache: dict[str, list[tuple[str, str, str]]] = {}
        self._day_cache: dict[tuple[int, int], dict[str, list[dict[str, Any]]]] = {}
        self._phrase_list = sorted(self._phrases, key=len, reverse=True)
        neutral = self.lexicon.raw.get("neutral_words", {}).get("words", [])
        self._neutral = frozenset(normalize(w) for w in [*neutral, *self.lexicon.fillers] if w)
        talk = [*self.lexicon.raw.get("smalltalk", {}).get("greetings", []), *self.lexicon.raw.get("smalltalk", {}).get("feelings", [])]
        self._courtesy = frozenset(normalize(w) for w in [*talk, *self.lexicon.fillers] if w)
        self._intro = tuple(self.lexicon.raw.get("smalltalk", {}).get("self_intro", []))
        self._suffixes = frozenset(self.lexicon.raw.get("value_suffixes", {}).get("words", []))
        self._role_verbs = role_verb_senses(self.lexicon.raw.get("role_verbs", {}), self._phrases)
        label_words = {normalize(w): label for label, ws in self.lexicon.labels.items() for w in ws}
        self._settle = functools.partial(
            settle_leftover,
            units=self.lexicon.units,
            neutral=self._neutral,
            value_suffixes=self._suffixes,
            label_words=label_words,
            role_verbs=self._role_verbs,
        )
        self._stem_suffixes = tuple(self.lexicon.raw.get("measure_suffixes", {}).get("words", []))
        schema_kinds = {"label", "field", "cue", "filler", "rel", "derived", "condition", "analysis"}
        self._schema_terms = frozenset(
            t for t, senses in self._phrases.items() if any(x.kind in schema_kinds for x in senses)
        )
        comps = self.lexicon.comparators
        self._comp_prefix = {t: op for op, terms in comps.items() for t in terms if t not in _SUFFIX_COMPARATORS}
        self._comp_suffix = {t: op for op, terms in comps.items() for t in terms if t in _SUFFIX_COMPARATORS}
        units = sorted(self.lexicon.units, key=len, reverse=True)
        pre = "|".join(sorted(map(re.escape, self._comp_prefix), key=len, reverse=True))
        suf = "|".join(sorted(map(re.escape, self._comp_suffix), key=len, reverse=True))
        unit = "|".join(map(re.escape, units))
        self._num_re = re.compile(rf"(?P<pre>{pre})?{_NUMBER}(?P<unit>{unit})?(?P<suf>{suf})?")

    def _field_terms(self, ctx: UnderstandContext) -> list[tuple[str, str, str]]:
        """(normalised term, label, field) for lexicon synonyms and the schema's own field names."""
        cached = self._field_cache.get(ctx.schema.version)
        if cached is not None:
            return cached
        out_list = self._compute_field_terms(ctx)
        self._field_cache.clear()
        self._field_cache[ctx.schema.version] = out_list
        return out_list

    def _compute_field_terms(self, ctx: UnderstandContext) -> list[tuple[str, str, str]]:
        pref = self.lexicon.field_label_preference
        out: dict[str, tuple[str, str, str]] = {}
        for term, label, fld in self.lexicon.field_terms():
            out.setdefault(normalize(term), (normalize(term), label, fld))
        for label, info in ctx.schema.labels.items():
            for fld in info.properties:
                if fld.startswith("_") or (fld.endswith("日") and fld[:-1].isdigit()):
                    continue
                t = normalize(fld)
                if t not in out or pref.get(fld) == label:
                    out[t] = (t, label, fld)
        return sorted(out.values(), key=lambda x: -len(x[0]))

    def _day_terms(self, ctx: UnderstandContext) -> dict[str, list[dict[str, Any]]]:
        """Day-code words (understand/day_terms), cached per template set and lexicon."""
        key = (id(ctx.templates), id(self.lexicon))
        if key not in self._day_cache:
            self._day_cache.clear()
            self._day_cache[key] = day_terms(ctx.templates, self.lexicon.raw.get("day_code_terms", {}), self._phrases)
        return self._day_cache[key]

    def _starts_a_term(self, qn: str, m: re.Match[str], ctx: UnderstandContext) -> bool:
        """不是一线员工 / 合在一起: a Chinese numeral that begins a longer lexicon term or data value
        (一线员工), or lies inside a term that starts before it, is that word, never a number."""
        s, n = m.start("num"), m.end() - m.start("num")
        if m.group("num").isdigit():
            return False
        if any(qn.startswith(t, i) and i + len(t) >= m.end() for i in range(max(0, s - 3), s) for t in self._phrase_list):
            return True  # 合在一起: a numeral inside a longer term that starts before it
        return any(qn.startswith(t, s) and len(t) > n for t in self._phrase_list) or any(
            a == s and b - a > n for a, b, _v in ctx.values.scan(qn)
        )

    def _schema_words(self, text: str) -> bool:
        """Whether `text` is made up entirely of the lexicon's own schema words (labels, fields,
        cues, fillers…): a data name such as a 项目简称 「人员」 or 「一共有多少」 must never outrank
        the schema's words in a question (issue 13 item 4)."""
        words = self._schema_terms
        n = len(text)
        if n > 12:
            return False
        ok = [True] + [False] * n
        for i in range(1, n + 1):
            ok[i] = any(ok[j] and text[j:i] in words for j in range(max(0, i - 8), i))
        return ok[n]

    async def understand(self, question: str, ctx: UnderstandContext) -> Understanding:
        return self.understand_sync(question, ctx)

    def _join_separable_verbs(self, text: str) -> str:
        """加了多少小时班 → 加班了多少小时 / 开了多少票 → 开票了多少: a verb and its object split by a
        quantity (离合词) are put back together, the quantity after them (lexicon separable_verbs)."""
        for a, b in self.lexicon.raw.get("separable_verbs", {}).get("pairs", []):
            pat = re.compile(
                rf"{re.escape(a)}(?:{_COMPLEMENTS})?(?P<mid>(?:了|过)?(?:多少|几)[个块]?(?:小时|天|次|张|钱的|万的|元的|人的|钟头的?)?){re.escape(b)}"
            )
            text = pat.sub(rf"{a}{b}\g<mid>", text)
            text = re.sub(rf"{re.escape(a)}(?:{_COMPLEMENTS})?(过|了){re.escape(b)}", rf"{a}{b}\1", text)  # 收到过款 → 收款过
            text = re.sub(rf"{re.escape(a + b)}{re.escape(a)}(?=了|过)", a + b, text)  # 开票开了 → 开票了
        for word, said in self.lexicon.raw.get("rate_words", {}).get("words", {}).items():
            text = text.replace(word, said)  # 回款率 → 回款占开票的比例 (lexicon rate_words)
        return text

    def understand_sync(self, question: str, ctx: UnderstandContext) -> Understanding:
        t0 = time.perf_counter()
        said, question = question, drop_basis_bracket(question, ctx.schema, ctx.today)  # （按年月算）: checked after planning
        question, courtesy = courtesy_clauses(question, self._courtesy, self._intro)
        question, opener = asker_opener(year_apart(year_glosses(day_words(zero_words(day_bounds(question)), ctx.today.year), ctx.today.year)))  # 一分钱没收到 = 收款为0; （2026年）; 帮领导问一下; 今年（即2026年）
        courtesy.extend(opener)
        question = parentheticals(percent_words(self._join_separable_verbs(none_at_all(where_at_end(early_rewrites(question))))))
        ref = reference_date(unicodedata.normalize("NFKC", question).strip(), ctx.today)
        if ref is not None:
            # the question's own "today" (今天是… / 截至…) replaces the machine clock everywhere
            ctx = dataclasses.replace(ctx, today=ref.day)
        parsed = self._scan(shared_suffix(month_lists(schema_rewrites(question, ctx.schema, self.lexicon), ctx.today), ctx.index), ctx, ref)  # 中标率; 1、2两个月; 青浦或徐汇片区
        parsed.ignored.extend(courtesy)
        after_scan(parsed, ctx.schema, self.lexicon.unit_fields)
        t1 = time.perf_counter()
        ground_records = self._ground(parsed, ctx)
        after_grounding(parsed, ctx.schema)
        future_modal(parsed, ctx.today)  # 下个月会有多少人: the month is ahead, 会 only says so
        role_verb_values(parsed, ctx.schema, self._role_verbs)
        role_verb_fillers(parsed, ctx.schema, self._role_verbs)
        t2 = time.perf_counter()
        reading = share_reading(parsed)
        if reading is not None:  # 占比: the part and the whole planned alike, then divided
            und = refuse_miscounted_share(parsed, share_understanding(reading, lambda q: self._interpret(q, ctx, ground_records)), ctx.schema)
        else:
            und = refuse_uncarried_extreme(parsed, self._interpret(parsed, ctx, ground_records), ctx.schema, ctx.today)
        und = basis_checked(said, und, ctx.schema, ctx.today)  # （按年月算）: the time on that field, else refused
        und.ignored_words = list(parsed.ignored)
        if ref is not None and und.plan is not None:
            pin_reference_date(und, ref)
        t3 = time.perf_counter()
        und.timings.update(
            {"understand": (t1 - t0) * 1000, "ground": (t2 - t1) * 1000, "plan": (t3 - t2) * 1000}
        )
        return und

    def _interpret(self, parsed: _Parsed, ctx: UnderstandContext, records: list[GroundingRecord]) -> Understanding:
        try:
            drop_restating_numbers(parsed)  # 值班（24小时那种）: the bracket explains the term, no condition
            return _Interpreter(self.lexicon, ctx, parsed, records).run()
        except _Stop as raised:
            stop = checked_absence(raised, ctx.schema)  # 「金额合计」 is no missing field
            return Understanding(
                status=stop.status,
                message=no_one_called(stop.choices) or stop.message,  # 叫明辉: says no one is, first
                choices=stop.choices,
                groundings=records,
                reason=stop.reason,
                missing=stop.missing,
            )

    # ---------------------------------------------------------------- phase 1

    def _scan(self, question: str, ctx: UnderstandContext, ref: Reference | None = None) -> _Parsed:
        text = unicodedata.normalize("NFKC", question).strip()
        qn, qmap = normalize_with_map(text)
        p = _Parsed(question=question, text=text, qn=qn)
        taken = [False] * len(qn)

        def free(s: int, e: int) -> bool:
            return s < e and not any(taken[s:e])

        def claim(m: _M) -> bool:
            if not free(m.s, m.e):
                return False
            for i in range(m.s, m.e):
                taken[i] = True
            p.mentions.append(m)
            return True

        def to_norm(a: int, b: int) -> tuple[int, int]:
            s = next((i for i, j in enumerate(qmap) if j >= a), len(qmap))
            e = next((i for i, j in enumerate(qmap) if j >= b), len(qmap))
            return s, e

        if ref is not None:
            s, e = to_norm(*ref.span)
            if ref.as_of:
                mk = f"{ref.day.year:04d}-{ref.day.month:02d}"
                tm = TimeMention(mk, mk, ref.span, ref.text, relative=False, as_of=True)
                claim(_M("time", s, e, qn[s:e], data=tm))
            else:
                claim(_M("lex", s, e, qn[s:e], senses=[Sense("reference", {}, ref.day.isoformat())]))
        # codes (XMSQ0102, KWL2307024)
        for m in _CODE.finditer(qn):
            cs, ce = m.start(), code_end(qn, qmap, m.start(), m.end(), ctx.index.code)  # XMSQ0102 3月
            entries = ctx.index.code(qn[cs:ce])
            g = resolve_exact(qn[cs:ce], entries) if entries else Grounding(text=qn[cs:ce], label=None)
            claim(_M("entity" if entries else "unknown_code", cs, ce, qn[cs:ce], data=g))
        marked_names(qn, self.lexicon.name_markers, ctx, free, claim)  # 叫张三的 / 名为…: understand/called_name
        # names from the index, exact and parts (环境监测中心), longest first, before lexicon words split them
        hits = [(s, e, entries, True) for s, e, entries in ctx.index.scan(qn)]
        hits += [  # a part of a name never ends on a particle (消防设备|有几台)
            (s, e, entries, False)
            for s, e, entries in ctx.index.partial_scan(qn, lambda _a, _b: True)
            if qn[s:e] not in self._phrases and qn[e - 1] not in _NEVER_ENDS_A_NAME
            and not kind_and_type(qn[s:e], self.lexicon.labels, ctx.values.fields)  # 消防|设备: B2
        ]
        hits.sort(key=lambda h: (-(h[1] - h[0]), not h[3], h[0]))
        for s, e, entries, exact in hits:
            if not free(s, e) or self._schema_words(qn[s:e]) or _cuts_digits(qn, s, e):
                continue
            name = qn[s:e]
            chosen = ctx.choices.get(name) or []
            pick = [x for x in entries if x.key in chosen]
            if pick:
                g = resolve_exact(name, pick)
            elif exact:
                g = resolve_exact(name, entries)
            else:
                g = resolve_partial(name, entries)
            if exact or g.chosen is not None or not inside_stated_value(qn, s, e, self._field_terms(ctx)):
                claim(_M("entity" if (exact or g.chosen is not None) else "ambiguous", s, e, name, data=g))
        # phrases that contain time words but are not time (今年多少岁)
        for phrase, as_term in self.lexicon.priority_terms.items():
            t = normalize(phrase)
            start = qn.find(t)
            if start >= 0 and free(start, start + len(t)):
                senses = list(self._phrases.get(normalize(as_term), []))
                claim(_M("lex", start, start + len(t), t, senses=senses))
        # 字段为取值: 证书名称为电工证 / 岗位是保安_领班 / 出厂编号2019115515 (understand/stated_value)
        claim_stated_values(p, text, qmap, self._field_terms(ctx), free, claim)
        # 哪个月…最多: the month is the group asked for
        for word in ("哪一个月", "哪个月", "哪几个月", "哪月", "几月份"):
            start = qn.find(word)
            if start >= 0 and free(start, start + len(word)):
                claim(
                    _M(
                        "lex",
                        start,
                        start + len(word),
                        word,
                        senses=[Sense("cue", {"cue": "which"}, "which"), Sense("group_month", {}, word)],
                    )
                )
        # time
        tp = TimeParser(ctx.today, ctx.schema.months).parse(text)
        for tm in tp.mentions:
            s, e = to_norm(*tm.span)
            if free(s, e):
                claim(_M("time", s, e, qn[s:e], data=tm))
        as_of_only_today(p)
        for word in self.lexicon.raw.get("current_words", []):
            start = qn.find(word)
            if start >= 0 and free(start, start + len(word)):
                claim(_M("lex", start, start + len(word), word, senses=[Sense("current", {}, "current")]))
        if tp.current:
            s, e = to_norm(*tp.current)
            claim(_M("lex", s, e, qn[s:e], senses=[Sense("current", {}, "current")]))
        # 连续三个月
        for m in _CONSECUTIVE.finditer(qn):
            n = to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("consecutive", m.start(), m.end(), m.group(0), data=int(n)))
        # top N
        for m in _WHICH_N.finditer(qn):
            n = to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("lex", m.start(), m.end("w"), "哪", senses=[Sense("cue", {"cue": "which"}, "which")]))
                claim(_M("top", m.end("w"), m.end(), m.group(0)[1:], data=int(n)))
        for m in _BOTTOM.finditer(qn):
            n = to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("lex", m.start(), m.end("w"), m.group("w"), senses=[Sense("cue", {"cue": "min"}, "min")]))
                claim(_M("top", m.end("w"), m.end(), m.group(0)[len(m.group("w")) :], data=int(n)))
        for m in [*_TOP.finditer(qn), *_TOP_AFTER_SUPERLATIVE.finditer(qn)]:
            n = to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("top", m.start(), m.end(), m.group(0), data=int(n)))
        # numbers with comparators or units
        for m in self._num_re.finditer(qn):
            if not (m.group("pre") or m.group("suf") or m.group("unit")) or qn.startswith(("百分之", "百分比"), m.start("num")):
                continue
            if m.start() > 0 and qn[m.start() - 1] in "哪每" and m.group("num") == "一":
                continue  # 哪一个 / 每一家: a which-word or each, not one of something
            value = to_number(m.group("num"))
            if value is None or not free(m.start(), m.end()) or self._starts_a_term(qn, m, ctx):
                continue
            unit = m.group("unit")
            factor = float(self.lexicon.units.get(unit or "", {}).get("factor", 1))
            op = (
                self._comp_prefix.get(m.group("pre") or "")
                or self._comp_suffix.get(m.group("suf") or "")
                or "eq"
            )
            if op == "ne" and qn[m.start() - 1 : m.start()] == "是":
                continue  # 是不是3个: a yes/no question about the number, not a condition
            claim(
                _M(
                    "num",
                    m.start(),
                    m.end(),
                    m.group(0),
                    data={"op": op, "value": value * factor, "unit": unit},
                )
            )
        # 叫什么名字 / 全称: the named entity's standard name (not inside a longer term: 证书名称, 设备名称)
        for word in sorted(map(normalize, self.lexicon.raw.get("display_words", [])), key=len, reverse=True):
            start = qn.find(word)
            if start < 0 or not free(start, start + len(word)):
                continue
            inside = any(  # 证书名称 / 岗位名称|是什么: a field's name taking the word's start
                ((len(t) > len(word) and word in t) or any(s.kind == "field" for s in self._phrases[t]))
                and 0 <= qn.find(t) <= start < qn.find(t) + len(t)
                for t in self._phrase_list
            )
            if not inside:
                claim(_M("lex", start, start + len(word), word, senses=[Sense("display", {}, word)]))
        # lexicon terms and graph values, longest first
        spans: dict[tuple[int, int], _M] = {}
        brk = clause_breaks(text, qmap)
        for term in self._phrase_list:
            start = qn.find(term)
            while start >= 0:
                key = (start, start + len(term))
                if not any(key[0] < i < key[1] for i in brk):
                    spans.setdefault(key, _M("lex", key[0], key[1], term, senses=list(self._phrases[term])))
                start = qn.find(term, start + 1)
        for term, label, fld in self._field_terms(ctx):  # 合同状况: a property's own name outranks 状况 inside it
            start = qn.find(term)
            inner = [x for k, x in spans.items() if start <= k[0] and k[1] <= start + len(term) and k != (start, start + len(term))]
            other = any(s.kind == "field" and s.get("label") != label for x in inner for s in x.senses)  # 状况 of 设备
            if len(term) >= 3 and term == normalize(fld) and start >= 0 and other and not any(k[0] <= start and start + len(term) <= k[1] for k in spans):
                spans.setdefault((start, start + len(term)), _M("lex", start, start + len(term), term, [Sense("field", {"label": label, "field": fld}, fld)]))
        for stem, senses in measure_stems(ctx.schema, self._stem_suffixes).items():
            start = qn.find(stem)
            if start >= 0 and not qn.startswith(senses[0].name, start):
                spans.setdefault((start, start + len(stem)), _M("lex", start, start + len(stem), stem, senses))
        for s, e, vals in ctx.values.scan(qn):
            m2 = spans.setdefault((s, e), _M("lex", s, e, qn[s:e]))
            m2.senses.append(Sense("svalue", {"values": vals}, qn[s:e]))
        # legal values of the templates' dictionaries that no record holds (停用 when nothing is):
        # a filter that matches nothing, not an unknown word
        for norm, vals in _absent_legal_values(ctx).items():
            start = qn.find(norm)
            while start >= 0:
                key = (start, start + len(norm))
                if key not in spans:
                    spans[key] = _M(
                        "lex",
                        key[0],
                        key[1],
                        norm,
                        senses=[Sense("svalue", {"values": vals, "legal_only": True}, norm)],
                    )
                start = qn.find(norm, start + 1)
        # what a day code means (病假, 夜班) or a group of them (请假): days counted per record
        for norm, rows in self._day_terms(ctx).items():
            start = qn.find(norm)
            while start >= 0:
                key = (start, start + len(norm))
                if key not in spans:
                    spans[key] = _M(
                        "lex", key[0], key[1], norm, senses=[Sense("derived", r, r["name"]) for r in rows]
                    )
                start = qn.find(norm, start + 1)
        yield_classifier_to_label(spans)
        drop_cues_cut_from_field_names(spans, qn, {normalize(f) for i in ctx.schema.labels.values() for f in i.properties}, free)
        for m2 in sorted(spans.values(), key=lambda x: (-(x.e - x.s), x.s)):
            claim(m2)
        # A比B高(多少): a one-character comparative after 比 (never a cue elsewhere: 王小明, 大厦)
        than = next((i for i in (qn.find(w) for w in ("比", "哪个", "哪一个", "哪种", "哪类", "谁")) if i >= 0), -1)
        if than >= 0 and not any(x.kind != "lex" and x.s <= than < x.e for x in p.mentions):
            comps = self.lexicon.raw.get("comparatives", {})
            found = ""
            for i in range(than + 1, len(qn)):
                kind = next((k for k in ("more", "less") if qn[i] in comps.get(k, [])), None)
                after = qn[i + 1] if i + 1 < len(qn) else ""
                if kind is None or not free(i, i + 1) or (found and qn[i] != found):
                    continue
                if not after or after in "多几吗呢了出些的,，?？" or after == qn[i] or qn[i + 1 : i + 3] in ("一些", "一点"):
                    # 哪个面积大，大多少: the comparative said twice is one comparison
                    claim(_M("lex", i, i + 1, qn[i], senses=[Sense("cue", {"cue": kind}, kind)]))
                    found = qn[i]
        # leftovers
        i = 0
        while i < len(qn):
            if taken[i]:
                i += 1
                continue
            j = i
            while j < len(qn) and not taken[j]:
                j += 1
            claim(_M("leftover", i, j, qn[i:j]))
            i = j
        p.mentions.sort(key=lambda x: x.s)
        return p

    # ---------------------------------------------------------------- phase 2

    def _ground(self, p: _Parsed, ctx: UnderstandContext) -> list[GroundingRecord]:
        join_split_names(p, ctx)
        split_at_ledger(p)  # 项目片区关系里挂了: the name's tail and the verb after it are read apart
        called_names(p, ctx)  # 有叫明辉的人吗: the name itself, else a choice of the names containing it
        records: list[GroundingRecord] = []
        for m in list(p.mentions):
            if m.kind != "leftover":
                continue
            if self._settle(p, m, ctx.schema):
                continue
            nxt = p.next_after(m, skip_fillers=False)
            hint = None
            if nxt is not None and nxt.kind == "lex":
                ls = nxt.sense("label")
                hint = ls.get("label") if ls else None
            chosen = ctx.choices.get(m.text)
            if chosen:
                entries = [
                    e for e in ctx.index.entries if e.key in chosen and (hint is None or e.label == hint)
                ]
                if entries:
                    g = resolve_exact(m.text, entries)
                    if len({e.key for e in entries}) > 1:
                        g.chosen = None
                        g.candidates = []
                        g.note = "multi"
                        m.data = {"keys": chosen, "entries": entries}
                        m.kind = "entity_multi"
                        continue
                    m.kind, m.data = "entity", g
                    continue
                vals = [v for v in chosen]
                m.kind, m.data = "chosen_values", vals
                continue
            if len(m.text) >= 2 and not m.text.isdigit():
                trim_neutral_tail(p, m, self._neutral, ctx.index.by_norm)  # 川沙医院|那边
                g = ctx.index.ground(m.text, hint, ctx.embedder)
                if g.chosen is None and hint is not None and not g.candidates and not (
                    nxt is not None and ends_most_names(ctx, hint, nxt.text)  # 静安片区: no region, no 陈静
                ):
                    g2 = ctx.index.ground(m.text, None, ctx.embedder)
                    g = g2 if g2.candidates else g
                if g.chosen is not None:
                    m.kind, m.data = "entity", g
                    continue
                merged = merge_with_value(p, m, ctx)
                if merged:
                    continue
                vm = ctx.values.containing(m.text)
                if vm and not g.candidates:
                    m.kind, m.data = "cvalue", vm
                    continue
                if g.candidates:
                    m.kind, m.data = "ambiguous", g
                    continue
        pick_by_named_owner(p)  # XMSQ0150 的 DT-001: the named project picks the record
        for m in p.mentions:
            if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
                c = m.data.chosen
                records.append(
                    GroundingRecord(
                        m.text, c.entry.label, c.entry.key, c.entry.display, c.confidence, c.method
                    )
                )
        return records


__all__ = ["NEEDS_LLM_MESSAGE", "DeterministicPlanner"]
