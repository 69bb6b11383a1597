"""Whether a field is filled in at all (有离职日期的员工 / 登记了出厂日期的设备 / 整改完成日期没填的检查):
a presence condition on that field (不为空 / 为空), never the field shown beside every record.

- before the field: a possession word (有, 登记了, 填了…) right before it, the field followed by 的,
  a question particle or the end — 有离职日期在2024年的 (a time after it) and 有合同金额超过… (a
  number after it) are other shapes and stay as they were;
- after the field: a filled-in or left-empty word right after it (没填, 未登记, 空着, 不为空, 有值…).

A number field "有" is ambiguous (有客户投诉: above zero, or filled in?): it is not guessed — the
possession word stays a word the rules do not understand (an honest refusal, never the filter
dropped). The words are grammar, not data, so they live here."""

from __future__ import annotations

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView

_ABSENT_BEFORE = ("没有填写", "没有填", "没填写", "未填写", "没填", "未填", "没有登记", "没登记", "未登记")
PRESENT_BEFORE = (
    "有登记", "登记了", "登记有", "登记过", "填写了", "填了", "填过", "有填", "录了", "记录了", "写了", "带有", "有"
)
_PRESENT_AFTER = (
    "不为空", "不是空的", "非空", "有值", "有填", "已填写", "已填", "填了", "填写了", "已登记", "登记了", "写了", "有写",
    "有填写", "有填过", "填写过", "填过", "有写过",
)
_ABSENT_AFTER = (
    "没有填写", "没有填", "没填写", "未填写", "没填", "未填", "没有登记", "没登记", "未登记", "空着", "空白", "缺失",
    "没有写", "没写", "未写", "是空的", "没有填过", "没填过",
)
AFTER_WORDS = (*_PRESENT_AFTER, *_ABSENT_AFTER)
_ENDS = frozenset({"的", "吗", "呢", "么", "嘛"})
_SOFT_KINDS = frozenset({"filler", "cue"})


def _soft(x: _M) -> bool:
    """A mention the presence words may be made of: a leftover, or fillers and negation cues only."""
    if x.kind == "leftover":
        return True
    return x.kind == "lex" and bool(x.senses) and all(
        s.kind == "filler" or (s.kind == "cue" and s.name == "negation") for s in x.senses
    )


def _span(p: _Parsed, s: int, e: int) -> list[_M] | None:
    """The mentions covering exactly [s, e) when they are all soft, else None."""
    inside = [x for x in p.mentions if x.s < e and x.e > s]
    if not inside or inside[0].s != s or max(x.e for x in inside) != e or not all(_soft(x) for x in inside):
        return None
    return inside


def _field_at_end(p: _Parsed, m: _M) -> bool:
    nxt = p.next_after(m, skip_fillers=False)
    return nxt is None or nxt.text in _ENDS or p.qn[m.e : m.e + 1] in _ENDS


def _word_before(p: _Parsed, m: _M) -> tuple[list[_M], str] | None:
    """没填整改完成日期的 (absent, negation allowed) before 填了整改完成日期的 (present, no negation)."""
    for words, op in ((_ABSENT_BEFORE, "is_null"), (PRESENT_BEFORE, "not_null")):
        for w in words:
            if p.qn[max(0, m.s - len(w)) : m.s] == w and (covered := _span(p, m.s - len(w), m.s)) is not None:
                if op == "not_null" and any(x.kind == "lex" and x.has("cue") for x in covered):
                    continue
                return covered, op
    return None


def _word_after(p: _Parsed, m: _M) -> tuple[list[_M], str] | None:
    for words, op in ((_ABSENT_AFTER, "is_null"), (_PRESENT_AFTER, "not_null")):
        for w in sorted(words, key=len, reverse=True):
            if p.qn.startswith(w, m.e) and (covered := _span(p, m.e, m.e + len(w))) is not None:
                return covered, op
    return None


def presence_conditions(p: _Parsed, schema: SchemaView) -> None:
    for m in list(p.mentions):
        fs = m.sense("field") if m.kind == "lex" else None
        if fs is None or any(s.kind not in ("field", "filler") for s in m.senses):
            continue
        label, fld = str(fs.get("label")), str(fs.get("field"))
        info = schema.prop(label, fld)
        if info is None:
            continue
        after = _word_after(p, m)
        before = None if after is not None else (_word_before(p, m) if _field_at_end(p, m) else None)
        if after is None and before is None:
            continue
        words, op = after if after is not None else (before if before is not None else ([], "not_null"))
        if info.numeric:
            for x in words:  # 有客户投诉的项目: above zero or filled in? not guessed
                x.kind, x.senses = "leftover", []
            continue
        shown = "不为空" if op == "not_null" else "为空"
        m.senses = [Sense("condition", {"label": label, "field": fld, "op": op, "value": None, "text": f"{fld}{shown}"}, fld)]
        for x in words:
            x.kind, x.senses, x.data = "lex", [Sense("filler", {"presence": True}, "")], None
