// Package dtrace brings plsql-probe to the seeds' platforms: Solaris (and illumos) and Oracle Linux
// DTrace 2.x. Script generates a D script that counts the same function sets (the built-in
// catalog, names and globs) and syscall sets as the Linux helper; Import parses that script's
// output back into a version 1 profile (source "dtrace").
//
// The script's output format is line-based and versioned: every record starts with
// "plsqlprobe|", fields are separated by '|', and counts come last:
//
//	plsqlprobe|begin|1|<pid>|<walltimestamp ns>
//	plsqlprobe|want|func|<name>          requested exact name (catalog or --functions)
//	plsqlprobe|want|glob|<glob>
//	plsqlprobe|option|syscalls|1
//	plsqlprobe|option|stacks_hz|<hz>
//	plsqlprobe|option|fd_kinds|0|1
//	plsqlprobe|option|seconds|<s>
//	plsqlprobe|end|<walltimestamp ns>|<elapsed ns>|duration|signal
//	plsqlprobe|func|<module>|<function>|<count>
//	plsqlprobe|sys|<syscall>|<count>
//	plsqlprobe|size|<syscall>|<fi_fs or ->|<requested bytes>|<count>
//	plsqlprobe|stack|                    then the ustack() frames, one per line, leaf first
//	plsqlprobe|stackcount|<count>
//	plsqlprobe|done
package dtrace

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

// FormatVersion is the version of the output format (the third field of the begin line).
const FormatVersion = 1

// Prefix starts every line the script prints.
const Prefix = "plsqlprobe|"

// ScriptOptions select what the D script counts. They mirror the record options.
type ScriptOptions struct {
	PID       int      // 0: the script uses $target (run it with dtrace -p PID)
	Functions []string // names and globs, validated like the Linux path
	Catalog   []string // pattern ids or "all"
	Syscalls  bool
	StacksHz  int
	Seconds   float64 // required, as for record (the CLI flag defaults to DefaultSeconds)
	NoFdKinds bool    // drop fds[arg0].fi_fs (for a DTrace without io.d's fds[])
}

// DefaultSeconds is the tick-driven exit when no duration is given (as for record).
const DefaultSeconds = 10

// Syscall names per platform. The script names both OSes' calls; with zdefs the ones a system
// does not have match nothing.
var (
	// sizeSyscalls take (fd, buf, size, ...): their requested size is arg2. Solaris: write,
	// pwrite (pwrite64 for 32-bit large-file callers), send, sendto. Linux: write, pwrite64,
	// sendto. The vector calls (writev, sendmsg) have no size argument and are only counted.
	sizeSyscalls = []string{"write", "pwrite", "pwrite64", "send", "sendto"}
)

// plan is the validated, normalised request.
type plan struct {
	ScriptOptions
	names []string // exact names, requested order, deduplicated
	globs []string
}

func (o ScriptOptions) validate(cfg *config.Config) (*plan, error) {
	if o.PID < 0 {
		return nil, perr.New(perr.BadRequest, "pid must be positive")
	}
	if err := cfg.CheckSeconds(o.Seconds); err != nil {
		return nil, err
	}
	if ms := o.Seconds * 1000; ms != math.Trunc(ms) {
		return nil, perr.New(perr.BadRequest, "seconds must be a whole number of milliseconds (DTrace tick resolution here)")
	}
	if o.StacksHz < 0 || o.StacksHz > cfg.MaxHz {
		return nil, perr.New(perr.LimitExceeded, "stacks_hz must be in [1, %d] (max_hz)", cfg.MaxHz)
	}
	if len(o.Functions) == 0 && len(o.Catalog) == 0 && !o.Syscalls && o.StacksHz == 0 {
		return nil, perr.New(perr.BadRequest, "nothing to record: give functions, catalog, syscalls or stacks")
	}
	p := &plan{ScriptOptions: o}
	seen := map[string]bool{}
	for _, f := range o.Functions {
		if err := symbols.ValidateName(f); err != nil {
			return nil, err
		}
		if seen[f] {
			continue
		}
		seen[f] = true
		if symbols.IsGlob(f) {
			p.globs = append(p.globs, f)
		} else {
			p.names = append(p.names, f)
		}
	}
	for _, id := range o.Catalog {
		if _, ok := catalog.Get(id); !ok && id != "all" {
			return nil, perr.New(perr.BadRequest, "unknown catalog pattern %q (known: %s, all)", id, strings.Join(catalog.IDs(), ", "))
		}
	}
	for _, pat := range catalog.All() {
		for _, id := range o.Catalog {
			if id == "all" || id == pat.ID {
				for _, f := range pat.Functions {
					if !seen[f] {
						seen[f] = true
						p.names = append(p.names, f)
					}
				}
			}
		}
	}
	// Every name and glob is one probe description (entry only). DTrace expands globs itself, so
	// max_glob_matches cannot be enforced in the script (see the header comment).
	if n := len(p.names) + len(p.globs); n > cfg.MaxProbes {
		return nil, perr.New(perr.LimitExceeded, "%d probes requested, more than max_probes %d", n, cfg.MaxProbes)
	}
	return p, nil
}

