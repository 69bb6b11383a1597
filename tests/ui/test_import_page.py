"""Import page: real .xlsx files dropped on the window, validation results per file and per row."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from kgdesk.templates.loader import default_template_set
from kgdesk.ui.main_window import MainWindow
from tests.ui.conftest import Aio, until
from tests.xlsx import row_for, write_xlsx

REPO = Path(__file__).resolve().parents[2]
TS = default_template_set()
PEOPLE = list(TS.template("人员信息").field_names)
PROJECT = list(TS.template("项目信息").field_names)


def drop(window: MainWindow, paths: list[Path]) -> tuple[bool, bool]:
    """Drag `paths` onto the middle of the window as a file manager would; (enter accepted, drop accepted)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    pos = QPoint(window.width() // 2, window.height() // 2)
    enter = QDragEnterEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter)
    if not enter.isAccepted():
        return False, False
    ev = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, ev)
    return True, ev.isAccepted()


def ledgers(tmp: Path) -> tuple[Path, Path, Path]:
    people = write_xlsx(
        tmp / "in" / "人员花名册.xlsx",
        PEOPLE,
        [
            row_for(PEOPLE, 姓名="张三", 工号="KWL0001", 岗位名称="保安_领班", 当前服务项目编号="XMSQ0102"),
            row_for(PEOPLE, 姓名="李四", 工号=None, 岗位名称="保洁"),  # row 3: key missing → skipped
            row_for(PEOPLE, 姓名="王五", 工号="KWL0003", 岗位名称="保安_普保", 服务起始年月="不是日期"),  # row 4
        ],
    )
    projects = write_xlsx(
        tmp / "in" / "项目.xlsx", PROJECT, [row_for(PROJECT, 项目编号="XMSQ0102", 项目名称="青浦-区图书馆", 项目负责人工号="KWL0001")]
    )
    junk = tmp / "in" / "说明.xlsx"
    junk.write_text("这不是表格", encoding="utf-8")
    return people, projects, junk


def test_drop_real_files_shows_validation_per_file_and_row(window: MainWindow, aio: Aio, tmp_path: Path) -> None:
    people, projects, junk = ledgers(tmp_path)
    page = window.import_page
    window.show_page(window.chat_page)

    async def scenario() -> None:
        assert drop(window, [people, projects, junk]) == (True, True)
        assert window.pages.currentWidget() is page  # dropping anywhere brings the import page
        await until(lambda: page.session.run is not None and not page.busy, what="validation")

    aio.run(scenario())
    rows = {r.name: r for r in page.files.rows}
    assert set(rows) == {"人员花名册.xlsx", "项目.xlsx", "说明.xlsx"}
    m = page.files

    def cells(name: str) -> list[str]:
        i = [r.name for r in m.rows].index(name)
        return [m.data(m.index(i, c)) for c in range(m.columnCount())]

    assert cells("项目.xlsx") == ["项目.xlsx", "项目信息", "1", "0", "0", "✓ 接收 1 行"]
    p = cells("人员花名册.xlsx")
    assert p[:4] == ["人员花名册.xlsx", "人员信息", "3", "0"]
    assert int(p[4]) >= 2 and p[5] == "✓ 接收 2 行，跳过 1 行"
    assert cells("说明.xlsx")[1] == "未识别" and cells("说明.xlsx")[5] == "✗ 拒收"
    assert page.build_btn.isEnabled()  # accepted files exist
    assert "拒收 1 个" in page.summary.text()

    # clicking a file shows its issues with Excel row numbers; clicking an issue shows that row
    page.table.selectRow([r.name for r in m.rows].index("人员花名册.xlsx"))
    issues = page.issues
    shown = [(issues.data(issues.index(r, 0)), issues.data(issues.index(r, 2))) for r in range(issues.rowCount())]
    assert ("第 3 行", "缺少主键（行已跳过）") in shown
    assert ("第 4 行", "值格式有误") in shown
    bad_row = [s[0] for s in shown].index("第 4 行")
    page.issue_table.selectRow(bad_row)
    html = page.row_view.toPlainText()
    assert "第 4 行的原始内容" in html and "不是日期" in html and "王五" in html

    page.table.selectRow([r.name for r in m.rows].index("说明.xlsx"))
    assert issues.rowCount() == 1 and issues.data(issues.index(0, 0)) == "整个文件"
    assert issues.data(issues.index(0, 1)) == "错误"


