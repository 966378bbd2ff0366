#!/usr/bin/env bash
# Builds the helper and the fixture program for scripts and tests outside Go (the extension's
# TypeScript tests spawn both):
#   OUTDIR/plsql-probe  the helper, static (CGO_ENABLED=0), for this machine's architecture
#   OUTDIR/oracle       the fixture (internal/testfixture/testdata/oracle.c), named exactly "oracle"
#                       so that the default policy (executables named oracle) accepts it
# Usage: bash probe/scripts/build.sh [OUTDIR]     OUTDIR defaults to probe/bin (git-ignored); a
# relative OUTDIR is taken from the caller's directory. Prints the two absolute paths, one a line.
# Needs go and gcc. The gcc flags are the ones testfixture.Build uses (frame pointers for stacks).
set -euo pipefail
probe="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$probe/bin}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
command -v gcc >/dev/null || { echo "build.sh: gcc not found (apt-get install gcc libc6-dev)" >&2; exit 1; }
(cd "$probe" && CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$out/plsql-probe" ./cmd/plsql-probe)
gcc -O2 -g -fno-omit-frame-pointer -pthread -o "$out/oracle" "$probe/internal/testfixture/testdata/oracle.c"
echo "$out/plsql-probe"
echo "$out/oracle"
