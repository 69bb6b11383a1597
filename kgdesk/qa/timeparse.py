"""Time expressions in questions → month ranges, relative to an injectable `today` and aware of the
data's month coverage.

Handles 2026年3月, 26年3月, 2026-03, 今年3月, 去年12月, 3月 / 三月份 (the year chosen from the
data's coverage, else the latest such month not after today), 3月到4月 / 3-4月 / 1月至3月,
2026年 / 今年 / 去年, 本月 / 上个月, 一季度 / 2026年Q1 / 上季度, 上半年, 近三个月 / 最近3个月.
Each mention keeps its character span so the planner can tell which words were understood.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

_NUM = r"[0-9０-９一二三四五六七八九十两〇零]+"
_MONTH_NUM = r"(?:(?<![0-9０-９])[0-9０-９]{1,2}|[一二三四五六七八九十两〇零]{1,3})"
"""A month's number, all digits or all Chinese numerals: after a code (XMSQ0102三月份) the code's
digits are never part of it."""
_CN = {
    "〇": 0,
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def cn_number(text: str) -> int | None:
    """'12', '十二', '三', '二十' → int; None when it is not a small number."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        return int(text)
    if all(c in _CN for c in text) and len(text) == 4:  # 二〇二六
        return int("".join(str(_CN[c]) for c in text))
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = _CN.get(head, 0) if head else 1
        ones = _CN.get(tail, 0) if tail else 0
        if (head and head not in _CN) or (tail and tail not in _CN):
            return None
        return tens * 10 + ones
    if len(text) == 1 and text in _CN:
        return _CN[text]
    return None


def month_key(y: int, m: int) -> str:
    return f"{y:04d}-{m:02d}"


