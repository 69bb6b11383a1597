#!/usr/bin/env bash
# Build the trimmed Java runtime the bundle ships: installer/build/runtime (bin/java + the modules
# the local graph server needs, nothing else). installer/jlink.ps1 is the same for Windows.
#
# The modules: installer/jlink-modules.txt (shared with jlink.ps1; it says where each comes from).
# The result is checked by starting the real server with it: the frozen self-test of
# `make package`, or `installer/jlink.sh --verify` (the source self-test with KGDESK_JAVA set to it).
#
# Needs a JDK 17 with jmods (Debian: openjdk-17-jdk-headless). Java 17 on purpose: Neo4j 5.26
# supports 17 and 21, and the runtime must be the JDK's own platform (build the Windows runtime
# on Windows, with jlink.ps1).
#
# Usage: installer/jlink.sh [--force] [--verify] [--print-jdeps]
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd -P)"
OUT="$HERE/build/runtime"
mapfile -t MODULES < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' jlink-modules.txt)
FORCE=0 VERIFY=0 JDEPS=0
for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --verify) VERIFY=1 ;;
        --print-jdeps) JDEPS=1 ;;
        *) echo "jlink.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

# The JDK: JAVA_HOME, else the one that provides `jlink` on PATH; on Debian as root, installed
# when missing (like scripts/system_deps.sh does for the GUI libraries).
if [[ ! -x "${JAVA_HOME:-/nonexistent}/bin/jlink" ]] && ! compgen -G "/usr/lib/jvm/java-17-openjdk-*/jmods/java.base.jmod" >/dev/null &&
    [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null && ! command -v jlink >/dev/null; then
    echo "安装 JDK 17（jlink 与 jmods）……"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends openjdk-17-jdk-headless >/dev/null
fi
if [[ -z "${JAVA_HOME:-}" ]] && compgen -G "/usr/lib/jvm/java-17-openjdk-*/bin/jlink" >/dev/null; then
    JAVA_HOME="$(dirname "$(dirname "$(compgen -G "/usr/lib/jvm/java-17-openjdk-*/bin/jlink" | head -1)")")"
fi
if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/jlink" ]]; then
    JDK="$JAVA_HOME"
elif command -v jlink >/dev/null; then
    JDK="$(dirname "$(dirname "$(readlink -f "$(command -v jlink)")")")"
else
    echo "jlink.sh: no jlink found; install a JDK 17 (Debian: apt-get install openjdk-17-jdk-headless) or set JAVA_HOME" >&2
    exit 1
fi
VERSION="$("$JDK/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)"
if [[ "$VERSION" != "17" ]]; then
    echo "jlink.sh: $JDK is Java $VERSION; the bundled runtime is built from a JDK 17 (set JAVA_HOME)" >&2
    exit 1
fi
if [[ ! -f "$JDK/jmods/java.base.jmod" ]]; then
    echo "jlink.sh: $JDK has no jmods/ (Debian: apt-get install openjdk-17-jdk-headless)" >&2
    exit 1
fi

if [[ "$JDEPS" == 1 ]]; then
    # Modular jars among the dependencies name modules that are not there; analysing the classes
    # without their module-info sidesteps that. Slow (a few minutes): only for updating the list.
    bash neo4j/build.sh
    TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
    (cd "$TMP" && for j in "$HERE"/neo4j/target/kgdesk-local-neo4j.jar "$HERE"/neo4j/target/lib/*.jar; do
        unzip -q -o "$j" -x 'module-info.class' 'META-INF/versions/*' 2>/dev/null || true
    done)
    "$JDK/bin/jdeps" --ignore-missing-deps --print-module-deps "$TMP"
    exit 0
fi

STAMP="$OUT/.kgdesk-modules"
WANT="$("$JDK/bin/java" -version 2>&1 | head -1) ${MODULES[*]}"
if [[ "$FORCE" == 0 && -x "$OUT/bin/java" && -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
    echo "jlink.sh: $OUT is up to date"
else
    rm -rf "$OUT"
    mkdir -p "$(dirname "$OUT")"
    MODS="$(IFS=,; echo "${MODULES[*]}")"
    "$JDK/bin/jlink" \
        --module-path "$JDK/jmods" \
        --add-modules "$MODS" \
        --strip-debug --no-man-pages --no-header-files --compress=2 \
        --generate-cds-archive \
        --output "$OUT"
    # The second CDS archive serves heaps of 32 GB and more (no compressed oops); the server runs
    # with -Xmx1g, so it would never be read: 11 MB saved.
    rm -f "$OUT"/lib/server/classes_nocoops.jsa
    echo "$WANT" >"$STAMP"
    echo "jlink.sh: built $OUT ($(du -sh "$OUT" | cut -f1))"
fi
"$OUT/bin/java" -version 2>&1 | head -1

if [[ "$VERIFY" == 1 ]]; then
    # The source self-test with this runtime: the real server must start, build and answer.
    cd "$HERE/.."
    KGDESK_JAVA="$OUT/bin/java" QT_QPA_PLATFORM=offscreen .venv/bin/python -m kgdesk --self-test
fi
