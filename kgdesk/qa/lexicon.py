"""The concept lexicon, kept as data (data/qa/lexicon.json): user wording → schema concepts.

`Lexicon.phrases()` flattens every term into (term, sense) pairs for the planner's longest-match
scanner; a term may carry several senses (中标 is a value and a date verb) that the planner
resolves from context.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from kgdesk.errors import ConfigError
from kgdesk.paths import data_dir


def _kept(ch: str) -> bool:
    return not ch.isspace() and unicodedata.category(ch)[0] not in "PZC"


def normalize(text: str) -> str:
    """NFKC, case-folded, without spaces and punctuation: how questions and names are compared
    (青浦-区图书馆 = 青浦区图书馆, 保安_领班 = 保安领班)."""
    return normalize_with_map(unicodedata.normalize("NFKC", text))[0]


def normalize_with_map(text: str) -> tuple[str, list[int]]:
    """`normalize` of an already NFKC text, with the index in `text` of every kept character.
    NFKC may change lengths, so callers pass text that is NFKC already."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        decimal_point = (
            ch == "." and 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()
        )
        if _kept(ch) or decimal_point or ch == "%":  # 0.1 is not 01; 10% is not 10
            out.append(ch.lower() if len(ch.lower()) == 1 else ch)
            where.append(i)
    return "".join(out), where