def add_months(key: str, n: int) -> str:
    y, m = int(key[:4]), int(key[5:7])
    total = y * 12 + (m - 1) + n
    return month_key(total // 12, total % 12 + 1)


def month_list(start: str, end: str) -> list[str]:
    out: list[str] = []
    cur = start
    while cur <= end and len(out) < 1200:
        out.append(cur)
        cur = add_months(cur, 1)
    return out


@dataclass(frozen=True)
class TimeMention:
    start: str
    end: str
    span: tuple[int, int]
    text: str
    relative: bool = False
    assumed_year: bool = False
    """The question gave a month without a year; the year was chosen (coverage, then today)."""
    as_of: bool = False
    """截至 / 以…为准 / …为止: the point in time the question is asked at (also the reference date)."""

    @property
    def is_single_month(self) -> bool:
        return self.start == self.end

    def label(self) -> str:
        if self.start == self.end:
            return f"{int(self.start[:4])}年{int(self.start[5:])}月"
        return f"{int(self.start[:4])}年{int(self.start[5:])}月至{int(self.end[:4])}年{int(self.end[5:])}月"


@dataclass
class TimeParse:
    mentions: list[TimeMention] = field(default_factory=list)
    current: tuple[int, int] | None = None
    """Span of a word meaning "now" (现在/目前/当前), when present."""

    @property
    def spans(self) -> list[tuple[int, int]]:
        out = [m.span for m in self.mentions]
        if self.current:
            out.append(self.current)
        return out


@dataclass(frozen=True)
class Coverage:
    """Which of the asked months the data holds."""

    asked: tuple[str, ...]
    covered: tuple[str, ...]
    missing: tuple[str, ...]
    data_min: str | None
    data_max: str | None

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def none(self) -> bool:
        return not self.covered

    def missing_text(self) -> str:
        """The missing months as the `missing` of an insufficient answer (2025-05 / 2026-05 至 2026-07)."""
        return _ranges_text(self.missing)

    def message(self) -> str:
        span = f"{self.data_min} 至 {self.data_max}" if self.data_min else "（没有任何月份）"
        miss = _ranges_text(self.missing)
        return f"数据只覆盖 {span}，没有 {miss} 的数据"


def _ranges_text(months: Sequence[str]) -> str:
    if not months:
        return ""
    parts: list[str] = []
    start = prev = months[0]
    for m in months[1:]:
        if m == add_months(prev, 1):
            prev = m
            continue
        parts.append(start if start == prev else f"{start} 至 {prev}")
        start = prev = m
    parts.append(start if start == prev else f"{start} 至 {prev}")
    return "、".join(parts)


def check_coverage(start: str, end: str, months: Sequence[str]) -> Coverage:
    asked = month_list(start, end)
    have = set(months)
    covered = tuple(m for m in asked if m in have)
    missing = tuple(m for m in asked if m not in have)
    ordered = sorted(have)
    return Coverage(
        tuple(asked), covered, missing, ordered[0] if ordered else None, ordered[-1] if ordered else None
    )


_DATE = rf"(?:(?P<y>\d{{4}}|\d{{2}})年)?(?P<m>{_NUM})月(?:(?P<d>{_NUM})[日号])?(?:底|末|份)?|(?P<y2>\d{{4}})[-/.](?P<m2>\d{{1,2}})(?:[-/.](?P<d2>\d{{1,2}}))?"
_REFERENCE = (
    (re.compile(rf"(?:今天|今日|现在|当前|目前|此刻|当下)(?:是|为)\s*(?:{_DATE})"), False),
    # 今天11月30日， / 今天30号，: said without 是, the day closing its clause (never 3号楼)
    (re.compile(rf"(?:今天|今日)(?:就是|是|为)?\s*(?:(?P<y>\d{{4}}|\d{{2}})年)?(?P<m>{_NUM})月(?P<d>{_NUM})[日号](?=[，,。；;：:\s]|$)"), False),
    (re.compile(rf"(?:今天|今日)(?:就是|是|为)?\s*(?P<d>{_NUM})[日号](?=[，,。；;：:\s]|$)"), False),
    (re.compile(rf"(?:截至|截止至|截止到|截止|截至到)\s*(?:{_DATE})(?:为止|止)?"), True),
    (re.compile(rf"以\s*(?:{_DATE})\s*为准"), True),
    (re.compile(rf"(?:到|至)?\s*(?:{_DATE})\s*为止"), True),
)


@dataclass(frozen=True)
class Reference:
    """A reference date stated in the question (今天是2026年4月15日 / 截至3月底 / 以3月为准)."""

    day: date
    span: tuple[int, int]
    text: str
    as_of: bool
    """截至 / 以…为准: also the point in time asked about, not only the "today" of relative words."""


def reference_date(text: str, today: date) -> Reference | None:
    """The first reference date of the question; a month without a day means its last day, a
    month without a year the latest such month not after `today`."""
    for pat, as_of in _REFERENCE:
        m = pat.search(text)
        if m is None:
            continue
        g = {k: v for k, v in m.groupdict().items() if v}
        y_txt, m_txt, d_txt = g.get("y", g.get("y2")), g.get("m", g.get("m2")), g.get("d", g.get("d2"))
        # 今天30号: a day alone is a day of today's month
        mm = cn_number(m_txt) if m_txt else (today.month if d_txt else None)
        if mm is None or not 1 <= mm <= 12:
            continue
        if y_txt:
            y = int(y_txt) + (2000 if len(y_txt) == 2 else 0)
        else:
            y = today.year if mm <= today.month else today.year - 1
        last = calendar.monthrange(y, mm)[1]
        dd = cn_number(d_txt) if d_txt else last
        if dd is None or not 1 <= dd <= last:
            continue
        return Reference(date(y, mm, dd), m.span(), m.group(0), as_of)
    return None


class TimeParser:
    """Stateless apart from `today` and the data's months; cheap to build per question."""

    def __init__(self, today: date, months: Sequence[str] = ()) -> None:
        self.today = today
        self.months = tuple(sorted(months))
        self.this_month = month_key(today.year, today.month)

    # ---------------------------------------------------------------- year choice

    def _resolve_month(self, m: int) -> str:
        """A month without a year: the only such month in the data, else the latest not after today."""
        in_data = [k for k in self.months if int(k[5:7]) == m]
        if len(in_data) == 1:
            return in_data[0]
        if len(in_data) > 1:
            not_after = [k for k in in_data if k <= self.this_month]
            return (not_after or in_data)[-1]
        y = self.today.year if m <= self.today.month else self.today.year - 1
        return month_key(y, m)

    def _year(self, token: str) -> int | None:
        token = token.strip()
        rel = {"今年": 0, "本年": 0, "去年": -1, "上年": -1, "前年": -2, "明年": 1}
        if token in rel:
            return self.today.year + rel[token]
        if token.endswith("年"):
            token = token[:-1]
        n = cn_number(token)
        if n is None:
            return None
        if n < 100:
            n += 2000
        return n if 1990 <= n <= 2100 else None

    # ---------------------------------------------------------------- parsing

    def parse(self, text: str) -> TimeParse:
        out = TimeParse()
        taken: list[tuple[int, int]] = []

        def free(a: int, b: int) -> bool:
            return all(b <= s or a >= e for s, e in taken)

        def add(
            m: re.Match[str], start: str, end: str, relative: bool = False, assumed: bool = False
        ) -> None:
            if start > end:
                return
            taken.append(m.span())
            out.mentions.append(TimeMention(start, end, m.span(), m.group(0), relative, assumed))

        year = r"(?P<y>(?:\d{4}|\d{2}|[一二三四五六七八九〇零]{4})年|今年|去年|前年|明年|本年|上年)"
        year2 = r"(?P<y2>(?:\d{4}|\d{2})年|今年|去年|明年)"
        mon = rf"(?P<m>{_NUM})月份?"
        # ranges: [year] M [月] 到|至|-|~ [year] N 月
        rng = re.compile(
            rf"{year}?(?P<m1>{_MONTH_NUM})(?:月份?)?\s*(?:到|至|-|~|～|—|－)\s*{year2}?(?P<m2>{_NUM})月份?"
        )
        for m in rng.finditer(text):
            if not free(*m.span()):
                continue
            a, b = cn_number(m.group("m1")), cn_number(m.group("m2"))
            if a is None or b is None or not (1 <= a <= 12 and 1 <= b <= 12):
                continue
            y1 = self._year(m.group("y")) if m.group("y") else None
            y2 = self._year(m.group("y2")) if m.group("y2") else None
            if y1 is None and y2 is None:
                start, end = self._resolve_month(a), self._resolve_month(b)
                if start > end:  # 11月到2月: crosses a year boundary
                    start = month_key(int(end[:4]) - 1, a)
                add(m, start, end, assumed=True)
            else:
                y1 = y1 if y1 is not None else y2
                y2 = y2 if y2 is not None else y1
                assert y1 is not None and y2 is not None
                add(m, month_key(y1, a), month_key(y2, b))
        # whole years: 2016年到2018年 / 2016-2018年: January of the first to December of the last
        for m in re.finditer(r"(?<!\d)(?P<a>\d{4})年?\s*(?:到|至|-|~|～|—|－)\s*(?P<b>\d{4})年(?!\s*\d{1,2}\s*月)", text):
            a, b = int(m.group("a")), int(m.group("b"))
            if free(*m.span()) and 1900 < a <= b < 2200:
                add(m, month_key(a, 1), month_key(b, 12))
        # since a month (今年2月以来 / 3月至今): that month to this month
        since = re.compile(rf"{year}?{mon}(?:以来|至今|迄今(?:为止)?|到现在|到目前为止|到今天)")
        for m in since.finditer(text):
            mm = cn_number(m.group("m"))
            y = self._year(m.group("y")) if m.group("y") else None
            if not free(*m.span()) or mm is None or not 1 <= mm <= 12:
                continue
            k = month_key(y, mm) if y is not None else self._resolve_month(mm)
            add(m, k, self.this_month, relative=True)
        # explicit year + month (2026年3月, 2026-03, 2026/3, 今年3月)
        for pat in (
            re.compile(rf"{year}{mon}(?:(?P<d>{_NUM})[日号])?"),
            re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})(?:[-/.](?P<d>\d{1,2}))?(?!\d)"),
        ):
            for m in pat.finditer(text):
                if not free(*m.span()):
                    continue
                y = self._year(m.group("y"))
                mm = cn_number(m.group("m"))
                if y is None or mm is None or not 1 <= mm <= 12:
                    continue
                k = month_key(y, mm)
                add(m, k, k, relative=not m.group("y")[0].isdigit())
        # quarters and halves
        q = re.compile(rf"{year}?(?:第?(?P<q>[一二三四1-4])季度|[Qq](?P<q2>[1-4])|(?P<h>上|下)半年)")
        for m in q.finditer(text):
            if not free(*m.span()):
                continue
            qn = cn_number(m.group("q") or m.group("q2") or "") if (m.group("q") or m.group("q2")) else None
            y = self._year(m.group("y")) if m.group("y") else None
            if qn is not None:
                first, last = 3 * qn - 2, 3 * qn
            else:
                first, last = (1, 6) if m.group("h") == "上" else (7, 12)
            if y is None:
                y = self._year_for_span(first, last)
            add(
                m,
                month_key(y, first),
                month_key(y, last),
                relative=m.group("y") is None,
                assumed=m.group("y") is None,
            )
        for m in re.finditer(r"(上|本|这个?)季度", text):
            if not free(*m.span()):
                continue
            qs = (self.today.month - 1) // 3 * 3 + 1
            start = month_key(self.today.year, qs)
            if m.group(1) == "上":
                start = add_months(start, -3)
            add(m, start, add_months(start, 2), relative=True)
        # recent N months
        for m in re.finditer(rf"(?:近|最近|过去|前)(?P<n>{_NUM})个?月", text):
            if not free(*m.span()):
                continue
            n = cn_number(m.group("n"))
            if not n or n > 120:
                continue
            add(m, add_months(self.this_month, -(n - 1)), self.this_month, relative=True)
        for word, delta in (
            ("大上个月", -2),
            ("下下个月", 2),
            ("下下月", 2),
            ("上上个月", -2),
            ("上上月", -2),
            ("上个月", -1),
            ("上月", -1),
            ("本月", 0),
            ("这个月", 0),
            ("当月", 0),
            ("下个月", 1),
            ("下月", 1),
        ):
            for m in re.finditer(word, text):
                if free(*m.span()):
                    k = add_months(self.this_month, delta)
                    add(m, k, k, relative=True)
        # bare month (3月, 三月份) — after ranges and explicit years
        for m in re.finditer(rf"(?P<m>{_MONTH_NUM})月份?(?!\d)", text):
            if not free(*m.span()):
                continue
            mm = cn_number(m.group("m"))
            if mm is None or not 1 <= mm <= 12:
                continue
            if m.start() > 0 and text[m.start() - 1] in "个第":
                continue
            k = self._resolve_month(mm)
            add(m, k, k, assumed=True)
        # the year so far (今年以来 / 今年至今 / 年初到现在): January to this month
        for m in re.finditer(r"(?:今年|本年度?|年初)(?:以来|至今|迄今(?:为止)?|到现在|到目前为止|截至目前|截止目前|到今天)", text):
            if free(*m.span()):
                add(m, month_key(self.today.year, 1), self.this_month, relative=True)
        # whole years
        for m in re.finditer(
            r"(?P<y>(?:\d{4}|[一二三四五六七八九〇零]{4})年(?:度|全年)?|今年|去年|本年度?|上年度?|全年)", text
        ):
            if not free(*m.span()):
                continue
            token = m.group("y").replace("全年", "").replace("年度", "年") or "今年"
            y = self._year(token if token.endswith("年") or token in ("今年", "去年") else token + "年")
            if y is None:
                continue
            if token == "今年" and re.search(r"截至|截止", text) and "全年" not in m.group(0):
                # 截至3月底，今年…: the year up to the stated cut-off (the question's today)
                add(m, month_key(y, 1), self.this_month, relative=True)
                continue
            add(m, month_key(y, 1), month_key(y, 12), relative=not token[0].isdigit())
        for m in re.finditer(r"现在|目前|当前|如今|现时|眼下", text):
            if free(*m.span()):
                out.current = m.span()
                break
        out.mentions.sort(key=lambda x: x.span)
        return out

    def _year_for_span(self, first: int, last: int) -> int:
        years = sorted({int(k[:4]) for k in self.months if first <= int(k[5:7]) <= last})
        if len(years) == 1:
            return years[0]
        if years:
            not_after = [y for y in years if month_key(y, first) <= self.this_month]
            return (not_after or years)[-1]
        return self.today.year if first <= self.today.month else self.today.year - 1
