"""One typed settings model: command-line flag > environment (KGDESK_*) > saved settings file.

`Settings` is listed once. Built directly (`Settings(user=...)`) it is a plain value, read from
nothing: the settings dialog and the tests edit and save such values. The loaders pick its sources
through pydantic-settings' `settings_customise_sources`:

- `effective_settings(flags, home)`: flags > environment > file, what a command or the desktop runs with;
- `load_saved(home)`: the file alone, what the settings dialog edits and `save_settings` writes back;
- `environment_values()`: only what the KGDESK_* variables set (identity narrowing needs "unset").

Secrets are `SecretStr` from flags or the environment only: the file holds none (the keyring keeps
them, under the names of `kgdesk.config.secrets`), `repr` masks them, and a dump never has them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from kgdesk.errors import ConfigError
from kgdesk.paths import settings_file

SCHEMA_VERSION = 1

SECRET_FIELDS = frozenset({"neo4j_password", "neo4j_read_password", "llm_api_key"})
"""Never read from nor written to the settings file."""
FILE_ONLY_FIELDS = frozenset({"schema_version", "first_run_done", "limits"})
"""Never read from the environment (cli.md names no variable for them)."""
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
    llm_question_deadline_s: float = 45.0
    """Model time one question may use across all its calls and retries (0 = none)."""
    llm_context_tokens: int = 8192
    """The context window assumed when the endpoint's model list does not give one."""


def _secret() -> Any:
    """A secret field: masked in repr, left out of every dump (so never saved nor diffed)."""
    return Field(default=None, exclude=True)


class Settings(BaseSettings):
    """Every setting of kgdesk, once; one field per line (other branches add fields here)."""

    model_config = SettingsConfigDict(env_prefix="KGDESK_", extra="ignore")

    schema_version: int = SCHEMA_VERSION
    neo4j_uri: str | None = None
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = _secret()
    neo4j_database: str | None = None
    neo4j_read_user: str | None = None
    """Optional separate read-only account of a shared server, for questions and reports (its
    password: keyring entry `neo4j-read-password` or KGDESK_NEO4J_READ_PASSWORD)."""
    neo4j_read_password: SecretStr | None = _secret()
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: SecretStr | None = _secret()
    embedding_model: str | None = None
    user: str = "guest"
    role: str = "guest"
    limits: Limits = Field(default_factory=Limits)
    first_run_done: bool = False
    confirm_mode: ConfirmMode = "uncertain"

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Highest priority first: flags (init kwargs), then the environment, then the file."""
        load = _LOADING.get()
        if load is None:
            return (init_settings,)
        sources: list[PydanticBaseSettingsSource] = [init_settings]
        if load.environment:
            sources.append(_Environment(settings_cls))
        if load.file:
            sources.append(SettingsFileSource(settings_cls, load.home))
        return tuple(sources)


@dataclass(frozen=True)
class _Load:
    environment: bool
    file: bool
    home: Path | None


_LOADING: ContextVar[_Load | None] = ContextVar("kgdesk_settings_load", default=None)


@contextmanager
def _plain() -> Iterator[None]:
    """Build plain values inside a load (validating the file alone)."""
    token = _LOADING.set(None)
    try:
        yield
    finally:
        _LOADING.reset(token)


class _Environment(EnvSettingsSource):
    """The KGDESK_* variables of cli.md, without the file-only fields."""

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in super().__call__().items() if k not in FILE_ONLY_FIELDS}


def _migrate_0(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (no `schema_version`; hand-written files could hold a password): drop secrets."""
    return {k: v for k, v in raw.items() if k not in SECRET_FIELDS}


_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0}
"""version → step to version + 1."""


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Upgrade an older settings file's content step by step to SCHEMA_VERSION."""
    version = raw.get("schema_version", 0)
    version = version if isinstance(version, int) else 0
    while version < SCHEMA_VERSION:
        raw = _MIGRATIONS[version](raw)
        version += 1
    return {**raw, "schema_version": max(version, SCHEMA_VERSION)}


class SettingsFileSource(PydanticBaseSettingsSource):
    """KGDESK_HOME/settings.json, migrated and checked on its own (errors name the file)."""

    def __init__(self, settings_cls: type[BaseSettings], home: Path | None) -> None:
        super().__init__(settings_cls)
        self.path = settings_file(home)

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # __call__ reads the whole file at once

    def __call__(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            data = {k: v for k, v in migrate(raw).items() if k not in SECRET_FIELDS}
            with _plain():
                Settings.model_validate(data)
        except (OSError, ValueError, ValidationError) as e:  # JSONDecodeError is a ValueError
            raise ConfigError(
                f"设置文件 {self.path} 无法读取：{e.__class__.__name__}。请在设置中重新保存，或删除该文件。"
            ) from e
        return data


def _load(flags: dict[str, Any] | None, *, environment: bool, file: bool, home: Path | None) -> Settings:
    given = {k: v for k, v in (flags or {}).items() if v is not None}  # an unset flag is no flag
    token = _LOADING.set(_Load(environment, file, home))
    try:
        return Settings(**given)
    except ValidationError as e:
        where = ".".join(str(part) for part in e.errors()[0]["loc"])
        raise ConfigError(f"设置无效：{e.error_count()} 处错误（{where}）。请检查命令行参数和 KGDESK_* 环境变量。") from e
    finally:
        _LOADING.reset(token)


def settings_path(home: Path | None = None) -> Path:
    return settings_file(home)


def effective_settings(overrides: dict[str, Any] | None = None, home: Path | None = None) -> Settings:
    """Flags (`overrides`, None = not given) > KGDESK_* environment > saved settings file."""
    return _load(overrides, environment=True, file=True, home=home)


def load_saved(home: Path | None = None) -> Settings:
    """The saved settings file alone (defaults when there is none); never a secret."""
    return _load(None, environment=False, file=True, home=home)


def environment_values() -> dict[str, Any]:
    """Only the settings the KGDESK_* variables set, by field name."""
    s = _load(None, environment=True, file=False, home=None)
    return {k: getattr(s, k) for k in s.model_fields_set}


def persisted(settings: Settings) -> dict[str, Any]:
    """What the settings file holds: every field but the secrets (excluded from any dump)."""
    return {**settings.model_dump(mode="json"), "schema_version": SCHEMA_VERSION}


def save_settings(settings: Settings, home: Path | None = None) -> None:
    path = settings_file(home)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(persisted(settings), ensure_ascii=False, indent=2), encoding="utf-8")
    tmp.replace(path)


def reveal(secret: SecretStr | None) -> str | None:
    """The secret's text, for the one constructor that needs it (driver, SDK client)."""
    return secret.get_secret_value() if secret is not None else None
