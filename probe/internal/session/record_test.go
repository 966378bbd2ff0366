package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/overhead"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// recording runs Record in the background and returns once every collector is attached.
type recording struct {
	cancel context.CancelCauseFunc
	done   chan struct{}
	prof   *profile.Profile
	err    error
	start  Started
}

func startRecording(t *testing.T, opts Options) *recording {
	t.Helper()
	ctx, cancel := context.WithCancelCause(context.Background())
	r := &recording{cancel: cancel, done: make(chan struct{})}
	started := make(chan Started, 1)
	go func() {
		defer close(r.done)
		r.prof, r.err = Record(ctx, config.Default(), opts, func(s Started) { started <- s })
	}()
	select {
	case r.start = <-started:
	case <-r.done:
		t.Fatalf("record ended before starting: %v", r.err)
	case <-time.After(30 * time.Second):
		t.Fatal("record did not start")
	}
	return r
}

func (r *recording) finish(t *testing.T) *profile.Profile {
	t.Helper()
	r.cancel(StopRequested)
	<-r.done
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.prof
}

func calls(p *profile.Profile) map[string]uint64 {
	out := map[string]uint64{}
	for _, f := range p.Collectors.Functions.Functions {
		out[f.Name] = f.Calls
	}
	return out
}

func hasWarning(p *profile.Profile, code string) bool {
	for _, w := range p.Warnings {
		if w.Code == code {
			return true
		}
	}
	return false
}

// TestRecordSeedPatterns replays every seed pattern in the fixture while a full recording runs
// and checks the exact counts in the profile, its pattern summary and a strict JSON round trip.
func TestRecordSeedPatterns(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec := startRecording(t, Options{PID: fx.PID, StartTicks: tg.StartTicks, Catalog: []string{"all"},
		Functions: []string{"kge*"}, Syscalls: true, StacksHz: 99, Seconds: 60})
	fx.Do(t, "pin 10000")
	fx.Do(t, "exc 500")
	fx.Do(t, "write 4096 64")
	fx.Do(t, "write 32767 16")
	fx.Do(t, "poll 2000 20")
	fx.Do(t, "stats 300")
	p := rec.finish(t)

	got := calls(p)
	want := map[string]uint64{"kgiPinObject": 10000, "kglpnp": 10000, "kglPinSetContext": 10000,
		"kgebse": 500, "kgeselv": 500, "lmsagbf": 500, "slmsrd": 1000, "slfiwrb": 80,
		"snttmoredata": 100, "qerstUpdateStats": 300}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: %d calls, want %d", name, got[name], n)
		}
	}
	if p.StopReason != "request" || p.Version != 1 {
		t.Errorf("stop reason %q, version %d", p.StopReason, p.Version)
	}
	patterns := map[string]uint64{}
	for _, s := range p.Patterns {
		patterns[s.ID] = s.Calls
	}
	if patterns["library-cache-pins"] != 30000 || patterns["errors-and-messages"] != 500*3+1000 || patterns["in-band-break-checks"] != 100 {
		t.Errorf("pattern summary: %v", patterns)
	}
	if !hasWarning(p, "FUNCTIONS_MISSING") {
		t.Error("catalog functions absent from the fixture (pevm_ENTER, ...) must be reported as missing")
	}
	s := p.Collectors.Syscalls
	var file4096, file32767 uint64
	for _, w := range s.Writes {
		if w.Syscall == "write" && w.FdKind == "file" {
			for _, sc := range w.TopSizes {
				switch sc.Size {
				case 4096:
					file4096 = sc.Calls
				case 32767:
					file32767 = sc.Calls
				}
			}
		}
	}
	if s.Mode != "count" || p.Source != "ebpf" {
		t.Errorf("syscalls mode %q (want count, the default), source %q", s.Mode, p.Source)
	}
	if file4096 != 64 || file32767 != 16 || s.Polls.Total != 100 {
		t.Errorf("writes to files: 4096 x %d (want 64), 32767 x %d (want 16); polls %d (want 100)", file4096, file32767, s.Polls.Total)
	}
	if p.Collectors.Proc == nil || p.Collectors.Proc.Delta.Syscw < 80 {
		t.Errorf("proc delta should count at least the 80 writes: %+v", p.Collectors.Proc)
	}
	if p.Collectors.Stacks == nil || p.Collectors.Stacks.Status != "ok" {
		t.Errorf("stacks: %+v", p.Collectors.Stacks)
	}
	if o := p.Overhead; o.FunctionHits < 30000 || o.EstimatedMs <= 0 || !strings.Contains(o.Label, "estimate") || o.NsPerSiteHit == nil {
		t.Errorf("overhead estimate: %+v", o)
	}
	// Each function is priced by the instruction under its probe: kglpnp is probed after its
	// hot-patch NOP, on the frame push; kglPinSetContext starts with a load.
	sites := map[string]string{}
	for _, f := range p.Collectors.Functions.Functions {
		sites[f.Name] = f.ProbeSite
	}
	if sites["kglpnp"] != "push" || sites["kglPinSetContext"] != "other" {
		t.Errorf("probe sites: %v", sites)
	}
	if len(p.Errors) != 0 {
		t.Errorf("collector errors: %+v", p.Errors)
	}
	// Strict round trip: the profile decodes into the schema types with unknown fields rejected.
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var back profile.Profile
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
}

