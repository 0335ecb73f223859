#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (no browser download of its own).
# Installs it when missing and we may (root with apt), otherwise says exactly what to do.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $chromium_path: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
exit 1
