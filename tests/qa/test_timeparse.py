"""Time expressions relative to an injected today, aware of the data's coverage."""

from __future__ import annotations

from datetime import date

import pytest

from kgdesk.qa.timeparse import TimeParser, check_coverage, cn_number

COVERAGE = ["2025-12", "2026-01", "2026-02", "2026-03", "2026-04"]


def one(text: str, today: date = date(2026, 4, 20), months: list[str] | None = None) -> tuple[str, str]:
    ms = TimeParser(today, COVERAGE if months is None else months).parse(text).mentions
    assert len(ms) == 1, ms
    return ms[0].start, ms[0].end


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026年3月的开票", ("2026-03", "2026-03")),
        ("26年3月", ("2026-03", "2026-03")),
        ("2026-03 的考勤", ("2026-03", "2026-03")),
        ("2026/3", ("2026-03", "2026-03")),
        ("今年3月", ("2026-03", "2026-03")),
        ("去年12月", ("2025-12", "2025-12")),
        ("三月份加班", ("2026-03", "2026-03")),
        ("12月", ("2025-12", "2025-12")),
        ("3月到4月", ("2026-03", "2026-04")),
        ("3-4月", ("2026-03", "2026-04")),
        ("1月至3月", ("2026-01", "2026-03")),
        ("2026年1月至3月", ("2026-01", "2026-03")),
        ("12月到2月", ("2025-12", "2026-02")),
        ("2026年", ("2026-01", "2026-12")),
        ("今年", ("2026-01", "2026-12")),
        ("一季度", ("2026-01", "2026-03")),
        ("2026年Q2", ("2026-04", "2026-06")),
        ("上半年", ("2026-01", "2026-06")),
        ("上个月", ("2026-03", "2026-03")),
        ("本月", ("2026-04", "2026-04")),
        ("近三个月", ("2026-02", "2026-04")),
        ("最近6个月", ("2025-11", "2026-04")),
        ("上季度", ("2026-01", "2026-03")),
    ],
)
def test_expressions(text: str, expected: tuple[str, str]) -> None:
    assert one(text) == expected


def test_bare_month_without_data_uses_today() -> None:
    # no 7月 in the data: the latest July not after today
    assert one("7月", months=[]) == ("2025-07", "2025-07")
    assert one("3月", today=date(2026, 2, 1), months=[]) == ("2025-03", "2025-03")


def test_relative_to_injected_today() -> None:
    assert one("上个月", today=date(2027, 1, 5)) == ("2026-12", "2026-12")
    assert one("今年3月", today=date(2027, 1, 5)) == ("2027-03", "2027-03")


def test_spans_and_non_time_numbers() -> None:
    p = TimeParser(date(2026, 4, 20), COVERAGE).parse("3个月内到期的项目")
    assert p.mentions == []
    p = TimeParser(date(2026, 4, 20), COVERAGE).parse("赵德胜3月和4月的加班")
    assert [(m.start, m.text) for m in p.mentions] == [("2026-03", "3月"), ("2026-04", "4月")]
    assert p.mentions[0].span == (3, 5)


def test_current_word() -> None:
    p = TimeParser(date(2026, 4, 20), COVERAGE).parse("目前有多少人")
    assert p.current == (0, 2) and not p.mentions


def test_coverage_is_honest() -> None:
    cov = check_coverage("2026-03", "2026-06", COVERAGE)
    assert cov.covered == ("2026-03", "2026-04") and cov.missing == ("2026-05", "2026-06")
    assert "2025-12 至 2026-04" in cov.message() and "2026-05 至 2026-06" in cov.message()
    assert check_coverage("2027-01", "2027-01", COVERAGE).none


@pytest.mark.parametrize(
    ("text", "n"),
    [("3", 3), ("十二", 12), ("十", 10), ("二十一", 21), ("两", 2), ("二〇二六", 2026), ("x", None)],
)
def test_cn_number(text: str, n: int | None) -> None:
    assert cn_number(text) == n
