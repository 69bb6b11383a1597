"""Grounding: names in a question → node keys, words → canonical values, with confidences.

Entities: an in-memory index over the names of the published graph (项目 编号/名称/简称/地址/甲方,
人员 工号/姓名, 片区, 设备, 供应商). Matching goes normalised exact (1.0) → contains (0.75–1.0) →
character similarity (difflib, below 0.75: only ever offered as a candidate) → an optional
embedding similarity (candidates only). Renewal projects sharing a name prefer the one 服务中;
anything still ambiguous becomes candidates for the user, never a silent guess.

Values: the distinct values of low-cardinality fields from the meta-schema (保安 → 保安_领班,
保安_普保), so filters use values that really exist in the graph.
"""

from __future__ import annotations

import difflib
import logging
import os
import threading
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from kgdesk.errors import ConfigError
from kgdesk.graph.similarity import LexicalSimilarity
from kgdesk.qa.compiler import index_query
from kgdesk.qa.executor import Provenance, provenance
from kgdesk.qa.lexicon import Lexicon, normalize
from kgdesk.qa.schema import SchemaView

log = logging.getLogger(__name__)

EXACT = 1.0
CONTAINS_MIN = 0.75
ACCEPT = 0.75
FUZZY_MIN = 0.5
EMBED_MIN = 0.55
PARTIAL_MIN = 4
PREFER_ACTIVE = "服务中"
MAX_NAME_CHARS = 200
"""Names are matched on their first 200 characters: longer cells (a pasted paragraph) cost
bounded time and memory per question; their exact text still matches by `by_norm`."""


@dataclass(frozen=True)
class Entry:
    """One searchable name of one node."""

    label: str
    key: str
    display: str
    field: str
    role: str  # key | code | name | attribute
    text: str
    norm: str
    status: str | None = None
    exact_only: bool = False
    """Short personal names: a part of one (王海 of 王海涛) is never taken as that person."""
    sources: tuple[Provenance, ...] = dc_field(default=(), compare=False, hash=False)
    """The rows this node came from: cited when an answer is "none" about this entity."""


@dataclass(frozen=True)
class Candidate:
    entry: Entry
    confidence: float
    method: str  # exact | contains | abbreviation | fuzzy | embedding | active

    def describe(self) -> str:
        return self.entry.display or self.entry.key


@dataclass
class Grounding:
    """What one mention resolved to."""

    text: str
    label: str | None
    candidates: list[Candidate] = field(default_factory=list)
    chosen: Candidate | None = None
    attribute: tuple[str, str, str] | None = None
    """(label, field, value) when the words are a shared attribute (甲方名称…), not one entity."""
    note: str = ""

    @property
    def resolved(self) -> bool:
        return self.chosen is not None or self.attribute is not None

    @property
    def ambiguous(self) -> bool:
        return not self.resolved and bool(self.candidates)


# ---------------------------------------------------------------- embeddings


@runtime_checkable
class Embedder(Protocol):
    """Similarity of a query text to candidate texts, 0..1. Lexical by default; a sentence-transformers
    model only when one is already on disk (KGDESK_EMBEDDING_MODEL)."""

    name: str

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]: ...


class LexicalEmbedder:
    name = "lexical-bigram"

    def __init__(self) -> None:
        self._sim = LexicalSimilarity()

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        return self._sim.matrix([query], list(texts))[0]


class SentenceTransformerEmbedder:
    """Loads the model lazily, from a local folder only: never downloads (no network at run time)."""

    def __init__(self, model_dir: str | Path) -> None:
        self.model_dir = Path(model_dir)
        self.name = f"sentence-transformers:{self.model_dir.name}"
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                if not self.model_dir.is_dir():
                    raise ConfigError(f"向量模型目录不存在：{self.model_dir}")
                try:
                    from sentence_transformers import SentenceTransformer
                except ImportError as e:
                    raise ConfigError(
                        "未安装 sentence-transformers，无法使用向量模型；已改用字面相似度"
                    ) from e
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                self._model = SentenceTransformer(str(self.model_dir), local_files_only=True)
            return self._model

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        import numpy as np

        model = self._load()
        vecs = np.asarray(model.encode([query, *texts], normalize_embeddings=True), dtype=float)
        sims = vecs[1:] @ vecs[0]
        return [float(max(0.0, min(1.0, s))) for s in sims]


