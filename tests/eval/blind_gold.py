"""The gold interpreter of the blind question sets (tests/eval/heldout, train, heldout2), once.

Every blind set is the same thing with other constants: a folder of generated ledgers, a fixed
"today", a question file. Each set's `gold.py` is a thin module — its constants and a `GoldSet`
made from them — and everything else lives here: the cell parsers (the formats templates.md
allows), the reading of the Excel files with pandas, and the spec language.

Independent of kgdesk on purpose (nothing here imports it). Every question carries a small JSON
*spec* (its gold "compute"); `GoldSet.evaluate(spec)` turns it into the gold value. The specs are
a tiny query language over one ledger at a time — filter rows, then count / sum / list / rank /
compare — so the gold of 300 questions is a few dozen lines of code rather than 300 functions.

Return types by gold kind: number → float; bool → bool; names → frozenset of keys (项目编号 /
工号 / 片区编号 / 供应商名称); value → str or float; groups → dict key → float; none → None.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd

DATA_SHEET = "数据"

Gold = float | bool | frozenset[str] | str | dict[str, float] | None
Spec = dict[str, Any]

# ---------------------------------------------------------------- field types (templates.md)

DATE_FIELDS = {
    "开始日期", "结束日期", "首次服务日期", "入职日期", "离职日期", "出生日期", "中标日期",
    "出厂日期", "启用日期", "入项目日期", "退项目日期", "检查日期", "整改完成日期", "发证日期",
    "有效期至",
}  # fmt: skip
MONTH_FIELDS = {"年月", "服务起始年月", "服务结束年月"}
NUMBER_FIELDS = {
    "合同面积", "合同金额", "年化合同额", "年化合同收入", "客户满意度", "客户投诉", "实际毛利率",
    "司龄", "开票金额", "收款金额", "上班天数", "平时加班小时", "餐费", "加班超时费", "国定加班费",
    "值班费", "税后工资", "年份", "投标金额", "预算编制", "项目编制", "标准工时人数", "在岗人数",
    "原值", "合同年限", "数量", "单价", "金额", "检查得分", "出勤人次", "加班小时合计",
}  # fmt: skip
CODE_FIELDS = {
    "项目编号", "上级项目编号", "续签前项目编号", "项目负责人工号", "工号", "当前服务项目编号",
    "片区编号", "片区负责人工号", "财务经办人工号", "投标经办人工号", "设备编号", "设备责任人工号",
    "记录编号", "经办人工号", "检查人工号",
}  # fmt: skip

# ---------------------------------------------------------------- parsing


def empty(v: Any) -> bool:
    return v is None or (isinstance(v, float) and v != v) or (isinstance(v, str) and not v.strip())


def text(v: Any) -> str:
    return "" if empty(v) else str(v).replace("\u3000", "").replace("\xa0", "").strip()


def code(v: Any) -> str:
    return re.sub(r"\s+", "", text(v)).upper()


def num(v: Any) -> float | None:
    """'1,234.5', '¥1234', '1234元', '12.5万', '12.5%' (→ 0.125), '2026年'."""
    if empty(v):
        return None
    if isinstance(v, bool):
        raise ValueError(f"not a number: {v!r}")
    if isinstance(v, (int, float)):
        return float(v)
    s = text(v).replace(",", "").replace("¥", "").replace("元", "").removesuffix("年")
    if s.endswith("%"):
        return float(s[:-1]) / 100
    if s.endswith("万"):
        return float(s[:-1]) * 10000
    return float(s)


def day(v: Any) -> dt.date | None:
    if empty(v):
        return None
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    m = re.fullmatch(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s+00:00:00)?", text(v))
    if not m:
        raise ValueError(f"not a date: {v!r}")
    return dt.date(int(m[1]), int(m[2]), int(m[3]))


def ym(v: Any) -> str | None:
    if empty(v):
        return None
    if isinstance(v, (dt.date, dt.datetime)):
        return f"{v.year:04d}-{v.month:02d}"
    s = text(v)
    m = re.fullmatch(r"(\d{4})\s*(?:[-/.年]\s*(\d{1,2})\s*月?|(\d{2}))", s)
    if m:
        return f"{int(m[1]):04d}-{int(m[2] or m[3]):02d}"
    d = day(s)
    assert d is not None
    return f"{d.year:04d}-{d.month:02d}"


def parse(field: str, v: Any) -> Any:
    if field in DATE_FIELDS:
        return day(v)
    if field in MONTH_FIELDS:
        return ym(v)
    if field in NUMBER_FIELDS:
        return num(v)
    if field in CODE_FIELDS:
        return code(v) or None
    return text(v) or None


@cache
def raw_sheet(template: str, data_dir: Path) -> pd.DataFrame:
    """The 数据 sheet as read; `_row` is the row number Excel shows."""
    df = pd.read_excel(data_dir / f"{template}.xlsx", sheet_name=DATA_SHEET, dtype=object, engine="calamine")
    df = df.astype(object).where(pd.notna(df), None)
    df["_row"] = range(2, len(df) + 2)
    return df


@cache
def table(template: str, data_dir: Path) -> tuple[dict[str, Any], ...]:
    """Parsed rows of one ledger (empty rows dropped)."""
    out = []
    for r in raw_sheet(template, data_dir).to_dict(orient="records"):
        row = {str(k): (v if k == "_row" else parse(str(k), v)) for k, v in r.items()}
        if any(v is not None for k, v in row.items() if k != "_row"):
            out.append(row)
    return tuple(out)


@cache
def region_of(data_dir: Path) -> dict[str, frozenset[str]]:
    """项目编号 → its 片区编号 (a project may belong to two)."""
    out: dict[str, set[str]] = defaultdict(set)
    for r in table("项目片区关系", data_dir):
        out[r["项目编号"]].add(r["片区编号"])
    return {k: frozenset(v) for k, v in out.items()}


# ---------------------------------------------------------------- one blind set


@dataclass(frozen=True)
class GoldSet:
    """One blind question set: its ledgers, its fixed today, its question file, its months."""

    data_dir: Path
    today: dt.date
    """The fixed "today" of the set: relative time in a question that states no date."""
    questions: Path
    coverage: tuple[str, str]

    @classmethod
    def beside(cls, module_file: str, today: dt.date, coverage: tuple[str, str]) -> GoldSet:
        """The set whose gold.py is `module_file`: its ledgers in data/, its questions in questions.jsonl."""
        here = Path(module_file).resolve().parent
        return cls(here / "data", today, here / "questions.jsonl", coverage)

    def raw_sheet(self, template: str) -> pd.DataFrame:
        return raw_sheet(template, self.data_dir)

    def table(self, template: str) -> tuple[dict[str, Any], ...]:
        return table(template, self.data_dir)

    def region_of(self) -> dict[str, frozenset[str]]:
        return region_of(self.data_dir)

    def select(self, spec: Spec) -> list[dict[str, Any]]:
        """The rows of spec["t"] that pass every condition of spec["where"] (and any of "any")."""
        rows = [r for r in self.table(spec["t"]) if all(self._test(r, c) for c in spec.get("where", []))]
        if "any" in spec:
            rows = [r for r in rows if any(self._test(r, c) for c in spec["any"])]
        return rows

    def evaluate(self, spec: Spec) -> Gold:
        try:
            fn = OPS[spec["op"]]
        except KeyError:
            raise KeyError(f"unknown gold op in {spec!r}") from None
        return fn(self, spec)

    def _test(self, row: dict[str, Any], cond: list[Any]) -> bool:
        field, op = cond[0], cond[1]
        if op == "region":  # the project (this field) belongs to region cond[2]
            return cond[2] in self.region_of().get(str(row.get(field)), frozenset())
        if op in ("in_q", "not_in_q"):  # the field's value is (not) one of the keys of a sub-spec
            keys = self.evaluate(cond[2])
            assert isinstance(keys, frozenset)
            return (row.get(field) in keys) == (op == "in_q")
        return passes(row, cond)

    def groups(self, spec: Spec) -> dict[str, float]:
        """Aggregate per group; by "@片区编号" groups a project's rows under each of its regions."""
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        if spec["by"] == "@片区编号":
            for r in self.select(spec):
                for reg in self.region_of().get(r["项目编号"], frozenset()):
                    by[reg].append(r)
        else:
            for r in self.select(spec):
                if isinstance(spec["by"], str) and r.get(spec["by"]) is None:
                    continue
                by[_key(r, spec["by"])].append(r)
        _, _, field = spec["agg"].partition(":")
        value_agg = spec["agg"].split(":")[0] in ("avg", "max", "min")
        return {  # a group without any value of the field has no max / min / avg: left out
            k: aggregate(v, spec["agg"])
            for k, v in by.items()
            if not value_agg or any(r.get(field) is not None for r in v)
        }

    def number(self, spec: Spec) -> float:
        v = self.evaluate(spec)
        assert isinstance(v, (int, float)) and not isinstance(v, bool), spec
        return float(v)


