"""How real OpenAI-compatible servers differ, as switchable modes of the scripted test server.

Each preset copies one server's behaviour that kgdesk must cope with (observed in their APIs and
issue trackers): vLLM lists `max_model_len`; llama.cpp's server lists `meta.n_ctx_train`; Ollama
lists no window and keeps only the end of a prompt longer than its `num_ctx` (4k here); some
gateways reject `response_format` or take only `json_object` (DeepSeek's API); DeepSeek-R1 sends
its thinking in `reasoning_content`; Qwen3 without a reasoning parser puts `<think>` blocks in
`content`; some servers accept `stream_options` and still send no usage.

Also the deterministic embedding model behind POST /v1/embeddings: real vectors in which words
of one concept (保洁 / 清洁 / 卫生) are close although they share no characters.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

ALL_JSON_TYPES = frozenset({"text", "json_object", "json_schema"})


@dataclass(frozen=True)
class Quirks:
    context_tokens: int | None = None
    """The server's window, counted as the server counts usage (one token per character)."""
    list_context: Literal["none", "max_model_len", "context_length", "llamacpp"] = "none"
    truncate: bool = False
    """Beyond the window: keep the end of the prompt silently (Ollama) instead of HTTP 400."""
    json_types: frozenset[str] = ALL_JSON_TYPES
    """response_format types accepted; empty = the parameter itself is rejected."""
    reasoning: Literal["none", "field", "think"] = "none"
    reasoning_text: str = "用户问的是人数，先找到人员，再按条件筛选。"
    stream_usage: bool = True
    """False: `stream_options.include_usage` is accepted and ignored."""
    tools: bool = True


PRESETS: dict[str, Quirks] = {
    "default": Quirks(),
    "vllm": Quirks(context_tokens=32768, list_context="max_model_len"),
    "llamacpp": Quirks(context_tokens=16384, list_context="llamacpp"),
    "ollama-4k": Quirks(context_tokens=4096, truncate=True),
    "no-response-format": Quirks(json_types=frozenset(), tools=False),
    "json-object-only": Quirks(json_types=frozenset({"text", "json_object"})),
    "deepseek-r1": Quirks(reasoning="field", json_types=frozenset({"text", "json_object"})),
    "qwen3-think": Quirks(reasoning="think"),
    "no-stream-usage": Quirks(stream_usage=False),
}


def preset(name: str, **changes: Any) -> Quirks:
    return replace(PRESETS[name], **changes)


def model_entry(model: str, q: Quirks) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": model, "object": "model", "created": 0, "owned_by": "kgdesk-test"}
    if q.context_tokens is not None:
        if q.list_context == "max_model_len":
            entry["max_model_len"] = q.context_tokens
        elif q.list_context == "context_length":
            entry["context_length"] = q.context_tokens
        elif q.list_context == "llamacpp":
            entry["meta"] = {"vocab_type": 2, "n_vocab": 151936, "n_ctx_train": q.context_tokens, "n_embd": 2048}
    return entry


def rejection(body: Mapping[str, Any], q: Quirks) -> str | None:
    """The 400 message this server gives the request, or None when it takes it."""
    rf = body.get("response_format")
    if rf is not None:
        if not q.json_types:
            return "unsupported parameter: response_format"
        kind = rf.get("type") if isinstance(rf, Mapping) else None
        if kind not in q.json_types:
            return f"response_format type {kind} is unavailable now"
    if body.get("tools") and not q.tools:
        return "unsupported parameter: tools"
    return None


def prompt_size(messages: Sequence[Mapping[str, Any]]) -> int:
    return sum(len(str(m.get("content") or "")) for m in messages)


def truncated(messages: Sequence[Mapping[str, Any]], q: Quirks) -> bool:
    """Whether the server would cut this prompt (it answers from what is left)."""
    return q.truncate and q.context_tokens is not None and prompt_size(messages) > q.context_tokens


def with_reasoning(content: str, q: Quirks) -> tuple[str, str | None]:
    """(content, reasoning_content) as this server sends them."""
    if q.reasoning == "think":
        return f"<think>\n{q.reasoning_text}\n</think>\n\n{content}", None
    if q.reasoning == "field":
        return content, q.reasoning_text
    return content, None


# ---------------------------------------------------------------------------------------
# The embedding model
# ---------------------------------------------------------------------------------------

CONCEPTS: tuple[tuple[str, ...], ...] = (
    ("保洁", "清洁", "卫生", "打扫", "环境服务"),
    ("保安", "安保", "秩序维护", "门卫", "巡逻"),
    ("维修", "维保", "检修", "保养"),
    ("绿化", "园林", "养护"),
    ("消防", "灭火", "防火"),
    ("电工", "电气", "配电"),
    ("项目", "小区", "园区", "服务点"),
)
EMBED_DIM = 96
_CONCEPT_WEIGHT = 3.0


def embed(text: str) -> list[float]:
    """A unit vector: one dimension per concept the text mentions, plus hashed character bigrams
    (so near-identical strings stay close and unrelated ones are far apart)."""
    vec = [0.0] * EMBED_DIM
    for i, words in enumerate(CONCEPTS):
        if any(w in text for w in words):
            vec[i] += _CONCEPT_WEIGHT
    chars = "".join(ch for ch in text if not ch.isspace())
    grams = [chars[i : i + 2] for i in range(len(chars) - 1)] or ([chars] if chars else [])
    for g in grams:
        h = int.from_bytes(hashlib.blake2b(g.encode("utf-8"), digest_size=4).digest(), "big")
        vec[len(CONCEPTS) + h % (EMBED_DIM - len(CONCEPTS))] += 1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]