@dataclass(frozen=True)
class Sense:
    """One meaning of a term. `kind` says which table it came from; `data` the table row."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    name: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True)
class Lexicon:
    raw: dict[str, Any]

    @property
    def labels(self) -> dict[str, list[str]]:
        return dict(self.raw.get("labels", {}))

    @property
    def label_preference(self) -> list[str]:
        return list(self.raw.get("label_preference", []))

    @property
    def index_fields(self) -> list[dict[str, str]]:
        return list(self.raw.get("index_fields", []))

    @property
    def additive_fields(self) -> set[str]:
        return set(self.raw.get("additive_fields", []))

    @property
    def free_text_fields(self) -> set[str]:
        return set(self.raw.get("free_text_fields", []))

    @property
    def field_label_preference(self) -> dict[str, str]:
        return dict(self.raw.get("field_label_preference", {}))

    @property
    def role_relationships(self) -> set[str]:
        return set(self.raw.get("role_relationships", []))

    @property
    def paths(self) -> list[dict[str, Any]]:
        return list(self.raw.get("paths", []))

    @property
    def derived(self) -> list[dict[str, Any]]:
        return list(self.raw.get("derived", []))

    @property
    def expiry_fields(self) -> dict[str, str]:
        return dict(self.raw.get("expiry_fields", {}))

    @property
    def units(self) -> dict[str, dict[str, Any]]:
        """Units after a number; a colloquial unit (钟头) names its standard unit in `same_as` and
        takes that unit's kind and factor."""
        raw = dict(self.raw.get("units", {}))
        return {u: {**raw.get(str(i.get("same_as")), {}), **i} for u, i in raw.items()}

    def unit_aliases(self) -> dict[str, str]:
        """Colloquial unit → its standard unit (钟头 → 小时)."""
        return {u: str(i["same_as"]) for u, i in self.raw.get("units", {}).items() if i.get("same_as")}

    @property
    def unit_fields(self) -> dict[str, list[str]]:
        out = dict(self.raw.get("unit_fields", {}))
        for alias, unit in self.unit_aliases().items():
            if unit in out:
                out.setdefault(alias, out[unit])
        return out

    @property
    def comparators(self) -> dict[str, list[str]]:
        return dict(self.raw.get("comparators", {}))

    @property
    def cues(self) -> dict[str, list[str]]:
        """Question cues; a cue holding a standard unit (多少个小时) also holds each colloquial unit
        of it (多少个钟头)."""
        out = {k: list(v) for k, v in self.raw.get("cues", {}).items()}
        aliases = self.unit_aliases()
        for kind, terms in out.items():
            extra = [t.replace(unit, alias) for alias, unit in aliases.items() for t in terms if unit in t]
            out[kind] = terms + [t for t in extra if t not in terms]
        return out

    @property
    def monthly_fact_labels(self) -> list[str]:
        """Monthly fact records that say who worked where in a month, preferred first (考勤)."""
        return list(self.raw.get("monthly_fact_labels", []))

    @property
    def fillers(self) -> list[str]:
        return list(self.raw.get("fillers", []))

    @property
    def name_markers(self) -> list[str]:
        return list(self.raw.get("name_markers", []))

    @property
    def single_char_values(self) -> set[str]:
        return set(self.raw.get("single_char_values", []))

    @property
    def field_units(self) -> dict[str, str]:
        return dict(self.raw.get("field_units", {}))

    @property
    def priority_terms(self) -> dict[str, str]:
        """Phrases claimed before time expressions and shorter words (今年多少岁 is an age, not a time; 均值多少 is
        an average, not 均 + 值多少)."""
        return {k: v for k, v in self.raw.get("priority_terms", {}).items() if not k.startswith("_")}

    def derived_row(self, name: str) -> dict[str, Any] | None:
        return next((d for d in self.derived if d["name"] == name), None)

    @property
    def avg_per(self) -> dict[str, str]:
        return dict(self.raw.get("avg_per", {}))

    def count_unit(self, label: str) -> str:
        """人 / 台 / 张 from the lexicon; a record type (dated key or 记录编号) counts in 条; else 个."""
        unit = self.raw.get("count_units", {}).get(label)
        if unit:
            return str(unit)
        return "条" if label in _record_labels() else "个"

    def classifier_label(self, word: str) -> str | None:
        for label, words in self.raw.get("classifiers", {}).items():
            if word in words:
                return str(label)
        return None

    def path(self, start: str, end: str) -> dict[str, Any] | None:
        for p in self.paths:
            if p["from"] == start and p["to"] == end:
                return p
        return None

    def field_terms(self) -> list[tuple[str, str, str]]:
        """(term, label, field) for every field synonym."""
        out = []
        for row in self.raw.get("fields", []):
            for t in row["terms"]:
                out.append((t, row["label"], row["field"]))
        return out

    def field_words(self, min_len: int = 2) -> set[str]:
        """Every field synonym at least `min_len` characters long (shorter ones match inside other words)."""
        return {t for t, _label, _field in self.field_terms() if len(t) >= min_len}

    def phrases(self) -> dict[str, list[Sense]]:
        """Every term of the lexicon with its senses (fillers and cues included)."""
        out: dict[str, list[Sense]] = {}

        def add(term: str, sense: Sense) -> None:
            t = normalize(term)
            if t:
                out.setdefault(t, []).append(sense)

        for label, terms in self.labels.items():
            for t in terms:
                add(t, Sense("label", {"label": label}, label))
        for t, label, fld in self.field_terms():
            add(t, Sense("field", {"label": label, "field": fld}, fld))
        for row in self.raw.get("values", []):
            for t in row["terms"]:
                add(t, Sense("value", row, t))
        for row in self.raw.get("relations", []):
            for t in row["terms"]:
                add(t, Sense("rel", row, row["rel"]))
        for row in self.derived:
            for t in row["terms"]:
                add(t, Sense("derived", row, row["name"]))
        for row in self.raw.get("date_verbs", []):
            for t in row["terms"]:
                add(t, Sense("date_verb", row, row["field"]))
        for row in self.raw.get("conditions", []):
            for t in row["terms"]:
                add(t, Sense("condition", row, row.get("text", t)))
        for row in self.raw.get("derived_conditions", []):
            for t in row["terms"]:
                add(t, Sense("derived_condition", row, row["derived"]))
        for row in self.raw.get("analyses", []):
            for t in row["terms"]:
                add(t, Sense("analysis", row, row["name"]))
        for kind, terms in self.cues.items():
            for t in terms:
                add(t, Sense("cue", {"cue": kind}, kind))
        for t in self.name_markers:
            add(t, Sense("name_marker", {}, t))
        for t in self.fillers:
            add(t, Sense("filler", {}, t))
        # the words for "the groups" (归类 / 分一下组) are fillers too — understand/group_words refuses them with no grouping
        for t in set(self.raw.get("group_fillers", {}).get("words", [])) - set(self.fillers):
            add(t, Sense("filler", {}, t))
        return out


@lru_cache(maxsize=1)
def _record_labels() -> frozenset[str]:
    """Labels whose template key holds a time (年月, 日期, 年份) or a record number (记录编号): rows of
    events (检查记录, 财务, 考勤…), counted in 条 — derived from the templates, not listed by hand."""
    from kgdesk.templates.loader import default_template_set  # the templates load once, lazily

    ts = default_template_set()
    out: set[str] = set()
    for label in ts.labels:
        key = ts.key_of(label)
        types = {f.name: f.type.value for t in ts.templates_for_label(label) for f in t.fields}
        if any(types.get(k) in ("年月", "日期", "年份") or "记录" in k for k in key):
            out.add(label)
    return frozenset(out)


@lru_cache(maxsize=4)
def load_lexicon(path: str | None = None) -> Lexicon:
    p = Path(path) if path else data_dir() / "qa" / "lexicon.json"
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ConfigError(f"问答词典 {p.name} 无法读取：{e}") from e
    if not isinstance(raw, dict) or "labels" not in raw or "cues" not in raw:
        raise ConfigError(f"问答词典 {p.name} 格式不对：缺少 labels 或 cues")
    return Lexicon(raw)
