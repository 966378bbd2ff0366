#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, the newest on Node 20) into a cache folder outside the
# project, for the editor end-to-end test. Not a dependency of the package: only CI and developers who run
# the e2e test need it. Recipe and the reason for every variable: ../shared/docs/editor-e2e.md §1b.
# Usage: test/editor/install-code-server.sh [DIR]   (default: $PLSQL_PERF_CACHE or ~/.cache/plsql-perf)
set -euo pipefail
VERSION=4.100.3
DIR="${1:-${PLSQL_PERF_CACHE:-$HOME/.cache/plsql-perf}}/code-server-$VERSION"
if [ -x "$DIR/node_modules/.bin/code-server" ]; then
  echo "code-server $VERSION already in $DIR"
  exit 0
fi
mkdir -p "$DIR"
# @vscode/ripgrep's postinstall downloads rg from GitHub; it first looks in this cache: give it Debian's rg.
RG_CACHE="$(node -p 'require("os").tmpdir()')/vscode-ripgrep-cache-1.15.11"
mkdir -p "$RG_CACHE"
tar czf "$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C /usr/bin rg
# As root code-server's postinstall needs unsafe-perm; node-pty runs `npx node-gyp` (needs yes=true);
# node-gyp must use the local Node headers (nodedir) because nodejs.org may be unreachable.
(cd "$DIR" && [ -f package.json ] || echo '{"private":true}' > "$DIR/package.json")
npm_config_nodedir=/usr npm_config_unsafe_perm=true npm_config_yes=true \
  npm install --prefix "$DIR" --no-audit --no-fund --no-save "code-server@$VERSION"
echo "code-server $VERSION installed in $DIR"
