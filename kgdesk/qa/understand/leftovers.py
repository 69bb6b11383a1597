"""Leftover words settled before entity grounding, from the schema and the question itself rather
than from more lexicon entries:

- a unit right after the question word (是多少年) only says how the answer is counted;
- neutral words (瞅瞅, 给我) change nothing: ignored and listed;
- a category suffix right after a data value (园区|类, 暖通空调|那块) names the value's kind:
  ignored and listed, the value stays the condition;
- a leftover that is a property name of a record type the question already names (耗材采购的|金额,
  设备|编号) is that field — a field is never searched as a person's name.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.field_before_value import field_before_value
from kgdesk.qa.understand.presence import AFTER_WORDS, PRESENT_BEFORE
from kgdesk.qa.understand.region_hang import hung_under_a_region
from kgdesk.qa.understand.role_verbs import RoleVerbs, settle_role_verb
from kgdesk.qa.understand.single import settle_single
from kgdesk.qa.understand.spending import asks_an_amount, spending_verb
from kgdesk.qa.understand.verb_not_locative import VERB
from kgdesk.qa.understand.words import covered_by


def labels_valued(p: _Parsed) -> set[str]:
    """Record types the question names by a data value or a named entity (not by a field word alone)."""
    out = {str(x.data.chosen.entry.label) for x in p.mentions if x.kind == "entity" and isinstance(x.data, Grounding) and x.data.chosen is not None}
    for m in p.mentions:
        out |= value_labels(m)
    return out


def labels_named(p: _Parsed) -> set[str]:
    """Record types the question names: label words, fields, and data values of a label's field."""
    out: set[str] = set()
    for m in p.mentions:
        if m.kind != "lex":
            continue
        for s in m.senses:
            if s.kind in ("label", "field") and s.get("label"):
                out.add(str(s.get("label")))
            elif s.kind == "svalue":
                out.update(str(v[0]) for v in s.get("values", []))
            elif s.kind == "value":
                out.update(str(c["label"]) for c in s.get("candidates", []) if c.get("label"))
    return out


def _after_value(p: _Parsed, m: _M) -> bool:
    prev = p.prev_before(m, skip_fillers=False)
    return prev is not None and prev.e == m.s and prev.kind == "lex" and (prev.has("svalue") or prev.has("value"))


def _counted_post(p: _Parsed, m: _M) -> bool:
    """有几个保安普保岗: 岗 closing the question is the thing counted (posts), not a word about the value before it."""
    return m.text == "岗" and not p.qn[m.e :].strip("？?。！!吗呢 ")


def _glued_to_fillers(p: _Parsed, m: _M, neutral: Collection[str]) -> str:
    """大|家 / 手|上 / 那|台 / 里|头: the scanner took a one-character filler out of a neutral word;
    the leftover with the filler right before or after it is that word (returned), else ''."""
    prev = p.prev_before(m, skip_fillers=False)
    nxt = p.next_after(m, skip_fillers=False)
    before = prev.text if prev is not None and prev.is_filler() and prev.e == m.s else ""
    after = nxt.text if nxt is not None and nxt.is_filler() and nxt.s == m.e else ""
    for text in (m.text + after, before + m.text, before + m.text + after):
        if text != m.text and text in neutral:
            return text
    return ""


def _field_of_named_label(p: _Parsed, m: _M, schema: SchemaView) -> Sense | None:
    """金额 after 耗材采购 / 编号 after 设备: the one named record type that has this property; else
    金额 after a record named by its number (CG0001的金额): that record's own property (exact name)."""
    found = _field_named(labels_named(p), m.text, schema)
    if found is not None:
        return found
    entities = {
        x.data.chosen.entry.label
        for x in p.mentions
        if x.kind == "entity" and isinstance(x.data, Grounding) and x.data.chosen is not None
    }
    return _field_named(entities, m.text, schema, exact_only=True)


def _field_named(labels: set[str], text: str, schema: SchemaView, *, exact_only: bool = False) -> Sense | None:
    """The one property of the named labels called `text` (or label + `text`: 设备…编号 → 设备编号),
    else the one whose name ends with `text` (投标记录 … 金额 → 投标金额)."""
    exact: set[tuple[str, str]] = set()
    ending: set[tuple[str, str]] = set()
    for label in labels:
        info = schema.labels.get(label)
        if info is None:
            continue
        for name, prop in info.properties.items():
            if not prop.present or name.startswith("_"):
                continue
            if name in (text, label + text):
                exact.add((label, name))
            elif len(text) >= 2 and name.endswith(text) and not exact_only:
                ending.add((label, name))
    hits = exact or ending
    if len(hits) != 1:
        return None
    label, name = next(iter(hits))
    return Sense("field", {"label": label, "field": name}, name)


