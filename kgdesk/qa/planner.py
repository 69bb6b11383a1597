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
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kgdesk.qa.dsl import (
    AggFn,
    Aggregate,
    Combine,
    Derived,
    ExplainTarget,
    FieldRef,
    Filter,
    Hop,
    Op,
    QueryPlan,
    QueryType,
    Sort,
    Step,
    TimeFilter,
    ValueSource,
)
from kgdesk.qa.grounding import Grounding, ValueMatch, resolve_exact, resolve_partial
from kgdesk.qa.lexicon import Lexicon, Sense, load_lexicon, normalize, normalize_with_map
from kgdesk.qa.timeparse import TimeMention, TimeParser, add_months, check_coverage, cn_number, month_list
from kgdesk.qa.understanding import (
    ChoiceRequest,
    GroundingRecord,
    Option,
    UnderstandContext,
    Understanding,
    UnderstandingStatus,
)

NEEDS_LLM_MESSAGE = "需要语言模型"
MAX_SET_STEPS = 12


class _Stop(Exception):
    """Stop planning with an understanding that is not a plan (clarify / needs LLM / insufficient)."""

    def __init__(
        self, status: UnderstandingStatus, message: str, choices: list[ChoiceRequest] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.choices = choices or []


def _needs_llm(reason: str) -> _Stop:
    return _Stop(UnderstandingStatus.NEEDS_LLM, reason)


# ====================================================================== scanning


@dataclass
class _M:
    """One understood piece of the question, in normalised coordinates [s, e)."""

    kind: str
    s: int
    e: int
    text: str
    senses: list[Sense] = field(default_factory=list)
    data: Any = None

    def has(self, kind: str) -> bool:
        return any(x.kind == kind for x in self.senses)

    def sense(self, kind: str) -> Sense | None:
        return next((x for x in self.senses if x.kind == kind), None)


@dataclass
class _Parsed:
    question: str
    text: str
    qn: str
    mentions: list[_M] = field(default_factory=list)

    def of(self, kind: str) -> list[_M]:
        return [m for m in self.mentions if m.kind == kind]

    def lex(self, sense_kind: str) -> list[_M]:
        return [m for m in self.mentions if m.kind == "lex" and m.has(sense_kind)]

    def cue(self, name: str) -> list[_M]:
        return [
            m
            for m in self.mentions
            if m.kind == "lex" and any(s.kind == "cue" and s.name == name for s in m.senses)
        ]

    def next_after(self, m: _M, skip_fillers: bool = True) -> _M | None:
        for x in sorted(self.mentions, key=lambda x: x.s):
            if x.s >= m.e:
                if skip_fillers and x.kind == "lex" and all(s.kind == "filler" for s in x.senses):
                    continue
                return x
        return None

    def prev_before(self, m: _M, skip_fillers: bool = True) -> _M | None:
        best = None
        for x in sorted(self.mentions, key=lambda x: x.s):
            if x.e <= m.s:
                if skip_fillers and x.kind == "lex" and all(s.kind == "filler" for s in x.senses):
                    continue
                best = x
        return best


_CODE = re.compile(r"[a-z]{1,8}\d{2,}[a-z0-9]*")
_NUMBER = r"(?P<num>\d+(?:\.\d+)?|[零一二两三四五六七八九十百]+)"
_FIELD_VALUE = re.compile(r"(?P<op>为|是|等于)(?P<v>[^的]{1,30}?)(?=的|$)")
_QUESTION_WORDS = ("什么", "多少", "谁", "哪", "几", "啥", "怎", "如何", "否")
_CONJUNCTIONS = frozenset("和与及或跟同")
_NAME_BREAKS = _CONJUNCTIONS | {"的"}
"""One-character fillers that separate names (外滩和陆家嘴, 张三的李四) rather than sit inside one."""
_CONSECUTIVE = re.compile(r"连续(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3})个?月")
_TOP = re.compile(r"前(?P<n>\d{1,3}|[一二两三四五六七八九十]{1,3})(?:名|个|位|家|条|项)?")


def _to_number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        pass
    if "百" in text:
        head, _, tail = text.partition("百")
        h = cn_number(head) if head else 1
        t = cn_number(tail) if tail else 0
        if h is None or t is None:
            return None
        return float(h * 100 + t)
    n = cn_number(text)
    return float(n) if n is not None else None


class DeterministicPlanner:
    """An `Understander` made of rules and the lexicon; never calls a model."""

    name = "deterministic"

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self.lexicon = lexicon or load_lexicon()
        self._phrases = self.lexicon.phrases()
        self._field_cache: dict[str, list[tuple[str, str, str]]] = {}
        self._phrase_list = sorted(self._phrases, key=len, reverse=True)
        comps = self.lexicon.comparators
        self._comp_prefix = {
            t: op
            for op, terms in comps.items()
            for t in terms
            if t
            not in (
                "以上",
                "以下",
                "以内",
                "之内",
                "内",
                "及以上",
                "及以下",
                "或以上",
                "或以下",
                "起",
                "以后",
            )
        }
        self._comp_suffix = {
            t: op
            for op, terms in comps.items()
            for t in terms
            if t
            in ("以上", "以下", "以内", "之内", "内", "及以上", "及以下", "或以上", "或以下", "起", "以后")
        }
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

    async def understand(self, question: str, ctx: UnderstandContext) -> Understanding:
        return self.understand_sync(question, ctx)

    def understand_sync(self, question: str, ctx: UnderstandContext) -> Understanding:
        t0 = time.perf_counter()
        parsed = self._scan(question, ctx)
        t1 = time.perf_counter()
        ground_records = self._ground(parsed, ctx)
        t2 = time.perf_counter()
        try:
            und = _Interpreter(self.lexicon, ctx, parsed, ground_records).run()
        except _Stop as stop:
            und = Understanding(
                status=stop.status, message=stop.message, choices=stop.choices, groundings=ground_records
            )
        t3 = time.perf_counter()
        und.timings.update(
            {"understand": (t1 - t0) * 1000, "ground": (t2 - t1) * 1000, "plan": (t3 - t2) * 1000}
        )
        return und

    # ---------------------------------------------------------------- phase 1

    def _scan(self, question: str, ctx: UnderstandContext) -> _Parsed:
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

        # codes (XMSQ0102, KWL2307024)
        for m in _CODE.finditer(qn):
            entries = ctx.index.code(m.group(0))
            g = resolve_exact(m.group(0), entries) if entries else Grounding(text=m.group(0), label=None)
            claim(_M("entity" if entries else "unknown_code", m.start(), m.end(), m.group(0), data=g))
        # explicit names: 叫张三的 / 名为…
        for marker in sorted(self.lexicon.name_markers, key=len, reverse=True):
            start = qn.find(marker)
            while start >= 0:
                ns = start + len(marker)
                ne = qn.find("的", ns)
                ne = len(qn) if ne < 0 else ne
                name = qn[ns:ne]
                if 1 <= len(name) <= 30 and free(start, ne):
                    claim(_M("lex", start, ns, marker, senses=[Sense("name_marker", {}, marker)]))
                    entries = [
                        e for e in ctx.index.by_norm.get(name, []) if e.role in ("name", "key", "code")
                    ]
                    if entries:
                        claim(_M("entity", ns, ne, name, data=resolve_exact(name, entries)))
                    else:
                        claim(_M("name", ns, ne, name))
                start = qn.find(marker, start + 1)
        # names from the entity index: exact names and parts of names (环境监测中心 → 徐汇-环境监测中心),
        # longest first, before lexicon words can split them (张江科学城人才公寓 is one project)
        hits = [(s, e, entries, True) for s, e, entries in ctx.index.scan(qn)]
        hits += [
            (s, e, entries, False)
            for s, e, entries in ctx.index.partial_scan(qn, lambda _a, _b: True)
            if qn[s:e] not in self._phrases
        ]
        hits.sort(key=lambda h: (-(h[1] - h[0]), not h[3], h[0]))
        for s, e, entries, exact in hits:
            if not free(s, e):
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
            claim(_M("entity" if (exact or g.chosen is not None) else "ambiguous", s, e, name, data=g))
        # phrases that contain time words but are not time (今年多少岁)
        for phrase, as_term in self.lexicon.priority_terms.items():
            t = normalize(phrase)
            start = qn.find(t)
            if start >= 0 and free(start, start + len(t)):
                claim(
                    _M(
                        "lex",
                        start,
                        start + len(t),
                        t,
                        senses=list(self._phrases.get(normalize(as_term), [])),
                    )
                )
        # 字段为取值: 证书名称为电工证 / 岗位是保安_领班
        for term, label, fld in self._field_terms(ctx):
            start = qn.find(term)
            while start >= 0:
                fm = _FIELD_VALUE.match(qn, start + len(term))
                if fm and not fm.group("v").startswith(_QUESTION_WORDS) and free(start, fm.end("v")):
                    vs, ve = fm.start("v"), fm.end("v")
                    raw = text[qmap[vs] : qmap[ve - 1] + 1]
                    claim(
                        _M(
                            "lex",
                            start,
                            start + len(term),
                            term,
                            senses=[Sense("field", {"label": label, "field": fld}, fld)],
                        )
                    )
                    claim(_M("lex", fm.start(), vs, fm.group("op"), senses=[Sense("filler", {}, "")]))
                    claim(_M("field_value", vs, ve, raw, data={"label": label, "field": fld, "value": raw}))
                start = qn.find(term, start + 1)
        # time
        tp = TimeParser(ctx.today, ctx.schema.months).parse(text)
        for tm in tp.mentions:
            s, e = to_norm(*tm.span)
            claim(_M("time", s, e, qn[s:e], data=tm))
        if tp.current:
            s, e = to_norm(*tp.current)
            claim(_M("lex", s, e, qn[s:e], senses=[Sense("current", {}, "current")]))
        # 连续三个月
        for m in _CONSECUTIVE.finditer(qn):
            n = _to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("consecutive", m.start(), m.end(), m.group(0), data=int(n)))
        # top N
        for m in _TOP.finditer(qn):
            n = _to_number(m.group("n"))
            if n and free(m.start(), m.end()):
                claim(_M("top", m.start(), m.end(), m.group(0), data=int(n)))
        # numbers with comparators or units
        for m in self._num_re.finditer(qn):
            if not (m.group("pre") or m.group("suf") or m.group("unit")):
                continue
            value = _to_number(m.group("num"))
            if value is None or not free(m.start(), m.end()):
                continue
            unit = m.group("unit")
            factor = float(self.lexicon.units.get(unit or "", {}).get("factor", 1))
            op = (
                self._comp_prefix.get(m.group("pre") or "")
                or self._comp_suffix.get(m.group("suf") or "")
                or "eq"
            )
            claim(
                _M(
                    "num",
                    m.start(),
                    m.end(),
                    m.group(0),
                    data={"op": op, "value": value * factor, "unit": unit},
                )
            )
        # lexicon terms and graph values, longest first
        spans: dict[tuple[int, int], _M] = {}
        for term in self._phrase_list:
            start = qn.find(term)
            while start >= 0:
                key = (start, start + len(term))
                spans.setdefault(key, _M("lex", key[0], key[1], term, senses=list(self._phrases[term])))
                start = qn.find(term, start + 1)
        for s, e, vals in ctx.values.scan(qn):
            m2 = spans.setdefault((s, e), _M("lex", s, e, qn[s:e]))
            m2.senses.append(Sense("svalue", {"values": vals}, qn[s:e]))
        for m2 in sorted(spans.values(), key=lambda x: (-(x.e - x.s), x.s)):
            claim(m2)
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

    def _merge_with_value(self, p: _Parsed, m: _M, ctx: UnderstandContext) -> bool:
        """消防|设施操作员 → 消防设施操作员（初级）: a leftover next to a matched value may be the rest
        of a longer value; if the joined words are contained in real values, use those."""
        for nb in (p.prev_before(m, skip_fillers=False), p.next_after(m, skip_fillers=False)):
            if nb is None or nb.kind != "lex" or not nb.has("svalue") or (nb.e != m.s and nb.s != m.e):
                continue
            joined = p.qn[min(nb.s, m.s) : max(nb.e, m.e)]
            vm = ctx.values.containing(joined)
            if vm:
                p.mentions.remove(nb)
                m.kind, m.data, m.text = "cvalue", vm, joined
                m.s, m.e = min(nb.s, m.s), max(nb.e, m.e)
                return True
        return False

    def _join_split_names(self, p: _Parsed, ctx: UnderstandContext) -> None:
        """张江 / 外滩中心 / 陆家嘴: a one-character filler (张, 中, 家) inside a name the index does not
        hold whole splits the name into leftovers ("无法理解「陆」「嘴」"). Runs of leftovers and such
        fillers are cut at conjunctions and 的 (外滩和陆家嘴 is two names); each piece is then tried as one
        phrase against the entity and value indexes (the longest stretch that names something by
        contains wins), else its leftovers with the fillers between them become one unknown phrase."""

        def weak(m: _M) -> bool:
            return (
                m.kind == "lex"
                and len(m.text) == 1
                and bool(m.senses)
                and all(s.kind == "filler" for s in m.senses)
            )

        def names_something(text: str) -> bool:
            g = ctx.index.ground(text, None, None)
            if g.chosen is not None or any(c.method in ("exact", "contains") for c in g.candidates):
                return True
            return bool(ctx.values.containing(text))

        ms = sorted(p.mentions, key=lambda x: x.s)
        runs: list[list[_M]] = []
        for m in ms:
            if m.kind != "leftover" and not weak(m):
                continue
            if runs and runs[-1][-1].e == m.s:
                runs[-1].append(m)
            else:
                runs.append([m])
        pieces: list[list[_M]] = []
        for run in runs:
            if len(run) < 2 or not any(m.kind == "leftover" for m in run):
                continue
            whole = self._best_stretch(run, p, names_something)
            if whole is not None:
                pieces.append(run[whole[0] : whole[1]])
                continue
            piece: list[_M] = []
            for m in [*run, None]:
                if m is None or (weak(m) and m.text in _NAME_BREAKS):
                    if piece:
                        pieces.append(piece)
                    piece = []
                else:
                    piece.append(m)
        for piece in pieces:
            if not any(m.kind == "leftover" for m in piece):
                continue
            best = self._best_stretch(piece, p, names_something)
            if best is None:
                lo, hi = 0, len(piece)
                while lo < hi and weak(piece[lo]):
                    lo += 1
                while hi > lo and weak(piece[hi - 1]):
                    hi -= 1
                best = (lo, hi)
            sub = piece[best[0] : best[1]]
            if len(sub) < 2:
                continue
            for m in sub:
                p.mentions.remove(m)
            p.mentions.append(_M("leftover", sub[0].s, sub[-1].e, p.qn[sub[0].s : sub[-1].e]))
        p.mentions.sort(key=lambda x: x.s)

    @staticmethod
    def _best_stretch(
        run: list[_M], p: _Parsed, names_something: Callable[[str], bool]
    ) -> tuple[int, int] | None:
        """The longest stretch of `run` covering all its leftovers that names something, or None."""
        left = [i for i, m in enumerate(run) if m.kind == "leftover"]
        best: tuple[int, int] | None = None
        for a in range(left[0] + 1):
            for b in range(len(run), left[-1], -1):
                if b - a < 2 or (best and b - a <= best[1] - best[0]):
                    continue
                if names_something(p.qn[run[a].s : run[b - 1].e]):
                    best = (a, b)
        return best

    def _ground(self, p: _Parsed, ctx: UnderstandContext) -> list[GroundingRecord]:
        self._join_split_names(p, ctx)
        records: list[GroundingRecord] = []
        for m in list(p.mentions):
            if m.kind != "leftover":
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
                g = ctx.index.ground(m.text, hint, ctx.embedder)
                if g.chosen is None and hint is not None and not g.candidates:
                    g2 = ctx.index.ground(m.text, None, ctx.embedder)
                    g = g2 if g2.candidates else g
                if g.chosen is not None:
                    m.kind, m.data = "entity", g
                    continue
                merged = self._merge_with_value(p, m, ctx)
                if merged:
                    continue
                vm = ctx.values.containing(m.text)
                if vm and not g.candidates:
                    m.kind, m.data = "cvalue", vm
                    continue
                if g.candidates:
                    m.kind, m.data = "ambiguous", g
                    continue
        for m in p.mentions:
            if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
                c = m.data.chosen
                records.append(
                    GroundingRecord(
                        m.text, c.entry.label, c.entry.key, c.entry.display, c.confidence, c.method
                    )
                )
        return records


