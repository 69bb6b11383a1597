"""Reasoning models: what they think is kept apart from what they answer.

DeepSeek-R1 (and vLLM / SGLang with a reasoning parser) send the thinking in a separate
`reasoning_content` field (some gateways call it `reasoning`); Qwen3 and R1 distills served
without a parser put it inline as `<think>…</think>` at the start of `content`. Neither may reach
the listener of streamed text (the user would read the model's scratchpad as the answer), nor
count as the first token, nor be parsed as JSON.
"""

from __future__ import annotations

import re
from typing import Any

OPEN = "<think>"
CLOSE = "</think>"
_BLOCK = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL | re.IGNORECASE)


def reasoning_of(obj: Any) -> str:
    """The separate reasoning field of a message or delta, if the server sent one."""
    for name in ("reasoning_content", "reasoning"):
        value = getattr(obj, name, None)
        if value is None:
            extra = getattr(obj, "model_extra", None) or {}
            value = extra.get(name)
        if isinstance(value, str) and value:
            return value
    return ""


def split_think(text: str) -> tuple[str, str]:
    """(answer, thinking) of a whole reply; an unclosed block counts as thinking to the end."""
    thoughts = [m.group(0) for m in _BLOCK.finditer(text)]
    if not thoughts:
        return text, ""
    answer = _BLOCK.sub("", text).lstrip()
    thinking = "".join(t[len(OPEN):].removesuffix(CLOSE) for t in thoughts)
    return answer, thinking


class ThinkFilter:
    """Streams `content` deltas with `<think>` blocks removed, even when a tag is split over deltas."""

    def __init__(self) -> None:
        self._buf = ""
        self._inside = False
        self.thinking: list[str] = []

    def feed(self, delta: str) -> str:
        self._buf += delta
        out: list[str] = []
        while self._buf:
            tag = CLOSE if self._inside else OPEN
            at = self._buf.lower().find(tag)
            if at >= 0:
                (self.thinking if self._inside else out).append(self._buf[:at])
                self._buf = self._buf[at + len(tag):]
                self._inside = not self._inside
                continue
            keep = _partial_suffix(self._buf.lower(), tag)
            body, self._buf = self._buf[: len(self._buf) - keep], self._buf[len(self._buf) - keep:]
            (self.thinking if self._inside else out).append(body)
            break
        return "".join(out)

    def flush(self) -> str:
        """What is left at the end of the stream (a partial tag that never completed is text)."""
        rest, self._buf = self._buf, ""
        if self._inside:
            self.thinking.append(rest)
            return ""
        return rest


def _partial_suffix(text: str, tag: str) -> int:
    """Length of the longest end of `text` that could be the start of `tag`."""
    for n in range(min(len(tag) - 1, len(text)), 0, -1):
        if tag.startswith(text[-n:]):
            return n
    return 0
