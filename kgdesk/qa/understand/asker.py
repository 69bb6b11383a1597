"""A courtesy opener naming who asks (帮老板问下 / 替领导查一下 / 我们经理想知道 / 领导让我问问): only says
on whose behalf the question comes, never what it asks — dropped from the start of a question and
listed as ignored. A department speaks the same way (人事这边问下： / 采购这边想知道， / 市场部想看下：),
and so does a boss who asks (老板问…); a department without 这边 (人事想了解下：) only when its
punctuation closes the opener. The people (老板, 领导, 经理 …), the departments and the asking
verbs are data (lexicon `asker_openers`); so is a clause of wanting (想/要 + a verb + 一下, `wanting`) closed by
its punctuation; so is a request for a result (运营那边要个数： / 人事这边想要一份…名单, `requests`), and an
interjection before the asking words (唉 问一下…); the opener must be followed by the rest of the question. One's own
team said before the punctuation (我是财务的，…) names who asks the same way (财务 is no filter here), and so does any
department name (lexicon team_suffixes: 财务部：… / 我是安保组的，…) alone before a colon. A newcomer's preamble
(新人请教下， / 小白求问、 / 刚入职想问下，) says who asks too, when every word of it is an opening word."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.lexicon import load_lexicon
from kgdesk.qa.understand.alternation import alternation

_NEWCOMER = (
    r"(?:我是|本人是|我)?(?:新人|新来的|新同事|新员工|小白|萌新|菜鸟|刚入职的?|刚来的?|刚到岗的?|初来乍到)"
    r"(?:的|想|要|请教|求教|求问|求助|请问|问|咨询|打听|了解|一下|下|各位|大家|老师们?|前辈们?|们|麻烦|请|弱弱地|弱弱的"
    r"|个问题|一个问题|问题)*\s*[，,：:、]"
)


@cache
def _opener() -> re.Pattern[str] | None:
    raw = load_lexicon().raw.get("asker_openers", {})
    who, ask, want = raw.get("who", []), raw.get("ask", []), raw.get("want", [])
    if not who or not ask or not want:
        return None
    mine = r"(?:我们|咱们|我们的|咱们的|我的|我家|我们家)?"
    on_behalf = rf"(?:帮|替|给|代)(?:我)?{mine}(?:{alternation(who)})(?:{alternation(ask)})"
    wants = rf"{mine}(?:{alternation(who)})(?:{alternation(want)})"
    alts = [on_behalf, wants, _NEWCOMER]
    if raw.get("teams"):
        side = r"(?:(?:部门|部)(?:这边|那边|这里)?|这边|那边|这里)"
        alts.append(rf"{mine}(?:{alternation(raw['teams'])}){side}(?:{alternation(ask + want)})")
        # 人事想了解下： / 我们财务问一下， — no 这边 said: the opener must close with its punctuation
        alts.append(rf"{mine}(?:{alternation(raw['teams'])})(?:{alternation(ask + want)})(?=\s*[，,：:])")
        # 我是财务的， / 我是人事部的： — who asks, said as one's own team before the punctuation
        alts.append(rf"我是{mine}(?:{alternation(raw['teams'])})(?:部门|部)?(?:这边)?的?(?=\s*[，,：:])")
    if raw.get("team_suffixes"):
        # 财务部： / 工程部这边： / 我是安保组的， — a department said alone before a colon (or as one's own, 我是…的) is who
        # asks: any name ending in a department word (lexicon team_suffixes), never a condition on people
        dept = rf"[\u4e00-\u9fff]{{1,6}}?(?:{alternation(raw['team_suffixes'])})"
        alts.append(rf"{mine}{dept}(?:这边|那边)?(?=\s*[：:])")
        alts.append(rf"我是{mine}{dept}(?:这边)?的(?=\s*[，,：:])")
    wanting = raw.get("wanting", {})
    if wanting.get("modals") and wanting.get("tails"):
        # 财务想核一下， / 项目上想确认一下， / 老板要看一下：: 想/要 + a verb + 一下 closed by its punctuation
        sides = rf"(?:{alternation(raw.get('sides', []))})?" if raw.get("sides") else ""
        want_verb = rf"(?:{alternation(wanting['modals'])})[\u4e00-\u9fff]{{1,2}}?(?:{alternation(wanting['tails'])})"
        alts.append(rf"{mine}(?:{alternation(who + raw.get('teams', []))}){sides}{want_verb}(?=\s*[，,：:])")
    requests = raw.get("requests", {})
    if requests.get("modals") and requests.get("measures"):
        # 运营那边要个数： (closed by its punctuation) / 人事这边想要一份…名单 (the thing wanted follows)
        sides = rf"(?:{alternation(raw.get('sides', []))})?"
        wants_one = rf"{mine}(?:{alternation(who + raw.get('teams', []))}){sides}(?:{alternation(requests['modals'])})"
        wants_one += rf"(?:{alternation(requests['measures'])})"
        alts.append(rf"{wants_one}[\u4e00-\u9fff]{{0,3}}(?=\s*[，,：:])")
        alts.append(wants_one)
    if raw.get("interjections"):
        # 唉 问一下… / 哎，想问下…: an interjection opens the asking words, which say nothing either
        alts.append(rf"(?:{alternation(raw['interjections'])})[\s，,~～！!]*(?:{alternation(ask + want)})")
    if raw.get("urgency"):
        # 急着要： / 比较急， / 赶时间：: how soon the answer is wanted, a clause of its own before its punctuation
        degree = r"(?:有点|有些|比较|很|挺|非常|特别|蛮)?"
        alts.append(rf"{degree}(?:{alternation(raw['urgency'])})(?:的|啊|呀|哈)?(?=\s*[，,：:！!])")
    if raw.get("who_asks"):
        alts.append(rf"{mine}(?:{alternation(who)})(?:{alternation(raw['who_asks'])})")
    return re.compile(rf"^\s*(?:{'|'.join(alts)})[，,：:。\s]*")


def asker_opener(text: str) -> tuple[str, list[str]]:
    """The question without a leading opener, and the opener (listed as ignored)."""
    pat = _opener()
    m = pat.match(text) if pat is not None else None
    if m is None or not text[m.end() :].strip():
        return text, []
    return text[m.end() :], [m.group(0).strip(" ，,：:。")]
