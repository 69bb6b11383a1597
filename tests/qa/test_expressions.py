"""The derived-attribute evaluator: a small AST whitelist, never eval."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa import expressions
from kgdesk.qa.expressions import ExpressionError, evaluate, months_between, names, years_between

TODAY = date(2026, 4, 20)


def test_age_and_remaining_months() -> None:
    assert evaluate("years_between(出生日期, today)", {"出生日期": "1970-04-21"}, TODAY) == 55
    assert evaluate("years_between(出生日期, today)", {"出生日期": "1970-04-20"}, TODAY) == 56
    assert evaluate("months_between(today, 结束日期)", {"结束日期": "2026-07-19"}, TODAY) == 2.97
    assert evaluate("months_between(today, 结束日期)", {"结束日期": "2026-07-20"}, TODAY) == 3.0
    assert evaluate("months_between(today, 结束日期)", {"结束日期": "2025-12-31"}, TODAY) == -3.65
    assert evaluate("days_between(today, 有效期至)", {"有效期至": "2026-04-19"}, TODAY) == -1


def test_arithmetic_and_unknowns() -> None:
    assert evaluate("to_number(开票金额) / 10000", {"开票金额": "260,000"}, TODAY) == 26.0
    assert evaluate("a - b * 2", {"a": 10, "b": 3}, TODAY) == 4.0
    assert evaluate("-a", {"a": 2}, TODAY) == -2.0
    # missing or conflicting inputs are unknown, never 0
    assert evaluate("years_between(出生日期, today)", {}, TODAY) is None
    assert (
        evaluate("years_between(出生日期, today)", {"出生日期": ["1970-01-01", "1971-01-01"]}, TODAY) is None
    )
    assert evaluate("a / b", {"a": 1, "b": 0}, TODAY) is None


@pytest.mark.parametrize(
    "expr",
    [
        "__import__('os').system('echo hi')",
        "出生日期.__class__",
        "open('/etc/passwd')",
        "eval('1')",
        "[x for x in 出生日期]",
        "lambda: 1",
        "出生日期[0]",
        "a if b else c",
        "a ** 2",
        "years_between(a, b=today)",
        "_secret",
        "a == b",
        "True",
        "(1).real",
        "x" * 300,
        "",
    ],
)
def test_rejects_everything_outside_the_whitelist(expr: str) -> None:
    with pytest.raises(ExpressionError):
        evaluate(expr, {"a": 1, "b": 2, "出生日期": "1970-01-01"}, TODAY)


def test_no_eval_anywhere() -> None:
    import inspect

    src = inspect.getsource(expressions)
    assert "eval(" not in src.replace("_eval(", "").replace("evaluate(", "")
    assert "exec(" not in src


def test_names() -> None:
    assert names("months_between(today, 结束日期)") == {"结束日期"}
    assert names("to_number(a) + to_number(b)") == {"a", "b"}


def test_date_helpers() -> None:
    assert years_between("2000-02-29", "2026-02-28") == 25
    assert months_between("2026-01-31", "2026-02-28") == 0.9
    assert months_between("2026-01", "2026-04") == 3.0
    assert years_between("not a date", "2026-01-01") is None
