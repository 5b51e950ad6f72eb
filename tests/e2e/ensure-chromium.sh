#!/usr/bin/env bash
# Installs Debian's Chromium when no usable browser is present (CI may start on a machine without it).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ] && "$browser" --version >/dev/null 2>&1; then
  exit 0
fi
echo "Chromium not found at $browser: installing Debian's chromium package" >&2
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "Need root to install chromium (apt-get install -y chromium), or set CHROMIUM_PATH." >&2
    exit 1
  fi
else
  SUDO=
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
"$browser" --version
