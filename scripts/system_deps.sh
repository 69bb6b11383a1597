#!/usr/bin/env bash
# Installs the system libraries Qt (offscreen and Xvfb) and the CJK fonts need (and pngquant for `make screenshots`), on Debian/Ubuntu,
# only when something is missing and only when we may (root). Elsewhere it just says what is missing.
set -euo pipefail
pkgs=(libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0
      libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-randr0 libxcb-render-util0
      libxcb-image0 libxcb-xinerama0 libxcb-xkb1 fonts-noto-cjk xvfb xauth pngquant)
command -v dpkg-query >/dev/null 2>&1 || exit 0
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "安装系统依赖：${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "提示：缺少系统软件包 ${missing[*]}（图形界面测试需要），请用 sudo apt-get install 安装。" >&2
fi
