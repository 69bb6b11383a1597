"""The desktop's settings service: saved and effective settings, the checked identity, secrets,
the role's policy, and the window's own preferences (confirmation mode, where the user left off).

Qt-free and synchronous (the GUI calls it through `run_sync`). The identity rule lives in
kgdesk/security; this module only applies it: KGDESK_USER / KGDESK_ROLE may narrow the saved
user and role, never widen them.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kgdesk.config.settings import (
    ConfirmMode,
    Settings,
    effective_settings,
    load_saved,
)
from kgdesk.errors import ConfigError, KgdeskError
from kgdesk.paths import home_dir

if TYPE_CHECKING:
    from kgdesk.security.permissions import Policy

log = logging.getLogger("kgdesk.desktop")
WINDOW_STATE_FILE = "window_state.json"


@dataclass(frozen=True)
class WindowState:
    """Where the user was when the window closed: the page and the open conversation."""

    page: str = "import"
    thread_id: str | None = None


class SettingsService:
    """Settings, identity, secrets and the role's policy for the desktop."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home

    def saved(self) -> Settings:
        return load_saved(self.home)

    def effective(self) -> Settings:
        """Effective settings with the checked identity (narrowed by the environment, never widened)."""
        s = effective_settings(home=self.home)
        user, role = self._identity()
        if (user, role) != (s.user, s.role):
            s = s.model_copy(update={"user": user, "role": role})
        return s

    def _identity(self) -> tuple[str, str]:
        from kgdesk.security.identity import current_identity, resolve_identity
        from kgdesk.security.permissions import PermissionDenied, default_permissions

        perms = default_permissions()
        saved = load_saved(self.home)
        try:
            ident = current_identity(home=self.home, perms=perms)
        except (PermissionDenied, ConfigError) as e:  # the environment asked for more, or an unknown role
            log.warning("KGDESK_USER / KGDESK_ROLE ignored: %s", e.message)
            try:
                ident = resolve_identity(perms, saved.user, saved.role)
            except ConfigError:  # an unknown saved role: the default role, never the environment's
                return saved.user, perms.default_role
        return ident.user, ident.role

    def first_run_needed(self) -> bool:
        try:
            return not load_saved(self.home).first_run_done
        except ConfigError:
            return True

    def confirm_mode(self) -> ConfirmMode:
        """When to confirm the understanding of a question (每次 / 仅在不确定时 / 从不)."""
        try:
            return load_saved(self.home).confirm_mode
        except ConfigError:
            return "uncertain"

    # -- secrets -----------------------------------------------------------------------------
    def check_keyring(self) -> str | None:
        """None when secrets can be stored safely, else the Chinese reason."""
        from kgdesk.config.secrets import secure_backend

        try:
            secure_backend()
        except KgdeskError as e:
            return e.message
        return None

    def get_secret(self, name: str) -> str | None:
        from kgdesk.config.secrets import get_secret

        return get_secret(name)

    def save(self, settings: Settings, secrets: dict[str, str | None] | None = None, *,
             first_run: bool = False) -> None:
        """Check and audit the change, put secrets in the OS keyring (never in the file), save the file.

        A changed user or role needs the admin role (outside the first-run set-up); the audit
        record is written first and a failed write fails the save (kgdesk.app.settings_change).
        """
        from kgdesk.app.settings_change import save_settings_change
        from kgdesk.config.secrets import set_secret

        save_settings_change(settings, secrets, home=self.home, first_run=first_run,
                             store_secret=set_secret if secrets else None)

    # -- identity and policy -------------------------------------------------------------------
    def user_text(self) -> str:
        s = self.effective()
        return f"用户：{s.user}（{s.role}）"

    def policy(self) -> Policy:
        from kgdesk.security.permissions import policy_for

        s = self.effective()
        return policy_for(s.role, user=s.user, min_group_size=s.limits.min_group_size)

    def roles(self) -> list[tuple[str, str]]:
        """(name, display) of the roles in data/permissions.json."""
        from kgdesk.security.permissions import default_permissions

        return [(name, spec.display) for name, spec in default_permissions().roles.items()]

    def is_admin(self) -> bool:
        try:
            return bool(self.policy().is_admin)
        except KgdeskError:
            return False

    def audit_user(self) -> str | None:
        """Whose records the viewers show: everyone's for an admin, otherwise the user's own."""
        return None if self.is_admin() else self.effective().user

    # -- window state --------------------------------------------------------------------------
    def _state_path(self) -> Path:
        return (self.home or home_dir()) / WINDOW_STATE_FILE

    def window_state(self) -> WindowState:
        try:
            raw = json.loads(self._state_path().read_text(encoding="utf-8"))
            page = str(raw.get("page") or "import")
            tid = raw.get("thread_id")
            return WindowState(page, str(tid) if tid else None)
        except (OSError, ValueError, AttributeError):  # no file yet, or a damaged one: the defaults
            return WindowState()

    def save_window_state(self, state: WindowState) -> None:
        path = self._state_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(state), ensure_ascii=False), encoding="utf-8")
            tmp.replace(path)
        except OSError:  # losing the last page is not worth an error message at exit
            log.warning("could not save the window state", exc_info=True)
