"""Secret scrubbing for everything kgdesk writes down (audit, traces, exports, error texts).

Two nets: the exact values of the secrets this process knows (the Neo4j password and the LLM key,
from their environment overrides or the OS keyring, plus anything registered at run time), and
patterns of things that look like credentials (API keys, bearer tokens, `password=…`, passwords
in URIs, long mixed-case tokens). Scrubbing is a copy; the input is never modified.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Mapping
from typing import Any

REDACTED = "***"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # OpenAI / DeepSeek style keys
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{12,}"), REDACTED),
    # Authorization headers
    (re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=\-]{12,}"), r"\1 " + REDACTED),
    # key = value pairs that name a secret
    (
        re.compile(
            r"(?i)((?:api[_\- ]?key|apikey|access[_\-]?key|secret(?:[_\-]?key)?|token|password|passwd|pwd|密码|密钥|口令)"
            r"[\"']?\s*[:=：]\s*[\"']?)([^\s\"',;，；]{4,})"
        ),
        r"\1" + REDACTED,
    ),
    # credentials inside URIs: neo4j://user:secret@host
    (re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*://[^/\s:@]+:)([^@\s/]+)@"), r"\1" + REDACTED + "@"),
    # AWS-style access key ids, JWTs
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), REDACTED),
    (re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), REDACTED),
    # long tokens mixing upper case, lower case and digits (hex digests and version ids are lower case)
    (
        re.compile(r"(?<![A-Za-z0-9_\-])(?=[A-Za-z0-9_\-]*[A-Z])(?=[A-Za-z0-9_\-]*[a-z])(?=[A-Za-z0-9_\-]*\d)[A-Za-z0-9_\-]{32,}"),
        REDACTED,
    ),
)

_SECRET_ENV_PREFIX = "KGDESK_SECRET_"
_SECRET_ENV = ("KGDESK_NEO4J_PASSWORD", "KGDESK_NEO4J_READ_PASSWORD", "KGDESK_LLM_API_KEY")
_MIN_SECRET_CHARS = 4

_registered: set[str] = set()
_lock = threading.Lock()
_cache: tuple[float, frozenset[str]] = (0.0, frozenset())
_CACHE_S = 30.0


def register_secret(value: str | None) -> None:
    """Tell the scrubber about a secret this process uses (e.g. a password typed in a dialog)."""
    if value and len(value) >= _MIN_SECRET_CHARS:
        with _lock:
            _registered.add(value)


def _keyring_values() -> set[str]:
    """Stored secrets, when a secure keyring is there; an insecure or missing one yields nothing."""
    out: set[str] = set()
    try:
        from kgdesk.config import secrets
    except ImportError:  # pragma: no cover - the config package is part of kgdesk
        return out
    for name in (secrets.LOCAL_NEO4J, secrets.NEO4J_PASSWORD, secrets.NEO4J_READ_PASSWORD, secrets.LLM_API_KEY):
        try:
            value = secrets.get_secret(name)
        except Exception:  # keyring refused or unavailable: the environment values still apply
            continue
        if value:
            out.add(value)
    return out


def known_secrets(*, refresh: bool = False) -> frozenset[str]:
    """Every secret value this process can know of (environment, keyring, registered)."""
    global _cache
    now = time.monotonic()
    with _lock:
        registered = set(_registered)
        cached_at, cached = _cache
    env = {os.environ.get(k, "") for k in _SECRET_ENV}
    env |= {v for k, v in os.environ.items() if k.startswith(_SECRET_ENV_PREFIX)}
    if refresh or now - cached_at > _CACHE_S:
        cached = frozenset(_keyring_values())
        with _lock:
            _cache = (now, cached)
    values = {v for v in env | registered | set(cached) if v and len(v) >= _MIN_SECRET_CHARS}
    return frozenset(values)


def scrub_text(text: str, secrets: frozenset[str] | None = None) -> str:
    values = known_secrets() if secrets is None else secrets
    for v in sorted(values, key=len, reverse=True):
        if v in text:
            text = text.replace(v, REDACTED)
    for pattern, repl in _PATTERNS:
        text = pattern.sub(repl, text)
    return text


def scrub(obj: Any, secrets: frozenset[str] | None = None) -> Any:
    """A copy of a JSON-like value with secrets removed from every string (keys included)."""
    values = known_secrets() if secrets is None else secrets
    if isinstance(obj, str):
        return scrub_text(obj, values)
    if isinstance(obj, Mapping):
        return {scrub_text(str(k), values): scrub(v, values) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [scrub(v, values) for v in obj]
    return obj


