// Package overhead measures, on this host, what one counted uprobe hit and one traced syscall
// cost, by probing the helper's own process; profiles report hits x these costs as an estimate.
// A uprobe hit costs very different amounts depending on the instruction under the breakpoint
// (see sites.go), so it is calibrated per probe-site kind, and every probed function's hits are
// priced at the cost of its own kind.
package overhead

import (
	"fmt"
	"os"
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

// Defaults used when calibration is off or fails: thread CPU time per hit measured with
// plsql-probe-bench -parts calibration on the 2-vCPU Debian 12 VM, kernel 6.18 (probe/README.md,
// Benchmark). Bare metal is several times cheaper for uprobes.
const (
	DefaultNsPerPushHit  = 680  // a hit on a register push (emulated in the trap)
	DefaultNsPerOtherHit = 4150 // a hit on another instruction (single-stepped)
	DefaultNsPerSyscall  = 150
	// A traced write-like call also updates the size histogram: plsql-probe-bench measured write(/dev/null,
	// 4096) at about 1.6x the getppid estimate on that VM (the estimate was 0.61x the measured write()).
	DefaultNsPerSizedSyscall = 250
)

// Costs are the per-hit costs.
type Costs struct {
	NsPerPushHit    float64 `json:"ns_per_push_hit"`
	NsPerOtherHit   float64 `json:"ns_per_other_hit"`
	NsPerSyscallHit float64 `json:"ns_per_syscall_hit"`
	// NsPerSizedSyscallHit is a traced write-like call (its size goes to the histogram).
	NsPerSizedSyscallHit float64 `json:"ns_per_sized_syscall_hit"`
	Calibrated           bool    `json:"calibrated"`
	Error                string  `json:"error,omitempty"`
}

// PerSite returns the uprobe hit cost for a probe-site kind (symbols.SitePush or SiteOther; an
// unknown kind is priced as other, the dearer one).
func (c Costs) PerSite(site string) float64 {
	if site == symbols.SitePush {
		return c.NsPerPushHit
	}
	return c.NsPerOtherHit
}

var (
	mu     sync.Mutex
	cached = map[bool]*Costs{}
)

// Measure calibrates once per helper process and syscall mode (about 0.2-0.5 s on a small VM)
// and caches the result. timedSyscalls selects the syscalls collector mode whose cost is
// measured (count-only, or entry+exit with times).
func Measure(timedSyscalls bool) Costs {
	mu.Lock()
	defer mu.Unlock()
	if c := cached[timedSyscalls]; c != nil {
		return *c
	}
	c := Calibrate(timedSyscalls)
	cached[timedSyscalls] = &c
	return c
}

// Calibrate measures now, without the cache (the benchmark compares fresh calibrations with
// measured costs).
func Calibrate(timedSyscalls bool) Costs {
	c := Defaults()
	push, other, err := uprobeCosts(calibrationCalls)
	if err == nil {
		var plain, sized float64
		if plain, sized, err = syscallCosts(50000, timedSyscalls); err == nil {
			c = Costs{NsPerPushHit: push, NsPerOtherHit: other, NsPerSyscallHit: plain, NsPerSizedSyscallHit: sized, Calibrated: true}
		}
	}
	if err != nil {
		c.Error = err.Error()
	}
	return c
}

// sizedCost is the cost of a sized syscall hit; costs from before it was calibrated price it as a plain one.
func (c Costs) sizedCost() float64 {
	if c.NsPerSizedSyscallHit > 0 {
		return c.NsPerSizedSyscallHit
	}
	return c.NsPerSyscallHit
}

// Defaults returns the uncalibrated costs.
func Defaults() Costs {
	return Costs{NsPerPushHit: DefaultNsPerPushHit, NsPerOtherHit: DefaultNsPerOtherHit, NsPerSyscallHit: DefaultNsPerSyscall, NsPerSizedSyscallHit: DefaultNsPerSizedSyscall}
}

// calibrationCalls per timed round and site.
const calibrationCalls = 20000

// rounds is how many timed rounds are run per variant; the fastest counts (least disturbed by the
// VM).
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

// Loops are timed in thread CPU time (the thread is locked to its OS thread): a probe's cost is
// CPU time of the probed thread, and the wall clock would add whatever else a busy host runs.
func loop(site func(), n int) func() time.Duration {
	return func() time.Duration {
		t0 := sysx.ThreadCPUTime()
		for i := 0; i < n; i++ {
			site()
		}
		return sysx.ThreadCPUTime() - t0
	}
}

func self() *target.Target {
	pid := os.Getpid()
	return &target.Target{PID: pid, TID: sysx.Gettid(), Threads: []int{pid}}
}

// SelfSites returns the two calibration sites as probes of this process's executable, classified
// the way target functions are (a test checks that they are one push and one other site).
func SelfSites() ([]symbols.Probe, error) {
	push, other := siteAddrs()
	maps, err := symbols.ExecMappings(os.Getpid())
	if err != nil {
		return nil, err
	}
	var out []symbols.Probe
	for _, s := range []struct {
		name string
		pc   uint64
	}{{"pushSite", uint64(push)}, {"otherSite", uint64(other)}} {
		for _, m := range maps {
			if s.pc >= m.Start && s.pc < m.End {
				off := s.pc - m.Start + m.Offset
				site, err := symbols.SiteAt("/proc/self/exe", off)
				if err != nil {
					return nil, err
				}
				out = append(out, symbols.Probe{Name: s.name, Module: "plsql-probe", OpenPath: "/proc/self/exe", FileOffset: off, Site: site})
			}
		}
	}
	if len(out) != 2 {
		return nil, fmt.Errorf("calibration sites not in a file mapping")
	}
	return out, nil
}

// uprobeCosts probes both sites in this process and compares timed loops with and without.
func uprobeCosts(n int) (push, other float64, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	probes, err := SelfSites()
	if err != nil {
		return 0, 0, err
	}
	loops := []func() time.Duration{loop(pushSite, n), loop(otherSite, n)}
	var base [2]time.Duration
	for i, l := range loops {
		l() // warm up
		base[i] = fastest(l)
	}
	c := functions.New(functions.Options{Probes: probes})
	defer c.Stop()
	if err := c.Prepare(self()); err != nil {
		return 0, 0, err
	}
	if err := c.Start(); err != nil {
		return 0, 0, err
	}
	var probed [2]time.Duration
	for i, l := range loops {
		probed[i] = fastest(l)
	}
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		return 0, 0, err
	}
	for _, f := range p.Collectors.Functions.Functions {
		if f.Calls != uint64(rounds*n) {
			return 0, 0, fmt.Errorf("calibration probe %s counted %d of %d calls", f.Name, f.Calls, rounds*n)
		}
	}
	per := func(i int) float64 { return positive(float64(probed[i]-base[i]) / float64(n)) }
	return per(0), per(1), nil
}

