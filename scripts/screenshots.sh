#!/usr/bin/env bash
# Screenshots of every page and dialog under a virtual display (Xvfb) with CJK fonts:
#   make screenshots            → docs/screenshots/*.png
#   bash scripts/screenshots.sh OUT_DIR
# The app runs against the bundled local graph server and the scripted local LLM test server;
# the PNGs are then reduced with pngquant (256 colours, visually lossless) when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-docs/screenshots}"
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "缺少 xvfb-run：请先运行 make setup（scripts/system_deps.sh 会安装 xvfb 和 fonts-noto-cjk）。" >&2
  exit 2
fi
if command -v fc-list >/dev/null 2>&1 && ! fc-list :lang=zh family | grep -q .; then
  echo "警告：没有找到中文字体（fonts-noto-cjk），截图中的中文会显示为方框。" >&2
fi
# Unattended: a run that hangs is interrupted after 15 minutes (a whole run takes 2–4; SIGINT: the
# script stops its graph server and says where it stopped); any failure exits non-zero and leaves "$OUT" as it was.
status=0
xvfb-run -a -s "-screen 0 1440x900x24 -dpi 96" \
  env QT_QPA_PLATFORM=xcb QT_AUTO_SCREEN_SCALE_FACTOR=0 \
  timeout -s INT --kill-after=120 900 .venv/bin/python scripts/screenshots.py --out "$OUT" || status=$?
if [ "$status" -ne 0 ]; then
  [ "$status" -eq 124 ] && echo "截图超时（15 分钟）。" >&2
  echo "make screenshots 失败（退出码 $status），见上面的“截图失败”一行。" >&2
  exit "$status"
fi
if command -v pngquant >/dev/null 2>&1; then
  pngquant --quality=70-95 --speed 3 --strip --skip-if-larger --force --ext .png "$OUT"/*.png || true
else
  echo "提示：没有 pngquant，截图未压缩（scripts/system_deps.sh 会安装它）。" >&2
fi
du -ch "$OUT"/*.png | tail -1
