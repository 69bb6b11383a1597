"""Names in a question that the scanner split: a leftover next to a value that is the rest of a
longer value, and a name cut by a one-character filler (张江 / 陆家嘴)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.understand.dashed_name import missing_dashed_name
from kgdesk.qa.understand.missing_project import missing_project
from kgdesk.qa.understand.quoted_value import quoted_value
from kgdesk.qa.understanding import UnderstandContext

_CONJUNCTIONS = frozenset("和与及或跟同")
_NAME_BREAKS = _CONJUNCTIONS | {"的"}
"""One-character fillers that separate names (外滩和陆家嘴, 张三的李四) rather than sit inside one."""


def merge_with_value(p: _Parsed, m: _M, ctx: UnderstandContext) -> bool:
    """消防|设施操作员 → 消防设施操作员（初级）: a leftover next to a matched value may be the rest
    of a longer value; if the joined words are contained in real values, use those."""
    for nb in (p.prev_before(m, skip_fillers=False), p.next_after(m, skip_fillers=False)):
        if nb is None or nb.kind != "lex" or not nb.has("svalue") or (nb.e != m.s and nb.s != m.e):
            continue
        joined = p.qn[min(nb.s, m.s) : max(nb.e, m.e)]
        vm = ctx.values.containing(joined)
        if vm:
            p.mentions.remove(nb)
            m.kind, m.data, m.text = "cvalue", vm, joined
            m.s, m.e = min(nb.s, m.s), max(nb.e, m.e)
            return True
    return False


def join_split_names(p: _Parsed, ctx: UnderstandContext) -> None:
    """张江 / 外滩中心 / 陆家嘴: a one-character filler (张, 中, 家) inside a name the index does not
    hold whole splits the name into leftovers ("无法理解「陆」「嘴」"). Runs of leftovers and such
    fillers are cut at conjunctions and 的 (外滩和陆家嘴 is two names); each piece is then tried as one
    phrase against the entity and value indexes (the longest stretch that names something by
    contains wins), else its leftovers with the fillers between them become one unknown phrase."""

    def weak(m: _M) -> bool:
        return (
            m.kind == "lex"
            and len(m.text) == 1
            and bool(m.senses)
            and all(s.kind == "filler" for s in m.senses)
        )

    def names_something(text: str) -> bool:
        g = ctx.index.ground(text, None, None)
        if g.chosen is not None or any(c.method in ("exact", "contains") for c in g.candidates):
            return True
        return bool(ctx.values.containing(text))

    ms = sorted(p.mentions, key=lambda x: x.s)
    runs: list[list[_M]] = []
    for m in ms:
        if (m.kind != "leftover" and not weak(m)) or m.text == "的":
            continue  # 陈静静|的: a name never takes the 的 after it (B5)
        if runs and runs[-1][-1].e == m.s:
            runs[-1].append(m)
        else:
            runs.append([m])
    pieces: list[list[_M]] = []
    for run in runs:
        if len(run) < 2 or not any(m.kind == "leftover" for m in run):
            continue
        whole = _best_stretch(run, p, names_something)
        if whole is not None:
            pieces.append(run[whole[0] : whole[1]])
            continue
        piece: list[_M] = []
        for x in run:
            if weak(x) and x.text in _NAME_BREAKS:
                if piece:
                    pieces.append(piece)
                piece = []
            else:
                piece.append(x)
        if piece:
            pieces.append(piece)
    for piece in pieces:
        if not any(m.kind == "leftover" for m in piece):
            continue
        best = _best_stretch(piece, p, names_something)
        if best is None:
            lo, hi = 0, len(piece)
            while lo < hi and weak(piece[lo]):
                lo += 1
            while hi > lo and weak(piece[hi - 1]):
                hi -= 1
            best = (lo, hi)
        sub = piece[best[0] : best[1]]
        if len(sub) < 2:
            continue
        for m in sub:
            p.mentions.remove(m)
        p.mentions.append(_M("leftover", sub[0].s, sub[-1].e, p.qn[sub[0].s : sub[-1].e]))
    p.mentions.sort(key=lambda x: x.s)


def _best_stretch(
    run: list[_M], p: _Parsed, names_something: Callable[[str], bool]
) -> tuple[int, int] | None:
    """The longest stretch of `run` covering all its leftovers that names something, or None."""
    left = [i for i, m in enumerate(run) if m.kind == "leftover"]
    best: tuple[int, int] | None = None
    for a in range(left[0] + 1):
        for b in range(len(run), left[-1], -1):
            if b - a < 2 or (best and b - a <= best[1] - best[0]):
                continue
            if names_something(p.qn[run[a].s : run[b - 1].e]):
                best = (a, b)
    return best


def missing_name_before_label(p: _Parsed, ctx: UnderstandContext) -> tuple[str, str] | None:
    """浦东片区 / 星河湾项目: a word right before a label word names an entity of that label when the
    label's own names end with that word (青浦片区, 徐汇片区 …) and the joined text is no such name;
    a value of another field (浦东 of 市（区）) must then not stand in for it. Returns (the missing
    name, its label), or None. A quoted value its field lacks ("水电工"这个岗位) is one too, and so is a name written
    the data's way (区-名) that no record has (青浦-北斗商务中心, understand/dashed_name)."""
    quoted = quoted_value(p, ctx.schema)
    if quoted is not None:
        return quoted
    dashed = missing_dashed_name(p, ctx)  # 青浦-北斗商务中心: the whole written name, not 商务中心
    if dashed is not None:
        return dashed
    project = missing_project(p, ctx)  # 长宁-天山路小学项目的负责人: an unknown project before 项目
    if project is not None:
        return project
    ordered = sorted(p.mentions, key=lambda m: m.s)
    for prev, m in pairwise(ordered):
        if m.kind != "lex" or prev.e != m.s or prev.kind not in ("lex", "cvalue", "leftover"):
            continue
        if prev.text in ("其他", "其它", "其余", "别的", "剩下", "另外"):
            continue  # 除了松江片区，其他片区: the complement of the excluded one, even where 其他 is some field's value
        ls = m.sense("label")
        if ls is None or (prev.kind == "lex" and not prev.has("svalue")):
            continue
        label = ls.get("label")
        names = [e.text for e in ctx.index.entries if e.label == label and e.role == "name"]
        if len(names) < 2 or sum(1 for n in names if n.endswith(m.text)) * 2 < len(names):
            continue
        joined = p.qn[prev.s : m.e]
        if not ctx.index.by_norm.get(joined):
            return joined, label
    return _missing_name_with_tail(ordered, p, ctx)


