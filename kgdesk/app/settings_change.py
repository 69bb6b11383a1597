"""Saving the settings: the one path for the settings dialog and the first-run wizard (issue 7).

Every save is checked and audited before anything changes: a changed user or role needs the
admin role (`kgdesk.security.identity.check_identity_change`; the first-run set-up is the one
exception, nobody is an admin before it), then one "settings" audit record names who saved,
their role and what changed (field names with old and new values; for secrets only the names,
never a value), then the secrets go to the OS keyring and the settings file is written. If the
audit record cannot be written nothing is saved and the save fails with a Chinese message.

Qt-free: the GUI calls `save_settings_change` through `Desktop.save` and shows the error.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kgdesk.config.settings import Settings, load_saved, save_settings, settings_path
from kgdesk.errors import ConfigError, KgdeskError
from kgdesk.security import audit
from kgdesk.security.identity import Identity, check_identity_change, resolve_identity
from kgdesk.security.permissions import PermissionDenied, Permissions, default_permissions
from kgdesk.security.redact import register_secret

log = logging.getLogger("kgdesk.settings")

_NOT_DIFFED = frozenset({"schema_version"})


class SettingsSaveError(KgdeskError):
    """The settings were not saved (the audit record could not be written)."""

    code = "E_AUDIT"


def _saved_state(home: Path | None) -> tuple[Settings, bool, bool]:
    """(saved settings, first run pending, file readable). An unreadable file gives the defaults and
    no first-run window: a broken file must not let anyone choose an admin identity."""
    if not settings_path(home).exists():
        return Settings(), True, True
    try:
        saved = load_saved(home)
    except ConfigError:
        return Settings(first_run_done=True), False, False
    return saved, not saved.first_run_done, True


def acting_identity(saved: Settings, perms: Permissions) -> Identity:
    """Who is saving: the saved identity, narrowed (never widened) by KGDESK_USER / KGDESK_ROLE."""
    from kgdesk.config.settings import environment_values

    env = environment_values()
    return resolve_identity(perms, saved.user, saved.role, env.get("user"), env.get("role"))


def settings_diff(old: Settings, new: Settings) -> dict[str, dict[str, Any]]:
    """{field: {"from": old, "to": new}} of what differs; limits per limit (`limits.row_cap`)."""
    out: dict[str, dict[str, Any]] = {}
    a, b = old.model_dump(mode="json"), new.model_dump(mode="json")
    for key in sorted(set(a) | set(b)):
        if key in _NOT_DIFFED:
            continue
        va, vb = a.get(key), b.get(key)
        if isinstance(va, dict) and isinstance(vb, dict):
            for sub in sorted(set(va) | set(vb)):
                if va.get(sub) != vb.get(sub):
                    out[f"{key}.{sub}"] = {"from": va.get(sub), "to": vb.get(sub)}
        elif va != vb:
            out[key] = {"from": va, "to": vb}
    return out


def save_settings_change(
    new: Settings,
    secrets: Mapping[str, str | None] | None = None,
    *,
    home: Path | None = None,
    first_run: bool = False,
    store_secret: Callable[[str, str | None], None] | None = None,
    perms: Permissions | None = None,
) -> Identity:
    """Check, audit, then save `new` (and put `secrets` in the keyring). Returns the saved identity.

    `first_run`: the first-run wizard is saving. Whether the identity may be chosen freely is
    decided here from the saved state, never from the caller's word; every save marks the set-up
    done.
    Raises PermissionDenied (identity change without the admin role; audited as denied when the
    log can take it) or SettingsSaveError (the audit record could not be written: nothing saved).
    """
    p = perms or default_permissions()
    old, pending, readable = _saved_state(home)
    try:
        current = acting_identity(old, p) if readable else Identity(old.user, old.role)
    except (PermissionDenied, ConfigError):
        current = Identity(old.user, old.role)  # an unknown saved role or refused env: no admin rights
    # any save closes the first-run window: from then on only an admin changes the identity
    new = new.model_copy(update={"user": new.user.strip() or "guest", "first_run_done": True})
    secret_names = sorted(secrets or {})
    for value in (secrets or {}).values():
        register_secret(value)  # scrubbed from anything written, should it be echoed anywhere
    changes = settings_diff(old, new)
    detail: dict[str, Any] = {
        "change": "settings",
        "first_run": pending,
        "wizard": first_run,
        "changed": changes,
        "secrets_changed": secret_names,
    }
    try:
        check_identity_change(current, old.user, old.role, new.user, new.role, first_run=pending, perms=p)
    except (PermissionDenied, ConfigError) as e:
        with contextlib.suppress(audit.AuditError):  # the save is refused either way
            audit.record("settings", user=current.user, role=current.role, decision="denied",
                         detail={**detail, "reason": e.message}, home=home)
        raise
    try:
        audit.record("settings", user=current.user, role=current.role, decision="ok", detail=detail, home=home)
    except audit.AuditError as e:
        raise SettingsSaveError(f"设置没有保存：审计记录无法写入（{e.message}）") from e
    if secrets:
        if store_secret is None:
            from kgdesk.config.secrets import set_secret

            store_secret = set_secret
        for name, value in secrets.items():
            store_secret(name, value)
    save_settings(new, home)
    log.info("settings saved by %s (%s): %s", current.user, current.role, ", ".join(changes) or "no change")
    spec = p.roles.get(new.role)
    return Identity(new.user, new.role, bool(spec and spec.admin))
