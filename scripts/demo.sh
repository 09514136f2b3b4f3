#!/usr/bin/env bash
# The README's demo command: installs what is needed, builds, and runs the demo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1
pnpm install --frozen-lockfile --reporter=append-only >&2
pnpm build --output-logs=errors-only >&2
exec pnpm --silent demo "$@"
