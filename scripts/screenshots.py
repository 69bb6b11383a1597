"""Screenshots of every page and dialog of the real desktop app, for docs/screenshots/.

Run by scripts/screenshots.sh under Xvfb (`make screenshots`). It starts kgdesk as a new user
would — first-run wizard, the bundled local graph server, real ledgers dropped on the window, a
real build, real questions through the real agent — and grabs the screen at each step. Two
stand-ins: the OS keyring is an in-memory one (Linux CI machines have no secure keyring; the app
would say so in the wizard), and the language model is the scripted local test server
(tests/llm_server.py with tests/llm_desktop.py), reached through the real openai SDK: it plans the
one question the rules cannot read and streams a short narrative over each answer.

    .venv/bin/python scripts/screenshots.py --out docs/screenshots
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WIDTH, HEIGHT = 1280, 800


def prepare_environment(home: Path) -> None:
    os.environ["KGDESK_HOME"] = str(home)
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    # the local graph server's password (the keyring would hold it on a desktop)
    os.environ["KGDESK_NEO4J_PASSWORD"] = "shots-" + secrets.token_hex(8)
    for var in ("KGDESK_NEO4J_URI", "KGDESK_LLM_BASE_URL", "KGDESK_LLM_MODEL", "KGDESK_LLM_API_KEY"):
        os.environ.pop(var, None)
    import keyring
    from keyring.backend import KeyringBackend

    class MemoryKeyring(KeyringBackend):
        priority = 1

        def __init__(self) -> None:
            super().__init__()
            self.store: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.store.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.store[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.store.pop((service, username), None)

    keyring.set_keyring(MemoryKeyring())


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

    async def shot(self, name: str, settle: float = 0.35, widget: Any = None) -> None:
        """The main window; with `widget` (a dialog), the dialog over the dimmed window with a frame.

        Xvfb has no window manager, so dialogs have no title bar or shadow: draw a frame, the
        title and a soft shadow the way a desktop would, so the screenshots read like the real thing.
        """
        from PySide6.QtCore import QPoint, QRect, Qt
        from PySide6.QtGui import QColor, QFont, QPainter, QPen
        from PySide6.QtWidgets import QApplication

        await asyncio.sleep(settle)
        QApplication.processEvents()
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


async def until(cond: Callable[[], object], timeout: float = 120.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
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


async def run(out: Path, work: Path) -> list[str]:
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
    d = DesktopApp(app, desktop, funnel())
    w = d.window
    w.resize(WIDTH, HEIGHT)
    w.move(0, 0)
    d.show()
    s = Shooter(out, w)
    try:
        await shoot_all(d, desktop, s, work, llm)
    finally:
        await d.shutdown()  # cancels tasks, stops the local graph server this window started
        llm.stop()
    return s.taken


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

    async def ask(question: str, answers: dict[str, Callable[[Any], Any]], shots: dict[str, str]) -> Any:
        chat.input.setPlainText(question)
        n = len(chat.cards) + 1
        chat.send()
        seen: list[Any] = []  # the dialogs themselves: a new one may reuse a deleted one's address
        while True:
            open_dialogs: list[Any] = []

            def ready(seen: list[Any] = seen, n: int = n, found: list[Any] = open_dialogs) -> bool:
                found[:] = [x for x in QApplication.topLevelWidgets()
                            if kind(x) in answers and x.isVisible() and not any(x is y for y in seen)]
                return bool(found) or (len(chat.cards) >= n and not chat.asking)

            await until(ready, 600, question)
            if not open_dialogs:
                return chat.cards[n - 1]
            dlg = open_dialogs[0]
            seen.append(dlg)
            name = shots.pop(kind(dlg), None)
            if name:
                await s.shot(name, widget=dlg)
            answers[kind(dlg)](dlg)

    def confirm(x: Any) -> None:
        x.confirm_btn.click()

    def approve(x: Any) -> None:
        x.approve_btn.click()

    def first(x: Any) -> None:
        x.set_checked([x.candidates[-1].key])
        x.ok_btn.click()

    def summary(x: Any) -> None:
        x.choose("summary")
        x.ok_btn.click()

    answers = {"slots": confirm, "plan": approve, "values": first, "assumption": first, "scope": summary}

    def confirm_mode(mode: str) -> None:
        """As in 设置 → 用户 → 确认我的理解 (the first-run default is 仅在不确定时确认)."""
        desktop.save(desktop.settings.saved().model_copy(update={"confirm_mode": mode}))

    confirm_mode("always")  # the tour of every dialog; plain questions below go without any
    await ask("赵巷有多少员工？", dict(answers), {"values": "对话框-选择取值", "assumption": "对话框-选择口径",
                                          "slots": "对话框-确认理解", "plan": "对话框-确认计划"})
    card = await ask("有哪些人员？", dict(answers), {"scope": "对话框-缩小范围"})
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

    card = await ask("青浦-工业园区有哪些设备？", dict(answers), {})
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
    await s.shot("证据图", widget=ev, settle=0.6)
    ev.accept()

    cite = next((i for i, c in enumerate(card.citations, 1) if c.get("file") == "设备信息.xlsx"), 1)
    card.citation_requested.emit(cite)
    cd = await dialog_of(CitationDialog, 60)
    await until(lambda: cd.table.rowCount() > 0 or cd.banner.isVisible(), 60, "来源行")
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
    card = await ask(LLM_QUESTION, dict(answers), {})
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
    p = argparse.ArgumentParser(description="kgdesk 界面截图（在 Xvfb 下运行）")
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    p.add_argument("--keep", action="store_true", help="保留临时的 KGDESK_HOME（调试用）")
    args = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="kgdesk-shots-"))
    prepare_environment(work / "home")
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.png"):
        old.unlink()

    from qasync import QEventLoop

    from kgdesk.ui.app import create_application

    app = create_application(["kgdesk"])
    taken: list[str] = []

    async def guarded() -> None:
        nonlocal taken
        taken = await run(args.out, work)

    try:
        with asyncio.Runner(loop_factory=lambda: QEventLoop(app)) as runner:
            runner.run(guarded())
    finally:
        from kgdesk.graph.local_server import LocalGraphServer
        from kgdesk.paths import local_neo4j_dir

        LocalGraphServer(local_neo4j_dir(work / "home")).stop(timeout=60)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"共 {len(taken)} 张截图 → {args.out}")
    return 0 if taken else 1


if __name__ == "__main__":
    sys.exit(main())
