"""Settings saves (dialog and first-run wizard) through kgdesk.app.settings_change: admin-only
identity changes, one audit record before every save, a failed audit write fails the save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgdesk.app.desktop import Desktop
from kgdesk.app.settings_change import SettingsSaveError, save_settings_change, settings_diff
from kgdesk.config.settings import Limits, Settings, load_saved, save_settings, settings_path
from kgdesk.paths import audit_db
from kgdesk.security.audit import read_records, verify
from kgdesk.security.permissions import PermissionDenied

SECRET = "图库密码-Zx81!q"
KEY = "sk-settings-test-0123456789abcdef"


class Vault:
    """A stand-in keyring: where `save_settings_change` puts the secrets it is given."""

    def __init__(self) -> None:
        self.store: dict[str, str | None] = {}

    def __call__(self, name: str, value: str | None) -> None:
        self.store[name] = value


def _saved(user: str, role: str, **extra: object) -> Settings:
    s = Settings(user=user, role=role, first_run_done=True, **extra)
    save_settings(s)
    return s


def _all_text(home: Path) -> str:
    out = []
    for p in home.rglob("*"):
        if p.is_file():
            out.append(p.read_bytes().decode("utf-8", "replace"))
    return "\n".join(out)


def test_non_admin_cannot_change_identity_and_the_attempt_is_recorded(_fresh_home: Path) -> None:
    old = _saved("小李", "staff")
    with pytest.raises(PermissionDenied, match="需要管理员"):
        save_settings_change(old.model_copy(update={"role": "manager"}))
    with pytest.raises(PermissionDenied, match="需要管理员"):
        save_settings_change(old.model_copy(update={"user": "张经理"}))
    assert load_saved() == old  # nothing saved
    recs = read_records()
    assert [r.decision for r in recs] == ["denied", "denied"]
    assert recs[0].user == "小李" and recs[0].role == "staff"
    assert recs[0].detail["changed"]["role"] == {"from": "staff", "to": "manager"}


def test_non_admin_may_save_other_settings_and_each_save_is_audited(_fresh_home: Path) -> None:
    old = _saved("小李", "staff")
    new = old.model_copy(update={"neo4j_database": "ledger", "limits": Limits(row_cap=1234)})
    vault = Vault()
    ident = save_settings_change(new, {"neo4j-password": SECRET}, store_secret=vault)
    assert (ident.user, ident.role, ident.is_admin) == ("小李", "staff", False)
    assert load_saved().neo4j_database == "ledger" and load_saved().limits.row_cap == 1234
    assert vault.store == {"neo4j-password": SECRET}
    save_settings_change(load_saved())  # a save without changes is still a save: audited
    recs = read_records()
    assert [(r.action, r.decision, r.user, r.role) for r in recs] == [("settings", "ok", "小李", "staff")] * 2
    detail = recs[0].detail
    assert detail["changed"] == {
        "neo4j_database": {"from": None, "to": "ledger"},
        "limits.row_cap": {"from": 5000, "to": 1234},
    }
    assert detail["secrets_changed"] == ["neo4j-password"]  # the name, never the value
    assert recs[1].detail["changed"] == {}
    assert SECRET not in _all_text(_fresh_home)
    assert verify().ok


def test_env_narrowed_admin_cannot_change_identity(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _saved("admin", "admin")
    monkeypatch.setenv("KGDESK_ROLE", "guest")  # the environment narrows this run to guest
    with pytest.raises(PermissionDenied):
        save_settings_change(old.model_copy(update={"user": "张经理", "role": "manager"}))
    assert load_saved().role == "admin"


def test_admin_changes_identity_audited_before_the_save(_fresh_home: Path) -> None:
    old = _saved("admin", "admin")
    ident = save_settings_change(old.model_copy(update={"user": "张经理", "role": "manager", "llm_model": "m"}))
    assert (ident.user, ident.role, ident.is_admin) == ("张经理", "manager", False)
    rec = read_records()[-1]
    assert (rec.user, rec.role, rec.decision) == ("admin", "admin", "ok")  # who made the change
    assert rec.detail["changed"]["user"] == {"from": "admin", "to": "张经理"}
    assert rec.detail["changed"]["role"] == {"from": "admin", "to": "manager"}
    assert rec.ts  # when
    # now a manager: changing the role back is refused
    with pytest.raises(PermissionDenied):
        save_settings_change(load_saved().model_copy(update={"role": "admin"}))


def test_listed_user_cannot_get_a_wider_role_even_from_an_admin(_fresh_home: Path) -> None:
    old = _saved("admin", "admin")
    with pytest.raises(PermissionDenied, match="不能设为"):
        save_settings_change(old.model_copy(update={"user": "guest", "role": "admin"}))


def test_failed_audit_fails_the_save_with_a_chinese_message(_fresh_home: Path) -> None:
    old = _saved("admin", "admin")
    audit_db(_fresh_home).mkdir()  # the log cannot be opened
    vault = Vault()
    with pytest.raises(SettingsSaveError, match="设置没有保存：审计记录无法写入"):
        save_settings_change(old.model_copy(update={"neo4j_database": "x"}), {"llm-api-key": KEY}, store_secret=vault)
    assert load_saved() == old and vault.store == {}  # neither the file nor the keyring changed


def test_first_run_chooses_the_identity_once(_fresh_home: Path) -> None:
    assert not settings_path().exists()
    ident = save_settings_change(Settings(user="陈主管", role="admin"), first_run=True)
    assert ident.is_admin and load_saved().first_run_done
    rec = read_records()[-1]
    assert rec.detail["first_run"] is True and rec.user == "guest"  # nobody was set up yet
    assert rec.detail["changed"]["role"] == {"from": "guest", "to": "admin"}
    # the window is closed: a later save by a non-admin identity may not widen it
    save_settings_change(load_saved().model_copy(update={"user": "小李", "role": "staff"}))
    with pytest.raises(PermissionDenied):
        save_settings_change(load_saved().model_copy(update={"role": "admin"}), first_run=True)


def test_broken_settings_file_opens_no_first_run_window(_fresh_home: Path) -> None:
    settings_path().write_text("{not json", encoding="utf-8")
    with pytest.raises(PermissionDenied):
        save_settings_change(Settings(user="x", role="admin"), first_run=True)
    save_settings_change(Settings(llm_model="m"))  # other settings can be repaired; identity stays guest
    assert load_saved().role == "guest" and load_saved().llm_model == "m"
    with pytest.raises(PermissionDenied):  # and the repaired file is not a first run either
        save_settings_change(load_saved().model_copy(update={"role": "admin"}), first_run=True)


def test_desktop_save_goes_through_the_check_and_the_audit(_fresh_home: Path) -> None:
    desk = Desktop(_fresh_home)
    desk.save(Settings(user="陈主管", role="manager"), first_run=True)
    assert load_saved(_fresh_home).role == "manager"
    with pytest.raises(PermissionDenied):
        desk.save(load_saved(_fresh_home).model_copy(update={"role": "admin"}))
    assert [r.decision for r in read_records(_fresh_home)] == ["ok", "denied"]
    assert json.loads(settings_path(_fresh_home).read_text(encoding="utf-8"))["role"] == "manager"


def test_diff_names_nested_limits() -> None:
    a = Settings()
    b = a.model_copy(update={"limits": Limits(min_group_size=5), "neo4j_uri": "bolt://h:1"})
    assert settings_diff(a, b) == {
        "limits.min_group_size": {"from": 3, "to": 5},
        "neo4j_uri": {"from": None, "to": "bolt://h:1"},
    }
