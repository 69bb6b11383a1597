"""A parenthesis that restates a word of the question (保洁阿姨（保洁员）, 空调那块的设备（暖通空调）,
老谭（谭超）, 每个区（市区）): the data value, entity or field inside it is what the question means;
the colloquial words it restates are ignored and listed, and a looser value of the same field is
dropped. A restated word must share a character with the restatement and carry no negation, so a
condition the parenthesis does not restate (3号楼的设备（暖通空调）) is never silently dropped."""

from __future__ import annotations

import re

from kgdesk.qa.grounding import Grounding
from kgdesk.qa.lexicon import Sense, load_lexicon, normalize_with_map
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.after_scan import date_field_of_a_time
from kgdesk.qa.understand.appeared import appeared
from kgdesk.qa.understand.basis_words import basis_named
from kgdesk.qa.understand.before_time import before_times
from kgdesk.qa.understand.company_verbs import company_verbs
from kgdesk.qa.understand.compare_words import comparison_words
from kgdesk.qa.understand.counted_groups import counted_groups
from kgdesk.qa.understand.counted_total import counted_total
from kgdesk.qa.understand.dictionary import dictionary_label
from kgdesk.qa.understand.each_role import each_role
from kgdesk.qa.understand.each_total import each_total
from kgdesk.qa.understand.either import plus_between_values
from kgdesk.qa.understand.excluded_field import excluded_field
from kgdesk.qa.understand.field_difference import field_difference, totals_difference
from kgdesk.qa.understand.field_name_words import field_name_words
from kgdesk.qa.understand.foreign_key import foreign_key_field
from kgdesk.qa.understand.item_names import item_names
from kgdesk.qa.understand.key_labels import key_labels
from kgdesk.qa.understand.ledger_field import ledger_field
from kgdesk.qa.understand.ledger_names import ledger_names
from kgdesk.qa.understand.ledger_own_field import ledger_own_field
from kgdesk.qa.understand.ledger_restated import restated_ledgers
from kgdesk.qa.understand.ledger_subject import ledger_subject
from kgdesk.qa.understand.listed_by_field import field_before_its_value
from kgdesk.qa.understand.name_fragment import fragment_of_names
from kgdesk.qa.understand.named_many import named_many
from kgdesk.qa.understand.neither import neither_nor
from kgdesk.qa.understand.once_each import once_each
from kgdesk.qa.understand.other_field import other_field_word
from kgdesk.qa.understand.own_contract import own_contract
from kgdesk.qa.understand.own_field import anchor_own_field, label_own_field, own_field
from kgdesk.qa.understand.presence import presence_conditions
from kgdesk.qa.understand.ranked_field import (
    field_ranked,
    kind_listed,
    kind_ranked,
    measure_basis,
    ranked_field,
)
from kgdesk.qa.understand.restated_count import restated_count
from kgdesk.qa.understand.spans import fields_of
from kgdesk.qa.understand.two_named import two_named
from kgdesk.qa.understand.which_of_two import field_either, which_of_two
from kgdesk.qa.understand.year_value import year_value

_PAREN = re.compile(r"\(([^()]{1,24})\)")
_BREAK = re.compile(r"[，,。；;？?！!：:]")
_NEGATION = set("不没未非无别除")
_COMMON = set("的了是有在和与或个")


def _ignore(p: _Parsed, m: _M, *, listed: bool = True) -> None:
    if listed:
        p.ignored.append(m.text)
    m.kind, m.senses, m.data = "lex", [Sense("filler", {"ignored": True, "restated": True}, "")], None


