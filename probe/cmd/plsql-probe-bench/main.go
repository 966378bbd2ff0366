// Command plsql-probe-bench measures the probe's overhead on this host against the fixture
// program: extra ns per counted function call and per traced syscall, with and without
// plsql-probe's collectors (syscalls: count mode and timed mode) and, when bpftrace is installed,
// with bpftrace count-only probes in the same run; and the slowdown from 99 Hz stack sampling. It is a developer tool (it runs gcc and
// bpftrace), not part of the shipped helper, and its numbers are never asserted by tests.
//
//	go run ./cmd/plsql-probe-bench [-calls 300000] [-syscalls 300000] [-reps 9] [-parts functions,syscalls,stacks]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/collector"
	"github.com/plsql-perf/plsql-perf/probe/internal/functions"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/stacks"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/syscalls"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// env satisfies testfixture.T outside of go test.
type env struct{ dirs []string }

func (e *env) Helper()                      {}
func (e *env) Fatal(args ...any)            { log.Fatal(args...) }
func (e *env) Fatalf(f string, args ...any) { log.Fatalf(f, args...) }
func (e *env) Skip(args ...any)             { log.Fatal(args...) }
func (e *env) Cleanup(func())               {}
func (e *env) TempDir() string {
	d, err := os.MkdirTemp("", "plsql-probe-bench")
	if err != nil {
		log.Fatal(err)
	}
	e.dirs = append(e.dirs, d)
	return d
}

func median(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// timed runs a fixture command reps times and returns the median elapsed ns.
func timed(e *env, fx *testfixture.Proc, cmd string, reps int) float64 {
	var xs []float64
	for i := 0; i < reps; i++ {
		xs = append(xs, float64(fx.Do(e, cmd)))
	}
	return median(xs)
}

func with(c collector.Collector, t *target.Target, f func()) {
	if err := c.Prepare(t); err != nil {
		log.Fatal(err)
	}
	defer c.Stop()
	if err := c.Start(); err != nil {
		log.Fatal(err)
	}
	f()
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		log.Fatal(err)
	}
}

var mountedTracefs bool

// exitCode is 1 when the calibration check failed.
var exitCode int

// withBpftrace runs a bpftrace program against the fixture while f runs.
func withBpftrace(pid int, prog string, f func()) error {
	if _, err := exec.LookPath("bpftrace"); err != nil {
		return err
	}
	if _, err := os.Stat("/sys/kernel/tracing/events"); err != nil {
		// bpftrace resolves tracepoints and probes through tracefs (plsql-probe does not).
		if out, err := exec.Command("mount", "-t", "tracefs", "nodev", "/sys/kernel/tracing").CombinedOutput(); err != nil {
			return fmt.Errorf("mount tracefs for bpftrace: %v %s", err, out)
		}
		fmt.Println("# mounted tracefs at /sys/kernel/tracing for bpftrace (unmounted at the end)")
		mountedTracefs = true
	}
	cmd := exec.Command("bpftrace", "-p", fmt.Sprint(pid), "-e", prog)
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = nil
	if err := cmd.Start(); err != nil {
		return err
	}
	// Both waits are bounded: a bpftrace that never attaches or never exits (seen on a loaded VM)
	// is killed instead of hanging the benchmark.
	sc := bufio.NewScanner(out)
	attachedCh := make(chan bool, 1)
	go func() {
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "Attaching") {
				attachedCh <- true
				for sc.Scan() { // drain the rest
				}
				return
			}
		}
		attachedCh <- false
	}()
	var attached bool
	select {
	case attached = <-attachedCh:
	case <-time.After(60 * time.Second):
	}
	if !attached {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return fmt.Errorf("bpftrace did not attach within 60 s")
	}
	time.Sleep(200 * time.Millisecond)
	f()
	_ = cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		return fmt.Errorf("bpftrace did not exit within 20 s of SIGINT (killed)")
	}
}

