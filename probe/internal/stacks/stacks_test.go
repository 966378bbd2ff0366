package stacks

import (
	"strings"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// TestFoldedStacks samples a fixture that spins in main -> opiexe -> qerstSnapStats ->
// kgiPinObject (gcc turns opiexe's call into a tail jump, so opiexe itself rarely shows) and
// checks that most folded stacks name main and qerstSnapStats, root first. Sample counts depend
// on scheduling, so only proportions are asserted.
func TestFoldedStacks(t *testing.T) { checkFoldedStacks(t, false) }

// TestFoldedStacksAfterTargetExit: the same, but the target exits (and is reaped, so /proc/PID is
// gone) before the samples are read. The maps and ELF files captured while it ran still name
// the frames; reading them only at the end lost every sample.
func TestFoldedStacksAfterTargetExit(t *testing.T) { checkFoldedStacks(t, true) }

func checkFoldedStacks(t *testing.T, exitFirst bool) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{Hz: 499})
	if err := c.Prepare(tg); err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	_, cpuNs := fx.DoCPU(t, "spin 600")
	if exitFirst {
		fx.Close() // quit, then wait: the process is reaped
		if tg.StillSame() {
			t.Fatal("fixture still running after quit")
		}
	}
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		t.Fatal(err)
	}
	// cpu-clock samples follow the CPU time the spin got, which a busy host cuts well below its
	// 600 ms of wall time: expect at least a third of 499 Hz x that CPU time.
	r := p.Collectors.Stacks
	if expect := float64(cpuNs) / 1e9 * 499; r.Samples < 10 || float64(r.Samples) < expect/3 {
		t.Fatalf("only %d samples for %.0f ms of CPU time at 499 Hz (expected about %.0f)", r.Samples, float64(cpuNs)/1e6, expect)
	}
	var chain uint64
	for _, f := range r.Folded {
		if i, j := strings.Index(f.Stack, "main;"), strings.Index(f.Stack, ";qerstSnapStats"); i >= 0 && j > i {
			chain += f.Count
		}
	}
	if chain*2 < r.Samples {
		t.Errorf("stack main;...;qerstSnapStats in %d of %d samples; folded: %+v", chain, r.Samples, r.Folded[:min(5, len(r.Folded))])
	}
}
