"""Two rules of the planner's scan that stand on their own: the question's reference date pinned
into the plan, and a count word giving its classifier back to the label word after it."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from kgdesk.qa.lexicon import Sense, normalize
from kgdesk.qa.plan_mentions import _M, _Parsed
from kgdesk.qa.timeparse import Reference, cn_number
from kgdesk.qa.understand.bare_quota import bare_quota
from kgdesk.qa.understand.basis_words import basis_parenthesis
from kgdesk.qa.understand.billed_unpaid import billed_unpaid
from kgdesk.qa.understand.compare_forms import compare_forms
from kgdesk.qa.understand.copula_extreme import copula_before_extreme, what_record_after_extreme
from kgdesk.qa.understand.count_not_text import value_with_field_word
from kgdesk.qa.understand.count_verbs import count_verbs
from kgdesk.qa.understand.counted_once import counted_once
from kgdesk.qa.understand.each_restated import each_restated
from kgdesk.qa.understand.expiry_rank import expiry_rank
from kgdesk.qa.understand.field_alias_bracket import bracket_field_alias
from kgdesk.qa.understand.having_units import people_bound
from kgdesk.qa.understand.inline_rate import inline_rate
from kgdesk.qa.understand.kind_question import kind_words
from kgdesk.qa.understand.month_exceeds import month_exceeds
from kgdesk.qa.understand.record_verbs import record_verbs
from kgdesk.qa.understand.relation_basis import relation_basis
from kgdesk.qa.understand.self_intro import only_courtesy
from kgdesk.qa.understand.service_months import service_months
from kgdesk.qa.understand.share import share_asked_after
from kgdesk.qa.understand.shift_count import shift_count
from kgdesk.qa.understand.split_term import term_around_parenthesis
from kgdesk.qa.understand.today_restated import today_restated
from kgdesk.qa.understand.total_exceeds import total_exceeds
from kgdesk.qa.understanding import Understanding


def pin_reference_date(und: Understanding, ref: Reference) -> None:
    """The plan carries the question's reference date: derived attributes (年龄, 剩余天数…) are
    computed at that date, not at the machine's today."""
    assert und.plan is not None
    iso = ref.day.isoformat()
    und.plan.reference_date = iso
    for step in und.plan.steps:
        for i, d in enumerate(step.derived):
            expr = re.sub(r"\btoday\b", f'"{iso}"', d.expression)
            if expr != d.expression:
                step.derived[i] = d.model_copy(update={"expression": expr})
    note = f"口径：按问题给出的日期 {iso} 计算（不是系统日期）"
    if note not in und.plan.notes:
        und.plan.notes.append(note)
        und.notes.append(note)


def as_of_only_today(p: _Parsed) -> None:
    """以2026年4月为准，上个月… / 截至4月10日，上个月…: with another time in the question, the stated
    date is only the question's today (上个月 is counted from it), never one more month asked about."""
    times = [m for m in p.mentions if m.kind == "time"]
    if not any(m.data.as_of for m in times) or all(m.data.as_of for m in times):
        return
    for m in times:
        if m.data.as_of:
            m.kind, m.senses, m.data = "lex", [Sense("reference", {}, m.data.start)], None


def yield_classifier_to_label(spans: dict[tuple[int, int], _M]) -> None:
    """多少人|员 → 多少|人员: a count word whose classifier is the first character of a label word
    right after it gives that character up, when the shorter count word is a term too (longest
    first would otherwise claim 多少人 and leave 员 not understood)."""
    for (s, e), m in list(spans.items()):
        if e - s < 3 or not any(x.kind in ("cue", "condition") for x in m.senses):
            continue
        shorter = spans.get((s, e - 1))
        # 多少人|员 (count), 离职的人|员 (condition): the shorter term has the same meaning
        if shorter is None or not {(x.kind, x.name) for x in m.senses} & {(x.kind, x.name) for x in shorter.senses}:
            continue
        if any(
            k[0] == e - 1 and k[1] > e and any(x.kind == "label" for x in other.senses)
            for k, other in spans.items()
        ):
            del spans[(s, e)]


_PERCENT_WORDS = re.compile(r"百分之(?P<n>\d+(?:\.\d+)?|[零一二两三四五六七八九十]+)")


