"""Type parsers of templates.md: every documented format, the decisions on ambiguous input, and
property-based round trips (hypothesis) showing no parser ever raises."""

from __future__ import annotations

import datetime as dt
import math
import re
from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from kgdesk.templates.model import FieldSpec, FieldType
from kgdesk.templates.values import Parsed, format_raw, is_empty, normalize_text, parse_value

ENUM_VALUES = ("全委", "多项单委", "单一单委", "其他")


def spec(ftype: FieldType, **kw: object) -> FieldSpec:
    if ftype is FieldType.ENUM and "enum" not in kw:
        kw["enum"] = ENUM_VALUES
    return FieldSpec(name="字段", type=ftype, **kw)  # type: ignore[arg-type]


def ok(ftype: FieldType, raw: object) -> object:
    p = parse_value(spec(ftype), raw)
    assert p.error is None and not p.empty, (raw, p)
    return p.value


def bad(ftype: FieldType, raw: object) -> str:
    p = parse_value(spec(ftype), raw)
    assert p.value is None and not p.empty and p.error, (raw, p)
    return p.error


def serial(d: dt.date) -> int:
    """Excel 1900-system serial of a date on or after 1900-03-01."""
    return (d - dt.date(1899, 12, 30)).days


# ---------------------------------------------------------------------------------------------
# Empty, text, display


@pytest.mark.parametrize(
    "raw", [None, "", " ", "\u3000", "\u00a0", "\u200b", " \u3000\t\n\u00a0 ", float("nan")]
)
def test_empty_values(raw: object) -> None:
    assert is_empty(raw)
    for ftype in FieldType:
        assert parse_value(spec(ftype), raw) == Parsed(None, empty=True)


@pytest.mark.parametrize("raw", ["-", "—", "/", "无", "N/A", "0", 0, False])
def test_placeholders_are_values_not_empty(raw: object) -> None:
    assert not is_empty(raw)
    assert parse_value(spec(FieldType.TEXT), raw).value == format_raw(raw)


def test_placeholders_are_invalid_for_typed_fields() -> None:
    for ftype in (FieldType.INTEGER, FieldType.DECIMAL, FieldType.PERCENT, FieldType.DATE, FieldType.MONTH):
        for raw in ("-", "—", "/", "无"):
            bad(ftype, raw)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("  张三 ", "张三"),
        ("\u3000张\u3000三\u3000", "张三"),
        ("张\u00a0三", "张三"),
        ("\u200b青浦\u200d区\ufeff", "青浦区"),
        ("Zhang San", "Zhang San"),  # ordinary inner spaces stay
        ("第一行\n第二行", "第一行\n第二行"),
        (12.0, "12"),
        (12, "12"),
        (12.5, "12.5"),
        (1234.5600000000001, "1234.56"),
        (dt.date(2026, 3, 1), "2026-03-01"),
        (dt.datetime(2026, 3, 1), "2026-03-01"),
        (dt.datetime(2026, 3, 1, 8, 30), "2026-03-01 08:30"),
        (True, "TRUE"),
    ],
)
def test_normalize_text(raw: object, expected: str) -> None:
    assert normalize_text(raw) == expected
    assert ok(FieldType.TEXT, raw) == expected


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (None, ""),
        ("  raw as typed ", "  raw as typed "),
        (12.0, "12"),
        (-3.0, "-3"),
        (0.125, "0.125"),
        (1e-7, "0.0000001"),
        (1e20, "100000000000000000000"),
        (46082, "46082"),
        (dt.date(2026, 3, 1), "2026-03-01"),
        (dt.datetime(2026, 3, 1, 0, 0), "2026-03-01"),
        (dt.datetime(2026, 3, 1, 12, 30, 5), "2026-03-01 12:30:05"),
        (dt.time(8, 30), "08:30"),
        (dt.timedelta(hours=26, minutes=5), "26:05:00"),
        (False, "FALSE"),
        (Decimal("1.50"), "1.5"),
    ],
)
def test_format_raw(raw: object, shown: str) -> None:
    assert format_raw(raw) == shown


