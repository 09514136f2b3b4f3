#!/usr/bin/env bash
# The README's demo command: installs what is needed, builds, and runs the demo with the options
# given (bash scripts/demo.sh --help lists them).
set -euo pipefail
caller="$PWD"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
source scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1
pnpm install --frozen-lockfile --reporter=append-only >&2
pnpm build --output-logs=errors-only >&2
# Run from where the command was typed, so that a relative --record path is relative to it.
cd "$caller"
exec node "$root/examples/demo/src/main.ts" "$@"
