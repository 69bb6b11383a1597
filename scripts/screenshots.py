"""Screenshots of every page and dialog of the real desktop app, for docs/screenshots/.

Run by scripts/screenshots.sh under Xvfb (`make screenshots`). It starts kgdesk as a new user
would — first-run wizard, the bundled local graph server, real ledgers dropped on the window, a
real build, real questions through the real agent — and grabs the screen at each step. Two
stand-ins: the OS keyring is a private file in the run's temporary folder, shared by the app's
processes as the OS keyring would be (Linux CI machines have no secure keyring; the app would say
so in the wizard), and the language model is the scripted local test server
(tests/llm_server.py with tests/llm_desktop.py), reached through the real openai SDK: it plans the
one question the rules cannot read and streams a short narrative over each answer.

The tour is SHOTS, in order. A screenshot it cannot take as named (a dialog that does not open,
an answer that is not given, a wait that times out) fails the run with exit status 1 and a line
saying which screenshot and why; the output folder is replaced only after a complete run.

    .venv/bin/python scripts/screenshots.py --out docs/screenshots
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from keyring.backend import KeyringBackend

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WIDTH, HEIGHT = 1280, 800

SHOTS: tuple[str, ...] = (
    "首次设置-图数据库", "首次设置-语言模型", "首次设置-用户", "导入-空", "导入-校验结果", "导入-构建进度",
    "导入-发布成功", "数据质量", "数据质量-导出问题行", "问答-空", "对话框-选择取值", "对话框-确认理解",
    "对话框-确认计划", "对话框-选择口径", "对话框-缩小范围", "问答-回答与出处", "导出-保存为Excel",
    "问答-已导出Excel", "证据图", "来源行", "查询详情", "问答-已加入缓存", "问答-语言模型小结生成中",
    "问答-语言模型回答", "设置-图数据库", "设置-语言模型", "设置-用户与确认方式", "设置-限制",
    "对话框-删除对话", "运行记录", "审计日志-已校验", "版本-列表", "版本-差异", "版本-回滚确认",
)
"""The tour, in order: every page and dialog, each a real step of the run (README lists the same
files; tests/test_screenshots_list.py keeps the two in step)."""


def shot_files() -> list[str]:
    return [f"{i:02d}-{name}.png" for i, name in enumerate(SHOTS, 1)]


class ShotError(RuntimeError):
    """A screenshot the tour could not take as named: the run fails, naming it."""


KEYRING_FILE_ENV = "KGDESK_SHOTS_KEYRING"


class RunKeyring(KeyringBackend):
    """The OS keyring's stand-in: one JSON file in the run's temporary folder, shared by the GUI
    and the worker processes (spawned children load it through PYTHON_KEYRING_BACKEND), as the OS
    keyring is on a desktop. A keyring of one process only would give the question worker another
    audit key and anchor than the GUI, and 校验完整性 would rightly call the log forged."""

    priority = 1  # type: ignore[assignment]

    @staticmethod
    def _update(change: Callable[[dict[str, dict[str, str]]], str | None]) -> str | None:
        import fcntl
        import json

        path = Path(os.environ[KEYRING_FILE_ENV])
        with open(path.with_name(path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # GUI and worker write the audit anchor in turn
            data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            result = change(data)
            tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            os.chmod(tmp, 0o600)
            tmp.replace(path)
        return result

    def get_password(self, service: str, username: str) -> str | None:
        return self._update(lambda d: d.get(service, {}).get(username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self._update(lambda d: d.setdefault(service, {}).__setitem__(username, password))

    def delete_password(self, service: str, username: str) -> None:
        self._update(lambda d: d.get(service, {}).pop(username, None))


def prepare_environment(work: Path) -> None:
    home = work / "home"
    os.environ["KGDESK_HOME"] = str(home)
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    # the local graph server's password (the keyring would hold it on a desktop)
    os.environ["KGDESK_NEO4J_PASSWORD"] = "shots-" + secrets.token_hex(8)
    for var in ("KGDESK_NEO4J_URI", "KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY",
                "KGDESK_AUDIT_KEY", "KGDESK_AUDIT_KEY_DIR"):
        os.environ.pop(var, None)
    os.environ[KEYRING_FILE_ENV] = str(work / "keyring.json")
    os.environ["PYTHON_KEYRING_BACKEND"] = "scripts.screenshots.RunKeyring"  # the worker processes
    import keyring

    keyring.set_keyring(RunKeyring())


def make_ledgers(folder: Path) -> Path:
    """data/test_data plus one supplementary roster with typical mistakes and one non-spreadsheet."""
    from kgdesk.templates.loader import default_template_set
    from tests.xlsx import row_for, write_xlsx

    shutil.copytree(ROOT / "data" / "test_data", folder, ignore=shutil.ignore_patterns("*.md"))
    people = list(default_template_set().template("人员信息").field_names)
    write_xlsx(
        folder / "人员补录（3月）.xlsx",
        people,
        [
            row_for(people, 姓名="周晓燕", 工号="KWL2603011", 岗位名称="保洁员", 当前服务项目编号="XMSQ0102",
                    入职日期="2026-03-05", 性别="女", 联系电话="0"),
            row_for(people, 姓名="陈立新", 工号=None, 岗位名称="保安_普保", 当前服务项目编号="XMSQ0105"),
            row_for(people, 姓名="吴海", 工号="KWL2603013", 岗位名称="保安_普保", 当前服务项目编号="XMSQ0105",
                    入职日期="2026-13-01", 司龄=0),
            row_for(people, 姓名="郑小红", 工号="KWL2603014", 岗位名称="绿化工", 当前服务项目编号="XMSQ9999"),
        ],
    )
    (folder / "会议纪要.xlsx").write_text("这不是表格文件", encoding="utf-8")
    return folder


class Shooter:
    def __init__(self, out: Path, window: Any) -> None:
        self.out = out
        self.window = window
        self.taken: list[str] = []

    @property
    def next_file(self) -> str:
        """The screenshot the tour is working towards (for the failure message)."""
        files = shot_files()
        return files[len(self.taken)] if len(self.taken) < len(files) else "（全部已拍完）"

    async def shot(self, name: str, settle: float = 0.35, widget: Any = None) -> None:
        """The main window; with `widget` (a dialog), the dialog over the dimmed window with a frame.

        Xvfb has no window manager, so dialogs have no title bar or shadow: draw a frame, the
        title and a soft shadow the way a desktop would, so the screenshots read like the real thing.
        """
        from PySide6.QtCore import QPoint, QRect, Qt
        from PySide6.QtGui import QColor, QFont, QPainter, QPen

        n = len(self.taken)
        if n >= len(SHOTS) or SHOTS[n] != name:
            raise ShotError(f"截图顺序与 SHOTS 不一致：第 {n + 1} 张应为「{SHOTS[n] if n < len(SHOTS) else '（无）'}」，"
                            f"脚本要拍的是「{name}」")
        # the wait runs the Qt loop (qasync), so layout and paint are done; a processEvents() here
        # would run other tasks' callbacks inside this one (qasync: "Cannot enter into task"),
        # losing the tour's task for good — a hang, not a failure
        await asyncio.sleep(settle)
        w = self.window
        pix = w.grab()
        if widget is not None and widget is not w:
            title_h = 30
            dlg = widget.grab()
            painter = QPainter(pix)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.fillRect(pix.rect(), QColor(17, 24, 39, 90))
            pos = w.mapFromGlobal(widget.mapToGlobal(QPoint(0, 0)))
            x = max(8, min(pos.x(), pix.width() - dlg.width() - 8))
            y = max(title_h + 8, min(pos.y(), pix.height() - dlg.height() - 8))
            frame = QRect(x - 1, y - title_h - 1, dlg.width() + 2, dlg.height() + title_h + 2)
            for i in range(10, 0, -2):  # shadow
                painter.fillRect(frame.adjusted(-i, -i + 4, i, i + 4), QColor(0, 0, 0, 6))
            painter.fillRect(frame, QColor("#ffffff"))
            painter.fillRect(QRect(x, y - title_h, dlg.width(), title_h), QColor("#eef1f6"))
            painter.setPen(QPen(QColor("#b7c0ce")))
            painter.drawRect(frame)
            f = QFont(w.font())
            f.setPointSizeF(f.pointSizeF() - 0.5)
            painter.setFont(f)
            painter.setPen(QColor("#374151"))
            painter.drawText(QRect(x + 12, y - title_h, dlg.width() - 24, title_h),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), widget.windowTitle())
            painter.drawPixmap(x, y, dlg)
            painter.end()
        path = self.out / f"{len(self.taken) + 1:02d}-{name}.png"
        pix.save(str(path))
        self.taken.append(path.name)
        print(f"  {path.name}", flush=True)


APP_ERRORS: list[str] = []
"""Errors the app reported to the user (its error funnel): any one fails the run at the next wait,
rather than the wait running into its time limit (a graph server that cannot start, say)."""


async def until(cond: Callable[[], object], timeout: float = 120.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if APP_ERRORS:
            raise ShotError(f"等待「{what}」时应用报错：{APP_ERRORS[0]}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"等待超时：{what}")
        await asyncio.sleep(0.05)


async def dialog_of(kind: type, timeout: float = 180.0) -> Any:
    from PySide6.QtWidgets import QApplication

    found: list[Any] = []

    def look() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]
        return bool(found)

    await until(look, timeout, kind.__name__)
    return found[0]


def drop(window: Any, paths: list[Path]) -> None:
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    pos = QPointF(window.width() / 2, window.height() / 2)
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, QDragEnterEvent(pos, *args))
    QApplication.sendEvent(window, QDropEvent(pos, *args))


LLM_QUESTION = "在赵巷公园干活的女同志有几位？"  # 干活 / 女同志: the rules cannot read it, the model plans it


async def run(out: Path, work: Path, shooter: list[Shooter]) -> None:
    """The whole tour; `shooter` receives the Shooter at once, so a failure can say where it stopped."""
    from PySide6.QtWidgets import QApplication

    from kgdesk.app.desktop import Desktop
    from kgdesk.app.notifications import funnel
    from kgdesk.ui.aio import executor
    from kgdesk.ui.app import DesktopApp
    from tests.llm_desktop import DesktopResponder, count_women_plan
    from tests.llm_server import LLMTestServer

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    asyncio.get_running_loop().set_default_executor(executor())  # as kgdesk.ui.app.desktop_main
    llm = LLMTestServer().start()
    llm.responder = DesktopResponder({LLM_QUESTION: count_women_plan("赵巷公园")})
    desktop = Desktop()
    errors = funnel()
    errors.subscribe(lambda note: APP_ERRORS.append(f"{note.context}：{note.message}（{note.code}）"))
    d = DesktopApp(app, desktop, errors)
    w = d.window
    w.resize(WIDTH, HEIGHT)
    w.move(0, 0)
    d.show()
    s = Shooter(out, w)
    shooter.append(s)
    try:
        await shoot_all(d, desktop, s, work, llm)
    finally:
        await d.shutdown()  # cancels tasks, stops the local graph server this window started
        llm.stop()


async def shoot_all(d: Any, desktop: Any, s: Shooter, work: Path, llm: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QFileDialog

    from kgdesk.progress import ProgressEvent
    from kgdesk.ui.detail_dialogs import CitationDialog, QueryDetailsDialog
    from kgdesk.ui.evidence import EvidenceDialog
    from kgdesk.ui.history import TableDialog
    from kgdesk.ui.interaction_dialogs import (
        ChooseBasisDialog,
        ChooseScopeDialog,
        ChooseValuesDialog,
        ConfirmPlanDialog,
        ConfirmSlotsDialog,
    )
    from kgdesk.ui.prompts import ConfirmBox
    from kgdesk.ui.settings import FirstRunWizard, SettingsDialog

    w = d.window

    # -- first run --------------------------------------------------------------------------
    wiz = await dialog_of(FirstRunWizard, 30)
    await s.shot("首次设置-图数据库", widget=wiz)
    wiz.next()
    form = wiz.form
    form.llm_on.setChecked(True)
    form.base_url.setText(llm.base_url)
    form.model.setText(llm.model)
    form.llm_test.button.click()
    await until(lambda: form.llm_test.result.text()[:1] in ("✓", "✗"), 60, "测试语言模型")
    await s.shot("首次设置-语言模型", widget=wiz)
    wiz.next()
    wiz.form.user.setText("王主管")
    wiz.form.role.setCurrentIndex(wiz.form.role.findData("manager"))
    await s.shot("首次设置-用户", widget=wiz)
    wiz.accept()
    await s.shot("导入-空", settle=1.0)
    print("  等待本地图数据库启动…", flush=True)
    await until(lambda: "运行中" in w.status.graph.text(), 600, "本地图数据库")

    # -- import -----------------------------------------------------------------------------
    ledgers = make_ledgers(work / "台账")
    page = w.import_page
    drop(w, [ledgers])
    await until(lambda: page.session.run is not None and not page.busy, 300, "校验")
    names = [r.name for r in page.files.rows]
    page.table.selectRow(names.index("人员补录（3月）.xlsx"))
    await asyncio.sleep(0.2)
    issues = [page.issues.data(page.issues.index(r, 2)) for r in range(page.issues.rowCount())]
    page.issue_table.selectRow(next(i for i, t in enumerate(issues) if t == "值格式有误"))
    await s.shot("导入-校验结果")

    gate = threading.Event()
    original = desktop.build

    def gated(paths: Any, progress: Any = None, cancel: Any = None) -> dict[str, Any]:
        def hold(e: ProgressEvent) -> None:
            if progress is not None:
                progress(e)
            if e.stage == "relationships" and e.done and not gate.is_set():
                gate.wait(60)

        return original(paths, hold, cancel)

    desktop.build = gated
    page.build_btn.click()
    await until(lambda: page.progress.stage.text().startswith("写入关系"), 900, "写入关系")
    await s.shot("导入-构建进度")
    gate.set()
    await until(lambda: not page.building, 900, "构建完成")
    desktop.build = original
    w.refresh_status()
    await w.quality.refresh()
    await until(lambda: w.status.info is not None and w.status.info.version, 60, "状态栏")
    await s.shot("导入-发布成功", settle=0.8)

    # -- data quality -----------------------------------------------------------------------
    dlg = w.quality.open_dialog()
    dlg.move(60, 40)
    await until(lambda: dlg.state == "report", 60, "质量报告")
    dlg.select_file("人员补录（3月）.xlsx")
    await s.shot("数据质量", widget=dlg)
    await w.quality.export(work / "数据质量问题行.xlsx")  # what 导出问题行（Excel）does once a file is chosen
    await s.shot("数据质量-导出问题行", widget=dlg)
    dlg.close()

    # -- chat -------------------------------------------------------------------------------
    chat = w.chat_page
    w.show_page(chat)
    await until(lambda: chat.thread_id is not None, 60, "对话")
    await s.shot("问答-空")

    def kind(x: Any) -> str:
        """Which interaction a dialog is."""
        return {ChooseValuesDialog: "values", ChooseBasisDialog: "assumption", ConfirmSlotsDialog: "slots",
                ConfirmPlanDialog: "plan", ChooseScopeDialog: "scope"}.get(type(x), "")

    async def ask(question: str, shots: dict[str, str], why: str = "") -> Any:
        """Ask as a user would and answer every dialog; `shots`: dialog kind → screenshot name.

        A dialog the tour expects that does not open, a dialog it cannot answer, or an answer that
        is not `answered` fails the run, naming the screenshot (`why`: what should open it).
        """
        from PySide6.QtWidgets import QDialog

        chat.input.setPlainText(question)
        n = len(chat.cards) + 1
        chat.send()
        seen: list[Any] = []  # the dialogs themselves: a new one may reuse a deleted one's address
        while True:
            open_dialogs: list[Any] = []

            def ready(seen: list[Any] = seen, n: int = n, found: list[Any] = open_dialogs) -> bool:
                found[:] = [x for x in QApplication.topLevelWidgets()
                            if isinstance(x, QDialog) and x.isVisible() and not any(x is y for y in seen)]
                return bool(found) or (len(chat.cards) >= n and not chat.asking)

            await until(ready, 600, question)
            if not open_dialogs:
                break
            dlg = open_dialogs[0]
            seen.append(dlg)
            if kind(dlg) not in answers:
                raise ShotError(f"问题「{question}」打开了脚本不认识的对话框 {type(dlg).__name__}「{dlg.windowTitle()}」")
            name = shots.pop(kind(dlg), None)
            if name:
                expected = SHOTS[len(s.taken)] if len(s.taken) < len(SHOTS) else ""
                if name != expected and expected in shots.values():
                    raise ShotError(f"截图「{expected}」没有拍到：问题「{question}」没有先打开它的对话框，"
                                    f"而是打开了「{name}」（{why or '见脚本'}；已打开：{[kind(x) for x in seen]}）")
                await s.shot(name, widget=dlg)
            answers[kind(dlg)](dlg)
        card = chat.cards[n - 1]
        doc = card.doc or {}
        opened = [kind(x) for x in seen]
        print(f"  「{question}」→ {doc.get('status')}，对话框：{opened}", flush=True)
        if shots:
            missing = "、".join(f"「{name}」（{k}）" for k, name in shots.items())
            raise ShotError(f"截图 {missing} 没有拍到：问题「{question}」没有打开这个对话框"
                            f"（{why or '见脚本'}；实际打开：{opened or '无'}；回答：{doc.get('status')} "
                            f"{card.body.toPlainText()[:200]}）")
        if doc.get("status") != "answered":
            raise ShotError(f"问题「{question}」没有得到回答：{doc.get('status')} {card.body.toPlainText()[:300]}")
        return card

    def confirm(x: Any) -> None:
        x.confirm_btn.click()

    def approve(x: Any) -> None:
        x.approve_btn.click()

    def first(x: Any) -> None:
        x.set_checked([x.candidates[-1].key])
        x.ok_btn.click()

    def summary(x: Any) -> None:
        x.choose("summary")
        if x.chosen is None or x.chosen.key != "summary":
            raise ShotError(f"缩小范围对话框里没有“只看汇总”：{[o.key for o in x.options]}")
        x.ok_btn.click()

    answers = {"slots": confirm, "plan": approve, "values": first, "assumption": first, "scope": summary}

    def confirm_mode(mode: str) -> None:
        """As in 设置 → 用户 → 确认我的理解 (the first-run default is 仅在不确定时确认)."""
        desktop.save(desktop.settings.saved().model_copy(update={"confirm_mode": mode}))
        if desktop.settings.confirm_mode() != mode:  # what the next question will read
            raise ShotError(f"确认方式没有保存为 {mode}")

    # The tour of every dialog, each opened by a mechanism that does not depend on how a question
    # is planned: a name with several matches (选择取值), confirmation mode 每次都确认 (确认理解,
    # 确认计划), an unstated default that changes the count (选择口径), a list too long to show
    # whole (缩小范围). The plain questions below go without any dialog.
    confirm_mode("always")
    await ask("赵巷有多少员工？", {"values": "对话框-选择取值", "slots": "对话框-确认理解", "plan": "对话框-确认计划",
                            "assumption": "对话框-选择口径"},
              "「赵巷」匹配到多个项目；确认方式为每次都确认；人员信息与考勤中赵巷的人数不同")
    await ask("有哪些人员？", {"scope": "对话框-缩小范围"}, "人员名单超过一屏能列出的行数")
    confirm_mode("uncertain")
    async def show_card(card: Any) -> None:
        """Scroll so the question and the start of its answer are in view (once the layout settled)."""
        from PySide6.QtCore import QPoint

        await asyncio.sleep(0.8)
        bar = chat.scroll_area.verticalScrollBar()
        if bar.value() < bar.maximum():
            print(f"  注意：回答出现后对话没有滚动到底（还差 {bar.maximum() - bar.value()} px）", flush=True)
        y = card.parentWidget().mapTo(chat.scroll_area.widget(), QPoint(0, 0)).y()
        bar.setValue(max(0, y - 80))

    card = await ask("青浦-工业园区有哪些设备？", {})
    await show_card(card)
    await s.shot("问答-回答与出处")

    w.activateWindow()  # Xvfb has no window manager: give the window the keyboard as a click would
    await asyncio.sleep(0.3)
    QTest.keyClick(w, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # Ctrl+E: the latest answer to Excel
    try:
        fd = await dialog_of(QFileDialog, 5)
    except TimeoutError:  # the key did not reach the window (no focus under Xvfb): the shortcut's action
        w.shortcuts["export"].activated.emit()
        fd = await dialog_of(QFileDialog, 30)
    await s.shot("导出-保存为Excel", widget=fd)
    fd.fileSelected.emit(str(work / "设备答案.xlsx"))
    fd.reject()
    await until(lambda: chat.banner.isVisible() and "已导出" in chat.banner.text.text(), 60, "导出")
    await s.shot("问答-已导出Excel", settle=0.3)
    chat.banner.hide()

    chat.cards[0].evidence_requested.emit()  # 赵巷有多少员工？: the people and the project they serve
    ev = await dialog_of(EvidenceDialog, 30)
    await until(lambda: ev.graph is not None or ev.banner.isVisible(), 120, "证据图")
    if ev.graph is None:
        raise ShotError(f"证据图没有画出来：{ev.banner.text.text()}")
    await s.shot("证据图", widget=ev, settle=0.6)
    ev.accept()

    cite = next((i for i, c in enumerate(card.citations, 1) if c.get("file") == "设备信息.xlsx"), 0)
    if not cite:
        raise ShotError(f"设备问题的回答没有引用 设备信息.xlsx：{card.citations[:3]}")
    card.citation_requested.emit(cite)
    cd = await dialog_of(CitationDialog, 60)
    await until(lambda: cd.table.rowCount() > 0 or cd.banner.isVisible(), 60, "来源行")
    if cd.table.rowCount() == 0:
        raise ShotError(f"来源行没有读出：{cd.banner.text.text()}")
    await s.shot("来源行", widget=cd)
    cd.accept()
    card.details_requested.emit()
    qd = await dialog_of(QueryDetailsDialog, 30)
    qd.tabs.setCurrentIndex(1)
    await s.shot("查询详情", widget=qd)
    qd.accept()
    card.approve_btn.click()
    await until(lambda: card.approved, 30, "加入缓存")
    chat.scroll_area.ensureWidgetVisible(card.approve_btn, 0, 160)  # the undo button in view
    await s.shot("问答-已加入缓存", settle=0.5)
    chat.banner.hide()  # the user closes the note

    # a question only the language model can plan; its narrative streams in before the facts
    llm.responder.chunk_delay_s = 0.12
    streaming: dict[str, bool] = {}

    async def mid_stream() -> None:
        await until(lambda: chat.current_card is not None and len(chat.current_card.streamed) >= 24, 300, "小结")
        await s.shot("问答-语言模型小结生成中", settle=0.05)
        streaming["shot"] = True

    watcher = asyncio.ensure_future(mid_stream())
    card = await ask(LLM_QUESTION, {})
    await asyncio.wait([watcher], timeout=5)
    if (card.doc or {}).get("status") != "answered" or not streaming:
        watcher.cancel()
        raise RuntimeError(f"语言模型问题（请求：{llm.responder.seen}）没有回答或没有流式小结："
                           f"{(card.doc or {}).get('status')} {card.body.toPlainText()[:300]}")
    await show_card(card)
    await s.shot("问答-语言模型回答")

    # -- settings, history, audit -----------------------------------------------------------
    w.open_settings()
    sd = await dialog_of(SettingsDialog, 30)
    await s.shot("设置-图数据库", widget=sd)
    sd.tabs.setCurrentIndex(1)
    await s.shot("设置-语言模型", widget=sd)
    sd.tabs.setCurrentIndex(2)
    await s.shot("设置-用户与确认方式", widget=sd)
    sd.tabs.setCurrentIndex(4)
    await s.shot("设置-限制", widget=sd)
    sd.reject()
    chat.thread_panel.delete_btn.click()
    box = await dialog_of(ConfirmBox, 30)
    await s.shot("对话框-删除对话", widget=box)
    box.reject()
    w.open_history()
    hd = await dialog_of(TableDialog, 30)
    await until(lambda: hd.summary.text() != "正在读取…", 30, "运行记录")
    await s.shot("运行记录", widget=hd)
    hd.accept()
    await until(lambda: not hd.isVisible(), 10)
    w.open_audit()
    ad = await dialog_of(TableDialog, 30)
    await until(lambda: ad.summary.text() != "正在读取…", 30, "审计日志")
    from PySide6.QtWidgets import QPushButton

    next(b for b in ad.findChildren(QPushButton) if b.text() == "校验完整性").click()
    await until(lambda: ad.banner.isVisible(), 60, "审计日志校验")
    if not ad.banner.text.text().startswith("审计日志完整"):
        raise ShotError(f"审计日志校验没有通过：{ad.banner.text.text()}")
    await s.shot("审计日志-已校验", widget=ad)
    ad.accept()
    await shoot_versions(w, s)


async def shoot_versions(w: Any, s: Shooter) -> None:
    """版本: a second version (one file removed from the library), the list, the difference, the
    rollback's confirm box (closed with 取消: a rollback is a build, the list and box say enough)."""
    from kgdesk.ui.prompts import ConfirmBox
    from kgdesk.ui.versions_dialog import VersionsDialog

    page = w.import_page
    w.show_page(page)
    panel = page.library_panel
    await until(lambda: panel.model.rows, 60, "台账库")
    panel.table.selectRow(next(i for i, r in enumerate(panel.model.rows) if r.entry.file == "人员补录（3月）.xlsx"))
    panel.remove_btn.click()
    await until(lambda: all(r.entry.file != "人员补录（3月）.xlsx" for r in panel.model.rows), 60, "移除")
    page.build_btn.click()
    await until(lambda: page.building, 30, "构建开始")
    await until(lambda: not page.building, 900, "构建完成")
    panel.versions_btn.click()
    vd = await dialog_of(VersionsDialog, 30)
    await until(lambda: vd.listed is not None and len(vd.model.rows) >= 2, 60, "版本列表")
    first, second = vd.model.rows[1].version, vd.model.rows[0].version
    vd.select(first)
    await s.shot("版本-列表", widget=vd)
    vd.select(first, second)
    vd.compare()
    await until(lambda: vd.shown_diff is not None, 60, "版本差异")
    await s.shot("版本-差异", widget=vd)
    vd.select(first)
    vd.rollback_btn.click()
    box = await dialog_of(ConfirmBox, 60)
    await s.shot("版本-回滚确认", widget=box)
    box.reject()
    await until(lambda: not vd.rolling_back, 30)
    vd.reject()