// TestTargetExitsDuringRecording: the target quits while a full recording runs. The recording
// stops by itself with stop reason target_exited and a TARGET_EXITED warning, and keeps what the
// target did: exact function and syscall counts, symbolised stacks, /proc counters up to its
// exit, and no collector error (the /proc collector used to report the exit as INTERNAL).
func TestTargetExitsDuringRecording(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec := startRecording(t, Options{PID: fx.PID, StartTicks: tg.StartTicks, Functions: []string{"slmsrd"},
		Syscalls: true, StacksHz: 499, Seconds: 60, NoCalibrate: true})
	fx.Do(t, "exc 7")
	fx.Do(t, "write 4096 5")
	_, spinCPU := fx.DoCPU(t, "spin 500")
	fx.Close() // quit; the test process reaps it
	select {
	case <-rec.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the recording did not notice that the target exited")
	}
	if rec.err != nil {
		t.Fatal(rec.err)
	}
	p := rec.prof
	if p.StopReason != "target_exited" || !hasWarning(p, "TARGET_EXITED") {
		t.Errorf("stop reason %q, warnings %+v", p.StopReason, p.Warnings)
	}
	if len(p.Errors) != 0 {
		t.Errorf("a target exit is a normal end, not a collector error: %+v", p.Errors)
	}
	if n := calls(p)["slmsrd"]; n != 14 {
		t.Errorf("slmsrd: %d calls, want 14", n)
	}
	var writes4096 uint64
	for _, w := range p.Collectors.Syscalls.Writes {
		for _, sc := range w.TopSizes {
			if w.Syscall == "write" && w.FdKind == "file" && sc.Size == 4096 {
				writes4096 += sc.Calls
			}
		}
	}
	if writes4096 != 5 {
		t.Errorf("write(file, 4096): %d, want 5", writes4096)
	}
	st := p.Collectors.Stacks
	var named uint64
	for _, f := range st.Folded {
		if strings.Contains(f.Stack, "qerstSnapStats") {
			named += f.Count
		}
	}
	// Samples follow the CPU time the spin got (a busy host cuts it below 500 ms): a third of 499 Hz.
	if st.Status != "ok" || st.Samples < 5 || float64(st.Samples) < float64(spinCPU)/1e9*499/3 || named*2 < st.Samples {
		t.Errorf("stacks after the target exited: status %s, %d samples, %d name qerstSnapStats", st.Status, st.Samples, named)
	}
	pr := p.Collectors.Proc
	if pr.Status != "ok" || pr.Delta.UtimeMs+pr.Delta.StimeMs <= 0 || pr.Delta.Syscw < 5 {
		t.Errorf("proc after the target exited: %+v", pr)
	}
}

// TestThreadedTarget: a second thread calls the same function; with its TID only its calls count,
// and the threaded warning is emitted.
func TestThreadedTarget(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tid := int(fx.Do(t, "thread"))
	if tid == fx.PID || tid <= 0 {
		t.Fatalf("worker tid %d", tid)
	}
	rec := startRecording(t, Options{PID: fx.PID, TID: tid, Functions: []string{"kgiPinObject"}, Syscalls: true, SyscallTimes: true, Seconds: 60, NoCalibrate: true})
	fx.Do(t, "tpin 300 700")
	p := rec.finish(t)
	if n := calls(p)["kgiPinObject"]; n != 300 {
		t.Errorf("kgiPinObject: %d calls counted for thread %d, want only its 300 (the main thread made 700)", n, tid)
	}
	if !hasWarning(p, "THREADED_PROCESS") || !p.Target.Threaded || p.Target.TID != tid {
		t.Errorf("threaded target not reported: target %+v warnings %+v", p.Target, p.Warnings)
	}
	if p.Collectors.Proc.Scope != "thread" {
		t.Errorf("proc scope %q, want thread", p.Collectors.Proc.Scope)
	}
	if p.Collectors.Syscalls.Mode != "timed" {
		t.Errorf("syscall_times: mode %q, want timed", p.Collectors.Syscalls.Mode)
	}
	// The worker thread makes two syscalls per tpin (read the count, write it back).
	for _, s := range p.Collectors.Syscalls.Syscalls {
		if (s.Name == "read" || s.Name == "write") && s.Calls != 1 {
			t.Errorf("%s: %d calls for the worker thread, want 1", s.Name, s.Calls)
		}
	}
}

