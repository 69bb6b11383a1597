"""The published meta-schema as the question-answering layer sees it: the whitelist of labels,
properties and relationship types, distinct values of low-cardinality fields, and month coverage.

Parsed from the JSON stored with each version (docs/graph-model.md, "Meta-schema"), so qa never
depends on how the builder computes it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kgdesk.errors import GraphError

# Properties every node / relationship carries besides the template fields (docs/graph-model.md).
NODE_SYSTEM_PROPS = ("_key", "_display", "_template", "_src_files", "_src_sheets", "_src_rows")
REL_SYSTEM_PROPS = (
    "_template",
    "_rule",
    "_src_file",
    "_src_sheet",
    "_src_row",
    "_src_templates",
    "_src_files",
    "_src_sheets",
    "_src_rows",
)


@dataclass(frozen=True)
class PropertyInfo:
    name: str
    type: str = "文本"
    distinct: int | None = None
    values: tuple[Any, ...] | None = None
    count: int | None = None
    sensitive: bool = False

    @property
    def present(self) -> bool:
        """Some node of the label has this property (unknown counts count as present)."""
        return self.count is None or self.count > 0

    @property
    def numeric(self) -> bool:
        return self.type in ("整数", "小数", "百分比", "年份")

    @property
    def is_month(self) -> bool:
        return self.type == "年月"

    @property
    def is_date(self) -> bool:
        return self.type == "日期"


@dataclass(frozen=True)
class LabelInfo:
    name: str
    count: int
    key: tuple[str, ...]
    display: str | None
    properties: dict[str, PropertyInfo]


@dataclass(frozen=True)
class RelInfo:
    type: str
    start: str
    end: str
    count: int
    properties: tuple[str, ...]


@dataclass(frozen=True)
class SchemaView:
    version: str
    labels: dict[str, LabelInfo]
    relationships: tuple[RelInfo, ...]
    months: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ---------------------------------------------------------------- parsing

    @classmethod
    def from_json(cls, doc: dict[str, Any] | str, version: str | None = None) -> SchemaView:
        if isinstance(doc, str):
            try:
                doc = json.loads(doc)
            except json.JSONDecodeError as e:
                raise GraphError("已发布版本的元图谱无法解析，请重新构建图谱") from e
        if not isinstance(doc, dict):
            raise GraphError("已发布版本的元图谱格式不对，请重新构建图谱")
        labels: dict[str, LabelInfo] = {}
        for name, raw in (doc.get("labels") or {}).items():
            props: dict[str, PropertyInfo] = {}
            for pname, praw in (raw.get("properties") or {}).items():
                praw = praw if isinstance(praw, dict) else {}
                values = praw.get("values")
                props[str(pname)] = PropertyInfo(
                    name=str(pname),
                    type=str(praw.get("type") or "文本"),
                    distinct=praw.get("distinct"),
                    values=tuple(values) if isinstance(values, list) else None,
                    count=praw.get("count"),
                    sensitive=bool(praw.get("sensitive", False)),
                )
            labels[str(name)] = LabelInfo(
                name=str(name),
                count=int(raw.get("count") or 0),
                key=tuple(raw.get("key") or ()),
                display=raw.get("display"),
                properties=props,
            )
        rels = tuple(
            RelInfo(
                type=str(r["type"]),
                start=str(r["start"]),
                end=str(r["end"]),
                count=int(r.get("count") or 0),
                properties=tuple(r.get("properties") or ()),
            )
            for r in (doc.get("relationships") or [])
        )
        months_raw = doc.get("months") or {}
        months = tuple(sorted(months_raw.get("list") or ()))
        if not months and months_raw.get("min") and months_raw.get("max"):
            months = tuple(_month_span(str(months_raw["min"]), str(months_raw["max"])))
        return cls(
            version=str(version or doc.get("version") or ""),
            labels=labels,
            relationships=rels,
            months=months,
            raw=doc,
        )

    # ---------------------------------------------------------------- look-ups

    def has_label(self, label: str) -> bool:
        return label in self.labels

    def has_property(self, label: str, prop: str) -> bool:
        info = self.labels.get(label)
        return info is not None and (prop in info.properties or prop in NODE_SYSTEM_PROPS)

    def prop(self, label: str, prop: str) -> PropertyInfo | None:
        info = self.labels.get(label)
        return info.properties.get(prop) if info else None

    def rel(self, rel_type: str, start: str, end: str) -> RelInfo | None:
        for r in self.relationships:
            if r.type == rel_type and r.start == start and r.end == end:
                return r
        return None

    def rel_has_property(self, rel_type: str, start: str, end: str, prop: str) -> bool:
        r = self.rel(rel_type, start, end)
        return r is not None and (prop in r.properties or prop in REL_SYSTEM_PROPS)

    def neighbours(self, label: str) -> list[tuple[RelInfo, str, str]]:
        """(relationship, direction from `label`, other label) for every relationship touching label."""
        out: list[tuple[RelInfo, str, str]] = []
        for r in self.relationships:
            if r.start == label:
                out.append((r, "out", r.end))
            if (r.end == label and r.start != label) or (r.end == label and r.start == label):
                out.append((r, "in", r.start))
        return out

    def display_field(self, label: str) -> str | None:
        info = self.labels.get(label)
        return info.display if info else None

    def key_fields(self, label: str) -> tuple[str, ...]:
        info = self.labels.get(label)
        return info.key if info else ()

    def label_months(self, label: str, field: str) -> tuple[str, ...]:
        """The months one record type covers on its own month field: from its first to its last month
        (a key month, 考勤.年月, from the meta-schema's per-label months; another month or day field from its
        stored values — a day-dated record, 检查日期, is as outside a month it never reaches as a monthly one);
        () when unknown."""
        span = (self.raw.get("months") or {}).get("by_label", {}).get(label) if field in self.key_fields(label) else None
        info = self.prop(label, field)
        if span is None and info is not None and (info.is_month or info.type == "日期") and info.values:
            found = sorted(str(v)[:7] for v in info.values if v)  # a day (2026-03-10) counts for its month
            span = {"min": found[0], "max": found[-1]} if found else None
        if not span or not span.get("min") or not span.get("max"):
            return ()
        return tuple(_month_span(str(span["min"]), str(span["max"])))

    @property
    def month_min(self) -> str | None:
        return self.months[0] if self.months else None

    @property
    def month_max(self) -> str | None:
        return self.months[-1] if self.months else None


def _month_span(start: str, end: str) -> list[str]:
    y, m = int(start[:4]), int(start[5:7])
    ey, em = int(end[:4]), int(end[5:7])
    out: list[str] = []
    while (y, m) <= (ey, em) and len(out) < 1200:
        out.append(f"{y:04d}-{m:02d}")
        m += 1
        if m > 12:
            y, m = y + 1, 1
    return out
