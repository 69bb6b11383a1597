"""Endpoint profiles: what one OpenAI-compatible endpoint supports, detected once and cached.

Servers differ where it matters to kgdesk:

- the context window. vLLM lists `max_model_len` with each model in GET /v1/models; llama.cpp's
  server lists `meta.n_ctx_train` (the trained window; the running `--ctx-size` may be smaller,
  so a `meta.n_ctx` wins when present); LM Studio's and Ollama's OpenAI-compatible lists carry
  no window (their native APIs do), and Ollama truncates the prompt silently at its `num_ctx`
  (a few thousand tokens by default); gateways such as OpenRouter and Xinference use
  `context_length`. Where the list says nothing, `limits.llm_context_tokens` is used.
- JSON output: `json_schema` (vLLM, llama.cpp, LM Studio, Ollama, OpenAI), `json_object`
  only (DeepSeek and many gateways), or no `response_format` at all.
- usage in streams (`stream_options.include_usage`) and tool calls.

`detect_profile` makes GET /models plus one tiny chat call that asks for all of it at once; a 400
naming a parameter drops that parameter and asks again (so an endpoint that takes everything
costs one chat call). The question path never probes: it reads the cache, else only lists the
models, and learns JSON and stream support from its real calls (a 400 steps down and is saved).
Profiles live in KGDESK_HOME/llm_profiles.json, one per base URL and model.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

log = logging.getLogger("kgdesk.llm")

JsonSupport = Literal["json_schema", "json_object", "none"]
PROFILES_FILE = "llm_profiles.json"

CONTEXT_KEYS: tuple[tuple[str, ...], ...] = (
    ("max_model_len",),  # vLLM
    ("context_length",),  # OpenRouter, Xinference, newer Ollama
    ("loaded_context_length",),  # LM Studio (native list)
    ("max_context_length",),  # LM Studio (native list)
    ("meta", "n_ctx"),  # llama.cpp server (running window, when listed)
    ("meta", "n_ctx_train"),  # llama.cpp server (trained window)
    ("context_window",),
)
"""Where model lists put the context window, first match wins (dotted paths into the model object)."""


@dataclass(frozen=True)
class EndpointProfile:
    """What kgdesk may send to one endpoint and model."""

    base_url: str
    model: str
    context_tokens: int | None = None
    """From the model list; None = the list does not say (the setting applies)."""
    context_source: str = ""
    json_mode: JsonSupport = "json_object"
    stream_usage: bool = True
    tool_calls: bool | None = None
    """None = not probed (the question path never needs tools)."""
    probed: bool = False
    """True when a chat probe confirmed json_mode / stream_usage; False when only assumed or learned."""
    detected_at: str = ""

    @property
    def key(self) -> str:
        return profile_key(self.base_url, self.model)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> EndpointProfile:
        fields = {k: doc[k] for k in cls.__dataclass_fields__ if k in doc}
        return cls(**fields)

    def stamped(self, **changes: Any) -> EndpointProfile:
        return replace(self, detected_at=datetime.now(UTC).isoformat(timespec="seconds"), **changes)


def profile_key(base_url: str, model: str) -> str:
    return f"{base_url.rstrip('/')}|{model}"


def context_from_model_entry(entry: Mapping[str, Any]) -> tuple[int | None, str]:
    """(window, the field it came from) of one model object of GET /models."""
    for path in CONTEXT_KEYS:
        value: Any = entry
        for part in path:
            value = value.get(part) if isinstance(value, Mapping) else None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return int(value), ".".join(path)
    return None, ""


# ---------------------------------------------------------------------------------------
# The cache under KGDESK_HOME
# ---------------------------------------------------------------------------------------


class ProfileStore:
    """llm_profiles.json: one profile per endpoint and model; a broken file is ignored, not fatal."""

    _lock = threading.Lock()

    def __init__(self, home: Path) -> None:
        self.path = home / PROFILES_FILE

    def _read(self) -> dict[str, Any]:
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as e:
            log.warning("LLM profile cache %s unreadable (%s); detecting again", self.path, e)
            return {}
        return doc if isinstance(doc, dict) else {}

    def get(self, base_url: str, model: str) -> EndpointProfile | None:
        raw = self._read().get(profile_key(base_url, model))
        if not isinstance(raw, dict):
            return None
        try:
            return EndpointProfile.from_json(raw)
        except TypeError:
            return None

    def put(self, profile: EndpointProfile) -> None:
        with self._lock:
            doc = self._read()
            doc[profile.key] = profile.to_json()
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_suffix(".tmp")
                tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
                tmp.replace(self.path)
            except OSError as e:  # a read-only home must not fail a question
                log.warning("LLM profile not saved to %s: %s", self.path, e)