func wantRefusal(t *testing.T, opts Options, code string) {
	t.Helper()
	_, err := Record(context.Background(), config.Default(), opts, nil)
	if err == nil {
		t.Fatalf("expected refusal %s", code)
	}
	if e := perr.From(err); e.Code != code {
		t.Fatalf("got %s (%s), want %s", e.Code, e.Message, code)
	}
}

// TestRefusals: nothing is attached to a process outside the allow-list, to a reused pid, or
// for names that are not function symbols; caps are enforced.
func TestRefusals(t *testing.T) {
	testfixture.RequireRoot(t)
	sleep := exec.Command("sleep", "60")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sleep.Process.Kill(); _ = sleep.Wait() }()
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	base := Options{PID: fx.PID, StartTicks: tg.StartTicks, Functions: []string{"kgiPinObject"}, Seconds: 1, NoCalibrate: true}
	with := func(f func(*Options)) Options { o := base; f(&o); return o }

	wantRefusal(t, with(func(o *Options) { o.PID = sleep.Process.Pid; o.StartTicks = 0 }), perr.ExeNotAllowed)
	wantRefusal(t, with(func(o *Options) { o.StartTicks++ }), perr.StartTimeMismatch)
	wantRefusal(t, with(func(o *Options) { o.Functions = []string{"kgiPinObjectX"} }), perr.UnknownFunction)
	wantRefusal(t, with(func(o *Options) { o.Functions = []string{"sink"} }), perr.UnknownFunction) // a data symbol
	wantRefusal(t, with(func(o *Options) { o.Functions = []string{"kgiPinObject+4"} }), perr.BadFunctionName)
	wantRefusal(t, with(func(o *Options) { o.Functions = []string{"*"} }), perr.BadFunctionName)
	wantRefusal(t, with(func(o *Options) { o.Seconds = 121 }), perr.LimitExceeded)
	for _, s := range []float64{0, -1, 0.0001, math.NaN(), math.Inf(1), math.Inf(-1)} {
		wantRefusal(t, with(func(o *Options) { o.Seconds = s }), perr.BadRequest) // never "the default" or "nothing"
	}
	wantRefusal(t, with(func(o *Options) { o.StacksHz = 5000 }), perr.LimitExceeded)
	wantRefusal(t, with(func(o *Options) { o.TID = sleep.Process.Pid }), perr.BadTID)
	wantRefusal(t, with(func(o *Options) { o.PID = 999999999 }), perr.NoSuchProcess)
	wantRefusal(t, with(func(o *Options) { o.SyscallTimes = true }), perr.BadRequest) // needs syscalls

	// The per-pid lock: refusals after it was taken (the unknown names above) left no file; a second
	// recording of the same pid is BUSY while the first runs; the file goes when the first ends.
	lock := fmt.Sprintf("%s/%d.lock", sysx.LockDir, fx.PID)
	if _, err := os.Lstat(lock); err == nil {
		t.Errorf("%s left behind by a refused recording", lock)
	}
	rec := startRecording(t, with(func(o *Options) { o.Seconds = 60 }))
	if _, err := os.Lstat(lock); err != nil {
		t.Errorf("no lock file while recording: %v", err)
	}
	wantRefusal(t, base, perr.Busy)
	rec.finish(t)
	if _, err := os.Lstat(lock); err == nil {
		t.Errorf("%s left behind after the recording ended", lock)
	}
}

// TestTargetExitsDuringCalibration: the target passes the checks, then quits inside the ~1 s overhead
// calibration, before any probe is attached. The recording is refused with NO_SUCH_PROCESS saying that
// nothing was recorded; it used to fail the collectors with INTERNAL (`read /proc/PID/stat`) or return a
// profile whose warning claimed that everything the target did was counted. The lock file is gone too.
func TestTargetExitsDuringCalibration(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	calibrated := false
	measureCosts = func(timed bool) overhead.Costs {
		calibrated = true
		fx.Close() // the target quits and is reaped while the helper calibrates
		return overhead.Defaults()
	}
	t.Cleanup(func() { measureCosts = overhead.Measure })
	p, err := Record(context.Background(), config.Default(), Options{PID: fx.PID, StartTicks: tg.StartTicks,
		Functions: []string{"slmsrd"}, Syscalls: true, StacksHz: 99, Seconds: 5}, func(Started) { t.Error("reported as started") })
	if !calibrated {
		t.Fatal("the calibration hook did not run")
	}
	e := perr.From(err)
	if err == nil || e.Code != perr.NoSuchProcess || !strings.Contains(e.Message, "before the probes were attached: nothing was recorded") {
		t.Fatalf("got profile %+v, error %v; want NO_SUCH_PROCESS before the probes were attached", p, err)
	}
	if _, statErr := os.Stat(fmt.Sprintf("%s/%d.lock", sysx.LockDir, fx.PID)); !os.IsNotExist(statErr) {
		t.Errorf("lock file left behind: %v", statErr)
	}
}
