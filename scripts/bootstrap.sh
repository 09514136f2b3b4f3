# Sourced by .ci/run and the quick-start script: makes Node >= 22 and the pinned pnpm
# available on PATH, installing them from the npm registry into a cache folder if needed.
# Usage: source scripts/bootstrap.sh

toolbridge_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
toolbridge_tools="${TOOLBRIDGE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/toolbridge-tools}"
toolbridge_pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$toolbridge_root/package.json")"

# Node >= 22.18 runs the examples' TypeScript directly (type stripping on by default).
toolbridge_node_ok() {
  node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 22 || (major === 22 && minor >= 18) ? 0 : 1)' 2>/dev/null
}

if ! toolbridge_node_ok; then
  if [ ! -x "$toolbridge_tools/node/node_modules/.bin/node" ]; then
    echo "bootstrap: system Node is older than 22.18; installing Node 24 from the npm registry" >&2
    mkdir -p "$toolbridge_tools/node"
    npm install --prefix "$toolbridge_tools/node" --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$toolbridge_tools/node/node_modules/.bin:$PATH"
fi

if [ "$(pnpm --version 2>/dev/null)" != "$toolbridge_pnpm_version" ]; then
  if [ ! -x "$toolbridge_tools/pnpm-$toolbridge_pnpm_version/node_modules/.bin/pnpm" ]; then
    echo "bootstrap: installing pnpm $toolbridge_pnpm_version from the npm registry" >&2
    mkdir -p "$toolbridge_tools/pnpm-$toolbridge_pnpm_version"
    npm install --prefix "$toolbridge_tools/pnpm-$toolbridge_pnpm_version" --no-audit --no-fund \
      --loglevel=error "pnpm@$toolbridge_pnpm_version" >&2
  fi
  export PATH="$toolbridge_tools/pnpm-$toolbridge_pnpm_version/node_modules/.bin:$PATH"
fi

echo "bootstrap: node $(node --version), pnpm $(pnpm --version)" >&2
