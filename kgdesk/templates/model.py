"""Typed template metadata: the one description of every ledger that all layers share."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class FieldType(StrEnum):
    TEXT = "文本"
    CODE = "编码"
    INTEGER = "整数"
    DECIMAL = "小数"
    PERCENT = "百分比"
    DATE = "日期"
    MONTH = "年月"
    YEAR = "年份"
    ENUM = "枚举"


# Longest raw cell text accepted per field type (characters). Ledger values are short; a longer
# cell is a paste accident or hostile, and unbounded names make name matching costly for every
# question. One source of truth: a field may override it with "max_length" in its metadata.
DEFAULT_MAX_LENGTH: dict[FieldType, int] = {
    FieldType.TEXT: 500,
    FieldType.CODE: 64,
    FieldType.INTEGER: 64,
    FieldType.DECIMAL: 64,
    FieldType.PERCENT: 64,
    FieldType.DATE: 64,
    FieldType.MONTH: 64,
    FieldType.YEAR: 64,
    FieldType.ENUM: 64,
}


@dataclass(frozen=True)
class Condition:
    """A row condition such as 记录类型 in (维保合同, 耗材采购, 固定资产)."""

    field: str
    values: tuple[str, ...]

    def holds(self, row: dict[str, object]) -> bool:
        value = row.get(self.field)
        return value is not None and str(value) in self.values


@dataclass(frozen=True)
class FieldSpec:
    name: str
    type: FieldType
    required: bool = False
    description: str = ""
    enum: tuple[str, ...] = ()
    required_when: Condition | None = None
    code_table: str | None = None
    sensitive: bool = False
    sensitive_intent: str | None = None
    max_length: int | None = None
    name_like: bool = False  # a display or short name a question may mention (W_NAME_COLLIDES)

    @property
    def length_limit(self) -> int:
        """The metadata override, else the default of the field's type."""
        return self.max_length if self.max_length is not None else DEFAULT_MAX_LENGTH[self.type]

    @property
    def column_required(self) -> bool:
        """A starred column must exist in the header."""
        return self.required

    def value_required(self, row: dict[str, object]) -> bool:
        """Whether this row must carry a value (条件必填 narrows a required column)."""
        if self.required_when is not None:
            return self.required_when.holds(row)
        return self.required


@dataclass(frozen=True)
class Variant:
    """采购与维保: the value of one field decides the node label of the row."""

    condition: Condition
    label: str


DAY_COLUMNS: tuple[str, ...] = tuple(f"{d}日" for d in range(1, 32))
"""The day columns of the monthly ledgers (考勤, 排班月报): one code per day, empty = no record. The one
definition: the graph stores them packed in this order (kgdesk.graph.days), the questions read them."""


@dataclass(frozen=True)
class DayCountCheck:
    """上班天数 must equal the weighted count of day codes."""

    field: str
    weights: dict[str, float]


@dataclass(frozen=True)
class DictionaryRef:
    template: str
    field: str


@dataclass(frozen=True)
class TemplateSpec:
    name: str
    order: int
    sheet: str
    description: str
    fields: tuple[FieldSpec, ...]
    label: str | None = None
    variants: tuple[Variant, ...] = ()
    relationship_key: tuple[str, ...] = ()
    constant_properties: dict[str, str] = field(default_factory=dict)
    code_tables: dict[str, dict[str, str]] = field(default_factory=dict)
    day_count_checks: tuple[DayCountCheck, ...] = ()
    dictionary_for: tuple[DictionaryRef, ...] = ()
    instructions: tuple[str, ...] = ()

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    @property
    def day_columns(self) -> tuple[str, ...]:
        """The template's fields that are day columns (`DAY_COLUMNS`), in day order."""
        names = set(self.field_names)
        return tuple(c for c in DAY_COLUMNS if c in names)

    @property
    def required_columns(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields if f.column_required)

    def field(self, name: str) -> FieldSpec:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def labels(self) -> tuple[str, ...]:
        """Node labels this template produces (none for a relationship-only template)."""
        if self.variants:
            return tuple(dict.fromkeys(v.label for v in self.variants))
        return (self.label,) if self.label else ()

    def label_for(self, row: dict[str, object]) -> str | None:
        if self.variants:
            for v in self.variants:
                if v.condition.holds(row):
                    return v.label
            return None
        return self.label


class MatchMode(StrEnum):
    EQUAL = "相等"
    CONTAINS = "包含"
    SEMANTIC = "语义"
    MONTH_RUNS = "连续月份"


@dataclass(frozen=True)
class EdgeProperty:
    name: str
    source_field: str


@dataclass(frozen=True)
class RelationRule:
    """One row of relation.xlsx; `row` is its Excel row for error messages."""

    type: str
    start_label: str
    start_field: str
    end_label: str
    end_field: str
    match: MatchMode
    edge_properties: tuple[EdgeProperty, ...] = ()
    via_templates: tuple[str, ...] = ()
    row: int = 0

    @property
    def rule_id(self) -> str:
        via = "+".join(self.via_templates)
        return f"{self.type}:{self.start_label}.{self.start_field}->{self.end_label}.{self.end_field}{':' + via if via else ''}"


@dataclass(frozen=True)
class TemplateSet:
    templates: tuple[TemplateSpec, ...]
    node_keys: dict[str, tuple[str, ...]]
    display_fields: dict[str, str]
    relations: tuple[RelationRule, ...]
    semantic_threshold: float = 0.8

    def template(self, name: str) -> TemplateSpec:
        for t in self.templates:
            if t.name == name:
                return t
        raise KeyError(name)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.node_keys)

    def templates_for_label(self, label: str) -> tuple[TemplateSpec, ...]:
        return tuple(t for t in self.templates if label in t.labels)

    def key_of(self, label: str) -> tuple[str, ...]:
        return self.node_keys[label]

    def has_day_columns(self, label: str) -> bool:
        """Whether a template of the label has day columns (its nodes' days are stored packed)."""
        return any(t.day_columns for t in self.templates_for_label(label))
