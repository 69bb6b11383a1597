"""A whitelisted expression evaluator for derived attributes (年龄 ← 出生日期 …), with no `eval`.

Expressions are parsed with `ast` and only these nodes are allowed: numbers and strings, names
(field names of the node, plus `today`), unary minus, + - * /, and calls of the functions in
`FUNCTIONS` and `ROW_FUNCTIONS` (day_count reads the record's day columns). Anything else — attributes, subscripts, lambdas, comprehensions, keyword arguments,
other calls — is refused before evaluation. A missing input makes the result `None` (unknown), never 0.
"""

from __future__ import annotations

import ast
import calendar
import math
import re
from collections.abc import Callable, Mapping
from datetime import date
from functools import lru_cache
from typing import Any

from kgdesk.errors import KgdeskError
from kgdesk.templates import model as templates_model

MAX_EXPRESSION_CHARS = 200


class ExpressionError(KgdeskError):
    code = "E_EXPRESSION"


_DATE = re.compile(r"^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?")


def to_date(value: Any) -> date | None:
    """'YYYY-MM-DD' or 'YYYY-MM' (→ first day) or a date; anything else is unknown."""
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    m = _DATE.match(value.strip())
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1))
    except ValueError:
        return None


def years_between(a: Any, b: Any) -> int | None:
    """Whole years from a to b (age, years of service): birthdays not yet reached do not count."""
    da, db = to_date(a), to_date(b)
    if da is None or db is None:
        return None
    years = db.year - da.year
    if (db.month, db.day) < (da.month, da.day):
        years -= 1
    return years


def months_between(a: Any, b: Any) -> float | None:
    """Calendar months from a to b, fractional by days (2026-04-20 → 2026-07-19 is 2.97); negative
    when b is before a (an already expired contract). '3个月内' must not include 3 months and 10 days."""
    da, db = to_date(a), to_date(b)
    if da is None or db is None:
        return None
    sign = 1.0
    if db < da:
        da, db, sign = db, da, -1.0
    whole = (db.year - da.year) * 12 + (db.month - da.month)
    if db.day < da.day:
        whole -= 1
    y, m = divmod(da.month - 1 + whole, 12)
    anchor_year, anchor_month = da.year + y, m + 1
    dim = calendar.monthrange(anchor_year, anchor_month)[1]
    anchor = date(anchor_year, anchor_month, min(da.day, dim))
    frac = (db - anchor).days / dim
    return round(sign * (whole + frac), 2)


def days_between(a: Any, b: Any) -> int | None:
    da, db = to_date(a), to_date(b)
    if da is None or db is None:
        return None
    return (db - da).days


def held_at(start: Any, end: Any, at: Any) -> int | None:
    """1 when a period with these day dates holds on day `at`, else 0: started by then (start ≤ at, or no start) and not
    ended by then (no end, or end > at) — 在职 at T, a device on its project at T. An empty date is an open edge here."""
    t = to_date(at)
    if t is None:
        return None
    ds, de = to_date(start), to_date(end)
    return int((ds is None or ds <= t) and (de is None or de > t))


def to_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "").strip())
        except ValueError:
            return None
    return None


def _round(value: Any, digits: Any = 0) -> float | None:
    n = to_number(value)
    if n is None or not isinstance(digits, int):
        return None
    return round(n, digits)


def year_of(value: Any) -> int | None:
    d = to_date(value)
    return d.year if d else None


def month_of(value: Any) -> str | None:
    d = to_date(value)
    return f"{d.year:04d}-{d.month:02d}" if d else None


DAY_COLUMNS = templates_model.DAY_COLUMNS
"""The day columns of the monthly ledgers (考勤, 排班月报): the templates' one definition."""


def _day_cells(values: Mapping[str, Any]) -> list[str] | None:
    """The non-empty day codes of a record; None when it has no day columns at all or one of
    them holds conflicting merged values (unknown, never a silent count)."""
    seen = False
    out: list[str] = []
    for col in DAY_COLUMNS:
        if col not in values:
            continue
        seen = True
        v = values[col]
        if isinstance(v, list):
            return None
        if v is not None and str(v).strip():
            out.append(str(v).strip())
    return out if seen else None


def day_count(values: Mapping[str, Any], *codes: Any) -> int | None:
    """How many day columns of the record hold one of `codes` (病 → sick-leave days that month)."""
    want = {c.strip() for c in codes if isinstance(c, str) and c.strip()}
    cells = _day_cells(values)
    if not want or cells is None:
        return None
    return sum(1 for c in cells if c in want)