def _rest_of_label_word(prev: _M | None, m: _M, label_words: Mapping[str, str]) -> bool:
    """离职的人|员: the longest match ended inside a word of a record type (人员) that the matched term
    is about; the leftover is the rest of that word and names nothing new."""
    if prev is None or prev.e != m.s or prev.kind != "lex":
        return False
    labels = {str(s.get("label")) for s in prev.senses if s.get("label")}
    return any(label_words.get(prev.text[-k:] + m.text) in labels for k in range(1, len(prev.text)))


def settle_leftover(
    p: _Parsed,
    m: _M,
    schema: SchemaView,
    *,
    units: Collection[str],
    neutral: Collection[str],
    value_suffixes: Collection[str],
    label_words: Mapping[str, str] | None = None,
    role_verbs: RoleVerbs | None = None,
) -> bool:
    """Settle one leftover in place; True when it is no longer a leftover."""
    if m.data == VERB:
        return False  # 中了 / 中过: a verb taken for a locative filler stays not understood
    prev = p.prev_before(m, skip_fillers=False)
    if label_words and _rest_of_label_word(prev, m, label_words):
        m.kind, m.senses = "lex", [Sense("filler", {"word_rest": True}, "")]
        return True
    verb = _verb_read_first(p, m, schema)
    if verb is not None:
        return verb
    after_question = prev is not None and prev.e == m.s and prev.kind == "lex" and prev.has("cue")
    if after_question and m.text in units:
        m.kind, m.senses = "lex", [Sense("filler", {"unit": True}, "")]
        return True
    if role_verbs and settle_role_verb(p, m, schema, role_verbs, neutral):
        return True  # 张丽管着几个项目: the person's 负责人 relationship
    if covered_by(m.text, neutral) or (m.text in value_suffixes and _after_value(p, m) and not _counted_post(p, m)):
        m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
        p.ignored.append(m.text)
        return True
    if _settled_by_neighbours(p, m, schema):
        return True
    glued = _glued_to_fillers(p, m, neutral)
    if glued:
        m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
        p.ignored.append(glued)
        return True
    if m.text == "外" and _closes_exclusion(p, m):
        m.kind, m.senses = "lex", [Sense("cue", {"cue": "exclusion"}, "exclusion")]  # 除完好外: 除…外
        return True
    if m.text in ("数", "数量") and prev is not None and prev.e == m.s and prev.kind == "lex" and prev.has("label"):
        m.kind, m.senses = "lex", [Sense("cue", {"cue": "count"}, "count")]  # 项目数: how many 项目
        return True
    field = _field_of_named_label(p, m, schema)
    if field is not None:
        m.kind, m.senses = "lex", [field]
        return True
    return _glued_prefix(p, m, schema)


_WHAT = ("什么", "啥", "哪种", "哪个")
_GLUED_BEFORE = (*PRESENT_BEFORE, "填写", "登记", "填")
"""Possession words glued before a field; the bare verb (没|填整改完成日期) after a negation cue."""


