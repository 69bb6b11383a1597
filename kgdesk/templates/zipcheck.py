"""Checks on a workbook's zip container before any parser sees it, and the reader's error and limits.

Sizes are measured, not trusted: every member is decompressed as a bounded stream, so a
lying header, a DTD, an encrypted member or a decompression bomb is refused with a Chinese
message. A bomb is judged by its real expanded size; the compression ratio only counts for a
member that is also large once expanded (repeated long text compresses very well and is fine).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgdesk.errors import KgdeskError

MiB = 1024 * 1024
CHUNK = 1024 * 1024
ZIP_MAGIC = b"PK\x03\x04"
_MAX_ZIP_MEMBERS = 10_000
_XML_SUFFIXES = (".xml", ".rels", ".vml")
# Embedded objects and pictures are never parsed as XML and may legitimately hold "<!DOCTYPE".
_OPAQUE_PREFIXES = ("xl/embeddings/", "xl/media/", "xl/activex/", "xl/printersettings/")
_FORBIDDEN_XML = (b"<!DOCTYPE", b"<!ENTITY")


class UnreadableFileError(KgdeskError):
    """The file cannot be read as a workbook; `reason` is a stable tag for tests and logs."""

    code = "E_UNREADABLE"

    def __init__(self, message: str, *, reason: str = "unreadable") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class ReadLimits:
    max_file_bytes: int = 50 * MiB
    max_rows_per_sheet: int = 200_000
    max_uncompressed_bytes: int = 500 * MiB
    max_compression_ratio: float = 200.0
    # The ratio alone is no evidence: a ledger repeating long text compresses 1000× and is still
    # small once expanded. Only a member whose expanded size is also large is judged by its ratio
    # (the expanded total is capped by max_uncompressed_bytes in any case).
    ratio_min_member_bytes: int = 64 * MiB

    @classmethod
    def from_settings(cls, max_file_mb: int, max_rows_per_sheet: int) -> ReadLimits:
        """Build from config.settings.Limits values (the user-facing knobs)."""
        return cls(max_file_bytes=max_file_mb * MiB, max_rows_per_sheet=max_rows_per_sheet)


def mb(n: float) -> str:
    return f"{n / MiB:.1f}".rstrip("0").rstrip(".")


def corrupt(detail: str = "不是完整的 .xlsx 压缩包，可能下载或复制不完整") -> UnreadableFileError:
    return UnreadableFileError(f"文件已损坏：{detail}", reason="corrupt")


def _bomb(detail: str) -> UnreadableFileError:
    return UnreadableFileError(f"疑似压缩炸弹：{detail}，已拒绝读取", reason="bomb")


def inspect_zip(path: Path, limits: ReadLimits) -> None:
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            _check_members(zf, infos)
            _check_declared_sizes(infos, limits)
            with path.open("rb") as raw:
                _check_actual_sizes(raw, infos, limits)
    except UnreadableFileError:
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        OSError,
        EOFError,
        ValueError,
        struct.error,
        zlib.error,
    ) as e:
        raise corrupt() from e


def _check_members(zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > _MAX_ZIP_MEMBERS:
        raise _bomb(f"压缩包内有 {len(infos):,} 个文件，远超正常工作簿")
    names = {i.filename.lower() for i in infos}
    if "xl/workbook.xml" in names:
        return
    if "xl/workbook.bin" in names:
        kind = "这是 Excel 二进制工作簿（.xlsb），不受支持；请在 Excel 中另存为 .xlsx"
    elif _is_opendocument(zf, infos):
        kind = "这是 OpenDocument 文件（如 WPS/LibreOffice 的 .ods）；请另存为 .xlsx"
    elif "word/document.xml" in names:
        kind = "这是 Word 文档"
    elif "ppt/presentation.xml" in names:
        kind = "这是 PowerPoint 演示文稿"
    else:
        kind = "压缩包中没有工作簿（缺少 xl/workbook.xml）"
    raise UnreadableFileError(f"不是 Excel 工作簿：{kind}", reason="not_excel")


def _is_opendocument(zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> bool:
    for info in infos:
        if info.filename == "mimetype" and info.file_size < 256:
            return zf.read(info).startswith(b"application/vnd.oasis.opendocument")
    return False


def _check_declared_sizes(infos: list[zipfile.ZipInfo], limits: ReadLimits) -> None:
    total = 0
    for info in infos:
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise corrupt(f"成员 {info.filename} 使用了 Excel 不会使用的压缩方式")
        total += info.file_size
        if total > limits.max_uncompressed_bytes:
            raise _bomb(f"解压后总大小超过上限 {mb(limits.max_uncompressed_bytes)} MB")
        _check_ratio(info.filename, info.file_size, info.compress_size, limits)


def _check_ratio(name: str, size: int, compressed: int, limits: ReadLimits) -> None:
    if size >= limits.ratio_min_member_bytes and size > limits.max_compression_ratio * max(compressed, 1):
        ratio = size / max(compressed, 1)
        raise _bomb(
            f"成员 {name} 的压缩比为 {ratio:,.0f} 倍，超过上限 {limits.max_compression_ratio:,.0f} 倍"
        )


_LOCAL_HEADER = struct.Struct("<4s5H3L2H")


def _check_actual_sizes(raw: Any, infos: list[zipfile.ZipInfo], limits: ReadLimits) -> None:
    """Decompress every member as a stream, trusting no header: real sizes, ratios, CRCs, no DTDs.

    Another zip reader (calamine's) may not stop at the declared size, so a lying header must
    be caught here; memory stays bounded by the chunk size.
    """
    total = 0
    for info in infos:
        raw.seek(info.header_offset)
        header = raw.read(_LOCAL_HEADER.size)
        fields = _LOCAL_HEADER.unpack(header)
        if fields[0] != ZIP_MAGIC:
            raise corrupt()
        flags = fields[2]
        if flags & 0x1:
            raise UnreadableFileError("文件已加密（压缩包成员设置了密码），无法读取", reason="encrypted")
        raw.seek(info.header_offset + _LOCAL_HEADER.size + fields[9] + fields[10])
        lower = info.filename.lower()
        opaque = lower.startswith(_OPAQUE_PREFIXES)
        # Parts are found through relationships, so any name may hold XML: also sniff the content.
        check_xml: bool | None = False if opaque else (True if lower.endswith(_XML_SUFFIXES) else None)
        decomp = zlib.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED else None
        remaining = info.compress_size
        size = 0
        crc = 0
        tail = b""
        while remaining > 0 or (decomp is not None and decomp.unconsumed_tail):
            if decomp is not None and decomp.unconsumed_tail:
                out = decomp.decompress(decomp.unconsumed_tail, CHUNK)
            else:
                data = raw.read(min(CHUNK, remaining))
                if not data:
                    raise corrupt()
                remaining -= len(data)
                out = decomp.decompress(data, CHUNK) if decomp is not None else data
            size += len(out)
            total += len(out)
            if size > info.file_size:
                raise _bomb(f"成员 {info.filename} 解压后的实际大小超过其声明的大小")
            if total > limits.max_uncompressed_bytes:
                raise _bomb(f"解压后总大小超过上限 {mb(limits.max_uncompressed_bytes)} MB")
            crc = zlib.crc32(out, crc)
            if check_xml is None and out:
                check_xml = out.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"<"
            if check_xml and out:
                boundary = tail + out[:16]
                if any(token in out or token in boundary for token in _FORBIDDEN_XML):
                    raise UnreadableFileError(
                        f"文件包含不允许的 XML 声明（DTD/实体，成员 {info.filename}），疑似恶意文件，已拒绝读取",
                        reason="malicious",
                    )
                tail = (tail + out)[-16:]
            if decomp is not None and decomp.eof:
                break
        if decomp is not None:
            rest = decomp.flush()
            size += len(rest)
            crc = zlib.crc32(rest, crc)
            if not decomp.eof:
                raise corrupt()
        if size != info.file_size or crc != info.CRC:
            raise corrupt(f"压缩包成员 {info.filename} 的数据校验失败")
        _check_ratio(info.filename, size, info.compress_size, limits)