def percent_words(text: str) -> str:
    """百分之二十 → 20%: a percentage written in words reads like one written with %, so a
    threshold on a 百分比 field is compared on its own scale (0.20), never as 20."""
    def repl(m: re.Match[str]) -> str:
        n = m.group("n")
        value = n if n[0].isdigit() else cn_number(n)
        return m.group(0) if value is None else f"{value}%"

    asked = _PERCENT_ASK.search(text)
    if asked is not None and not any(w in text[: asked.start()] for w in ("占", "比例", "比重", "比率")):
        text = text[: asked.start(1)] + "多少" + text[asked.end() :]  # 毛利率是百分之几: the value, shown as %
    return _PERCENT_WORDS.sub(repl, text)


_PERCENT_ASK = re.compile(r"率(?:最高|最低|最大|最小|平均)?(?:是|为|大概是|大约是|约为|约)?(百分之(?:多少|几))")
"""毛利率是百分之多少 / 百分之几 / 毛利率最高是百分之多少: the value of a rate asked in its own unit — right after
the rate's name (or its extreme), never a threshold, and never a share (占… / 科创片区的项目有百分之多少, which the
share reading takes)."""


_OPEN, _CLOSE = "[（(]", "[）)]"
_INCLUSIVE = rf"{_OPEN}(?:含|包含|包括)[^（()）不]{{0,6}}{_CLOSE}"
_ABOVE = re.compile(rf"(?:超过|大于|高于|多于|多过)(?P<n>[^（(，,。？?]{{1,16}}?){_INCLUSIVE}")
_BELOW = re.compile(rf"(?:低于|少于|小于|不到|不足)(?P<n>[^（(，,。？?]{{1,16}}?){_INCLUSIVE}")
_BOUND_WORD = re.compile(rf"(?P<n>以上|以下){_INCLUSIVE}")
_TIES = re.compile(rf"{_OPEN}[^（()）]{{0,10}}并列[^（()）]{{0,12}}{_CLOSE}")
_RESTART = re.compile(r"^.*?(?:……|…|\.\.\.)\s*(?:不对|算了|不是|错了)[，,、]?")
_A_NOT_A = re.compile(r"(?P<a>[\u4e00-\u9fff]{1,2}?)(?:不|没)(?P=a)(?![\u4e00-\u9fff]?(?:的|吗))")
"""在不在职 / 加没加班 / 开没开票: a verb asked as "A not A" is a yes/no question (是否在职); 是不是 and
有没有 are cues of their own and stay."""
_ONE_GROUP = re.compile(r"(?:单个|单一个|一个)(?P<x>[\u4e00-\u9fff]{1,6}?)(?P<s>最(?:多|少))(?=(?:能|会)?有?(?:几|多少))")
"""单个项目最多有几台设备: the most any one X has is the top X's count — the same as 每个X最多."""
_FRAMING = re.compile(r"^[^，,。？?：:（(]{1,6}?(?:问|说|想知道)[：:]")
_NUM = r"\d+(?:\.\d+)?"
_BETWEEN = re.compile(
    rf"(?:在|介于)?(?P<a>{_NUM})(?P<u>%|万元|万|元|分|天|小时|人|台|个|平方米)?(?:到|至|~|～|-|和|与)(?P<b>{_NUM})"
    rf"(?P<u2>%|万元|万|元|分|天|小时|人|台|个|平方米)?(?:之间)?{_OPEN}"
    rf"(?:(?:含|包含|包括)(?:两端|边界|端点|两头|[\d.%万元分和与、及]{{0,16}})|[^（()）]{{0,12}}?(?:都算|都含|都包括)){_CLOSE}"
)  # （含88和92） / （88和92都算） (B13)
"""在10%到12%之间（含） / 介于100万和300万（包括边界）: both bounds included, said so in the parenthesis
(without it, not guessed)."""
_YES_NO_THEN_PAREN = re.compile(rf"(?P<q>(?:吗|么|嘛|没有|没)[?？]?)\s*(?P<p>{_OPEN}[^（()）]{{1,20}}{_CLOSE})(?=[\s?？。!！]*$)")
"""做过维保单位吗（维保合同）: a bracket after the yes/no particle restates the ledger or a condition; it is
read before the particle (做过维保单位（维保合同）吗), so the question stays a yes/no one."""
_EACH_MONTH = re.compile(r"各月|各个月|每个月|每月|逐月|分月")
_BY_MONTH = re.compile(rf"{_OPEN}(?:按|以)(?:年月|月份?)(?:汇总|统计|分组|来算|算|计)?{_CLOSE}")
_MONTH_THEN_YEAR = re.compile(
    rf"(?P<m>(?:\d{{1,2}}|[一二三四五六七八九十]{{1,3}})月份?){_OPEN}[^（()）\d]{{0,4}}(?P<y>\d{{4}})年?[^（()）]{{0,4}}{_CLOSE}"
)


