"""Load the template metadata, graph keys and relation rules from data files."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from kgdesk.errors import TemplateMetadataError
from kgdesk.paths import templates_dir
from kgdesk.templates.model import (
    Condition,
    DayCountCheck,
    DictionaryRef,
    EdgeProperty,
    FieldSpec,
    FieldType,
    MatchMode,
    RelationRule,
    TemplateSet,
    TemplateSpec,
    Variant,
)

RELATION_COLUMNS = ("关系", "起点模板", "起点字段", "终点模板", "终点字段", "匹配方式", "边属性")


def _condition(raw: dict[str, Any] | None) -> Condition | None:
    if not raw:
        return None
    return Condition(field=str(raw["field"]), values=tuple(str(v) for v in raw["in"]))


def _field(raw: dict[str, Any], where: str) -> FieldSpec:
    try:
        ftype = FieldType(raw["type"])
    except (KeyError, ValueError) as e:
        raise TemplateMetadataError(f"{where}：字段 {raw.get('name')} 的类型 {raw.get('type')} 无法识别") from e
    enum = tuple(str(v) for v in raw.get("enum", ()))
    max_length = raw.get("max_length")
    if max_length is not None and (not isinstance(max_length, int) or isinstance(max_length, bool) or max_length < 1):
        raise TemplateMetadataError(f"{where}：字段 {raw.get('name')} 的 max_length 须为正整数")
    if ftype is FieldType.ENUM and not enum:
        raise TemplateMetadataError(f"{where}：枚举字段 {raw['name']} 没有列出可选值")
    return FieldSpec(
        name=str(raw["name"]),
        type=ftype,
        required=bool(raw.get("required", False)),
        description=str(raw.get("description", "")),
        enum=enum,
        required_when=_condition(raw.get("required_when")),
        code_table=raw.get("code_table"),
        sensitive=bool(raw.get("sensitive", False)),
        sensitive_intent=raw.get("sensitive_intent"),
        max_length=max_length,
        name_like=bool(raw.get("name_like", False)),
    )


def _template(path: Path) -> TemplateSpec:
    where = f"模板元数据 {path.name}"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise TemplateMetadataError(f"{where} 无法读取：{e}") from e
    fields = tuple(_field(f, where) for f in raw["fields"])
    names = [f.name for f in fields]
    if len(set(names)) != len(names):
        raise TemplateMetadataError(f"{where}：字段名重复")
    code_tables = {str(k): {str(c): str(m) for c, m in v.items()} for k, v in raw.get("code_tables", {}).items()}
    for f in fields:
        if f.code_table and f.code_table not in code_tables:
            raise TemplateMetadataError(f"{where}：字段 {f.name} 引用了不存在的代码表 {f.code_table}")
    checks = tuple(
        DayCountCheck(field=c["field"], weights={str(k): float(v) for k, v in c["weights"].items()})
        for c in raw.get("checks", ())
        if c.get("kind") == "day_count"
    )
    return TemplateSpec(
        name=str(raw["name"]),
        order=int(raw.get("order", 0)),
        sheet=str(raw.get("sheet", "数据")),
        description=str(raw.get("description", "")),
        fields=fields,
        label=raw.get("label"),
        variants=tuple(
            Variant(condition=Condition(v["field"], tuple(v["in"])), label=v["label"]) for v in raw.get("variants", ())
        ),
        relationship_key=tuple(raw.get("relationship_key", ())),
        constant_properties={str(k): str(v) for k, v in raw.get("constant_properties", {}).items()},
        code_tables=code_tables,
        day_count_checks=checks,
        dictionary_for=tuple(DictionaryRef(d["template"], d["field"]) for d in raw.get("dictionary_for", ())),
        instructions=tuple(raw.get("instructions", ())),
    )


def _edge_properties(text: str) -> tuple[EdgeProperty, ...]:
    props = []
    for part in text.replace("；", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        name, _, source = part.partition("=")
        props.append(EdgeProperty(name=name.strip(), source_field=(source or name).strip()))
    return tuple(props)


def load_relations(path: Path) -> tuple[RelationRule, ...]:
    from openpyxl import load_workbook

    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except Exception as e:
        raise TemplateMetadataError(f"关系规则文件 {path.name} 无法读取：{e}") from e
    try:
        ws = wb.worksheets[0]
        rows = list(ws.iter_rows(values_only=True))
    finally:
        wb.close()
    if not rows:
        raise TemplateMetadataError(f"关系规则文件 {path.name} 是空的")
    header = [str(c).strip() if c is not None else "" for c in rows[0]]
    missing = [c for c in RELATION_COLUMNS if c not in header]
    if missing:
        raise TemplateMetadataError(f"关系规则文件 {path.name} 缺少列：{'、'.join(missing)}")
    idx = {name: header.index(name) for name in header if name}
    rules = []
    for excel_row, values in enumerate(rows[1:], start=2):
        def cell(name: str, values: tuple[Any, ...] = values) -> str:
            i = idx.get(name)
            v = values[i] if i is not None and i < len(values) else None
            return "" if v is None else str(v).strip()

        if not cell("关系"):
            continue
        try:
            match = MatchMode(cell("匹配方式") or "相等")
        except ValueError as e:
            raise TemplateMetadataError(
                f"关系规则文件 {path.name} 第 {excel_row} 行：匹配方式 {cell('匹配方式')} 无法识别"
            ) from e
        via = tuple(v.strip() for v in cell("经由模板").replace("；", ";").split(";") if v.strip())
        rules.append(
            RelationRule(
                type=cell("关系"),
                start_label=cell("起点模板"),
                start_field=cell("起点字段"),
                end_label=cell("终点模板"),
                end_field=cell("终点字段"),
                match=match,
                edge_properties=_edge_properties(cell("边属性")),
                via_templates=via,
                row=excel_row,
            )
        )
    return tuple(rules)


def _check(ts: TemplateSet) -> None:
    """Refuse metadata whose parts do not fit together, before any file is read."""
    names = {t.name for t in ts.templates}
    for t in ts.templates:
        for label in t.labels:
            if label not in ts.node_keys:
                raise TemplateMetadataError(f"模板 {t.name} 的节点标签 {label} 在 graph_keys.json 中没有主键")
            for k in ts.node_keys[label]:
                if k not in t.field_names:
                    raise TemplateMetadataError(f"模板 {t.name} 缺少主键字段 {k}")
        for d in t.dictionary_for:
            if d.template not in names or d.field not in ts.template(d.template).field_names:
                raise TemplateMetadataError(f"模板 {t.name} 的字典引用 {d.template}.{d.field} 不存在")
    for r in ts.relations:
        for label, fld in ((r.start_label, r.start_field), (r.end_label, r.end_field)):
            if label not in ts.node_keys:
                raise TemplateMetadataError(f"关系规则第 {r.row} 行：节点标签 {label} 不存在")
            if r.via_templates:
                continue
            if not any(fld in t.field_names for t in ts.templates_for_label(label)):
                raise TemplateMetadataError(f"关系规则第 {r.row} 行：{label} 没有字段 {fld}")
        for via in r.via_templates:
            if via not in names:
                raise TemplateMetadataError(f"关系规则第 {r.row} 行：经由模板 {via} 不存在")


def load_template_set(directory: Path | None = None) -> TemplateSet:
    base = directory or templates_dir()
    meta_dir = base / "metadata"
    files = sorted(meta_dir.glob("*.json"))
    if not files:
        raise TemplateMetadataError(f"模板元数据目录 {meta_dir} 中没有模板")
    templates = tuple(sorted((_template(p) for p in files), key=lambda t: (t.order, t.name)))
    try:
        keys_raw = json.loads((base / "graph_keys.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise TemplateMetadataError(f"graph_keys.json 无法读取：{e}") from e
    ts = TemplateSet(
        templates=templates,
        node_keys={str(k): tuple(v) for k, v in keys_raw["nodes"].items()},
        display_fields={str(k): str(v) for k, v in keys_raw.get("display", {}).items()},
        relations=load_relations(base / "relation.xlsx"),
        semantic_threshold=float(keys_raw.get("semantic_threshold", 0.8)),
    )
    _check(ts)
    return ts


@lru_cache(maxsize=1)
def default_template_set() -> TemplateSet:
    return load_template_set()
