"""What a question can touch: the labels, fields and values it names, for the compact planning prompt.

Retrieval by the question's own words, matched against the lexicon (synonyms, values, relations,
conditions, derived concepts), the schema (label and property names, categorical values) and the
entity index (names and codes). No model, no guessing: a word that is not in any of them adds
nothing, and the prompt still lists every other label by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from kgdesk.qa.lexicon import Lexicon, normalize
from kgdesk.qa.schema import SchemaView


def categorical_values(schema: SchemaView, lexicon: Lexicon) -> dict[tuple[str, str], tuple[Any, ...]]:
    """(label, field) → distinct values shown to the model: low-cardinality 文本/枚举 fields only,
    never keys, names, free text or sensitive fields (same rule as the value index)."""
    skip = lexicon.free_text_fields
    out: dict[tuple[str, str], tuple[Any, ...]] = {}
    for label, info in schema.labels.items():
        keys = set(info.key)
        for name, p in info.properties.items():
            if p.values is None or p.sensitive or name in skip or name in keys or name.startswith("_"):
                continue
            if p.type not in ("文本", "枚举"):
                continue
            out[(label, name)] = p.values
    return out


@dataclass
class Scope:
    """What a question can touch: labels (with the fields it names) and their neighbours."""

    fields: dict[str, set[str]] = field(default_factory=dict)
    values: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    """Categorical values written in the question, per (label, field)."""
    neighbours: set[str] = field(default_factory=set)
    """Labels the question does not name that link two it does (a two-hop plan passes them)."""
    terms: set[str] = field(default_factory=set)
    """Lexicon terms found in the question (normalised)."""

    @property
    def labels(self) -> set[str]:
        return set(self.fields)

    full: set[str] = field(default_factory=set)
    """Labels the question names as such (a word, a field, a value): all their properties are shown.
    A label reached only through an entity's name or a relationship word shows its key, name and
    named fields."""

    def add(self, label: str, fld: str | None = None, *, full: bool = True) -> None:
        self.fields.setdefault(label, set())
        if fld:
            self.fields[label].add(fld)
        if full:
            self.full.add(label)


def question_scope(question: str, schema: SchemaView, lexicon: Lexicon, index: Any = None) -> Scope:
    """Labels and fields the question names: lexicon terms, label and property names, categorical
    values and entity names. A word inside a longer word that also matched is not a mention of its
    own (项目 inside the value 项目管理人员, 金额 inside 收款金额). Labels that link two named ones
    are added as the stops of a two-hop plan."""
    q = normalize(question)
    scope = Scope()
    matches: list[tuple[str, str, Callable[[], None]]] = []  # (text, kind, apply)
    for term, senses in lexicon.phrases().items():
        if term in q:
            for sense in senses:
                matches.append((term, "term", partial(_add_sense, scope, sense.kind, sense.data, schema, term)))
    if index is not None:
        matches.extend(_name_matches(scope, q, index, schema))
    single = lexicon.single_char_values
    categorical = categorical_values(schema, lexicon)
    for label, info in schema.labels.items():
        if normalize(label) in q:
            matches.append((normalize(label), "label", partial(scope.add, label)))
        for name, p in info.properties.items():
            if name.startswith("_") or not p.present:
                continue
            if len(name) >= 2 and normalize(name) in q:
                matches.append((normalize(name), "property", partial(scope.add, label, name)))
            for v in categorical.get((label, name), ()):
                text = normalize(str(v))
                if (len(text) >= 2 or text in single) and text in q:
                    matches.append((text, "value", partial(_add_value, scope, label, name, str(v))))
    texts = {t for t, _, _ in matches}
    name_texts = {t for t, kind, _ in matches if kind == "name"}
    props: dict[str, list[Callable[[], None]]] = {}
    for text, kind, apply in matches:
        inside = any(text != other and text in other for other in texts)
        # a value that is also an entity's name (组织名称 = a project's name) is that entity
        if inside or (kind == "value" and text in name_texts):
            continue
        if kind == "property":
            props.setdefault(text, []).append(apply)
        else:
            apply()
    for applies in props.values():
        # 工号 is a property of 人员, 证书, 考勤…: when the question names one of them, that one
        own = [a for a in applies if getattr(a, "args", ("",))[0] in scope.fields]
        for apply in own or applies:
            apply()
    if not scope.fields:
        for label in lexicon.label_preference[:2]:
            if schema.has_label(label):
                scope.add(label, full=False)
    named = scope.labels
    linked = {(r.start, r.end) for r in schema.relationships} | {(r.end, r.start) for r in schema.relationships}
    for a in named:
        for b in named:
            if a < b and (a, b) not in linked:
                scope.neighbours.update(x for x in schema.labels if x not in named and (a, x) in linked and (x, b) in linked)
    return scope


def _add_value(scope: Scope, label: str, fld: str, value: str) -> None:
    scope.add(label, fld)
    scope.values.setdefault((label, fld), set()).add(value)


def _add_sense(scope: Scope, kind: str, data: Mapping[str, Any], schema: SchemaView, term: str) -> None:
    if kind in ("cue", "filler", "name_marker"):
        return
    scope.terms.add(term)
    if kind == "label":
        if schema.has_label(data["label"]):
            scope.add(data["label"])
    elif kind in ("field", "date_verb", "condition") and schema.has_label(data.get("label", "")):
        scope.add(data["label"], data.get("field"))
    elif kind == "value":
        for c in data.get("candidates", []):
            if schema.has_label(c["label"]):
                scope.add(c["label"], c["field"])
    elif kind == "rel":
        for r in schema.relationships:
            if r.type == data["rel"]:
                scope.add(r.start, full=False)
                scope.add(r.end, full=False)
    elif kind in ("derived", "derived_condition") and schema.has_label(data.get("label", "")):
        scope.add(data["label"])


def _name_matches(scope: Scope, q: str, index: Any, schema: SchemaView) -> list[tuple[str, str, Callable[[], None]]]:
    """Entity names and codes written in the question, whole or by a four-character part; only in
    the fields that name or key a label (a person's name copied into 考勤 is not a 考勤 name)."""
    owners = {(lab, f) for lab, info in schema.labels.items() for f in (info.display, *info.key) if f}
    grams = {q[i : i + 4] for i in range(max(0, len(q) - 3))}
    out: list[tuple[str, str, Callable[[], None]]] = []
    for e in index.entries:
        if e.role == "attribute" or len(e.norm) < 2 or (e.label, e.field) not in owners:
            continue
        text = e.norm if e.norm in q else None
        if text is None and len(e.norm) > 4:
            text = next((e.norm[i : i + 4] for i in range(len(e.norm) - 3) if e.norm[i : i + 4] in grams), None)
        if text is not None:
            out.append((text, "name", partial(scope.add, e.label, e.field, full=False)))
    return out
