"""A basis the question states is no grouping. 按检查日期算，2026年3月… / 2026年3月（按检查日期）… names the date
field the question's time goes on (the field becomes that time's field, as in 检查日期在2026年3月); 按人员信息表算 /
（按花名册） names the ledger its records come from, a no-op when those records are named elsewhere. Only a
basis closed by 算 / 计 / 统计 / 为准 or by its parenthesis; a date basis only with a time in the question (or
a derived condition computed on that date: 已经过期的有几张（按有效期至） is a hint, dropped), a
ledger basis only when its records are named outside it — otherwise the words are read as before (按检查
日期统计次数 still groups). A ledger said last (…一共多少人？按编制表) with none of its records named elsewhere is
what the question is about — no grouping of its rows; it is left not understood (refused), never guessed."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import Sense, load_lexicon
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.ledger_names import _ledgers
from kgdesk.qa.understand.spans import fields_of, ignore_span, labels_of
from kgdesk.templates.loader import default_template_set

_BY = ("按照", "按", "依据", "根据", "以", "看")  # （以人员信息为准） / （看考勤表）
_AT_END = re.compile(r"\s*(?:来|来算|为准)?\s*[？?。！!]*\s*$")
"""A basis said last in the question (…？按编制表来), closed by the question's end."""
_CLOSE = re.compile(r"\s*(?:来)?(?:算的?|计算?|统计|为准)|\s*[）)]")


@cache
def _sheets() -> dict[str, str]:
    """A ledger's own name (人员信息) → its word with 表 (人员信息表), when that word is a ledger's."""
    words = {w for w, _ in _ledgers()}
    return {t.name: f"{t.name}表" for t in default_template_set().templates if f"{t.name}表" in words}


@cache
def _parenthesis() -> re.Pattern[str]:
    dated = {f.name for t in default_template_set().templates for f in t.fields if f.type.value in ("日期", "年月")}
    names = sorted({*dated, *(w for w, _ in _ledgers()), *_sheets()}, key=len, reverse=True)
    return re.compile(
        rf"[（(]\s*(?:{'|'.join(_BY)})(?P<x>{'|'.join(map(re.escape, names))})(?:来)?(?:算的?|计算?|统计|为准)?\s*[）)]"
    )


def basis_parenthesis(text: str) -> str:
    """（按检查日期） / （按花名册统计） → ，按检查日期算，: the basis kept as words (a parenthesis is otherwise
    read into the sentence), closed by 算 so that basis_named reads it."""
    return _parenthesis().sub(lambda m: f"，按{_sheets().get(m.group('x'), m.group('x'))}算，", text)


def _opened(qn: str, at: int) -> tuple[int, bool] | None:
    """Where the basis starts (its 按 and an opening parenthesis before it), None without 按."""
    by = next((w for w in _BY if qn.startswith(w, at - len(w))), None)
    if by is None:
        return None
    start = at - len(by)
    paren = start > 0 and qn[start - 1] in "（("
    return (start - 1 if paren else start), paren


def _closed(qn: str, at: int, paren: bool) -> int | None:
    m = _CLOSE.match(qn, at)
    if m is None or (not paren and m.group().strip() in ("）", ")")):
        return None
    end = m.end()
    if paren and not m.group().strip().endswith(("）", ")")):
        close = re.compile(r"\s*[）)]").match(qn, end)
        if close is None:
            return None
        end = close.end()
    return end


def _derived_fields(p: _Parsed) -> set[tuple[str, str]]:
    """(label, field) of the dates the question's derived conditions are computed on (已经过期 → 证书.有效期至)."""
    rows = {str(r.get("name")): r for r in load_lexicon().raw.get("derived", [])}
    out: set[tuple[str, str]] = set()
    for m in p.lex("derived_condition"):
        for s in m.senses:
            row = rows.get(str(s.get("derived"))) if s.kind == "derived_condition" else None
            if row is not None:
                args = re.findall(r"[\u4e00-\u9fff]+", str(row.get("expression", "")))
                out |= {(str(row.get("label")), a) for a in args}
    return out


def basis_named(p: _Parsed, schema: SchemaView) -> None:
    qn = p.qn
    timed = bool(p.of("time"))
    derived_on = _derived_fields(p)
    for m in list(p.lex("field")):
        fs = m.sense("field")
        info = schema.prop(str(fs.get("label")), str(fs.get("field"))) if fs is not None else None
        if info is None or not info.is_date or (opened := _opened(qn, m.s)) is None:
            continue
        if not timed and fs is not None and (fs.get("label"), fs.get("field")) in derived_on:
            # 已经过期的有几张（按有效期至）: the condition already goes on that date — a hint, no grouping
            end = _closed(qn, m.e, opened[1])
            if end is not None:
                ignore_span(p, opened[0], end, "basis")
            continue
        if not timed:
            continue
        end = _closed(qn, m.e, opened[1])
        if end is None or not ignore_span(p, opened[0], m.s, "basis") or not ignore_span(p, m.e, end, "basis"):
            continue
        assert fs is not None
        m.senses = [Sense("time_field", dict(fs.data), str(fs.get("field")))]
    _ledger_basis(p)


def _ledger_basis(p: _Parsed) -> None:
    """按人员信息表算 / 按编制表 said last: the ledger basis, dropped when its records are named elsewhere."""
    qn = p.qn
    for word, labels in _ledgers():
        for hit in re.finditer(re.escape(word), qn):
            opened = _opened(qn, hit.start())
            end = _closed(qn, hit.end(), opened[1]) if opened is not None else None
            last = opened is not None and end is None and _AT_END.match(qn, hit.end()) is not None
            if last:
                end = len(qn)  # …一共多少人？按编制表(来): a basis said last, nothing after it
            if opened is None or end is None:
                continue
            # 男员工比女员工多多少人（按花名册）: a value of the ledger's records names them too
            outside = {
                lab
                for x in p.mentions
                if x.e <= opened[0] or x.s >= end
                for lab in labels_of(x) | _named_by(x, labels, last)
            }
            if labels & outside:
                ignore_span(p, opened[0], end, "basis")
            elif end == len(qn):
                # 保安_普保加保安_领班一共多少人？按编制表: the ledger is what the question is about, never a grouping
                # of its rows; the rules do not re-read the question on that ledger — refused, not guessed
                for x in p.mentions:
                    if opened[0] <= x.s < end:
                        x.kind, x.senses, x.data = "leftover", [], None


def _named_by(m: _M, ledger: frozenset[str], last: bool) -> set[str]:
    """The record types a mention names by a field or a value. For a basis said last, a value (保安_普保) names the
    ledger's records only when it is a value of theirs alone: one that is also another type's (人员.岗位名称) leaves
    the records the question counts open — the basis then decides them, which the rules do not re-read (refused)."""
    pairs = {(lab, fld) for lab, fld in fields_of(m) if fld}
    value = m.kind == "cvalue" or (m.kind == "lex" and any(s.kind in ("svalue", "value") for s in m.senses))
    if last and value and not {lab for lab, _ in pairs} <= ledger:
        return set()
    return {lab for lab, _ in pairs}
