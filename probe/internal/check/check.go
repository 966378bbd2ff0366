// Package check reports what works on this host: kernel, privileges, policy, each collector's
// mechanism (tried for real, on the helper itself), and optionally whether a target's symbols are
// found, with advice for anything that does not work.
package check

import (
	"fmt"
	"os"
	"runtime"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/overhead"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

// Item is one capability.
type Item struct {
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
	Advice string `json:"advice,omitempty"`
}

// TargetReport describes a candidate target.
type TargetReport struct {
	PID            int      `json:"pid"`
	Exe            string   `json:"exe,omitempty"`
	StartTicks     uint64   `json:"start_ticks,omitempty"`
	UID            int      `json:"uid"`
	Threads        int      `json:"threads,omitempty"`
	Allowed        bool     `json:"allowed"`
	Refusal        string   `json:"refusal,omitempty"`
	FunctionCount  int      `json:"function_symbols"`
	CatalogFound   []string `json:"catalog_found"`
	CatalogMissing []string `json:"catalog_missing"`
	HotPatched     []string `json:"hot_patch_prologue"`
}

// Report is the output of "plsql-probe check".
type Report struct {
	Tool        string          `json:"tool"`
	Version     string          `json:"version"`
	Kernel      string          `json:"kernel"`
	Arch        string          `json:"arch"`
	Euid        int             `json:"euid"`
	Privileges  Item            `json:"privileges"`
	Config      Item            `json:"config"`
	Mechanisms  map[string]Item `json:"mechanisms"`
	Collectors  map[string]Item `json:"collectors"`
	Calibration *overhead.Costs `json:"calibration,omitempty"`
	Target      *TargetReport   `json:"target,omitempty"`
	Advice      []string        `json:"advice"`
}

// Run builds the report. cfg may be nil when the policy file could not be read (cfgErr).
func Run(cfg *config.Config, cfgErr error, pid int) *Report {
	kernel, _ := sysx.Kernel()
	r := &Report{Tool: "plsql-probe", Version: version.Version, Kernel: kernel, Arch: runtime.GOARCH, Euid: sysx.Euid(),
		Mechanisms: map[string]Item{}, Collectors: map[string]Item{}, Advice: []string{}}
	root := r.Euid == 0
	r.Privileges = Item{OK: root && sysx.HasCapSysAdmin(), Detail: fmt.Sprintf("euid %d, CAP_SYS_ADMIN %v", r.Euid, sysx.HasCapSysAdmin())}
	if !r.Privileges.OK {
		r.Privileges.Advice = "run as root: uprobes need CAP_SYS_ADMIN on current kernels; sudoers: 'youruser ALL=(root) NOPASSWD: /usr/local/sbin/plsql-probe serve'"
		r.Advice = append(r.Advice, r.Privileges.Advice)
	}
	if cfgErr != nil {
		r.Config = Item{OK: false, Detail: cfgErr.Error(), Advice: "fix or remove the policy file; it must be root-owned and not group/world-writable"}
		r.Advice = append(r.Advice, r.Config.Advice)
	} else {
		src := cfg.Path
		if src == "" {
			src = "built-in default (no " + config.DefaultPath + ")"
		}
		r.Config = Item{OK: true, Detail: fmt.Sprintf("%s: allow_exe %v, max_probes %d, max_seconds %d, max_hz %d", src, cfg.AllowExe, cfg.MaxProbes, cfg.MaxSeconds, cfg.MaxHz)}
	}

	if t, err := sysx.UprobePMUType(); err == nil {
		r.Mechanisms["uprobe_pmu"] = Item{OK: true, Detail: fmt.Sprintf("perf uprobe PMU type %d (no tracefs needed)", t)}
	} else {
		r.Mechanisms["uprobe_pmu"] = Item{OK: false, Detail: err.Error(), Advice: "kernel 4.17+ with CONFIG_UPROBE_EVENTS is needed; the tracefs fallback is refused because it can leave probes behind"}
	}
	_, tracefsErr := os.Stat("/sys/kernel/tracing/events")
	r.Mechanisms["tracefs"] = Item{OK: tracefsErr == nil, Detail: "not used by plsql-probe (informational: bpftrace and perf probe need it mounted)"}
	if root {
		r.Mechanisms["bpf"] = tryBPF()
		r.Mechanisms["raw_tracepoint"] = tryRawTracepoint()
		r.Mechanisms["perf_sampling"] = trySampler()
		costs := overhead.Measure(false)
		r.Calibration = &costs
		r.Mechanisms["uprobe_attach"] = Item{OK: costs.Calibrated, Detail: fmt.Sprintf("self-test uprobes: %.0f ns per hit on a register push, %.0f ns on another instruction; traced syscall (count mode): %.0f ns", costs.NsPerPushHit, costs.NsPerOtherHit, costs.NsPerSyscallHit)}
		if !costs.Calibrated {
			r.Mechanisms["uprobe_attach"] = Item{OK: false, Detail: costs.Error}
		}
	}
	ok := func(names ...string) Item {
		for _, n := range names {
			if m, found := r.Mechanisms[n]; !found || !m.OK {
				return Item{OK: false, Detail: "needs " + n, Advice: m.Advice}
			}
		}
		return Item{OK: true}
	}
	r.Collectors["functions"] = ok("uprobe_pmu", "bpf", "uprobe_attach")
	r.Collectors["syscalls"] = ok("bpf", "raw_tracepoint")
	r.Collectors["stacks"] = ok("bpf", "perf_sampling")
	r.Collectors["proc"] = Item{OK: true}
	if pid > 0 {
		r.Target = inspect(cfg, pid)
		if r.Target.Refusal != "" {
			r.Advice = append(r.Advice, "target: "+r.Target.Refusal)
		}
	}
	return r
}

func tryBPF() Item {
	c, err := bpfutil.NewControl("plsql_check")
	if err != nil {
		return Item{OK: false, Detail: err.Error(), Advice: "BPF map creation failed: needs CAP_BPF+CAP_PERFMON or CAP_SYS_ADMIN"}
	}
	c.Close()
	return Item{OK: true, Detail: "maps and programs load"}
}

func trivial(t ebpf.ProgramType) (*ebpf.Program, error) {
	return ebpf.NewProgram(&ebpf.ProgramSpec{Type: t, License: bpfutil.License,
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}})
}

