"""Distinct values of categorical fields, from the meta-schema: what a word of a question may be a
value of (中共党员 → 政治面貌), without a query. One index per published version (`value_index`)."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from kgdesk.qa.lexicon import Lexicon, normalize
from kgdesk.qa.schema import SchemaView

_CACHE_LOCK = threading.Lock()


@dataclass(frozen=True)
class ValueMatch:
    label: str
    field: str
    values: tuple[Any, ...]
    op: str  # eq | in | contains
    text: str
    grounded: bool
    legal_only: bool = False
    """A legal value of the template's dictionary that no record holds (报废 when nothing is)."""


class ValueIndex:
    """Distinct values of categorical fields from the meta-schema (no query needed)."""

    def __init__(
        self,
        schema: SchemaView,
        lexicon: Lexicon,
        extra: dict[tuple[str, str], tuple[Any, ...]] | None = None,
        hidden: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        """extra: values of fields the meta-schema keeps back (EntityIndex.sensitive_values);
        hidden: those of them the asking role may not see — a word equal to one of their values still
        names the field (so the answer is denied for that field, not "no person of that name"), but
        no fragment is ever expanded into their values (a guest's "136" into whole phone numbers)."""
        self.schema = schema
        skip = lexicon.free_text_fields
        self.values: dict[str, list[tuple[str, str, Any]]] = defaultdict(list)
        self.fields: dict[tuple[str, str], tuple[Any, ...]] = {}
        for (label, name), vals in (extra or {}).items():
            if schema.has_property(label, name):
                if (label, name) not in hidden:
                    self.fields[(label, name)] = vals
                for v in vals:
                    self.values[normalize(v)].append((label, name, v))
        for label, info in schema.labels.items():
            # a single key is an identifier (the entity index has it); parts of a composite key
            # such as 证书名称 or 检查类型 are categories worth matching
            keys = set(info.key) if len(info.key) == 1 else set()
            for name, p in info.properties.items():
                if p.values is None or name in skip or name.startswith("_") or name in keys:
                    continue
                if p.type not in ("文本", "枚举"):
                    continue
                self.fields[(label, name)] = p.values
                for v in p.values:
                    if isinstance(v, str) and v.strip():
                        self.values[normalize(v)].append((label, name, v))
        self._norms = sorted((n for n in self.values if len(n) >= 2), key=len, reverse=True)

    def scan(self, qnorm: str) -> list[tuple[int, int, list[tuple[str, str, Any]]]]:
        found = []
        for norm in self._norms:
            start = qnorm.find(norm)
            while start >= 0:
                found.append((start, start + len(norm), self.values[norm]))
                start = qnorm.find(norm, start + 1)
        return found

    def expand(self, label: str, fld: str, match: str, value: str) -> ValueMatch | None:
        """A lexicon value rule against the graph: contains → the real values that contain it."""
        vals = self.fields.get((label, fld))
        if vals is None:
            if not self.schema.has_property(label, fld):
                return None
            # high-cardinality field: keep the user's words as a contains/eq filter
            return ValueMatch(label, fld, (value,), "contains" if match == "contains" else "eq", value, False)
        if match == "contains":
            hits = tuple(v for v in vals if isinstance(v, str) and value in v)
        else:
            hits = tuple(v for v in vals if v == value)
        if not hits:
            return None
        return ValueMatch(label, fld, hits, "in" if len(hits) > 1 else "eq", value, True)

    def containing(self, text: str) -> list[ValueMatch]:
        """Fields with values that contain the words (领班 → 保安_领班)."""
        norm = normalize(text)
        if len(norm) < 2 or (len(norm) == 2 and norm[0] in _QUANTITY_HEADS):
            return []  # 一单 / 每次 / 几回: a quantity, not a fragment of 单一单委
        out = []
        for (label, fld), vals in self.fields.items():
            hits = tuple(v for v in vals if isinstance(v, str) and _contains_unnegated(normalize(v), norm))
            if hits:
                out.append(ValueMatch(label, fld, hits, "in" if len(hits) > 1 else "eq", text, True))
        return out


_QUANTITY_HEADS = frozenset("一二两三四五六七八九十几每")


def _contains_unnegated(value: str, words: str) -> bool:
    """开始 is in 未开始, but 未开始 means the opposite: a value whose words are negated right
    before them (未/不/无/没/非) does not contain them."""
    at = value.find(words)
    return at >= 0 and not (at > 0 and value[at - 1] in "未不无没非")


_VALUES: list[tuple[SchemaView, Lexicon, object, frozenset[tuple[str, str]], ValueIndex]] = []


def value_index(
    schema: SchemaView,
    lexicon: Lexicon,
    extra: dict[tuple[str, str], tuple[Any, ...]] | None = None,
    hidden: frozenset[tuple[str, str]] = frozenset(),
) -> ValueIndex:
    """One value index per parsed meta-schema (one per published version: the executor parses a
    version's schema once), lexicon, entity index's kept-back values (`extra`, one per version's
    entity index) and the role's hidden fields; it reads nothing else, so a new build gets a new one."""
    with _CACHE_LOCK:
        for s, lx, ex, hd, idx in _VALUES:
            if s is schema and lx is lexicon and ex is extra and hd == hidden:
                return idx
    idx = ValueIndex(schema, lexicon, extra, hidden)
    with _CACHE_LOCK:
        _VALUES[:] = [*_VALUES[-3:], (schema, lexicon, extra, hidden, idx)]
    return idx
