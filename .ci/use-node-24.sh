# Sourced by .ci/run: makes `node` on PATH a Node 24 (the LTS line the project declares in
# package.json's engines). A machine whose node is older gets Node 24 from the npm registry (the
# official binaries, published as node-linux-<arch>; the package holds bin/node alone), and its
# bin goes first on PATH, so npm 11 (`#!/usr/bin/env node`) and everything after run on it.
# The 24.x line is pinned (^24.11, the first 24 LTS), never "latest" (which is a newer major).
# Anything that does not work ends the run here, with the reason.
NODE_LINE='^24.11'
NODE_MIN_MAJOR=24

# True when `node` on PATH is 24.11 or later (engines' minimum); false when older or missing.
node_is_recent() {
  node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 24 || (major === 24 && minor >= 11) ? 0 : 1)' 2>/dev/null
}

if ! node_is_recent; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64 | arm64) node_arch=arm64 ;;
    *) echo "no Node $NODE_MIN_MAJOR package for $(uname -m): install Node $NODE_MIN_MAJOR by hand" >&2; exit 1 ;;
  esac
  if ! command -v npm >/dev/null; then
    echo "node $(node --version 2>/dev/null || echo '(none)') is older than 24.11 and there is no npm to fetch Node $NODE_MIN_MAJOR with" >&2
    exit 1
  fi
  node_prefix="${NODE24_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/usdt-desk-node-$NODE_MIN_MAJOR}"
  echo "node $(node --version 2>/dev/null || echo '(none)') is older than 24.11: installing node-linux-$node_arch@$NODE_LINE into $node_prefix"
  if ! npm install --prefix "$node_prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-$node_arch@$NODE_LINE"; then
    echo "could not install node-linux-$node_arch@$NODE_LINE from the npm registry" >&2
    exit 1
  fi
  export PATH="$node_prefix/node_modules/node-linux-$node_arch/bin:$PATH"
  # The official binary trusts only the CAs built into it, where a distribution's node (Debian's)
  # trusts the system's store: without this, a machine whose registry is reached through its own CA
  # (listed in the system store) fails every later npm request with SELF_SIGNED_CERT_IN_CHAIN.
  export NODE_USE_SYSTEM_CA=1
  hash -r
  if ! node_is_recent; then
    echo "node on PATH is still $(node --version 2>/dev/null || echo '(none)') after installing Node $NODE_MIN_MAJOR" >&2
    exit 1
  fi
fi
echo "node $(node --version) ($(command -v node)), npm $(npm --version)"