func main() {
	calls := flag.Int("calls", 300000, "function calls per timed run")
	sysN := flag.Int("syscalls", 300000, "write(/dev/null) syscalls per timed run")
	reps := flag.Int("reps", 9, "timed runs per variant (median reported)")
	parts := flag.String("parts", "functions,syscalls,stacks,calibration", "which measurements to run")
	tolerance := flag.Float64("tolerance", 0.15, "calibration: largest accepted |estimate/measured - 1| (exit status 1 beyond it)")
	flag.Parse()
	if os.Geteuid() != 0 {
		log.Fatal("run as root: uprobes need CAP_SYS_ADMIN")
	}
	e := &env{}
	defer func() {
		if mountedTracefs {
			_ = exec.Command("umount", "/sys/kernel/tracing").Run()
		}
		for _, d := range e.dirs {
			os.RemoveAll(d)
		}
		os.Exit(exitCode) // after the cleanup (the calibration check sets it)
	}()
	fx := testfixture.Start(e, testfixture.Build(e, e.TempDir()))
	defer fx.Close()
	t, err := target.Inspect(fx.PID, 0)
	if err != nil {
		log.Fatal(err)
	}
	mods, _ := symbols.Modules(t.PID, t.ExeIno, t.Exe)
	res, err := symbols.NewResolver(mods).Resolve(symbols.Request{Names: []string{"kglPinSetContext"}})
	if err != nil {
		log.Fatal(err)
	}
	pin := fmt.Sprintf("pin %d", *calls)
	wr := fmt.Sprintf("devnull 4096 %d", *sysN)
	// pin calls kgiPinObject -> kglpnp -> kglPinSetContext; only the leaf is probed: one hit per call.
	fmt.Printf("# plsql-probe-bench: fixture pid %d, %d calls and %d syscalls per run, median of %d runs\n", fx.PID, *calls, *sysN, *reps)

	want := func(part string) bool { return strings.Contains(","+*parts+",", ","+part+",") }
	calibrationOK := true
	if want("calibration") {
		calibrationOK = benchCalibration(e, fx, t, *calls/3, *reps, *tolerance)
	}
	if want("functions") {
		benchFunctions(e, fx, t, res.Probes, pin, *calls, *reps)
	}
	if want("syscalls") {
		benchSyscalls(e, fx, t, wr, *sysN, *reps)
	}
	if want("stacks") {
		long := fmt.Sprintf("pin %d", *calls*300) // ~0.5-1 s per run, so 99 Hz gives 50+ samples
		// Interleaved rounds (unsampled, sampled, unsampled, ...): on a shared VM the speed drifts over
		// seconds, and two blocks measured one after the other compare the drift, not the sampler.
		var plain, withSampling []float64
		for i := 0; i < *reps; i++ {
			plain = append(plain, float64(fx.Do(e, long)))
			with(stacks.New(stacks.Options{Hz: 99}), t, func() { withSampling = append(withSampling, float64(fx.Do(e, long))) })
		}
		lbase, sampled := median(plain), median(withSampling)
		fmt.Printf("stack sampling at 99 Hz:              %+8.2f %% elapsed (%.0f ms vs %.0f ms per run)\n", (sampled-lbase)/lbase*100, sampled/1e6, lbase/1e6)
	}
	if !calibrationOK {
		exitCode = 1
	}

}

func benchFunctions(e *env, fx *testfixture.Proc, t *target.Target, probes []symbols.Probe, pin string, calls, reps int) {
	base := timed(e, fx, pin, reps)
	var probed float64
	with(functions.New(functions.Options{Probes: probes}), t, func() { probed = timed(e, fx, pin, reps) })
	n := float64(calls)
	fmt.Printf("function call, no probe:              %8.1f ns/call\n", base/n)
	fmt.Printf("function call, plsql-probe count:     %8.1f ns/call  (+%.1f ns per counted call)\n", probed/n, (probed-base)/n)
	var bt float64
	if err := withBpftrace(fx.PID, fmt.Sprintf("uprobe:/proc/%d/exe:kglPinSetContext { @c = count(); }", fx.PID), func() { bt = timed(e, fx, pin, reps) }); err == nil {
		fmt.Printf("function call, bpftrace count():      %8.1f ns/call  (+%.1f ns per counted call)\n", bt/n, (bt-base)/n)
	} else {
		fmt.Printf("function call, bpftrace count():      skipped (%v)\n", err)
	}
}

func benchSyscalls(e *env, fx *testfixture.Proc, t *target.Target, wr string, sysN, reps int) {
	// VMs drift by tens of ns per syscall within a minute, so the variants are interleaved: each
	// round times the untraced baseline, count mode, timed mode, bpftrace count-only, and the
	// baseline again, in the same fixture process. A variant's overhead in a round is its time
	// minus the mean of that round's two baselines; the median over the rounds is reported.
	once := func(c collector.Collector) float64 {
		var d float64
		with(c, t, func() { d = float64(fx.Do(e, wr)) })
		return d
	}
	m := float64(sysN)
	var base, count, timedMode, bt []float64 // ns per syscall
	var dCount, dTimed, dBt []float64        // overhead per syscall, per round
	btProg := fmt.Sprintf("tracepoint:raw_syscalls:sys_enter /pid == %d/ { @c = count(); }", fx.PID)
	var btErr error
	fx.Do(e, wr) // warm up
	for r := 0; r < reps; r++ {
		b0 := float64(fx.Do(e, wr)) / m
		c := once(syscalls.New(syscalls.Options{})) / m
		tm := once(syscalls.New(syscalls.Options{Timed: true})) / m
		var b float64
		if btErr == nil {
			btErr = withBpftrace(fx.PID, btProg, func() { b = float64(fx.Do(e, wr)) / m })
		}
		b1 := float64(fx.Do(e, wr)) / m
		mid := (b0 + b1) / 2
		base, count, timedMode = append(base, b0, b1), append(count, c), append(timedMode, tm)
		dCount, dTimed = append(dCount, c-mid), append(dTimed, tm-mid)
		if btErr == nil {
			bt, dBt = append(bt, b), append(dBt, b-mid)
		}
	}
	fmt.Printf("# syscalls: %d interleaved rounds of write(/dev/null, 4096) x %d; medians over rounds\n", reps, sysN)
	fmt.Printf("write(4096) syscall, not traced:      %8.1f ns/call\n", median(base))
	fmt.Printf("write(4096), plsql-probe count mode:  %8.1f ns/call  (+%.1f ns per traced syscall; counts, exact requested sizes; default)\n", median(count), median(dCount))
	fmt.Printf("write(4096), plsql-probe timed mode:  %8.1f ns/call  (+%.1f ns per traced syscall; counts, times, returned sizes; --syscall-times)\n", median(timedMode), median(dTimed))
	if btErr == nil {
		fmt.Printf("write(4096), bpftrace count():        %8.1f ns/call  (+%.1f ns per traced syscall; count only)\n", median(bt), median(dBt))
	} else {
		fmt.Printf("write(4096), bpftrace count():        skipped (%v)\n", btErr)
	}
}