def restated_by_parenthesis(p: _Parsed, schema: SchemaView | None = None) -> None:
    qn, where = normalize_with_map(p.text)
    if qn != p.qn:
        return
    for pm in _PAREN.finditer(p.text):
        inside = [i for i, w in enumerate(where) if pm.start(1) <= w < pm.end(1)]
        if not inside:
            continue
        a, b = inside[0], inside[-1] + 1
        content = [m for m in p.mentions if a <= m.s and m.e <= b]
        if _restated_number(p, content, a):
            continue
        restating = [m for m in content if fields_of(m)]
        if not restating:
            continue
        fields = set().union(*(fields_of(m) for m in restating))
        chars = {c for m in restating for c in m.text} | {c for m in restating for c in _names(m)}
        chars -= _COMMON
        brk = max((x.end() for x in _BREAK.finditer(p.text, 0, pm.start())), default=0)
        clause_start = next((i for i, w in enumerate(where) if w >= brk), 0)
        if schema is not None:
            _glossed_description(p, schema, restating, a, clause_start)
        for m in [x for x in p.mentions if clause_start <= x.s and x.e <= a]:
            if _NEGATION & set(m.text):
                continue
            same_field = m.kind in ("lex", "cvalue") and bool(fields_of(m) & fields) and not m.has("field")
            loose = m.kind in ("leftover", "ambiguous") and bool(chars & set(m.text))
            if same_field or loose:
                _ignore(p, m)


def _glossed_description(p: _Parsed, schema: SchemaView, restating: list[_M], a: int, clause_start: int) -> None:
    """坏掉不能用的设备（停用的）: unknown words describing the record type right before a parenthesis
    that names a value of that record type are what the value says — ignored (listed), negation and
    all; the value in the parenthesis is the condition. Only a run of unknown words, fillers and
    negation words reaching back from the record type word; no entity, value, time or field. Only a
    value of a listed-values (枚举) field, a state the words can describe (北楼的设备（暖通空调）: 北楼
    is not what a device type says)."""
    labels = {
        lab for m in restating for lab, fld in fields_of(m) if fld and (i := schema.prop(lab, fld)) is not None and i.type == "枚举"
    }
    before = [x for x in p.mentions if clause_start <= x.s and x.e <= a]
    while before and before[-1].kind == "lex" and all(s.kind == "filler" for s in before[-1].senses):
        before.pop()
    if not before or not any(s.kind == "label" and s.get("label") in labels for s in before[-1].senses):
        return
    run: list[_M] = []
    for x in reversed(before[:-1]):
        plain = x.kind == "lex" and bool(x.senses) and all(
            s.kind == "filler" or (s.kind == "cue" and s.name == "negation") for s in x.senses
        )
        if x.kind != "leftover" and not plain:
            break
        run.append(x)
    if any(x.kind == "leftover" for x in run):
        for x in run:
            _ignore(p, x, listed=not (x.kind == "lex" and x.has("filler")))


def _names(m: _M) -> str:
    if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
        return m.data.chosen.entry.display
    return ""


_EXCLUDING = {"不含", "不包含", "不包括", "不算", "不计"}
_INCLUDING = {"含", "包含", "包括", "算上"}


def _restated_number(p: _Parsed, content: list[_M], a: int) -> bool:
    """15台以上设备（超过15台）: the bound in the parenthesis says how the same number before it is
    meant (here: not inclusive); the outer number takes its comparison, the inner one is dropped."""
    nums = [m for m in content if m.kind == "num"]
    if len(nums) != 1 or any(m.kind not in ("num", "lex") for m in content):
        return False
    inner = nums[0].data
    before = [
        m
        for m in p.mentions
        if m.kind == "num" and m.e <= a and m.data.get("value") == inner.get("value")
        and (m.data.get("unit") or inner.get("unit") or "") in (inner.get("unit") or "", m.data.get("unit") or "")
    ]
    if len(before) != 1:
        return False
    words = "".join(m.text for m in content if m.kind == "lex" and not (m.has("filler") and len(m.text) == 1))
    op = inner.get("op")
    if op == "eq":  # （不含5个） / （含5个）: whether the bound itself counts
        outer = before[0].data.get("op")
        if words in _EXCLUDING:
            op = {"gte": "gt", "lte": "lt"}.get(outer, outer)
        elif words in _INCLUDING:
            op = {"gt": "gte", "lt": "lte"}.get(outer, outer)
        elif words:
            return False  # another word in the parenthesis: not a plain restatement
    if op != "eq":
        before[0].data = {**before[0].data, "op": op}
    for m in content:
        _ignore(p, m, listed=False)  # read: its comparison is now the outer number's
    return True


