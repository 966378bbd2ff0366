package main

import (
	"fmt"
	"math"
	"os"

	"github.com/plsql-perf/plsql-perf/probe/internal/functions"
	"github.com/plsql-perf/plsql-perf/probe/internal/overhead"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/syscalls"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// benchCalibration compares the overhead estimate with measurement, per probe-site kind: each
// round runs a fresh calibration (what a recording would use), then measures the real added cost
// per call in the fixture with a probe on kglpnp (after its hot-patch NOP: a push site, like an
// Oracle function) and on kglPinSetContext (a RIP-relative load: an "other" site), each against
// baselines taken just before and after it. It prints the medians and the ratio estimate /
// measured per kind, and returns false when a ratio is outside 1 ± tolerance. Both sides are
// thread CPU time.
func benchCalibration(e *env, fx *testfixture.Proc, t *target.Target, calls, reps int, tolerance float64) bool {
	mods, _ := symbols.Modules(t.PID, t.ExeIno, t.Exe)
	res, err := symbols.NewResolver(mods).Resolve(symbols.Request{Names: []string{"kglpnp", "kglPinSetContext"}})
	if err != nil {
		e.Fatal(err)
	}
	push, other := res.Probes[0], res.Probes[1]
	if push.Site != symbols.SitePush || other.Site != symbols.SiteOther {
		e.Fatalf("fixture probe sites: kglpnp+%d is %s, kglPinSetContext+%d is %s; want push and other", push.ProbeOffset, push.Site, other.ProbeOffset, other.Site)
	}
	pin := fmt.Sprintf("pin %d", calls)
	n := float64(calls)
	// The fixture's CPU time, like the calibration's: on a busy host the wall clock of the longer
	// probed run would also hold the time other processes took.
	cpu := func() float64 { _, c := fx.DoCPU(e, pin); return float64(c) }
	measure := func(p symbols.Probe) float64 {
		b0 := cpu()
		var probed float64
		with(functions.New(functions.Options{Probes: []symbols.Probe{p}}), t, func() { probed = cpu() })
		b1 := cpu()
		return (probed - (b0+b1)/2) / n
	}
	// Traced syscalls, count mode: write(/dev/null, 4096) in the fixture vs the calibration's sized
	// estimate (write(/dev/null, 4096) in the helper; getppid is the plain estimate). Printed, not checked.
	wr := fmt.Sprintf("devnull 4096 %d", calls)
	sysCPU := func() float64 { _, c := fx.DoCPU(e, wr); return float64(c) }
	measureSys := func() float64 {
		b0 := sysCPU()
		var traced float64
		with(syscalls.New(syscalls.Options{}), t, func() { traced = sysCPU() })
		b1 := sysCPU()
		return (traced - (b0+b1)/2) / n
	}
	var estPush, estOther, measPush, measOther, estSys, measSys []float64
	fx.Do(e, pin) // warm up
	for r := 0; r < reps; r++ {
		c := overhead.Calibrate(false)
		if !c.Calibrated {
			e.Fatalf("calibration failed: %s", c.Error)
		}
		estPush, estOther = append(estPush, c.NsPerPushHit), append(estOther, c.NsPerOtherHit)
		measPush, measOther = append(measPush, measure(push)), append(measOther, measure(other))
		estSys, measSys = append(estSys, c.NsPerSizedSyscallHit), append(measSys, measureSys())
	}
	ok := true
	report := func(kind string, est, meas []float64) {
		e, m := median(est), median(meas)
		ratio := e / m
		verdict := "ok"
		if math.Abs(ratio-1) > tolerance {
			verdict, ok = "OUTSIDE", false
		}
		fmt.Printf("uprobe hit on a %-5s site: estimate %7.1f ns, measured %7.1f ns, estimate/measured %.2f (%s: tolerance ±%.0f %%)\n", kind, e, m, ratio, verdict, tolerance*100)
	}
	fmt.Printf("# calibration: %d interleaved rounds; each a fresh calibration (%d calls per site in the helper) and the fixture's %d calls with a probe on kglpnp+%d and on kglPinSetContext; medians\n", reps, 20000, calls, push.ProbeOffset)
	report("push", estPush, measPush)
	report("other", estOther, measOther)
	fmt.Printf("traced write(), count mode:   estimate %7.1f ns (sized kind), measured %7.1f ns (write(/dev/null, 4096) in the fixture), estimate/measured %.2f; not checked\n", median(estSys), median(measSys), median(estSys)/median(measSys))
	if !ok {
		fmt.Fprintln(os.Stderr, "plsql-probe-bench: the calibrated estimate is outside the tolerance of the measured cost")
	}
	return ok
}
