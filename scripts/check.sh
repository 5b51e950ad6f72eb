#!/usr/bin/env bash
# npm run check: lint, format, types, unused exports, import cycles and the unit tests. ESLint and tsc each use one
# core, so they run side by side on this 2-core machine; the rest follows, the unit tests last (they use both cores).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
npm run --silent typecheck > "$log" 2>&1 &
typecheck=$!
status=0
npm run lint || status=$?
if ! wait "$typecheck"; then
  cat "$log"
  status=1
fi
rm -f "$log"
[ "$status" -eq 0 ] || exit "$status"
npm run format:check
npm run check:exports
npm run check:cycles
npm run test:unit