func tryRawTracepoint() Item {
	p, err := trivial(ebpf.RawTracepoint)
	if err != nil {
		return Item{OK: false, Detail: err.Error()}
	}
	defer p.Close()
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: "sys_enter", Program: p})
	if err != nil {
		return Item{OK: false, Detail: err.Error(), Advice: "raw tracepoints need kernel 4.17+"}
	}
	l.Close()
	return Item{OK: true, Detail: "raw_syscalls sys_enter/sys_exit attach"}
}

func trySampler() Item {
	fd, err := sysx.OpenCPUClockSampler(sysx.Gettid(), 99)
	if err != nil {
		return Item{OK: false, Detail: err.Error()}
	}
	sysx.Close(fd)
	return Item{OK: true, Detail: "cpu-clock sampling events open"}
}

func inspect(cfg *config.Config, pid int) *TargetReport {
	tr := &TargetReport{PID: pid, CatalogFound: []string{}, CatalogMissing: []string{}, HotPatched: []string{}}
	t, err := target.Inspect(pid, 0)
	if err != nil {
		tr.Refusal = err.Error()
		return tr
	}
	tr.Exe, tr.StartTicks, tr.UID, tr.Threads = t.Exe, t.StartTicks, t.UID, len(t.Threads)
	if cfg != nil {
		if err := t.Vet(cfg, 0); err != nil {
			tr.Refusal = err.Error()
			return tr
		}
		tr.Allowed = true
	}
	ix, err := symbols.LoadIndex(t.ExePath())
	if err != nil {
		tr.Refusal = "cannot read symbols: " + err.Error()
		return tr
	}
	tr.FunctionCount = len(ix.Funcs)
	mods, err := symbols.Modules(t.PID, t.ExeIno, t.Exe)
	if err != nil {
		return tr
	}
	res := symbols.NewResolver(mods)
	for _, p := range catalog.All() {
		for _, fn := range p.Functions {
			pr, found, _ := res.Find(fn)
			if !found {
				tr.CatalogMissing = append(tr.CatalogMissing, fn)
				continue
			}
			tr.CatalogFound = append(tr.CatalogFound, fn)
			if pr.ProbeOffset > 0 {
				tr.HotPatched = append(tr.HotPatched, fn)
			}
		}
	}
	if tr.FunctionCount == 0 {
		tr.Refusal = "the executable has no function symbols (stripped?): function counts are impossible"
	}
	return tr
}