func (p *plan) globbed(name string) bool {
	for _, g := range p.globs {
		if ok, _ := filepath.Match(g, name); ok {
			return true
		}
	}
	return false
}

// Script returns the D script for the options, or a refusal (*perr.Error) with the same codes as
// record. The output is deterministic for given options.
func Script(cfg *config.Config, o ScriptOptions) (string, error) {
	p, err := o.validate(cfg)
	if err != nil {
		return "", err
	}
	target := "$target"
	if p.PID > 0 {
		target = strconv.Itoa(p.PID)
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	secs := strconv.FormatFloat(p.Seconds, 'f', -1, 64)

	w("#!/usr/sbin/dtrace -s\n")
	w("/*\n")
	w(" * Generated by plsql-probe %s dtrace-script (output format plsqlprobe v%d). Counts, for one\n", version.Version, FormatVersion)
	w(" * Oracle server process, what plsql-probe record counts on Linux with eBPF:\n")
	if len(p.names) > 0 {
		w(" *   functions: %s\n", strings.Join(p.names, " "))
	}
	if len(p.globs) > 0 {
		w(" *   globs (in the executable): %s\n", strings.Join(p.globs, " "))
	}
	if p.Syscalls {
		fd := "fd kinds from fds[arg0].fi_fs"
		if p.NoFdKinds {
			fd = "fd kinds unknown (--no-fd-kinds)"
		}
		w(" *   syscalls: calls per syscall; requested write sizes (arg2) of %s; %s\n", strings.Join(sizeSyscalls, "/"), fd)
	}
	if p.StacksHz > 0 {
		w(" *   stacks: ustack() samples at %d Hz while the process is on CPU\n", p.StacksHz)
	}
	w(" *   stops after %s s (tick) or on Ctrl-C; both print the results\n", secs)
	w(" *\n")
	if p.PID > 0 {
		w(" * Run:    dtrace -s plsql-probe.d > plsql-probe.out 2>&1        (process %d)\n", p.PID)
	} else {
		w(" * Run:    dtrace -s plsql-probe.d -p <SPID> > plsql-probe.out 2>&1\n")
	}
	w(" * Import: plsql-probe import-dtrace < plsql-probe.out > profile.json\n")
	w(" *\n")
	w(" * Platforms:\n")
	w(" *  - Solaris 10/11, illumos: all of it. poll() is the pollsys syscall there.\n")
	w(" *  - Oracle Linux DTrace 2.x: all of it (pid$target, syscall, profile and tick providers;\n")
	w(" *    fds[] from io.d). Syscalls carry their Linux names (poll, ppoll, pwrite64, ...).\n")
	w(" *  - zdefs is on: a description that matches nothing is skipped instead of failing the\n")
	w(" *    script. That covers the other OS's syscall names and catalog functions absent from the\n")
	w(" *    binary, but it also means a function without an output line had no calls OR does not\n")
	w(" *    exist; the import lists such names as missing, with a warning. To tell them apart:\n")
	w(" *      dtrace -l -n 'pid<SPID>::kgiPinObject:entry'\n")
	w(" *  - Globs are expanded by DTrace and are not capped at max_glob_matches; count them first:\n")
	w(" *      dtrace -l -n 'pid<SPID>:a.out:kge*:entry' | wc -l\n")
	w(" *    A name a glob also matches is probed through the glob only (a probe matched by two\n")
	w(" *    descriptions would count every call twice).\n")
	w(" *  - Probes sit at the function entry (DTrace emulates the first instruction, so there is no\n")
	w(" *    hot-patch offset: probe_offset is 0). Only entry probes: no times per call.\n")
	if p.Syscalls && !p.NoFdKinds {
		w(" *  - fds[] needs io.d. If your DTrace reports fds as undefined, regenerate with --no-fd-kinds.\n")
	}
	w(" *  - Not here: per-thread filtering (threaded_execution), syscall times, /proc counters.\n")
	w(" *\n")
	w(" * Output: one line per aggregation entry, \"plsqlprobe|<kind>|<keys>|<count>\"; a stack is a\n")
	w(" * \"plsqlprobe|stack|\" line, its frames (leaf first), then \"plsqlprobe|stackcount|<count>\".\n")
	w(" */\n\n")

	w("#pragma D option quiet\n")
	w("#pragma D option zdefs\n")
	if p.StacksHz > 0 {
		w("#pragma D option ustackframes=100\n")
	}
	w("\n")

	w("dtrace:::BEGIN\n{\n")
	w("\tplsqlprobe_t0 = timestamp;\n")
	w("\tplsqlprobe_stop = \"signal\";\n")
	w("\tprintf(\"plsqlprobe|begin|%d|%%d|%%d\\n\", %s, walltimestamp);\n", FormatVersion, target)
	for _, n := range p.names {
		w("\tprintf(\"plsqlprobe|want|func|%s\\n\");\n", n)
	}
	for _, g := range p.globs {
		w("\tprintf(\"plsqlprobe|want|glob|%s\\n\");\n", g)
	}
	if p.Syscalls {
		w("\tprintf(\"plsqlprobe|option|syscalls|1\\n\");\n")
		fd := 1
		if p.NoFdKinds {
			fd = 0
		}
		w("\tprintf(\"plsqlprobe|option|fd_kinds|%d\\n\");\n", fd)
	}
	if p.StacksHz > 0 {
		w("\tprintf(\"plsqlprobe|option|stacks_hz|%d\\n\");\n", p.StacksHz)
	}
	w("\tprintf(\"plsqlprobe|option|seconds|%s\\n\");\n", secs)
	w("}\n\n")

	if len(p.names)+len(p.globs) > 0 {
		var descs []string
		// Exact names: any module (executable first in practice), like the Linux path's lookup.
		// An explicit module would make a missing name a hard error that zdefs does not cover.
		// A name that a glob also matches is left to the glob: DTrace would give a probe matched
		// by two descriptions two enablings and count each call twice (the Linux path dedupes
		// probes by address).
		for _, n := range p.names {
			if p.globbed(n) {
				continue
			}
			descs = append(descs, fmt.Sprintf("pid%s::%s:entry", target, n))
		}
		// Globs: the executable only, like the Linux path.
		for _, g := range p.globs {
			descs = append(descs, fmt.Sprintf("pid%s:a.out:%s:entry", target, g))
		}
		w("%s\n{\n\t@plsqlprobe_func[probemod, probefunc] = count();\n}\n\n", strings.Join(descs, ",\n"))
	}
	if p.Syscalls {
		w("syscall:::entry\n/pid == %s/\n{\n\t@plsqlprobe_sys[probefunc] = count();\n}\n\n", target)
		var descs []string
		for _, s := range sizeSyscalls {
			descs = append(descs, fmt.Sprintf("syscall::%s:entry", s))
		}
		fs := "fds[arg0].fi_fs"
		if p.NoFdKinds {
			fs = "\"-\""
		}
		w("%s\n/pid == %s/\n{\n\t@plsqlprobe_size[probefunc, %s, arg2] = count();\n}\n\n", strings.Join(descs, ",\n"), target, fs)
	}
	if p.StacksHz > 0 {
		w("profile-%d\n/pid == %s/\n{\n\t@plsqlprobe_stack[ustack()] = count();\n}\n\n", p.StacksHz, target)
	}

	tick := secs + "s"
	if p.Seconds != math.Trunc(p.Seconds) {
		tick = strconv.FormatInt(int64(math.Round(p.Seconds*1000)), 10) + "ms"
	}
	w("tick-%s\n{\n\tplsqlprobe_stop = \"duration\";\n\texit(0);\n}\n\n", tick)

	w("dtrace:::END\n{\n")
	w("\tprintf(\"plsqlprobe|end|%%d|%%d|%%s\\n\", walltimestamp, timestamp - plsqlprobe_t0, plsqlprobe_stop);\n")
	if len(p.names)+len(p.globs) > 0 {
		w("\tprinta(\"plsqlprobe|func|%%s|%%s|%%@d\\n\", @plsqlprobe_func);\n")
	}
	if p.Syscalls {
		w("\tprinta(\"plsqlprobe|sys|%%s|%%@d\\n\", @plsqlprobe_sys);\n")
		w("\tprinta(\"plsqlprobe|size|%%s|%%s|%%d|%%@d\\n\", @plsqlprobe_size);\n")
	}
	if p.StacksHz > 0 {
		w("\tprinta(\"plsqlprobe|stack|%%k\\nplsqlprobe|stackcount|%%@d\\n\", @plsqlprobe_stack);\n")
	}
	w("\tprintf(\"plsqlprobe|done\\n\");\n")
	w("}\n")
	return b.String(), nil
}
