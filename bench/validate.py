"""Validation throughput: rows per second at ×1, ×10 and ×100, and calamine vs openpyxl side by side.

Run: .venv/bin/python bench/validate.py [--scales 1,10,100] [--repeat 3] [--no-openpyxl]
     .venv/bin/python bench/validate.py --against ff49fe2 [--scales 10,100] [--rounds 2]
Data sets are generated once by bench/gen_data.py into bench/out/ (seeded, so the same each time).
--against REF: the validator of a git commit (exported to a temporary folder) and this working
tree's, alternated in fresh processes on the same files; wall and CPU seconds and their ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
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


_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from kgdesk.templates.validator import collect_paths, validate_paths
files = collect_paths([Path(sys.argv[2])])
c, t = time.process_time(), time.perf_counter()
run = validate_paths(files)
wall, cpu = time.perf_counter() - t, time.process_time() - c
print(json.dumps({"wall": wall, "cpu": cpu, "rows": sum(f.rows for f in run.files), "summary": run.summary()}))
"""


def _child(tree: Path, folder: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(tree), str(folder)], capture_output=True, text=True,
                         check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def against(ref: str, scales: list[int], rounds: int) -> None:
    """The validator at `ref` and this tree's, alternated in fresh processes (same files, same load)."""
    base = Path(tempfile.mkdtemp(prefix="kgdesk-validate-ref-"))
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", ref, "kgdesk", "data"], capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        print(f"校验：{ref} 与当前工作区交替运行（新进程；墙钟与 CPU 秒；负载为 1 分钟平均）")
        for scale in scales:
            folder = data_set(scale)
            runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for _ in range(rounds):
                for mode, tree in (("before", base), ("after", REPO)):
                    r = _child(tree, folder)
                    r["load"] = os.getloadavg()[0]
                    runs[mode].append(r)
                    print(f"  ×{scale} {mode:<6} wall {r['wall']:7.2f} s  cpu {r['cpu']:7.2f} s  "
                          f"rows {r['rows']}  load {r['load']:.1f}  {r['summary']}", flush=True)
            b_cpu, a_cpu = (min(r["cpu"] for r in runs[m]) for m in ("before", "after"))
            b_wall, a_wall = (min(r["wall"] for r in runs[m]) for m in ("before", "after"))
            print(f"×{scale}: cpu {b_cpu:.2f} → {a_cpu:.2f} s ({b_cpu / a_cpu:.2f}×), "
                  f"wall {b_wall:.2f} → {a_wall:.2f} s ({b_wall / a_wall:.2f}×)  (best of {rounds})", flush=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scales", default="1,10,100")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-openpyxl", dest="openpyxl", action="store_false", help="skip the openpyxl comparison")
    ap.add_argument("--against", metavar="REF", help="compare with the validator of this git commit")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of --against")
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]
    if args.against:
        against(args.against, scales, args.rounds)
        return
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
        t_read_opx = t_val_opx = float("nan")
        if args.openpyxl:
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
