#!/usr/bin/env bash
# Runs Playwright specs under one machine-wide lock (the e2e servers use fixed ports), for parallel work in several
# worktrees. The build runs before the lock: each worktree has its own .next. Usage:
# scripts/e2e-locked.sh [--no-build] [playwright args…]
set -euo pipefail
cd "$(dirname "$0")/.."
build=1
if [ "${1:-}" = "--no-build" ]; then build=0; shift; fi
if [ "$build" = 1 ]; then npm run build; fi
exec 9>/tmp/ops-console-e2e.lock
flock 9
bash tests/e2e/ensure-chromium.sh
npx playwright test "$@"