# ---------------------------------------------------------------- the spec language


def _as_value(field: str, v: Any) -> Any:
    if isinstance(v, list):
        return [_as_value(field, x) for x in v]
    if field in DATE_FIELDS and isinstance(v, str):
        return dt.date.fromisoformat(v)
    if field in NUMBER_FIELDS and isinstance(v, (int, float)):
        return float(v)
    return v


def passes(row: dict[str, Any], cond: list[Any]) -> bool:
    """One row condition [field, op, arg] that needs no other ledger."""
    field, op = cond[0], cond[1]
    arg = _as_value(field, cond[2]) if len(cond) > 2 else None
    v = row.get(field)
    if op == "null":
        return v is None
    if op == "notnull":
        return v is not None
    if op == "has_code":  # a day cell (1日 … 31日) holds this day code
        return any(row.get(f"{d}日") == arg for d in range(1, 32))
    if op == "=":
        return v == arg
    if op == "!=":
        return v != arg
    if op == "in":
        return v in list(arg or [])
    if op == "not_in":
        return v not in list(arg or [])
    if op == "contains":
        return v is not None and str(arg) in str(v)
    if v is None:
        return False
    if op == ">":
        return bool(v > arg)
    if op == ">=":
        return bool(v >= arg)
    if op == "<":
        return bool(v < arg)
    if op == "<=":
        return bool(v <= arg)
    raise ValueError(f"unknown condition {cond!r}")


