"""A name written the data's own way (区-名, 青浦-北斗商务中心) that no record has: the whole written name is missing,
never the part after a fragment another name shares (北斗 of 青浦-北斗园区 left 商务中心 as the missing name; 枫林 of
徐汇-枫林街道社区中心 left 商务大厦 unread). The head before the dash must start at least two full names of one record
type (青浦- of 青浦-区图书馆, 青浦-北斗园区 …); the name runs from the head to the first word that ends a name (的 / 这个 /
项目 / 有 / 是 … or punctuation). It is missing only when no full name of that type starts the written text there, and
its part after the dash is inside no name of that type either (青浦-图书馆 may shorten 青浦-区图书馆: left to the rules
that offer the choice). A false "not in the data" is as bad as a wrong answer, hence both checks."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import normalize
from kgdesk.qa.plan_mentions import _Parsed
from kgdesk.qa.understanding import UnderstandContext

_DASH = "-－—"
_WRITTEN = re.compile(
    rf"(?P<head>[\u4e00-\u9fff]{{2,4}})[{_DASH}](?P<rest>[\u4e00-\u9fff]{{2,12}}?)"
    r"(?=(?:里|中|内|上)(?:有|的|共|一共|总共|[，,])|的|这个|这家|这|那个|项目|有|是|在|一共|共|总共|多少|几|和|与|跟|及|目前|现在|[，,。？?！!\s（(]|$)"
)


def _heads(ctx: UnderstandContext) -> dict[str, tuple[str, list[str]]]:
    """head → (its record type, the full names of that type), for heads starting two names or more of one type."""
    by_label: dict[str, list[str]] = {}
    for e in ctx.index.entries:
        if e.role == "name" and e.field == ctx.schema.display_field(e.label):
            by_label.setdefault(e.label, []).append(e.text)
    out: dict[str, tuple[str, list[str]]] = {}
    for label, names in by_label.items():
        counts: dict[str, int] = {}
        for n in names:
            head, dash, _ = n.partition("-")
            if dash and 1 <= len(head) <= 4:
                counts[head] = counts.get(head, 0) + 1
        out.update({h: (label, names) for h, c in counts.items() if c >= 2})
    return out


def missing_dashed_name(p: _Parsed, ctx: UnderstandContext) -> tuple[str, str] | None:
    """(the whole written name, its record type) when the data holds no such name; else None."""
    heads = _heads(ctx)
    for m in _WRITTEN.finditer(p.text):
        head, rest = m.group("head"), m.group("rest")
        hit = next((h for h in heads if head.endswith(h)), None)
        if hit is None:
            continue
        label, names = heads[hit]
        written = normalize(p.text[m.start("head") + len(head) - len(hit) :])
        if any(written.startswith(normalize(n)) for n in names):
            continue  # 青浦-北斗园区有几台设备: a full name starts there
        short = normalize(rest)
        if any(short in normalize(e.text) for e in ctx.index.entries if e.label == label and e.role == "name"):
            continue  # 青浦-图书馆: a shortening of a name, not a missing one
        return f"{hit}-{rest}", label
    return None
