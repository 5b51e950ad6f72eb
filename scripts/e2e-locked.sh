#!/usr/bin/env bash
# Builds and runs Playwright specs under one machine-wide lock, so that parallel work never rebuilds .next under
# a running `next start`. Usage: scripts/e2e-locked.sh [--no-build] [playwright args…]
set -euo pipefail
cd "$(dirname "$0")/.."
build=1
if [ "${1:-}" = "--no-build" ]; then build=0; shift; fi
exec 9>/tmp/ops-console-e2e.lock
flock 9
if [ "$build" = 1 ]; then npm run build; fi
bash tests/e2e/ensure-chromium.sh
npx playwright test "$@"