@pytest.mark.parametrize("raw", ["#N/A", "#DIV/0!", " #VALUE! ", "#REF!", "#NAME?", "#n/a"])
def test_excel_error_values_are_invalid_for_every_type(raw: str) -> None:
    for ftype in FieldType:
        assert "Excel 错误值" in bad(ftype, raw)


# ---------------------------------------------------------------------------------------------
# 编码


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("XMSQ0102", "XMSQ0102"),
        (" xmsq0102 ", "XMSQ0102"),
        ("kwl 2307 024", "KWL2307024"),
        ("KWL\u30002307024", "KWL2307024"),
        ("KWL\u00a02307024\t", "KWL2307024"),
        ("ｘｍｓｑ０１０２", "XMSQ0102"),
        ("xmsq-0102", "XMSQ-0102"),
        (102.0, "102"),
        (102, "102"),
    ],
)
def test_code(raw: object, code: str) -> None:
    assert ok(FieldType.CODE, raw) == code


@pytest.mark.parametrize("raw", [dt.date(2026, 3, 1), dt.datetime(2026, 3, 1, 1), True])
def test_code_rejects_dates_and_booleans(raw: object) -> None:
    bad(FieldType.CODE, raw)


# ---------------------------------------------------------------------------------------------
# 整数, 小数, 百分比


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        (12, 12),
        (12.0, 12),
        ("12", 12),
        (" 12 ", 12),
        ("1,234", 1234),
        ("１２", 12),
        ("12人", 12),
        ("-3", -3),
        ("12.0", 12),
        ("1.5万", 15000),
        ("+7", 7),
    ],
)
def test_integer(raw: object, value: int) -> None:
    result = ok(FieldType.INTEGER, raw)
    assert result == value and type(result) is int


@pytest.mark.parametrize(
    "raw",
    [12.5, "12.5", "1,2", "12,34", "1e3", "约12", "12+", "3-5", "twelve", True, dt.date(2026, 1, 1), "12%"],
)
def test_integer_invalid(raw: object) -> None:
    bad(FieldType.INTEGER, raw)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("1,234.5", 1234.5),
        ("¥1234", 1234.0),
        ("￥1,234.50", 1234.5),
        ("¥ 1234", 1234.0),
        ("1234元", 1234.0),
        ("12.5万", 125000.0),
        ("12.5万元", 125000.0),
        ("1.2亿", 120_000_000.0),
        ("１，２３４．５", 1234.5),
        ("-1,234.5", -1234.5),
        ("−12", -12.0),
        ("¥-12", -12.0),
        ("-¥12", -12.0),
        ("(1,234.5)", -1234.5),
        ("（100）", -100.0),
        ("RMB 100", 100.0),
        ("人民币100元", 100.0),
        ("1234.5㎡", 1234.5),
        ("3.5年", 3.5),
        ("12小时", 12.0),
        (".5", 0.5),
        ("95%", 0.95),
        (1234.5, 1234.5),
        (1234, 1234.0),
        (Decimal("1.25"), 1.25),
    ],
)
def test_decimal(raw: object, value: float) -> None:
    result = ok(FieldType.DECIMAL, raw)
    assert type(result) is float and result == pytest.approx(value, rel=1e-15)


@pytest.mark.parametrize(
    "raw",
    [
        "1,2",
        "1,23",
        "1.234,5",
        "12 34",
        "1e5",
        "inf",
        "NaN",
        "--5",
        "¥¥5",
        "5万万",
        "约100",
        "100+",
        "5-10",
        "12.5.3",
        "¥5%",
        True,
        float("inf"),
        dt.date(2026, 1, 1),
        "$100",
    ],
)
def test_decimal_invalid(raw: object) -> None:
    bad(FieldType.DECIMAL, raw)


