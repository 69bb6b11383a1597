#!/usr/bin/env bash
# Build the local graph server: target/kgdesk-local-neo4j.jar + target/lib/*.jar (Maven),
# then target/kgdesk-local-neo4j.jsa, a class-data-sharing archive recorded by one real
# start, warm-up workload (WarmUp.java) and stop of the server. The archive roughly halves JVM start-up time; it is only an
# optimisation (a JVM that cannot use it ignores it), so failing to record it is a warning.
#
# Idempotent: does nothing when the jar is newer than pom.xml and every source file and the
# archive is newer than the jar. Several test sessions may call it at once: a lock
# serialises the builds.
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd -P)"
JAR=target/kgdesk-local-neo4j.jar
JSA=target/kgdesk-local-neo4j.jsa

jar_ok() {
    [[ -f "$JAR" ]] && compgen -G "target/lib/neo4j-*.jar" >/dev/null &&
        [[ -z "$(find pom.xml src -newer "$JAR" -print -quit)" ]]
}
jsa_ok() { [[ -f "$JSA" && "$JSA" -nt "$JAR" ]]; }

jar_ok && jsa_ok && exit 0
mkdir -p target
exec 9>target/.build.lock
if command -v flock >/dev/null; then flock 9; fi

if ! jar_ok; then
    command -v mvn >/dev/null || { echo "build.sh: Maven (mvn) not found; run 'make setup'" >&2; exit 1; }
    mvn -q -B -Dstyle.color=never package
    touch "$JAR"   # the jar plugin may keep an unchanged jar with its old timestamp
    rm -f "$JSA"
fi
jsa_ok && exit 0

# ---- record the class-data-sharing archive --------------------------------------------
JAVA="${KGDESK_JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/java}}"
JAVA="${JAVA:-java}"
WORK="$(mktemp -d)"
PID=""
cleanup() {
    [[ -n "$PID" ]] && kill -9 "$PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
rm -f "$JSA" "$JSA.tmp"
# The class path must be spelled exactly as kgdesk/graph/local_server.py spells it.
KGDESK_LOCAL_NEO4J_PASSWORD="cds-training-$$-$RANDOM" "$JAVA" \
    "-XX:ArchiveClassesAtExit=$HERE/$JSA.tmp" -Xmx768m -Xlog:cds=off -Xlog:cds+dynamic=off \
    --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
    -cp "$HERE/$JAR:$HERE/target/lib/*" kgdesk.localserver.Main \
    --home "$WORK/home" --port 0 --no-watch-stdin --stop-file "$WORK/stop" \
    >"$WORK/out.log" 2>&1 &
PID=$!
for _ in $(seq 1 600); do
    grep -q '^KGDESK_' "$WORK/out.log" 2>/dev/null && break
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.5
done
if grep -q '^KGDESK_READY' "$WORK/out.log"; then
    # let the background warm-up finish, so the classes a first build needs are archived too
    for _ in $(seq 1 600); do
        grep -q '^KGDESK_WARM_UP' "$WORK/out.log" 2>/dev/null && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.5
    done
    touch "$WORK/stop"
    wait "$PID" || true
    PID=""
fi
if [[ -s "$JSA.tmp" ]]; then
    mv -f "$JSA.tmp" "$JSA"
else
    rm -f "$JSA.tmp"
    echo "build.sh: warning: could not record the CDS archive (start-up will be slower):" >&2
    tail -n 20 "$WORK/out.log" >&2 || true
fi
