"""Cited rows: read one from the version's stored copy of its file (masked for the role), or make
a highlighted copy of that file to open in the system's spreadsheet program at that row."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kgdesk.app.contracts import OpenedSource, SourceRow
from kgdesk.app.preferences import SettingsService
from kgdesk.app.runtime import GraphRuntime
from kgdesk.errors import KgdeskError

HIGHLIGHT = "FFF2CC"
"""The cited row's fill in the opened copy (a soft yellow, as a highlighter)."""
OPENED_DIR = "kgdesk-来源"


def stored_copy(home: Path | None, citation: Mapping[str, Any], version: str | None) -> tuple[str, Path]:
    """(version, path) of the stored copy of the cited file in that data version."""
    from kgdesk.graph.versions import VersionStore

    version = version or citation.get("version")
    if not version:
        raise KgdeskError("这个答案没有记录数据版本，无法找到来源文件")
    store = VersionStore(home)
    manifest = store.read_manifest(str(version))
    if manifest is None:
        raise KgdeskError(f"本机没有数据版本 {version} 的源文件副本（可能已被清理，或由另一台电脑构建）")
    file = str(citation.get("file") or "")
    stored = next((c.get("stored_as") for c in manifest.get("files") or [] if c.get("file") == file), None)
    path = store.path(str(version)) / str(stored or f"sources/{file}")
    if not path.exists():
        raise KgdeskError(f"数据版本 {version} 中没有文件「{file}」的副本")
    return str(version), path


class SourceService:
    """The rows behind citations."""

    def __init__(self, settings: SettingsService, runtime: GraphRuntime) -> None:
        self.settings = settings
        self.runtime = runtime

    def source_row(self, citation: Mapping[str, Any], version: str | None) -> SourceRow:
        """All fields of a cited row in column order; names hidden for the role are in `masked`."""
        self.runtime.warm_up()
        from kgdesk.security.permissions import MASK_TEXT

        version, path = stored_copy(self.settings.home, citation, version)
        file = str(citation.get("file") or "")
        row_no = int(citation.get("row") or 0)
        read = self.runtime.qa_worker().run("read_row", str(path), row_no, self.settings.effective())
        if read["raw"] is None:
            raise KgdeskError(f"文件「{file}」的副本中没有第 {row_no} 行数据")
        columns = list(read["columns"])
        columns += [c for c in read["raw"] if c not in columns]
        raw = {c: read["raw"].get(c, "") for c in columns}
        template = str(citation.get("template") or read["template"] or "")
        shown = self.settings.policy().mask_template_row(template, raw) if template else raw
        masked = [c for c in columns if shown.get(c) == MASK_TEXT and raw.get(c) != MASK_TEXT]
        return SourceRow(
            fields=[(c, "" if c in masked else str(shown.get(c, ""))) for c in columns],
            masked=masked,
            template=template,
            sheet=citation.get("sheet") or read["sheet"],
            row=row_no,
            file=file,
            version=version,
            path=str(path),
        )

    def open_copy(self, citation: Mapping[str, Any], version: str | None, into: Path | None = None) -> OpenedSource:
        """A copy of the cited file with the cited row selected and highlighted (the stored copy is
        never touched). Masked fields stay out of reach only in kgdesk: this is the user's own file
        as imported, so it is offered only to a role that may see every field of the row."""
        row = self.source_row(citation, version)
        hidden = self.hidden_columns(row["template"], [name for name, _ in row["fields"]])
        if hidden:
            raise KgdeskError(
                f"按您的角色，这个文件中的「{'、'.join(hidden)}」无权查看，不能打开原文件；"
                "可以在来源窗口查看这一行的其余字段。"
            )
        return highlighted_copy(Path(row["path"]), row["sheet"], row["row"], into=into, name=row["file"])


    def hidden_columns(self, template: str, columns: list[str]) -> list[str]:
        """Columns the role may not see in full, in any row of the file (probed, not read)."""
        if not template:
            return []
        probe = {c: "x" for c in columns}
        shown = self.settings.policy().mask_template_row(template, probe)
        return [c for c in columns if shown.get(c) != "x"]


def highlighted_copy(src: Path, sheet: str | None, row: int, *, into: Path | None = None,
                     name: str | None = None) -> OpenedSource:
    """Copy `src` into a fresh folder; in an .xlsx the row is filled, active and selected on its sheet."""
    folder = Path(tempfile.mkdtemp(prefix="kgdesk-", dir=into)) if into is not None else Path(
        tempfile.mkdtemp(prefix="kgdesk-"))
    target = folder / _safe_name(name or src.name)
    if src.suffix.lower() not in (".xlsx", ".xlsm"):
        shutil.copy2(src, target)
        return OpenedSource(target, sheet or "", f"A{row}")
    from openpyxl import load_workbook
    from openpyxl.styles import PatternFill

    try:
        wb = load_workbook(src, keep_vba=src.suffix.lower() == ".xlsm")
    except (OSError, ValueError, KeyError) as e:
        raise KgdeskError(f"无法打开来源文件的副本（{e.__class__.__name__}）") from e
    ws = wb[sheet] if sheet and sheet in wb.sheetnames else wb.active
    if ws is None:
        raise KgdeskError("来源文件没有工作表")
    fill = PatternFill("solid", start_color=HIGHLIGHT, end_color=HIGHLIGHT)
    last = max(ws.max_column, 1)
    for c in range(1, last + 1):
        ws.cell(row=row, column=c).fill = fill
    cell = f"A{row}"
    wb.active = wb.worksheets.index(ws)
    for other in wb.worksheets:
        other.sheet_view.tabSelected = other is ws
    ws.sheet_view.selection[0].activeCell = cell
    ws.sheet_view.selection[0].sqref = f"A{row}:{ws.cell(row=row, column=last).coordinate}"
    ws.sheet_view.topLeftCell = f"A{max(1, row - 5)}"
    try:
        wb.save(target)
    except OSError as e:
        raise KgdeskError(f"无法写入来源文件的副本：{e.strerror or e}") from e
    return OpenedSource(target, ws.title, cell)


def _safe_name(name: str) -> str:
    return re.sub(r'[\\/:*?"<>|]', "_", Path(name).name) or "来源.xlsx"
