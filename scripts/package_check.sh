#!/usr/bin/env bash
# The packaging check CI runs: build the one-folder bundle (trimmed Java runtime + PyInstaller),
# check its contents against build.spec, run the frozen self-test headless, compile the NSIS
# installer script. Prints the time of each stage; exit 0 only if all of it worked.
#
# Needs: what `make setup` needs, plus a JDK 17 with jmods (jlink) and NSIS (installed with apt-get
# when missing, as root). Takes about 6–10 minutes on a 2-core machine (docs/packaging.md).
set -euo pipefail
cd "$(dirname "$0")/.."
START=$SECONDS
stage() { echo "== package_check: $1 ($((SECONDS - START)) s)"; }

stage "make package (runtime, bundle, contents, frozen self-test)"
make package
stage "NSIS compile check (what make installer runs after make package)"
bash installer/makensis.sh
stage "done"
