#!/usr/bin/env bash
# The `toolbridge` command (packages/cli) run from a clone, until the packages are on the registry:
# installs and builds when needed, then runs it with the arguments given, e.g.
# bash scripts/toolbridge.sh inspect calls.jsonl
set -euo pipefail
caller="$PWD"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
source scripts/bootstrap.sh
if [ ! -f packages/cli/dist/main.mjs ] || [ ! -f packages/server/dist/node.mjs ]; then
  export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1
  pnpm install --frozen-lockfile --reporter=append-only >&2
  pnpm build --output-logs=errors-only >&2
fi
# From where the command was typed, so that relative file names are relative to it.
cd "$caller"
exec node "$root/packages/cli/dist/main.mjs" "$@"
