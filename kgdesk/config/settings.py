"""Typed settings: command-line flag > environment > saved settings file; secrets live in the keyring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from kgdesk.errors import ConfigError
from kgdesk.paths import home_dir

SCHEMA_VERSION = 1
SETTINGS_FILE = "settings.json"
ConfirmMode = Literal["always", "uncertain", "never"]
"""When the desktop asks the user to confirm its understanding: every time, only when the
understanding made an assumption or is uncertain (the default), or never."""


class Limits(BaseModel):
    max_file_mb: int = 50
    max_rows_per_sheet: int = 200_000
    max_question_chars: int = 500
    max_answer_rows: int = 200
    query_timeout_s: float = 15.0
    row_cap: int = 5000
    scope_threshold: int = 30
    min_group_size: int = 3
    llm_tokens_per_question: int = 60_000
    llm_tokens_per_hour: int = 600_000
    llm_timeout_s: float = 60.0
    llm_max_retry_wait_s: float = 20.0


class SavedSettings(BaseModel):
    """What the settings file holds: never a secret (only keyring references)."""

    schema_version: int = SCHEMA_VERSION
    neo4j_uri: str | None = None
    neo4j_user: str = "neo4j"
    neo4j_database: str | None = None
    neo4j_read_user: str | None = None
    """Optional separate read-only account of a shared server, for questions and reports (its
    password: keyring entry `neo4j-read-password` or KGDESK_NEO4J_READ_PASSWORD)."""
    llm_base_url: str | None = None
    llm_model: str | None = None
    embedding_model: str | None = None
    user: str = "guest"
    role: str = "guest"
    limits: Limits = Field(default_factory=Limits)
    first_run_done: bool = False
    confirm_mode: ConfirmMode = "uncertain"


class EnvSettings(BaseSettings):
    """The KGDESK_* environment variables of cli.md."""

    model_config = SettingsConfigDict(env_prefix="KGDESK_", extra="ignore")

    neo4j_uri: str | None = None
    neo4j_user: str | None = None
    neo4j_password: str | None = None
    neo4j_database: str | None = None
    neo4j_read_user: str | None = None
    neo4j_read_password: str | None = None
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    embedding_model: str | None = None
    user: str | None = None
    role: str | None = None


def settings_path(home: Path | None = None) -> Path:
    return (home or home_dir()) / SETTINGS_FILE


def load_saved(home: Path | None = None) -> SavedSettings:
    path = settings_path(home)
    if not path.exists():
        return SavedSettings()
    try:
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return SavedSettings.model_validate(_migrate(raw))
    except (OSError, json.JSONDecodeError, ValidationError) as e:
        raise ConfigError(f"设置文件 {path} 无法读取：{e.__class__.__name__}。请在设置中重新保存，或删除该文件。") from e


def _migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Upgrade older settings files in place; there is only schema 1 so far."""
    raw.setdefault("schema_version", SCHEMA_VERSION)
    return raw


def save_settings(settings: SavedSettings, home: Path | None = None) -> None:
    path = settings_path(home)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(settings.model_dump_json(indent=2), encoding="utf-8")
    tmp.replace(path)


class EffectiveSettings(BaseModel):
    """Saved settings overlaid by the environment and then by command-line flags."""

    neo4j_uri: str | None = None
    neo4j_user: str = "neo4j"
    neo4j_password: str | None = None
    neo4j_database: str | None = None
    neo4j_read_user: str | None = None
    neo4j_read_password: str | None = None
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    embedding_model: str | None = None
    user: str = "guest"
    role: str = "guest"
    limits: Limits = Field(default_factory=Limits)

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


def effective_settings(overrides: dict[str, Any] | None = None, home: Path | None = None) -> EffectiveSettings:
    saved = load_saved(home)
    merged: dict[str, Any] = saved.model_dump(exclude={"schema_version", "first_run_done", "confirm_mode"})
    env = EnvSettings()
    for k, v in env.model_dump().items():
        if v is not None:
            merged[k] = v
    for k, v in (overrides or {}).items():
        if v is not None:
            merged[k] = v
    return EffectiveSettings.model_validate(merged)
