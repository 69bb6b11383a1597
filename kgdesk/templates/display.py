"""How a raw cell is shown to a user (messages, the quality report, the row viewer): Excel-like text."""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal


def format_float(x: float) -> str:
    """Excel-like display: 15 significant digits, no trailing '.0', never exponent notation."""
    if math.isnan(x) or math.isinf(x):
        return str(x)
    if x.is_integer() and abs(x) < 1e21:
        return str(int(x))
    s = f"{x:.15g}"
    if "e" in s or "E" in s:
        s = format(Decimal(s), "f")
    return s


def _format_time(t: dt.time) -> str:
    return t.strftime("%H:%M:%S" if t.second or t.microsecond else "%H:%M")


def _format_timedelta(d: dt.timedelta) -> str:
    total = int(d.total_seconds())
    sign = "-" if total < 0 else ""
    total = abs(total)
    return f"{sign}{total // 3600}:{total % 3600 // 60:02d}:{total % 60:02d}"


def format_raw(raw: object) -> str:
    """How a raw cell is shown to a user: dates as YYYY-MM-DD, numbers without '.0', '' for None."""
    try:
        if raw is None:
            return ""
        if isinstance(raw, str):
            return raw
        if isinstance(raw, bool):
            return "TRUE" if raw else "FALSE"
        if isinstance(raw, int):
            return str(raw)
        if isinstance(raw, float):
            return format_float(raw)
        if isinstance(raw, Decimal):
            return format_float(float(raw)) if raw.is_finite() else str(raw)
        if isinstance(raw, dt.datetime):
            if raw.time() == dt.time(0):
                return raw.date().isoformat()
            fmt = "%Y-%m-%d %H:%M:%S" if raw.second or raw.microsecond else "%Y-%m-%d %H:%M"
            return raw.strftime(fmt)
        if isinstance(raw, dt.date):
            return raw.isoformat()
        if isinstance(raw, dt.time):
            return _format_time(raw)
        if isinstance(raw, dt.timedelta):
            return _format_timedelta(raw)
        if isinstance(raw, bytes | bytearray):
            return bytes(raw).decode("utf-8", errors="replace")
        return str(raw)
    except Exception:
        return repr(raw)