def parentheticals(text: str) -> str:
    """A parenthesis restates or narrows the question; it is read, never rejected: 超过100万（含）
    → 100万及以上 (an inclusive bound), （并列的都列出） → nothing (a ranking keeps its ties),
    三月份（2026年） → 2026年三月份 (the year of that month)."""
    text = _YES_NO_THEN_PAREN.sub(lambda m: m.group("p") + m.group("q"), text)  # 做过维保单位吗（维保合同）
    text = term_around_parenthesis(text)  # 采购（耗材+固定资产）金额 → 采购金额（耗材+固定资产）
    text = inline_rate(text)  # 完好率（完好台数除以设备总台数）: the share the rate word names
    text = today_restated(text)  # 结束日期晚于今天、还在有效期内: the clause restates the comparison
    text = _ABOVE.sub(lambda m: f"{m.group('n')}及以上", text)
    text = _BELOW.sub(lambda m: f"{m.group('n')}及以下", text)
    text = _BOUND_WORD.sub(lambda m: "及" + m.group("n"), text)
    text = re.sub(r"(?:假设|假如|假定|如果说)(?=今天|当前|现在)", "", text)  # 假设今天是…: the reference date
    text = _RESTART.sub("", text)  # 哪些区域经理没有……不对，问一下：…: only what follows the correction is asked
    text = _FRAMING.sub("", text)  # 老板问：…: who asks is not part of the question
    text = relation_basis(text)  # （按项目片区关系）: the link the question asks through
    text = counted_once(text)  # 有多少个（两个片区都挂的只算一次）: a count counts each record once anyway
    if _EACH_MONTH.search(text):
        text = _BY_MONTH.sub("", text)  # 2026年各月的开票金额汇总（按年月）: the grouping said twice
    text = basis_parenthesis(text)  # （按检查日期）: a stated basis, read by basis_named
    text = count_verbs(text)  # 一共划分了几个片区: how many were set up is how many there are
    text = record_verbs(text)  # 一共收录了多少家 / 登记的是啥 / 没有填<字段>的: the ledger's act of recording
    text = month_exceeds(text)  # 2月的税后工资超过1月了吗 → 比1月高吗
    text = service_months(text)  # 3月份开始服务的人 → 服务起始年月在3月份的人 (the person's own month)
    text = value_with_field_word(text)  # 医疗卫生业态的项目 → 医疗卫生类的项目
    text = shift_count(text)  # 排班里早班有多少个 → 早班有多少天 (the day cells)
    text = billed_unpaid(text)  # 开票了但没收款的 → 开票金额不为0且收款金额为0的 (one record)
    text = expiry_rank(text)  # 最早到期的证书 → 有效期至最早的证书; 服务期限是多久 → 是什么
    text = bare_quota(text)  # XMSQ0138编制一共几个人 → …的编制人数合计是多少 (Σ 项目编制)
    text = total_exceeds(text)  # 耗材采购的金额合计超过固定资产了没有 → …比固定资产多吗
    text = compare_forms(text)  # 哪个多？差几个 → 哪个多，多多少; 比在岗人数多几个人 → 多多少
    text = share_asked_after(text)  # 在全部采购金额里占多少 → 在全部采购金额里的占比
    text = people_bound(text)  # 2个人及以上 → 2人及以上
    text = kind_words(text)  # 都有哪些类的设备 → 哪几类设备
    text = copula_before_extreme(text)  # 哪个项目的年化合同额是最高的 → …年化合同额最高的
    text = what_record_after_extreme(text)  # 单价最高的固定资产是什么 → …是哪个: the record, not the number
    text = each_restated(text)  # 每种检查类型各自的最高得分: 各自 restates 每种
    text = bracket_field_alias(text)  # 按区统计 → 按市（区）统计: the word inside a field's bracketed name
    text = _ONE_GROUP.sub(lambda m: f"每个{m.group('x')}{m.group('s')}", text)  # 单个项目最多有几台
    text = re.sub(r"今天(?=\d{4}年)", "今天是", text)  # 今天2026年5月3日
    text = re.sub(rf"{_OPEN}(?:按|以)今天(?:算|为准|计)?{_CLOSE}", "", text)  # 上上月（按今天算）
    text = re.sub(r"(?:过|破)万(?!元)", "超过1万", text)  # 工资过万
    text = _MONTH_THEN_YEAR.sub(lambda m: f"{m.group('y')}年{m.group('m')}", text)  # 三月份（2026年）
    text = _trailing_year(text)  # 三月份开票多少（2026年）: the year of the one month named
    text = _that_month(text)  # 3月…占当月…: 当月 is the month the question stated before it
    text = _BETWEEN.sub(lambda m: f"{m.group('a')}{m.group('u') or m.group('u2') or ''}及以上且{m.group('b')}{m.group('u2') or ''}及以下", text)
    text = _A_NOT_A.sub(lambda m: m.group(0) if m.group("a") in ("是", "有") else "是否" + m.group("a"), text)
    return _TIES.sub("", text)


