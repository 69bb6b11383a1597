"""Who is asking: the current user and role, and the only way to change them (admin role required).

The saved settings hold the current user and role (set by an admin through `change_identity`,
which writes an audit record first). The environment (`KGDESK_USER`, `KGDESK_ROLE`) and the
command-line flags (`--user`, `--role`) may only *narrow* that identity: a role that sees no
more than the saved one. Before any identity has been saved (the first-run set-up, when anyone
chooses, as in the wizard) they name it, following cli.md's precedence flag > environment. Anything else needs the saved role to be an admin role. A user listed in
`permissions.json` `users` never gets more than the role listed there.

On a shared OS account this is an application-level control: anyone who can edit files under
KGDESK_HOME can edit the settings file too. The audit log records every change made through
kgdesk, and separate OS accounts (each with its own KGDESK_HOME) make the boundary real.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgdesk.security.permissions import PermissionDenied, Permissions, Policy, default_permissions


@dataclass(frozen=True)
class Identity:
    user: str
    role: str
    is_admin: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "role": self.role}


def _make(perms: Permissions, user: str, role: str) -> Identity:
    return Identity(user=user, role=role, is_admin=perms.role(role).admin)


def _cap(perms: Permissions, user: str, role: str) -> str:
    """A user listed in permissions.json never gets a role its listed role does not cover."""
    listed = perms.users.get(user)
    if listed is None or perms.dominates(listed, role):
        return role
    return listed


def resolve_identity(
    perms: Permissions,
    saved_user: str,
    saved_role: str,
    requested_user: str | None = None,
    requested_role: str | None = None,
) -> Identity:
    """The identity for this run: the saved one, narrowed (never widened) by env / flags."""
    perms.role(saved_role)
    base = _make(perms, saved_user, _cap(perms, saved_user, saved_role))
    user = requested_user.strip() if requested_user and requested_user.strip() else base.user
    if user != base.user:
        if not base.is_admin:
            raise PermissionDenied(
                f"以其他用户（{user}）身份操作需要管理员权限（当前用户 {base.user}，角色 {base.role}）"
            )
        role = requested_role or perms.users.get(user, perms.default_role)
        perms.role(role)
        return _make(perms, user, _cap(perms, user, role))
    if not requested_role or requested_role == base.role:
        return base
    perms.role(requested_role)
    if base.is_admin or perms.dominates(base.role, requested_role):
        return _make(perms, user, _cap(perms, user, requested_role))
    raise PermissionDenied(
        f"切换到角色「{requested_role}」需要管理员权限（当前角色：{base.role}）。请让管理员在设置中更改。"
    )


def _os_user() -> str | None:
    import getpass

    try:
        return getpass.getuser().strip() or None
    except Exception:  # no login name (some services, containers)
        return None


def current_identity(
    overrides: dict[str, Any] | None = None, *, home: Path | None = None, perms: Permissions | None = None
) -> Identity:
    """Saved settings, then KGDESK_USER / KGDESK_ROLE, then `overrides` (`user`, `role` flags)."""
    from kgdesk.config.settings import environment_values, load_saved

    p = perms or default_permissions()
    saved = load_saved(home)
    env = environment_values()
    user = (overrides or {}).get("user") or env.get("user")
    role = (overrides or {}).get("role") or env.get("role")
    if first_run_pending(home):
        # No identity has been chosen on this KGDESK_HOME yet (the first-run set-up, where anyone
        # chooses): flags and environment name it, as cli.md's precedence says; users listed in
        # permissions.json still get no more than their listed role. Once saved, only narrowing.
        if user and user.strip():
            chosen_user = user.strip()
        elif role:  # a role for nobody in particular: the OS account asks (the default user is a guest)
            chosen_user = _os_user() or saved.user
        else:
            chosen_user = saved.user
        chosen_role = role or p.users.get(chosen_user, saved.role)
        p.role(chosen_role)
        return _make(p, chosen_user, _cap(p, chosen_user, chosen_role))
    return resolve_identity(p, saved.user, saved.role, user, role)


def current_policy(
    overrides: dict[str, Any] | None = None, *, home: Path | None = None, perms: Permissions | None = None
) -> Policy:
    """The policy of the current identity, with the minimum group size from the saved limits."""
    from kgdesk.config.settings import effective_settings

    p = perms or default_permissions()
    ident = current_identity(overrides, home=home, perms=p)
    limits = effective_settings(home=home).limits
    return p.policy(ident.role, user=ident.user, min_group_size=limits.min_group_size)


def require_admin(identity: Identity, what: str) -> None:
    if not identity.is_admin:
        raise PermissionDenied(f"{what}需要管理员（admin）角色，当前角色：{identity.role}")


def check_identity_change(
    current: Identity,
    old_user: str,
    old_role: str,
    new_user: str,
    new_role: str,
    *,
    first_run: bool = False,
    perms: Permissions | None = None,
) -> None:
    """For any settings save: a changed user or role needs the admin role (except in the first-run
    set-up, when nobody is an admin yet) and must name a known role the user may have."""
    if (old_user, old_role) == (new_user, new_role):
        return
    if not first_run:
        require_admin(current, "更改当前用户或角色")
    p = perms or default_permissions()
    if not new_user.strip():
        raise PermissionDenied("用户名不能为空")
    p.role(new_role)
    listed = p.users.get(new_user.strip())
    if listed is not None and not p.dominates(listed, new_role):
        raise PermissionDenied(f"用户 {new_user.strip()} 在权限配置中的角色是 {listed}，不能设为 {new_role}")


def first_run_pending(home: Path | None = None) -> bool:
    """True until the first-run set-up has been saved: the one moment the identity may be chosen freely."""
    from kgdesk.config.settings import load_saved, settings_path

    return not settings_path(home).exists() or not load_saved(home).first_run_done


def change_identity(
    current: Identity,
    new_user: str,
    new_role: str,
    *,
    home: Path | None = None,
    perms: Permissions | None = None,
) -> Identity:
    """Set the saved user and role. Admin only, except once in the first-run set-up (nobody is an
    admin before it); audited before the settings file changes."""
    from kgdesk.config.settings import load_saved, save_settings
    from kgdesk.security import audit

    p = perms or default_permissions()
    saved = load_saved(home)
    pending = first_run_pending(home)
    if not pending:
        require_admin(current, "更改当前用户或角色")
    check_identity_change(current, "", "", new_user, new_role, first_run=pending, perms=p)
    new_user = new_user.strip()
    audit.record(
        "settings",
        user=current.user,
        role=current.role,
        decision="ok",
        detail={"change": "identity", "first_run": not saved.first_run_done, "from": {"user": saved.user, "role": saved.role}, "to": {"user": new_user, "role": new_role}},
        home=home,
    )
    # choosing the identity closes the first-run window: from now on only an admin changes it
    save_settings(saved.model_copy(update={"user": new_user, "role": new_role, "first_run_done": True}), home)
    return _make(p, new_user, new_role)


def remember_first_use(
    overrides: dict[str, Any] | None = None, *, home: Path | None = None, perms: Permissions | None = None
) -> Identity | None:
    """The command line's first-run set-up, like the desktop's wizard: on a KGDESK_HOME where no
    identity was chosen yet, save the one the flags / environment name (audited), so it is
    accepted this once and from then on only narrowed. None when an identity was already saved."""
    if not first_run_pending(home):
        return None
    ident = current_identity(overrides, home=home, perms=perms)
    return change_identity(ident, ident.user, ident.role, home=home, perms=perms)