def _key(row: dict[str, Any], key: str | list[str]) -> str:
    if isinstance(key, list):
        return "|".join(str(row[k]) for k in key)
    return str(row[key])


def aggregate(rows: list[dict[str, Any]], agg: str) -> float:
    """count | nunique:F | sum:F | avg:F | max:F | min:F over rows."""
    name, _, field = agg.partition(":")
    if name == "count":
        return float(len(rows))
    if name == "nunique":
        return float(len({r[field] for r in rows if r.get(field) is not None}))
    vals = [_numeric(r[field]) for r in rows if r.get(field) is not None]
    if name == "sum":
        return round(sum(vals), 6)
    if not vals:
        raise ValueError(f"{agg}: no values")
    if name == "avg":
        return sum(vals) / len(vals)
    if name == "max":
        return max(vals)
    if name == "min":
        return min(vals)
    raise ValueError(f"unknown aggregate {agg!r}")


def _numeric(v: Any) -> float:
    return float(v.toordinal()) if isinstance(v, dt.date) else float(v)


def _one(values: Iterable[Any], what: str) -> Any:
    distinct = {v for v in values if v is not None}
    if len(distinct) != 1:
        raise ValueError(f"{what}: {len(distinct)} distinct values {sorted(map(str, distinct))[:5]}")
    return distinct.pop()


def _plain(v: Any) -> Any:
    if isinstance(v, dt.date):
        return v.isoformat()
    return v


Op = Callable[[GoldSet, Spec], Gold]
OPS: dict[str, Op] = {}