def main(argv: list[str] | None = None) -> int:
    """Exit 0 with every screenshot of SHOTS in `--out`; else exit 1, saying which one failed,
    and `--out` keeps its previous images (the run writes to a staging folder first)."""
    import traceback

    p = argparse.ArgumentParser(description="kgdesk 界面截图（在 Xvfb 下运行）")
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    p.add_argument("--keep", action="store_true", help="保留临时的 KGDESK_HOME 和已拍的截图（调试用）")
    args = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="kgdesk-shots-"))
    stage = work / "shots"
    stage.mkdir()
    prepare_environment(work)

    from qasync import QEventLoop

    from kgdesk.ui.app import create_application

    app = create_application(["kgdesk"])
    shooter: list[Shooter] = []
    failure = ""
    interrupted: list[int] = []

    def on_interrupt(signum: int, _frame: object) -> None:  # the time limit of screenshots.sh, or Ctrl+C
        interrupted.append(signum)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_interrupt)

    async def guarded() -> None:
        await run(stage, work, shooter)

    try:
        with asyncio.Runner(loop_factory=lambda: QEventLoop(app)) as runner:
            runner.run(guarded())
    except BaseException as e:  # any failure (a timeout, a missing dialog, Ctrl+C) names the screenshot
        traceback.print_exc()
        failure = ("运行被中断（超过时限或 Ctrl+C）；" if interrupted else "") + f"{type(e).__name__}: {e}"
    finally:
        from kgdesk.graph.local_server import LocalGraphServer
        from kgdesk.paths import local_neo4j_dir

        LocalGraphServer(local_neo4j_dir(work / "home")).stop(timeout=60)
    taken = shooter[0].taken if shooter else []
    if not failure and taken != shot_files():
        failure = f"拍到的截图与 SHOTS 不一致：{taken}"
    if failure:
        at = shooter[0].next_file if shooter else shot_files()[0]
        print(f"截图失败：已拍 {len(taken)}/{len(SHOTS)} 张，停在 {at}。\n  原因：{failure}\n"
              f"  {args.out} 中原有的截图没有改动。", file=sys.stderr)
        if args.keep:
            print(f"  临时目录（含已拍的截图）：{work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.png"):
        old.unlink()
    for name in taken:
        shutil.move(str(stage / name), str(args.out / name))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"共 {len(taken)} 张截图 → {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
