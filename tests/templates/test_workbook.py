"""The safe workbook reader: exact row numbers, both engines and legacy .xls, and every hostile
file of issue 2 rejected with E_UNREADABLE and the right reason. All files are real: written
here with openpyxl (and rewritten at the zip level where a hostile structure is needed), made
encrypted with msoffcrypto-tool, or the committed LibreOffice-made tests/fixtures/legacy.xls."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import shutil
import struct
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import olefile
import openpyxl
import openpyxl.xml
import pytest
from openpyxl.chart import BarChart, Reference

from kgdesk.templates.workbook import HEADER_ROWS, ReadLimits, UnreadableFileError, Workbook, read_workbook

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ENGINES = ["calamine", "openpyxl"]


@pytest.fixture(autouse=True)
def _private_tempdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Route the reader's temporary copies into a folder the tests can inspect."""
    tmp = tmp_path / "tmpdir"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return tmp


def write_book(
    path: Path, sheets: dict[str, Sequence[Sequence[Any]]], *, formats: dict[str, str] | None = None
) -> Path:
    wb = openpyxl.Workbook()
    first = True
    for name, rows in sheets.items():
        ws = wb.active if first else wb.create_sheet(name)
        assert ws is not None
        ws.title = name
        first = False
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    ws.cell(row=r, column=c, value=value)
        for ref, fmt in (formats or {}).items():
            ws[ref].number_format = fmt
    wb.save(path)
    return path


def rewrite_zip(
    src: Path,
    dst: Path,
    transform: Callable[[str, bytes], bytes] = lambda _n, d: d,
    extra: dict[str, bytes] | None = None,
) -> Path:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, transform(info.filename, zin.read(info)))
        for name, data in (extra or {}).items():
            zout.writestr(name, data)
    return dst


def simple_book(path: Path, rows: int = 3) -> Path:
    return write_book(path, {"数据": [["工号", "姓名"], *[[f"KWL{i:04d}", f"员工{i}"] for i in range(rows)]]})


def unreadable(path: Path, limits: ReadLimits | None = None, engine: str = "calamine") -> UnreadableFileError:
    with pytest.raises(UnreadableFileError) as info:
        read_workbook(path, limits, engine=engine)
    err = info.value
    assert err.code == "E_UNREADABLE"
    return err


def test_openpyxl_parses_xml_with_defusedxml() -> None:
    assert openpyxl.xml.DEFUSEDXML is True


# ---------------------------------------------------------------------------------------------
# Reading


