"""The explicit endpoint probe: one tiny streamed chat call asking for everything kgdesk can use.

The call sends `response_format` json_schema, `stream_options.include_usage` and one tool. An
endpoint that takes them all answers once; a 400 drops what it names (or, when it names
nothing, the least needed first: tools, then the JSON level, then stream usage) and asks again.
Whether the stream really carried usage is read from the stream, not assumed from acceptance.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from kgdesk.llm.call import Call, server_message
from kgdesk.llm.errors import LLMRequestError
from kgdesk.llm.profile import EndpointProfile, JsonSupport

if TYPE_CHECKING:
    from kgdesk.llm.client import OpenAICompatibleClient

PROBE_MAX_TOKENS = 32
_PROBE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
_TOOL = {
    "type": "function",
    "function": {
        "name": "kgdesk_probe",
        "description": "Unused; declared only to learn whether the endpoint accepts tools.",
        "parameters": {"type": "object", "properties": {}},
    },
}


class _Wants:
    def __init__(self) -> None:
        self.json: JsonSupport = "json_schema"
        self.stream_usage = True
        self.tools = True
        self.max_tokens = True

    def kwargs(self, client: OpenAICompatibleClient, openai: Any) -> dict[str, Any]:
        rf: Any = openai.omit
        if self.json == "json_schema":
            rf = {"type": "json_schema", "json_schema": {"name": "probe", "schema": _PROBE_SCHEMA, "strict": False}}
        elif self.json == "json_object":
            rf = {"type": "json_object"}
        t = client.timeout_s
        return {
            "model": client.model,
            "messages": [{"role": "user", "content": 'Reply with exactly this JSON object: {"ok": true}'}],
            "response_format": rf,
            "tools": [_TOOL] if self.tools else openai.omit,
            "max_tokens": PROBE_MAX_TOKENS if self.max_tokens else openai.omit,
            "stream": True,
            "stream_options": {"include_usage": True} if self.stream_usage else openai.omit,
            "timeout": openai.Timeout(t, connect=min(t, 10.0)),
        }

    def drop(self, message: str) -> bool:
        """Give up what a 400 names; False when nothing optional is left."""
        msg = message.lower()
        if "max_tokens" in msg and self.max_tokens:
            self.max_tokens = False
        elif "tool" in msg and self.tools:
            self.tools = False
        elif ("stream_options" in msg or "include_usage" in msg) and self.stream_usage:
            self.stream_usage = False
        elif ("response_format" in msg or "json" in msg) and self.json != "none":
            self.json = "json_object" if self.json == "json_schema" else "none"
        elif self.tools:
            self.tools = False
        elif self.json != "none":
            self.json = "json_object" if self.json == "json_schema" else "none"
        elif self.stream_usage:
            self.stream_usage = False
        elif self.max_tokens:
            self.max_tokens = False
        else:
            return False
        return True


async def probe_endpoint(client: OpenAICompatibleClient, window: int | None, source: str) -> EndpointProfile:
    """The profile of `client`'s endpoint; raises the client's `LLMError`s when it cannot be reached."""
    from kgdesk.llm.call import sdk

    openai = sdk()
    wants = _Wants()
    call = Call(client, [], stream=True, on_token=None, json_model=None, step="检测模型服务")
    while True:
        call.attempt += 1
        try:
            stream = await client._async_client().chat.completions.create(**wants.kwargs(client, openai))
            saw_usage = False
            try:
                async for chunk in stream:
                    saw_usage = saw_usage or chunk.usage is not None
            finally:
                await stream.close()
        except openai.BadRequestError as e:
            if wants.drop(server_message(e)):
                continue
            raise call._error(
                LLMRequestError,
                f"语言模型服务拒绝了最简单的请求（HTTP 400）：{client.redact(server_message(e))[:200]}",
                e,
            ) from e
        except Exception as exc:
            wait = call.after_failure(exc)
            if wait > 0:
                await asyncio.sleep(wait)
            continue
        return EndpointProfile(client.base_url, client.model).stamped(
            context_tokens=window,
            context_source=source,
            json_mode=wants.json,
            stream_usage=wants.stream_usage and saw_usage,
            tool_calls=wants.tools,
            probed=True,
        )
