package session

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/collector"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/functions"
	"github.com/plsql-perf/plsql-perf/probe/internal/overhead"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/proc"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/stacks"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/syscalls"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

// Started is reported once every collector is attached and counting.
type Started struct {
	PID        int               `json:"pid"`
	TID        int               `json:"tid"`
	StartTicks uint64            `json:"start_ticks"`
	Collectors []string          `json:"collectors"`
	Probes     int               `json:"probes"`
	Warnings   []profile.Warning `json:"warnings"`
}

// RequireRoot refuses to run unprivileged, with the advice the user needs.
func RequireRoot() error {
	if sysx.Euid() != 0 {
		return perr.New(perr.NotPrivileged, "plsql-probe must run as root: uprobes need CAP_SYS_ADMIN on current kernels (CAP_PERFMON is no longer enough since the 2025 revert). Use sudo with a rule for exactly this binary, e.g. 'youruser ALL=(root) NOPASSWD: /usr/local/sbin/plsql-probe serve'")
	}
	return nil
}

// Record runs one recording until opts.Seconds pass, ctx is cancelled (its cause becomes the stop
// reason) or the target exits. Refusals are returned as *perr.Error before anything is attached.
func Record(ctx context.Context, cfg *config.Config, opts Options, onStarted func(Started)) (*profile.Profile, error) {
	// Usage errors first: they are the caller's to fix whatever the privileges.
	if err := opts.Check(cfg); err != nil {
		return nil, err
	}
	if err := RequireRoot(); err != nil {
		return nil, err
	}
	t, err := target.Inspect(opts.PID, opts.TID)
	if err != nil {
		return nil, err
	}
	if err := t.Vet(cfg, opts.StartTicks); err != nil {
		return nil, err
	}
	release, err := sysx.LockTarget(t.PID)
	if errors.Is(err, sysx.ErrLocked) {
		return nil, perr.New(perr.Busy, "another plsql-probe recording of process %d is running", t.PID)
	}
	if err != nil {
		return nil, perr.New(perr.Internal, "lock %s/%d.lock: %v", sysx.LockDir, t.PID, err)
	}
	defer release() // removes the lock file on every return path

	p := newProfile(t)
	filterTID := t.Threaded() && opts.TID != 0
	warn(p, t, opts, filterTID)

	var colls []collector.Collector
	probes := 0
	if len(opts.Functions)+len(opts.Catalog) > 0 {
		fc, err := functionsCollector(cfg, t, opts, filterTID, p)
		if err != nil {
			return nil, err
		}
		colls = append(colls, fc)
		probes = fc.Probes()
	}
	if opts.Syscalls {
		colls = append(colls, syscalls.New(syscalls.Options{FilterTID: filterTID, Timed: opts.SyscallTimes}))
	}
	if opts.StacksHz > 0 {
		colls = append(colls, stacks.New(stacks.Options{Hz: opts.StacksHz, FilterTID: filterTID}))
	}
	if !opts.NoProc {
		colls = append(colls, proc.New())
	}
	costs := overhead.Defaults()
	if !opts.NoCalibrate {
		costs = measureCosts(opts.SyscallTimes) // before attaching: it probes the helper itself
		if costs.Error != "" {
			p.Warnings = append(p.Warnings, profile.Warning{Code: "CALIBRATION_FAILED", Message: "overhead calibration failed, using defaults: " + costs.Error})
		}
	}
	// The calibration takes about a second: a target that exited meanwhile has nothing to attach to, and its
	// collectors would fail on its missing /proc files as if the helper had broken.
	if !t.StillSame() {
		return nil, exitedBeforeAttach(t)
	}

	// Every collector that got past Prepare is stopped, whatever happens below.
	var live []collector.Collector
	defer func() {
		for _, c := range live {
			_ = c.Stop()
		}
	}()
	for _, c := range colls {
		if err := c.Prepare(t); err != nil {
			_ = c.Stop()
			collectorError(p, c.Name(), err)
			continue
		}
		live = append(live, c)
	}
	var started []collector.Collector
	for _, c := range live {
		if err := c.Start(); err != nil {
			_ = c.Stop()
			collectorError(p, c.Name(), err)
			continue
		}
		started = append(started, c)
	}
	// Gone while the probes were being attached: nothing it did was counted, so say that, not INTERNAL.
	if !t.StillSame() {
		return nil, exitedBeforeAttach(t)
	}
	if len(started) == 0 {
		if len(p.Errors) > 0 {
			return nil, &perr.Error{Code: p.Errors[0].Code, Message: fmt.Sprintf("no collector could start; %s: %s", p.Errors[0].Collector, p.Errors[0].Message)}
		}
		return nil, perr.New(perr.BadRequest, "no collector requested")
	}
	begin := time.Now()
	p.StartedAt = begin.UTC().Format(time.RFC3339Nano)
	if onStarted != nil {
		s := Started{PID: t.PID, TID: t.TID, StartTicks: t.StartTicks, Warnings: p.Warnings}
		for _, c := range started {
			s.Collectors = append(s.Collectors, c.Name())
		}
		s.Probes = probes
		onStarted(s)
	}

	var tickers []collector.Ticker
	for _, c := range started {
		if tk, ok := c.(collector.Ticker); ok {
			tickers = append(tickers, tk)
		}
	}
	p.StopReason = wait(ctx, t, time.Duration(opts.Seconds*float64(time.Second)), tickers)
	p.ElapsedMs = float64(time.Since(begin).Microseconds()) / 1000
	if p.StopReason == "target_exited" || !t.StillSame() {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "TARGET_EXITED", Message: fmt.Sprintf(
			"process %d exited or was replaced during the recording: everything it did until then is counted; /proc counters end at the last look while it ran (at most 100 ms before its exit)", t.PID)})
	}
	// Read everything while still attached, then detach (deferred).
	for _, c := range started {
		if err := c.Read(p); err != nil {
			collectorError(p, c.Name(), err)
		}
	}
	finish(p, costs)
	return p, nil
}

