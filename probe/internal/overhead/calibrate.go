// Package overhead measures, on this host, what one counted uprobe hit and one traced syscall
// cost, by probing the helper's own process; profiles report hits x these costs as an estimate.
package overhead

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sync"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/functions"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/syscalls"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// Defaults used when calibration is off or fails: the medians measured on a 2-vCPU VM
// (docs/oracle-profiling-notes.md section 5.3). Bare metal is about 10x cheaper for uprobes.
const (
	DefaultNsPerUprobe  = 3500
	DefaultNsPerSyscall = 150
)

// Costs are the per-hit costs.
type Costs struct {
	NsPerFunctionHit float64 `json:"ns_per_function_hit"`
	NsPerSyscallHit  float64 `json:"ns_per_syscall_hit"`
	Calibrated       bool    `json:"calibrated"`
	Error            string  `json:"error,omitempty"`
}

var (
	mu     sync.Mutex
	cached = map[bool]*Costs{}
)

// Measure calibrates once per helper process and syscall mode (about 0.1-0.3 s) and caches the
// result. timedSyscalls selects the syscalls collector mode whose cost is measured (count-only,
// or entry+exit with times).
func Measure(timedSyscalls bool) Costs {
	mu.Lock()
	defer mu.Unlock()
	if c := cached[timedSyscalls]; c != nil {
		return *c
	}
	c := Costs{NsPerFunctionHit: DefaultNsPerUprobe, NsPerSyscallHit: DefaultNsPerSyscall}
	u, err := uprobeCost(20000)
	if err == nil {
		var s float64
		if s, err = syscallCost(50000, timedSyscalls); err == nil {
			c = Costs{NsPerFunctionHit: u, NsPerSyscallHit: s, Calibrated: true}
		}
	}
	if err != nil {
		c.Error = err.Error()
	}
	cached[timedSyscalls] = &c
	return c
}

// Defaults returns the uncalibrated costs.
func Defaults() Costs {
	return Costs{NsPerFunctionHit: DefaultNsPerUprobe, NsPerSyscallHit: DefaultNsPerSyscall}
}

//go:noinline
func calibrationTarget(x uint64) uint64 { return x*2654435761 + 1 }

var sinkValue uint64

func loop(n int) time.Duration {
	t0 := time.Now()
	for i := 0; i < n; i++ {
		sinkValue = calibrationTarget(sinkValue)
	}
	return time.Since(t0)
}

// rounds is how many timed rounds are run; the fastest counts (least disturbed by the VM).
const rounds = 3

func fastest(f func() time.Duration) time.Duration {
	best := f()
	for i := 1; i < rounds; i++ {
		if d := f(); d < best {
			best = d
		}
	}
	return best
}

func self() *target.Target {
	pid := os.Getpid()
	return &target.Target{PID: pid, TID: sysx.Gettid(), Threads: []int{pid}}
}

// uprobeCost probes calibrationTarget in this process and compares timed loops.
func uprobeCost(n int) (float64, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pc := uint64(reflect.ValueOf(calibrationTarget).Pointer())
	maps, err := symbols.ExecMappings(os.Getpid())
	if err != nil {
		return 0, err
	}
	var off uint64
	found := false
	for _, m := range maps {
		if pc >= m.Start && pc < m.End {
			off, found = pc-m.Start+m.Offset, true
		}
	}
	if !found {
		return 0, fmt.Errorf("calibration function not in a file mapping")
	}
	loop(n) // warm up
	base := fastest(func() time.Duration { return loop(n) })
	c := functions.New(functions.Options{Probes: []symbols.Probe{{Name: "calibrationTarget", Module: "plsql-probe", OpenPath: "/proc/self/exe", FileOffset: off}}})
	defer c.Stop()
	if err := c.Prepare(self()); err != nil {
		return 0, err
	}
	if err := c.Start(); err != nil {
		return 0, err
	}
	probed := fastest(func() time.Duration { return loop(n) })
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		return 0, err
	}
	if got := p.Collectors.Functions.Functions[0].Calls; got != uint64(rounds*n) {
		return 0, fmt.Errorf("calibration probe counted %d of %d calls", got, rounds*n)
	}
	return positive(float64(probed-base) / float64(n)), nil
}

// syscallCost traces this thread's getppid calls.
func syscallCost(n int, timed bool) (float64, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run := func() time.Duration {
		t0 := time.Now()
		for i := 0; i < n; i++ {
			sysx.Getppid()
		}
		return time.Since(t0)
	}
	run() // warm up
	base := fastest(run)
	c := syscalls.New(syscalls.Options{FilterTID: true, Timed: timed})
	defer c.Stop()
	if err := c.Prepare(self()); err != nil {
		return 0, err
	}
	if err := c.Start(); err != nil {
		return 0, err
	}
	traced := fastest(run)
	return positive(float64(traced-base) / float64(n)), nil
}

func positive(v float64) float64 {
	if v < 1 {
		return 1
	}
	return v
}

// Estimate fills the profile's overhead section.
func Estimate(p *profile.Profile, c Costs) {
	o := profile.OverheadEstimate{
		Label:            "estimated added time = function hits x ns per hit + syscall hits x ns per syscall (calibrated on this host unless calibrated=false); an estimate, not a measurement",
		NsPerFunctionHit: c.NsPerFunctionHit, NsPerSyscallHit: c.NsPerSyscallHit, Calibrated: c.Calibrated,
	}
	if f := p.Collectors.Functions; f != nil {
		for _, fn := range f.Functions {
			o.FunctionHits += fn.Calls
		}
		if f.InclusiveTime {
			o.FunctionHits *= 2 // entry and return probes
		}
	}
	if s := p.Collectors.Syscalls; s != nil {
		o.SyscallHits = syscalls.Hits(s)
	}
	o.EstimatedMs = (float64(o.FunctionHits)*o.NsPerFunctionHit + float64(o.SyscallHits)*o.NsPerSyscallHit) / 1e6
	p.Overhead = o
}
