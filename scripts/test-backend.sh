#!/usr/bin/env bash
# The backend contract suite (npm run test:backend) in two passes: most files on two workers, then, alone, the files
# that time the backend's answers under a load they make themselves (a second worker's load would skew them).
# In band the suite took 11 min 21 s on this machine, on two workers 7 min 46 s (docs/measurements.md).
set -euo pipefail
cd "$(dirname "$0")/.."
timed='tests/backend/(dos-security|proxy-session|core-engine-security|core-sign-in-throttle)\.test\.ts$'
npx jest -c tests/jest.backend.config.mjs --maxWorkers=2 --testPathIgnorePatterns "$timed"
npx jest -c tests/jest.backend.config.mjs --runInBand --testPathPatterns "$timed"
