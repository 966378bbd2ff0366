// Package session runs one recording: vet the target, resolve functions, build collectors, drive
// prepare -> start -> wait -> read -> stop, and assemble the profile. Cleanup runs on every path;
// if the helper is killed, the kernel closes the probe file descriptors and the probes disappear
// (nothing is pinned, nothing is created in tracefs).
package session

import (
	"errors"
	"strings"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
)

// Options of a recording (the CLI flags and the serve "record" params are decoded into this).
type Options struct {
	PID           int      `json:"pid"`
	TID           int      `json:"tid,omitempty"`
	StartTicks    uint64   `json:"start_ticks,omitempty"`
	Functions     []string `json:"functions,omitempty"` // names and globs; names must exist
	Catalog       []string `json:"catalog,omitempty"`   // pattern ids or "all"; missing names are reported, not refused
	InclusiveTime bool     `json:"inclusive_time,omitempty"`
	Syscalls      bool     `json:"syscalls,omitempty"`
	SyscallTimes  bool     `json:"syscall_times,omitempty"` // syscalls with entry+exit: times and returned sizes (costlier)
	StacksHz      int      `json:"stacks_hz,omitempty"`     // 0: no stack sampling
	NoProc        bool     `json:"no_proc,omitempty"`
	Seconds       float64  `json:"seconds"` // required range [config.MinSeconds, max_seconds]; see DefaultSeconds
	NoCalibrate   bool     `json:"no_calibrate,omitempty"`
}

// DefaultSeconds is the recording length when the client does not name one: the CLI flag's default,
// and what serve puts in Options before decoding the record params (so an absent "seconds" means
// 10 s, while an explicit 0 is refused like any other invalid duration).
const DefaultSeconds = 10

// Check validates the options against the policy caps.
func (o *Options) Check(cfg *config.Config) error {
	if o.PID <= 0 {
		return perr.New(perr.BadRequest, "pid is required")
	}
	if err := cfg.CheckSeconds(o.Seconds); err != nil {
		return err
	}
	if o.StacksHz < 0 || o.StacksHz > cfg.MaxHz {
		return perr.New(perr.LimitExceeded, "stacks_hz must be in [1, %d] (max_hz)", cfg.MaxHz)
	}
	if o.SyscallTimes && !o.Syscalls {
		return perr.New(perr.BadRequest, "syscall_times needs syscalls")
	}
	if len(o.Functions) == 0 && len(o.Catalog) == 0 && !o.Syscalls && o.StacksHz == 0 && o.NoProc {
		return perr.New(perr.BadRequest, "nothing to record: give functions, catalog, syscalls or stacks")
	}
	for _, id := range o.Catalog {
		if _, ok := catalog.Get(id); !ok && id != "all" {
			return perr.New(perr.BadRequest, "unknown catalog pattern %q (known: %s, all)", id, strings.Join(catalog.IDs(), ", "))
		}
	}
	for _, f := range o.Functions {
		if err := symbols.ValidateName(f); err != nil {
			return err
		}
	}
	return nil
}

// request turns the function options into a symbol resolution request.
func (o *Options) request(cfg *config.Config) symbols.Request {
	req := symbols.Request{MaxGlobMatches: cfg.MaxGlobMatches}
	for _, f := range o.Functions {
		if symbols.IsGlob(f) {
			req.Globs = append(req.Globs, f)
		} else {
			req.Names = append(req.Names, f)
		}
	}
	for _, id := range o.Catalog {
		for _, p := range catalog.All() {
			if id == "all" || id == p.ID {
				req.Optional = append(req.Optional, p.Functions...)
			}
		}
	}
	return req
}

// Stop reasons, set as the cause of the recording context's cancellation.
var (
	StopRequested   = errors.New("request")
	StopStdinClosed = errors.New("stdin_closed")
	StopSignal      = errors.New("signal")
)