def test_decimal_huge_value_is_an_error_not_infinity() -> None:
    assert "过大" in bad(FieldType.DECIMAL, "9" * 400)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("12.5%", 0.125),
        ("12.5 %", 0.125),
        ("１２．５％", 0.125),
        ("0.125", 0.125),
        (0.125, 0.125),  # numeric cell of a %-formatted cell
        ("-5%", -0.05),
        (-0.05, -0.05),
        ("150%", 1.5),
        ("100%", 1.0),
        (1, 1.0),
        (0, 0.0),
        ("5‰", 0.005),
    ],
)
def test_percent(raw: object, value: float) -> None:
    result = ok(FieldType.PERCENT, raw)
    assert type(result) is float and result == pytest.approx(value, rel=1e-15)


@pytest.mark.parametrize("raw", ["12.5", 12.5, 2, "-1.5", "12.5%%", "%", "¥12%", "12.5万%", True])
def test_percent_never_invents_percent_points(raw: object) -> None:
    bad(FieldType.PERCENT, raw)


# ---------------------------------------------------------------------------------------------
# 日期, 年月, 年份


@pytest.mark.parametrize(
    "raw",
    [
        46082,
        46082.0,
        46082.75,  # serial with a time of day
        "2026-03-01",
        "2026-3-1",
        "2026/3/1",
        "2026/03/01",
        "2026.3.1",
        "2026年3月1日",
        "2026年03月01日",
        "2026 年 3 月 1 日",
        "2026年3月1号",
        "2026-03-01 00:00:00",
        "2026-03-01T08:30:00",
        "2026/3/1 8:30",
        "2026年3月1日 10:00",
        "2026年3月1日10时",
        "２０２６－０３－０１",
        "20260301",
        20260301,
        dt.date(2026, 3, 1),
        dt.datetime(2026, 3, 1, 17, 45),
    ],
)
def test_date_formats(raw: object) -> None:
    assert ok(FieldType.DATE, raw) == "2026-03-01"


@pytest.mark.parametrize(
    ("serial_number", "iso"),
    [(1, "1900-01-01"), (59, "1900-02-28"), (61, "1900-03-01"), (45292, "2024-01-01"), (73415, "2100-12-31")],
)
def test_date_serials_use_the_1900_system(serial_number: int, iso: str) -> None:
    assert ok(FieldType.DATE, serial_number) == iso


def test_whole_number_that_looks_like_a_year_is_not_a_serial() -> None:
    # Serial 2026 would be 1905-07-18; a bare year typed into a date column is far likelier.
    assert "只有年份" in bad(FieldType.DATE, 2026)
    assert "只有年份" in bad(FieldType.MONTH, 2026.0)
    assert ok(FieldType.DATE, 2026.5) == "1905-07-18"  # a fractional serial is a date and time


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("2026-02-30", "不存在"),
        ("2025-02-29", "不存在"),
        ("2026-13-01", "月份"),
        ("2026-00-10", "月份"),
        ("1899-12-31", "超出"),
        ("2101-01-01", "超出"),
        (60, "1900年2月29日"),
        (73416, "超出"),
        (0.5, "时间"),
        (-5, "小于 1"),
        (2026, "只有年份"),
        ("26-3-1", "无法识别"),
        ("3/1/2026", "无法识别"),
        ("01/03/2026", "无法识别"),
        ("2026-03/01", "无法识别"),
        ("2026-03-01 25:00", "时间"),
        ("2026年3月", "无法识别"),
        ("明天", "无法识别"),
        (dt.time(8, 0), "时间"),
        (True, "逻辑值"),
    ],
)
def test_date_invalid(raw: object, reason: str) -> None:
    assert reason in bad(FieldType.DATE, raw)


