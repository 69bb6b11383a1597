"""Expected node and relationship counts computed straight from the .xlsx files (openpyxl only).

Deliberately independent of kgdesk: labels, keys and relation rules are written out here from
shared/spec/templates.md, values are normalised by small local functions, so a bug in the
validator or the planner cannot make this oracle agree with it.

Counting rules (the same ones docs/graph-model.md states):
- a node per distinct key per label; rows with any key field empty are skipped;
- a relationship per (rule, start node, end node), only when both ends exist, the reference
  value is not empty and start ≠ end; a merged node's reference field counts all its values;
- 服务于 = declared edges (人员.当前服务项目编号) + one edge per maximal run of consecutive
  months per (工号, 项目编号) over the union of 考勤 and 排班月报 months, both ends existing.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

CODE, TEXT, MONTH, DATE, YEAR = "code", "text", "month", "date", "year"

# template → (label or None for the relationship-only template, key fields); 采购与维保 by 记录类型.
TEMPLATES: dict[str, tuple[str | None, list[tuple[str, str]]]] = {
    "项目信息": ("项目", [("项目编号", CODE)]),
    "人员信息": ("人员", [("工号", CODE)]),
    "片区信息": ("片区", [("片区编号", CODE)]),
    "项目片区关系": (None, [("项目编号", CODE), ("片区编号", CODE)]),
    "项目月度财务": ("财务", [("项目编号", CODE), ("年月", MONTH)]),
    "考勤与人员财务": ("考勤", [("工号", CODE), ("项目编号", CODE), ("年月", MONTH)]),
    "排班月报": ("排班月报", [("工号", CODE), ("项目编号", CODE), ("年月", MONTH)]),
    "投标记录": ("投标记录", [("项目编号", CODE), ("年份", YEAR), ("投标类型", TEXT)]),
    "岗位编制": ("岗位编制", [("项目编号", CODE), ("岗位", TEXT)]),
    "设备信息": ("设备", [("项目编号", CODE), ("设备编号", CODE)]),
    "检查记录": ("检查记录", [("项目编号", CODE), ("检查日期", DATE), ("检查类型", TEXT)]),
    "人员证书": ("证书", [("工号", CODE), ("证书名称", TEXT)]),
    "月度快照": ("月度快照", [("项目编号", CODE), ("年月", MONTH)]),
    "岗位字典": ("岗位", [("岗位名称", TEXT)]),
}
PURCHASE_VARIANTS = {
    "供应商": ("供应商", [("供应商名称", TEXT)]),
    "维保合同": ("维保合同", [("记录编号", CODE)]),
    "耗材采购": ("采购记录", [("记录编号", CODE)]),
    "固定资产": ("采购记录", [("记录编号", CODE)]),
}
# Fields used as references, with their type (for normalisation).
REF_TYPES = {
    "当前服务项目编号": CODE,
    "上级项目编号": CODE,
    "续签前项目编号": CODE,
    "片区负责人工号": CODE,
    "项目负责人工号": CODE,
    "财务经办人工号": CODE,
    "投标经办人工号": CODE,
    "经办人工号": CODE,
    "设备责任人工号": CODE,
    "检查人工号": CODE,
    "供应商名称": TEXT,
    "维保单位名称": TEXT,
    "岗位名称": TEXT,
    "工号": CODE,
    "项目编号": CODE,
    "片区编号": CODE,
}

# (type, start label, start field, end label, end field): start.field = end.field
EQUAL_RULES = [
    ("服务于", "人员", "当前服务项目编号", "项目", "项目编号"),
    ("包含", "项目", "项目编号", "项目", "上级项目编号"),
    ("续签自", "项目", "续签前项目编号", "项目", "项目编号"),
    ("负责人", "片区", "片区负责人工号", "人员", "工号"),
    ("负责人", "项目", "项目负责人工号", "人员", "工号"),
    ("月度财务", "项目", "项目编号", "财务", "项目编号"),
    ("经办人", "财务", "财务经办人工号", "人员", "工号"),
    ("经办人", "投标记录", "投标经办人工号", "人员", "工号"),
    ("经办人", "采购记录", "经办人工号", "人员", "工号"),
    ("经办人", "维保合同", "经办人工号", "人员", "工号"),
    ("有考勤", "人员", "工号", "考勤", "工号"),
    ("所属项目", "考勤", "项目编号", "项目", "项目编号"),
    ("所属项目", "排班月报", "项目编号", "项目", "项目编号"),
    ("所属项目", "设备", "项目编号", "项目", "项目编号"),
    ("有排班", "人员", "工号", "排班月报", "工号"),
    ("投标", "项目", "项目编号", "投标记录", "项目编号"),
    ("编制", "项目", "项目编号", "岗位编制", "项目编号"),
    ("责任人", "设备", "设备责任人工号", "人员", "工号"),
    ("采购", "项目", "项目编号", "采购记录", "项目编号"),
    ("供应商", "采购记录", "供应商名称", "供应商", "供应商名称"),
    ("维保", "项目", "项目编号", "维保合同", "项目编号"),
    ("维保单位", "维保合同", "维保单位名称", "供应商", "供应商名称"),
    ("检查", "项目", "项目编号", "检查记录", "项目编号"),
    ("检查人", "检查记录", "检查人工号", "人员", "工号"),
    ("持有", "人员", "工号", "证书", "工号"),
    ("月度快照", "项目", "项目编号", "月度快照", "项目编号"),
    ("岗位", "人员", "岗位名称", "岗位", "岗位名称"),
]

_SPACES = re.compile(r"[\s\u3000\u00a0]+")


def _text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    s = _SPACES.sub(" ", str(v)).strip()
    return s or None


def _code(v: Any) -> str | None:
    s = _text(v)
    return s.replace(" ", "").upper() if s else None


def _month(v: Any) -> str | None:
    if isinstance(v, (dt.datetime, dt.date)):
        return f"{v.year:04d}-{v.month:02d}"
    s = _text(v)
    if not s:
        return None
    m = re.fullmatch(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?(?:\s*[-/.]?\s*\d{1,2}\s*日?)?", s) or re.fullmatch(
        r"(\d{4})(\d{2})", s
    )
    if not m or not 1 <= int(m.group(2)) <= 12:
        return None
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}"


def _date(v: Any) -> str | None:
    if isinstance(v, (dt.datetime, dt.date)):
        return f"{v.year:04d}-{v.month:02d}-{v.day:02d}"
    s = _text(v)
    if not s:
        return None
    m = re.fullmatch(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?", s)
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else None


def _year(v: Any) -> str | None:
    s = _text(v)
    if not s:
        return None
    m = re.fullmatch(r"(\d{4})\s*年?", s)
    return m.group(1) if m else None


NORMALISE = {CODE: _code, TEXT: _text, MONTH: _month, DATE: _date, YEAR: _year}


def _template_of(header: list[str]) -> str:
    """The spec's templates are told apart by their header; these columns are unique enough."""
    cols = set(header)
    if "记录类型" in cols:
        return "采购与维保"
    if "1日" in cols:
        return "考勤与人员财务" if "上班天数" in cols else "排班月报"
    signatures = [
        ("项目名称", "项目信息"),
        ("身份证号码", "人员信息"),
        ("片区名称", "片区信息"),
        ("财务经办人工号", "项目月度财务"),
        ("投标经办人工号", "投标记录"),
        ("预算编制", "岗位编制"),
        ("设备责任人工号", "设备信息"),
        ("检查人工号", "检查记录"),
        ("证书名称", "人员证书"),
        ("出勤人次", "月度快照"),
    ]
    for col, name in signatures:
        if col in cols:
            return name
    if cols >= {"岗位名称", "员工层级"} and "工号" not in cols:
        return "岗位字典"
    if cols >= {"项目编号", "片区编号"}:
        return "项目片区关系"
    raise ValueError(f"unknown header {header}")


