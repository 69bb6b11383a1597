"""A field that holds ANOTHER record's key, said with its own name before that record's code
(当前服务项目编号是XMSQ0102的都是谁 / 片区负责人工号为KWL1503001的是哪个片区 / 检查人工号填的KWL…的检查记录):
the condition is on the record that OWNS the field, reached through the relationship the field
defines (the templates' start_field) — never the code's own record (the project XMSQ0102), and
never another relationship that happens to join the two types (片区 → 项目 → 人员).

The field's mention becomes that relationship's word, so the interpreter reads it as it reads
负责人是KWL…的片区; the owner type becomes the asked one when the question names no other type
(谁 / 都有哪些 / 有几个). When the question asks for a type that is neither the owner nor the
code's (维保合同 of a 检查人工号), or one field name fits several relationships, nothing is
changed here and the interpreter's own checks refuse."""

from __future__ import annotations

import functools

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense, load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _needs_llm, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of
from kgdesk.templates.loader import default_template_set


@functools.cache
def _links() -> tuple[str, ...]:
    """What may stand between the field's name and the code (是 / 为 / 填的是 / 写的 …), longest first."""
    words = load_lexicon().raw.get("foreign_key_links", {}).get("words", [])
    return tuple(sorted({"", *words}, key=len, reverse=True))


@functools.cache
def _relations() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """(owner label, field) → [(relationship type, other label)] for every field that stores another
    record's key (not the owner's own key)."""
    ts = default_template_set()
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for r in ts.relations:
        if r.via_templates or r.start_field in ts.key_of(r.start_label):
            continue
        out.setdefault((r.start_label, r.start_field), []).append((r.type, r.end_label))
    return out


def _preferred(owner: str, label: str) -> str | None:
    """The relationship of the lexicon's preferred one-hop path from owner to label, if any."""
    for path in load_lexicon().raw.get("paths", []):
        if path.get("from") == owner and path.get("to") == label and len(path.get("hops", [])) == 1:
            return str(path["hops"][0]["rel"])
    return None


def _code(m: _M) -> str | None:
    """The label of a code grounded exactly (XMSQ0102 → 项目), else None."""
    g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
    if g is None or g.chosen is None or g.chosen.method not in ("exact", "code", "key"):
        return None
    return g.chosen.entry.label


def foreign_key_field(p: _Parsed, schema: SchemaView) -> None:
    """Read「<key-holding field><link><code>」as the relationship that field defines."""
    for m in sorted(p.mentions, key=lambda m: m.s):
        label = _code(m)
        named = {x for y in p.mentions if y.kind == "lex" for x in labels_of(y)}
        found = _field_before(p.qn, m, label, named) if label is not None else None
        if found is None or label is None:
            continue
        a, b, owner, field = found
        rels = [rel for rel, end in _relations().get((owner, field), []) if end == label]
        if len(set(rels)) != 1 or schema.rel(rels[0], owner, label) is None:
            raise _needs_llm(f"无法确定「{field}」指的是哪种关系")
        inside = [x for x in p.mentions if x.s < m.s and x.e > a]
        if any(x.s < a for x in inside):
            continue  # a word crossing the field's start: read another way
        asked = {
            x for y in p.mentions if y not in inside and y is not m and y.kind == "lex" for x in labels_of(y)
        }
        if asked - {owner}:
            continue  # another type asked: the interpreter's checks decide (or refuse)
        kept = [x for x in inside if x.s == a and x.e < b and x.has("current")]
        if kept:  # 当前服务项目编号: 当前 stays the when-now word (the current basis, 在职)
            inside.remove(kept[0])
            a = kept[0].e
        for x in inside:
            p.mentions.remove(x)
        if _preferred(owner, label) == rels[0]:
            # 服务于 has more than one basis: the lexicon's preferred path carries the field's own
            # (依据 = 人员信息), so the owner type is named and the planner walks that path
            sense = Sense("label", {"label": owner}, owner)
        else:
            data = {"rel": rels[0], "owner_side": "start", "target_side": "end", "owner_label": owner}
            sense = Sense("rel", data, field)
        p.mentions.append(_M("lex", a, b, p.qn[a:b], [sense]))
        if b < m.s:
            p.mentions.append(_M("lex", b, m.s, p.qn[b : m.s], [Sense("filler", {}, p.qn[b : m.s])]))


def _field_before(qn: str, m: _M, label: str, named: set[str]) -> tuple[int, int, str, str] | None:
    """(start, end, owner label, field) of a key-holding field of another type whose name ends just
    before `m` with only a linking word between; None when there is none or several fit (经办人工号
    is a 维保合同's and a 采购记录's: only the type the question names settles it)."""
    hits = set()
    for (owner, field), rels in _relations().items():
        if not any(end == label for _, end in rels):
            continue
        name = normalize(field)
        for link in _links():
            b = m.s - len(link)
            if b >= len(name) and qn[b : m.s] == link and qn[b - len(name) : b] == name:
                hits.add((b - len(name), b, owner, field))
                break
    longest = max((h[1] - h[0] for h in hits), default=0)
    best = [h for h in hits if h[1] - h[0] == longest]
    if len(best) > 1:
        best = [h for h in best if h[2] in named]
    return best[0] if len(best) == 1 else None