_YEAR_AT_END = re.compile(rf"{_OPEN}\s*(?P<y>\d{{4}})\s*年?\s*{_CLOSE}\s*[?？。]?\s*$")
_BARE_MONTH = re.compile(r"(?<![\d年])(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?")


def _trailing_year(text: str) -> str:
    """A parenthesis holding only a year at the end of the question is the year of its one month
    without a year (三月份开票多少（2026年） → 2026年三月份开票多少); several such months, or none,
    leave the text as it is (the year then reads as the whole year, checked against coverage)."""
    end = _YEAR_AT_END.search(text)
    if end is None:
        return text
    months = list(_BARE_MONTH.finditer(text, 0, end.start()))
    if len(months) != 1:
        return text
    m = months[0]
    return text[: m.start()] + f"{end.group('y')}年" + text[m.start() : end.start()]


_STATED_MONTH = re.compile(r"(?:\d{4}年)?(?<![\d个每上下本这])(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?")


def _that_month(text: str) -> str:
    """当月 / 该月 / 那个月 after one stated month (3月…占当月考勤的比例) refers back to it, never to
    today's month; with no stated month, or several different ones, it stays as written."""
    at = min((i for w in ("当月", "该月", "那个月") if (i := text.find(w)) >= 0), default=-1)
    if at < 0:
        return text
    stated = {m.group(0) for m in _STATED_MONTH.finditer(text, 0, at)}
    if len(stated) != 1:
        return text
    word = next(w for w in ("当月", "该月", "那个月") if text.startswith(w, at))
    return text[:at] + stated.pop() + text[at + len(word) :]


def to_number(text: str) -> float | None:
    """12 / 12.5 / 两千 / 三千五百 / 十二 as a number (None when it is none)."""
    try:
        return float(text)
    except ValueError:
        pass
    if "千" in text:  # 两千 / 三千五百
        head, _, tail = text.partition("千")
        h = cn_number(head) if head else 1
        t = to_number(tail) if tail else 0
        if h is None or t is None:
            return None
        return float(h * 1000 + t)
    if "百" in text:
        head, _, tail = text.partition("百")
        h = cn_number(head) if head else 1
        t = cn_number(tail) if tail else 0
        if h is None or t is None:
            return None
        return float(h * 100 + t)
    n = cn_number(text)
    return float(n) if n is not None else None


_BREAKS = set("，,。；;！!？?、：:\n")


def clause_breaks(text: str, qmap: list[int]) -> frozenset[int]:
    """Normalised positions where the question had a clause break (，。；…) that normalising
    removed: a lexicon word never spans one (按委托方式分，项目各几个 has no 分项目)."""
    return frozenset(
        i for i in range(1, len(qmap)) if any(ch in _BREAKS for ch in text[qmap[i - 1] + 1 : qmap[i]])
    )