@dataclass
class Expected:
    nodes: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)
    keys: dict[str, set[str]] = field(default_factory=dict)

    @property
    def total_nodes(self) -> int:
        return sum(self.nodes.values())

    @property
    def total_relationships(self) -> int:
        return sum(self.relationships.values())


def _read(path: Path) -> tuple[list[str], list[tuple[Any, ...]]]:
    wb = load_workbook(path, read_only=True, data_only=True)
    try:
        ws = wb["数据"] if "数据" in wb.sheetnames else wb.worksheets[0]
        rows = list(ws.iter_rows(values_only=True))
    finally:
        wb.close()
    header = [(_text(c) or "").strip("*＊") for c in rows[0]]
    return header, [r for r in rows[1:] if any(_text(c) for c in r)]


def expected_counts(folder: Path) -> Expected:
    # label → key → field → set of normalised values (merged rows)
    nodes: dict[str, dict[str, dict[str, set[str]]]] = defaultdict(dict)
    via_pairs: set[tuple[str, str]] = set()
    months: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in sorted(folder.glob("*.xlsx")):
        header, rows = _read(path)
        template = _template_of(header)
        for raw in rows:
            row = dict(zip(header, raw, strict=False))
            if template == "采购与维保":
                kind = _text(row.get("记录类型"))
                if kind is None or kind not in PURCHASE_VARIANTS:
                    continue
                label: str | None
                label, key_spec = PURCHASE_VARIANTS[kind]
            else:
                label, key_spec = TEMPLATES[template]
            key_vals = [NORMALISE[t](row.get(f)) for f, t in key_spec]
            if any(k is None for k in key_vals):
                continue
            if label is None:
                via_pairs.add((str(key_vals[0]), str(key_vals[1])))
                continue
            key = "|".join(str(k) for k in key_vals)
            props = nodes[label].setdefault(key, defaultdict(set))
            for fname, ftype in REF_TYPES.items():
                v = NORMALISE[ftype](row.get(fname))
                if v is not None:
                    props[fname].add(v)
            if template in ("考勤与人员财务", "排班月报"):
                months[(str(key_vals[0]), str(key_vals[1]))].add(str(key_vals[2]))

    exp = Expected()
    exp.nodes = {label: len(keys) for label, keys in nodes.items() if keys}
    exp.keys = {label: set(keys) for label, keys in nodes.items()}
    rels: dict[str, int] = defaultdict(int)
    for rtype, sl, sf, el, ef in EQUAL_RULES:
        end_index: dict[str, set[str]] = defaultdict(set)
        for ekey, eprops in nodes.get(el, {}).items():
            for v in eprops.get(ef, ()):
                end_index[v].add(ekey)
        pairs = set()
        for skey, sprops in nodes.get(sl, {}).items():
            for v in sprops.get(sf, ()):
                for ekey in end_index.get(v, ()):
                    if not (sl == el and skey == ekey):
                        pairs.add((skey, ekey))
        rels[rtype] += len(pairs)
    projects, people, areas = (
        exp.keys.get("项目", set()),
        exp.keys.get("人员", set()),
        exp.keys.get("片区", set()),
    )
    rels["属于片区"] += sum(1 for p, a in via_pairs if p in projects and a in areas)
    for (person, project), ms in months.items():
        if person in people and project in projects:
            rels["服务于"] += _runs(ms)
    exp.relationships = {k: v for k, v in rels.items() if v}
    return exp


def _runs(months: set[str]) -> int:
    idx = sorted(int(m[:4]) * 12 + int(m[5:7]) - 1 for m in months)
    return sum(1 for i, m in enumerate(idx) if i == 0 or m != idx[i - 1] + 1)