def test_drop_folder_then_more_files_revalidates_all_together(window: MainWindow, aio: Aio, tmp_path: Path) -> None:
    folder = tmp_path / "台账"
    shutil.copytree(REPO / "data" / "test_data", folder, ignore=shutil.ignore_patterns("*.md"))
    page = window.import_page

    async def scenario() -> None:
        drop(window, [folder / "人员信息.xlsx"])
        await until(lambda: page.session.run is not None and not page.busy)
        # alone, 人员信息 cannot check its references; with the folder, all 15 are checked together
        drop(window, [folder])
        await until(lambda: page.session.run is not None and len(page.session.run.files) == 15 and not page.busy)

    aio.run(scenario())
    assert len(page.files.rows) == 15  # the file dropped twice is listed once
    assert all(r.result is not None and r.result.accepted for r in page.files.rows)
    assert page.session.run is not None and page.session.run.references == []
    assert "接收 15 个" in page.summary.text()


def test_drop_of_non_files_is_refused(window: MainWindow, aio: Aio) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl("https://example.com/a.xlsx")])
    enter = QDragEnterEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter)
    assert not enter.isAccepted()
    mime2 = QMimeData()
    mime2.setText("纯文本")
    enter2 = QDragEnterEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime2, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, enter2)
    assert not enter2.isAccepted()
    assert window.import_page.session.paths == []


def test_clear_empties_the_page(window: MainWindow, aio: Aio, tmp_path: Path) -> None:
    people, projects, _ = ledgers(tmp_path)
    page = window.import_page

    async def scenario() -> None:
        drop(window, [people, projects])
        await until(lambda: page.session.run is not None and not page.busy)
        page.clear_btn.click()

    aio.run(scenario())
    assert page.files.rowCount() == 0 and page.issues.rowCount() == 0
    assert page.stack.currentWidget() is page.drop_zone
    assert not page.build_btn.isEnabled()


# --------------------------------------------------------------------------- no logic in the GUI

FORBIDDEN_RUNTIME = ("kgdesk.templates.validator", "kgdesk.templates.workbook", "kgdesk.templates.detect",
                     "kgdesk.graph", "kgdesk.qa", "kgdesk.quality", "pandas", "neo4j", "openai")


def test_import_page_imports_no_business_logic() -> None:
    probe = (
        "import json, sys\n"
        "import kgdesk.ui.import_page, kgdesk.ui.main_window\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=120,
                         env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    loaded = json.loads(out.stdout)
    leaked = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN_RUNTIME)]
    assert leaked == [], f"the GUI loaded core logic or heavy libraries at import: {leaked}"


def test_ui_modules_import_core_only_through_the_adapter() -> None:
    """Static check: kgdesk/ui talks to the core through kgdesk.app's services and their contracts
    (types may be imported for checking)."""
    allowed_prefixes = ("kgdesk.ui", "kgdesk.app.", "kgdesk.progress",
                        "kgdesk.errors", "kgdesk.paths", "kgdesk.config.settings",
                        # the Interactor protocol the dialogs implement, and its request types
                        "kgdesk.qa.interactions", "kgdesk.qa.understanding")
    offenders: list[str] = []
    for path in (REPO / "kgdesk" / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        type_checking_lines: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                for sub in ast.walk(node):
                    type_checking_lines.add(getattr(sub, "lineno", -1))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kgdesk"):
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("kgdesk")]
            else:
                continue
            if node.lineno in type_checking_lines:
                continue
            offenders += [f"{path.name}:{node.lineno} {n}" for n in names if not n.startswith(allowed_prefixes)]
    assert offenders == []