def ends_most_names(ctx: UnderstandContext, label: str, tail: str) -> bool:
    names = [e.text for e in ctx.index.entries if e.label == label and e.role == "name"]
    return len(names) >= 2 and sum(1 for n in names if n.endswith(tail)) * 2 >= len(names)


_PARTICLES = frozenset("的了是在有和与及跟都吗呢啊吧把被给从向对")


def _missing_name_with_tail(ordered: list[_M], p: _Parsed, ctx: UnderstandContext) -> tuple[str, str] | None:
    """环球清洁|有限公司: an unknown word glued before a part of names that most names of one record
    type end with (有限公司 of the suppliers) is a name of that type; when the joined words are no
    such name, the data does not hold it."""
    for i, (prev, m) in enumerate(pairwise(ordered)):
        if prev.kind != "leftover" or m.kind != "ambiguous" or prev.e != m.s or len(prev.text) < 2:
            continue
        labels = {c.entry.label for c in getattr(m.data, "candidates", [])}
        label = next(iter(labels)) if len(labels) == 1 else None
        start = prev.s
        glued = ordered[i - 1] if i > 0 else None
        if glued is not None and glued.e == prev.s and len(glued.text) == 1 and glued.text not in _PARTICLES and glued.kind == "lex" and all(s.kind == "filler" for s in glued.senses):
            start = glued.s  # 上|海宏达物业|有限公司: a one-letter filler the scanner took from the name's start
        joined = p.qn[start : m.e]
        if label is not None and ends_most_names(ctx, label, m.text) and not ctx.index.by_norm.get(joined):
            return joined, label
    return None


def _enum_field(ctx: UnderstandContext | None, label: str, field: str) -> bool:
    if ctx is None:
        return False
    for t in ctx.templates.templates_for_label(label):
        if field in t.field_names:
            return bool(t.field(field).enum)
    return False


def missing_compound_field(p: _Parsed, ctx: UnderstandContext | None = None) -> str | None:
    """绿化面积: a value of one kind of record glued to the end of a field name of another
    (面积 of 合同面积) names a field no template has; never a filter on far-away records.
    报废状态: a value of a listed-values field (枚举) followed by the word of another listed-values
    field only says the value is a state: the word is ignored (listed), the value stays."""
    ordered = sorted(p.mentions, key=lambda m: m.s)
    for prev, m in pairwise(ordered):
        fs = m.sense("field") if m.kind == "lex" else None
        if fs is None or prev.e != m.s or prev.kind != "lex" or not prev.has("svalue") or prev.has("field"):
            continue
        if prev.text in ("其他", "其它", "别的") and prev.has("cue"):
            continue  # 除了完好，其他状况: the complement of the excluded value, not a missing field
        field = str(fs.get("field") or "")
        if m.text == field or not field.endswith(m.text):
            continue
        values = [v for s in prev.senses if s.kind == "svalue" for v in s.get("values")]
        if fs.get("label") in {lab for lab, _f, _v in values}:
            continue
        fields = [s for s in m.senses if s.kind == "field"]
        if values and all(_enum_field(ctx, lab, f) for lab, f, _v in values) and all(
            _enum_field(ctx, str(s.get("label")), str(s.get("field"))) for s in fields
        ):
            m.senses = [Sense("filler", {"ignored": True}, "")]
            p.ignored.append(m.text)
            continue
        return prev.text + m.text
    return None
