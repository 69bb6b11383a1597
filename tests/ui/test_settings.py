"""Settings dialog and first-run wizard: values saved to the settings file, secrets only to the keyring."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from kgdesk.config import secrets as kg_secrets
from kgdesk.config.settings import Settings, load_saved, save_settings
from kgdesk.paths import settings_file
from kgdesk.security.audit import audit_path, read_records
from kgdesk.ui import settings as ui_settings
from kgdesk.ui.context import UiContext
from kgdesk.ui.main_window import MainWindow
from kgdesk.ui.settings import FirstRunWizard, SettingsDialog, open_settings, run_first_run_wizard
from tests.ui.conftest import Aio, MemoryKeyring, modal_dialog, until


def test_secret_names_match_the_core() -> None:
    assert ui_settings.NEO4J_PASSWORD == kg_secrets.NEO4J_PASSWORD
    assert ui_settings.NEO4J_READ_PASSWORD == kg_secrets.NEO4J_READ_PASSWORD
    assert ui_settings.LLM_API_KEY == kg_secrets.LLM_API_KEY


def test_settings_dialog_saves_file_and_keyring(
    window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring, _fresh_home: Path
) -> None:
    save_settings(Settings(user="管理员甲", role="admin", first_run_done=True), _fresh_home)

    async def scenario() -> bool:
        task = ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        f = dlg.form
        assert f.role.isEnabled()  # an admin may change user and role
        f.graph_shared.setChecked(True)
        f.uri.setText("neo4j://10.1.2.3:7687")
        f.neo4j_user.setText("reader")
        f.neo4j_password.setText("图库密码-123")
        f.read_user.setText("kg_reader")
        f.read_password.setText("只读密码-789")
        f.llm_on.setChecked(True)
        f.base_url.setText("http://127.0.0.1:9/v1")
        f.model.setText("deepseek-chat")
        f.api_key.setText("sk-secret-456")
        f.user.setText("王会计")
        f.role.setCurrentIndex(f.role.findData("manager"))
        f.embedding.setText("/opt/models/bge-small-zh")
        f.limit_fields["row_cap"].setValue(1234)
        dlg.buttons.accepted.emit()
        return await task

    assert aio.run(scenario()) is True
    saved = load_saved(_fresh_home)
    assert (saved.neo4j_uri, saved.neo4j_user, saved.llm_base_url, saved.llm_model) == (
        "neo4j://10.1.2.3:7687", "reader", "http://127.0.0.1:9/v1", "deepseek-chat")
    assert (saved.user, saved.role, saved.embedding_model, saved.limits.row_cap) == (
        "王会计", "manager", "/opt/models/bge-small-zh", 1234)
    text = settings_file(_fresh_home).read_text(encoding="utf-8")
    assert "图库密码-123" not in text and "sk-secret-456" not in text and "只读密码-789" not in text
    assert saved.neo4j_read_user == "kg_reader"
    assert memory_keyring.store[("kgdesk", kg_secrets.NEO4J_READ_PASSWORD)] == "只读密码-789"
    assert memory_keyring.store[("kgdesk", kg_secrets.NEO4J_PASSWORD)] == "图库密码-123"
    assert memory_keyring.store[("kgdesk", kg_secrets.LLM_API_KEY)] == "sk-secret-456"
    rec = read_records(_fresh_home)[-1]  # audited as the admin who saved, secrets by name only
    assert (rec.action, rec.user, rec.role, rec.decision) == ("settings", "管理员甲", "admin", "ok")
    assert rec.detail["changed"]["role"] == {"from": "admin", "to": "manager"}
    assert sorted(rec.detail["secrets_changed"]) == sorted(
        [kg_secrets.LLM_API_KEY, kg_secrets.NEO4J_PASSWORD, kg_secrets.NEO4J_READ_PASSWORD])
    assert "图库密码-123" not in audit_path(_fresh_home).read_bytes().decode("utf-8", "replace")


def test_blank_password_keeps_the_stored_one_and_non_admin_cannot_change_role(
    window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring, _fresh_home: Path
) -> None:
    save_settings(Settings(neo4j_uri="bolt://127.0.0.1:1", user="小李", role="staff", first_run_done=True), _fresh_home)
    memory_keyring.set_password("kgdesk", kg_secrets.NEO4J_PASSWORD, "old-pass")

    async def scenario() -> None:
        task = ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        assert "已保存" in dlg.form.neo4j_password.placeholderText()
        assert not dlg.form.role.isEnabled() and not dlg.form.user.isEnabled()
        dlg.form.database.setText("ledger")
        dlg.buttons.accepted.emit()
        await task

    aio.run(scenario())
    assert memory_keyring.store[("kgdesk", kg_secrets.NEO4J_PASSWORD)] == "old-pass"
    saved = load_saved(_fresh_home)
    assert saved.neo4j_database == "ledger" and saved.role == "staff"


def test_cancel_saves_nothing(window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring,
                              _fresh_home: Path) -> None:
    async def scenario() -> bool:
        task = ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        dlg.form.uri.setText("bolt://x:1")  # type: ignore[attr-defined]
        dlg.reject()
        return await task

    assert aio.run(scenario()) is False
    assert not settings_file(_fresh_home).exists()
    assert memory_keyring.store == {}


def test_buttons_are_the_apps_own_and_the_limits_show_whole(window: MainWindow, ctx: UiContext, aio: Aio,
                                                            memory_keyring: MemoryKeyring) -> None:
    """保存 / 取消 are styled buttons (a standard Save / Cancel carries the platform's floppy and X
    icons); the dialog is tall enough that the limits tab shows its last row without scrolling."""
    from PySide6.QtWidgets import QDialogButtonBox, QPushButton

    async def scenario() -> SettingsDialog:
        ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        dlg.tabs.setCurrentWidget(dlg.limits)
        await asyncio.sleep(0.2)
        return dlg

    dlg = aio.run(scenario())
    assert dlg.buttons.standardButtons() == QDialogButtonBox.StandardButton.NoButton
    assert [b.text() for b in dlg.buttons.buttons()] == ["保存", "取消"] or \
        [b.text() for b in dlg.buttons.buttons()] == ["取消", "保存"]
    assert dlg.save_btn.property("variant") == "primary" and dlg.cancel_btn.icon().isNull()
    screen = window.screen().availableGeometry()
    assert dlg.height() <= screen.height()
    bar = dlg.limits.verticalScrollBar()
    assert bar.maximum() == 0, f"the limits tab scrolls by {bar.maximum()} px"
    inner = dlg.limits.widget()
    reset = next(b for b in inner.findChildren(QPushButton) if b.text() == "恢复默认值")
    last = reset.mapTo(dlg.limits.viewport(), reset.rect().bottomLeft()).y()
    assert last <= dlg.limits.viewport().height()  # the last row is in view, not cut off
    dlg.reject()


def test_missing_required_fields_keep_the_dialog_open(window: MainWindow, ctx: UiContext, aio: Aio,
                                                      memory_keyring: MemoryKeyring) -> None:
    async def scenario() -> SettingsDialog:
        ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        dlg.form.llm_on.setChecked(True)
        dlg.buttons.accepted.emit()
        return dlg

    dlg = aio.run(scenario())
    assert dlg.isVisible() and "语言模型" in dlg.error.text.text()


def test_first_run_wizard_local_and_offline(
    window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring, _fresh_home: Path
) -> None:
    async def scenario() -> bool:
        task = ctx.tasks.spawn("wizard", run_first_run_wizard(ctx, window))
        wiz = await modal_dialog(FirstRunWizard)
        assert isinstance(wiz, FirstRunWizard)
        assert wiz.form.graph_local.isChecked() and wiz.form.llm_off.isChecked()  # the defaults
        wiz.next()
        wiz.next()
        wiz.form.user.setText("陈主管")
        wiz.form.role.setCurrentIndex(wiz.form.role.findData("manager"))
        wiz.accept()
        return await task

    assert aio.run(scenario()) is True
    saved = load_saved(_fresh_home)
    assert saved.first_run_done and saved.neo4j_uri is None and saved.llm_base_url is None
    assert (saved.user, saved.role) == ("陈主管", "manager")
    rec = read_records(_fresh_home)[-1]  # the initial identity is chosen once, on the record
    assert rec.action == "settings" and rec.detail["first_run"] is True
    assert rec.detail["changed"]["user"] == {"from": "guest", "to": "陈主管"}


def test_failed_audit_write_keeps_the_dialog_open_and_saves_nothing(
    window: MainWindow, ctx: UiContext, aio: Aio, memory_keyring: MemoryKeyring, _fresh_home: Path
) -> None:
    save_settings(Settings(user="管理员甲", role="admin", first_run_done=True), _fresh_home)
    audit_path(_fresh_home).mkdir()  # the audit log cannot be opened

    async def scenario() -> SettingsDialog:
        ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        dlg.form.database.setText("ledger")
        dlg.form.api_key.setText("sk-never-stored-789")
        dlg.form.llm_on.setChecked(True)
        dlg.form.base_url.setText("http://127.0.0.1:9/v1")
        dlg.form.model.setText("m")
        dlg.buttons.accepted.emit()
        await until(lambda: dlg.error.isVisible())
        return dlg

    dlg = aio.run(scenario())
    assert dlg.isVisible() and "审计" in dlg.error.text.text() and "没有保存" in dlg.error.text.text()
    assert load_saved(_fresh_home).neo4j_database is None
    # nothing of the form reached the keyring (the audit log's own signing key may be there)
    assert {k: v for k, v in memory_keyring.store.items() if k[1] != "audit-key"} == {}


def test_first_run_wizard_validates_shared_server_page(window: MainWindow, ctx: UiContext, aio: Aio,
                                                        memory_keyring: MemoryKeyring) -> None:
    async def scenario() -> FirstRunWizard:
        ctx.tasks.spawn("wizard", run_first_run_wizard(ctx, window))
        wiz = await modal_dialog(FirstRunWizard)
        assert isinstance(wiz, FirstRunWizard)
        wiz.form.graph_shared.setChecked(True)
        wiz.next()  # refused: no URI
        return wiz

    wiz = aio.run(scenario())
    assert wiz.currentId() == 0 and "服务器地址" in wiz.currentPage().subTitle()


@pytest.fixture
def no_keyring() -> object:
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


def test_no_secure_keyring_is_explained_and_secrets_are_not_written(
    window: MainWindow, ctx: UiContext, aio: Aio, no_keyring: object, _fresh_home: Path
) -> None:
    async def scenario() -> SettingsDialog:
        ctx.tasks.spawn("settings", open_settings(ctx, window))
        dlg = await modal_dialog(SettingsDialog)
        assert isinstance(dlg, SettingsDialog)
        return dlg

    dlg = aio.run(scenario())
    texts = "\n".join(b.text.text() for b in dlg.findChildren(type(dlg.error)) if not b.isHidden())
    assert "无法安全保存密码" in texts and "KGDESK_NEO4J_PASSWORD" in texts

    async def save() -> None:
        dlg.form.graph_shared.setChecked(True)
        dlg.form.uri.setText("bolt://127.0.0.1:1")
        dlg.form.neo4j_password.setText("pw")
        dlg.buttons.accepted.emit()
        await until(lambda: settings_file(_fresh_home).exists() and dlg.isVisible() and dlg.error.isVisible())

    aio.run(save())
    assert "pw" not in json.dumps(json.loads(settings_file(_fresh_home).read_text(encoding="utf-8")))
    assert dlg.isVisible() and "没有保存" in dlg.error.text.text()  # the user is told, the dialog stays
