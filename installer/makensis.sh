#!/usr/bin/env bash
# Compile installer/kgdesk.nsi (NSIS 3) against the bundle in dist/kgdesk.
#
# On Linux, dist/kgdesk is a Linux bundle: the result is a compile check only, made with
# -DCHECK_ONLY (no compression, file name kgdesk-<version>-setup-check-only.exe) so nobody ships it.
# The real installer is built on Windows by installer/build_windows.ps1.
# Installs NSIS with apt-get when it is missing and we may (root), like scripts/system_deps.sh.
#
# Output: build/installer/kgdesk-<version>-setup[-check-only].exe
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd -P)"
BUNDLE="$ROOT/dist/kgdesk"
ICON="$ROOT/installer/build/kgdesk.ico"
OUTDIR="$ROOT/build/installer"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' kgdesk/__init__.py)"
[[ -n "$VERSION" ]] || { echo "makensis.sh: no __version__ in kgdesk/__init__.py" >&2; exit 1; }

if ! command -v makensis >/dev/null; then
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
        echo "安装 NSIS（makensis）……"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null
        apt-get install -y -qq --no-install-recommends nsis >/dev/null
    else
        echo "makensis.sh: makensis not found; install NSIS 3 (Debian: sudo apt-get install nsis)" >&2
        exit 1
    fi
fi
[[ -d "$BUNDLE" ]] || { echo "makensis.sh: $BUNDLE is missing; run make package first" >&2; exit 1; }
[[ -f "$ICON" ]] || .venv/bin/python installer/make_icon.py resources/icons/app.svg "$ICON"

FLAGS=()
if [[ ! -f "$BUNDLE/kgdesk.exe" ]]; then
    FLAGS+=(-DCHECK_ONLY)
    echo "makensis.sh: $BUNDLE is not a Windows bundle: compile check only (-DCHECK_ONLY)"
fi
mkdir -p "$OUTDIR"
makensis -V2 -DVERSION="$VERSION" -DBUNDLE="$BUNDLE" -DOUTDIR="$OUTDIR" -DICON="$ICON" "${FLAGS[@]}" installer/kgdesk.nsi
ls -l "$OUTDIR"/kgdesk-"$VERSION"-setup*.exe
