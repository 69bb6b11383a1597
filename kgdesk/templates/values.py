"""Cell value parsing for the template field types of templates.md.

Every parser is total: it never raises, it returns a `Parsed` that says whether the raw cell
was empty, parsed, or present but invalid (with a Chinese reason). Parsing is conservative:
a value is only accepted when its meaning is unambiguous; nothing is guessed or invented.

Decisions on ambiguous input (also listed in the README):
- Empty means None, "" or only whitespace (incl. full-width spaces, NBSP, zero-width chars)
  or a float NaN. Placeholders such as "-", "—", "/", "无", "N/A" are values, not empty: a
  typed field reports them as invalid, a text field keeps them.
- Excel error values (#N/A, #DIV/0!, #VALUE!, …) are invalid for every type, text included.
- Numbers: thousands separators must be real groups of three ("1,234,567"; "1,2" is
  invalid); a currency prefix (¥ ￥ RMB CNY 人民币), a magnitude (万 = 10⁴, 亿 = 10⁸) and one
  unit suffix from a fixed list (元, 人, 个, 次, 台, 天, 小时, 年, ㎡ …) are accepted;
  "(1,234)" is negative; scientific notation, "约100", "100+", ranges are invalid.
  Full-width digits and punctuation are folded to ASCII first.
- 整数 rejects a value with a fractional part (12.5), accepts 12.0, "12", "1,234", "12人".
- 小数 accepts "95%" as 0.95 (the sign is explicit).
- 百分比: "12.5%" → 0.125, "5‰" → 0.005; a bare number must lie in [-1, 1] (0.125, -0.05,
  numeric cells of a %-formatted cell); a bare number outside it ("12.5") is invalid, never
  read as percent points. A bare 1 means 100%.
- 日期: numeric cells are Excel 1900-system serials (60 = the non-existent 1900-02-29 is
  invalid); a whole number 1900–2100 is a bare year and invalid; an 8-digit 20260301
  (number or text) is YYYYMMDD; a time part after the date is ignored; two-digit years and
  day-first/month-first orders (3/1/2026) are invalid; years outside 1900–2100 invalid.
- 年月: "2026.1" as text is January; a numeric cell 2026.1 is invalid because Excel stores
  both "2026.1" and "2026.10" as that number; 2026.03, 2026.3, 2026.11 are unambiguous.
  A 6-digit number 202603 is YYYYMM; a date or serial gives its month.
- 年份: 2026, 2026.0, "2026年", "2026年度"; a date cell gives its year.
- 编码: every kind of whitespace removed, full-width letters/digits folded, upper-cased;
  a date or TRUE/FALSE cell is invalid (Excel turned the code into something else).
- 枚举: compared after removing whitespace and folding width/case; the canonical listed
  value is returned.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from kgdesk.templates.display import format_float as _format_float
from kgdesk.templates.display import format_raw
from kgdesk.templates.model import FieldSpec, FieldType

YEAR_MIN = 1900
YEAR_MAX = 2100


@dataclass(frozen=True)
class Parsed:
    value: Any | None
    error: str | None = None
    empty: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and not self.empty


EMPTY = Parsed(None, empty=True)

# Full-width space, NBSP (and its narrow/figure variants) and zero-width characters are
# removed everywhere, not only at the ends (templates.md: "removed").
_INVISIBLE = "\u00a0\u2007\u202f\u3000\u200b\u200c\u200d\u2060\ufeff"
_REMOVE_TABLE = dict.fromkeys(map(ord, _INVISIBLE))

# Full-width ASCII (U+FF01–U+FF5E) to ASCII, plus a few look-alikes met in ledgers.
_FOLD_TABLE: dict[int, int | str | None] = {i: i - 0xFEE0 for i in range(0xFF01, 0xFF5F)}
_FOLD_TABLE.update({0xFFE5: "¥", 0x2212: "-", 0xFE63: "-"})
_FOLD_TABLE.update(_REMOVE_TABLE)

_WS_RE = re.compile(r"\s+")

EXCEL_ERRORS = frozenset(
    {
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#CONNECT!",
        "#BUSY!",
        "#UNKNOWN!",
    }
)


# ---------------------------------------------------------------------------------------------
# Text


def is_empty(raw: object) -> bool:
    """None, '', whitespace of any kind (U+3000, NBSP, zero-width) or NaN. '-', '无' are values."""
    if raw is None:
        return True
    if isinstance(raw, str):
        return not raw.translate(_REMOVE_TABLE).strip()
    if isinstance(raw, float):
        return math.isnan(raw)
    return False


def normalize_text(raw: object) -> str | None:
    """文本 rule: U+3000, NBSP and zero-width chars removed everywhere, then trimmed; None if empty."""
    if raw is None:
        return None
    s = raw if isinstance(raw, str) else format_raw(raw)
    s = s.translate(_REMOVE_TABLE).strip()
    return s or None


def _fold(s: str) -> str:
    """Full-width ASCII to ASCII, invisible chars removed, trimmed."""
    return s.translate(_FOLD_TABLE).strip()


def _excel_error(raw: object) -> str | None:
    if isinstance(raw, str) and "#" in raw:
        s = raw.strip().upper()
        if s in EXCEL_ERRORS:
            return f"单元格是 Excel 错误值 {s}（公式计算出错），不是有效数据"
    return None


# ---------------------------------------------------------------------------------------------
# Numbers

_NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
_CURRENCY = r"(?:¥|RMB|CNY|人民币)"
_MAGNITUDE = {"万": Decimal(10_000), "亿": Decimal(100_000_000)}
_UNITS = (
    "人民币元",
    "元",
    "人次",
    "人",
    "名",
    "位",
    "个",
    "次",
    "台",
    "件",
    "项",
    "套",
    "辆",
    "处",
    "户",
    "份",
    "张",
    "个月",
    "小时",
    "天",
    "年",
    "平方米",
    "平米",
    "㎡",
    "m²",
    "m2",
)
_UNIT_RE = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
_AMOUNT_RE = re.compile(
    rf"^(?P<s1>[-+])?\s*(?P<cur>{_CURRENCY})?\s*(?P<s2>[-+])?\s*(?P<num>{_NUMBER})\s*"
    rf"(?P<mag>[万亿])?\s*(?P<unit>{_UNIT_RE}|%|‰)?$",
    re.IGNORECASE,
)
_PERCENT_RE = re.compile(rf"^(?P<sign>[-+])?\s*(?P<num>{_NUMBER})\s*(?P<pct>%|‰)?$")

_NOT_A_NUMBER = "无法识别为数字（可写 1234.5、1,234.5、¥1234、1234元、12.5万）"


def _number_from_text(s: str, *, percent_sign: bool) -> tuple[Decimal | None, str | None]:
    """Parse a folded text amount; `percent_sign` allows a trailing % / ‰ (as / 100 or / 1000)."""
    negative = False
    if len(s) > 2 and s[0] == "(" and s[-1] == ")":
        negative, s = True, s[1:-1].strip()
    m = _AMOUNT_RE.match(s)
    if m is None:
        return None, _NOT_A_NUMBER
    if m["s1"] and m["s2"]:
        return None, _NOT_A_NUMBER
    sign = m["s1"] or m["s2"]
    if negative and sign:
        return None, _NOT_A_NUMBER
    try:
        value = Decimal(m["num"].replace(",", ""))
    except InvalidOperation:
        return None, _NOT_A_NUMBER
    if m["mag"]:
        value *= _MAGNITUDE[m["mag"]]
    unit = m["unit"]
    if unit in ("%", "‰"):
        if not percent_sign or m["cur"] or m["mag"]:
            return None, _NOT_A_NUMBER
        value /= Decimal(100 if unit == "%" else 1000)
    if negative or sign == "-":
        value = -value
    return value, None


def _number(raw: object, *, percent_sign: bool = True) -> tuple[Decimal | float | int | None, str | None]:
    """A numeric cell as is, or a text amount as a Decimal; (None, reason) when invalid."""
    if isinstance(raw, bool):
        return None, "是逻辑值（TRUE/FALSE），不是数字"
    if isinstance(raw, int):
        return raw, None
    if isinstance(raw, float):
        if math.isnan(raw) or math.isinf(raw):
            return None, "不是有限的数字"
        return raw, None
    if isinstance(raw, Decimal):
        if not raw.is_finite():
            return None, "不是有限的数字"
        return raw, None
    if isinstance(raw, dt.date | dt.time | dt.timedelta):
        return None, "单元格是日期或时间，不是数字"
    if isinstance(raw, str):
        return _number_from_text(_fold(raw), percent_sign=percent_sign)
    return None, _NOT_A_NUMBER


def _finite_float(value: Decimal | float | int) -> tuple[float | None, str | None]:
    try:
        f = float(value)
    except (OverflowError, ValueError):
        return None, "数值过大"
    if math.isinf(f) or math.isnan(f):
        return None, "数值过大"
    return f, None


def _parse_integer(raw: object) -> Parsed:
    value, error = _number(raw, percent_sign=False)
    if value is None:
        return Parsed(None, error or _NOT_A_NUMBER)
    if isinstance(value, int):
        result = value
    else:
        if isinstance(value, float):
            if not value.is_integer():
                return Parsed(None, f"不是整数（{_format_float(value)} 带小数部分）")
        elif value != value.to_integral_value():
            return Parsed(None, f"不是整数（{value.normalize():f} 带小数部分）")
        result = int(value)
    if abs(result) >= 2**63:
        return Parsed(None, "数值过大")
    return Parsed(result)


def _parse_decimal(raw: object) -> Parsed:
    value, error = _number(raw, percent_sign=True)
    if value is None:
        return Parsed(None, error or _NOT_A_NUMBER)
    f, error = _finite_float(value)
    return Parsed(f, error)


_PERCENT_HINT = "请写成 12.5% 或 0.125"


def _parse_percent(raw: object) -> Parsed:
    if isinstance(raw, str):
        s = _fold(raw)
        m = _PERCENT_RE.match(s)
        if m is None:
            return Parsed(None, f"无法识别为百分比，{_PERCENT_HINT}")
        try:
            d = Decimal(m["num"].replace(",", ""))
        except InvalidOperation:
            return Parsed(None, f"无法识别为百分比，{_PERCENT_HINT}")
        if m["sign"] == "-":
            d = -d
        if m["pct"]:
            d /= Decimal(100 if m["pct"] == "%" else 1000)
        elif abs(d) > 1:
            return Parsed(None, f"不带 % 的百分比必须在 -1 到 1 之间；若表示 {s}%，{_PERCENT_HINT}")
        f, error = _finite_float(d)
        return Parsed(f, error)
    value, error = _number(raw, percent_sign=False)
    if value is None:
        return Parsed(None, error or f"无法识别为百分比，{_PERCENT_HINT}")
    if abs(float(value)) > 1 + 1e-9:  # tolerate float noise of a formula that yields 100%
        shown = format_raw(raw)
        return Parsed(None, f"不带 % 的百分比必须在 -1 到 1 之间；若表示 {shown}%，{_PERCENT_HINT}")
    f, error = _finite_float(value)
    return Parsed(f, error)


# ---------------------------------------------------------------------------------------------
# Dates

_EXCEL_EPOCH = dt.date(1899, 12, 30)
_DATE_FORMATS_HINT = "请写成 2026-03-01、2026/3/1、2026.3.1 或 2026年3月1日"
_TIME = (
    r"(?:\s*T\s*|\s+|(?<=[日号])\s*)"
    r"(?P<h>\d{1,2})(?:[:：](?P<mi>\d{1,2})(?:[:：](?P<se>\d{1,2})(?:\.\d+)?)?|[时点](?:(?P<mi2>\d{1,2})分?)?)"
    r"(?:\s*(?:AM|PM))?"
)
_DATE_SEP_RE = re.compile(
    rf"^(?P<y>\d{{4}})(?P<sep>[-/.])(?P<m>\d{{1,2}})(?P=sep)(?P<d>\d{{1,2}})(?:{_TIME})?$", re.I
)
_DATE_CN_RE = re.compile(
    rf"^(?P<y>\d{{4}})\s*年\s*(?P<m>\d{{1,2}})\s*月\s*(?P<d>\d{{1,2}})\s*[日号](?:{_TIME})?$", re.I
)
_DATE_COMPACT_RE = re.compile(r"^(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})$")
_MONTH_SEP_RE = re.compile(r"^(?P<y>\d{4})[-/.](?P<m>\d{1,2})$")
_MONTH_CN_RE = re.compile(r"^(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月份?$")
_MONTH_COMPACT_RE = re.compile(r"^(?P<y>\d{4})(?P<m>\d{2})$")
_YEAR_RE = re.compile(r"^(?P<y>\d{4})(?:\.0+)?\s*(?:年度?)?$")


def _year_range_error(year: int) -> str | None:
    if YEAR_MIN <= year <= YEAR_MAX:
        return None
    return f"年份 {year} 超出 {YEAR_MIN}–{YEAR_MAX} 的范围"


def _make_date(year: int, month: int, day: int) -> tuple[dt.date | None, str | None]:
    error = _year_range_error(year)
    if error:
        return None, error
    if not 1 <= month <= 12:
        return None, f"月份 {month} 不在 1–12 之间"
    try:
        return dt.date(year, month, day), None
    except ValueError:
        return None, f"日期不存在（{year}年{month}月{day}日）"


def _time_ok(m: re.Match[str]) -> bool:
    if m["h"] is None:
        return True
    minute = m["mi"] or m["mi2"]
    return (
        int(m["h"]) <= 23
        and (minute is None or int(minute) <= 59)
        and (m["se"] is None or int(m["se"]) <= 59)
    )


def _serial_to_date(serial: float) -> tuple[dt.date | None, str | None]:
    """Excel 1900 date system: 1 = 1900-01-01, 60 = the non-existent 1900-02-29, 61 = 1900-03-01."""
    if serial < 1:
        return None, "不是日期（数字小于 1，可能只是时间）"
    n = int(serial)
    if n == 60:
        return None, "日期不存在（Excel 序列号 60 = 1900年2月29日）"
    try:
        day = dt.date(1899, 12, 31) + dt.timedelta(days=n) if n < 60 else _EXCEL_EPOCH + dt.timedelta(days=n)
    except OverflowError:
        return None, f"Excel 日期序列号 {format_raw(serial)} 超出 {YEAR_MIN}–{YEAR_MAX} 年的范围"
    if day.year > YEAR_MAX:
        return None, f"Excel 日期序列号 {format_raw(serial)} 超出 {YEAR_MIN}–{YEAR_MAX} 年的范围"
    return day, None


def _date_from_number(v: float | int | Decimal) -> tuple[dt.date | None, str | None]:
    f = float(v)
    if math.isnan(f) or math.isinf(f):
        return None, "不是有限的数字"
    if f.is_integer():
        n = int(f)
        if YEAR_MIN <= n <= YEAR_MAX:
            return None, f"只有年份 {n}，缺少月和日"
        if 10_000_000 <= n <= 99_999_999:
            return _make_date(n // 10_000, n // 100 % 100, n % 100)
    return _serial_to_date(f)


def _date_from_text(s: str) -> tuple[dt.date | None, str | None]:
    m = _DATE_SEP_RE.match(s) or _DATE_CN_RE.match(s)
    if m is not None:
        if not _time_ok(m):
            return None, f"时间部分无效；{_DATE_FORMATS_HINT}"
        return _make_date(int(m["y"]), int(m["m"]), int(m["d"]))
    m = _DATE_COMPACT_RE.match(s)
    if m is not None:
        return _make_date(int(m["y"]), int(m["m"]), int(m["d"]))
    return None, f"无法识别为日期，{_DATE_FORMATS_HINT}"


def _to_date(raw: object) -> tuple[dt.date | None, str | None]:
    if isinstance(raw, dt.datetime):
        return (raw.date(), None) if not _year_range_error(raw.year) else (None, _year_range_error(raw.year))
    if isinstance(raw, dt.date):
        return (raw, None) if not _year_range_error(raw.year) else (None, _year_range_error(raw.year))
    if isinstance(raw, bool):
        return None, "是逻辑值（TRUE/FALSE），不是日期"
    if isinstance(raw, int | float | Decimal):
        return _date_from_number(raw)
    if isinstance(raw, str):
        return _date_from_text(_fold(raw))
    if isinstance(raw, dt.time | dt.timedelta):
        return None, "单元格只有时间，没有日期"
    return None, f"无法识别为日期，{_DATE_FORMATS_HINT}"


def _parse_date(raw: object) -> Parsed:
    day, error = _to_date(raw)
    return Parsed(day.isoformat() if day else None, None if day else error)


_MONTH_FORMATS_HINT = "请写成 2026-03、2026/3、202603 或 2026年3月"


def _make_month(year: int, month: int) -> Parsed:
    error = _year_range_error(year)
    if error:
        return Parsed(None, error)
    if not 1 <= month <= 12:
        return Parsed(None, f"月份 {month} 不在 1–12 之间")
    return Parsed(f"{year:04d}-{month:02d}")


def _month_from_number(v: float | int | Decimal) -> Parsed:
    f = float(v)
    if math.isnan(f) or math.isinf(f):
        return Parsed(None, "不是有限的数字")
    if f.is_integer():
        n = int(f)
        if YEAR_MIN <= n <= YEAR_MAX:
            return Parsed(None, f"只有年份 {n}，缺少月份；{_MONTH_FORMATS_HINT}")
        if YEAR_MIN * 100 <= n <= YEAR_MAX * 100 + 99:
            return _make_month(n // 100, n % 100)
    elif YEAR_MIN <= f < YEAR_MAX + 1:
        # A year.month typed into a numeric cell: Excel keeps 2026.03 but stores 2026.10 as 2026.1.
        text = _format_float(f)
        year, _, frac = text.partition(".")
        if frac == "1":
            return Parsed(None, f"数字 {text} 无法区分 1 月还是 10 月；请写成文本 {year}-01 或 {year}-10")
        if len(frac) == 2 or (len(frac) == 1 and frac != "0"):
            return _make_month(int(year), int(frac))
        return Parsed(None, f"无法识别为年月，{_MONTH_FORMATS_HINT}")
    day, error = _date_from_number(f)
    if day is None:
        return Parsed(None, error)
    return Parsed(f"{day.year:04d}-{day.month:02d}")


def _parse_month(raw: object) -> Parsed:
    if isinstance(raw, dt.date):
        return _make_month(raw.year, raw.month)
    if isinstance(raw, bool):
        return Parsed(None, "是逻辑值（TRUE/FALSE），不是年月")
    if isinstance(raw, int | float | Decimal):
        return _month_from_number(raw)
    if isinstance(raw, str):
        s = _fold(raw)
        m = _MONTH_SEP_RE.match(s) or _MONTH_CN_RE.match(s) or _MONTH_COMPACT_RE.match(s)
        if m is not None:
            return _make_month(int(m["y"]), int(m["m"]))
        if _DATE_SEP_RE.match(s) or _DATE_CN_RE.match(s) or _DATE_COMPACT_RE.match(s):
            day, error = _date_from_text(s)
            return _make_month(day.year, day.month) if day else Parsed(None, error)
        return Parsed(None, f"无法识别为年月，{_MONTH_FORMATS_HINT}")
    return Parsed(None, f"无法识别为年月，{_MONTH_FORMATS_HINT}")


def _make_year(year: int) -> Parsed:
    error = _year_range_error(year)
    return Parsed(None, error) if error else Parsed(year)


def _parse_year(raw: object) -> Parsed:
    if isinstance(raw, dt.date):
        return _make_year(raw.year)
    if isinstance(raw, bool):
        return Parsed(None, "是逻辑值（TRUE/FALSE），不是年份")
    if isinstance(raw, int | float | Decimal):
        f = float(raw)
        if math.isnan(f) or math.isinf(f) or not f.is_integer():
            return Parsed(None, "不是年份（年份应为 2026 这样的四位整数）")
        return _make_year(int(f))
    if isinstance(raw, str):
        m = _YEAR_RE.match(_fold(raw))
        if m is not None:
            return _make_year(int(m["y"]))
    return Parsed(None, "无法识别为年份，请写成 2026 或 2026年")


# ---------------------------------------------------------------------------------------------
# Text, codes, enums


def _parse_text(raw: object) -> Parsed:
    text = normalize_text(raw)
    return Parsed(text) if text is not None else EMPTY


def _parse_code(raw: object) -> Parsed:
    if isinstance(raw, bool):
        return Parsed(None, "是逻辑值（TRUE/FALSE），不是编码")
    if isinstance(raw, dt.date | dt.time | dt.timedelta):
        return Parsed(
            None,
            "单元格是日期或时间，不是编码（Excel 可能把编码自动转换成了日期，请把该列设为文本后重新填写）",
        )
    text = raw if isinstance(raw, str) else format_raw(raw)
    code = _WS_RE.sub("", text.translate(_FOLD_TABLE)).upper()
    return Parsed(code) if code else EMPTY


def _enum_key(s: str) -> str:
    return _WS_RE.sub("", s.translate(_FOLD_TABLE)).casefold()


@lru_cache(maxsize=256)
def _enum_lookup(values: tuple[str, ...]) -> dict[str, str]:
    return {_enum_key(v): v for v in values}


def _parse_enum(spec: FieldSpec, raw: object) -> Parsed:
    text = normalize_text(raw)
    if text is None:
        return EMPTY
    canonical = _enum_lookup(spec.enum).get(_enum_key(text))
    if canonical is None:
        return Parsed(None, f"不是可选值之一（可选：{'/'.join(spec.enum)}）")
    return Parsed(canonical)


def parse_value(spec: FieldSpec, raw: object) -> Parsed:
    """Parse one raw cell for a field; never raises."""
    try:
        if is_empty(raw):
            return EMPTY
        excel_error = _excel_error(raw)
        if excel_error:
            return Parsed(None, excel_error)
        ftype = spec.type
        if spec.code_table is not None or ftype is FieldType.TEXT:
            return _parse_text(raw)
        if ftype is FieldType.CODE:
            return _parse_code(raw)
        if ftype is FieldType.INTEGER:
            return _parse_integer(raw)
        if ftype is FieldType.DECIMAL:
            return _parse_decimal(raw)
        if ftype is FieldType.PERCENT:
            return _parse_percent(raw)
        if ftype is FieldType.DATE:
            return _parse_date(raw)
        if ftype is FieldType.MONTH:
            return _parse_month(raw)
        if ftype is FieldType.YEAR:
            return _parse_year(raw)
        if ftype is FieldType.ENUM:
            return _parse_enum(spec, raw)
        return _parse_text(raw)
    except Exception as e:  # a parser bug must never stop a validation run
        return Parsed(None, f"无法识别的值（{type(e).__name__}）")
