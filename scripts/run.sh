#!/usr/bin/env bash
# `make run`: start the desktop app (it starts the local graph server itself).
# Development convenience: on a machine without a secure OS keyring (headless Linux, containers)
# the local graph server's password cannot be kept in the keyring, so it is generated once into
# .kgdesk-dev/ (readable only by you, ignored by git) and passed by KGDESK_NEO4J_PASSWORD, the
# variable cli.md provides for CI and scripts. Installed copies on Windows use the Credential Manager.
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
if [ -z "${KGDESK_NEO4J_PASSWORD:-}" ] && ! "$py" -c "from kgdesk.config.secrets import secure_backend; secure_backend()" 2>/dev/null; then
  mkdir -p .kgdesk-dev && chmod 700 .kgdesk-dev
  secret=.kgdesk-dev/local-neo4j.secret
  if [ ! -s "$secret" ]; then
    (umask 077; "$py" -c "import secrets; print(secrets.token_urlsafe(24))" > "$secret")
  fi
  echo "提示：本机没有可用的系统密钥环，本地图数据库密码保存在 $secret（仅本人可读）。" >&2
  KGDESK_NEO4J_PASSWORD=$(cat "$secret")
  export KGDESK_NEO4J_PASSWORD
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "$(uname)" = "Linux" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "kgdesk: 没有图形显示（DISPLAY 未设置）。请在桌面环境中运行，或用 xvfb-run make run。" >&2
  exit 2
fi
# byte-compile the app once (quiet, fast when up to date): the window opens sooner
"$py" -m compileall -q kgdesk >/dev/null 2>&1 || true
exec .venv/bin/kgdesk "$@"
