package functions

import (
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

func resolve(t *testing.T, tg *target.Target, names ...string) []symbols.Probe {
	t.Helper()
	mods, err := symbols.Modules(tg.PID, tg.ExeIno, tg.Exe)
	if err != nil {
		t.Fatal(err)
	}
	res, err := symbols.NewResolver(mods).Resolve(symbols.Request{Names: names})
	if err != nil {
		t.Fatal(err)
	}
	return res.Probes
}

func counts(t *testing.T, c *Collector) map[string]profile.FunctionCount {
	t.Helper()
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		t.Fatal(err)
	}
	out := map[string]profile.FunctionCount{}
	for _, f := range p.Collectors.Functions.Functions {
		out[f.Name] = f
	}
	return out
}

// TestCountsThenDetach follows cilium/ebpf's uprobe_test.go: attach to a real binary, run it,
// assert exact counts, detach, run again and assert that nothing more was counted.
func TestCountsThenDetach(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	probes := resolve(t, tg, "kgiPinObject", "kglpnp", "kglPinSetContext", "kgebse", "slmsrd", "qerstUpdateStats", "clock_gettime")
	c := New(Options{Probes: probes, InclusiveTime: true})
	if err := c.Prepare(tg); err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	fx.Do(t, "pin 1000")
	fx.Do(t, "exc 300")
	fx.Do(t, "stats 200")
	got := counts(t, c)
	want := map[string]uint64{"kgiPinObject": 1000, "kglpnp": 1000, "kglPinSetContext": 1000,
		"kgebse": 300, "slmsrd": 600, "qerstUpdateStats": 200,
		// libc function: 2 per qerstUpdateStats + 4 per fixture command (its own timers: elapsed
		// and CPU time, each read at the start and the end).
		"clock_gettime": 2*200 + 4*3}
	for name, n := range want {
		if got[name].Calls != n {
			t.Errorf("%s: counted %d calls, want %d", name, got[name].Calls, n)
		}
	}
	if got["kglpnp"].ProbeOffset != 2 || got["kgebse"].ProbeOffset != 2 {
		t.Errorf("hot-patch prologue not skipped: kglpnp +%d, kgebse +%d", got["kglpnp"].ProbeOffset, got["kgebse"].ProbeOffset)
	}
	if got["kgiPinObject"].ProbeOffset != 0 {
		t.Errorf("kgiPinObject has no hot-patch prologue but probe offset is %d", got["kgiPinObject"].ProbeOffset)
	}
	if ns := got["kgiPinObject"].InclusiveNs; ns == nil || *ns < *got["kglpnp"].InclusiveNs {
		t.Errorf("inclusive time of kgiPinObject should include its callee kglpnp: %v vs %v", ns, got["kglpnp"].InclusiveNs)
	}
	// Detach, re-enable counting, run again: nothing more may be counted.
	if err := c.detach(); err != nil {
		t.Fatal(err)
	}
	if err := c.maps.control.Set(true); err != nil {
		t.Fatal(err)
	}
	fx.Do(t, "pin 1000")
	fx.Do(t, "exc 300")
	after := counts(t, c)
	for name, n := range want {
		if after[name].Calls != n {
			t.Errorf("%s: %d calls after detach, want still %d", name, after[name].Calls, n)
		}
	}
}
