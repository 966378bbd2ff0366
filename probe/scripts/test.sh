#!/usr/bin/env bash
# Probe checks: gofmt, go vet (amd64 and arm64), generated files fresh, static builds for both
# architectures, and go test. Root-only tests skip with a reason when not root, and fail instead
# when CI=true. The last lines are go test's own per-package summary lines.
set -euo pipefail
cd "$(dirname "$0")/.."
export CGO_ENABLED=0

echo "== gofmt"
unformatted="$(gofmt -l .)"
if [ -n "$unformatted" ]; then echo "not gofmt'ed: $unformatted" >&2; exit 1; fi

echo "== go vet (amd64, arm64)"
GOARCH=amd64 go vet ./...
GOARCH=arm64 go vet ./...

echo "== go.mod and go.sum are tidy (direct dependencies not marked // indirect)"
go mod tidy -diff || { echo "go.mod/go.sum are not tidy: run 'go mod tidy' in probe/" >&2; exit 1; }

echo "== generated files are fresh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash scripts/gen-sysnames.sh "$tmp"
for f in sysnames_amd64.go sysnames_arm64.go; do
  diff -u "internal/syscalls/$f" "$tmp/$f" || { echo "internal/syscalls/$f is stale: run scripts/gen-sysnames.sh" >&2; exit 1; }
done

echo "== build (static, amd64 and arm64)"
GOARCH=amd64 go build ./...
GOARCH=arm64 go build ./...
GOARCH=amd64 go build -trimpath -ldflags '-s -w' -o "$tmp/plsql-probe-amd64" ./cmd/plsql-probe
GOARCH=arm64 go build -trimpath -ldflags '-s -w' -o "$tmp/plsql-probe-arm64" ./cmd/plsql-probe
ls -l "$tmp"/plsql-probe-* | awk '{print $5, $9}'

echo "== go test (euid $(id -u), CI=${CI:-unset})"
# -v shows skip reasons; RUN/PAUSE/CONT noise is dropped. -p 1: packages one at a time, because the root tests
# record real processes and every recording sweeps stale lock files in /run/plsql-probe (sysx.sweepStale), which
# the kill -9 test must find still there; in parallel another package's recording could sweep it first.
go test -p 1 -count=1 -timeout 6m -v ./... 2>&1 | grep -v -E '^=== (RUN|PAUSE|CONT|NAME)'
