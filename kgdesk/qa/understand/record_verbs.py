"""Verbs of keeping a record (供应商名录一共收录了多少家供应商 / 合同状况现在登记的是啥 / 考勤表上登了几个人 /
花名册中没有填当前服务项目编号的人有几个): the ledger's act of recording changes nothing — the verb with 了 or
着 right before a count (几 / 多少) reads as 有, the verb with 的 right before 是 is dropped, and 没(有) + the verb +
a field + 的 is that field being empty (…编号为空的). The words are data (lexicon record_verbs); elsewhere (录入一条,
登记日期) nothing changes. Only a field is empty: after 没登记 a record type (一台设备都没有登记的项目 → 没有登记设备的项目,
没有登记过检查记录的项目, 一张证书也没登记过的员工) is the type's records that are missing — an anti-join the planner
reads from the words as they are — and a stretch that is no field at all (没有填血型的) is left for the rules to refuse.

Two more words of the same kind (lexicon record_verbs): 存在 in a question ending in 吗 reads as 有 (投标记录里存在
年份为2027的记录吗), and 前N大 is 前N (合同面积前三大的项目: ranked by the measure said before it)."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon, normalize
from kgdesk.templates.loader import default_template_set


@cache
def _rules() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    raw = load_lexicon().raw.get("record_verbs", {})
    verbs = "|".join(sorted((re.escape(w) for w in raw.get("verbs", [])), key=len, reverse=True)) or "(?!)"
    empty = "|".join(sorted((re.escape(w) for w in raw.get("empty_verbs", [])), key=len, reverse=True)) or "(?!)"
    counted = re.compile(rf"(?<![记登收])(?:{verbs})(?:了|着|进了|进去了|上了)(?:的)?(?=(?:一共|总共|共)?(?:几|多少))")
    said = "|".join(sorted((re.escape(w) for w in raw.get("verbs", []) if len(w) > 1), key=len, reverse=True))
    stated = re.compile(rf"(?<=[\u4e00-\u9fff])(?:{said or '(?!)'})(?:着)?的(?=是)")  # never 记录的是
    unfilled = re.compile(rf"(?:没有|没|未)(?:{empty})(?P<p>上|过)?(?P<f>[\u4e00-\u9fffA-Za-z]{{2,12}}?)的")
    return counted, stated, unfilled


@cache
def _more_rules() -> tuple[re.Pattern[str], re.Pattern[str]]:
    raw = load_lexicon().raw.get("record_verbs", {})
    exists = "|".join(re.escape(w) for w in raw.get("existence_verbs", [])) or "(?!)"
    size = "|".join(re.escape(w) for w in raw.get("top_size", [])) or "(?!)"
    said = re.compile(rf"(?<![是否不])(?:{exists})(?=[^，,。？?吗么嘛]{{1,24}}(?:吗|么|嘛)[?？。!！\s]*$)")
    top = re.compile(rf"(?<=前)(?P<n>\d{{1,2}}|[一二两三四五六七八九十]{{1,2}})(?:{size})(?=的)")
    return said, top


def record_verbs(text: str) -> str:
    counted, stated, unfilled = _rules()
    said, top = _more_rules()
    text = counted.sub("有", text)
    text = stated.sub("", text)
    text = said.sub("有", text)
    text = top.sub(lambda m: m.group("n"), text)
    text = _field_unfilled().sub(lambda m: f"{m.group('f')}为空", unfilled.sub(_emptied, text))
    return _text_absent().sub(lambda m: f"{m.group('f')}为空", text)


@cache
def _text_absent() -> re.Pattern[str]:
    """没有 + a free-text or date field + 的 (没有问题描述的检查 / 没有离职日期的人): that field is empty, as 没填 says it —
    only fields whose absence can mean nothing else (a text, a day); 没有加班的 / 没有收款的 (a number: zero, a lexicon
    condition) 没有设备的 (a record type: an anti-join) and 没有项目负责人的 (a relation's word) are left as
    they were."""
    lex, ts = load_lexicon(), default_template_set()
    free = {normalize(f) for f in lex.free_text_fields}
    kinds: dict[str, set[bool]] = {}
    for t in ts.templates:
        for f in t.fields:
            kinds.setdefault(normalize(f.name), set()).add(f.type.value == "日期" or normalize(f.name) in free)
    words = {w for w, k in kinds.items() if k == {True}}
    for term, _label, fld in lex.field_terms():
        if len(term) >= 2 and kinds.get(normalize(fld)) == {True}:
            words.add(normalize(term))
    _fields, _typed, a_type = _schema_words()
    rels = [normalize(t) for row in lex.raw.get("relations", []) for t in row.get("terms", []) if len(t) >= 2]
    # 没有项目负责人的项目: a field that names a relation too (负责人) is left to the relation's own rules
    words = {w for w in words if len(w) >= 2 and not a_type.fullmatch(w) and not any(r in w for r in rels)}
    alt = "|".join(sorted(map(re.escape, words), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?<![有是])(?:没有|没)(?P<f>{alt})(?=的)")


@cache
def _field_unfilled() -> re.Pattern[str]:
    """The field said first, then 没(有) / 未 + an empty verb (客户满意度没填的项目 / 离职日期还没登记的人): that field is empty
    — the same reading as 没有填客户满意度的, with the words in the other order. Only a field's own name, right before."""
    raw = load_lexicon().raw.get("record_verbs", {})
    empty = "|".join(sorted((re.escape(w) for w in raw.get("empty_verbs", [])), key=len, reverse=True)) or "(?!)"
    fields, _typed, _type = _schema_words()
    alt = "|".join(sorted(map(re.escape, filter(lambda f: len(f) >= 2, fields)), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?P<f>{alt})(?:还|都|也)?(?:没有|没|未)(?:{empty})(?:上|过|写)?(?:的?值)?(?=的)")


@cache
def _schema_words() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """The field words (lexicon field terms and the templates' own field names), a field said with its
    record type before it (员工身份证号), and a record type said alone (设备 / 考勤记录 / 证书台账 / 任何证书):
    its lexicon synonyms, label names, ledger names and the names of the templates that hold one type."""
    lex, ts = load_lexicon(), default_template_set()
    fields = {normalize(t) for t, _label, _field in lex.field_terms()}
    fields |= {normalize(f.name) for t in ts.templates for f in t.fields if not f.name.startswith("_")}
    types = {normalize(t) for terms in lex.labels.values() for t in terms} | {normalize(x) for x in ts.labels}
    types |= {normalize(w) for row in lex.raw.get("ledger_names", {}).get("ledgers", []) for w in row.get("words", [])}
    types |= {normalize(t.name) for t in ts.templates if t.label is not None}
    alt = "|".join(sorted(map(re.escape, filter(None, types)), key=len, reverse=True))
    field_alt = "|".join(sorted(map(re.escape, filter(None, fields)), key=len, reverse=True))
    typed_field = re.compile(rf"(?:{alt})?(?:{field_alt})")
    a_type = re.compile(rf"(?:任何|任一|一[台张个条份笔项次本家件位名])?(?:{alt})(?:记录|信息|台账)?")
    return frozenset(fields), typed_field, a_type


def _emptied(m: re.Match[str]) -> str:
    """没(有) + verb + X + 的 → X为空的 when X is a field; a record type (or anything else) stays as said.
    上 / 过 after the verb belongs to X only when X is a field that starts with it (没填上班天数的)."""
    fields, typed_field, a_type = _schema_words()
    said = (m.group("p") or "") + m.group("f")
    heads = [said, said[1:]] if said[0] in "上过" and len(said) > 1 else [said]
    if any(a_type.fullmatch(normalize(x)) for x in heads):
        return m.group(0)  # 没有登记设备的项目: no record of that type, not an empty field
    for x in heads:
        if normalize(x) in fields or typed_field.fullmatch(normalize(x)):
            return f"{x}为空的"
    return m.group(0)