def day_summary(values: Mapping[str, Any], legend: Any = "") -> str | None:
    """The record's day codes counted, in the legend's order: "出勤 22 天、休息 8 天、病假 1 天".
    `legend` is "code=meaning;…" (the template's code table); codes outside it keep their code."""
    cells = _day_cells(values)
    if cells is None:
        return None
    names: dict[str, str] = {}
    if isinstance(legend, str):
        for part in legend.split(";"):
            code, sep, meaning = part.partition("=")
            if sep and code.strip():
                names[code.strip()] = meaning.strip() or code.strip()
    counts: dict[str, int] = {}
    for c in cells:
        counts[c] = counts.get(c, 0) + 1
    order = [c for c in names if c in counts] + sorted(c for c in counts if c not in names)
    if not order:
        return "无记录"
    return "、".join(f"{names.get(c, c)} {counts[c]:g} 天" for c in order)


ROW_FUNCTIONS: dict[str, Callable[..., Any]] = {"day_count": day_count, "day_summary": day_summary}
"""Functions that read the whole record besides their arguments (the day columns, whose names
are not identifiers); their inputs are `optional_names`."""

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "years_between": years_between,
    "months_between": months_between,
    "days_between": days_between,
    "held_at": held_at,
    "to_number": to_number,
    "round": _round,
    "year": year_of,
    "month": month_of,
}

_BINOPS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
}


@lru_cache(maxsize=256)
def parse(expression: str) -> ast.Expression:
    """Parse and check once; raises ExpressionError with a Chinese reason."""
    if not isinstance(expression, str) or not expression.strip():
        raise ExpressionError("派生表达式为空")
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise ExpressionError("派生表达式过长")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as e:
        raise ExpressionError(f"派生表达式无法解析：{expression}") from e
    for node in ast.walk(tree):
        _check_node(node)
    return tree


def _check_node(node: ast.AST) -> None:
    if isinstance(node, (ast.Expression, ast.Load)):
        return
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float, str)):
            raise ExpressionError("派生表达式只允许数字和文本常量")
        return
    if isinstance(node, ast.Name):
        if node.id.startswith("_"):
            raise ExpressionError(f"派生表达式不能引用 {node.id}")
        return
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.USub, ast.UAdd)):
            raise ExpressionError("派生表达式只允许正负号")
        return
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINOPS:
            raise ExpressionError("派生表达式只允许加减乘除")
        return
    if isinstance(node, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub, ast.UAdd)):
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or (
            node.func.id not in FUNCTIONS and node.func.id not in ROW_FUNCTIONS
        ):
            raise ExpressionError("派生表达式只允许调用：" + "、".join([*FUNCTIONS, *ROW_FUNCTIONS]))
        if node.keywords:
            raise ExpressionError("派生表达式的函数不接受关键字参数")
        return
    raise ExpressionError(f"派生表达式中不允许 {type(node).__name__}")


def names(expression: str) -> set[str]:
    """The field names an expression reads (without `today` and function names)."""
    tree = parse(expression)
    funcs = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in funcs and n.id != "today"}


def optional_names(expression: str) -> tuple[str, ...]:
    """Fields a row function may read besides `names` (the day columns for day_count): fetched
    when the label has them, absent ones are simply empty days."""
    tree = parse(expression)
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    return DAY_COLUMNS if calls & set(ROW_FUNCTIONS) else ()


def evaluate(expression: str, values: Mapping[str, Any], today: date) -> Any:
    """Evaluate against a node's properties; unknown inputs give None."""
    tree = parse(expression)
    return _eval(tree.body, values, today)


def _eval(node: ast.AST, values: Mapping[str, Any], today: date) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "today":
            return today
        v = values.get(node.id)
        if isinstance(v, list):  # merged rows that disagree: the value is not known
            return None
        return v
    if isinstance(node, ast.UnaryOp):
        v = to_number(_eval(node.operand, values, today))
        if v is None:
            return None
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a = to_number(_eval(node.left, values, today))
        b = to_number(_eval(node.right, values, today))
        if a is None or b is None:
            return None
        if isinstance(node.op, ast.Div) and b == 0:
            return None
        out = _BINOPS[type(node.op)](a, b)
        return None if math.isnan(out) or math.isinf(out) else out
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_eval(a, values, today) for a in node.args]
        try:
            if node.func.id in ROW_FUNCTIONS:
                return ROW_FUNCTIONS[node.func.id](values, *args)
            return FUNCTIONS[node.func.id](*args)
        except TypeError as e:
            raise ExpressionError(f"函数 {node.func.id} 的参数个数不对") from e
    raise ExpressionError(f"派生表达式中不允许 {type(node).__name__}")