def _glued_prefix(p: _Parsed, m: _M, schema: SchemaView) -> bool:
    """A word glued before a property name of the named record (属于什么|类别, 总|金额, 填了|整改完成日期):
    split off, the rest that field."""
    asked = next((w for w in _WHAT if m.text.startswith(w) and len(m.text) > len(w) + 1), "")
    if asked and (field := _field_of_named_label(p, _M("leftover", m.s, m.e, m.text[len(asked) :]), schema)):
        # 属于什么类别: a what-word glued to a property name of the named record asks that property
        p.mentions.append(_M("lex", m.s, m.s + len(asked), asked, senses=[Sense("cue", {"cue": "status"}, "status")]))
        m.s, m.text, m.kind, m.senses = m.s + len(asked), m.text[len(asked) :], "lex", [field]
        p.mentions.sort(key=lambda x: x.s)
        return True
    said = next((w for w in _GLUED_BEFORE if m.text.startswith(w) and len(m.text) > len(w) + 1), "")
    if said and (field := _field_of_named_label(p, _M("leftover", m.s, m.e, m.text[len(said) :]), schema)):
        # 填了整改完成日期的: a possession word glued to a property name (understand/presence)
        p.mentions.append(_M("leftover", m.s, m.s + len(said), said))
        m.s, m.text, m.kind, m.senses = m.s + len(said), m.text[len(said) :], "lex", [field]
        p.mentions.sort(key=lambda x: x.s)
        return True
    said = next((w for w in AFTER_WORDS if m.text.endswith(w) and len(m.text) > len(w) + 1), "")
    if said and (field := _field_of_named_label(p, _M("leftover", m.s, m.e - len(said), m.text[: -len(said)]), schema)):
        # 整改完成日期空着的: a filled-in / left-empty word glued after a property name
        p.mentions.append(_M("leftover", m.e - len(said), m.e, said))
        m.e, m.text, m.kind, m.senses = m.e - len(said), m.text[: -len(said)], "lex", [field]
        p.mentions.sort(key=lambda x: x.s)
        return True
    if len(m.text) >= 3 and m.text[0] in "总" and (field := _field_named(labels_named(p), m.text[1:], schema)):
        # 总金额: a sum of that field
        p.mentions.append(_M("lex", m.s, m.s + 1, m.text[0], senses=[Sense("cue", {"cue": "sum"}, "sum")]))
        m.s, m.text, m.kind, m.senses = m.s + 1, m.text[1:], "lex", [field]
        p.mentions.sort(key=lambda x: x.s)
        return True
    return False


def _closes_exclusion(p: _Parsed, m: _M) -> bool:
    """除完好外 / 除保安和保洁外: a leftover 外 closing an exclusion that 除 opened earlier in the clause."""
    x = p.prev_before(m, skip_fillers=False)
    while x is not None and x.kind != "leftover" and not (x.kind == "lex" and x.text in ("，", ",")):
        if x.kind == "lex" and x.text.startswith("除") and any(s.name == "exclusion" for s in x.senses):
            return True
        x = p.prev_before(x, skip_fillers=False)
    return False


_STEMS: dict[tuple[int, tuple[str, ...]], dict[str, list[Sense]]] = {}


def measure_stems(schema: SchemaView, suffixes: tuple[str, ...]) -> dict[str, list[Sense]]:
    """平时加班 for 平时加班小时: a field name without its unit suffix (小时, 金额, 天数…) names the
    field when no other property has that stem; stems of three characters or more only."""
    key = (id(schema), suffixes)
    cached = _STEMS.get(key)
    if cached is not None:
        return cached
    found: dict[str, set[tuple[str, str]]] = {}
    every: set[str] = set()
    for label, info in schema.labels.items():
        for name in info.properties:
            every.add(name)
            for suf in suffixes:
                stem = name[: -len(suf)]
                if name.endswith(suf) and len(stem) >= 3 and not name.startswith("_"):
                    found.setdefault(stem, set()).add((label, name))
    out = {
        stem: [Sense("field", {"label": lb, "field": f}, f) for lb, f in sorted(hits)]
        for stem, hits in found.items()
        if len({f for _, f in hits}) == 1 and stem not in every
    }
    _STEMS.clear() if len(_STEMS) > 8 else None
    _STEMS[key] = out
    return out


_COMPARATIVES = {"多": "more", "少": "less"}


def _comparative_before_measure(p: _Parsed, m: _M) -> bool:
    """A比B多|开票|多少: the comparative right after the second of two compared things and before
    the measure (a field) is the comparison's direction, as after the measure (A比B开票多多少)."""
    kind = _COMPARATIVES.get(m.text)
    prev = p.prev_before(m, skip_fillers=False)
    nxt = p.next_after(m, skip_fillers=False)
    if kind is None or prev is None or nxt is None or prev.e != m.s or nxt.s != m.e:
        return False
    than = p.prev_before(prev, skip_fillers=False)
    compared = prev.kind in ("time", "entity") and than is not None and than.kind == "lex" and than.text == "比"
    if not compared or not (nxt.kind == "lex" and (nxt.has("field") or nxt.has("derived"))):
        return False
    m.kind, m.senses = "lex", [Sense("cue", {"cue": kind}, kind)]
    return True