def default_embedder() -> Embedder:
    path = os.environ.get("KGDESK_EMBEDDING_MODEL")
    if path and Path(path).is_dir():
        return SentenceTransformerEmbedder(path)
    return LexicalEmbedder()


# ---------------------------------------------------------------- entity index


class EntityIndex:
    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries: list[Entry] = list(entries)
        self.by_norm: dict[str, list[Entry]] = defaultdict(list)
        self.by_code: dict[str, list[Entry]] = defaultdict(list)
        self._chars: dict[str, set[int]] = defaultdict(set)
        self._displays: dict[tuple[str, str], str] | None = None
        self._subs: dict[str, set[int]] | None = None
        self._subs_n = 0
        self.sensitive_values: dict[tuple[str, str], tuple[Any, ...]] = {}
        self.field_words: frozenset[str] = frozenset()
        """Field names, field synonyms and measures (金额, 原值, 合同金额): never offered as a fuzzy name."""
        """Values of sensitive low-cardinality fields (政治面貌), which the meta-schema does not
        list: for grounding a word of the question (中共党员) as a condition, never for display."""
        for i, e in enumerate(self.entries):
            if len(e.norm) >= 2 or e.role in ("key", "code"):
                self.by_norm[e.norm].append(e)
            if e.role in ("key", "code"):
                self.by_code[e.norm].append(e)
            for ch in set(e.norm):
                self._chars[ch].add(i)
        # longest first, so 青浦-区图书馆 wins over 图书馆
        self._norms = sorted(self.by_norm, key=len, reverse=True)

    @classmethod
    def from_rows(cls, rows: Iterable[dict[str, Any]], lexicon: Lexicon) -> EntityIndex:
        """rows: {"label", "_key", "_display", <fields>, "服务状态"?} — for tests and for build()."""
        roles = [(f["label"], f["field"], f["role"]) for f in lexicon.index_fields]
        exact_only = {(f["label"], f["field"]) for f in lexicon.index_fields if f.get("exact_only")}
        out: list[Entry] = []
        for row in rows:
            label = row["label"]
            srcs = tuple(provenance(row))
            for lab, fld, role in roles:
                if lab != label:
                    continue
                values = row.get(fld)
                for v in values if isinstance(values, list) else [values]:
                    if v is None or str(v).strip() == "":
                        continue
                    text = str(v).strip()
                    status = row.get("服务状态")
                    out.append(
                        Entry(
                            label=label,
                            key=str(row["_key"]),
                            display=str(row.get("_display") or row["_key"]),
                            field=fld,
                            role=role,
                            text=text,
                            norm=normalize(text),
                            status=str(status) if isinstance(status, str) else None,
                            sources=srcs,
                            exact_only=(label, fld) in exact_only,
                        )
                    )
        index = cls(out)
        index.field_words = _lexicon_field_words(lexicon)
        return index

    @classmethod
    def build(cls, reader: Any, schema: SchemaView, lexicon: Lexicon) -> EntityIndex:
        fields_by_label: dict[str, list[str]] = defaultdict(list)
        for f in lexicon.index_fields:
            fields_by_label[f["label"]].append(f["field"])
        rows: list[dict[str, Any]] = []
        sensitive: dict[tuple[str, str], set[Any]] = {}
        for label, fields in fields_by_label.items():
            extra = ["服务状态"] if label == "项目" else []
            info = schema.labels.get(label)
            hidden = [
                n
                for n, p in (info.properties.items() if info is not None else ())
                if p.sensitive and p.type in ("文本", "枚举") and p.distinct is not None and 0 < p.distinct <= 50
            ]
            q = index_query(schema, label, [*fields, *extra, *hidden])
            if q is None:
                continue
            for r in reader.run(q).rows:
                row = {"label": label, **r["n0"]}
                for n in hidden:
                    v = row.pop(n, None)
                    if isinstance(v, str) and v.strip():
                        sensitive.setdefault((label, n), set()).add(v)
                rows.append(row)
        index = cls.from_rows(rows, lexicon)
        index.sensitive_values = {k: tuple(sorted(v)) for k, v in sensitive.items()}
        index.field_words = index.field_words | {
            normalize(n) for info in schema.labels.values() for n in info.properties
        }
        return index

    # ---------------------------------------------------------------- look-ups

    def displays(self) -> dict[tuple[str, str], str]:
        """(label, key) → standard name, computed once per index (one index per version)."""
        if self._displays is None:
            table: dict[tuple[str, str], str] = {}
            for e in self.entries:
                table.setdefault((e.label, e.key), e.display)
            self._displays = table
        return self._displays

    def code(self, text: str) -> list[Entry]:
        return list(self.by_code.get(normalize(text), []))

    def scan(self, qnorm: str) -> list[tuple[int, int, list[Entry]]]:
        """Exact occurrences of indexed names in a normalised question: (start, end, entries)."""
        found: list[tuple[int, int, list[Entry]]] = []
        for norm in self._norms:
            if len(norm) < 2:
                continue
            start = qnorm.find(norm)
            while start >= 0:
                found.append((start, start + len(norm), self.by_norm[norm]))
                start = qnorm.find(norm, start + 1)
        return found

    def partial_scan(
        self, qn: str, free: Any, min_len: int = PARTIAL_MIN
    ) -> list[tuple[int, int, list[Entry]]]:
        """Stretches of the question (4+ characters) that are part of exactly the names of some
        entities: 环境监测中心 in 徐汇-环境监测中心. Longest first; `free(s, e)` says what is unclaimed."""
        grams = self._gram_index(min_len)
        found: list[tuple[int, int, list[Entry]]] = []
        for length in range(min(len(qn), MAX_NAME_CHARS), min_len - 1, -1):
            for start in range(0, len(qn) - length + 1):
                end = start + length
                if not free(start, end) or any(start < fe and end > fs for fs, fe, _ in found):
                    continue
                hit = self._containing(qn[start:end], grams, min_len)
                if hit:
                    found.append((start, end, [self.entries[i] for i in hit]))
        return found

    def _gram_index(self, n: int) -> dict[str, set[int]]:
        """n-grams of the (capped) names → entries: linear in the names' length, where indexing
        every substring was quadratic (a 2,000-character 项目名称 cost gigabytes per question)."""
        if self._subs is None or self._subs_n != n:
            grams: dict[str, set[int]] = defaultdict(set)
            for i, e in enumerate(self.entries):
                if e.role != "name" or e.exact_only:
                    continue
                name = e.norm[:MAX_NAME_CHARS]
                for a in range(len(name) - n + 1):
                    grams[name[a : a + n]].add(i)
            self._subs, self._subs_n = grams, n
        return self._subs

    def _containing(self, sub: str, grams: dict[str, set[int]], n: int) -> list[int]:
        """Entries whose (capped) name contains `sub`: the intersection of its n-grams' entries,
        checked literally."""
        hit: set[int] | None = None
        for a in range(0, len(sub) - n + 1):
            ids = grams.get(sub[a : a + n])
            if not ids:
                return []
            hit = set(ids) if hit is None else hit & ids
            if not hit:
                return []
        return sorted(i for i in hit or () if sub in self.entries[i].norm[:MAX_NAME_CHARS])

    def ground(self, text: str, label: str | None = None, embedder: Embedder | None = None) -> Grounding:
        """Resolve free words (a leftover of the question) to one entity, an attribute, or candidates."""
        norm = normalize(text)
        g = Grounding(text=text, label=label)
        if len(norm) < 2:
            return g
        pool = [e for e in self.entries if label is None or e.label == label]
        exact = [e for e in self.by_norm.get(norm, []) if label is None or e.label == label]
        if exact:
            return resolve_exact(text, exact, label)
        scored: dict[tuple[str, str], Candidate] = {}

        def offer(c: Candidate) -> None:
            k = (c.entry.label, c.entry.key)
            if k not in scored or scored[k].confidence < c.confidence:
                scored[k] = c

        for e in pool:
            if e.role == "attribute":
                continue
            if len(e.norm) >= 2 and (norm in e.norm or e.norm in norm):
                short, long_ = sorted((len(norm), len(e.norm)))
                offer(
                    Candidate(
                        e,
                        round(CONTAINS_MIN + 0.25 * short / long_, 3) - (0.0 if short == long_ else 0.001),
                        "contains",
                    )
                )
        if not scored:
            for c in _abbreviations(norm, pool):
                offer(c)
        shared: set[int] = set()
        for ch in set(norm) if norm not in self.field_words else ():
            shared |= self._chars.get(ch, set())
        for i in shared:
            e = self.entries[i]
            if (
                (label is not None and e.label != label)
                or e.role == "attribute"
                or (e.label, e.key) in scored
                or (len(norm) == 2 and len(set(norm) & set(e.norm)) < 2)
            ):
                continue
            ratio = difflib.SequenceMatcher(None, norm[:MAX_NAME_CHARS], e.norm[:MAX_NAME_CHARS]).ratio()
            if ratio >= FUZZY_MIN:
                offer(Candidate(e, round(min(ratio, 0.999) * 0.74, 3), "fuzzy"))
        if not scored and embedder is not None and not isinstance(embedder, LexicalEmbedder):
            names = [e for e in pool if e.role in ("name", "key")]
            try:
                sims = embedder.similarities(text, [e.text for e in names])
            except ConfigError as err:
                log.warning("embedding grounding unavailable: %s", err)
                sims = []
            for e, s in sorted(zip(names, sims, strict=False), key=lambda x: -x[1])[:3]:
                if s >= EMBED_MIN:
                    offer(Candidate(e, round(min(s, 0.999) * 0.74, 3), "embedding"))
        cands = _drop_stray_labels(sorted(scored.values(), key=lambda c: (-c.confidence, c.entry.key)))
        g.candidates = cands[:8]
        strong = [c for c in cands if c.confidence >= ACCEPT]
        chosen = strong[0] if len(strong) == 1 else _prefer_active(strong)
        if chosen is not None and _strong(norm, chosen):
            g.chosen = chosen
            if len(strong) > 1:
                g.note = f"同名项目中选择了服务中的 {chosen.describe()}"
        return g