# ====================================================================== interpretation


@dataclass
class _Anchor:
    label: str
    keys: list[str]
    displays: list[str]
    text: str
    confidence: float
    span: tuple[int, int]


@dataclass
class _StepBuilder:
    """Assembles one step: the entity (n0) and at most two hops, with their conditions."""

    ctx: UnderstandContext
    lexicon: Lexicon
    entity: str
    hops: list[Hop] = field(default_factory=list)
    filters: list[Filter] = field(default_factory=list)
    time: list[TimeFilter] = field(default_factory=list)
    derived: list[Derived] = field(default_factory=list)
    pending_defaults: list[Filter] = field(default_factory=list)
    periods: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Relationship alias → (start field, end field) for period overlap (服务于)."""
    applied_defaults: list[Filter] = field(default_factory=list)

    def labels(self) -> dict[str, str]:
        out = {"n0": self.entity}
        for i, h in enumerate(self.hops, start=1):
            if not h.negate:
                out[f"n{i}"] = h.target
        return out

    def alias_of(self, label: str) -> str | None:
        for a, lab in self.labels().items():
            if lab == label:
                return a
        return None

    def has_prop(self, label: str, prop: str) -> bool:
        info = self.ctx.schema.prop(label, prop)
        return info is not None and info.present

    def add_path(
        self, source: str, target_label: str, *, allow_roles: bool = False, negate: bool = False
    ) -> str:
        """Hops from alias `source` to a node of `target_label`; returns the new alias."""
        src_label = self.labels()[source]
        pref = self.lexicon.path(src_label, target_label)
        hops: list[tuple[str, str, str]]
        if pref is not None:
            hops = []
            cur = src_label
            for h in pref["hops"]:
                nxt = _rel_targets(self.ctx, cur, h["rel"], h["direction"])
                if len(nxt) != 1:
                    raise _needs_llm(f"图谱中 {cur} 的 {h['rel']} 关系不唯一")
                hops.append((h["rel"], h["direction"], nxt[0]))
                cur = nxt[0]
            if cur != target_label:
                raise _needs_llm(f"词典中 {src_label}→{target_label} 的路径与图谱不符")
        else:
            found = _shortest_paths(self.ctx, src_label, target_label, self.lexicon, allow_roles)
            if not found:
                raise _needs_llm(f"图谱中{src_label}和{target_label}之间没有可用的关系")
            if len(found) > 1:
                raise _needs_llm(f"{src_label}和{target_label}之间有多种关联方式，无法确定用哪一种")
            hops = found[0]
        if len(self.hops) + len(hops) > 2:
            raise _needs_llm("问题涉及的关联超过两跳")
        if negate and len(hops) != 1:
            raise _needs_llm("否定条件只支持一跳关系")
        alias = source
        for rel, direction, other in hops:
            self.hops.append(Hop(source=alias, rel=rel, direction=direction, target=other, negate=negate))
            alias = f"n{len(self.hops)}"
        if pref is not None:
            base = len(self.hops) - len(hops)
            df = pref.get("default_filter")
            if df:
                ridx = int(df["node"][1:]) + base
                self.pending_defaults.append(
                    Filter(
                        node=f"r{ridx}",
                        field=df["field"],
                        op=Op(df["op"]),
                        value=df["value"],
                        value_source=ValueSource.DERIVED,
                        assumption=True,
                    )
                )
            per = pref.get("period")
            if per:
                ridx = int(per["node"][1:]) + base
                self.periods[f"r{ridx}"] = (per["start_field"], per["end_field"])
        return alias

    def ensure(self, label: str, *, allow_roles: bool = False) -> str:
        a = self.alias_of(label)
        if a is not None:
            return a
        # extend from the last node when it is closer (a chain), else from the entity
        return self.add_path("n0", label, allow_roles=allow_roles)

    def attach_key(self, anchor: _Anchor) -> None:
        """Restrict to the anchor entity: same label → key; a field holding its key → that field;
        else hops to it."""
        keys = anchor.keys
        op = Op.EQ if len(keys) == 1 else Op.IN
        value: Any = keys[0] if len(keys) == 1 else list(keys)
        a = self.alias_of(anchor.label)
        if a is not None:
            self.filters.append(
                Filter(
                    node=a,
                    field="_key",
                    op=op,
                    value=value,
                    value_source=ValueSource.GROUNDED,
                    text=anchor.text,
                )
            )
            return
        key_fields = self.ctx.schema.key_fields(anchor.label)
        if len(key_fields) == 1:
            kf = key_fields[0]
            for alias, lab in self.labels().items():
                if lab != anchor.label and self.has_prop(lab, kf):
                    self.filters.append(
                        Filter(
                            node=alias,
                            field=kf,
                            op=op,
                            value=value,
                            value_source=ValueSource.GROUNDED,
                            text=anchor.text,
                        )
                    )
                    return
        alias = self.add_path("n0", anchor.label)
        self.filters.append(
            Filter(
                node=alias,
                field="_key",
                op=op,
                value=value,
                value_source=ValueSource.GROUNDED,
                text=anchor.text,
            )
        )

    def finish(self, sid: str = "s1", depends_on: list[str] | None = None, description: str = "") -> Step:
        timed = {t.node for t in self.time}
        filters = list(self.filters)
        self.applied_defaults = []
        for f in self.pending_defaults:
            if f.node not in timed:
                filters.append(f)
                self.applied_defaults.append(f)
        return Step(
            id=sid,
            entity=self.entity,
            hops=list(self.hops),
            filters=filters,
            time=list(self.time),
            derived=list(self.derived),
            depends_on=depends_on or [],
            description=description,
        )


def _rel_targets(ctx: UnderstandContext, label: str, rel: str, direction: str) -> list[str]:
    """Every label reachable from `label` over `rel` in `direction` (所属项目 reaches 考勤, 排班月报
    and 设备 from 项目: callers must not pick one blindly)."""
    out = []
    for r in ctx.schema.relationships:
        if r.type != rel or r.count == 0:
            continue
        if direction == "out" and r.start == label:
            out.append(r.end)
        if direction == "in" and r.end == label:
            out.append(r.start)
    return list(dict.fromkeys(out))


def _shortest_paths(
    ctx: UnderstandContext, start: str, end: str, lexicon: Lexicon, allow_roles: bool
) -> list[list[tuple[str, str, str]]]:
    """All shortest relationship paths (≤ 2 hops) between two labels, skipping self-relations and
    (unless asked for) role relationships such as 负责人 / 经办人."""
    roles = lexicon.role_relationships
    best: list[list[tuple[str, str, str]]] = []
    queue: deque[tuple[str, list[tuple[str, str, str]]]] = deque([(start, [])])
    seen_depth: dict[str, int] = {start: 0}
    while queue:
        label, path = queue.popleft()
        if best and len(path) >= len(best[0]):
            continue
        if len(path) >= 2:
            continue
        for r, direction, other in ctx.schema.neighbours(label):
            if r.count == 0 or r.start == r.end or (r.type in roles and not allow_roles):
                continue
            np_ = [*path, (r.type, direction, other)]
            if other == end:
                if (not best or len(np_) == len(best[0])) and np_ not in best:
                    best.append(np_)
                continue
            if seen_depth.get(other, 99) < len(np_):
                continue
            seen_depth[other] = len(np_)
            queue.append((other, np_))
    return best


_QT_WORDS = {
    QueryType.EXISTENCE: "是否存在",
    QueryType.COUNT: "统计数量",
    QueryType.LIST: "列出",
    QueryType.STATUS: "查询属性",
    QueryType.AGGREGATE: "汇总计算",
    QueryType.COMPARE: "对比",
    QueryType.TREND: "按月趋势",
    QueryType.EXPLAIN: "解释含义",
}
_FN_WORDS = {
    "count": "计数",
    "count_distinct": "去重计数",
    "sum": "合计",
    "avg": "平均",
    "max": "最大值",
    "min": "最小值",
}
_OP_WORDS = {"gt": "大于", "gte": "不少于", "lt": "小于", "lte": "不超过", "eq": "等于"}


class _Interpreter:
    def __init__(
        self, lexicon: Lexicon, ctx: UnderstandContext, p: _Parsed, records: list[GroundingRecord]
    ) -> None:
        self.lx = lexicon
        self.ctx = ctx
        self.p = p
        self.records = records
        self.notes: list[str] = []
        self.slots: list[tuple[str, str]] = []
        self.used: set[int] = set()
        self.confidence = 1.0

    # ---------------------------------------------------------------- helpers

    def use(self, m: _M) -> None:
        self.used.add(id(m))

    def cue(self, name: str) -> list[_M]:
        return self.p.cue(name)

    def run(self) -> Understanding:
        p = self.p
        if not p.qn:
            raise _Stop(UnderstandingStatus.CLARIFY, "问题是空的，请输入要查询的内容")
        explain = self._explain()
        if explain is not None:
            return explain
        self._check_unknown()
        anchors = self._anchors()
        plan = self._plan(anchors)
        self._check_all_used()
        self._check_cues(plan)
        slots = [("意图", _QT_WORDS.get(plan.query_type, plan.query_type.value))]
        slots.extend(self.slots)
        plan.notes.extend(n for n in self.notes if n not in plan.notes)
        return Understanding(
            status=UnderstandingStatus.PLAN,
            plan=plan,
            confidence=round(self.confidence, 3),
            slots=slots,
            groundings=self.records,
            notes=list(self.notes),
        )

    # ---------------------------------------------------------------- explain

    def _explain(self) -> Understanding | None:
        cues = self.cue("explain")
        if not cues:
            return None
        ts = self.ctx.templates
        fields = self.p.lex("field")
        text_parts: list[str] = []
        cites: list[dict[str, Any]] = []
        target = ExplainTarget()
        if fields:
            f = fields[0].sense("field")
            assert f is not None
            name = f.get("field")
            for t in ts.templates:
                if name in t.field_names:
                    spec = t.field(name)
                    desc = spec.description or "（模板中没有填写说明）"
                    extra = f"，可选值：{'、'.join(spec.enum)}" if spec.enum else ""
                    text_parts.append(f"**{name}**（{t.name}，{spec.type.value}）：{desc}{extra}")
                    cites.append(
                        {"template": t.name, "file": f"模板：{t.name}", "sheet": "填写说明", "row": None}
                    )
                    target = ExplainTarget(template=t.name, field=name)
                    break
        if not text_parts:
            # a day code such as 调 / 夜
            for m in self.p.mentions:
                if m.kind not in ("leftover", "lex") or len(m.text) > 2:
                    continue
                for t in ts.templates:
                    for table, codes in t.code_tables.items():
                        raw = m.text.upper()
                        if raw in codes or m.text in codes:
                            code = raw if raw in codes else m.text
                            text_parts.append(f"**{code}**：{t.name}中的{table}，表示「{codes[code]}」")
                            cites.append(
                                {
                                    "template": t.name,
                                    "file": f"模板：{t.name}",
                                    "sheet": "填写说明",
                                    "row": None,
                                }
                            )
                            target = ExplainTarget(template=t.name, code=code)
        if not text_parts:
            labels = self.p.lex("label")
            if labels:
                ls = labels[0].sense("label")
                assert ls is not None
                for t in ts.templates_for_label(ls.get("label")):
                    text_parts.append(f"**{ls.get('label')}**（来自模板「{t.name}」）：{t.description}")
                    cites.append(
                        {"template": t.name, "file": f"模板：{t.name}", "sheet": "填写说明", "row": None}
                    )
                    target = ExplainTarget(template=t.name)
        if not text_parts:
            raise _needs_llm("无法确定要解释的字段或代码")
        plan = QueryPlan(query_type=QueryType.EXPLAIN, explain=target)
        return Understanding(
            status=UnderstandingStatus.EXPLAIN,
            plan=plan,
            confidence=1.0,
            slots=[("意图", "解释含义")],
            explain_text="\n\n".join(text_parts),
            explain_citations=cites,
        )

    # ---------------------------------------------------------------- checks

    def _check_unknown(self) -> None:
        p = self.p
        amb = p.of("ambiguous")
        choices: list[ChoiceRequest] = []
        for m in p.of("entity"):
            g = m.data
            if isinstance(g, Grounding) and g.chosen is None and g.attribute is None and g.candidates:
                choices.append(self._choice(m.text, g))
        for m in amb:
            choices.append(self._choice(m.text, m.data))
        unknown = [m for m in p.mentions if m.kind in ("leftover",)]
        codes = p.of("unknown_code")
        if codes:
            raise _Stop(
                UnderstandingStatus.INSUFFICIENT,
                "数据中未找到编号为 " + "、".join(m.text.upper() for m in codes) + " 的记录",
            )
        if unknown:
            words = "」「".join(m.text for m in unknown)
            # a name-like leftover right before a label word: search by name (the result is checked later)
            if not choices and all(self._name_slot(m) for m in unknown):
                return
            raise _needs_llm(f"无法理解「{words}」")
        if choices:
            raise _Stop(UnderstandingStatus.CLARIFY, "问题中的名称可能指多个对象，请选择", choices)

    def _name_slot(self, m: _M) -> bool:
        nxt = self.p.next_after(m, skip_fillers=False)
        if nxt is None or nxt.kind != "lex":
            return False
        ls = nxt.sense("label")
        if ls is None or len(m.text) < 2:
            return False
        label = ls.get("label")
        disp = self.ctx.schema.display_field(label)
        if not disp:
            return False
        m.kind = "name"
        m.data = {"label": label, "field": disp}
        return True

    def _choice(self, text: str, g: Grounding) -> ChoiceRequest:
        opts = [
            Option(
                id=c.entry.key,
                label=c.entry.display,
                detail=f"{c.entry.label}·{c.entry.field}：{c.entry.text}",
                confidence=c.confidence,
            )
            for c in g.candidates[:5]
        ]
        return ChoiceRequest(kind="entity", text=text, prompt=f"「{text}」指的是哪一个？", options=opts)

    def _check_cues(self, plan: QueryPlan) -> None:
        """Every question word must be reflected in the plan: a negation, an average, a trend or an
        existence word that the chosen shape silently dropped would give a wrong answer."""
        qt = plan.query_type
        agg = plan.aggregate
        fn = agg.fn if agg is not None else None
        counted = fn in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
        problems: list[str] = []

        def words(cue: str) -> str:
            return "「" + "」「".join(m.text for m in self.cue(cue)) + "」"

        if any(id(m) not in self.used for m in self.cue("negation")):
            problems.append(f"否定词{words('negation')}")
        if self.cue("existence") and qt is not QueryType.EXISTENCE:
            problems.append(f"{words('existence')}")
        if self.cue("compare") and qt is not QueryType.COMPARE:
            problems.append(f"{words('compare')}")
        if self.cue("trend") and qt is not QueryType.TREND and not plan.combine:
            problems.append(f"{words('trend')}")
        if self.cue("avg") and fn is not AggFn.AVG:
            problems.append(f"{words('avg')}")
        if self.cue("sum") and not (
            fn is AggFn.SUM or (qt is QueryType.COUNT and counted) or (counted and plan.group_by)
        ):
            problems.append(f"{words('sum')}")
        for c in ("max", "min"):
            if self.cue(c) and fn not in (AggFn.MAX, AggFn.MIN) and not plan.sort:
                problems.append(f"{words(c)}")
        if self.p.of("top") and plan.limit is None:
            problems.append("「" + self.p.of("top")[0].text + "」")
        if problems:
            raise _needs_llm("问题中的" + "、".join(problems) + "没有体现在查询中")

    def _check_all_used(self) -> None:
        """Every meaningful mention must have been used by the plan; otherwise we did not
        understand the question fully and must not answer it."""
        ignorable = {"filler", "cue", "current", "name_marker"}
        unused = []
        for m in self.p.mentions:
            if id(m) in self.used:
                continue
            if m.kind == "lex" and all(s.kind in ignorable for s in m.senses):
                continue
            unused.append(m.text)
        if unused:
            raise _needs_llm(f"问题中的「{'」「'.join(unused)}」没有被理解")

    # ---------------------------------------------------------------- anchors

    def _anchors(self) -> list[_Anchor]:
        out: list[_Anchor] = []
        for m in self.p.mentions:
            if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
                c = m.data.chosen
                if m.data.note:
                    self.notes.append(m.data.note)
                elif c.method in ("contains", "active") and c.confidence < 1.0:
                    self.notes.append(f"「{m.text}」按名称匹配为 {c.entry.display}")
                self.confidence = min(self.confidence, c.confidence)
                out.append(
                    _Anchor(c.entry.label, [c.entry.key], [c.entry.display], m.text, c.confidence, (m.s, m.e))
                )
                self.use(m)
            elif m.kind == "entity_multi":
                entries = m.data["entries"]
                out.append(
                    _Anchor(
                        entries[0].label,
                        sorted({e.key for e in entries}),
                        sorted({e.display for e in entries}),
                        m.text,
                        1.0,
                        (m.s, m.e),
                    )
                )
                self.use(m)
        return out

    # ---------------------------------------------------------------- the plan

    def _plan(self, anchors: list[_Anchor]) -> QueryPlan:
        p = self.p
        analyses = p.lex("analysis")
        if analyses:
            return self._analysis(analyses[0], anchors)
        each = self._each_month_request()
        if each is not None:
            return self._each_month(each, anchors)
        rel_m = p.lex("rel")
        times = [m for m in p.of("time")]
        group_target = self._group_target()
        negated_labels = self._negated_labels()
        labels_free = [
            m
            for m in self._free_labels(anchors)
            if id(m) not in self.used and all(m is not x for _, x in negated_labels)
        ]
        fields = p.lex("field")
        derived_m = p.lex("derived")
        conds = p.lex("condition")
        nums = p.of("num")
        aggregate_cue = next((c for c in ("sum", "avg", "max", "min") if self.cue(c)), None)
        which = bool(self.cue("which") or self.cue("list"))
        # ---------------- target label
        target: str | None = None
        rel_info: tuple[str, str, _Anchor] | None = None  # (rel, direction from n0, anchor)
        if rel_m:
            rel_info_t = self._relation(rel_m[0], anchors, labels_free)
            if rel_info_t is not None:
                target, rel_dir, rel_anchor, rel_type, chain = rel_info_t
                rel_info = (rel_type, rel_dir, rel_anchor)
                if chain:
                    return self._chain(rel_anchor)
        anchorless: tuple[str, str, str] | None = getattr(self, "_anchorless", None)
        if anchorless is not None:
            target = anchorless[0]
        metric = self._metric(fields, derived_m)
        if metric is None:
            metric = self._unit_metric(conds)
        if (
            target is None
            and metric is None
            and aggregate_cue in ("max", "min")
            and which
            and not group_target
        ):
            # 哪个片区的项目最多: group by the asked label, count the other one
            kinds: dict[str, _M] = {}
            for m in labels_free:
                ls = m.sense("label")
                assert ls is not None
                kinds.setdefault(ls.get("label"), m)
            if len(kinds) == 2:
                wc = (self.cue("which") or self.cue("list"))[0]
                first = next((m for m in labels_free if m.s >= wc.e), None)
                if first is not None:
                    fl = first.sense("label")
                    assert fl is not None
                    group_target = (fl.get("label"), None)
                    target = next(lab for lab in kinds if lab != fl.get("label"))
                    for m in labels_free:
                        self.use(m)
        status_anchor = None
        if target is None and metric is not None and anchors and not aggregate_cue and not group_target:
            mlabel = metric[0]
            for a in anchors:
                if (a.label == mlabel and len(a.keys) == 1 and not labels_free and not self.cue("count")) or (
                    a.label == mlabel and len(a.keys) == 1 and self.cue("status") and not labels_free
                ):
                    status_anchor = a
                    break
        if target is None and status_anchor is not None:
            target = status_anchor.label
        if target is None and labels_free:
            target = self._pick_free_label(labels_free)
        if target is None:
            for c in self.cue("count"):
                word = c.text[-1]
                lab = self.lx.classifier_label(word)
                if lab:
                    target = lab
                    break
        if (
            target is None
            and any("谁" in c.text for c in self.cue("which"))
            and metric is not None
            and metric[0] != "人员"
            and self.ctx.schema.has_label("人员")
        ):
            target = "人员"
        if target is None and metric is not None:
            target = metric[0]
        if target is None and conds:
            cs = conds[0].sense("condition")
            assert cs is not None
            target = "人员" if cs.get("label") in ("考勤", "排班月报", "证书") else cs.get("label")
        if target is None:
            vlabels = self._value_labels()
            for lab in self.lx.label_preference:
                if lab in vlabels:
                    target = lab
                    break
        if target is None and anchors:
            target = anchors[0].label
        if target is None:
            raise _needs_llm("无法确定要查询的对象")
        if not self.ctx.schema.has_label(target):
            raise _Stop(UnderstandingStatus.INSUFFICIENT, f"当前图谱中没有{target}数据")
        # a metric on another label makes the records of that label the entity (开票金额 → 财务)
        entity = target
        if metric is not None and metric[0] != target and not metric[2]:
            entity = metric[0]
        if metric is not None and rel_info is None:
            self._check_metric_owner(metric, anchors, labels_free)
        b = _StepBuilder(self.ctx, self.lx, entity)
        self.slots.append(("对象", entity))
        # ---------------- relationship asked explicitly (负责人, 子项目 …)
        if rel_info is not None:
            rel_type, direction, anchor = rel_info
            other = anchor.label
            start, end = (entity, other) if direction == "out" else (other, entity)
            if self.ctx.schema.rel(rel_type, start, end) is None:
                raise _needs_llm(f"{entity} 没有 {rel_type} 关系")
            b.hops.append(Hop(source="n0", rel=rel_type, direction=direction, target=other))
            b.filters.append(
                Filter(
                    node="n1",
                    field="_key",
                    op=Op.EQ,
                    value=anchor.keys[0],
                    value_source=ValueSource.GROUNDED,
                    text=anchor.text,
                )
            )
            anchors = [a for a in anchors if a is not anchor]
            self.slots.append(("关系", f"{anchor.displays[0]} 的 {rel_m[0].text}"))
            for rm in rel_m:
                rs2 = rm.sense("rel")
                if rs2 is not None and rs2.get("rel") == rel_type:
                    self.use(rm)
        if anchorless is not None:
            b.hops.append(Hop(source="n0", rel=anchorless[1], direction=anchorless[2], target=anchorless[0]))
            self.slots.append(("关系", f"有「{anchorless[1]}」关系的{anchorless[0]}"))
        # ---------------- the records of a metric answer about another label (哪个项目开票金额最高)
        group_node: FieldRef | None = None
        if entity != target:
            ga = b.ensure(target)
            group_node = FieldRef(node=ga, field=None)
        metric_ref: FieldRef | None = None
        if metric is not None:
            mlabel, mfield, m_derived = metric
            malias = b.alias_of(mlabel) or b.ensure(mlabel)
            if m_derived and not any(d.name == mfield for d in b.derived):
                drow = next(x for x in self.lx.derived if x["name"] == mfield)
                b.derived.append(
                    Derived(name=mfield, node=malias, expression=drow["expression"], unit=drow.get("unit"))
                )
                self.notes.append(
                    f"口径：{mfield}由{'、'.join(sorted(_expr_fields(drow['expression'])))}换算（按今天 {self.ctx.today.isoformat()} 计算）"
                )
            metric_ref = FieldRef(node=malias, field=mfield)
            self.slots.append(("字段", mfield))
        # ---------------- anchors
        compare_anchors = [
            a for a in anchors if self.cue("compare") and len([x for x in anchors if x.label == a.label]) >= 2
        ]
        merged = self._merge_anchors(anchors)
        for a in merged:
            b.attach_key(a)
            self.slots.append(("条件", f"{a.label} = {'、'.join(a.displays)}"))
        # ---------------- names searched as text (not in the index)
        for m in p.of("name"):
            d = m.data if isinstance(m.data, dict) else {"label": "人员", "field": "姓名"}
            alias = b.ensure(d["label"])
            b.filters.append(
                Filter(
                    node=alias,
                    field=d["field"],
                    op=Op.CONTAINS if self.p.lex("label") else Op.EQ,
                    value=m.text,
                    value_source=ValueSource.USER_TEXT,
                    text=m.text,
                )
            )
            self.slots.append(("条件", f"{d['field']} 包含「{m.text}」"))
            self.use(m)
        # ---------------- attributes (甲方名称 …)
        for m in p.of("entity"):
            g = m.data
            if isinstance(g, Grounding) and g.attribute is not None:
                lab, fld, val = g.attribute
                alias = b.ensure(lab)
                b.filters.append(
                    Filter(
                        node=alias,
                        field=fld,
                        op=Op.EQ,
                        value=val,
                        value_source=ValueSource.GROUNDED,
                        text=m.text,
                    )
                )
                self.slots.append(("条件", f"{fld} = {val}"))
                self.use(m)
        # ---------------- values
        self._values(b)
        # ---------------- conditions (有加班, 出勤 …)
        self._conditions(b, conds)
        self._derived_conditions(b)
        # ---------------- things the records must not have (没有安排人员的项目, 没有证书的人员)
        self._negated_hops(b, negated_labels)
        # ---------------- other things named in the question must exist (做过检查的项目)
        for m in labels_free:
            if id(m) in self.used:
                continue
            ls = m.sense("label")
            assert ls is not None
            lab = ls.get("label")
            if lab not in (b.entity, target):
                b.ensure(lab)
                self.slots.append(("条件", f"有{lab}记录"))
            self.use(m)
        # ---------------- numeric conditions and derived attributes
        derived_names = self._numbers_and_derived(b, nums, fields, derived_m)
        # ---------------- time
        if times:
            self._time(b, times)
        # ---------------- question type and output
        return self._output(
            b,
            target,
            entity,
            metric,
            metric_ref,
            aggregate_cue,
            group_target,
            group_node,
            compare_anchors,
            status_anchor,
            derived_names,
        )

    def _finish(self, b: _StepBuilder, sid: str = "s1", description: str = "") -> Step:
        step = b.finish(sid, description=description)
        for f in b.applied_defaults:
            note = (
                f"口径：未指定时间时，按{f.value}中登记的当前服务项目统计（服务于关系，依据={f.value}）"
                if f.field == "依据"
                else f"默认条件：{f.field} = {f.value}"
            )
            if note not in self.notes:
                self.notes.append(note)
        return step

    # ---------------------------------------------------------------- pieces

    def _free_labels(self, anchors: list[_Anchor]) -> list[_M]:
        """Label words that are not just the type of a named entity (青浦图书馆**项目**)."""
        out = []
        for m in self.p.lex("label"):
            ls = m.sense("label")
            assert ls is not None
            label = ls.get("label")
            prev = self.p.prev_before(m, skip_fillers=False)
            nxt = self.p.next_after(m, skip_fillers=False)
            attached = False
            for nb in (prev, nxt):
                if nb is not None and nb.kind in ("entity", "entity_multi", "name", "ambiguous"):
                    g = nb.data
                    lab = None
                    if isinstance(g, Grounding) and g.chosen is not None:
                        lab = g.chosen.entry.label
                    elif isinstance(g, Grounding) and g.attribute is not None:
                        lab = None
                    elif nb.kind == "entity_multi":
                        lab = nb.data["entries"][0].label
                    elif nb.kind == "name" and isinstance(g, dict):
                        lab = g.get("label")
                    if lab == label and nb is prev:
                        attached = True
            if m.has("cue") and m.sense("cue") is not None:
                pass
            if attached:
                self.use(m)
                continue
            out.append(m)
        return out

    def _pick_free_label(self, labels: list[_M]) -> str:
        chosen = {}
        for m in labels:
            ls = m.sense("label")
            assert ls is not None
            chosen[ls.get("label")] = m
        picked: str | None = None
        if len(chosen) == 1:
            picked = next(iter(chosen))
        else:
            # the label right after a question word wins (有多少个**项目**), else the last one
            for m in labels:
                prev = self.p.prev_before(m)
                if (
                    prev is not None
                    and prev.kind == "lex"
                    and any(
                        s.kind == "cue" and s.name in ("count", "which", "list", "existence")
                        for s in prev.senses
                    )
                ):
                    ls = m.sense("label")
                    assert ls is not None
                    picked = str(ls.get("label"))
                    break
            if picked is None:
                ls = labels[-1].sense("label")
                assert ls is not None
                picked = str(ls.get("label"))
        # only the mentions of the chosen label are used here; the others become conditions
        for m in labels:
            ls = m.sense("label")
            if ls is not None and ls.get("label") == picked:
                self.use(m)
        return picked

    def _metric(self, fields: list[_M], derived_m: list[_M]) -> tuple[str, str, bool] | None:
        """(label, field, derived?) of the attribute the question asks about, if any."""
        cands: list[tuple[str, str, bool, _M]] = []
        for m in fields:
            if id(m) in self.used:  # already the grouping (各岗位)
                continue
            # a field followed by a number is a condition (司龄满5年), handled with the numbers
            nxt = self.p.next_after(m)
            if nxt is not None and nxt.kind == "num":
                continue
            if self._value_follows(m):
                continue
            senses = [s for s in m.senses if s.kind == "field"]
            pref = self.lx.field_label_preference
            s0 = senses[0]
            fname = s0.get("field")
            label = pref.get(fname, s0.get("label"))
            if (self.p.of("time") or self.cue("trend")) and not self._monthly(label):
                # 每个月的在岗人数: the label that has months holds the answer (月度快照, not 岗位编制)
                monthly = [
                    lab
                    for lab, info in self.ctx.schema.labels.items()
                    if fname in info.properties and self._monthly(lab)
                ]
                if len(monthly) == 1:
                    label = monthly[0]
            cands.append((label, fname, False, m))
        for m in derived_m:
            nxt = self.p.next_after(m)
            prev = self.p.prev_before(m)
            if (nxt is not None and nxt.kind == "num") or (prev is not None and prev.kind == "num"):
                continue
            if self.p.of("time") and any(s.kind == "date_verb" for s in m.senses):
                continue
            d = m.sense("derived")
            assert d is not None
            cands.append((d.get("label"), d.get("name"), True, m))
        if not cands:
            return None
        if len({(c[0], c[1]) for c in cands}) > 1:
            numeric = [c for c in cands if c[2] or self._is_numeric(c[0], c[1])]
            if len({(c[0], c[1]) for c in numeric}) == 1:
                cands = numeric
            else:
                # several attributes: a status look-up of more than one field
                self._extra_fields = [(c[0], c[1]) for c in cands[1:]]
        c = cands[0]
        self.use(c[3])
        for other in cands[1:]:
            self.use(other[3])
        return c[0], c[1], c[2]

    def _unit_metric(self, conds: list[_M]) -> tuple[str, str, bool] | None:
        """出勤多少天: a count asked in the unit of a field (天 → 上班天数) next to a condition on that
        same field (出勤 = 上班天数 > 0) asks for the field's total, not for how many records qualify."""
        cond_fields: dict[str, str] = {}
        for m in conds:
            cs = m.sense("condition")
            if cs is not None and cs.get("field"):
                cond_fields.setdefault(cs.get("field"), cs.get("label"))
        for c in self.cue("count"):
            unit = re.sub(r"^(?:多少|几)个?", "", c.text)
            for fname in self.lx.unit_fields.get(unit, []):
                if fname in cond_fields:
                    return cond_fields[fname], fname, False
        return None

    def _monthly(self, label: str) -> bool:
        info = self.ctx.schema.prop(label, "年月")
        return info is not None and info.present

    def _value_follows(self, m: _M) -> bool:
        """岗位是保安_领班 / 状态为服务中: the field names what the value filters."""
        nxt = self.p.next_after(m)
        if nxt is not None and nxt.kind == "field_value":
            return True
        return nxt is not None and nxt.kind == "lex" and (nxt.has("svalue") or nxt.has("value"))

    def _is_numeric(self, label: str, fld: str) -> bool:
        info = self.ctx.schema.prop(label, fld)
        return info is not None and info.numeric

    def _value_labels(self) -> set[str]:
        out: set[str] = set()
        for m in self.p.mentions:
            if m.kind != "lex":
                continue
            for s in m.senses:
                if s.kind == "svalue":
                    out.update(v[0] for v in s.get("values"))
                elif s.kind == "value":
                    out.update(c["label"] for c in s.get("candidates", []))
        for m in self.p.of("cvalue"):
            out.update(v.label for v in m.data)
        return out

    def _group_target(self) -> tuple[str, str | None] | None:
        """各项目 / 每个片区 / 按岗位 → (label, None) or (label, field)."""
        for c in self.cue("group"):
            nxt = self.p.next_after(c, skip_fillers=False)
            if nxt is None or nxt.kind != "lex" or nxt.s != c.e:
                continue
            ls = nxt.sense("label")
            fs = nxt.sense("field")
            if fs is not None:
                self.use(c)
                self.use(nxt)
                return (fs.get("label"), fs.get("field"))
            if ls is not None:
                self.use(c)
                self.use(nxt)
                return (ls.get("label"), None)
        return None

    def _relation(
        self, m: _M, anchors: list[_Anchor], free: list[_M]
    ) -> tuple[str, str, _Anchor, str, bool] | None:
        """(target label, direction from target, anchor, rel type, chain?) for 负责人 / 子项目 / 续签…"""
        rs = m.sense("rel")
        assert rs is not None
        rel = rs.get("rel")
        if not anchors:
            self._anchorless_relation(m, rs, free)
            return None
        anchor = anchors[0]
        if len(anchor.keys) != 1:
            raise _needs_llm(f"「{m.text}」一次只能查一个对象")
        if rs.get("chain"):
            self.use(m)
            return anchor.label, "out", anchor, rel, True
        # 项目负责人 / 片区负责人: a label word right before the relation word names the anchor's side
        # (the project's 负责人), not the other end of the relationship
        owner_words = [
            f
            for f in free
            if f.e == m.s and (ls0 := f.sense("label")) is not None and ls0.get("label") == anchor.label
        ]
        for f in owner_words:
            self.use(f)
        free = [f for f in free if f not in owner_words]
        free_labels = set()
        for f in free:
            ls = f.sense("label")
            if ls is not None:
                free_labels.add(ls.get("label"))
        options: list[tuple[str, str]] = []
        for r in self.ctx.schema.relationships:
            if r.type != rel or r.count == 0:
                continue
            if r.start == r.end:
                if r.start != anchor.label:
                    continue
                # owner_side: which end the anchor is on; target is the other end
                owner = rs.get("owner_side")
                direction = "in" if owner == "start" else "out"
                options.append((r.start, direction))
                continue
            if r.start == anchor.label and (not free_labels or r.end in free_labels):
                options.append((r.end, "in"))
            elif r.end == anchor.label and (not free_labels or r.start in free_labels):
                options.append((r.start, "out"))
        options = list(dict.fromkeys(options))
        if len(options) != 1:
            raise _needs_llm(f"无法确定「{m.text}」指的是哪种关系")
        for f in free:
            self.use(f)
        target, direction = options[0]
        return target, direction, anchor, rel, False

    def _anchorless_relation(self, m: _M, rs: Sense, free: list[_M]) -> None:
        """哪些项目续签自其他项目 / 有哪些子项目: entities that have the relationship at all."""
        rel = rs.get("rel")
        if rs.get("chain") or rs.get("label") is None:
            raise _needs_llm(f"「{m.text}」需要指明是哪个对象的")
        side = rs.get("owner_side") if rs.get("anchorless") == "owner" else rs.get("target_side")
        label = rs.get("label")
        if self.ctx.schema.rel(rel, label, label) is None:
            raise _needs_llm(f"图谱中没有{rel}关系")
        self._anchorless = (label, rel, "out" if side == "start" else "in")
        self.use(m)
        for f in free:
            ls = f.sense("label")
            if ls is not None and ls.get("label") == label:
                self.use(f)
        return None

    def _chain(self, anchor: _Anchor) -> QueryPlan:
        """续签链: earlier and later contracts of one project (up to 5 renewals each way)."""
        steps = []
        for sid, direction in (("s1", "in"), ("s2", "out")):
            steps.append(
                Step(
                    id=sid,
                    entity="项目",
                    hops=[
                        Hop(
                            source="n0",
                            rel="续签自",
                            direction=direction,
                            target="项目",
                            min_hops=1,
                            max_hops=5,
                        )
                    ],
                    filters=[
                        Filter(
                            node="n1",
                            field="_key",
                            op=Op.EQ,
                            value=anchor.keys[0],
                            value_source=ValueSource.GROUNDED,
                            text=anchor.text,
                        )
                    ],
                    description="续签之后的项目" if direction == "in" else "续签之前的项目",
                )
            )
        self.slots.append(("关系", f"{anchor.displays[0]} 的续签链"))
        self.notes.append("口径：续签链沿“续签自”关系向前、向后各最多 5 期")
        return QueryPlan(
            query_type=QueryType.LIST,
            steps=steps,
            combine=[Combine(op="union", steps=["s1", "s2"])],
            projection=[
                FieldRef(node="n0", field="开始日期"),
                FieldRef(node="n0", field="结束日期"),
                FieldRef(node="n0", field="服务状态"),
            ],
            sort=[Sort(by="field", node="n0", field="开始日期", direction="asc")],
        )

    def _merge_anchors(self, anchors: list[_Anchor]) -> list[_Anchor]:
        by_label: dict[str, _Anchor] = {}
        for a in anchors:
            if a.label in by_label:
                prev = by_label[a.label]
                prev.keys = list(dict.fromkeys(prev.keys + a.keys))
                prev.displays = list(dict.fromkeys(prev.displays + a.displays))
                prev.text = f"{prev.text}、{a.text}"
            else:
                by_label[a.label] = _Anchor(
                    a.label, list(a.keys), list(a.displays), a.text, a.confidence, a.span
                )
        return list(by_label.values())

    def _negated_labels(self) -> list[tuple[_M, _M]]:
        """(negation word, label word) pairs: 没有(安排)人员 / 没有证书 — a label right after a
        negation word, with only fillers between, names records that must not be related."""
        out: list[tuple[_M, _M]] = []
        for m in self.p.lex("label"):
            prev = self.p.prev_before(m)
            if prev is not None and prev.kind == "lex" and any(
                s.kind == "cue" and s.name == "negation" for s in prev.senses
            ):
                out.append((prev, m))
        return out

    def _negated_hops(self, b: _StepBuilder, negated: list[tuple[_M, _M]]) -> None:
        """One negated hop per negated label: NOT EXISTS any such relationship (any 服务于 edge
        counts as staff, so the path's default filter, only the declared edge, does not apply)."""
        for neg, m in negated:
            ls = m.sense("label")
            assert ls is not None
            if id(m) not in self.used:  # 没持证: already a negated condition
                self._negated_hop(b, neg, m, ls.get("label"))

    def _negated_hop(self, b: _StepBuilder, neg: _M, m: _M, lab: str) -> None:
        if lab == b.entity or b.alias_of(lab) is not None:
            raise _needs_llm(f"无法理解「{neg.text}{m.text}」对应的条件")
        before = len(b.pending_defaults)
        b.add_path("n0", lab, negate=True)
        del b.pending_defaults[before:]
        hop = b.hops[-1]
        self.slots.append(("条件", f"没有{lab}（{hop.rel}关系）"))
        self.notes.append(f"口径：“{neg.text}{m.text}”指不存在任何「{hop.rel}」关系")
        self.use(neg)
        self.use(m)

    def _negation_before(self, m: _M) -> _M | None:
        """The negation word right before `m` (没有 / 不是 / 非), if any."""
        prev = self.p.prev_before(m, skip_fillers=False)
        if (
            prev is not None
            and prev.kind == "lex"
            and prev.e == m.s
            and any(s.kind == "cue" and s.name == "negation" for s in prev.senses)
        ):
            return prev
        return None

    def _negated(self, m: _M) -> bool:
        prev = self._negation_before(m)
        if prev is not None:
            self.use(prev)
            return True
        return False

    def _values(self, b: _StepBuilder) -> None:
        for m in self.p.mentions:
            matches: list[ValueMatch] = []
            if m.kind == "field_value":
                d = m.data
                label, fld = d["label"], d["field"]
                if b.alias_of(label) is None and b.has_prop(b.entity, fld):
                    label = b.entity
                known = self.ctx.values.fields.get((label, fld)) or ()
                exact = [v for v in known if isinstance(v, str) and normalize(v) == normalize(d["value"])]
                vm = ValueMatch(
                    label, fld, (exact[0] if exact else d["value"],), "eq", d["value"], bool(exact)
                )
                field_m = self.p.prev_before(m, skip_fillers=True)
                if field_m is not None and field_m.has("field"):
                    self.use(field_m)
                self._attach_value(b, m, [vm])
                continue
            if m.kind == "cvalue":
                matches = list(m.data)
            elif m.kind == "chosen_values":
                raise _needs_llm("无法确定所选取值对应的字段")
            elif m.kind == "lex" and (m.has("svalue") or m.has("value")):
                if (
                    m.has("label")
                    or m.has("field")
                    or m.has("rel")
                    or m.has("analysis")
                    or m.has("condition")
                ):
                    if not (m.has("svalue") or m.has("value")):
                        continue
                    # 投标/检查 …: the word is a label; only a value when nothing else uses it
                    if m.has("label") and id(m) in self.used:
                        continue
                for s in m.senses:
                    if s.kind == "svalue":
                        for lab, fld, val in s.get("values"):
                            matches.append(ValueMatch(lab, fld, (val,), "eq", m.text, True))
                    elif s.kind == "value":
                        # candidates are tried in order: the first that exists in the graph wins
                        for c in s.get("candidates", []):
                            expanded = self.ctx.values.expand(c["label"], c["field"], c["match"], c["value"])
                            if expanded is not None:
                                matches.append(expanded)
                                break
                if not matches:
                    if m.has("value") and not (m.has("label") or m.has("field")):
                        raise _Stop(UnderstandingStatus.INSUFFICIENT, f"数据中没有与「{m.text}」对应的取值")
                    continue
            else:
                continue
            self._attach_value(b, m, matches)

    def _attach_value(self, b: _StepBuilder, m: _M, matches: list[ValueMatch]) -> None:
        labels = b.labels()
        # prefer a field on a node already in the step, the entity first
        chosen: list[tuple[str, ValueMatch]] = []
        for alias, lab in labels.items():
            hits = [v for v in matches if v.label == lab]
            if hits:
                chosen = [(alias, v) for v in hits]
                break
        if not chosen:
            # the same field name on the entity (岗位.岗位名称 → 人员.岗位名称)
            for v in matches:
                if b.has_prop(b.entity, v.field) and v.field not in self.lx.free_text_fields:
                    vals = self.ctx.values.fields.get((b.entity, v.field))
                    keep = tuple(x for x in v.values if vals is None or x in vals)
                    if keep:
                        chosen = [
                            (
                                "n0",
                                ValueMatch(
                                    b.entity,
                                    v.field,
                                    keep,
                                    "in" if len(keep) > 1 else "eq",
                                    v.text,
                                    v.grounded,
                                ),
                            )
                        ]
                        break
        if not chosen:
            prefs = [lab for lab in self.lx.label_preference if any(v.label == lab for v in matches)]
            if not prefs:
                raise _needs_llm(f"无法确定「{m.text}」是哪个字段的取值")
            lab = prefs[0]
            alias = b.ensure(lab)
            chosen = [(alias, v) for v in matches if v.label == lab]
        fields = {(a, v.field) for a, v in chosen}
        if len(fields) > 1:
            raise _needs_llm(f"「{m.text}」可能是多个字段的取值：" + "、".join(f for _, f in fields))
        alias, v = chosen[0]
        values: list[Any] = list(dict.fromkeys(x for _, vm in chosen for x in vm.values))
        neg = self._negated(m)
        if v.op == "contains":
            op = Op.CONTAINS
            value: Any = values[0]
        elif len(values) > 1:
            op = Op.IN
            value = values
        else:
            op = Op.EQ
            value = values[0]
        if neg:
            if op is Op.CONTAINS:
                raise _needs_llm("否定的模糊条件暂不支持")
            op = Op.NE
            if isinstance(value, list):
                raise _needs_llm("否定的多值条件暂不支持")
        src = ValueSource.GROUNDED if v.grounded else ValueSource.USER_TEXT
        b.filters.append(Filter(node=alias, field=v.field, op=op, value=value, value_source=src, text=m.text))
        shown = "、".join(map(str, values))
        self.slots.append(
            ("条件", f"{v.field} {'不是' if neg else ('包含' if op is Op.CONTAINS else '=')} {shown}")
        )
        if m.kind == "cvalue" or (v.grounded and normalize(m.text) != normalize(shown)):
            self.notes.append(f"「{m.text}」按{v.field}取值理解为：{shown}")
        self.use(m)

    def _numbers_and_derived(
        self, b: _StepBuilder, nums: list[_M], fields: list[_M], derived_m: list[_M]
    ) -> set[str]:
        names: set[str] = set()
        for m in nums:
            d = m.data
            prev = self.p.prev_before(m)
            nxt = self.p.next_after(m)
            target: tuple[str, str, dict[str, Any] | None] | None = None  # (label, field, derived row)
            for nb in (prev, nxt):
                if nb is None or nb.kind != "lex":
                    continue
                ds = nb.sense("derived")
                fs = nb.sense("field")
                if ds is not None:
                    target = (ds.get("label"), ds.get("name"), ds.data)
                    self.use(nb)
                    break
                if fs is not None:
                    fname = fs.get("field")
                    label = self.lx.field_label_preference.get(fname, fs.get("label"))
                    if b.alias_of(label) is None and b.has_prop(b.entity, fname):
                        label = b.entity
                    target = (label, fname, None)
                    self.use(nb)
                    break
            if target is None and d["unit"]:
                for fname in self.lx.unit_fields.get(d["unit"], []):
                    drow = next((x for x in self.lx.derived if x["name"] == fname), None)
                    if drow is not None and (drow["label"] == b.entity or b.alias_of(drow["label"])):
                        target = (drow["label"], fname, drow)
                        break
                    for alias, lab in b.labels().items():
                        del alias
                        if b.has_prop(lab, fname):
                            target = (lab, fname, None)
                            break
                    if target:
                        break
            if target is None:
                raise _needs_llm(f"无法确定「{m.text}」是对哪个字段的条件")
            label, fname, drow = target
            alias = b.ensure(label)
            value = d["value"]
            op = Op(d["op"])
            if drow is not None:
                if not any(x.name == fname and x.node == alias for x in b.derived):
                    b.derived.append(
                        Derived(name=fname, node=alias, expression=drow["expression"], unit=drow.get("unit"))
                    )
                names.add(fname)
                self.notes.append(
                    f"口径：{fname}由{'、'.join(sorted(_expr_fields(drow['expression'])))}换算（按今天 {self.ctx.today.isoformat()} 计算）"
                )
                if fname in ("剩余服务月数", "证书剩余有效月数") and op in (Op.LT, Op.LTE):
                    b.filters.append(
                        Filter(node=alias, field=fname, op=Op.GTE, value=0, value_source=ValueSource.DERIVED)
                    )
            value_num: Any = int(value) if float(value).is_integer() else value
            b.filters.append(
                Filter(
                    node=alias,
                    field=fname,
                    op=op,
                    value=value_num,
                    value_source=ValueSource.DERIVED,
                    text=m.text,
                )
            )
            self.slots.append(
                ("条件", f"{fname} {_OP_WORDS.get(op.value, op.value)} {value_num}{d['unit'] or ''}")
            )
            self.use(m)
        for m in derived_m:
            if id(m) in self.used:
                continue
            ds = m.sense("derived")
            assert ds is not None
            if self.p.of("time") and m.has("date_verb"):
                continue
            alias = b.ensure(ds.get("label"))
            if not any(x.name == ds.get("name") for x in b.derived):
                b.derived.append(
                    Derived(
                        name=ds.get("name"), node=alias, expression=ds.get("expression"), unit=ds.get("unit")
                    )
                )
                self.notes.append(
                    f"口径：{ds.get('name')}由{'、'.join(sorted(_expr_fields(ds.get('expression'))))}换算（按今天 {self.ctx.today.isoformat()} 计算）"
                )
            names.add(ds.get("name"))
            self.use(m)
        return names

    def _time(self, b: _StepBuilder, times: list[_M]) -> None:
        tms: list[TimeMention] = [m.data for m in times]
        start = min(t.start for t in tms)
        end = max(t.end for t in tms)
        months: list[str] | None = None
        if len(tms) > 1:  # 3月和4月: exactly these months, not the range between them
            months = sorted({k for t in tms for k in month_list(t.start, t.end)})
        for m in times:
            self.use(m)
        # a date verb (3月入职 / 今年到期) puts the time on that date field
        for m in self.p.mentions:
            if m.kind != "lex":
                continue
            dv = m.sense("date_verb")
            if dv is None or (id(m) in self.used and not m.has("derived")):
                continue
            lab, fld = dv.get("label"), dv.get("field")
            alias = b.alias_of(lab)
            if alias is None:
                continue
            b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=start, end=end))
            self.slots.append(("时间", f"{fld} 在 {_range_text(start, end)}"))
            self.use(m)
            return
        # monthly facts: 年月 on the entity or a hop
        for alias, lab in b.labels().items():
            info = self.ctx.schema.prop(lab, "年月")
            if info is not None and info.present and "年月" in self.ctx.schema.key_fields(lab):
                self._coverage(start, end, strict=months is not None)
                if months is not None:
                    b.filters.append(
                        Filter(
                            node=alias, field="年月", op=Op.IN, value=months, value_source=ValueSource.DERIVED
                        )
                    )
                    self.slots.append(("时间", "、".join(months)))
                else:
                    kind = "month_eq" if start == end else "month_range"
                    b.time.append(TimeFilter(kind=kind, node=alias, field="年月", start=start, end=end))
                    self.slots.append(("时间", _range_text(start, end)))
                return
        # service periods (服务于 开始/结束)
        for ralias, (sf, ef) in b.periods.items():
            self._coverage(start, end, strict=False)
            b.time.append(
                TimeFilter(
                    kind="period_overlap", node=ralias, start_field=sf, end_field=ef, start=start, end=end
                )
            )
            self.slots.append(("时间", f"服务期与 {_range_text(start, end)} 重叠"))
            self.notes.append(
                f"口径：按服务期（人员信息登记的服务起止年月，以及考勤/排班连续月份）与 {_range_text(start, end)} 重叠统计"
            )
            return
        # other month or date fields that identify the record (采购记录.年月, 检查记录.检查日期)
        for alias, lab in b.labels().items():
            linfo = self.ctx.schema.labels.get(lab)
            if linfo is None:
                continue
            cands = [p for p in linfo.properties.values() if p.present and p.type == "年月"]
            cands += [
                p for p in linfo.properties.values() if p.present and p.type == "日期" and p.name in linfo.key
            ]
            if len(cands) == 1:
                fld = cands[0].name
                if months is not None:
                    raise _needs_llm("多个不连续的时间暂不支持这种记录")
                b.time.append(TimeFilter(kind="month_range", node=alias, field=fld, start=start, end=end))
                self.slots.append(("时间", f"{fld} 在 {_range_text(start, end)}"))
                return
        if b.entity == "人员" and not b.hops:
            alias = b.add_path("n0", "项目")
            del alias
            return self._time(b, times)
        if b.entity == "项目":
            b.time.append(
                TimeFilter(
                    kind="period_overlap",
                    node="n0",
                    start_field="开始日期",
                    end_field="结束日期",
                    start=start,
                    end=end,
                )
            )
            self.slots.append(("时间", f"合同期与 {_range_text(start, end)} 重叠"))
            self.notes.append(f"口径：按项目合同期（开始日期—结束日期）与 {_range_text(start, end)} 重叠判断")
            return
        raise _needs_llm("无法确定时间条件作用在哪个字段上")

    def _coverage(self, start: str, end: str, strict: bool) -> None:
        cov = check_coverage(start, end, self.ctx.schema.months)
        if cov.none:
            raise _Stop(UnderstandingStatus.INSUFFICIENT, cov.message() + "。")
        if cov.missing:
            if strict:
                raise _Stop(UnderstandingStatus.INSUFFICIENT, cov.message() + "，无法判断每个月的情况。")
            self.notes.append(cov.message() + "，只按已有月份计算")

    # ---------------------------------------------------------------- output

    def _output(
        self,
        b: _StepBuilder,
        target: str,
        entity: str,
        metric: tuple[str, str, bool] | None,
        metric_ref: FieldRef | None,
        agg_cue: str | None,
        group_target: tuple[str, str | None] | None,
        group_node: FieldRef | None,
        compare_anchors: list[_Anchor],
        status_anchor: _Anchor | None,
        derived_names: set[str],
    ) -> QueryPlan:
        exist = bool(self.cue("existence")) or self._yes_no()
        count = bool(self.cue("count"))
        which = bool(self.cue("which") or self.cue("list")) or self._superlative_names_label(agg_cue, target)
        trend = bool(self.cue("trend"))
        compare = bool(self.cue("compare"))
        tops = self.p.of("top")
        for c in (
            "existence",
            "count",
            "which",
            "list",
            "trend",
            "compare",
            "status",
            "sum",
            "avg",
            "max",
            "min",
            "all",
        ):
            for m in self.cue(c):
                self.use(m)
        step = self._finish(b, description=f"查找{entity}")
        # ---------------- grouping
        group_by: list[FieldRef] = []
        if group_target is not None:
            glabel, gfield = group_target
            if gfield is not None:
                galias = b.alias_of(glabel)
                if galias is None:
                    galias = "n0" if b.has_prop(b.entity, gfield) else b.ensure(glabel)
                group_by = [FieldRef(node=galias, field=gfield)]
            else:
                galias = b.ensure(glabel)
                group_by = [FieldRef(node=galias, field=None)]
            step = self._finish(b, description=f"查找{entity}")
            self.slots.append(("分组", gfield or glabel))
        if trend and not group_by:
            malias = next(
                (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab)), None
            )
            if malias is None:
                raise _needs_llm("趋势问题需要按月份的数据（如考勤、财务）")
            group_by = [FieldRef(node=malias, field="年月")]
            self.slots.append(("分组", "年月"))
        if compare and not group_by:
            if compare_anchors:
                lab = compare_anchors[0].label
                group_by = [FieldRef(node=b.alias_of(lab) or b.ensure(lab), field=None)]
                step = self._finish(b, description=f"查找{entity}")
            elif len(self.p.of("time")) >= 2:
                malias = next(
                    (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab)), None
                )
                if malias is None:
                    raise _needs_llm("对比的时间无法对应到按月份的数据")
                group_by = [FieldRef(node=malias, field="年月")]
            else:
                raise _needs_llm("对比问题需要至少两个对象或两个时间")
        if group_node is not None and not group_by and (agg_cue in ("max", "min") or trend or compare):
            group_by = [group_node]
        # ---------------- type
        extra = getattr(self, "_extra_fields", [])
        projection: list[FieldRef] = []
        if metric_ref is not None:
            projection.append(metric_ref)
        for lab, fld in extra:
            projection.append(FieldRef(node=b.alias_of(lab) or "n0", field=fld))
        for name in sorted(derived_names):
            d = next(x for x in step.derived if x.name == name)
            if not any(p.field == name for p in projection):
                projection.append(FieldRef(node=d.node, field=name))
        if exist:
            if group_by:
                raise _needs_llm("“有没有”的问题不能同时分组统计")
            return self._plan_of(QueryType.EXISTENCE, step, projection=projection)
        if metric_ref is not None and (agg_cue in ("max", "min")) and which:
            # 谁/哪个 … 最高: rank entities (or groups) by the metric, keep ties
            direction = "desc" if agg_cue == "max" else "asc"
            if group_by or entity != target:
                gb = group_by or ([group_node] if group_node else [])
                fn = AggFn.SUM if self._additive(metric) else (AggFn.MAX if agg_cue == "max" else AggFn.MIN)
                return self._plan_of(
                    QueryType.LIST,
                    step,
                    group_by=gb,
                    aggregate=Aggregate(fn=fn, node=metric_ref.node, field=metric_ref.field),
                    sort=[Sort(by="value", direction=direction)],
                    limit=self._top(tops) or 1,
                    with_ties=True,
                )
            return self._plan_of(
                QueryType.LIST,
                step,
                projection=projection,
                sort=[Sort(by="field", node=metric_ref.node, field=metric_ref.field, direction=direction)],
                limit=self._top(tops) or 1,
                with_ties=True,
            )
        if trend or compare:
            qt = QueryType.TREND if trend and not compare else QueryType.COMPARE
            agg = self._aggregate(metric, metric_ref, agg_cue, count_default=True)
            return self._plan_of(
                qt, step, group_by=group_by, aggregate=agg, sort=[Sort(by="group", direction="asc")]
            )
        if agg_cue is not None and metric_ref is not None:
            fn = {"sum": AggFn.SUM, "avg": AggFn.AVG, "max": AggFn.MAX, "min": AggFn.MIN}[agg_cue]
            if fn in (AggFn.SUM,) and not self._additive(metric):
                raise _needs_llm(f"「{metric_ref.field}」不适合求和")
            per = self._avg_per(b) if fn is AggFn.AVG else None
            if per is not None:
                step = self._finish(b, description=f"查找{entity}")
            agg = Aggregate(fn=fn, node=metric_ref.node, field=metric_ref.field, per=per)
            self.slots.append(
                ("计算", _FN_WORDS[fn.value] + (f"（先按{per.field or '对象'}合计）" if per else ""))
            )
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")] if group_by else [],
            )
        if status_anchor is not None and metric_ref is not None and not count:
            return self._plan_of(QueryType.STATUS, step, projection=projection)
        if count and metric_ref is not None and metric_ref.field and self._additive(metric) and not which:
            # 3月开票金额是多少 / 加班多少小时: a total over the matching records
            agg = Aggregate(fn=AggFn.SUM, node=metric_ref.node, field=metric_ref.field)
            self.slots.append(("计算", "合计"))
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")] if group_by else [],
            )
        if count:
            if metric_ref is not None and not self._additive(metric) and not which:
                return self._plan_of(QueryType.STATUS, step, projection=projection)
            counted = "n0"
            if entity != target and group_node is not None and not group_by:
                counted = group_node.node
            agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node=counted, field="_key")
            if group_by:
                return self._plan_of(
                    QueryType.AGGREGATE,
                    step,
                    group_by=group_by,
                    aggregate=agg,
                    sort=[Sort(by="value", direction="desc")],
                )
            return self._plan_of(QueryType.COUNT, step, aggregate=agg)
        if agg_cue is not None and metric_ref is None:
            if agg_cue in ("max", "min") and group_by:
                agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key")
                return self._plan_of(
                    QueryType.LIST,
                    step,
                    group_by=group_by,
                    aggregate=agg,
                    sort=[Sort(by="value", direction="desc" if agg_cue == "max" else "asc")],
                    limit=self._top(tops) or 1,
                    with_ties=True,
                )
            raise _needs_llm("没有指明要计算的字段")
        if group_by:
            agg = self._aggregate(metric, metric_ref, None, count_default=True)
            return self._plan_of(
                QueryType.AGGREGATE,
                step,
                group_by=group_by,
                aggregate=agg,
                sort=[Sort(by="value", direction="desc")],
            )
        if metric_ref is not None and not which:
            return self._plan_of(QueryType.STATUS, step, projection=projection)
        if entity != target and group_node is not None:
            return self._plan_of(
                QueryType.LIST, step.model_copy(), projection=projection, list_node=group_node.node
            )
        return self._plan_of(QueryType.LIST, step, projection=projection, limit=self._top(tops))

    def _avg_per(self, b: _StepBuilder) -> FieldRef | None:
        """平均每人 / 平均每月: sum per person (month, project) first, then average."""
        table = self.lx.avg_per
        for m in self.cue("avg"):
            per = table.get(m.text)
            if per is None:
                continue
            if per == "年月":
                alias = next(
                    (a for a, lab in b.labels().items() if "年月" in self.ctx.schema.key_fields(lab)), None
                )
                if alias is None:
                    raise _needs_llm("“平均每月”需要按月份的数据")
                self.notes.append("口径：平均每月：先按月合计，再对月份求平均")
                return FieldRef(node=alias, field="年月")
            alias = b.alias_of(per)
            if alias is not None:
                self.notes.append(f"口径：平均每{per}：先按{per}合计，再对{per}求平均")
                return FieldRef(node=alias, field=None)
            keys = self.ctx.schema.key_fields(per)
            for a, lab in b.labels().items():
                if len(keys) == 1 and b.has_prop(lab, keys[0]):
                    self.notes.append(
                        f"口径：平均每{'人' if per == '人员' else per}：先按{keys[0]}合计，再对{per}求平均"
                    )
                    return FieldRef(node=a, field=keys[0])
            alias = b.ensure(per)
            self.notes.append(f"口径：平均每{per}：先按{per}合计，再对{per}求平均")
            return FieldRef(node=alias, field=None)
        return None

    def _superlative_names_label(self, agg_cue: str | None, target: str) -> bool:
        """客户满意度最高的项目: a superlative followed by the label asks which one, not the number."""
        if agg_cue not in ("max", "min"):
            return False
        cues = self.cue(agg_cue)
        for m in self.p.lex("label"):
            ls = m.sense("label")
            if ls is not None and ls.get("label") == target and any(m.s >= c.e for c in cues):
                return True
        return False

    def _check_metric_owner(
        self, metric: tuple[str, str, bool], anchors: list[_Anchor], free: list[_M]
    ) -> None:
        """「A的F」where F belongs to another kind of record: fine when those records carry A's key
        (赵德胜的加班 → 考勤.工号, 园区的开票 → 财务.项目编号), otherwise F is probably not what the user
        meant (设备的状态 is not 项目.服务状态) and we must not guess."""
        mlabel, mfield, _ = metric
        named = {ls.get("label") for m in free if (ls := m.sense("label")) is not None}
        if mlabel in named:
            return
        for a in anchors:
            if a.label == mlabel:
                continue
            keys = self.ctx.schema.key_fields(a.label)
            info = self.ctx.schema.prop(mlabel, keys[0]) if len(keys) == 1 else None
            if info is None or not info.present:
                raise _needs_llm(f"「{mfield}」是{mlabel}的字段，不能直接用于{a.label}「{a.text}」")

    def _yes_no(self) -> bool:
        """赵德胜有消防证书吗 / 谢宇航1月有考勤记录吗: 有 … 吗 without a quantity is a yes/no question."""
        if not self.p.qn.endswith("吗") or self.cue("count") or self.cue("list") or self.cue("which"):
            return False
        return "有" in self.p.qn

    def _top(self, tops: list[_M]) -> int | None:
        for m in tops:
            self.use(m)
            return int(m.data)
        return None

    def _additive(self, metric: tuple[str, str, bool] | None) -> bool:
        return metric is not None and not metric[2] and metric[1] in self.lx.additive_fields

    def _aggregate(
        self, metric: tuple[str, str, bool] | None, ref: FieldRef | None, cue: str | None, count_default: bool
    ) -> Aggregate:
        if ref is not None and ref.field:
            fn = {"sum": AggFn.SUM, "avg": AggFn.AVG, "max": AggFn.MAX, "min": AggFn.MIN}.get(cue or "")
            if fn is None:
                fn = AggFn.SUM if self._additive(metric) else AggFn.AVG
            self.slots.append(("计算", _FN_WORDS[fn.value]))
            return Aggregate(fn=fn, node=ref.node, field=ref.field)
        self.slots.append(("计算", "计数"))
        return Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key")

    def _plan_of(
        self,
        qt: QueryType,
        step: Step,
        *,
        projection: list[FieldRef] | None = None,
        group_by: list[FieldRef] | None = None,
        aggregate: Aggregate | None = None,
        sort: list[Sort] | None = None,
        limit: int | None = None,
        with_ties: bool = False,
        list_node: str | None = None,
    ) -> QueryPlan:
        if list_node is not None and list_node != "n0":
            # 张三在哪个项目: list the other node → group by it without aggregation
            return QueryPlan(
                query_type=qt,
                steps=[step],
                group_by=[FieldRef(node=list_node, field=None)],
                aggregate=Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key"),
                sort=[Sort(by="group", direction="asc")],
                projection=projection or [],
                notes=[],
            )
        return QueryPlan(
            query_type=qt,
            steps=[step],
            projection=projection or [],
            group_by=group_by or [],
            aggregate=aggregate,
            sort=sort or [],
            limit=limit,
            with_ties=with_ties,
        )

    def _conditions(self, b: _StepBuilder, conds: list[_M]) -> None:
        for m in conds:
            cs = m.sense("condition")
            assert cs is not None
            lab = cs.get("label")
            neg = self._negation_before(m)
            if neg is not None:
                if cs.get("field") or cs.get("op") != "exists":
                    raise _needs_llm("否定的条件暂不支持（如“没有加班”），请换一种问法")
                # 没有证书 / 没排班: records that have no such related record at all
                self._negated_hop(b, neg, m, lab)
                continue
            alias = b.ensure(lab) if lab != b.entity else "n0"
            if cs.get("field"):
                b.filters.append(
                    Filter(
                        node=alias,
                        field=cs.get("field"),
                        op=Op(cs.get("op")),
                        value=cs.get("value"),
                        value_source=ValueSource.DERIVED,
                        text=m.text,
                    )
                )
            self.slots.append(("条件", cs.get("text") or m.text))
            self.use(m)

    def _derived_conditions(self, b: _StepBuilder) -> None:
        """已过期的证书 / 已到期的项目: a derived attribute with a fixed condition."""
        for m in self.p.lex("derived_condition"):
            ds = m.sense("derived_condition")
            assert ds is not None
            row = self.lx.derived_row(ds.get("derived"))
            if row is None:
                raise _needs_llm(f"无法换算「{m.text}」")
            lab = ds.get("label")
            alias = "n0" if lab == b.entity else b.ensure(lab)
            name = row["name"]
            if not any(d.name == name and d.node == alias for d in b.derived):
                b.derived.append(
                    Derived(name=name, node=alias, expression=row["expression"], unit=row.get("unit"))
                )
            b.filters.append(
                Filter(
                    node=alias,
                    field=name,
                    op=Op(ds.get("op")),
                    value=ds.get("value"),
                    value_source=ValueSource.DERIVED,
                    text=m.text,
                )
            )
            self.slots.append(("条件", ds.get("text") or m.text))
            self.notes.append(f"口径：{m.text}指{ds.get('text')}（按今天 {self.ctx.today.isoformat()} 判断）")
            self.use(m)

    # ---------------------------------------------------------------- every month / consecutive months

    def _monthly_condition(self) -> bool:
        for m in self.p.lex("condition"):
            cs = m.sense("condition")
            if cs is not None and cs.get("label") in _MONTHLY_LABELS:
                return True
        for m in self.p.lex("field"):
            fs = m.sense("field")
            if fs is not None and fs.get("label") in _MONTHLY_LABELS:
                nxt = self.p.next_after(m)
                if nxt is not None and nxt.kind == "num":
                    return True
        return False

    def _each_month_request(self) -> tuple[list[list[str]], str] | None:
        """连续三个月都… / 3月和4月都… → the month windows that must all hold, or None."""
        cons = self.p.of("consecutive")
        times = self.p.of("time")
        if not cons and not (self.cue("all") and times and self._monthly_condition()):
            return None
        if not self._monthly_condition():
            raise _needs_llm("“连续几个月/每个月都”需要一个按月记录的条件（如加班、出勤）")
        if cons:
            n = int(cons[0].data)
            self.use(cons[0])
            if times:
                start = min(t.data.start for t in times)
                end = max(t.data.end for t in times)
                self._coverage(start, end, strict=True)
                months = month_list(start, end)
            else:
                months = list(self.ctx.schema.months)
                if not months:
                    raise _Stop(UnderstandingStatus.INSUFFICIENT, "数据中没有任何月份的记录")
            if n < 2 or n > len(months):
                raise _Stop(
                    UnderstandingStatus.INSUFFICIENT,
                    f"数据只覆盖 {len(months)} 个月（{months[0]} 至 {months[-1]}），无法判断连续 {n} 个月",
                )
            windows = [
                months[i : i + n]
                for i in range(len(months) - n + 1)
                if months[i + n - 1] == add_months(months[i], n - 1)
            ]
            if not windows:
                raise _Stop(UnderstandingStatus.INSUFFICIENT, f"数据中没有连续 {n} 个月的记录")
            desc = f"在 {months[0]} 至 {months[-1]} 中任意连续 {n} 个月每个月都满足条件"
        else:
            months = sorted({k for t in times for k in month_list(t.data.start, t.data.end)})
            if len(months) < 2:
                return None
            self._coverage(months[0], months[-1], strict=False)
            missing = [m for m in months if m not in self.ctx.schema.months]
            if missing:
                cov = check_coverage(months[0], months[-1], self.ctx.schema.months)
                raise _Stop(UnderstandingStatus.INSUFFICIENT, cov.message() + "，无法判断每个月的情况。")
            windows = [months]
            desc = f"{'、'.join(months)} 每个月都满足条件"
        for t in times:
            self.use(t)
        for c in ("all", "trend"):
            for m in self.cue(c):
                self.use(m)
        used_months = sorted({m for w in windows for m in w})
        if len(used_months) > MAX_SET_STEPS or len(windows) > 8:
            raise _needs_llm("涉及的月份太多，请缩小时间范围")
        return windows, desc

    def _each_month(self, req: tuple[list[list[str]], str], anchors: list[_Anchor]) -> QueryPlan:
        windows, desc = req
        labels_free = self._free_labels(anchors)
        target = self._pick_free_label(labels_free) if labels_free else "人员"
        b = _StepBuilder(self.ctx, self.lx, target)
        for a in self._merge_anchors(anchors):
            b.attach_key(a)
            self.slots.append(("条件", f"{a.label} = {'、'.join(a.displays)}"))
        self._values(b)
        self._conditions(b, self.p.lex("condition"))
        self._numbers_and_derived(b, self.p.of("num"), self.p.lex("field"), self.p.lex("derived"))
        monthly = next((a for a, lab in b.labels().items() if lab in _MONTHLY_LABELS), None)
        if monthly is None:
            raise _needs_llm("无法确定按月判断的记录")
        base = self._finish(b, description=f"满足条件的{target}")
        months = sorted({m for w in windows for m in w})
        sid = {m: f"s{i}" for i, m in enumerate(months, start=1)}
        steps = [
            base.model_copy(
                update={
                    "id": sid[m],
                    "time": [
                        *base.time,
                        TimeFilter(kind="month_eq", node=monthly, field="年月", start=m, end=m),
                    ],
                    "description": f"{m} 满足条件的{target}",
                }
            )
            for m in months
        ]
        combine = [
            Combine(id=f"c{j}", op="intersection", steps=[sid[m] for m in w])
            for j, w in enumerate(windows, start=1)
        ]
        if len(combine) > 1:
            combine.append(Combine(id=f"c{len(combine) + 1}", op="union", steps=[c.id for c in combine]))
        for m in self.p.lex("label"):
            self.use(m)
        qt = QueryType.LIST
        if self.cue("existence"):
            qt = QueryType.EXISTENCE
        elif self.cue("count") and not self.cue("list"):
            qt = QueryType.COUNT
        for c in ("existence", "count", "which", "list"):
            for m in self.cue(c):
                self.use(m)
        self.notes.append("口径：" + desc)
        self.slots.append(("分析", desc))
        agg = Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
        return QueryPlan(query_type=qt, steps=steps, combine=combine, aggregate=agg)

    # ---------------------------------------------------------------- built-in analyses

    def _analysis(self, m: _M, anchors: list[_Anchor]) -> QueryPlan:
        a = m.sense("analysis")
        assert a is not None
        self.use(m)
        for c in ("existence", "count", "which", "list", "status"):
            for x in self.cue(c):
                self.use(x)
        allowed = {"absence": ("人员", "考勤"), "no_staff": ("项目", "人员")}.get(a.name, ())
        for lm in self.p.lex("label"):
            ls = lm.sense("label")
            if ls is not None and ls.get("label") in allowed:
                self.use(lm)
        times = self.p.of("time")
        for t in times:
            self.use(t)
        qt = (
            QueryType.COUNT
            if self.cue("count") and not (self.cue("list") or self.cue("which"))
            else QueryType.LIST
        )
        if self.cue("existence"):
            qt = QueryType.EXISTENCE
        if a.name == "absence":
            if len(times) != 1 or not times[0].data.is_single_month:
                raise _Stop(UnderstandingStatus.CLARIFY, "缺勤分析需要指明一个月份，例如“3月哪些人缺勤”")
            month = times[0].data.start
            self._coverage(month, month, strict=True)
            s1 = _StepBuilder(self.ctx, self.lx, "人员")
            s1.add_path("n0", "项目")
            s1.time.append(
                TimeFilter(
                    kind="period_overlap",
                    node="r1",
                    start_field="开始",
                    end_field="结束",
                    start=month,
                    end=month,
                )
            )
            s2 = _StepBuilder(self.ctx, self.lx, "人员")
            s2.add_path("n0", "考勤")
            s2.time.append(TimeFilter(kind="month_eq", node="n1", field="年月", start=month, end=month))
            for an in self._merge_anchors(anchors):
                if an.label == "项目":
                    s1.filters.append(
                        Filter(
                            node="n1",
                            field="_key",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                    s2.filters.append(
                        Filter(
                            node="n1",
                            field="项目编号",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                elif an.label == "人员":
                    s1.filters.append(
                        Filter(
                            node="n0",
                            field="_key",
                            op=Op.IN,
                            value=an.keys,
                            value_source=ValueSource.GROUNDED,
                            text=an.text,
                        )
                    )
                else:
                    raise _needs_llm("缺勤分析只支持按项目或人员筛选")
                self.slots.append(("条件", f"{an.label} = {'、'.join(an.displays)}"))
            self._values(s1)
            step1 = s1.finish("s1", description=f"{month} 服务期内在册的人员")
            step2 = s2.finish("s2", description=f"{month} 有考勤记录的人员")
            self.slots.append(("分析", f"{month} 在册但没有考勤记录的人员"))
            self.notes.append(f"口径：缺勤指{month} 服务期内在册（服务于关系与该月重叠），但该月没有考勤记录")
            agg = (
                Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
            )
            return QueryPlan(
                query_type=qt,
                steps=[step1, step2],
                combine=[Combine(op="difference", steps=["s1", "s2"])],
                aggregate=agg,
            )
        if a.name == "no_staff":
            b = _StepBuilder(self.ctx, self.lx, "项目")
            for an in self._merge_anchors(anchors):
                b.attach_key(an)
            self._values(b)
            b.add_path("n0", "人员", negate=True)
            b.pending_defaults.clear()  # any 服务于 edge counts as staff, not only the declared one
            if times:
                tm = times[0].data
                self._coverage(tm.start, tm.end, strict=False)
                b.time.append(
                    TimeFilter(
                        kind="period_overlap",
                        node="r1",
                        start_field="开始",
                        end_field="结束",
                        start=tm.start,
                        end=tm.end,
                    )
                )
                self.notes.append(f"口径：{tm.label()} 没有任何服务期重叠的人员")
            else:
                self.notes.append("口径：没有任何人员的服务于关系（含人员信息登记与考勤/排班记录）")
            self.slots.append(("分析", "没有人员服务的项目"))
            step = b.finish(description="没有人员服务的项目")
            agg = (
                Aggregate(fn=AggFn.COUNT_DISTINCT, node="n0", field="_key") if qt is QueryType.COUNT else None
            )
            return QueryPlan(query_type=qt, steps=[step], aggregate=agg)
        raise _needs_llm("不支持的分析")


def _expr_fields(expression: str) -> set[str]:
    from kgdesk.qa.expressions import names

    return names(expression)


def _range_text(start: str, end: str) -> str:
    return start if start == end else f"{start} 至 {end}"


__all__ = ["NEEDS_LLM_MESSAGE", "DeterministicPlanner"]


_MONTHLY_LABELS = ("考勤", "排班月报")