def _layout_book(path: Path) -> Path:
    """Header on Excel row 3 starting in column B, typed cells, a stray styled cell far away."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "数据"
    ws["B3"], ws["C3"], ws["D3"], ws["E3"], ws["F3"], ws["G3"] = (
        "工号",
        "入职日期",
        "打卡",
        "人数",
        "毛利率",
        "备注",
    )
    ws["B4"], ws["C4"], ws["D4"], ws["E4"], ws["F4"], ws["G4"] = (
        "KWL0001",
        dt.date(2026, 3, 1),
        dt.datetime(2026, 3, 1, 8, 30),
        12,
        0.125,
        "  ",
    )
    ws["C4"].number_format = "yyyy-mm-dd"
    ws["D4"].number_format = "yyyy-mm-dd hh:mm"
    ws["F4"].number_format = "0.0%"
    ws["B6"], ws["E6"], ws["G6"] = "KWL0002", 12.5, True  # row 5 is empty and kept
    ws["C6"] = 46082  # a serial in a cell that is not date-formatted stays a number
    ws["H6"] = dt.time(8, 30)
    ws["Z40"].number_format = "0.00"  # styled, no value: not data
    ws["B41"] = ""  # empty string: not data
    notes = wb.create_sheet("填写说明")
    notes["A1"] = "说明"
    hidden = wb.create_sheet("隐藏")
    hidden["A1"] = "x"
    hidden.sheet_state = "hidden"
    chart_data = wb.create_sheet("图表数据")
    chart_data.append([1])
    chart_data.append([2])
    chart = BarChart()
    chart.add_data(Reference(chart_data, min_col=1, min_row=1, max_row=2))
    wb.create_chartsheet("图表").add_chart(chart)
    wb.save(path)
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_rows_keep_exact_excel_row_numbers_and_types(tmp_path: Path, engine: str) -> None:
    path = _layout_book(tmp_path / "台账.xlsx")
    wb = read_workbook(path, engine=engine)
    assert isinstance(wb, Workbook)
    assert wb.file == "台账.xlsx" and wb.path == path
    assert wb.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [s.name for s in wb.sheets] == [
        "数据",
        "填写说明",
        "隐藏",
        "图表数据",
    ]  # the chart sheet is no worksheet
    assert [s.hidden for s in wb.sheets] == [False, False, True, False]
    rows = wb.sheet("数据").rows
    # Trailing empty rows trimmed: the styled Z40 and the "" in B41 are no data.
    assert len(rows) == 6
    assert {len(r) for r in rows} == {8}  # a rectangle up to the last non-empty column (H)
    assert rows[0] == [None] * 8 and rows[1] == [None] * 8  # Excel rows 1 and 2 are kept
    assert rows[2] == [None, "工号", "入职日期", "打卡", "人数", "毛利率", "备注", None]  # Excel row 3
    assert rows[3] == [
        None,
        "KWL0001",
        dt.date(2026, 3, 1),
        dt.datetime(2026, 3, 1, 8, 30),
        12,
        0.125,
        None,  # whitespace-only text is no data
        None,
    ]
    assert rows[4] == [None] * 8
    assert rows[5] == [None, "KWL0002", 46082, None, 12.5, None, True, "08:30"]
    assert type(rows[3][4]) is int and type(rows[3][2]) is dt.date


def test_engines_agree(tmp_path: Path) -> None:
    path = _layout_book(tmp_path / "台账.xlsx")
    a = read_workbook(path, engine="calamine")
    b = read_workbook(path, engine="openpyxl")
    assert [(s.name, s.rows, s.hidden) for s in a.sheets] == [(s.name, s.rows, s.hidden) for s in b.sheets]


@pytest.mark.parametrize("engine", ENGINES)
def test_openpyxl_wrong_dimension_does_not_cut_data(tmp_path: Path, engine: str) -> None:
    src = simple_book(tmp_path / "a.xlsx", rows=5)

    def lie(name: str, data: bytes) -> bytes:
        return (
            re.sub(rb'<dimension ref="[^"]*"\s*/>', b'<dimension ref="A1:A2"/>', data)
            if "worksheets/" in name
            else data
        )

    path = rewrite_zip(src, tmp_path / "b.xlsx", lie)
    rows = read_workbook(path, engine=engine).sheets[0].rows
    assert len(rows) == 6 and rows[-1] == ["KWL0004", "员工4"]


def test_unknown_engine_is_a_programming_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        read_workbook(simple_book(tmp_path / "a.xlsx"), engine="pandas")


@pytest.mark.parametrize("engine", ENGINES)
def test_legacy_xls_made_by_libreoffice(engine: str) -> None:
    path = FIXTURES / "legacy.xls"
    wb = read_workbook(path, engine=engine)
    assert wb.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [s.name for s in wb.sheets] == ["数据", "填写说明"]
    rows = wb.sheets[0].rows
    assert rows[0][0] == "人员信息（旧版 Excel 97-2003 格式）"
    assert rows[1] == [None] * 6
    assert rows[2] == ["姓名", "工号", "入职日期", "司龄", "服务起始年月", "备注"]
    assert rows[3] == ["张三", "kwl2307024", dt.date(2026, 3, 1), 3.5, "2026-03", "第一行"]
    assert rows[4] == ["李四", "KWL2307025", dt.date(2025, 12, 31), 12, "2025/12", None]
    assert len(rows) == 5


# ---------------------------------------------------------------------------------------------
# Formulas and external links


def _formula_book(tmp_path: Path) -> tuple[Path, Path]:
    """A workbook whose formulas carry cached values, one of them through an external link.

    The linked workbook exists and holds a different value (999): reading it would show.
    """
    other = write_book(tmp_path / "other.xlsx", {"Sheet1": [[999]]})
    src = write_book(
        tmp_path / "plain.xlsx",
        {"数据": [["数量", "双倍", "外部", "文本"], [21, "=A2*2", "=[1]Sheet1!$A$1", '="a"&"b"']]},
    )
    cached = {"B2": ("", "42"), "C2": ("", "7"), "D2": (' t="str"', "ab")}

    def add_cache(name: str, data: bytes) -> bytes:
        if name == "xl/worksheets/sheet1.xml":
            text = data.decode()
            for ref, (attr, value) in cached.items():
                pattern = rf'<c r="{ref}"([^>]*)><f>(.*?)</f><v\s*/>'
                text, n = re.subn(pattern, rf'<c r="{ref}"\1{attr}><f>\2</f><v>{value}</v>', text)
                assert n == 1, ref
            data = text.encode()
        elif name == "xl/workbook.xml":
            data = data.replace(
                b"</sheets>",
                b'</sheets><externalReferences><externalReference r:id="rIdExt1"/></externalReferences>',
            )
        elif name == "xl/_rels/workbook.xml.rels":
            data = data.replace(
                b"</Relationships>",
                b'<Relationship Id="rIdExt1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/></Relationships>',
            )
        elif name == "[Content_Types].xml":
            data = data.replace(
                b"</Types>",
                b'<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>',
            )
        return data

    link = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        b'<externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames>'
        b'<sheetDataSet><sheetData sheetId="0"><row r="1"><cell r="A1"><v>7</v></cell></row></sheetData></sheetDataSet>'
        b"</externalBook></externalLink>"
    )
    link_rels = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" '
        b'Target="' + other.as_uri().encode() + b'" TargetMode="External"/></Relationships>'
    )
    path = rewrite_zip(
        src,
        tmp_path / "公式.xlsx",
        add_cache,
        {
            "xl/externalLinks/externalLink1.xml": link,
            "xl/externalLinks/_rels/externalLink1.xml.rels": link_rels,
        },
    )
    return path, other


@pytest.mark.parametrize("engine", ENGINES)
def test_formulas_give_cached_values_and_external_links_are_not_resolved(tmp_path: Path, engine: str) -> None:
    path, other = _formula_book(tmp_path)
    # The crafted link is real: openpyxl sees it when asked to keep links.
    linked = openpyxl.load_workbook(path, keep_links=True)
    links = linked._external_links  # type: ignore[attr-defined]
    assert len(links) == 1 and links[0].file_link.Target == other.as_uri()
    other_before = other.stat()

    rows = read_workbook(path, engine=engine).sheets[0].rows
    assert rows[1] == [21, 42, 7, "ab"]  # cached values; 7 is the cache, never the 999 in other.xlsx
    assert other.stat().st_mtime_ns == other_before.st_mtime_ns


# ---------------------------------------------------------------------------------------------
# The user's file is never touched


@pytest.mark.parametrize(
    ("engine", "kind"), [("calamine", "xlsx"), ("openpyxl", "xlsx"), ("calamine", "xls")]
)
def test_original_file_unchanged_and_copy_deleted(
    tmp_path: Path, _private_tempdir: Path, engine: str, kind: str
) -> None:
    if kind == "xls":
        path = tmp_path / "旧版.xls"
        shutil.copyfile(FIXTURES / "legacy.xls", path)
    else:
        path = simple_book(tmp_path / "人员.xlsx")
    old = dt.datetime(2020, 1, 2, 3, 4, 5).timestamp()
    os.utime(path, (old, old))
    path.chmod(0o444)  # a read-only original must still be readable
    before = path.read_bytes()
    before_stat = path.stat()
    wb = read_workbook(path, engine=engine)
    assert wb.sheets
    assert path.read_bytes() == before
    after = path.stat()
    assert (after.st_mtime_ns, after.st_size, after.st_mode) == (
        before_stat.st_mtime_ns,
        before_stat.st_size,
        before_stat.st_mode,
    )
    assert list(_private_tempdir.iterdir()) == []  # the temporary copy is gone


def test_copy_is_deleted_after_a_rejection(tmp_path: Path, _private_tempdir: Path) -> None:
    data = simple_book(tmp_path / "a.xlsx").read_bytes()
    bad = tmp_path / "坏.xlsx"
    bad.write_bytes(data[: len(data) // 2])
    unreadable(bad)
    assert list(_private_tempdir.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# Hostile and broken files


def test_missing_file(tmp_path: Path) -> None:
    assert unreadable(tmp_path / "nope.xlsx").reason == "missing"


def test_zero_byte_file(tmp_path: Path) -> None:
    path = tmp_path / "空.xlsx"
    path.write_bytes(b"")
    err = unreadable(path)
    assert err.reason == "empty" and "空文件" in err.message


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("文本.xlsx", "这不是表格，只是一段文字。\n".encode(), "文本文件"),
        ("导出.xlsx", "工号,姓名\nKWL0001,张三\n".encode("gb18030"), "文本文件"),
        ("导出.csv", "工号,姓名\r\nKWL0001,张三\r\n".encode("utf-8-sig"), "文本文件"),
        ("网页.xls", b"<html><body><table><tr><td>1</td></tr></table></body></html>", "网页"),
        (
            "2003.xls",
            b'<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"/>',
            "2003 XML",
        ),
        ("扫描.xlsx", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF"),
        ("图片.xlsx", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "无法识别"),
        ("~$人员.xlsx", b"\x06zhangsan" + b"\x00" * 150, "临时锁文件"),
    ],
)
def test_not_a_workbook(tmp_path: Path, name: str, content: bytes, words: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    err = unreadable(path)
    assert err.reason == "not_excel"
    assert "不是 Excel 文件" in err.message and words in err.message


@pytest.mark.parametrize("engine", ENGINES)
def test_truncated_xlsx_is_corrupt(tmp_path: Path, engine: str) -> None:
    data = simple_book(tmp_path / "a.xlsx").read_bytes()
    for cut in (len(data) // 2, len(data) - 10, 100):
        path = tmp_path / f"cut{cut}.xlsx"
        path.write_bytes(data[:cut])
        err = unreadable(path, engine=engine)
        assert err.reason == "corrupt" and "文件已损坏" in err.message


@pytest.mark.parametrize("engine", ENGINES)
def test_flipped_bytes_inside_a_member_are_corrupt(tmp_path: Path, engine: str) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    with zipfile.ZipFile(src) as zf:
        info = zf.getinfo("xl/worksheets/sheet1.xml")
    data = bytearray(src.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + 5
    for i in range(start, start + 20):
        data[i] ^= 0x5A
    path = tmp_path / "b.xlsx"
    path.write_bytes(bytes(data))
    err = unreadable(path, engine=engine)
    assert err.reason == "corrupt" and "文件已损坏" in err.message


@pytest.mark.parametrize(
    ("members", "words"),
    [
        ({"word/document.xml": b"<w:document/>", "[Content_Types].xml": b"<Types/>"}, "Word"),
        ({"xl/workbook.bin": b"\x83\x01\x00", "[Content_Types].xml": b"<Types/>"}, ".xlsb"),
        (
            {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<x/>"},
            "OpenDocument",
        ),
        ({"readme.txt": b"hello"}, "缺少 xl/workbook.xml"),
    ],
)
def test_zip_without_a_workbook(tmp_path: Path, members: dict[str, bytes], words: str) -> None:
    path = tmp_path / "a.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    err = unreadable(path)
    assert err.reason == "not_excel" and "不是 Excel 工作簿" in err.message and words in err.message


@pytest.mark.parametrize("engine", ENGINES)
def test_garbage_workbook_xml_never_escapes_as_a_traceback(tmp_path: Path, engine: str) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    path = rewrite_zip(
        src, tmp_path / "b.xlsx", lambda n, d: b"\x00\x01 not xml <<<" if n == "xl/workbook.xml" else d
    )
    err = unreadable(path, engine=engine)
    assert err.reason == "corrupt" and "文件已损坏" in err.message
    assert err.__cause__ is not None  # the parser's exception is kept for the log


@pytest.mark.parametrize("engine", ENGINES)
def test_encrypted_workbook(tmp_path: Path, engine: str) -> None:
    from msoffcrypto.format.ooxml import OOXMLFile

    plain = simple_book(tmp_path / "plain.xlsx")
    path = tmp_path / "加密.xlsx"
    with plain.open("rb") as f, path.open("wb") as out:
        OOXMLFile(f).encrypt("secret", out)
    assert path.read_bytes()[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    err = unreadable(path, engine=engine)
    assert err.reason == "encrypted" and "文件已加密（设置了打开密码）" in err.message


def test_encrypted_legacy_xls(tmp_path: Path) -> None:
    """A FILEPASS record in the workbook globals is how BIFF8 marks an encrypted .xls."""
    path = tmp_path / "加密.xls"
    shutil.copyfile(FIXTURES / "legacy.xls", path)
    with olefile.OleFileIO(str(path), write_mode=True) as ole:
        stream = bytearray(ole.openstream("Workbook").read())
        # Walk the records after BOF and turn the first non-BOF record into FILEPASS (0x002F),
        # keeping the stream length so the OLE container stays valid.
        rtype, length = struct.unpack_from("<HH", stream, 0)
        assert rtype == 0x0809
        offset = 4 + length
        struct.pack_into("<H", stream, offset, 0x002F)
        ole.write_stream("Workbook", bytes(stream))
    err = unreadable(path)
    assert err.reason == "encrypted" and "文件已加密" in err.message


def test_ole_file_that_is_not_a_workbook(tmp_path: Path) -> None:
    """The legacy fixture with its "Workbook" stream renamed "WordDocument": what a .doc looks like."""
    data = bytearray((FIXTURES / "legacy.xls").read_bytes())
    old = "Workbook".encode("utf-16-le") + b"\x00\x00"
    assert data.count(old) == 1  # only in the OLE directory entry
    pos = data.find(old)
    new = "WordDocument".encode("utf-16-le") + b"\x00\x00"
    data[pos : pos + 64] = new.ljust(64, b"\x00")
    struct.pack_into("<H", data, pos + 64, len(new))  # name length field of the directory entry
    path = tmp_path / "文档.xls"
    path.write_bytes(bytes(data))
    with olefile.OleFileIO(str(path)) as ole:
        assert ole.exists("WordDocument") and not ole.exists("Workbook")
    err = unreadable(path)
    assert err.reason == "not_excel" and "Word" in err.message


@pytest.mark.parametrize("kind", ["xlsx", "xls"])
def test_file_over_the_size_limit(tmp_path: Path, kind: str) -> None:
    path = simple_book(tmp_path / "a.xlsx") if kind == "xlsx" else FIXTURES / "legacy.xls"
    size = path.stat().st_size
    err = unreadable(path, ReadLimits(max_file_bytes=size - 1))
    assert err.reason == "too_large" and "文件过大" in err.message
    assert read_workbook(path, ReadLimits(max_file_bytes=size)).sheets  # exactly at the limit is fine


def test_limits_from_settings() -> None:
    from kgdesk.config.settings import Limits

    limits = Limits()
    read_limits = ReadLimits.from_settings(limits.max_file_mb, limits.max_rows_per_sheet)
    assert read_limits.max_file_bytes == 50 * 1024 * 1024 and read_limits.max_rows_per_sheet == 200_000


@pytest.mark.parametrize("engine", ENGINES)
def test_sheet_over_the_row_limit(tmp_path: Path, engine: str) -> None:
    """The limit counts data rows; the reader allows the header area on top (HEADER_ROWS), the
    validator checks the exact count below the detected header."""
    path = simple_book(tmp_path / "a.xlsx", rows=5 + HEADER_ROWS)  # header + 10 = 11 rows
    err = unreadable(path, ReadLimits(max_rows_per_sheet=5), engine=engine)
    assert err.reason == "too_many_rows" and "行数超过上限" in err.message and "数据" in err.message
    assert len(read_workbook(path, ReadLimits(max_rows_per_sheet=6), engine=engine).sheets[0].rows) == 11


@pytest.mark.parametrize("engine", ENGINES)
def test_row_limit_counts_data_rows_not_styled_empty_rows(tmp_path: Path, engine: str) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["工号"])
    ws.append(["KWL0001"])
    for r in range(3, 50):
        ws.cell(row=r, column=1).number_format = "0.00"  # formatted but empty
    path = tmp_path / "a.xlsx"
    wb.save(path)
    assert len(read_workbook(path, ReadLimits(max_rows_per_sheet=2), engine=engine).sheets[0].rows) == 2


def test_legacy_xls_over_the_row_limit(tmp_path: Path) -> None:
    src = FIXTURES / "legacy.xls"
    assert len(read_workbook(src).sheets[0].rows) == 5  # title, blank, header, 2 data rows
    err = unreadable(src, ReadLimits(max_rows_per_sheet=-1))
    assert err.reason == "too_many_rows" and "行数超过上限" in err.message


def _padded_book(tmp_path: Path, pad_mb: int, name: str = "bomb.xlsx") -> Path:
    """A valid workbook whose sheet XML carries `pad_mb` MiB of whitespace, written as a stream."""
    src = simple_book(tmp_path / "small.xlsx")
    dst = tmp_path / name
    chunk = b" " * (1024 * 1024)
    with (
        zipfile.ZipFile(src) as zin,
        zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zout,
    ):
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename != "xl/worksheets/sheet1.xml":
                zout.writestr(info.filename, data)
                continue
            head, tail = data.split(b"</worksheet>")
            with zout.open(info.filename, "w", force_zip64=True) as member:
                member.write(head)
                for _ in range(pad_mb):
                    member.write(chunk)
                member.write(b"</worksheet>" + tail)
    return dst


@pytest.fixture(scope="module")
def ratio_bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _padded_book(tmp_path_factory.mktemp("bomb"), 256)


@pytest.mark.parametrize("engine", ENGINES)
def test_decompression_bomb_by_ratio(ratio_bomb: Path, engine: str) -> None:
    path = ratio_bomb
    assert path.stat().st_size < 1024 * 1024  # 256 MiB of XML in well under 1 MiB
    err = unreadable(path, engine=engine)
    assert err.reason == "bomb" and "疑似压缩炸弹" in err.message and "压缩比" in err.message


def test_decompression_bomb_by_total_size(tmp_path: Path) -> None:
    path = _padded_book(tmp_path, 3)
    limits = ReadLimits(max_uncompressed_bytes=2 * 1024 * 1024, max_compression_ratio=1e9)
    err = unreadable(path, limits)
    assert err.reason == "bomb" and "解压后总大小超过上限" in err.message
    # The same file within generous limits is a valid workbook (whitespace is legal XML).
    assert read_workbook(path, ReadLimits(max_compression_ratio=1e9)).sheets[0].rows[0] == ["工号", "姓名"]


def test_decompression_bomb_with_lying_size_headers(tmp_path: Path) -> None:
    """Headers that declare a small size for a huge member: caught by streaming, not trusted."""
    src = simple_book(tmp_path / "small.xlsx")
    path = tmp_path / "lying.xlsx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                head, tail = data.split(b"</worksheet>")
                data = head + b" " * (20 * 1024 * 1024) + b"</worksheet>" + tail
            zout.writestr(info.filename, data)
    raw = bytearray(path.read_bytes())
    target = b"xl/worksheets/sheet1.xml"
    declared = 4096
    # Local header: uncompressed size at +22; central directory entry: at +24.
    local = raw.find(b"PK\x03\x04")
    while local != -1:
        name_len = struct.unpack_from("<H", raw, local + 26)[0]
        if raw[local + 30 : local + 30 + name_len] == target:
            struct.pack_into("<L", raw, local + 22, declared)
        local = raw.find(b"PK\x03\x04", local + 4)
    central = raw.find(b"PK\x01\x02")
    while central != -1:
        name_len = struct.unpack_from("<H", raw, central + 28)[0]
        if raw[central + 46 : central + 46 + name_len] == target:
            struct.pack_into("<L", raw, central + 24, declared)
        central = raw.find(b"PK\x01\x02", central + 4)
    path.write_bytes(bytes(raw))
    with zipfile.ZipFile(path) as zf:
        assert zf.getinfo(target.decode()).file_size == declared  # the lie is in place
    err = unreadable(path)
    assert err.reason == "bomb" and "实际大小超过其声明的大小" in err.message


@pytest.mark.parametrize("engine", ENGINES)
def test_xml_with_dtd_or_entities_is_rejected(tmp_path: Path, engine: str) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    laughs = b'<!DOCTYPE worksheet [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'

    def inject(name: str, data: bytes) -> bytes:
        return (
            data.replace(b"<worksheet", laughs + b"<worksheet", 1)
            if name == "xl/worksheets/sheet1.xml"
            else data
        )

    err = unreadable(rewrite_zip(src, tmp_path / "b.xlsx", inject), engine=engine)
    assert err.reason == "malicious" and "DTD" in err.message


def _sheet_part_renamed(src: Path, dst: Path, inject: bytes = b"") -> Path:
    """Move the sheet XML to a name without an .xml suffix; relationships still point at it."""

    def move(name: str, data: bytes) -> bytes:
        if name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
            return data.replace(b"worksheets/sheet1.xml", b"worksheets/sheet1.dat")
        if name == "xl/worksheets/sheet1.xml":
            return data.replace(b"<worksheet", inject + b"<worksheet", 1)
        return data

    tmp = rewrite_zip(src, dst.with_suffix(".tmp"), move)
    with zipfile.ZipFile(tmp) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name = info.filename.replace("worksheets/sheet1.xml", "worksheets/sheet1.dat")
            zout.writestr(name, zin.read(info))
    return dst


@pytest.mark.parametrize("engine", ENGINES)
def test_dtd_in_a_part_without_xml_suffix_is_rejected(tmp_path: Path, engine: str) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    clean = _sheet_part_renamed(src, tmp_path / "clean.xlsx")
    assert read_workbook(clean, engine=engine).sheets[0].rows[0] == ["工号", "姓名"]  # a real workbook
    hostile = _sheet_part_renamed(src, tmp_path / "hostile.xlsx", b'<!DOCTYPE worksheet [<!ENTITY a "ha">]>')
    assert unreadable(hostile, engine=engine).reason == "malicious"


def test_embedded_object_with_a_doctype_is_not_a_false_alarm(tmp_path: Path) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    html = b"<!DOCTYPE html><html><body>embedded</body></html>"
    path = rewrite_zip(src, tmp_path / "b.xlsx", extra={"xl/embeddings/oleObject1.bin": html})
    assert read_workbook(path).sheets[0].rows[0] == ["工号", "姓名"]


def test_too_many_zip_members(tmp_path: Path) -> None:
    src = simple_book(tmp_path / "a.xlsx")
    extra = {f"xl/media/x{i}.bin": b"" for i in range(10_001)}
    err = unreadable(rewrite_zip(src, tmp_path / "b.xlsx", extra=extra))
    assert err.reason == "bomb"
