#!/usr/bin/env bash
# System packages the probe tests need beyond what .ci/run installs (gcc, libc6-dev: the fixture
# program). Nothing else: the BPF programs are written with cilium/ebpf's asm package (no clang),
# and bpftrace is only used by the optional benchmark (see probe/README.md), never by the tests.
set -euo pipefail
for tool in gcc; do
  command -v "$tool" >/dev/null || { echo "probe/scripts/ci-deps.sh: $tool missing (apt-get install gcc libc6-dev)" >&2; exit 1; }
done
echo "probe: no extra system packages needed"