def _own_noun(p: _Parsed, m: _M, schema: SchemaView) -> bool:
    """香花桥档案馆的|合同|哪天结束: a word right after a named entity that its own fields are named
    with (项目: 合同金额, 合同面积…) is that entity's own thing — ignored and listed, so the date
    or field asked next is the entity's (项目.结束日期), never a contains-match of another record type's
    value (维保合同). A word that is itself a property name stays what it is."""
    prev = p.prev_before(m, skip_fillers=False)
    if prev is not None and prev.kind == "lex" and prev.text == "的":
        prev = p.prev_before(prev, skip_fillers=False)
    g = prev.data if prev is not None and prev.kind == "entity" else None
    chosen = getattr(g, "chosen", None)
    if chosen is None:
        return False
    nxt = p.next_after(m, skip_fillers=False)
    glued = nxt if nxt is not None and nxt.s == m.e and nxt.is_filler() and len(nxt.text) == 1 else None
    text = m.text + (glued.text if glued is not None else "")
    info = schema.labels.get(chosen.entry.label)
    if info is None or len(text) < 2 or text in info.properties:
        return False
    if not any(text in name for name in info.properties if not name.startswith("_")):
        return False
    if glued is not None:
        p.mentions.remove(glued)
        m.e, m.text = glued.e, text
    m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
    p.ignored.append(text)
    return True


def _verb_read_first(p: _Parsed, m: _M, schema: SchemaView) -> bool | None:
    """Verbs read before the neutral words (花 / 挂 are neutral elsewhere): settled (True), left not
    understood (False), or None when `m` is neither."""
    if spending_verb(p, m, _spend_verbs()):  # 花了多少: the money measure summed, else not understood
        settled = _money_word(p, m, schema, spent=True)
        if settled and asks_an_amount(p, m):
            m.senses.append(Sense("cue", {"cue": "sum"}, "sum"))
        return settled
    if hung_under_a_region(p, m):  # 青浦片区下面挂了几个项目: the relation already named
        return True
    return None


def _spend_verbs() -> list[str]:
    from kgdesk.qa.lexicon import load_lexicon

    return list(load_lexicon().raw.get("spend_verbs", {}).get("words", []))


def _money_field(p: _Parsed, m: _M, schema: SchemaView, *, spent: bool = False) -> Sense | None:
    """耗材采购|花钱|最多: a colloquial money noun (lexicon money_words) is the one additive money
    field (unit 元) of the record types the question names (采购记录.金额); None when not exactly one."""
    from kgdesk.qa.lexicon import _record_labels, load_lexicon

    lx = load_lexicon()
    if not spent and m.text not in lx.raw.get("money_words", {}).get("words", []):
        return None
    money = {f for f, u in lx.field_units.items() if u == "元" and f in lx.additive_fields}
    items = {m.data.attribute[0] for m in p.mentions if m.kind == "entity" and getattr(m.data, "attribute", None)}
    records = (labels_named(p) | items) & _record_labels()  # money is spent in records, not on a project's contract
    hits = {(lab, f) for lab in records for f in money if schema.has_property(lab, f)}
    if len(hits) != 1:
        return None
    lab, f = next(iter(hits))
    return Sense("field", {"label": lab, "field": f}, f)


def value_labels(m: _M) -> set[str]:
    """The labels whose fields a data-value mention belongs to."""
    out: set[str] = set()
    for s in m.senses if m.kind == "lex" else []:
        if s.kind == "svalue":
            out.update(str(v[0]) for v in s.get("values", []))
        elif s.kind == "value":
            out.update(str(c["label"]) for c in s.get("candidates", []) if c.get("label"))
    return out


def _rate_of_value(p: _Parsed, m: _M) -> bool:
    """投标的中标|率: 率 glued to a value of a record type the question names is the share of those
    records holding the value (a share cue). With no record type named (中标率是多少) the value's own
    type is meant when the value belongs to one type only; glued to anything else it stays unread."""
    prev = p.prev_before(m, skip_fillers=False)
    if m.text != "率" or prev is None or prev.e != m.s or prev.kind != "lex":
        return False
    named = {str(s.get("label")) for x in p.mentions if x.kind == "lex" for s in x.senses if s.kind == "label"}
    owners = value_labels(prev)
    if not (owners & named) and (named or len(owners) != 1):
        return False
    m.kind, m.senses = "lex", [Sense("cue", {"cue": "share"}, "share")]
    return True


def _until_before_when(p: _Parsed, m: _M, schema: SchemaView) -> bool:
    """合同到哪天结束: "until" right before the when-word adds nothing (ignored and listed)."""
    del schema
    nxt = p.next_after(m, skip_fillers=False)
    if m.text not in ("到", "截止到") or nxt is None or nxt.s != m.e:
        return False
    when = ("什么时候", "哪天", "几号", "何时", "哪一天")
    if not any(s.kind == "cue" and s.name == "status" and any(w in nxt.text for w in when) for s in nxt.senses):
        return False
    m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
    p.ignored.append(m.text)
    return True