def _lexicon_field_words(lexicon: Lexicon) -> frozenset[str]:
    """The lexicon's field synonyms and measure words (the 金额 of 「金额合计」 is a field, never the person 金晨)."""
    words = {normalize(t) for t, _label, _field in lexicon.field_terms()}
    for row in lexicon.derived:
        words |= {normalize(t) for t in row.get("terms", [])}
    return frozenset(w for w in words if len(w) >= 2)


ABBREVIATION = 0.8
"""川沙医院 for 川沙人民医院: same head, same tail, a few middle characters left out — above ACCEPT,
so one such name is taken (with its name shown); several stay choices."""


def _abbreviations(norm: str, pool: Sequence[Entry]) -> list[Candidate]:
    """Names `norm` abbreviates by leaving out one run of at most three middle characters (川沙|人民|医院
    → 川沙医院), keeping at least two characters on each side; two gaps (徐汇|区|政务|服务|中心 → 徐汇政务中心)
    are only similar, never taken."""
    if len(norm) < 4:
        return []
    out = []
    for e in pool:
        gap = len(e.norm) - len(norm)
        if e.role != "name" or not 0 < gap <= 3:
            continue
        if any(e.norm[:i] == norm[:i] and e.norm[i + gap :] == norm[i:] for i in range(2, len(norm) - 1)):
            out.append(Candidate(e, ABBREVIATION, "abbreviation"))
    return out