// measureCosts is overhead.Measure; tests replace it to end the target inside the calibration window.
var measureCosts = overhead.Measure

func exitedBeforeAttach(t *target.Target) error {
	return perr.New(perr.NoSuchProcess, "process %d exited (or its pid was reused) after it was checked and before the probes were attached: nothing was recorded", t.PID)
}

// wait returns the stop reason. Every 100 ms it checks that the target still runs and lets the
// collectors that need it look at the target (tickers), since the target may not be there at the
// end.
func wait(ctx context.Context, t *target.Target, d time.Duration, tickers []collector.Ticker) string {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-deadline.C:
			return "duration"
		case <-ctx.Done():
			if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
				return cause.Error()
			}
			return "request"
		case <-tick.C:
			if !t.StillSame() {
				return "target_exited"
			}
			for _, tk := range tickers {
				tk.Tick()
			}
		}
	}
}

// functionsCollector resolves the function set (refusing unknown names) and builds the collector.
func functionsCollector(cfg *config.Config, t *target.Target, opts Options, filterTID bool, p *profile.Profile) (*functions.Collector, error) {
	mods, err := symbols.Modules(t.PID, t.ExeIno, t.Exe)
	if err != nil {
		return nil, perr.New(perr.NoSuchProcess, "read maps of %d: %v", t.PID, err)
	}
	res, err := symbols.NewResolver(mods).Resolve(opts.request(cfg))
	if err != nil {
		return nil, err
	}
	n := len(res.Probes)
	if opts.InclusiveTime {
		n *= 2
	}
	if n > cfg.MaxProbes {
		return nil, perr.New(perr.LimitExceeded, "%d probes requested, more than max_probes %d", n, cfg.MaxProbes)
	}
	if len(res.Probes) == 0 {
		return nil, perr.New(perr.UnknownFunction, "none of the requested functions exist in %s (missing: %v)", t.Exe, res.Missing)
	}
	if len(res.Missing) > 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "FUNCTIONS_MISSING", Message: fmt.Sprintf("not found in the target (not probed): %v", res.Missing)})
	}
	if len(res.Truncated) > 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "GLOB_TRUNCATED", Message: fmt.Sprintf("globs %v matched more than max_glob_matches %d; only the first (by name) are probed", res.Truncated, cfg.MaxGlobMatches)})
	}
	return functions.New(functions.Options{Probes: res.Probes, Missing: res.Missing, Truncated: res.Truncated,
		InclusiveTime: opts.InclusiveTime, FilterTID: filterTID}), nil
}

func newProfile(t *target.Target) *profile.Profile {
	kernel, _ := sysx.Kernel()
	return &profile.Profile{
		Version: profile.Version,
		Source:  "ebpf",
		Tool:    profile.Tool{Name: "plsql-probe", Version: version.Version},
		Host:    profile.Host{Hostname: sysx.Hostname(), Kernel: kernel, Arch: runtime.GOARCH, CPUs: runtime.NumCPU()},
		Target: profile.Target{PID: t.PID, TID: t.TID, Exe: t.Exe, StartTicks: t.StartTicks, UID: t.UID, Comm: t.Comm,
			Threaded: t.Threaded(), Threads: len(t.Threads)},
		Patterns: []profile.PatternSummary{}, Errors: []profile.CollectorError{}, Warnings: []profile.Warning{},
	}
}

func warn(p *profile.Profile, t *target.Target, opts Options, filterTID bool) {
	if opts.StartTicks == 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "PID_REUSE_UNCHECKED", Message: "no start time was given, so a reused pid would not be detected; pass the start_ticks returned by inspect"})
	}
	switch {
	case filterTID:
		p.Warnings = append(p.Warnings, profile.Warning{Code: "THREADED_PROCESS", Message: fmt.Sprintf(
			"target is thread %d of process %d (%d threads, threaded_execution): results are filtered to that thread, but every uprobe traps in every thread of the process, slowing the other sessions it hosts", t.TID, t.PID, len(t.Threads))})
	case len(t.Threads) > 1:
		p.Warnings = append(p.Warnings, profile.Warning{Code: "MULTITHREADED_UNFILTERED", Message: fmt.Sprintf(
			"process %d has %d threads and no tid was given: counts include all threads; with threaded_execution pass V$PROCESS.STID as tid", t.PID, len(t.Threads))})
	}
}

func collectorError(p *profile.Profile, name string, err error) {
	e := perr.From(err)
	p.Errors = append(p.Errors, profile.CollectorError{Collector: name, Code: e.Code, Message: e.Message})
}

// finish adds the pattern summary and the overhead estimate.
func finish(p *profile.Profile, costs overhead.Costs) {
	if f := p.Collectors.Functions; f != nil {
		p.Patterns = catalog.Summaries(f.Functions)
	}
	overhead.Estimate(p, costs)
}
