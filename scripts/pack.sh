#!/usr/bin/env bash
# Until the packages are on the npm registry: installs, builds and packs every published package
# into packed/ as the tarballs `npm publish` would upload, then prints the `npm i` line that
# installs them into another project (all together, since they depend on one another).
# Usage: bash scripts/pack.sh [destination folder]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1

destination="$(mkdir -p "${1:-packed}" && cd "${1:-packed}" && pwd)"
pnpm install --frozen-lockfile --reporter=append-only >&2
pnpm build --output-logs=errors-only >&2
rm -f "$destination"/toolbridge-*.tgz
for package in rjson rxml middleware server cli; do
  # pnpm pack writes the versions of workspace dependencies in place of `workspace:^`.
  (cd "packages/$package" && pnpm pack --pack-destination "$destination" >/dev/null)
done

echo "Packed into $destination. In your project, install them together:" >&2
printf 'npm i'
for tarball in "$destination"/toolbridge-rjson-*.tgz "$destination"/toolbridge-rxml-*.tgz \
  "$destination"/toolbridge-middleware-*.tgz; do
  printf ' %s' "$tarball"
done
printf '\n'
