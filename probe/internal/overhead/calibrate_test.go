package overhead

import (
	"math"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// TestSelfSitesKinds: the two calibration sites are classified, by the same code that classifies
// target functions, as one push and one other site. If the assembly or the classifier drifted,
// each kind's hits would be priced at the other kind's cost.
func TestSelfSitesKinds(t *testing.T) {
	probes, err := SelfSites()
	if err != nil {
		t.Fatal(err)
	}
	if probes[0].Site != symbols.SitePush || probes[1].Site != symbols.SiteOther {
		t.Fatalf("calibration sites classified %s and %s, want push and other", probes[0].Site, probes[1].Site)
	}
	pushSite()
	otherSite()
}

// TestEstimatePerSite: each function's hits are priced at its own site's cost (inclusive time
// doubles the hits), ns_per_function_hit is the hit-weighted mean, and syscalls are added.
func TestEstimatePerSite(t *testing.T) {
	p := &profile.Profile{}
	p.Collectors.Functions = &profile.FunctionsResult{InclusiveTime: true, Functions: []profile.FunctionCount{
		{Name: "kglpnp", Calls: 1000, ProbeSite: symbols.SitePush},
		{Name: "kglPinSetContext", Calls: 500, ProbeSite: symbols.SiteOther},
		{Name: "fromAnOldCaller", Calls: 100}, // no site known: priced as other
	}}
	c := Costs{NsPerPushHit: 1000, NsPerOtherHit: 4000, NsPerSyscallHit: 100, Calibrated: true}
	Estimate(p, c)
	o := p.Overhead
	wantNs := 2*1000*1000.0 + 2*600*4000.0
	if o.FunctionHits != 3200 || math.Abs(o.EstimatedMs-wantNs/1e6) > 1e-9 {
		t.Errorf("hits %d (want 3200), estimated %.6f ms (want %.6f)", o.FunctionHits, o.EstimatedMs, wantNs/1e6)
	}
	if math.Abs(o.NsPerFunctionHit-wantNs/3200) > 1e-9 || o.NsPerSiteHit == nil || o.NsPerSiteHit.Push != 1000 || o.NsPerSiteHit.Other != 4000 {
		t.Errorf("per hit %.3f (want %.3f), per site %+v", o.NsPerFunctionHit, wantNs/3200, o.NsPerSiteHit)
	}
}

// TestEstimatePerSyscallKind: write-like calls whose size the collector records are priced at the sized
// cost (calibrated on write(), not getppid), the others at the plain cost, in each mode's own family;
// ns_per_syscall_hit is their hit-weighted mean and the per-kind costs are in the profile.
func TestEstimatePerSyscallKind(t *testing.T) {
	for _, mode := range []string{"count", "timed"} {
		p := &profile.Profile{}
		p.Collectors.Syscalls = &profile.SyscallsResult{Mode: mode, Syscalls: []profile.SyscallStat{
			{Name: "write", Calls: 100}, {Name: "writev", Calls: 10}, {Name: "pread64", Calls: 50}, {Name: "poll", Calls: 40},
		}}
		Estimate(p, Costs{NsPerPushHit: 1, NsPerOtherHit: 1, NsPerSyscallHit: 100, NsPerSizedSyscallHit: 300})
		sized := map[string]float64{"count": 100, "timed": 110}[mode] // writev's size is not an argument in count mode
		wantNs := sized*300 + (200-sized)*100
		o := p.Overhead
		if o.SyscallHits != 200 || math.Abs(o.EstimatedMs-wantNs/1e6) > 1e-12 || math.Abs(o.NsPerSyscallHit-wantNs/200) > 1e-9 {
			t.Errorf("%s: hits %d, estimated %.6f ms (want %.6f), per hit %.2f (want %.2f)", mode, o.SyscallHits, o.EstimatedMs, wantNs/1e6, o.NsPerSyscallHit, wantNs/200)
		}
		if o.NsPerSyscallKindHit == nil || *o.NsPerSyscallKindHit != (profile.SyscallCosts{Sized: 300, Plain: 100}) {
			t.Errorf("%s: per kind %+v", mode, o.NsPerSyscallKindHit)
		}
	}
	// Costs from before the sized calibration price every syscall at the plain cost.
	p := &profile.Profile{}
	p.Collectors.Syscalls = &profile.SyscallsResult{Mode: "count", Syscalls: []profile.SyscallStat{{Name: "write", Calls: 10}}}
	Estimate(p, Costs{NsPerSyscallHit: 100})
	if math.Abs(p.Overhead.EstimatedMs-1000/1e6) > 1e-12 {
		t.Errorf("old costs: %.6f ms", p.Overhead.EstimatedMs)
	}
}

// TestCalibrateOnThisHost: the calibration attaches to both sites and counts every call (it
// refuses its own result otherwise). Its timings are compared with measured costs by
// plsql-probe-bench -parts calibration, never asserted here.
func TestCalibrateOnThisHost(t *testing.T) {
	testfixture.RequireRoot(t)
	c := Calibrate(false)
	if !c.Calibrated || c.NsPerPushHit <= 0 || c.NsPerOtherHit <= 0 || c.NsPerSyscallHit <= 0 || c.NsPerSizedSyscallHit <= 0 {
		t.Fatalf("calibration: %+v", c)
	}
	t.Logf("this host: %.0f ns per push-site hit, %.0f ns per other-site hit, %.0f ns per traced plain syscall, %.0f ns per traced write()", c.NsPerPushHit, c.NsPerOtherHit, c.NsPerSyscallHit, c.NsPerSizedSyscallHit)
}
