"""Structured output: the JSON instruction, extracting JSON from chatty replies, and the repair prompt."""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from kgdesk.llm.types import ChatMessage

M = TypeVar("M", bound=BaseModel)

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
_MAX_ERRORS_SHOWN = 20


class JsonOutputError(ValueError):
    """Output that is not a valid instance; `feedback` is what the model is shown in the repair turn."""

    def __init__(self, feedback: str) -> None:
        super().__init__(feedback)
        self.feedback = feedback


def json_instruction(model: type[BaseModel] | None, *, include_schema: bool = True) -> str:
    """The system-prompt text that asks for one bare JSON object (json_object mode needs the word JSON).

    The shape goes as `compact_type` (a third of the JSON Schema's tokens): small local models
    follow a short type better than a long schema, and the schema is still what validates.
    """
    text = "只输出一个 JSON 对象，不要输出任何其他文字、解释或 Markdown 代码块标记。"
    if model is not None and include_schema:
        text += (
            "\n该 JSON 的结构如下（TypeScript 写法：? 为可省略，// 后为说明，= 后为默认值）：\n"
            + compact_type(model)
        )
    return text


def compact_type(model: type[BaseModel]) -> str:
    """The model's JSON Schema as TypeScript-like type lines: one line per object type, enums inline."""
    schema = model.model_json_schema()
    defs: dict[str, Any] = schema.get("$defs", {})
    order: list[str] = []

    def ref_name(ref: str) -> str:
        return ref.rsplit("/", 1)[-1]

    def render(node: dict[str, Any]) -> str:
        if "$ref" in node:
            name = ref_name(node["$ref"])
            target = defs.get(name, {})
            if "enum" in target:
                return render(target)
            if name not in order:
                order.append(name)
            return name
        if "const" in node:
            return json.dumps(node["const"], ensure_ascii=False)
        if "enum" in node:
            return "|".join(json.dumps(v, ensure_ascii=False) for v in node["enum"])
        if "anyOf" in node:
            parts = [render(n) for n in node["anyOf"] if n.get("type") != "null"]
            return "|".join(dict.fromkeys(parts)) or "null"
        kind = node.get("type")
        if kind == "array":
            inner = render(node.get("items", {}))
            return f"({inner})[]" if "|" in inner else f"{inner}[]"
        if kind == "object" and "properties" in node:
            return body(node)
        return {"string": "string", "integer": "int", "number": "number", "boolean": "bool"}.get(str(kind), "any")

    def body(node: dict[str, Any]) -> str:
        required = set(node.get("required", ()))
        fields = []
        for name, prop in node.get("properties", {}).items():
            if "const" in prop and "default" in prop:
                continue  # a constant the model never has to write
            text = f"{name}{'' if name in required else '?'}: {render(prop)}"
            default = prop.get("default")
            if default not in (None, [], {}, "", False):
                text += f" = {json.dumps(default, ensure_ascii=False)}"
            if prop.get("description"):
                text += f" // {prop['description']}"
            fields.append(text)
        return "{" + "; ".join(fields) + "}"

    lines = [f"{model.__name__} = {body(schema)}"]
    done: set[str] = set()
    while len(done) < len(order):
        name = next(n for n in order if n not in done)
        done.add(name)
        lines.append(f"{name} = {body(defs[name])}")
    return "\n".join(lines)


def with_json_instruction(messages: list[ChatMessage], instruction: str) -> list[ChatMessage]:
    """Add the instruction to the first system message (some chat templates accept only one, first)."""
    out = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
    for m in out:
        if m["role"] == "system":
            m["content"] = f"{m['content']}\n\n{instruction}" if m["content"] else instruction
            return out
    return [ChatMessage(role="system", content=instruction), *out]


def extract_json_text(text: str) -> str:
    """The JSON object inside a reply: drops <think> blocks, ``` fences and prose around it."""
    cleaned = _THINK.sub("", text).strip()
    candidates: list[str] = [m.group(1).strip() for m in _FENCE.finditer(cleaned)]
    candidates.append(cleaned)
    decoder = json.JSONDecoder()
    first_error: json.JSONDecodeError | None = None
    for cand in candidates:
        start = cand.find("{")
        while start != -1:
            try:
                _, end = decoder.raw_decode(cand, start)
            except json.JSONDecodeError as e:
                first_error = first_error or e
                start = cand.find("{", start + 1)
                continue
            return cand[start:end]
    if first_error is not None:
        raise JsonOutputError(
            f"- 输出不是有效的 JSON：{first_error.msg}（第 {first_error.lineno} 行第 {first_error.colno} 列）"
        )
    raise JsonOutputError("- 输出中没有找到 JSON 对象（应以 { 开始、以 } 结束）")


def format_validation_error(error: ValidationError) -> str:
    """One line per problem: field path, message and error type; input values are left out."""
    lines = []
    for err in error.errors(include_url=False, include_input=False)[:_MAX_ERRORS_SHOWN]:
        loc = ".".join(str(p) for p in err["loc"]) or "(整个对象)"
        lines.append(f"- {loc}: {err['msg']} [{err['type']}]")
    more = error.error_count() - _MAX_ERRORS_SHOWN
    if more > 0:
        lines.append(f"- ……另有 {more} 处错误")
    return "\n".join(lines)


def parse_output(text: str, model: type[M]) -> M:
    """Extract and validate; the model's own `extra` setting decides what happens to undeclared fields."""
    raw = extract_json_text(text)
    try:
        return model.model_validate_json(raw)
    except ValidationError as e:
        raise JsonOutputError(format_validation_error(e)) from e


def repair_messages(messages: list[ChatMessage], bad_output: str, feedback: str) -> list[ChatMessage]:
    """The conversation for the one repair attempt: the bad output, then the validation errors."""
    return [
        *messages,
        ChatMessage(role="assistant", content=bad_output),
        ChatMessage(
            role="user",
            content=(
                "上面的输出未通过校验，错误如下：\n"
                f"{feedback}\n"
                "请根据这些错误修正，只输出修正后的完整 JSON 对象，不要任何解释。"
            ),
        ),
    ]
