"""Validation throughput: rows per second at ×1, ×10 and ×100, and calamine vs openpyxl side by side.

Run: .venv/bin/python bench/validate.py [--scales 1,10,100] [--repeat 3]
Data sets are generated once by bench/gen_data.py into bench/out/ (seeded, so the same each time).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kgdesk.templates.validator import collect_paths, validate_paths  # noqa: E402
from kgdesk.templates.workbook import read_workbook  # noqa: E402

OUT = REPO / "bench" / "out"


def data_set(scale: int) -> Path:
    folder = OUT / f"data-x{scale}"
    if not (folder / ".complete").exists():
        subprocess.run(
            [sys.executable, str(REPO / "bench" / "gen_data.py"), "--scale", str(scale), "--out", str(folder)],
            check=True,
        )
        (folder / ".complete").write_text("ok")
    return folder


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scales", default="1,10,100")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]
    print("校验吞吐（中位数，单位：秒；行/秒 = 数据行数 / 校验时间）")
    header = f"{'规模':>6} {'文件':>4} {'数据行':>9} {'校验(calamine)':>15} {'行/秒':>9} {'读取 calamine':>13} {'读取 openpyxl':>13} {'读取倍数':>8} {'校验(openpyxl)':>15} {'校验倍数':>8}"
    print(header)
    base_rows_per_s = None
    for scale in scales:
        folder = data_set(scale)
        files = collect_paths([folder])
        repeat = args.repeat if scale < 100 else 1
        run = validate_paths(files)
        rows = sum(f.rows for f in run.files)
        assert run.summary()["rejected"] == 0, run.summary()
        t_val_cal = timed(lambda files=files: validate_paths(files, engine="calamine"), repeat)
        t_read_cal = timed(lambda files=files: [read_workbook(p, engine="calamine") for p in files], repeat)
        t_read_opx = timed(lambda files=files: [read_workbook(p, engine="openpyxl") for p in files], repeat)
        t_val_opx = timed(lambda files=files: validate_paths(files, engine="openpyxl"), repeat)
        rps = rows / t_val_cal
        base_rows_per_s = base_rows_per_s or rps
        print(
            f"{'×' + str(scale):>6} {len(files):>4} {rows:>9} {t_val_cal:>15.2f} {rps:>9.0f} {t_read_cal:>13.2f}"
            f" {t_read_opx:>13.2f} {t_read_opx / t_read_cal:>7.1f}× {t_val_opx:>15.2f} {t_val_opx / t_val_cal:>7.1f}×"
        )
    print("读取倍数、校验倍数 = openpyxl 只读模式耗时 / calamine 耗时（同一批文件，同一次运行）")


if __name__ == "__main__":
    main()
