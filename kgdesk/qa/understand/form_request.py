"""How the asker wants the list, said around it (…的岗位名称，一个个列出来 / …的项目，帮我拉个编号清单 / 列个单子): the
form of the answer, never a condition. Two shapes, their words data (lexicon form_requests):
- a one-by-one adverb before a listing verb (一个个 / 逐个 / 一一 / 挨个 + 列出来) only says to list — the adverb is
  dropped, so 一个 is never read as a number or a condition, and the listing verb is read as before;
- a verb of making with a measure (拉个 / 列一份 / 出个 / 整理个) before a list word, with at most a few words between
  (编号清单 / 名单 / 单子): the making is dropped and a colloquial list word (单子) becomes the list word the scan reads
  (清单); the words between (编号) are left for the rules that read the shown column (项目编号清单).
A closing clause asking only for the names (…有哪些，要名字) is dropped too: records are listed by their names. A number
said where it counts (一个人持有两张证书 / 一个项目) is untouched: only before a listing verb."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation


@cache
def _names() -> re.Pattern[str] | None:
    """…有哪些，要名字: a closing clause asking only for the names, which a list of records shows already."""
    words = load_lexicon().raw.get("form_requests", {}).get("names", [])
    return re.compile(rf"\s*[，,]\s*(?:{alternation(words)})\s*(?P<end>[。.！!？?~～]*)\s*$") if words else None


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]] | None:
    row = load_lexicon().raw.get("form_requests")
    if not row:
        return None
    one_by_one = re.compile(rf"(?:{alternation(row['one_by_one'])})(?:地)?(?=(?:{alternation(row['list_verbs'])}))")
    lists = {str(k): str(v) for k, v in row["lists"].items()}
    make = re.compile(
        rf"(?:帮我|给我|帮忙|麻烦)?(?:{alternation(row['make'])})(?:{alternation(row['measures'])})"
        rf"(?P<mid>[\u4e00-\u9fff]{{0,4}}?)(?P<l>{alternation(sorted(lists, key=len, reverse=True))})"
    )
    return one_by_one, make, lists


def form_request(text: str) -> str:
    """…，一个个列出来 → …，列出来; …，帮我拉个编号清单 → …，编号清单; 列个单子 → 清单."""
    pats = _patterns()
    if pats is None:
        return text
    one_by_one, make, lists = pats
    names = _names()
    text = one_by_one.sub("", names.sub(lambda m: m.group("end"), text) if names is not None else text)
    return make.sub(lambda m: m.group("mid") + lists[m.group("l")], text)