def missing_value(p: _Parsed) -> tuple[str, str] | None:
    """保安_队长这个岗位: a value of a field, an unknown word glued to it and then that field's own
    name — a value the data does not hold (the whole written value, the field), not an unknown word."""
    ordered = sorted(p.mentions, key=lambda x: x.s)
    for i, m in enumerate(ordered):
        if m.kind != "leftover" or i == 0:
            continue
        prev = ordered[i - 1]
        if prev.e != m.s or prev.has("field"):
            continue
        fields = {f for _, f in fields_of(prev) if f}
        nxt = next((x for x in ordered[i + 1 :] if not (x.kind == "lex" and x.has("filler") and not x.has("field"))), None)
        fs = nxt.sense("field") if nxt is not None and nxt.kind == "lex" else None
        if fields and fs is not None and fs.get("field") in fields:
            return p.qn[prev.s : m.e], str(fs.get("field"))
    return None


def after_grounding(p: _Parsed, schema: SchemaView) -> None:
    """What is settled once names are grounded: generic field words on the record type named, then
    the restating parentheses."""
    restated_count(p, schema)  # 3个片区的负责人: the number of all regions, never a threshold
    each_role(p, schema)  # 各片区的负责人分别是谁: each region with its head, listed
    company_verbs(p, schema)  # 上海安泰电梯工程有限公司负责维保的项目: through its 维保合同
    counted_total(p)  # 服务状态不是已结束的项目一共几个: a count, never a sum of 服务状态
    excluded_field(p)  # 除了委托方式是全委的: the excluded value's field, said
    field_name_words(p)  # XMSQ0102的甲方叫啥名字: what 甲方名称 holds, as 是什么
    key_labels(p, schema)  # 工号KWL…的岗位: the key's name labels the identifier, it is not asked
    foreign_key_field(p, schema)  # 当前服务项目编号是XMSQ0102的都是谁: the people, through 服务于
    plus_between_values(p)  # 停用加报废: 加 joins two values like 和
    neither_nor(p)  # 既不是完好也不是停用: two negations, 既 / 也 only frame them
    once_each(p)  # 员工一共几位（同一人只算一次）: a count of people is already distinct
    fragment_of_names(p, schema)  # 供应商里有上海的公司吗: CONTAINS, not one of them
    field_before_its_value(p)  # 列一下岗位是保洁员的人: 岗位 names the value's field
    basis_named(p, schema)  # 按检查日期算，2026年3月 / 按人员信息表算: a stated basis, never a grouping
    restated_ledgers(p)  # 在设备台账上一台设备都没有: the devices are named already
    ledger_names(p)  # 维保台账里有几家供应商: where the records live, not a filter
    ledger_field(p, schema)  # 采购与维保台账里的金额，维保合同别算: the one type left's field
    ledger_own_field(p, schema)  # 维保合同的金额（采购与维保表）: the asked type's own 金额
    ledger_subject(p, schema)  # 岗位字典里员工层级为X的岗位: the ledger's own records, its own field
    _generic_field_on_named_label(p, schema)
    restated_by_parenthesis(p, schema)
    date_field_of_a_time(p, schema)
    before_times(p)
    presence_conditions(p, schema)
    dictionary_label(p, schema)
    _partial_repeat_of_a_named_entity(p)
    comparison_words(p)  # 保安和保洁，哪种岗位人多: the kind of the values, not a measure
    which_of_two(p)  # 区图书馆是按包干制还是按酬金制收费的: its 计费方式 asked
    field_either(p, schema)  # 区图书馆的计费方式是包干制还是酬金制: likewise, read as one value first
    item_names(p, schema)  # 复合肥一共采购了多少: the records' quantity, never their number
    counted_groups(p, schema, load_lexicon())  # 人数超过3人的岗位: the people counted per 岗位 record
    measure_basis(p, schema, through_ledger=True)  # 按岗位编制里的在岗人数合计，排前两名的岗位
    ranked_field(p, schema)  # 原值合计前两名的设备类型: grouped by the category, ranked by the measure
    kind_listed(p, schema)  # XMSQ0150有哪几类设备: the values of 设备类型
    kind_ranked(p, schema)  # 哪一类设备最值钱（按原值合计）: grouped by 设备类型
    field_ranked(p, schema)  # 哪种检查类型的平均得分最高: grouped by 检查类型
    measure_basis(p, schema)  # 按原值合计，哪一类设备最值钱: 按 names the total, never groups by amounts
    appeared(p)  # 出现过几次: 出现 asks existence only when nothing else is asked
    own_contract(p, schema)  # 区图书馆合同的结束日期: the project's own contract date
    own_field(p, schema)  # 王海涛当前服务的项目编号: the person's own 当前服务项目编号
    other_field_word(p)  # 除保洁员外其他岗位: 岗位 restates the excluded value's field
    anchor_own_field(p, schema)  # 维保合同WB2024004的结束日期: the contract's own, not a project's
    label_own_field(p, schema)  # 哪份维保合同的结束日期最晚: likewise for the record type named alone
    two_named(p)  # 电梯和消防两类设备哪类多: 两类 only restates the two named values
    field_difference(p, schema)  # 预算编制比在岗人数多多少: one field minus the other, summed
    totals_difference(p, schema)  # 开票总额和收款总额差多少: likewise
    named_many(p)  # 有没有叫王建华的 (two of them): existence needs no choice
    year_value(p, schema)  # 投标记录里年份是今年的: the record's own 年份 = the reference year
    each_total(p, schema)  # 各项目…加起来一共多少: one total, not a table per project


