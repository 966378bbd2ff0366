// Package functions counts calls of named functions of the target with uprobes (perf uprobe PMU,
// no tracefs) and BPF programs that aggregate in the kernel. Optional inclusive time uses a return
// probe as well; it includes the probe overhead and says so.
package functions

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// Options of the functions collector.
type Options struct {
	Probes        []symbols.Probe
	Missing       []string
	Truncated     []string
	InclusiveTime bool
	// FilterTID counts only calls made by the target thread (threaded_execution). Uprobes are
	// per address space, so every thread still takes the trap.
	FilterTID bool
}

// Collector is the uprobe call counter.
type Collector struct {
	opts  Options
	maps  maps
	progs []*ebpf.Program
	links []link.Link
	pid   int
	tgid  uint32
	tid   uint32
}

// New creates the collector.
func New(opts Options) *Collector { return &Collector{opts: opts} }

// Probes is the number of functions probed.
func (c *Collector) Probes() int { return len(c.opts.Probes) }

// Name implements collector.Collector.
func (c *Collector) Name() string { return "functions" }

// Prepare creates the maps and loads one program per function (two with inclusive time).
func (c *Collector) Prepare(t *target.Target) error {
	if _, err := sysx.UprobePMUType(); err != nil {
		return perr.New(perr.Unsupported, "the kernel has no uprobe PMU (/sys/bus/event_source/devices/uprobe/type, kernel 4.17+); refusing the tracefs fallback because it can leave probes behind")
	}
	c.pid, c.tgid = t.PID, uint32(t.PID)
	if c.opts.FilterTID {
		c.tid = uint32(t.TID)
	}
	n := uint32(len(c.opts.Probes))
	if n == 0 {
		return perr.New(perr.BadRequest, "no functions to probe")
	}
	var err error
	if c.maps.control, err = bpfutil.NewControl("plsql_fn_ctl"); err != nil {
		return err
	}
	if c.maps.counts, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_fn_cnt", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: n}); err != nil {
		return fmt.Errorf("create counts map: %w", err)
	}
	if c.opts.InclusiveTime {
		if c.maps.times, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_fn_ns", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: n}); err != nil {
			return fmt.Errorf("create times map: %w", err)
		}
		if c.maps.starts, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_fn_start", Type: ebpf.Hash, KeySize: 8, ValueSize: 8, MaxEntries: 65536}); err != nil {
			return fmt.Errorf("create starts map: %w", err)
		}
	}
	for i := range c.opts.Probes {
		specs := []*ebpf.ProgramSpec{entryProgram(&c.maps, uint32(i), c.tgid, c.tid)}
		if c.opts.InclusiveTime {
			specs = append(specs, returnProgram(&c.maps, uint32(i), c.tgid, c.tid))
		}
		for _, s := range specs {
			p, err := ebpf.NewProgram(s)
			if err != nil {
				return fmt.Errorf("load uprobe program: %w", err)
			}
			c.progs = append(c.progs, p)
		}
	}
	return nil
}

// Start attaches every probe, then enables counting for all of them at once.
func (c *Collector) Start() error {
	per := 1
	if c.opts.InclusiveTime {
		per = 2
	}
	exes := map[string]*link.Executable{}
	for i, p := range c.opts.Probes {
		ex := exes[p.OpenPath]
		if ex == nil {
			var err error
			if ex, err = link.OpenExecutable(p.OpenPath); err != nil {
				return fmt.Errorf("open %s: %w", p.Module, err)
			}
			exes[p.OpenPath] = ex
		}
		o := &link.UprobeOptions{Address: p.FileOffset, Offset: p.ProbeOffset, PID: c.pid}
		l, err := ex.Uprobe(p.Name, c.progs[i*per], o)
		if err != nil {
			return attachError(p, err)
		}
		c.links = append(c.links, l)
		if c.opts.InclusiveTime {
			l, err := ex.Uretprobe(p.Name, c.progs[i*per+1], o)
			if err != nil {
				return attachError(p, err)
			}
			c.links = append(c.links, l)
		}
	}
	return c.maps.control.Set(true)
}

func attachError(p symbols.Probe, err error) error {
	if errors.Is(err, errPerm) {
		return perr.New(perr.NotPrivileged, "attach uprobe %s: %v (uprobes need CAP_SYS_ADMIN on current kernels; run as root)", p.Name, err)
	}
	return perr.New(perr.Internal, "attach uprobe %s+%d in %s: %v", p.Name, p.ProbeOffset, p.Module, err)
}

// Read freezes counting, then reads counts (and times) while the probes are still attached.
func (c *Collector) Read(out *profile.Profile) error {
	res := &profile.FunctionsResult{Status: "ok", InclusiveTime: c.opts.InclusiveTime,
		Functions: []profile.FunctionCount{}, Missing: nonNil(c.opts.Missing), Truncated: nonNil(c.opts.Truncated)}
	if c.opts.InclusiveTime {
		res.TimeNote = "inclusive time measured from entry and return probes; it includes the probe overhead of every nested probed call"
	}
	out.Collectors.Functions = res
	if err := c.maps.control.Set(false); err != nil {
		res.Status = "error"
		return err
	}
	for i, p := range c.opts.Probes {
		var vals []uint64
		if err := c.maps.counts.Lookup(uint32(i), &vals); err != nil {
			res.Status = "error"
			return fmt.Errorf("read count of %s: %w", p.Name, err)
		}
		fc := profile.FunctionCount{Name: p.Name, Module: p.Module, ProbeOffset: p.ProbeOffset,
			Calls: bpfutil.SumPerCPU(vals), Pattern: catalog.PatternOf(p.Name), ProbeSite: p.Site}
		if c.opts.InclusiveTime {
			if err := c.maps.times.Lookup(uint32(i), &vals); err == nil {
				ns := bpfutil.SumPerCPU(vals)
				fc.InclusiveNs = &ns
			}
		}
		res.Functions = append(res.Functions, fc)
	}
	return nil
}

// Stop detaches every probe and frees programs and maps. Returns the first error.
func (c *Collector) Stop() error {
	var first error
	keep := func(err error) {
		if err != nil && first == nil {
			first = err
		}
	}
	if c.maps.control != nil && c.maps.control.Map != nil {
		_ = c.maps.control.Set(false)
	}
	keep(c.detach())
	for _, p := range c.progs {
		keep(p.Close())
	}
	c.progs = nil
	for _, m := range []*ebpf.Map{c.maps.counts, c.maps.times, c.maps.starts} {
		if m != nil {
			keep(m.Close())
		}
	}
	keep(c.maps.control.Close())
	c.maps = maps{}
	return first
}

// detach closes the uprobe links only (maps stay readable).
func (c *Collector) detach() error {
	var first error
	for _, l := range c.links {
		if err := l.Close(); err != nil && first == nil {
			first = err
		}
	}
	c.links = nil
	return first
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
