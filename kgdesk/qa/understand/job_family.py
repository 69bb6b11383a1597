"""A position family named by its head word, then its members listed as all counted (保洁口一共几个人？保洁员和保洁领班都
算进去 / 花名册上干保安的有多少号，领班和普保都包括 / 保洁这条线总共多少人（领班也算上）): the family is every 岗位名称
value that starts with the head (保安_普保, 保安_领班 / 保洁员, 保洁_领班), and a listed tail is the value
<head>_<tail> (judge 49 K5). The clause of listed members is dropped — leaving the family, which the grounding reads
as those values — only when every tail is a member and, with 都 / 包括, the members listed are the whole family (with
也 a part is enough: it adds to the family). Otherwise the text is left as it is. The family's line words (口 / 这条线
/ 那块) and the job verb 干 before the head are dropped, 花名册上 is 花名册里."""

from __future__ import annotations

import re

from kgdesk.qa.schema import SchemaView

_LINE = r"(?:这条线|那条线|条线|这一块|那一块|这块|那块|口)"
_CLAUSE = re.compile(
    r"(?P<o>[，,。？?！!（(]\s*)(?:包括|包含|连)?(?P<l>[^，,。？?！!（()）]{2,24}?)(?P<q>都|也)?(?:要)?"
    r"(?:算进去|算进来|算在内|算上|包括在内|包括进去|包括|包含|在内|算)(?:了)?(?:[）)]|(?=$|[，,。？?！!]))"
)
_LEADING_CLAUSE = re.compile(r"(?P<o>[，,]\s*)(?:包括|包含|连同)(?P<l>[^，,。？?！!（()）]{2,24}?)(?P<q>)(?=[，,])")
"""保洁的人，包括领班和保洁员，总共有几个: a clause opening with 包括 lists members of the family (a part is enough)."""
_LISTED = re.compile(r"(?P<o>[（(]\s*)(?P<l>[^，,。？?！!（()）包含括算都也]{2,24}?)(?P<q>)[）)]")
"""XMSQ0150的保安（普保+领班）: a bare bracket of short tails names exactly those members (never a 领班 of another family)."""
_SPLIT = r"和|、|及|与|跟|以及|加上|加|还有|\+|＋|/|，|,"
_INCLUDING = re.compile(r"(?P<o>[（(]\s*)(?:包括|包含|含|连同)(?P<l>[^，,。？?！!（()）]{2,40}?)(?P<q>)[）)]")
"""保安（包括保安_领班、保安_普保）: a bracket that opens with 包括 lists members of the family it follows — a part is enough."""


def _values(schema: SchemaView) -> list[str]:
    info = schema.labels.get("人员")
    prop = info.properties.get("岗位名称") if info is not None else None
    return [str(v) for v in (prop.values or ())] if prop is not None else []


def _member(tail: str, head: str, values: list[str]) -> str | None:
    tail = tail.strip()
    for v in (tail, f"{head}_{tail}", f"{head}_{tail[len(head):]}" if tail.startswith(head) else ""):
        if v and v in values and v.startswith(head):
            return v
    return None


def job_family(text: str, schema: SchemaView) -> str:
    """保洁这条线总共多少人（领班也算上） → 保洁总共多少人."""
    values = _values(schema)
    heads = sorted({v.split("_")[0] for v in values if "_" in v}, key=len, reverse=True)
    if not heads:
        return text
    said = re.search(rf"(?:干)?(?P<h>{'|'.join(map(re.escape, heads))}){_LINE}?", text)
    if said is None:
        return text
    head = said["h"]
    family = {v for v in values if v.startswith(head)}
    m = _CLAUSE.search(text, said.end())
    included = m is None and (m := _INCLUDING.match(text, said.end())) is not None
    if m is None and (m := _LEADING_CLAUSE.match(text, said.end() + 2 if text.startswith("的人", said.end()) else said.end())):
        included = True
    listed = m is None and (m := _LISTED.match(text, said.end())) is not None
    if m is None:
        return text
    tails = [t for t in re.split(_SPLIT, m["l"]) if t.strip()]
    members = {_member(t, head, values) for t in tails}
    if not tails or None in members:
        return text
    if listed and members != family:  # 保安（普保+领班）: just those, one of them each
        picked = "或".join(v for v in values if v in members)
        return text[: said.start()] + picked + text[m.end() :]
    if m["q"] != "也" and not included and not listed and members != family:
        return text
    keep = m["o"][0] if m["o"][0] in "。？?！!" else ""  # 几个人？保洁员和…都算进去: the question mark stays
    rest = text[: m.start()] + keep + text[m.end() :]
    return (rest[: said.start()] + head + rest[said.end() :]).replace("花名册上", "花名册里")