def _partial_repeat_of_a_named_entity(p: _Parsed) -> None:
    """青浦-区图书馆的图书数量: a word matched only partly (contains / similar) to the very entity the
    question already names in full is no second mention of it — it stays an unknown word (an
    attribute no template has), never folded into the name."""
    whole = {
        (m.data.chosen.entry.label, m.data.chosen.entry.key)
        for m in p.mentions
        if m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None
        and m.data.chosen.method in ("exact", "code", "key")
    }
    for m in p.mentions:
        g = m.data if m.kind == "entity" and isinstance(m.data, Grounding) else None
        if g is None or g.chosen is None or g.chosen.method in ("exact", "code", "key"):
            continue
        if (g.chosen.entry.label, g.chosen.entry.key) in whole:
            m.kind, m.data, m.senses = "leftover", None, []


def _generic_field_on_named_label(p: _Parsed, schema: SchemaView) -> None:
    """维保合同里状态为履约中: a field word the lexicon gives to one label (状态 → 项目.服务状态) that is
    itself the exact property name of the one other record type the question names (维保合同.状态)
    is that record type's field — the value goes there, never across a hop to the other label."""
    named: set[str] = set()
    for m in p.mentions:
        if m.kind == "lex":
            named.update(str(s.get("label")) for s in m.senses if s.kind == "label")
        elif m.kind == "entity" and isinstance(m.data, Grounding) and m.data.chosen is not None:
            named.add(m.data.chosen.entry.label)  # CG0001的状态: the record named by its number
        holders = {str(lab) for s in m.senses if m.kind == "lex" and s.kind == "svalue" for lab, _f, _v in s.get("values")}
        if len(holders) == 1 and not m.has("field"):
            named |= holders  # 耗材采购 (only 采购记录 holds it): a data value names its one record type
    for i, m in enumerate(p.mentions):
        fs = m.sense("field") if m.kind == "lex" else None
        if fs is None or fs.get("field") == m.text:
            continue
        owners = [
            lab for lab in named
            if lab != fs.get("label") and (info := schema.labels.get(lab)) is not None
            and (pi := info.properties.get(m.text)) is not None and pi.present
        ]
        if len(owners) != 1:
            continue
        m.senses = [Sense("field", {"label": owners[0], "field": m.text}, m.text)]
        for x in p.mentions[i + 1 : i + 4]:
            if x.kind == "field_value" and isinstance(x.data, dict) and x.data.get("field") == fs.get("field"):
                x.data = {**x.data, "label": owners[0], "field": m.text}
                break