def _money_word(p: _Parsed, m: _M, schema: SchemaView, *, spent: bool = False) -> bool:
    money = _money_field(p, m, schema, spent=spent)
    if money is None:
        return False
    m.kind, m.senses = "lex", [money]
    return True


def _settled_by_neighbours(p: _Parsed, m: _M, schema: SchemaView) -> bool:
    """The leftover rules read from the words around it (单…, A比B多…, the entity's own noun, a
    value's 率, a money noun, 到 before a when-word)."""
    return (
        settle_single(p, m)
        or _comparative_before_measure(p, m)
        or _own_noun(p, m, schema)
        or _rate_of_value(p, m)
        or _money_word(p, m, schema)
        or _until_before_when(p, m, schema)
        or _other_of_the_fields_kind(p, m)
        or _entity_month(p, m, schema)
        or field_before_value(p, m)  # 耗材采购中类别为清洁耗材: the one type all the values said pin
    )


def _entity_month(p: _Parsed, m: _M, schema: SchemaView) -> bool:
    """收款金额是0的项目|月: a label + 月 names the record type keyed by that label's key and 年月
    (项目月 → 财务 / 月度快照), the one the question's fields belong to; else it stays unread."""
    prev = p.prev_before(m, skip_fillers=False)
    ls = prev.sense("label") if prev is not None and prev.kind == "lex" and prev.e == m.s else None
    if m.text != "月" or prev is None or ls is None:
        return False
    key = (*schema.key_fields(str(ls.get("label"))), "年月")
    fields = {str(s.get("label")) for x in p.mentions if x.kind == "lex" for s in x.senses if s.kind == "field"}
    fields |= {str(x.data.get("label")) for x in p.mentions if x.kind == "field_value" and isinstance(x.data, dict)}
    kinds = [lab for lab in fields if set(schema.key_fields(lab)) == set(key)]
    if len(kinds) != 1:
        return False
    p.mentions.remove(m)
    prev.e, prev.text = m.e, prev.text + m.text
    prev.senses = [Sense("label", {"label": kinds[0]}, kinds[0])]
    return True


def _field_words(m: _M) -> set[str]:
    """The field names (brackets dropped: 市（区） → 市区) a value mention belongs to."""
    out: set[str] = set()
    for s in m.senses if m.kind == "lex" else []:
        if s.kind == "svalue":
            out.update(str(v[1]) for v in s.get("values", []))
        elif s.kind == "value":
            out.update(str(c["field"]) for c in s.get("candidates", []) if c.get("field"))
    return {"".join(ch for ch in f if ch not in "（）()") for f in out}


def _other_of_the_fields_kind(p: _Parsed, m: _M) -> bool:
    """除了浦东新区，其他|区: after 其他, a word that ends the excluded value's field name (市（区）) only
    names the kind of the other values — ignored and listed; the exclusion is the condition."""
    prev = p.prev_before(m, skip_fillers=False)
    if prev is None or prev.e != m.s or prev.text not in ("其他", "其它", "别的"):
        return False
    values = [x for x in p.mentions if x.e <= prev.s and x.kind == "lex" and (x.has("svalue") or x.has("value"))]
    if not values or not any(f.endswith(m.text) for f in _field_words(values[-1])):
        return False
    m.kind, m.senses = "lex", [Sense("filler", {"ignored": True}, "")]
    p.ignored.append(m.text)
    return True


def trim_neutral_tail(p: _Parsed, m: _M, neutral: Collection[str], names: Mapping[str, Any]) -> None:
    """川沙医院|那边 / 星河湾|这里: a neutral word (2+ characters) ending an unknown stretch after 2+ is
    not part of the name before it (unless the whole stretch is a name): split off, ignored, listed."""
    if m.kind != "leftover" or m.text in names:
        return
    for k in range(len(m.text) - 2, 1, -1):
        tail = m.text[k:]
        if tail in neutral:
            p.mentions.append(_M("lex", m.s + k, m.e, tail, senses=[Sense("filler", {"ignored": True}, "")]))
            p.ignored.append(tail)
            m.e, m.text = m.s + k, m.text[:k]
            p.mentions.sort(key=lambda x: x.s)
            return
