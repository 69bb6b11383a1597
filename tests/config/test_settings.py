"""The one settings model: flag > environment > file, secrets kept out of the file and of repr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgdesk.config.settings import (
    SCHEMA_VERSION,
    Limits,
    Settings,
    effective_settings,
    environment_values,
    load_saved,
    reveal,
    save_settings,
)
from kgdesk.errors import ConfigError
from kgdesk.paths import settings_file

SECRET = "s3cret-Pa55-word"


@pytest.fixture(autouse=True)
def _no_settings_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only what a test sets: the developer's or CI's KGDESK_NEO4J_* would blur the precedence."""
    for name in Settings.model_fields:
        monkeypatch.delenv("KGDESK_" + name.upper(), raising=False)


def _write(home: Path, data: dict[str, object]) -> None:
    settings_file(home).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_flag_beats_environment_beats_file(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(_fresh_home, {"schema_version": SCHEMA_VERSION, "neo4j_uri": "bolt://file:7687",
                         "neo4j_database": "from-file", "llm_model": "file-model", "user": "档案员"})
    monkeypatch.setenv("KGDESK_NEO4J_URI", "bolt://env:7687")
    monkeypatch.setenv("KGDESK_LLM_MODEL", "env-model")
    s = effective_settings({"neo4j_uri": "bolt://flag:7687", "llm_model": None})
    assert s.neo4j_uri == "bolt://flag:7687"  # flag over environment and file
    assert s.llm_model == "env-model"  # an unset flag (None) is no flag: the environment wins over the file
    assert s.neo4j_database == "from-file" and s.user == "档案员"  # only the file says these
    assert s.role == "guest" and s.neo4j_user == "neo4j"  # nobody says these: the defaults
    # the file alone, as the settings dialog edits it: neither flags nor environment leak into a save
    saved = load_saved()
    assert saved.neo4j_uri == "bolt://file:7687" and saved.llm_model == "file-model"


def test_environment_values_names_only_what_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    assert environment_values() == {}
    monkeypatch.setenv("KGDESK_ROLE", "staff")
    monkeypatch.setenv("KGDESK_FIRST_RUN_DONE", "true")  # file-only: no variable may close the first run
    monkeypatch.setenv("KGDESK_LIMITS", '{"row_cap": 1}')
    assert environment_values() == {"role": "staff"}
    assert effective_settings().limits == Limits() and not effective_settings().first_run_done


def test_secrets_come_from_the_environment_and_never_reach_the_file(
    _fresh_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KGDESK_NEO4J_PASSWORD", SECRET)
    monkeypatch.setenv("KGDESK_LLM_API_KEY", SECRET + "-key")
    s = effective_settings({"neo4j_read_password": SECRET + "-read"})
    assert reveal(s.neo4j_password) == SECRET
    assert reveal(s.llm_api_key) == SECRET + "-key" and reveal(s.neo4j_read_password) == SECRET + "-read"
    assert SECRET not in repr(s) and SECRET not in str(s) and SECRET not in s.model_dump_json()
    save_settings(s)
    text = settings_file(_fresh_home).read_text(encoding="utf-8")
    assert SECRET not in text
    assert not {"neo4j_password", "neo4j_read_password", "llm_api_key"} & set(json.loads(text))
    assert json.loads(text)["schema_version"] == SCHEMA_VERSION


def test_a_secret_written_into_the_file_by_hand_is_ignored(_fresh_home: Path) -> None:
    _write(_fresh_home, {"schema_version": SCHEMA_VERSION, "neo4j_password": SECRET, "llm_api_key": SECRET})
    assert effective_settings().neo4j_password is None and load_saved().llm_api_key is None


def test_save_and_load_round_trip(_fresh_home: Path) -> None:
    s = Settings(neo4j_uri="bolt://x:7687", user="小李", role="staff", first_run_done=True,
                 limits=Limits(row_cap=1234))
    save_settings(s)
    assert load_saved() == s
    assert effective_settings().limits.row_cap == 1234


def test_a_plain_value_reads_nothing(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(_fresh_home, {"schema_version": SCHEMA_VERSION, "user": "档案员"})
    monkeypatch.setenv("KGDESK_NEO4J_URI", "bolt://env:7687")
    assert Settings() == Settings.model_validate({})
    assert Settings().user == "guest" and Settings().neo4j_uri is None


def test_an_old_file_is_migrated(_fresh_home: Path) -> None:
    # schema 0: no version, and (hand-written) a password that the file must not keep
    _write(_fresh_home, {"neo4j_uri": "bolt://old:7687", "neo4j_password": SECRET, "user": "老用户",
                         "role": "staff", "first_run_done": True})
    old = load_saved()
    assert old.schema_version == SCHEMA_VERSION and old.neo4j_uri == "bolt://old:7687"
    assert old.user == "老用户" and old.first_run_done and old.neo4j_password is None
    save_settings(old)
    again = json.loads(settings_file(_fresh_home).read_text(encoding="utf-8"))
    assert again["schema_version"] == SCHEMA_VERSION and "neo4j_password" not in again
    assert again["user"] == "老用户"


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"limits": {"row_cap": "many"}}'])
def test_an_unreadable_file_is_a_config_error_naming_it(_fresh_home: Path, content: str) -> None:
    settings_file(_fresh_home).write_text(content, encoding="utf-8")
    for load in (load_saved, effective_settings):
        with pytest.raises(ConfigError) as e:
            load()
        assert str(settings_file(_fresh_home)) in e.value.message


def test_a_bad_flag_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="设置无效"):
        effective_settings({"limits": "not limits"})