// syscallCosts traces this thread's syscalls of both kinds: getppid (plain: counted only) and
// write(/dev/null, 4096) (sized: its size also goes to the histogram, as for the writes of UTL_FILE).
func syscallCosts(n int, timed bool) (plain, sized float64, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return 0, 0, err
	}
	defer devnull.Close()
	fd := int(devnull.Fd())
	buf := make([]byte, 4096)
	timeLoop := func(call func()) func() time.Duration {
		return func() time.Duration {
			t0 := sysx.ThreadCPUTime()
			for i := 0; i < n; i++ {
				call()
			}
			return sysx.ThreadCPUTime() - t0
		}
	}
	loops := []func() time.Duration{timeLoop(func() { sysx.Getppid() }), timeLoop(func() { _, _ = sysx.Write(fd, buf) })}
	var base [2]time.Duration
	for i, l := range loops {
		l() // warm up
		base[i] = fastest(l)
	}
	c := syscalls.New(syscalls.Options{FilterTID: true, Timed: timed})
	defer c.Stop()
	if err := c.Prepare(self()); err != nil {
		return 0, 0, err
	}
	if err := c.Start(); err != nil {
		return 0, 0, err
	}
	var traced [2]time.Duration
	for i, l := range loops {
		traced[i] = fastest(l)
	}
	per := func(i int) float64 { return positive(float64(traced[i]-base[i]) / float64(n)) }
	return per(0), per(1), nil
}

func positive(v float64) float64 {
	if v < 1 {
		return 1
	}
	return v
}

// Estimate fills the profile's overhead section: each function's hits at the cost of its probe
// site, plus syscall hits.
func Estimate(p *profile.Profile, c Costs) {
	o := profile.OverheadEstimate{
		Label:           "estimated added time = function hits x ns per hit of their probe site (push or other) + syscall hits x ns per hit of their kind (sized: write-like calls whose size is recorded; plain: the others) (calibrated on this host unless calibrated=false); an estimate, not a measurement",
		NsPerSyscallHit: c.NsPerSyscallHit, Calibrated: c.Calibrated,
		NsPerSiteHit:        &profile.SiteCosts{Push: c.NsPerPushHit, Other: c.NsPerOtherHit},
		NsPerSyscallKindHit: &profile.SyscallCosts{Sized: c.sizedCost(), Plain: c.NsPerSyscallHit},
	}
	var functionNs float64
	if f := p.Collectors.Functions; f != nil {
		perCall := uint64(1)
		if f.InclusiveTime {
			perCall = 2 // entry and return probes (the return probe is priced like the entry)
		}
		for _, fn := range f.Functions {
			hits := fn.Calls * perCall
			o.FunctionHits += hits
			functionNs += float64(hits) * c.PerSite(fn.ProbeSite)
		}
	}
	o.NsPerFunctionHit = c.NsPerOtherHit
	if o.FunctionHits > 0 {
		o.NsPerFunctionHit = functionNs / float64(o.FunctionHits)
	}
	var syscallNs float64
	if s := p.Collectors.Syscalls; s != nil {
		o.SyscallHits = syscalls.Hits(s)
		sized := syscalls.SizedHits(s)
		syscallNs = float64(sized)*c.sizedCost() + float64(o.SyscallHits-sized)*c.NsPerSyscallHit
		if o.SyscallHits > 0 {
			o.NsPerSyscallHit = syscallNs / float64(o.SyscallHits)
		}
	}
	o.EstimatedMs = (functionNs + syscallNs) / 1e6
	p.Overhead = o
}
