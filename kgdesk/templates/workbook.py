"""Read a user's Excel file safely into plain rows.

The user's file is never opened by a parser: it is copied (bounded) into a private temporary
folder, hashed, sniffed by its content, inspected for hostile structure and only then parsed
from the copy, which is deleted afterwards. Every failure is an `UnreadableFileError`
(E_UNREADABLE) with a Chinese message saying what is wrong; no reader exception escapes.

Cells come out as None, str, int, float, bool, datetime.date or datetime.datetime, the same
for every engine: '' is None, whole floats are ints, a midnight datetime is a date, a time or
duration cell is text ("08:30"). Formulas give their cached values; nothing is evaluated and
no external link is followed. Excel error cells are their text ("#DIV/0!") with openpyxl and
xlrd; calamine reports them as empty cells.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import tempfile
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from defusedxml import DefusedXmlException

from kgdesk.templates.merged import Bounds, MergedCellsError, MergedRange, bounds_from_ref, fill_merged
from kgdesk.templates.values import format_raw, is_empty
from kgdesk.templates.zipcheck import (
    CHUNK,
    ZIP_MAGIC,
    ReadLimits,
    UnreadableFileError,
    corrupt,
    inspect_zip,
    mb,
)

Cell = Any  # None | str | int | float | bool | datetime.date | datetime.datetime

ENGINES = ("calamine", "openpyxl")
# The header may stand on any of the first rows (titles above it); the row limit counts data rows
# below the header, so the reader allows this many more and the validator checks the exact count.
HEADER_ROWS = 5

_ZIP_EMPTY_MAGIC = b"PK\x05\x06"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


@dataclass
class Sheet:
    name: str
    rows: list[list[Cell]]  # rows[i] is Excel row i + 1; every row has the same length
    hidden: bool = False
    merged: list[MergedRange] = field(default_factory=list)  # already filled into `rows`


def _sheet(name: str, rows: list[list[Cell]], hidden: bool, ranges: Iterable[Bounds]) -> Sheet:
    """A sheet with its merged ranges filled in (kgdesk.templates.merged)."""
    try:
        merged = fill_merged(rows, ranges)
    except MergedCellsError as e:
        raise UnreadableFileError(
            f"工作表「{name}」的合并单元格声明异常（相互重叠或远超表格范围），疑似恶意文件，已拒绝读取",
            reason="malicious",
        ) from e
    return Sheet(name, rows, hidden=hidden, merged=merged)


@dataclass
class Workbook:
    path: Path
    file: str
    sha256: str
    sheets: list[Sheet] = field(default_factory=list)

    def sheet(self, name: str) -> Sheet:
        for s in self.sheets:
            if s.name == name:
                return s
        raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# Cell normalisation shared by all engines


def _cell(v: object) -> Cell:
    t = type(v)
    if t is str:
        # Whitespace-only text is no data; engines disagree on keeping it, so drop it for all.
        text: str = v  # type: ignore[assignment]
        return text if text and not text.isspace() else None
    if t is float:
        f: float = v  # type: ignore[assignment]
        if f.is_integer() and -(2**53) < f < 2**53:
            return int(f)
        return f
    if v is None or t is int or t is bool or t is dt.date:
        return v
    if isinstance(v, dt.datetime):
        if v.tzinfo is None and v.time() == dt.time(0):
            return v.date()
        return v
    if isinstance(v, dt.time | dt.timedelta):
        return format_raw(v)
    # Subclasses of the basic types (never produced by the engines today).
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return _cell(float(v))
    if isinstance(v, str):
        return _cell(str(v))
    if isinstance(v, dt.date):
        return dt.date(v.year, v.month, v.day)
    return format_raw(v)


def _blank(c: Cell) -> bool:
    return c is None or (type(c) is str and is_empty(c))


def _rectangle(raw_rows: Iterable[Iterable[Any]], sheet: str, max_rows: int) -> list[list[Cell]]:
    """Normalise cells, enforce the row limit, trim trailing empty rows and columns, pad to a rectangle."""
    rows: list[list[Cell]] = []
    last_row = 0  # number of rows up to the last non-blank one
    width = 0
    for raw in raw_rows:
        # text and numbers (nearly every cell) inline, as _cell would convert them
        row = [
            (v if v.strip() else None) if (t := type(v)) is str
            else (int(v) if v.is_integer() and -(2**53) < v < 2**53 else v) if t is float
            else _cell(v)
            for v in raw
        ]
        last = len(row)
        while last and _blank(row[last - 1]):
            last -= 1
        rows.append(row)
        if last:
            if len(rows) > max_rows + HEADER_ROWS:
                raise too_many_rows(sheet, max_rows)
            last_row = len(rows)
            width = max(width, last)
    del rows[last_row:]
    for row in rows:
        if len(row) > width:
            del row[width:]
        elif len(row) < width:
            row.extend([None] * (width - len(row)))
    return rows


def too_many_rows(sheet: str, max_rows: int) -> UnreadableFileError:
    return UnreadableFileError(
        f"工作表「{sheet}」的行数超过上限（每个工作表最多 {max_rows:,} 行数据，不含表头）；请拆分文件后再导入",
        reason="too_many_rows",
    )


# ---------------------------------------------------------------------------------------------
# Copy, hash, sniff


def _copy_and_hash(src: Path, dst: Path, limits: ReadLimits) -> str:
    digest = hashlib.sha256()
    total = 0
    with src.open("rb") as fin, dst.open("wb") as fout:
        while chunk := fin.read(CHUNK):
            total += len(chunk)
            if total > limits.max_file_bytes:
                raise _too_large(total, limits)
            digest.update(chunk)
            fout.write(chunk)
    if total == 0:
        raise UnreadableFileError("空文件（0 字节），不是 Excel 工作簿", reason="empty")
    return digest.hexdigest()


def _too_large(size: int, limits: ReadLimits) -> UnreadableFileError:
    return UnreadableFileError(
        f"文件过大（至少 {mb(size)} MB），超过上限 {mb(limits.max_file_bytes)} MB；请拆分文件，或在设置中调大上限",
        reason="too_large",
    )


def _not_excel(head: bytes, name: str) -> UnreadableFileError:
    """Say precisely what the file is when it is not a workbook."""
    lock = (
        "（文件名以 ~$ 开头，这是 Excel 打开文件时生成的临时锁文件，请忽略它）"
        if name.startswith("~$")
        else ""
    )
    probe = head.lstrip(b"\xef\xbb\xbf\xff\xfe\x00 \t\r\n").lower()
    kind: str
    if probe.startswith(b"%pdf"):
        kind = "这是 PDF 文件"
    elif probe.startswith((b"rar!", b"7z\xbc\xaf")):
        kind = "这是 RAR/7z 压缩包"
    elif probe.startswith((b"<html", b"<!doctype html", b"<table", b"<meta")) or b"<html" in probe[:1024]:
        kind = "这是网页（HTML）格式的表格，只是扩展名像 Excel；请在 Excel 中打开后另存为 .xlsx"
    elif probe.startswith(b"<?xml") and b"urn:schemas-microsoft-com:office:spreadsheet" in head:
        kind = "这是 Excel 2003 XML 表格；请在 Excel 中打开后另存为 .xlsx"
    elif _looks_like_text(head):
        kind = "这是文本文件（例如 CSV 或 TXT），只是扩展名像 Excel；请在 Excel 中打开后另存为 .xlsx"
    else:
        kind = "无法识别的文件格式"
    return UnreadableFileError(f"不是 Excel 文件：{kind}{lock}", reason="not_excel")


def _looks_like_text(head: bytes) -> bool:
    for encoding in ("utf-8-sig", "utf-16", "gb18030"):
        try:
            text = head.decode(encoding)
        except UnicodeDecodeError:
            # The sample may end in the middle of a multi-byte character.
            try:
                text = head[:-3].decode(encoding)
            except UnicodeDecodeError:
                continue
        if not text:
            continue
        printable = sum(1 for ch in text if ch.isprintable() or ch in "\r\n\t")
        if "\x00" not in text and printable / len(text) >= 0.95:
            return True
    return False


# ---------------------------------------------------------------------------------------------
# Readers


def _read_calamine(path: Path, limits: ReadLimits) -> list[Sheet]:
    from python_calamine import CalamineWorkbook, SheetTypeEnum, SheetVisibleEnum

    sheets: list[Sheet] = []
    with CalamineWorkbook.from_path(str(path)) as wb:
        for meta in wb.sheets_metadata:
            if meta.typ != SheetTypeEnum.WorkSheet:
                continue
            sheet = wb.get_sheet_by_name(meta.name)
            end = sheet.end
            if end is not None and end[0] + 1 > limits.max_rows_per_sheet + HEADER_ROWS:
                # Quick bound before building Python rows; the exact check runs in _rectangle.
                raise too_many_rows(meta.name, limits.max_rows_per_sheet)
            rows = _rectangle(sheet.to_python(skip_empty_area=False), meta.name, limits.max_rows_per_sheet)
            ranges = [(r1, c1, r2, c2) for (r1, c1), (r2, c2) in sheet.merged_cell_ranges or ()]
            sheets.append(_sheet(meta.name, rows, meta.visible != SheetVisibleEnum.Visible, ranges))
    return sheets


def _read_openpyxl(path: Path, limits: ReadLimits) -> list[Sheet]:
    import openpyxl
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    sheets: list[Sheet] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False, keep_vba=False)
        try:
            for ws in wb.worksheets:
                if not isinstance(ws, ReadOnlyWorksheet):
                    continue
                # A wrong <dimension> would otherwise cut rows and columns off.
                ws.reset_dimensions()
                rows = _rectangle(ws.iter_rows(values_only=True), ws.title, limits.max_rows_per_sheet)
                sheets.append(_sheet(ws.title, rows, ws.sheet_state != "visible", _openpyxl_merges(ws)))
        finally:
            wb.close()
    return sheets


def _openpyxl_merges(ws: Any) -> list[Bounds]:
    """Read-only openpyxl skips <mergeCells>; read them from the sheet part (already checked for
    DTDs and sizes), clearing parsed rows as it goes so memory stays flat."""
    from openpyxl.xml.functions import iterparse

    out: list[Bounds] = []
    source = ws._get_source()
    try:
        for _event, elem in iterparse(source, events=("end",)):
            tag = elem.tag.rsplit("}", 1)[-1]
            if tag == "mergeCell":
                bounds = bounds_from_ref(str(elem.get("ref", "")))
                if bounds is not None:
                    out.append(bounds)
            if tag in ("row", "mergeCell"):
                elem.clear()
    finally:
        source.close()
    return out


def _read_xls(path: Path, limits: ReadLimits) -> list[Sheet]:
    import xlrd
    from xlrd.biffh import error_text_from_code

    try:
        # formatting_info gives the merged ranges (BIFF MERGEDCELLS records)
        book = xlrd.open_workbook(str(path), on_demand=True, formatting_info=True, logfile=_NullLog())
    except xlrd.XLRDError as e:
        if "encrypt" in str(e).lower():
            raise _encrypted() from e
        raise
    try:
        sheets: list[Sheet] = []
        for index in range(book.nsheets):
            sh = book.sheet_by_index(index)
            if sh.nrows > limits.max_rows_per_sheet + HEADER_ROWS:
                raise too_many_rows(sh.name, limits.max_rows_per_sheet)

            def convert(ctype: int, value: Any) -> object:
                if ctype == xlrd.XL_CELL_DATE:
                    try:
                        if 0 <= value < 1:
                            return xlrd.xldate_as_datetime(value, book.datemode).time()
                        return xlrd.xldate_as_datetime(value, book.datemode)
                    except (ValueError, OverflowError, xlrd.xldate.XLDateError):
                        return value  # a serial outside the calendar stays a number for the parser to judge
                if ctype == xlrd.XL_CELL_BOOLEAN:
                    return bool(value)
                if ctype == xlrd.XL_CELL_ERROR:
                    return error_text_from_code.get(value, "#N/A")
                if ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
                    return None
                return value

            raw_rows = (
                [convert(t, v) for t, v in zip(sh.row_types(r), sh.row_values(r), strict=True)]
                for r in range(sh.nrows)
            )
            rows = _rectangle(raw_rows, sh.name, limits.max_rows_per_sheet)
            ranges = [(r1, c1, r2 - 1, c2 - 1) for r1, r2, c1, c2 in sh.merged_cells]  # xlrd: end-exclusive
            sheets.append(_sheet(sh.name, rows, sh.visibility != 0, ranges))
            book.unload_sheet(index)
        return sheets
    finally:
        book.release_resources()


class _NullLog:
    """xlrd writes warnings to a log file object; kgdesk keeps stdout clean."""

    def write(self, _text: str) -> int:
        return 0


def _encrypted() -> UnreadableFileError:
    return UnreadableFileError(
        "文件已加密（设置了打开密码），无法读取；请在 Excel 中取消打开密码"
        "（文件 → 信息 → 保护工作簿 → 用密码进行加密，清空密码）并保存后再导入",
        reason="encrypted",
    )


def _inspect_ole(path: Path) -> None:
    """An OLE container is a legacy .xls, an encrypted OOXML workbook, or some other Office file."""
    import olefile

    try:
        with olefile.OleFileIO(str(path)) as ole:
            if ole.exists("EncryptedPackage") or ole.exists("EncryptionInfo"):
                raise _encrypted()
            if ole.exists("Workbook") or ole.exists("Book"):
                return
            if ole.exists("WordDocument"):
                kind = "这是 Word 文档（.doc）"
            elif ole.exists("PowerPoint Document"):
                kind = "这是 PowerPoint 演示文稿（.ppt）"
            else:
                kind = "这是 Office 复合文档，但其中没有工作簿"
    except UnreadableFileError:
        raise
    except Exception as e:
        raise corrupt("旧版 Excel（.xls）文件结构无效") from e
    raise UnreadableFileError(f"不是 Excel 文件：{kind}", reason="not_excel")


_READERS: dict[str, Callable[[Path, ReadLimits], list[Sheet]]] = {
    "calamine": _read_calamine,
    "openpyxl": _read_openpyxl,
}

_CALAMINE_ERRORS = re.compile(r"password|encrypt", re.IGNORECASE)


def _reader_failure(e: Exception) -> UnreadableFileError:
    """Turn any parser exception into a user message; the cause stays chained for the log."""
    if isinstance(e, MemoryError):
        return UnreadableFileError("文件内容过多，读取时内存不足；请拆分文件后再导入", reason="too_large")
    name = type(e).__name__
    if isinstance(e, DefusedXmlException):
        return UnreadableFileError(
            "文件包含不允许的 XML 声明（DTD/实体/外部引用），疑似恶意文件，已拒绝读取", reason="malicious"
        )
    if _CALAMINE_ERRORS.search(name) or _CALAMINE_ERRORS.search(str(e)):
        return _encrypted()
    return corrupt(f"无法解析工作簿内容（{name}）")


# ---------------------------------------------------------------------------------------------
# Entry point


def read_workbook(path: Path, limits: ReadLimits | None = None, engine: str = "calamine") -> Workbook:
    """Read every worksheet of an .xlsx/.xlsm/.xls file from a private copy; see the module doc."""
    if engine not in _READERS:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    limits = limits or ReadLimits()
    path = Path(path)
    try:
        if not path.exists():
            raise UnreadableFileError("文件不存在（可能已被移动或删除）", reason="missing")
        if path.is_dir():
            raise UnreadableFileError("这是文件夹，不是文件", reason="not_excel")
        size = path.stat().st_size
        if size > limits.max_file_bytes:
            raise _too_large(size, limits)
        with tempfile.TemporaryDirectory(prefix="kgdesk-read-", ignore_cleanup_errors=True) as tmp:
            copy = Path(tmp) / "source.bin"
            try:
                sha256 = _copy_and_hash(path, copy, limits)
            except PermissionError as e:
                raise UnreadableFileError(
                    "无法读取文件：没有权限，或文件正被其他程序独占打开；请关闭正在编辑它的程序后重试",
                    reason="permission",
                ) from e
            with copy.open("rb") as f:
                head = f.read(4096)
            sheets = _read_copy(copy, head, path.name, limits, engine)
        return Workbook(path=path, file=path.name, sha256=sha256, sheets=sheets)
    except UnreadableFileError:
        raise
    except OSError as e:
        raise UnreadableFileError(
            f"无法读取文件（{e.strerror or type(e).__name__}）", reason="unreadable"
        ) from e
    except Exception as e:
        raise _reader_failure(e) from e


def _read_copy(copy: Path, head: bytes, name: str, limits: ReadLimits, engine: str) -> list[Sheet]:
    if head.startswith((ZIP_MAGIC, _ZIP_EMPTY_MAGIC)):
        inspect_zip(copy, limits)
        target = copy.rename(copy.with_suffix(".xlsx"))
        reader = _READERS[engine]
    elif head.startswith(_OLE_MAGIC):
        _inspect_ole(copy)
        target = copy.rename(copy.with_suffix(".xls"))
        reader = _read_xls
    else:
        raise _not_excel(head, name)
    try:
        return reader(target, limits)
    except UnreadableFileError:
        raise
    except Exception as e:
        raise _reader_failure(e) from e
