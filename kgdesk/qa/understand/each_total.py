"""「各<group>…加起来一共多少」 asks one total (各项目岗位编制里保洁员的预算编制加起来一共多少人): a summing
word that adds the groups up (lexicon `each_total.words`: 加起来, 合起来 …) after 各 + a record type makes
the grouping only the records' range — 各 and the type word change nothing, one figure is answered.
Nothing changes with a word asking each group's own figure (分别, 各自, 每个 …: lexicon
`each_total.per_group`), or when the summing word is missing (各项目的预算编制合计 stays per project).
各 + a category field before an additive measure (XMSQ0102各岗位的项目编制加起来一共几个人) likewise; 所有 / 全部
said where 各 would be (lexicon `each_total.all_words`: 岗位编制表中所有岗位的预算编制加起来) is read the same way. After a category field only a
verb adds the groups up: 加总 / 总计 alone (`nominal`: 各岗位的预算编制加总) keeps one total per value."""

from __future__ import annotations

from functools import cache

from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.spans import labels_of


@cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    raw = load_lexicon().raw.get("each_total", {})
    return tuple(normalize(w) for w in raw.get("words", [])), tuple(normalize(w) for w in raw.get("per_group", []))


def _own_group(p: _Parsed, schema: SchemaView, group: str, skip: _M) -> bool:
    """Every other record type the question names carries the group's key itself (岗位编制.项目编号):
    adding the groups up is then adding up every such record (a region's projects are not)."""
    key = schema.key_fields(group)
    named = {lab for m in p.mentions if m is not skip for lab in labels_of(m)}
    named |= {str(s.get("label")) for m in p.lex("field") for s in m.senses if s.kind == "field"}
    named.discard(group)
    return len(key) == 1 and bool(named) and all(
        (pi := schema.prop(lab, key[0])) is not None and pi.present for lab in named
    )


def _field_groups(p: _Parsed, schema: SchemaView, word: _M) -> bool:
    """XMSQ0102各岗位的项目编制加起来: 各 + a category field (not a number) and an additive measure named
    after it — the groups split the measure's records, so adding them up is adding up every record."""
    fields = [s for s in word.senses if s.kind == "field"] if word.kind == "lex" else []
    if len(fields) != 1:
        return False
    info = schema.prop(str(fields[0].get("label")), str(fields[0].get("field")))
    additive = set(load_lexicon().additive_fields)
    measures = [
        s for m in p.lex("field") if m.s > word.e for s in m.senses if s.kind == "field" and s.get("field") in additive
    ]
    return info is not None and not info.numeric and bool(measures)


def each_total(p: _Parsed, schema: SchemaView) -> None:
    total, per_group = _words()
    if not any(w in p.qn for w in total) or any(w in p.qn for w in per_group):
        return
    groups = [m for m in p.cue("group") if m.text == "各"]
    if not groups:  # 所有岗位的预算编制加起来: 所有 / 全部 before the group word is said like 各 (all_words)
        every = {normalize(w) for w in load_lexicon().raw.get("each_total", {}).get("all_words", [])}
        groups = [m for m in p.mentions if m.kind == "lex" and m.is_filler() and m.text in every]
    if len(groups) != 1:
        return
    each = groups[0]
    word = p.next_after(each, skip_fillers=False)
    if word is None or word.s != each.e:
        return
    said = [w for w in total if w in p.qn]
    nominal = {normalize(w) for w in load_lexicon().raw.get("each_total", {}).get("nominal", [])}
    by_field = _field_groups(p, schema, word) and not set(said) <= nominal  # 各岗位的预算编制加总: per 岗位
    if not by_field and (
        len(labels_of(word)) != 1 or not _own_group(p, schema, next(iter(labels_of(word))), word)
    ):
        return
    for m in (each, word):
        p.ignored.append(m.text)
        m.become_filler()
