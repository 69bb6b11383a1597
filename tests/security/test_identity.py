"""The current user and role: env and flags only narrow; changing them needs the admin role."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgdesk.config.settings import Settings, load_saved, save_settings
from kgdesk.security.audit import read_records, verify
from kgdesk.security.identity import (
    Identity,
    change_identity,
    check_identity_change,
    current_identity,
    current_policy,
    resolve_identity,
)
from kgdesk.security.permissions import PermissionDenied, default_permissions


def saved(user: str, role: str) -> None:
    save_settings(Settings(user=user, role=role, first_run_done=True))


def test_default_is_guest(_fresh_home: Path) -> None:
    ident = current_identity()
    assert ident == Identity("guest", "guest", False)
    assert current_policy().role == "guest"


def test_flags_and_env_may_only_narrow(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved("zhang", "manager")
    assert current_identity({"role": "staff"}).role == "staff"
    with pytest.raises(PermissionDenied, match="需要管理员权限"):
        current_identity({"role": "admin"})
    monkeypatch.setenv("KGDESK_ROLE", "admin")
    with pytest.raises(PermissionDenied, match="切换到角色「admin」"):
        current_identity()
    monkeypatch.setenv("KGDESK_ROLE", "guest")
    assert current_identity().role == "guest"
    with pytest.raises(PermissionDenied, match="其他用户"):
        current_identity({"user": "li"})


def test_before_any_identity_is_saved_flags_name_it(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh KGDESK_HOME has no identity yet (the first-run moment, as in the wizard): cli.md's
    precedence holds, --role / KGDESK_ROLE name the role; listed users still keep their cap."""
    import getpass

    me = getpass.getuser()
    if me not in default_permissions().users:  # the OS account asks when no user is named
        assert current_identity({"role": "manager"}) == Identity(me, "manager", False)
    assert current_identity({"user": "zhang", "role": "manager"}) == Identity("zhang", "manager", False)
    assert current_identity() == Identity("guest", "guest", False)  # nothing named: the default guest
    monkeypatch.setenv("KGDESK_ROLE", "admin")
    assert current_identity().is_admin
    assert current_identity({"role": "staff"}).role == "staff"  # the flag beats the environment
    perms = default_permissions()
    listed = next(iter(perms.users.items()), None)
    if listed is not None:
        user, cap = listed
        got = current_identity({"user": user, "role": "admin"}).role
        assert got == "admin" if perms.dominates(cap, "admin") else got == cap
    # once an identity is saved, the same flags may only narrow it
    saved("小李", "guest")
    with pytest.raises(PermissionDenied):
        current_identity({"role": "manager"})


def test_admin_may_act_as_anyone(_fresh_home: Path) -> None:
    saved("admin", "admin")
    assert current_identity({"user": "li"}) == Identity("li", "guest", False)  # unknown user → default role
    assert current_identity({"user": "li", "role": "manager"}).role == "manager"


def test_listed_user_never_exceeds_the_listed_role() -> None:
    perms = default_permissions()
    assert resolve_identity(perms, "guest", "admin").role == "guest"  # permissions.json: guest → guest


def test_change_identity_needs_admin(_fresh_home: Path) -> None:
    saved("zhang", "staff")
    with pytest.raises(PermissionDenied, match="需要管理员（admin）角色"):
        change_identity(Identity("zhang", "staff"), "zhang", "manager")
    assert load_saved().role == "staff"
    assert read_records() == []


def test_admin_change_is_audited_before_saving(_fresh_home: Path) -> None:
    saved("admin", "admin")
    ident = change_identity(Identity("admin", "admin", True), "zhang", "manager")
    assert ident == Identity("zhang", "manager", False)
    s = load_saved()
    assert (s.user, s.role) == ("zhang", "manager")
    rec = read_records()[-1]
    assert rec.action == "settings" and rec.user == "admin" and rec.detail["to"] == {"user": "zhang", "role": "manager"}
    assert verify().ok
    with pytest.raises(PermissionDenied, match="不能设为"):
        change_identity(Identity("admin", "admin", True), "guest", "admin")  # listed as guest


def test_first_run_may_choose_once(_fresh_home: Path) -> None:
    ident = change_identity(Identity("guest", "guest"), "admin", "admin")
    assert ident.is_admin and load_saved().first_run_done
    with pytest.raises(PermissionDenied):
        change_identity(Identity("guest", "guest"), "guest", "admin")


def test_failed_audit_blocks_the_change(_fresh_home: Path) -> None:
    from kgdesk.paths import audit_db
    from kgdesk.security.audit import AuditError

    saved("admin", "admin")
    audit_db(_fresh_home).mkdir()
    with pytest.raises(AuditError):
        change_identity(Identity("admin", "admin", True), "zhang", "manager")
    assert load_saved().role == "admin"


def test_settings_save_check() -> None:
    check_identity_change(Identity("u", "staff"), "u", "staff", "u", "staff")
    with pytest.raises(PermissionDenied):
        check_identity_change(Identity("u", "staff"), "u", "staff", "u", "manager")
    check_identity_change(Identity("a", "admin", True), "u", "staff", "u", "manager")


def test_environment_alone_cannot_widen_a_question(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`kgdesk ask` without --role: KGDESK_ROLE is checked too (it may narrow, never widen)."""
    from kgdesk.app.asking import ask_cli

    saved("小李", "staff")
    monkeypatch.setenv("KGDESK_ROLE", "admin")
    doc, _ = ask_cli("有多少人", auto=True, no_llm=True)
    assert doc["status"] == "denied" and "切换到角色「admin」" in doc["answer"]
    monkeypatch.setenv("KGDESK_USER", "admin")
    monkeypatch.delenv("KGDESK_ROLE")
    doc, _ = ask_cli("有多少人", auto=True, no_llm=True)
    assert doc["status"] == "denied" and "其他用户" in doc["answer"]


def test_desktop_identity_is_narrowed_never_widened(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kgdesk.app.desktop import Desktop

    saved("小李", "staff")
    desk = Desktop(_fresh_home)
    monkeypatch.setenv("KGDESK_ROLE", "admin")
    assert (desk.effective().user, desk.effective().role) == ("小李", "staff")  # ignored, logged
    assert not desk.is_admin()
    monkeypatch.setenv("KGDESK_ROLE", "guest")
    assert desk.effective().role == "guest"
    assert desk.effective().user == "小李"


def test_desktop_unknown_saved_role_is_the_default_role(_fresh_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kgdesk.app.desktop import Desktop

    saved("小李", "root")  # not a role of permissions.json
    monkeypatch.setenv("KGDESK_ROLE", "admin")
    assert Desktop(_fresh_home).effective().role == "guest"
