"""Text the language model wrote, screened before the user sees it as kgdesk's words.

Every model text that reaches the user — a clarify or insufficient message, the notes and step
descriptions of a plan, the narrative summary — goes through `security.injection`. Flagged text
is never shown as kgdesk's own: a message is replaced by kgdesk's wording with the model's text
quoted and marked (links defanged), a plan note or description is dropped, a narrative is
dropped. Each flag goes to the trace (`injection_check`, with `where`), and from there to the
question's audit record.
"""

from __future__ import annotations

import re

from kgdesk.qa.render import md_escape
from kgdesk.qa.trace import Trace
from kgdesk.qa.understanding import Understanding, UnderstandingStatus
from kgdesk.security.injection import detect_injection, strip_invisible

QUOTE_MARK = "〔以下是语言模型写的原文，含有疑似要求改变系统行为或引导操作的内容，不是 kgdesk 的回答，请勿照做〕"
_MAX_QUOTE = 300
_LINK = re.compile(r"(?i)\b(https?|ftp)://")
_OWN_WORDS = {
    UnderstandingStatus.CLARIFY: "问题不够明确，请补充要查询的对象、时间或条件。",
    UnderstandingStatus.INSUFFICIENT: "当前图谱中没有回答这个问题所需的数据。",
}


def flagged(text: str, where: str, trace: Trace) -> bool:
    """Screen one model text; a flag is recorded in the trace."""
    flags = [f.to_json() for f in detect_injection(text, where)]
    if flags:
        trace.add("injection_check", 0, where=where, flags=flags)
    return bool(flags)


def quoted(text: str) -> str:
    """The model's text as a marked quotation: one line, cut, Markdown escaped, links defanged."""
    one = " ".join(strip_invisible(text).split())
    if len(one) > _MAX_QUOTE:
        one = one[:_MAX_QUOTE] + "……"
    return f"{QUOTE_MARK}\n> 「{md_escape(_LINK.sub(lambda m: m.group(1) + '[:]//', one))}」"


def shown(text: str, where: str, trace: Trace, own: str) -> str:
    """`text` when it is clean, else kgdesk's own words `own` with the model's text quoted."""
    return f"{own}\n\n{quoted(text)}" if text and flagged(text, where, trace) else text


def screen_understanding(und: Understanding, trace: Trace) -> Understanding:
    """An understanding the model produced, with its user-facing texts screened."""
    if und.message:
        und.message = shown(und.message, "model_message", trace, _OWN_WORDS.get(und.status, "语言模型的说明未通过安全检查。"))
    plan = und.plan
    if plan is None:
        return und
    notes = [n for n in plan.notes if not flagged(n, "model_note", trace)]
    steps = [
        s.model_copy(update={"description": ""}) if s.description and flagged(s.description, "model_step", trace) else s
        for s in plan.steps
    ]
    if len(notes) != len(plan.notes) or any(a is not b for a, b in zip(steps, plan.steps, strict=True)):
        und.plan = plan.model_copy(update={"notes": notes, "steps": steps})
    return und
