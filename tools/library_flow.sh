#!/bin/bash
# The monthly workflow of #17 through the CLI only, on a folder of ledgers (default: the nineteenth
# held-out set's, which kgdesk was never developed on): a full import with 考勤 and 排班 cut to
# January–March, the April files added, 项目月度财务 replaced by a copy with one 开票金额 raised by
# 1,000, 设备信息 removed, and a rollback to the version with April — asking the same questions after
# each step. Compare the answers with pandas on the same files (docs/library.md has one run).
# usage: tools/library_flow.sh [LEDGER_FOLDER]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
K=$ROOT/.venv/bin/kgdesk
PY=$ROOT/.venv/bin/python
SRC=$(cd "${1:-$ROOT/tests/eval/heldout19/data}" && pwd)
W=$(mktemp -d -t kgdesk-library-flow-XXXX)
mkdir -p "$W/in" "$W/apr" "$W/repl"
# the role is saved at a fresh home's first command: set it before anything runs
export KGDESK_HOME=$W/home KGDESK_NEO4J_PASSWORD=flow-$RANDOM$RANDOM KGDESK_ROLE=admin
trap '$K local-neo4j stop >/dev/null 2>&1; rm -rf "$W"' EXIT
cp "$SRC"/*.xlsx "$W/in/"
FLOW_DIR=$W $PY - <<'PY'
import os, re, shutil
import openpyxl

w = os.environ["FLOW_DIR"]


def month_of(value: object) -> int | None:
    m = re.match(r"(\d{4})\D?(\d{1,2})", str(value or ""))
    return int(m.group(2)) if m else None


for name in ("考勤与人员财务", "排班月报"):
    for april, dest in ((False, f"{w}/in/{name}.xlsx"), (True, f"{w}/apr/{name}_2026-04.xlsx")):
        wb = openpyxl.load_workbook(f"{w}/in/{name}.xlsx")
        ws = wb["数据"]
        col = [c.value for c in ws[1]].index("年月") + 1
        for r in range(ws.max_row, 1, -1):
            if (month_of(ws.cell(r, col).value) == 4) != april:
                ws.delete_rows(r)
        wb.save(dest + ".tmp.xlsx")
    for dest in (f"{w}/in/{name}.xlsx", f"{w}/apr/{name}_2026-04.xlsx"):
        shutil.move(dest + ".tmp.xlsx", dest)
shutil.copy(f"{w}/in/项目月度财务.xlsx", f"{w}/repl/项目月度财务.xlsx")
wb = openpyxl.load_workbook(f"{w}/repl/项目月度财务.xlsx")
ws = wb["数据"]
hdr = [c.value for c in ws[1]]
cell = ws.cell(2, hdr.index("开票金额") + 1)
print("replaced: row 2", ws.cell(2, hdr.index("项目编号") + 1).value, ws.cell(2, hdr.index("年月") + 1).value,
      "开票金额", cell.value, "+ 1000")
cell.value = float(str(cell.value).replace(",", "")) + 1000
wb.save(f"{w}/repl/项目月度财务.xlsx")
PY
QS=("一共有多少个项目" "2026年4月考勤表里有多少条记录" "2026年3月考勤表里有多少条记录" "设备一共有多少台"
    "2026年1月所有项目的开票金额合计是多少")
askall() {
  for q in "${QS[@]}"; do
    printf '  %s → ' "$q"
    $K ask "$q" --json --no-llm | $PY -c 'import json,sys; d=json.load(sys.stdin); print(d.get("status"), json.dumps(d.get("value"), ensure_ascii=False)[:80], d.get("reason") or "", d.get("missing") or "")'
  done
}
build() {
  $K build "$@" --json | $PY -c 'import json,sys; d=json.load(sys.stdin); print("  build:", d.get("status"), d.get("version"), "nodes", sum(d.get("nodes", {}).values()), str(d.get("seconds")) + " s")'
}
versions() { $K versions --json | $PY -c 'import json,sys; d=json.load(sys.stdin); vs=d.get("versions", d); print("\n".join(sorted(v["version"] for v in vs)))'; }
echo "== 1 full import (考勤, 排班 January–March)"; build "$W/in"; askall
echo "== 2 April added"; build "$W/apr"; askall
WITH_APRIL=$(versions | tail -1)
echo "== 3 项目月度财务 replaced"; build "$W/repl"; askall
echo "== 4 设备信息 removed"; $K library remove 设备信息.xlsx --json >/dev/null; build; askall
echo "== 5 rollback to $WITH_APRIL"
$K versions rollback "$WITH_APRIL" --json | $PY -c 'import json,sys; d=json.load(sys.stdin); print("  rollback:", d.get("status"), d.get("version"))'
askall
$K library list --json | $PY -c 'import json,sys; d=json.load(sys.stdin); print("  library:", ", ".join(f["file"] + " " + f["sha256"][:8] for f in d["files"]))'