@pytest.mark.parametrize(
    "raw",
    [
        "2026-03",
        "2026-3",
        "2026/3",
        "2026/03",
        "2026.3",
        "2026.03",
        "202603",
        "2026年3月",
        "2026年03月",
        "2026年3月份",
        "２０２６年３月",
        "2026-03-01",
        "2026/3/15",
        "2026年3月31日",
        "20260331",
        202603,
        202603.0,
        2026.03,
        2026.3,
        46082,
        46112.5,
        dt.date(2026, 3, 9),
        dt.datetime(2026, 3, 31, 23, 59),
    ],
)
def test_month_formats(raw: object) -> None:
    assert ok(FieldType.MONTH, raw) == "2026-03"


@pytest.mark.parametrize(
    ("raw", "month"),
    [
        ("2026.1", "2026-01"),
        ("2026.10", "2026-10"),
        (2026.11, "2026-11"),
        (2026.12, "2026-12"),
        (2026.01, "2026-01"),
    ],
)
def test_month_year_dot_month(raw: object, month: str) -> None:
    assert ok(FieldType.MONTH, raw) == month


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (2026.1, "1 月还是 10 月"),  # Excel stores both 2026.1 and 2026.10 as this number
        (2026, "只有年份"),
        ("2026", "无法识别"),
        ("2026-13", "月份"),
        (202613, "月份"),
        ("2026-00", "月份"),
        ("1899-12", "超出"),
        ("26年3月", "无法识别"),
        ("3月", "无法识别"),
        ("2026-02-30", "不存在"),
        (2026.123, "无法识别"),
        (True, "逻辑值"),
    ],
)
def test_month_invalid(raw: object, reason: str) -> None:
    assert reason in bad(FieldType.MONTH, raw)


@pytest.mark.parametrize(
    "raw", ["2026", "2026年", "2026年度", " 2026 ", "２０２６", "2026.0", 2026, 2026.0, dt.date(2026, 5, 1)]
)
def test_year(raw: object) -> None:
    result = ok(FieldType.YEAR, raw)
    assert result == 2026 and type(result) is int


@pytest.mark.parametrize("raw", ["26", "2026-03", "二〇二六", "1899", 2101, 2026.5, "2026.5", True])
def test_year_invalid(raw: object) -> None:
    bad(FieldType.YEAR, raw)


# ---------------------------------------------------------------------------------------------
# 枚举 and code tables


@pytest.mark.parametrize(
    ("raw", "value"), [("全委", "全委"), (" 全 委 ", "全委"), ("单一单委\u3000", "单一单委")]
)
def test_enum(raw: object, value: str) -> None:
    assert ok(FieldType.ENUM, raw) == value


def test_enum_unknown_value_is_an_error_listing_the_choices() -> None:
    error = bad(FieldType.ENUM, "其它")
    assert "全委/多项单委/单一单委/其他" in error


def test_enum_is_case_and_width_insensitive_for_latin_values() -> None:
    s = spec(FieldType.ENUM, enum=("A类", "B类"))
    assert parse_value(s, "ａ类").value == "A类"
    assert parse_value(s, "b类").value == "B类"


def test_code_table_fields_are_parsed_as_text() -> None:
    s = FieldSpec(name="1日", type=FieldType.TEXT, code_table="考勤")
    assert parse_value(s, " √ ").value == "√"
    assert parse_value(s, "未知").value == "未知"  # the validator checks codes, not the parser


# ---------------------------------------------------------------------------------------------
# Property-based tests


ALL_RAW = st.one_of(
    st.none(),
    st.text(),
    st.text(alphabet="0123456789,.-+¥￥元万亿%‰年月日号/:： T()（）\u3000\u00a0"),
    st.integers(),
    st.floats(),
    st.booleans(),
    st.dates(),
    st.datetimes(),
    st.times(),
    st.timedeltas(),
    st.decimals(),
    st.binary(),
    st.lists(st.integers(), max_size=2),
)

DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MONTH_RE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])$")


