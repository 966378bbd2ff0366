module github.com/plsql-perf/plsql-perf/probe

go 1.26.0

require (
	github.com/cilium/ebpf v0.22.0
	golang.org/x/sys v0.49.0
)
