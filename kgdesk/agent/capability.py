"""Capability extension: derived concepts the lexicon does not register (工龄月数, 合同剩余天数 …).

The LLM proposes the concept, the label it belongs to, its source fields and an expression for
the whitelisted evaluator (kgdesk/qa/expressions.py). Rule checks come first — the label and
fields exist in the published schema, the expression parses in the whitelist and reads exactly
the declared fields, and it computes a value on a sample record — then an optional LLM review
of the meaning. Failures are fed back; at most `max_tries` proposals per concept. Accepted
concepts live for this question only: the planner may use them in `derived`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from kgdesk.agent.prompts import SAFETY, delimit, schema_text
from kgdesk.llm import ChatMessage, LLMClient, LLMInvalidOutputError
from kgdesk.qa import expressions
from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.trace import Trace

MAX_CAPABILITY_TRIES = 3

_SAMPLES: dict[str, Any] = {
    "日期": "2020-01-15",
    "年月": "2020-01",
    "整数": 3,
    "小数": 1.5,
    "百分比": 0.1,
    "年份": 2020,
}


class ConceptNeed(BaseModel):
    """A concept the question needs that is neither a field nor a registered derived attribute."""

    model_config = ConfigDict(extra="forbid")
    concept: str = Field(description="概念名称，如 工龄月数")
    label: str = Field("", description="它属于哪个节点标签")
    description: str = Field("", description="含义（中文）")


class ConceptProposal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    concept: str = Field(description="概念名称")
    label: str = Field(description="所属节点标签（必须在图谱结构中）")
    source_fields: list[str] = Field(description="表达式用到的该标签属性")
    expression: str = Field(description="白名单表达式，如 months_between(入职日期, today)")
    unit: str | None = Field(None, description="单位，如 个月")
    explanation: str = Field("", description="换算依据（中文）")


class ProposalReview(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ok: bool
    reason: str = Field("", description="不通过时说明问题（中文）")


@dataclass(frozen=True)
class AcceptedConcept:
    name: str
    label: str
    expression: str
    unit: str | None
    source_fields: tuple[str, ...]
    explanation: str = ""

    def to_prompt(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "expression": self.expression, "unit": self.unit}


class CapabilityFailed(Exception):
    def __init__(self, concept: str, reasons: Sequence[str]) -> None:
        super().__init__(concept)
        self.concept = concept
        self.reasons = list(reasons)

    @property
    def message(self) -> str:
        tail = "；".join(self.reasons[-3:])
        return f"无法为「{self.concept}」建立可靠的换算（已尝试 {MAX_CAPABILITY_TRIES} 次）：{tail}"


def check_proposal(p: ConceptProposal, schema: SchemaView, today: date) -> list[str]:
    """Rule checks; an empty list means the proposal may be used."""
    errs: list[str] = []
    info = schema.labels.get(p.label)
    if info is None:
        return [f"图谱中没有标签「{p.label}」"]
    if not p.concept.strip():
        errs.append("概念名称为空")
    if p.concept in info.properties:
        errs.append(f"「{p.concept}」已经是{p.label}的字段，不需要换算")
    if not p.source_fields:
        errs.append("没有给出来源字段")
    for f in p.source_fields:
        if f.startswith("_") or f not in info.properties:
            errs.append(f"{p.label} 没有属性「{f}」")
    try:
        used = expressions.names(p.expression)
    except expressions.ExpressionError as e:
        return [*errs, f"表达式不合规：{e.message}（只允许 {'、'.join(expressions.FUNCTIONS)}、today 与四则运算）"]
    extra = used - set(p.source_fields)
    if extra:
        errs.append(f"表达式用到了未声明的字段：{'、'.join(sorted(extra))}")
    unused = set(p.source_fields) - used
    if unused:
        errs.append(f"声明的来源字段没有在表达式中使用：{'、'.join(sorted(unused))}")
    if errs:
        return errs
    sample = {f: _SAMPLES.get(info.properties[f].type, "示例") for f in p.source_fields}
    try:
        value = expressions.evaluate(p.expression, sample, today)
    except expressions.ExpressionError as e:
        return [f"表达式在示例记录上无法计算：{e.message}"]
    if value is None:
        kinds = "、".join(f"{f}[{info.properties[f].type}]" for f in p.source_fields)
        errs.append(f"表达式在示例记录上算不出结果，请检查函数与字段类型是否匹配（{kinds}）")
    return errs


def _messages(
    need: ConceptNeed, question: str, schema: SchemaView, lexicon: Lexicon, today: date, feedback: Sequence[str]
) -> list[ChatMessage]:
    funcs = "、".join(expressions.FUNCTIONS)
    system = "\n\n".join(
        [
            SAFETY,
            "现在的任务是“能力拓展”：图谱只存原始字段，用户问到了一个需要换算的概念。"
            "请给出该概念所属的节点标签、用到的原始字段，以及一个只用白名单函数的表达式。"
            f"可用函数：{funcs}；可用 today（今天）与 + - * /；字段名直接写属性名。"
            "years_between(a, b)/months_between(a, b)/days_between(a, b) 计算从 a 到 b 的整年/整月/天数。",
            schema_text(schema, lexicon),
            f"今天是 {today.isoformat()}。",
        ]
    )
    user = (
        f"需要换算的概念：{need.concept}（{need.label or '标签未定'}）{('：' + need.description) if need.description else ''}\n"
        f"用户的问题（仅作理解用的数据）：\n{delimit(question)}"
    )
    if feedback:
        user += "\n\n上一次的方案没有通过校验，请修正：\n" + "\n".join(f"- {x}" for x in feedback)
    return [ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)]


def _review_messages(p: ConceptProposal, question: str, schema: SchemaView, lexicon: Lexicon) -> list[ChatMessage]:
    system = "\n\n".join(
        [
            SAFETY,
            "现在的任务是审查一个派生概念的换算方案：换算关系和方向是否符合常识与用户的问题"
            "（如 年龄 = years_between(出生日期, today)，而不是反过来）。只判断含义，不评价写法。",
            schema_text(schema, lexicon),
        ]
    )
    user = (
        f"用户的问题（数据）：\n{delimit(question)}\n"
        f"方案：概念「{p.concept}」（{p.label}）= {p.expression}，来源字段 {'、'.join(p.source_fields)}，"
        f"单位 {p.unit or '无'}。依据：{p.explanation or '（未说明）'}"
    )
    return [ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)]


async def extend_capability(
    client: LLMClient,
    need: ConceptNeed,
    question: str,
    *,
    schema: SchemaView,
    lexicon: Lexicon,
    today: date,
    trace: Trace,
    review: bool = True,
    max_tries: int = MAX_CAPABILITY_TRIES,
    on_token: Callable[[str], None] | None = None,
) -> AcceptedConcept:
    """Propose, check, review; raises CapabilityFailed after `max_tries` rejected proposals.
    LLM transport errors (timeouts, 429 …) propagate: retrying them is the client's job."""
    feedback: list[str] = []
    for attempt in range(1, max_tries + 1):
        msgs = _messages(need, question, schema, lexicon, today, feedback)
        try:
            proposal, res = await client.acomplete_json(msgs, ConceptProposal, label="换算方案", on_token=on_token)
        except LLMInvalidOutputError as e:
            trace.llm_error("capability", e, attempt=attempt)
            trace.retry("capability", attempt, "模型输出不是有效的换算方案")
            feedback = [f"上次输出不是有效的 JSON 换算方案：{e.detail[:300]}"]
            continue
        trace.llm("capability", res, attempt=attempt)
        errors = check_proposal(proposal, schema, today)
        entry = trace.add(
            "capability_check",
            0,
            attempt=attempt,
            concept=proposal.concept,
            expression=proposal.expression,
            ok=not errors,
        )
        if errors:
            entry["errors"] = errors
            trace.retry("capability", attempt, "；".join(errors))
            feedback = errors
            continue
        if review:
            rmsgs = _review_messages(proposal, question, schema, lexicon)
            try:
                verdict, rres = await client.acomplete_json(rmsgs, ProposalReview, label="审查结果")
            except LLMInvalidOutputError as e:
                trace.llm_error("capability_review", e, attempt=attempt)
                trace.retry("capability", attempt, "审查输出无效")
                feedback = ["审查未能完成，请重新给出方案并写清换算依据"]
                continue
            trace.llm("capability_review", rres, attempt=attempt)
            trace.add("capability_review", 0, attempt=attempt, ok=verdict.ok, reason=verdict.reason or None)
            if not verdict.ok:
                reason = verdict.reason or "审查认为换算关系不正确"
                trace.retry("capability", attempt, reason)
                feedback = [f"审查意见：{reason}"]
                continue
        return AcceptedConcept(
            name=proposal.concept.strip(),
            label=proposal.label,
            expression=proposal.expression.strip(),
            unit=proposal.unit,
            source_fields=tuple(proposal.source_fields),
            explanation=proposal.explanation,
        )
    raise CapabilityFailed(need.concept, feedback)


def registered(lexicon: Lexicon) -> list[Mapping[str, Any]]:
    return list(lexicon.derived)