def _drop_stray_labels(cands: list[Candidate]) -> list[Candidate]:
    """张江 is contained in two project names and only looks a little like the person 张刚 (fuzzy
    0.37): when the words are literally part of some names, similarity-only candidates of another
    kind of node are noise, not an alternative worth offering (original notes §6.2: low confidence
    candidates are for when nothing matched lexically)."""
    literal = {c.entry.label for c in cands if c.method in ("exact", "contains")}
    if not literal:
        return cands
    return [c for c in cands if c.method in ("exact", "contains") or c.entry.label in literal]


def _strong(norm: str, c: Candidate) -> bool:
    """A contained fragment identifies an entity only when it is specific enough: 3+ characters,
    or 2 characters covering half of the name (北斗 → 北斗园区, never 服务 → 区政务服务中心)."""
    if c.method != "contains":
        return True
    if c.entry.exact_only:
        return False
    short, long_ = sorted((len(norm), len(c.entry.norm)))
    return short >= 3 or (short == 2 and short / long_ >= 0.5)


def _prefer_active(cands: list[Candidate]) -> Candidate | None:
    """Renewals share a name: when all candidates are projects with the same name, take the one 服务中."""
    if not cands or any(c.entry.label != "项目" for c in cands):
        return None
    names = {c.entry.norm for c in cands}
    if len(names) != 1:
        return None
    active = [c for c in cands if c.entry.status == PREFER_ACTIVE]
    if len(active) == 1:
        return Candidate(active[0].entry, min(active[0].confidence, 0.95), "active")
    return None