@given(raw=ALL_RAW, ftype=st.sampled_from(list(FieldType)))
@example(raw="9" * 5000, ftype=FieldType.DECIMAL)
@example(raw=10**400, ftype=FieldType.DECIMAL)
@example(raw=10**400, ftype=FieldType.DATE)
@example(raw=1e308, ftype=FieldType.MONTH)
@example(raw=Decimal("sNaN"), ftype=FieldType.INTEGER)
def test_no_parser_ever_raises(raw: object, ftype: FieldType) -> None:
    p = parse_value(spec(ftype), raw)
    assert isinstance(p, Parsed)
    assert isinstance(format_raw(raw), str)
    if p.empty:
        assert p.value is None and p.error is None
        return
    if p.error is not None:
        assert p.value is None and p.error.strip()
        return
    value = p.value
    if ftype in (FieldType.TEXT, FieldType.CODE, FieldType.ENUM):
        assert isinstance(value, str) and value
    elif ftype in (FieldType.INTEGER, FieldType.YEAR):
        assert type(value) is int
        if ftype is FieldType.YEAR:
            assert 1900 <= value <= 2100
    elif ftype in (FieldType.DECIMAL, FieldType.PERCENT):
        assert type(value) is float and math.isfinite(value)
    elif ftype is FieldType.DATE:
        assert isinstance(value, str) and DATE_RE.match(value)
        assert 1900 <= dt.date.fromisoformat(value).year <= 2100
    elif ftype is FieldType.MONTH:
        assert isinstance(value, str) and MONTH_RE.match(value)
        assert 1900 <= int(value[:4]) <= 2100


@given(raw=st.text())
def test_normalize_text_properties(raw: str) -> None:
    text = normalize_text(raw)
    if text is None:
        assert is_empty(raw)
        return
    assert text == text.strip()
    assert not any(ch in text for ch in "\u3000\u00a0\u200b\u200c\u200d\u2060\ufeff")
    assert normalize_text(text) == text


DATES = st.dates(min_value=dt.date(1900, 3, 1), max_value=dt.date(2100, 12, 31))


def _date_renderings(d: dt.date) -> list[object]:
    y, m, day = d.year, d.month, d.day
    serials: list[object] = [serial(d), float(serial(d)), serial(d) + 0.999]
    if 1900 <= serial(d) <= 2100:
        serials = [serial(d) + 0.5]  # a whole number 1900–2100 is read as a bare year (rejected)
    return [
        *serials,
        d,
        dt.datetime(y, m, day, 13, 7, 21),
        d.isoformat(),
        f"{y}-{m}-{day}",
        f"{y}/{m}/{day}",
        f"{y}/{m:02d}/{day:02d}",
        f"{y}.{m}.{day}",
        f"{y}年{m}月{day}日",
        f"{y}年{m:02d}月{day:02d}日",
        f"{d.isoformat()} 23:59:59",
        f"{d.isoformat()}T08:00",
        f"{y:04d}{m:02d}{day:02d}",
        y * 10_000 + m * 100 + day,
        d.isoformat().translate({ord(c): ord(c) + 0xFEE0 for c in "0123456789-"}),
    ]


@given(d=DATES)
def test_date_round_trip_in_every_format(d: dt.date) -> None:
    for raw in _date_renderings(d):
        assert parse_value(spec(FieldType.DATE), raw) == Parsed(d.isoformat()), raw


@given(d=DATES)
def test_month_round_trip_in_every_format(d: dt.date) -> None:
    y, m = d.year, d.month
    expected = Parsed(f"{y:04d}-{m:02d}")
    renderings: list[object] = [
        f"{y}-{m:02d}",
        f"{y}-{m}",
        f"{y}/{m}",
        f"{y}.{m}",
        f"{y}{m:02d}",
        f"{y}年{m}月",
        y * 100 + m,
        float(y * 100 + m),
        # A number 1900–2100 is read as year.month (2026.03), never as a serial of 1905.
        *(r for r in _date_renderings(d) if not (isinstance(r, int | float) and 1900 <= r < 2101)),
    ]
    if m != 1 and m != 10:
        renderings.append(float(f"{y}.{m:02d}"))
    for raw in renderings:
        assert parse_value(spec(FieldType.MONTH), raw) == expected, raw


