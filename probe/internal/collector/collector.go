// Package collector defines the lifecycle every collector follows: Prepare (load and resolve, no
// effect on the target) -> Start (attach and enable) -> Read (freeze and read the aggregates, while
// still attached: reading after detaching skews ratios, because each uprobe detach takes
// milliseconds while the other probes keep counting) -> Stop (detach and free; idempotent, called on
// every exit path).
package collector

import (
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// Collector is one source of evidence.
type Collector interface {
	Name() string
	Prepare(t *target.Target) error
	Start() error
	Read(p *profile.Profile) error
	Stop() error
}

// Ticker is implemented by collectors that must look at the target while it runs, not only at
// the end, because the target may exit first: the recording calls Tick about every 100 ms from
// the goroutine that later calls Read.
type Ticker interface {
	Tick()
}
