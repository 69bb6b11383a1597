"""Render resources/icons/app.svg into a Windows .ico (16–256 px) for the executables and the installer.

Run by build.spec with the build's own Python (PySide6 is there already), so no image tool is needed
on the build machine. Entries are 32-bit BMP (DIB) images, which every Windows version and NSIS read.
Usage: python installer/make_icon.py SVG ICO
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path
from typing import Any, cast

SIZES = (16, 24, 32, 48, 64, 128, 256)


def _dib(width: int, height: int, bgra_rows_top_down: list[bytes]) -> bytes:
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    pixels = b"".join(reversed(bgra_rows_top_down))  # DIBs are stored bottom-up
    mask_row = ((width + 31) // 32) * 4
    return header + pixels + b"\x00" * (mask_row * height)


def render(svg: Path, ico: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icon: cannot read {svg}")
    images: list[tuple[int, bytes]] = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)  # BGRA in memory on little-endian
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        rows = [bytes(cast(Any, image.constScanLine(y)))[: size * 4] for y in range(size)]
        images.append((size, _dib(size, size, rows)))
    del app
    out = bytearray(struct.pack("<HHH", 0, 1, len(images)))
    offset = 6 + 16 * len(images)
    for size, blob in images:
        dim = 0 if size >= 256 else size
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    for _, blob in images:
        out += blob
    ico.parent.mkdir(parents=True, exist_ok=True)
    ico.write_bytes(bytes(out))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    render(Path(sys.argv[1]), Path(sys.argv[2]))