@given(y=st.integers(1900, 2100))
def test_year_round_trip(y: int) -> None:
    for raw in (y, float(y), str(y), f"{y}年", f" {y} 年度"):
        assert parse_value(spec(FieldType.YEAR), raw) == Parsed(y), raw


@given(d=st.decimals(min_value=-(10**12), max_value=10**12, places=2, allow_nan=False, allow_infinity=False))
def test_decimal_round_trip_with_separators_and_currency(d: Decimal) -> None:
    plain = f"{abs(d):,.2f}"
    sign = "-" if d < 0 else ""
    expected = float(d)
    for raw in (
        f"{sign}{plain}",
        f"{sign}¥{plain}",
        f"￥{sign}{plain}",
        f"{sign}{plain}元",
        f"{sign}{plain}".replace(",", "，"),
        str(d),
        float(d),
    ):
        p = parse_value(spec(FieldType.DECIMAL), raw)
        assert p.error is None and p.value == pytest.approx(expected, rel=1e-15, abs=1e-9), raw


@given(d=st.decimals(min_value=0, max_value=10**6, places=4, allow_nan=False, allow_infinity=False))
def test_decimal_wan_multiplies_by_ten_thousand(d: Decimal) -> None:
    for raw in (f"{d}万", f"{d}万元", f"¥{d}万"):
        assert parse_value(spec(FieldType.DECIMAL), raw) == Parsed(float(d * 10_000)), raw


@given(n=st.integers(min_value=-(10**15), max_value=10**15))
def test_integer_round_trip(n: int) -> None:
    for raw in (n, str(n), f"{n:,}", float(n), f"{n}.0", f"{n}人" if n >= 0 else str(n)):
        assert parse_value(spec(FieldType.INTEGER), raw) == Parsed(n), raw


@given(n=st.integers(-(10**6), 10**6), frac=st.integers(1, 99))
def test_integer_rejects_fractions(n: int, frac: int) -> None:
    raw = f"{n}.{frac:02d}"
    assert parse_value(spec(FieldType.INTEGER), raw).error


@given(d=st.decimals(min_value=-1000, max_value=1000, places=3, allow_nan=False, allow_infinity=False))
def test_percent_with_sign_round_trip(d: Decimal) -> None:
    assert parse_value(spec(FieldType.PERCENT), f"{d}%") == Parsed(float(d / 100))


@given(x=st.floats(min_value=-1, max_value=1))
def test_percent_fraction_round_trip(x: float) -> None:
    assert parse_value(spec(FieldType.PERCENT), x) == Parsed(x)
    # As text the way Excel shows it (15 significant digits, never exponent notation).
    assert parse_value(spec(FieldType.PERCENT), format_raw(x)).value == pytest.approx(
        x, rel=1e-14, abs=1e-300
    )


@given(x=st.floats(min_value=1.000001, max_value=1e9))
def test_bare_percent_above_one_is_rejected(x: float) -> None:
    assert parse_value(spec(FieldType.PERCENT), x).error
    assert parse_value(spec(FieldType.PERCENT), format_raw(x)).error


CODE_CHARS = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=20
)
SPACES = st.sampled_from([" ", "\u3000", "\u00a0", "\t", "\u200b", ""])


@given(code=CODE_CHARS, spaces=st.lists(SPACES, min_size=3, max_size=3), cut=st.integers(0, 20))
def test_code_is_upper_cased_without_spaces(code: str, spaces: list[str], cut: int) -> None:
    cut = min(cut, len(code))
    raw = f"{spaces[0]}{code[:cut]}{spaces[1]}{code[cut:]}{spaces[2]}"
    assert parse_value(spec(FieldType.CODE), raw) == Parsed(code.upper())
    full_width = code.translate({i: i + 0xFEE0 for i in range(0x21, 0x7F)})
    assert parse_value(spec(FieldType.CODE), full_width) == Parsed(code.upper())