def resolve_partial(text: str, entries: list[Entry]) -> Grounding:
    """Words that are part of entity names: one entity (or one active renewal) is chosen with a
    contains confidence; several become candidates for the user."""
    g = Grounding(text=text, label=None)
    norm = text
    by_key: dict[tuple[str, str], Candidate] = {}
    for e in entries:
        conf = round(CONTAINS_MIN + 0.25 * len(norm) / max(len(e.norm), 1), 3)
        c = Candidate(e, min(conf, 0.999), "contains")
        k = (e.label, e.key)
        if k not in by_key or by_key[k].confidence < c.confidence:
            by_key[k] = c
    cands = sorted(by_key.values(), key=lambda c: (-c.confidence, c.entry.key))
    g.candidates = cands[:8]
    chosen = cands[0] if len(cands) == 1 else _prefer_active(cands)
    if chosen is not None:
        g.chosen = chosen
        if len(cands) > 1:
            g.note = f"同名项目中选择了服务中的 {chosen.describe()}"
    return g


def resolve_exact(text: str, entries: list[Entry], label: str | None = None) -> Grounding:
    """Entries whose name equals the words exactly: one entity, a shared attribute, or candidates."""
    g = Grounding(text=text, label=label)
    ident = [e for e in entries if e.role in ("key", "code", "name")]
    if not ident:
        attrs = {(e.label, e.field) for e in entries}
        if len(attrs) == 1:
            lab, fld = next(iter(attrs))
            g.attribute = (lab, fld, entries[0].text)
            return g
        g.candidates = [Candidate(e, EXACT, "exact") for e in entries[:8]]
        return g
    by_key: dict[tuple[str, str], Entry] = {}
    for e in ident:
        by_key.setdefault((e.label, e.key), e)
    cands = [Candidate(e, EXACT, "exact") for e in by_key.values()]
    g.candidates = cands
    if len(cands) == 1:
        g.chosen = cands[0]
        return g
    chosen = _prefer_active(cands)
    if chosen is not None:
        g.chosen = chosen
        g.note = f"同名项目中选择了服务中的 {chosen.describe()}"
    return g


# ---------------------------------------------------------------- values


_CACHE: dict[tuple[int, str], EntityIndex] = {}
_CACHE_LOCK = threading.Lock()


def entity_index(reader: Any, schema: SchemaView, lexicon: Lexicon) -> EntityIndex:
    """One index per (graph connection, version): rebuilt only when a new version is published."""
    key = (id(reader.driver), schema.version)
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
    if cached is not None:
        return cached
    idx = EntityIndex.build(reader, schema, lexicon)
    with _CACHE_LOCK:
        for k in [k for k in _CACHE if k[0] == key[0]]:
            del _CACHE[k]
        _CACHE[key] = idx
    return idx
