"""The rewrites of days said in words that need the clock's year, in order: a range said first and referred back
to (understand/month_field first: 年月为2026年2月 = 2026年2月; understand/range_back: 从元旦到今天（2026-03-31）为止，检查日期落在这段里), today given as a day
(understand/today_day: 今天（11月30日）) and a range of days on a named date field (understand/day_range:
检查日期在1月1日到3月31日之间), with the field a verb names (understand/day_verbs: 2026年1月1日及以后入职的), then a second bound on the field said once (understand/date_bounds_joined:
有效期至在今天之后且不晚于2027年12月31日)."""

from __future__ import annotations

from kgdesk.qa.understand.date_bounds_joined import date_bounds_joined
from kgdesk.qa.understand.day_range import day_range
from kgdesk.qa.understand.day_verbs import day_verbs
from kgdesk.qa.understand.month_field import month_field
from kgdesk.qa.understand.range_back import range_back
from kgdesk.qa.understand.today_day import today_day


def day_words(text: str, this_year: int) -> str:
    return date_bounds_joined(day_range(day_verbs(today_day(range_back(month_field(text), this_year), this_year)), this_year))
