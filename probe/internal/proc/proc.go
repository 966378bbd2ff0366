// Package proc reads the target's CPU time, context switches, run-queue wait and I/O counters from
// /proc before and after the recording. For a thread target (threaded_execution) it reads the
// thread's own files under /proc/PID/task/TID.
package proc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// Collector snapshots /proc counters.
type Collector struct {
	dir    string
	scope  string
	before profile.ProcStats
	last   profile.ProcStats // the latest snapshot taken while the target ran
}

// New creates the collector.
func New() *Collector { return &Collector{} }

// Name implements collector.Collector.
func (c *Collector) Name() string { return "proc" }

// Prepare picks the process or thread directory.
func (c *Collector) Prepare(t *target.Target) error {
	c.dir, c.scope = fmt.Sprintf("/proc/%d", t.PID), "process"
	if t.Threaded() {
		c.dir, c.scope = fmt.Sprintf("/proc/%d/task/%d", t.PID, t.TID), "thread"
	}
	_, err := Snapshot(c.dir)
	return err
}

// Start takes the "before" snapshot.
func (c *Collector) Start() error {
	s, err := Snapshot(c.dir)
	c.before, c.last = s, s
	return err
}

// Tick keeps the latest snapshot, so that a target that exits during the recording still has
// counters up to (at most one tick before) its exit.
func (c *Collector) Tick() {
	if s, err := Snapshot(c.dir); err == nil {
		c.last = Latest(c.last, s)
	}
}

// Read takes the "after" snapshot and the delta. If the target is gone (it exited: the recording
// stops with target_exited), the last snapshot taken while it ran is the "after"; that is a normal
// end, not a collector error.
func (c *Collector) Read(p *profile.Profile) error {
	after, err := Snapshot(c.dir)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) {
		after, err = c.last, nil
	} else if err == nil {
		after = Latest(c.last, after)
	}
	res := &profile.ProcResult{Status: "ok", Scope: c.scope, Before: c.before, After: after}
	p.Collectors.Proc = res
	if err != nil {
		res.Status = "error"
		return err
	}
	res.Delta = Delta(c.before, after)
	return nil
}

// Stop has nothing to release.
func (c *Collector) Stop() error { return nil }

// Latest merges two snapshots of one process or thread, the later one second: every counter is cumulative and
// never goes down while the target lives, so the larger value is the later truth. A snapshot taken while the
// target exits can read stat but not io, status or schedstat (those fields stay zero); taken alone it would
// erase the I/O the target did before it exited.
func Latest(earlier, later profile.ProcStats) profile.ProcStats {
	return profile.ProcStats{
		UtimeMs: max(earlier.UtimeMs, later.UtimeMs), StimeMs: max(earlier.StimeMs, later.StimeMs),
		VoluntaryCtxt: max(earlier.VoluntaryCtxt, later.VoluntaryCtxt), NonvoluntaryCtxt: max(earlier.NonvoluntaryCtxt, later.NonvoluntaryCtxt),
		RunqueueWaitNs: max(earlier.RunqueueWaitNs, later.RunqueueWaitNs),
		Rchar:          max(earlier.Rchar, later.Rchar), Wchar: max(earlier.Wchar, later.Wchar),
		Syscr: max(earlier.Syscr, later.Syscr), Syscw: max(earlier.Syscw, later.Syscw),
		ReadBytes: max(earlier.ReadBytes, later.ReadBytes), WriteBytes: max(earlier.WriteBytes, later.WriteBytes),
	}
}

// Delta subtracts counters (never below zero).
func Delta(a, b profile.ProcStats) profile.ProcStats {
	sub := func(x, y uint64) uint64 {
		if y < x {
			return 0
		}
		return y - x
	}
	return profile.ProcStats{
		UtimeMs: b.UtimeMs - a.UtimeMs, StimeMs: b.StimeMs - a.StimeMs,
		VoluntaryCtxt: sub(a.VoluntaryCtxt, b.VoluntaryCtxt), NonvoluntaryCtxt: sub(a.NonvoluntaryCtxt, b.NonvoluntaryCtxt),
		RunqueueWaitNs: sub(a.RunqueueWaitNs, b.RunqueueWaitNs),
		Rchar:          sub(a.Rchar, b.Rchar), Wchar: sub(a.Wchar, b.Wchar), Syscr: sub(a.Syscr, b.Syscr), Syscw: sub(a.Syscw, b.Syscw),
		ReadBytes: sub(a.ReadBytes, b.ReadBytes), WriteBytes: sub(a.WriteBytes, b.WriteBytes),
	}
}

// Snapshot reads stat, status, schedstat and io of a /proc process or task directory. io and
// schedstat may be unavailable (kernel config); their fields stay zero.
func Snapshot(dir string) (profile.ProcStats, error) {
	var s profile.ProcStats
	b, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return s, fmt.Errorf("read %s/stat: %w", dir, err)
	}
	str := string(b)
	fields := strings.Fields(str[strings.LastIndexByte(str, ')')+1:])
	if len(fields) < 13 {
		return s, fmt.Errorf("malformed %s/stat", dir)
	}
	ticks := func(i int) float64 {
		v, _ := strconv.ParseUint(fields[i], 10, 64)
		return float64(v) * 1000 / sysx.UserHZ
	}
	s.UtimeMs, s.StimeMs = ticks(11), ticks(12) // fields 14 and 15
	if b, err := os.ReadFile(dir + "/status"); err == nil {
		kv := keyValues(string(b), ":")
		s.VoluntaryCtxt, s.NonvoluntaryCtxt = kv["voluntary_ctxt_switches"], kv["nonvoluntary_ctxt_switches"]
	}
	if b, err := os.ReadFile(dir + "/schedstat"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 2 {
			s.RunqueueWaitNs, _ = strconv.ParseUint(f[1], 10, 64)
		}
	}
	if b, err := os.ReadFile(dir + "/io"); err == nil {
		kv := keyValues(string(b), ":")
		s.Rchar, s.Wchar, s.Syscr, s.Syscw = kv["rchar"], kv["wchar"], kv["syscr"], kv["syscw"]
		s.ReadBytes, s.WriteBytes = kv["read_bytes"], kv["write_bytes"]
	}
	return s, nil
}

func keyValues(text, sep string) map[string]uint64 {
	out := map[string]uint64{}
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(line, sep)
		if !ok {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64); err == nil {
			out[strings.TrimSpace(k)] = n
		}
	}
	return out
}
