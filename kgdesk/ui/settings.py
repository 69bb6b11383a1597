"""First-run wizard and settings dialog: graph server, LLM endpoint, user and role, embedding model, limits.

Both bind widgets to `Settings` (kgdesk.config.settings); secrets go to the OS keyring
through the desktop adapter, never into the settings file. The connection tests call the
core (GraphConnection.verify, LLM client's list_models) in a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from kgdesk.app.contracts import Limits, Settings
from kgdesk.app.wording import CONFIRM_MODES
from kgdesk.errors import KgdeskError
from kgdesk.ui import theme
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.widgets import Banner, button, label

if TYPE_CHECKING:
    from kgdesk.app.contracts import TestResult
    from kgdesk.ui.context import UiContext

log = logging.getLogger("kgdesk.ui")

NEO4J_PASSWORD = "neo4j-password"  # names of kgdesk.config.secrets (kept in sync by a test)
NEO4J_READ_PASSWORD = "neo4j-read-password"
LLM_API_KEY = "llm-api-key"

ROLES = (("admin", "管理员"), ("manager", "经理"), ("staff", "员工"), ("guest", "访客"))

LIMIT_LABELS: dict[str, tuple[str, str]] = {
    "max_file_mb": ("单个文件大小上限", "MB"),
    "max_rows_per_sheet": ("每个工作表行数上限", "行"),
    "max_question_chars": ("问题长度上限", "字"),
    "max_answer_rows": ("每个答案最多行数", "行"),
    "query_timeout_s": ("查询超时", "秒"),
    "row_cap": ("单次查询结果上限", "行"),
    "scope_threshold": ("超过多少行时提示缩小范围", "行"),
    "min_group_size": ("分组统计的最小组大小", "人"),
    "llm_tokens_per_question": ("每个问题的模型用量上限", "tokens"),
    "llm_tokens_per_hour": ("每小时的模型用量上限", "tokens"),
    "llm_timeout_s": ("语言模型超时", "秒"),
    "llm_max_retry_wait_s": ("语言模型重试总等待", "秒"),
    "llm_question_deadline_s": ("每个问题的语言模型时限", "秒"),
    "llm_context_tokens": ("语言模型上下文窗口", "tokens"),
}


class TestLine(QWidget):
    """A "测试连接" button with its result next to it."""

    def __init__(self, text: str = "测试连接") -> None:
        super().__init__()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.button = button(text, "refresh")
        self.result = label("", wrap=True, selectable=True)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.result, 1)

    def running(self) -> None:
        self.button.setEnabled(False)
        self.result.setText("正在测试…")
        theme.set_variant(self.result, "state", "busy")

    def show_result(self, ok: bool, message: str) -> None:
        self.button.setEnabled(True)
        self.result.setText(("✓ " if ok else "✗ ") + message)
        theme.set_variant(self.result, "state", "ok" if ok else "bad")


class SettingsForm:
    """The widgets of every section, filled from and read back into Settings."""

    def __init__(self, ctx: UiContext, saved: Settings, stored: dict[str, bool], keyring_problem: str | None,
                 roles: list[tuple[str, str]] | None = None, identity_locked: bool = False):
        self.ctx = ctx
        self.roles = roles or [(k, f"{t}（{k}）") for k, t in ROLES]
        self.identity_locked = identity_locked
        self.saved = saved
        self.stored = stored
        self.keyring_problem = keyring_problem
        self.tests: list[asyncio.Task[Any]] = []

        # graph
        self.graph_local = QRadioButton("本地图数据库（推荐）：kgdesk 自动启动内置的 Neo4j，数据保存在本机")
        self.graph_shared = QRadioButton("共享服务器：连接单位的 Neo4j 服务器或集群")
        self.graph_group = QButtonGroup(self.graph_local)  # parented: Qt objects die on the GUI thread
        self.graph_group.addButton(self.graph_local)
        self.graph_group.addButton(self.graph_shared)
        self.uri = QLineEdit(saved.neo4j_uri or "")
        self.uri.setPlaceholderText("例如 neo4j://10.0.0.5:7687 或 bolt+s://graph.example.cn:7687")
        self.neo4j_user = QLineEdit(saved.neo4j_user or "neo4j")
        self.neo4j_password = QLineEdit()
        self.neo4j_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.neo4j_password.setPlaceholderText("已保存在系统密钥环，留空表示不修改" if stored.get(NEO4J_PASSWORD) else "密码")
        self.database = QLineEdit(saved.neo4j_database or "")
        self.database.setPlaceholderText("留空 = 服务器默认数据库")
        self.read_user = QLineEdit(saved.neo4j_read_user or "")
        self.read_user.setPlaceholderText("可选：服务器上的只读账号，提问和报告用它登录")
        self.read_password = QLineEdit()
        self.read_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.read_password.setPlaceholderText(
            "已保存在系统密钥环，留空表示不修改" if stored.get(NEO4J_READ_PASSWORD) else "只读账号的密码")
        self.graph_test = TestLine()
        (self.graph_shared if saved.neo4j_uri else self.graph_local).setChecked(True)

        # llm
        self.llm_off = QRadioButton("离线：只用内置规则回答（常见问题不需要语言模型）")
        self.llm_on = QRadioButton("使用语言模型服务（任意 OpenAI 兼容接口，如 DeepSeek、vLLM、Ollama）")
        self.llm_group = QButtonGroup(self.llm_off)
        self.llm_group.addButton(self.llm_off)
        self.llm_group.addButton(self.llm_on)
        self.base_url = QLineEdit(saved.llm_base_url or "")
        self.base_url.setPlaceholderText("例如 https://api.deepseek.com/v1 或 http://10.0.0.8:8000/v1")
        self.model = QLineEdit(saved.llm_model or "")
        self.model.setPlaceholderText("例如 deepseek-chat")
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText("已保存在系统密钥环，留空表示不修改" if stored.get(LLM_API_KEY) else "API Key（本地服务可留空）")
        self.llm_test = TestLine()
        (self.llm_on if saved.llm_base_url else self.llm_off).setChecked(True)

        # user
        self.user = QLineEdit(saved.user if saved.user != "guest" else "")
        self.user.setPlaceholderText("您的姓名或工号")
        self.role = QComboBox()
        for key, text in self.roles:
            self.role.addItem(text, key)
        idx = self.role.findData(saved.role)
        self.role.setCurrentIndex(idx if idx >= 0 else max(0, self.role.findData("guest")))
        if identity_locked:  # changing who you are and what you may see needs the admin role
            self.user.setEnabled(False)
            self.role.setEnabled(False)

        self.confirm_mode = QComboBox()
        self.confirm_mode.setObjectName("confirmMode")
        for key, text in CONFIRM_MODES.items():
            self.confirm_mode.addItem(text, key)
        self.confirm_mode.setCurrentIndex(max(0, self.confirm_mode.findData(saved.confirm_mode)))

        # embedding model
        self.embedding = QLineEdit(saved.embedding_model or "")
        self.embedding.setPlaceholderText("留空 = 使用内置的字符相似度")
        self.embedding_browse = button("选择文件夹…", "folder")
        self.embedding_browse.clicked.connect(self._browse_embedding)

        # limits
        self.limit_fields: dict[str, QSpinBox | QDoubleSpinBox] = {}
        for name, (_text, unit) in LIMIT_LABELS.items():
            value = getattr(saved.limits, name)
            box: QSpinBox | QDoubleSpinBox
            if isinstance(value, float):
                box = QDoubleSpinBox()
                box.setDecimals(1)
                box.setRange(0.5, 3600.0)
            else:
                box = QSpinBox()
                box.setRange(0, 100_000_000)
                box.setGroupSeparatorShown(True)
            box.setSuffix(f" {unit}")
            box.setValue(value)
            self.limit_fields[name] = box

        self.graph_local.toggled.connect(self._sync_enabled)
        self.llm_on.toggled.connect(self._sync_enabled)
        self.graph_test.button.clicked.connect(self.test_graph)
        self.llm_test.button.clicked.connect(self.test_llm)
        self._sync_enabled()

    def _sync_enabled(self) -> None:
        shared = self.graph_shared.isChecked()
        for w in (self.uri, self.neo4j_user, self.neo4j_password, self.database, self.read_user, self.read_password):
            w.setEnabled(shared)
        on = self.llm_on.isChecked()
        for w in (self.base_url, self.model, self.api_key):
            w.setEnabled(on)
        self.llm_test.button.setEnabled(on)

    def _browse_embedding(self) -> None:
        dlg = QFileDialog(self.embedding.window(), "选择向量模型文件夹（sentence-transformers）")
        dlg.setFileMode(QFileDialog.FileMode.Directory)
        dlg.fileSelected.connect(lambda d: self.embedding.setText(d) if d else None)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()

    # -- pages -----------------------------------------------------------------------------
    def keyring_banner(self) -> Banner:
        b = Banner()
        if self.keyring_problem:
            b.show_message(
                "warning",
                f"{self.keyring_problem}\n密码和 API Key 不会被保存；可改用环境变量 KGDESK_NEO4J_PASSWORD、KGDESK_LLM_API_KEY 提供。",
            )
        return b

    def graph_page(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.addWidget(self.graph_local)
        lay.addWidget(self.graph_shared)
        form = QFormLayout()
        form.setContentsMargins(24, 4, 0, 0)
        form.addRow("服务器地址", self.uri)
        form.addRow("用户名", self.neo4j_user)
        form.addRow("密码", self.neo4j_password)
        form.addRow("数据库名", self.database)
        form.addRow("只读账号（可选）", self.read_user)
        form.addRow("只读账号密码", self.read_password)
        form.addRow("", self.graph_test)
        lay.addLayout(form)
        lay.addWidget(self.keyring_banner())
        lay.addStretch(1)
        return w

    def llm_page(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.addWidget(self.llm_off)
        lay.addWidget(self.llm_on)
        form = QFormLayout()
        form.setContentsMargins(24, 4, 0, 0)
        form.addRow("服务地址", self.base_url)
        form.addRow("模型名称", self.model)
        form.addRow("API Key", self.api_key)
        form.addRow("", self.llm_test)
        lay.addLayout(form)
        lay.addWidget(label("问题和表结构会发送给该服务；原始数据行不会发送。", "muted", wrap=True))
        lay.addStretch(1)
        return w

    def user_page(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        form.addRow("姓名", self.user)
        form.addRow("角色", self.role)
        note = "角色决定能查询哪些内容（如工资、收费只对经理和管理员开放）。修改姓名和角色需要管理员权限。"
        if self.identity_locked:
            note += "\n当前角色不是管理员，不能修改。"
        form.addRow("", label(note, "muted", wrap=True))
        form.addRow("确认我的理解", self.confirm_mode)
        form.addRow("", label("“仅在不确定时确认”：问题说得清楚就直接回答；需要按默认补上条件时，先请您确认。", "muted", wrap=True))
        return w

    def embedding_page(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        row = QHBoxLayout()
        row.addWidget(self.embedding, 1)
        row.addWidget(self.embedding_browse)
        lay.addWidget(label("向量模型文件夹", "section"))
        lay.addLayout(row)
        lay.addWidget(label(
            "可选。指向本机已有的 sentence-transformers 模型文件夹，用于名称的语义匹配；kgdesk 不会联网下载模型。", "muted", wrap=True))
        lay.addStretch(1)
        return w

    def limits_page(self) -> QScrollArea:
        """The limits as one form; the settings dialog sizes itself so all of it shows (the scroll
        area only scrolls on a screen too small for that)."""
        inner = QWidget()
        inner.setObjectName("limitsForm")
        form = QFormLayout(inner)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.setVerticalSpacing(8)
        form.setHorizontalSpacing(14)
        for name, box in self.limit_fields.items():
            box.setMinimumWidth(220)
            box.lineEdit().setTextMargins(4, 0, 0, 0)  # as far in as the text of the other inputs
            form.addRow(LIMIT_LABELS[name][0], box)
        reset = button("恢复默认值", "undo")
        reset.clicked.connect(self.reset_limits)
        form.addRow("", reset)
        scroll = QScrollArea()
        scroll.setObjectName("limitsScroll")
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroll

    def reset_limits(self) -> None:
        d = Limits()
        for name, box in self.limit_fields.items():
            box.setValue(getattr(d, name))

    # -- reading back ------------------------------------------------------------------------
    def read(self) -> tuple[Settings, dict[str, str | None]]:
        shared = self.graph_shared.isChecked()
        llm = self.llm_on.isChecked()
        limits = Limits(**{n: b.value() for n, b in self.limit_fields.items()})
        settings = self.saved.model_copy(
            update={
                "neo4j_uri": self.uri.text().strip() or None if shared else None,
                "neo4j_user": self.neo4j_user.text().strip() or "neo4j",
                "neo4j_database": self.database.text().strip() or None,
                "neo4j_read_user": self.read_user.text().strip() or None if shared else None,
                "llm_base_url": self.base_url.text().strip() or None if llm else None,
                "llm_model": self.model.text().strip() or None if llm else None,
                "user": self.user.text().strip() or "guest",
                "role": self.role.currentData(),
                "embedding_model": self.embedding.text().strip() or None,
                "limits": limits,
                "confirm_mode": self.confirm_mode.currentData(),
            }
        )
        secrets: dict[str, str | None] = {}
        if shared and self.neo4j_password.text():
            secrets[NEO4J_PASSWORD] = self.neo4j_password.text()
        if shared and self.read_password.text():
            secrets[NEO4J_READ_PASSWORD] = self.read_password.text()
        if llm and self.api_key.text():
            secrets[LLM_API_KEY] = self.api_key.text()
        return settings, secrets

    def problems(self) -> list[str]:
        out = []
        if self.graph_shared.isChecked() and not self.uri.text().strip():
            out.append("请填写共享图数据库的服务器地址，或选择本地图数据库。")
        if self.llm_on.isChecked() and not (self.base_url.text().strip() and self.model.text().strip()):
            out.append("请填写语言模型的服务地址和模型名称，或选择离线。")
        return out

    # -- tests -----------------------------------------------------------------------------
    def test_graph(self) -> None:
        self.tests.append(self.ctx.tasks.spawn("settings.test_graph", self._run_test(self.graph_test, self._graph_args())))

    def _graph_args(self) -> Callable[[], TestResult]:
        uri = self.uri.text().strip() if self.graph_shared.isChecked() else None
        user = self.neo4j_user.text().strip() or "neo4j"
        password = self.neo4j_password.text() or None
        db = self.database.text().strip() or None
        desktop = self.ctx.desktop

        def run() -> TestResult:
            pw = password
            if uri and not pw and self.stored.get(NEO4J_PASSWORD):
                pw = desktop.settings.get_secret(NEO4J_PASSWORD)
            return desktop.runtime.test_graph(uri, user, pw, db)

        return run

    def test_llm(self) -> None:
        base, model = self.base_url.text().strip(), self.model.text().strip()
        key = self.api_key.text() or None
        desktop = self.ctx.desktop

        def run() -> TestResult:
            k = key
            if not k and self.stored.get(LLM_API_KEY):
                k = desktop.settings.get_secret(LLM_API_KEY)
            return desktop.runtime.test_llm(base, model, k)

        if not base or not model:
            self.llm_test.show_result(False, "请先填写服务地址和模型名称")
            return
        self.tests.append(self.ctx.tasks.spawn("settings.test_llm", self._run_test(self.llm_test, run)))

    async def _run_test(self, line: TestLine, fn: Callable[[], TestResult]) -> None:
        line.running()
        try:
            result = await run_sync(fn)
        except KgdeskError as e:
            line.show_result(False, e.message)
            return
        except asyncio.CancelledError:
            line.show_result(False, "已取消")
            raise
        line.show_result(result.ok, result.message)


async def _load_form(ctx: UiContext, *, first_run: bool = False) -> SettingsForm:
    desktop = ctx.desktop

    def load() -> tuple[Settings, dict[str, bool], str | None]:
        try:
            saved = desktop.settings.saved()
        except KgdeskError:
            saved = Settings()
        problem = desktop.settings.check_keyring()
        stored: dict[str, bool] = {}
        if problem is None:
            for name in (NEO4J_PASSWORD, NEO4J_READ_PASSWORD, LLM_API_KEY):
                try:
                    stored[name] = bool(desktop.settings.get_secret(name))
                except KgdeskError:
                    stored[name] = False
        return saved, stored, problem

    saved, stored, problem = await run_sync(load)
    try:
        roles = await run_sync(desktop.settings.roles)
    except KgdeskError:
        roles = None
    locked = not first_run and not await run_sync(desktop.settings.is_admin)
    return SettingsForm(ctx, saved, stored, problem, roles, identity_locked=locked)


class SettingsDialog(QDialog):
    def __init__(self, form: SettingsForm, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.form = form
        self.setObjectName("settingsDialog")
        self.setWindowTitle("设置")
        self.setModal(True)
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.tabs.addTab(form.graph_page(), theme.icon("database"), "图数据库")
        self.tabs.addTab(form.llm_page(), theme.icon("spark"), "语言模型")
        self.tabs.addTab(form.user_page(), theme.icon("user"), "用户")
        self.tabs.addTab(form.embedding_page(), theme.icon("folder"), "向量模型")
        self.limits = form.limits_page()
        self.tabs.addTab(self.limits, theme.icon("settings"), "限制")
        lay.addWidget(self.tabs, 1)
        self.error = Banner()
        lay.addWidget(self.error)
        # the app's own buttons (a standard Save / Cancel would carry the platform's floppy and X icons)
        self.buttons = QDialogButtonBox()
        self.save_btn = button("保存", "check", variant="primary")
        self.save_btn.setDefault(True)
        self.cancel_btn = button("取消")
        self.buttons.addButton(self.save_btn, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.cancel_btn, QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self._try_accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._fit_limits(parent)

    def _fit_limits(self, parent: QWidget | None) -> None:
        """Tall enough to show the longest page (the limits) whole when the screen allows; on a
        smaller screen that page scrolls."""
        inner = self.limits.widget()
        need = inner.sizeHint().height() if inner is not None else 0
        self.limits.setMinimumHeight(need)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry().height() - 80  # the title bar and some air
            over = self.sizeHint().height() - room
            if over > 0:
                self.limits.setMinimumHeight(max(160, need - over))
        self.resize(720, max(560, self.sizeHint().height()))

    def _try_accept(self) -> None:
        problems = self.form.problems()
        if problems:
            self.error.show_message("error", "\n".join(problems))
            return
        self.accept()


async def save_form(ctx: UiContext, form: SettingsForm, *, first_run: bool = False, defaults: bool = False) -> str | None:
    """Save; returns an error message (settings without the secrets may still have been saved).

    `defaults`: keep what was saved before (the wizard was dismissed) and only mark the first run done.
    """
    settings, secrets = (form.saved, {}) if defaults else form.read()
    if first_run:
        settings = settings.model_copy(update={"first_run_done": True})
    # the core checks (changing user or role needs the admin role) and audits before saving
    if form.keyring_problem and secrets:
        try:
            await run_sync(ctx.desktop.save, settings, None, first_run=first_run)
        except KgdeskError as e:
            return e.message
        return f"设置已保存，但密码/API Key 没有保存：{form.keyring_problem}"
    try:
        await run_sync(ctx.desktop.save, settings, secrets, first_run=first_run)
    except KgdeskError as e:
        if e.code == "E_KEYRING":  # the keyring refused the secret: keep the other settings
            with contextlib.suppress(KgdeskError):
                await run_sync(ctx.desktop.save, settings, None, first_run=first_run)
        return e.message
    return None


async def open_settings(ctx: UiContext, parent: QWidget, on_saved: Callable[[], None] | None = None) -> bool:
    form = await _load_form(ctx)
    dlg = SettingsDialog(form, parent)  # deleted at the end: the form is read after it closes
    try:
        while True:
            if await show_dialog(dlg) != QDialog.DialogCode.Accepted:
                return False
            error = await save_form(ctx, form)
            if error is None:
                break
            dlg.error.show_message("error", error)
        if on_saved is not None:
            on_saved()
        return True
    finally:
        for t in form.tests:
            t.cancel()
        dlg.deleteLater()


class FirstRunWizard(QWizard):
    """Three short pages; Finish saves, Cancel keeps the defaults (local graph, offline)."""

    def __init__(self, form: SettingsForm, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.form = form
        self.setObjectName("firstRunWizard")
        self.setWindowTitle("欢迎使用 kgdesk")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setButtonText(QWizard.WizardButton.NextButton, "下一步")
        self.setButtonText(QWizard.WizardButton.BackButton, "上一步")
        self.setButtonText(QWizard.WizardButton.FinishButton, "完成")
        self.setButtonText(QWizard.WizardButton.CancelButton, "以后再说")
        self.resize(760, 560)
        self.setModal(True)
        for title, sub, page in (
            ("图数据库", "知识图谱保存在哪里？大多数情况下用本地图数据库即可。", form.graph_page()),
            ("语言模型", "可选。没有语言模型时，常见问题也能用内置规则回答。", form.llm_page()),
            ("您是谁", "用于权限和审计记录。", form.user_page()),
        ):
            self.addPage(_page(title, sub, page, form))
        # the tallest page (shared-server fields plus the keyring warning, shown later) fits unclipped
        self.resize(760, max(640, self.sizeHint().height()))

    def validateCurrentPage(self) -> bool:
        problems = self.form.problems()
        page = self.currentPage()
        if self.currentId() == 0 and problems and "图数据库" in problems[0]:
            page.setSubTitle(problems[0])
            return False
        if self.currentId() == 1 and any("语言模型" in p for p in problems):
            page.setSubTitle(next(p for p in problems if "语言模型" in p))
            return False
        return True


def _page(title: str, subtitle: str, body: QWidget, form: SettingsForm) -> QWizardPage:
    p = QWizardPage()
    p.setTitle(title)
    p.setSubTitle(subtitle)
    lay = QVBoxLayout(p)
    lay.addWidget(body)
    return p


async def run_first_run_wizard(ctx: UiContext, parent: QWidget) -> bool:
    form = await _load_form(ctx, first_run=True)
    wizard = FirstRunWizard(form, parent)
    try:
        accepted = await show_dialog(wizard) == QDialog.DialogCode.Accepted
        # dismissed: keep the defaults (local graph, offline) and do not ask again
        error = await save_form(ctx, form, first_run=True, defaults=not accepted)
    finally:
        for t in form.tests:
            t.cancel()
        wizard.deleteLater()
    if error:
        ctx.errors.report(KgdeskError(error), context="首次设置")
    return accepted


def keyring_label(problem: str | None) -> QLabel:
    return label(problem or "密码保存在系统密钥环中。", "muted", wrap=True)
