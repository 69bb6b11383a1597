"""Secrets (passwords, API keys) live in the OS keyring, never in the settings file.

Every secret has an environment override so CI, scripts and tests can run without a keyring.
Insecure keyring backends are refused: silently storing a password in a plain file, or
silently dropping it, would be worse than a clear error.
"""

from __future__ import annotations

import os
import re

import keyring
from keyring.backend import KeyringBackend
from keyring.errors import KeyringError, PasswordDeleteError

from kgdesk.errors import ConfigError

SERVICE = "kgdesk"

LOCAL_NEO4J = "local-neo4j"
"""Password of the bundled local graph server (generated once)."""
NEO4J_PASSWORD = "neo4j-password"
"""Password for a shared Neo4j server configured by URI."""
NEO4J_READ_PASSWORD = "neo4j-read-password"
"""Password of the optional read-only account of a shared server (questions and reports)."""
LLM_API_KEY = "llm-api-key"
AUDIT_KEY = "audit-key"
"""The audit log's HMAC key (generated once; security/audit_key.py)."""

_ENV_OVERRIDES: dict[str, str] = {
    LOCAL_NEO4J: "KGDESK_NEO4J_PASSWORD",
    NEO4J_PASSWORD: "KGDESK_NEO4J_PASSWORD",
    NEO4J_READ_PASSWORD: "KGDESK_NEO4J_READ_PASSWORD",
    LLM_API_KEY: "KGDESK_LLM_API_KEY",
    AUDIT_KEY: "KGDESK_AUDIT_KEY",
}

# (module, class name) of backends that do not protect what they store.
_INSECURE: dict[tuple[str, str], str] = {
    (
        "keyring.backends.fail",
        "Keyring",
    ): "系统中没有可用的密钥环（如 Windows 凭据管理器、macOS 钥匙串或 Secret Service）",
    ("keyring.backends.null", "Keyring"): "当前密钥环是空实现（null），保存的密码会被直接丢弃",
    (
        "keyrings.alt.file",
        "PlaintextKeyring",
    ): "当前密钥环（keyrings.alt PlaintextKeyring）把密码以明文写在磁盘文件里",
}


def env_var(name: str) -> str:
    """The environment variable that overrides secret `name`."""
    return _ENV_OVERRIDES.get(name) or "KGDESK_SECRET_" + re.sub(r"[^A-Z0-9]", "_", name.upper())


def _insecure_reason(backend: KeyringBackend) -> str | None:
    cls = type(backend)
    reason = _INSECURE.get((cls.__module__, cls.__name__))
    if reason:
        return reason
    chained = getattr(backend, "backends", None)
    if isinstance(chained, list):
        if not chained:
            return _INSECURE[("keyring.backends.fail", "Keyring")]
        reasons = [_insecure_reason(b) for b in chained]
        if all(reasons):
            return reasons[0]
    return None


def secure_backend() -> KeyringBackend:
    """The active keyring backend, or ConfigError when it cannot keep a secret safely."""
    backend = keyring.get_keyring()
    reason = _insecure_reason(backend)
    if reason:
        raise ConfigError(
            f"无法安全保存密码：{reason}。为避免密码泄露或丢失，kgdesk 拒绝使用它。"
            "请启用系统密钥环，或通过环境变量提供密码（例如 KGDESK_NEO4J_PASSWORD）。",
            code="E_KEYRING",
        )
    return backend


def keyring_available() -> bool:
    """Whether a secure OS keyring is there (for code that has a safe fallback of its own)."""
    try:
        secure_backend()
    except ConfigError:
        return False
    return True


def get_secret(name: str) -> str | None:
    """The environment override if set, else the keyring entry, else None."""
    override = os.environ.get(env_var(name))
    if override:
        return override
    backend = secure_backend()
    try:
        return backend.get_password(SERVICE, name)
    except KeyringError as e:
        raise ConfigError(f"读取系统密钥环失败（{name}）：{e}", code="E_KEYRING") from e


def set_secret(name: str, value: str | None) -> None:
    """Store a secret; an empty value removes it (the user cleared the field)."""
    if not value:
        delete_secret(name)
        return
    backend = secure_backend()
    try:
        backend.set_password(SERVICE, name, value)
    except KeyringError as e:
        raise ConfigError(f"写入系统密钥环失败（{name}）：{e}", code="E_KEYRING") from e


def delete_secret(name: str) -> None:
    """Remove the keyring entry; a missing entry is not an error."""
    backend = secure_backend()
    try:
        backend.delete_password(SERVICE, name)
    except PasswordDeleteError:
        return
    except KeyringError as e:
        raise ConfigError(f"删除系统密钥环条目失败（{name}）：{e}", code="E_KEYRING") from e