def code_end(qn: str, qmap: list[int], start: int, end: int, lookup: Callable[[str], Any]) -> int:
    """Where a code found in the normalised question ends: at a space the question had (XMSQ0102 3月
    — normalising dropped it), or, for a code the data lacks, at the longest known code whose
    remaining digits start a time (XMSQ01023月 → XMSQ0102 + 3月); else where the pattern ended."""
    for k in range(start + 1, end):
        if qmap[k] - qmap[k - 1] > 1 and qn[k - 1].isdigit():
            return k
    if lookup(qn[start:end]):
        return end
    for k in range(end - 1, start + 2, -1):
        if qn[k - 1].isdigit() and qn[k].isdigit() and qn[end:end + 1] in ("月", "年", "日", "号") and lookup(qn[start:k]):
            return k
    return end


def number_with_unit(text: str, units: dict[str, dict[str, Any]]) -> float | None:
    """0 / 5年 / 1.2万: the number a value of a numeric field says, its unit dropped (factor kept)."""
    unit = next((u for u in sorted(units, key=len, reverse=True) if text.endswith(u) and text != u), "")
    n = to_number(text[: len(text) - len(unit)] if unit else text)
    return None if n is None else n * float(units.get(unit, {}).get("factor", 1))


_WAVE = re.compile(r"[~～〜]+(?=[，,。；;！!？?、\s]|$)")
_NUMERALS = "\\d一二三四五六七八九十两零%"
_PAUSE = re.compile(rf"(?<![{_NUMERALS}])[~～〜]+(?![{_NUMERALS}])")
"""hi～在吗: a wave mark between two words is a pause, as a comma is; between numbers (1~3月) it is a range."""


def courtesy_clauses(text: str, words: Collection[str], new_words: Collection[str] = ()) -> tuple[str, list[str]]:
    """你好，区图书馆有几台设备 / …，谢谢: a leading or trailing clause that is only a greeting or
    thanks (lexicon smalltalk greetings) is dropped from a question that asks something else; the
    dropped clauses are returned to be listed as ignored. A question that is only courtesy stays."""
    text = _WAVE.sub("", text.strip())  # 晚上好～ / 有几台呀～: a trailing wave mark is tone, never a word
    text = _PAUSE.sub("，", text)  # hi～在吗: two clauses
    parts = re.split(r"([，,。；;！!？?、：:\n ]+)", text)
    clauses = [(parts[i], parts[i + 1] if i + 1 < len(parts) else "") for i in range(0, len(parts), 2)]
    clauses = [c for c in clauses if c[0]]

    def courtesy(clause: str) -> bool:
        return bool(clause) and only_courtesy(normalize(clause), words, new_words)  # 我是新来的: courtesy too

    dropped: list[str] = []
    while len(clauses) > 1 and courtesy(clauses[0][0]):
        dropped.append(clauses.pop(0)[0])
    while len(clauses) > 1 and courtesy(clauses[-1][0]):
        dropped.append(clauses.pop()[0])
    if not dropped:
        return text, []
    return "".join(c + sep for c, sep in clauses).rstrip("，,；;、：: "), dropped


def drop_cues_cut_from_field_names(
    spans: dict[tuple[int, int], _M], qn: str, names: Collection[str], free: Callable[[int, int], bool]
) -> None:
    """什么类|别的: an exclusion cue (别的) cut by a property name of the schema that starts before it,
    on words nothing else took, and ends inside it (类别) is not that cue; the property name is left
    to be read as a field. Only exclusion cues: 2026年|月均 keeps its average (年 is the time's)."""
    for (s, e), m in list(spans.items()):
        if not m.senses or any(x.kind != "cue" or x.name != "exclusion" for x in m.senses):
            continue
        for name in names:
            k = len(name)
            if k >= 2 and any(
                qn[s - j : s - j + k] == name and free(s - j, s)
                for j in range(1, k)
                if s - j >= 0 and s < s - j + k < e
            ):
                del spans[(s, e)]
                break


_TIME_VALUE = re.compile(r"^(?:在|于)?(?:\d{2,4}年|\d{1,2}月|[一二三四五六七八九十]{1,2}月|今年|去年|前年|本月|上个?月)")


def is_time_value(v: str) -> bool:
    """入职日期是2018年 / 有效期至是在2029年1月1日之后: the words after 字段是 are a time (a condition on the
    date; 是 before 在/于 is a copula), not a text value."""
    return bool(_TIME_VALUE.match(v))