def op(name: str) -> Callable[[Op], Op]:
    def register(fn: Op) -> Op:
        OPS[name] = fn
        return fn

    return register


@op("agg")
def _agg(gs: GoldSet, spec: Spec) -> Gold:
    """One aggregate (count, nunique:F, sum:F, avg:F, max:F, min:F) over the selected rows."""
    return aggregate(gs.select(spec), spec.get("agg", "count"))


@op("exists")
def _exists(gs: GoldSet, spec: Spec) -> Gold:
    return bool(gs.select(spec))


@op("list")
def _list(gs: GoldSet, spec: Spec) -> Gold:
    return frozenset(_key(r, spec["key"]) for r in gs.select(spec) if r.get(spec["key"]) is not None)


@op("value")
def _value(gs: GoldSet, spec: Spec) -> Gold:
    """The one value of a field over the selected rows (a status question)."""
    rows = gs.select(spec)
    if not rows:
        raise ValueError(f"value: no row for {spec}")
    v = _plain(_one((r.get(spec["field"]) for r in rows), json.dumps(spec, ensure_ascii=False)))
    return float(v) if isinstance(v, int) else v


@op("top")
def _top(gs: GoldSet, spec: Spec) -> Gold:
    """Keys of the n largest (or smallest, "asc") groups by an aggregate, ties at the cut included."""
    groups = gs.groups(spec)
    if not groups:
        raise ValueError(f"top: no groups for {spec}")
    sign = 1 if spec.get("order", "desc") == "asc" else -1
    ranked = sorted(groups.items(), key=lambda kv: sign * kv[1])
    n = int(spec.get("n", 1))
    cut = ranked[min(n, len(ranked)) - 1][1]
    return frozenset(k for k, v in groups.items() if sign * v <= sign * cut)


@op("top_value")
def _top_value(gs: GoldSet, spec: Spec) -> Gold:
    """The aggregate of the largest (smallest) group: "最多的有多少"."""
    groups = gs.groups(spec)
    return (min if spec.get("order") == "asc" else max)(groups.values())


@op("having")
def _having(gs: GoldSet, spec: Spec) -> Gold:
    """Keys of the groups whose aggregate passes a threshold (N个及以上)."""
    cmp = spec["cmp"]
    groups = gs.groups(spec)
    return frozenset(k for k, v in groups.items() if passes({"v": v}, ["v", cmp[0], cmp[1]]))


@op("having_count")
def _having_count(gs: GoldSet, spec: Spec) -> Gold:
    keys = _having(gs, spec)
    assert isinstance(keys, frozenset)
    return float(len(keys))


@op("groups")
def _groups_op(gs: GoldSet, spec: Spec) -> Gold:
    return gs.groups(spec)


@op("diff")
def _diff(gs: GoldSet, spec: Spec) -> Gold:
    return round(gs.number(spec["a"]) - gs.number(spec["b"]), 6)


@op("absdiff")
def _absdiff(gs: GoldSet, spec: Spec) -> Gold:
    return round(abs(gs.number(spec["a"]) - gs.number(spec["b"])), 6)


@op("gt")
def _gt(gs: GoldSet, spec: Spec) -> Gold:
    return gs.number(spec["a"]) > gs.number(spec["b"])


@op("ratio")
def _ratio(gs: GoldSet, spec: Spec) -> Gold:
    """a / b as a fraction (a share of 25 % is 0.25)."""
    return gs.number(spec["a"]) / gs.number(spec["b"])


@op("none")
def _none(gs: GoldSet, spec: Spec) -> Gold:
    return None


# ---------------------------------------------------------------- stored literals
# (tests/eval/scoring.py literal_gold reads them back)


def to_json(gold: Gold) -> Any:
    """The literal stored in questions.jsonl: names as a sorted list, numbers rounded."""
    if isinstance(gold, frozenset):
        return sorted(gold)
    if isinstance(gold, float):
        return round(gold, 6)
    if isinstance(gold, dict):
        return {k: round(v, 6) for k, v in sorted(gold.items())}
    return gold
