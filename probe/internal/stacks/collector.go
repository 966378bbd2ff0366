// Package stacks samples the target's on-CPU user stacks with a cpu-clock perf event per thread
// (default 99 Hz) and a BPF program that counts stack ids in the kernel; user space symbolises the
// addresses through /proc/PID/maps and the ELF symbol tables, and folds them for a flame graph.
// The maps and the ELF files are captured while the target runs (at Prepare, and again on every
// Tick for libraries mapped later), so the samples of a target that exits first keep their names.
// Unwinding uses frame pointers (bpf_get_stackid), so binaries built without them give short
// stacks.
package stacks

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// Options of the stacks collector.
type Options struct {
	Hz        int
	FilterTID bool
}

// Collector samples stacks.
type Collector struct {
	opts    Options
	maps    maps
	prog    *ebpf.Program
	perfFDs []int
	sym     *symbols.Symbolizer
}

// New creates the collector.
func New(opts Options) *Collector { return &Collector{opts: opts} }

// Name implements collector.Collector.
func (c *Collector) Name() string { return "stacks" }

// Prepare loads the program and opens one disabled sampling event per thread.
func (c *Collector) Prepare(t *target.Target) error {
	var tid uint32
	if c.opts.FilterTID {
		tid = uint32(t.TID)
	}
	var err error
	if c.maps.control, err = bpfutil.NewControl("plsql_stk_ctl"); err != nil {
		return err
	}
	if c.maps.traces, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_stk_trace", Type: ebpf.StackTrace, KeySize: 4, ValueSize: maxDepth * 8, MaxEntries: 8192}); err != nil {
		return fmt.Errorf("create stack map: %w", err)
	}
	if c.maps.counts, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_stk_cnt", Type: ebpf.PerCPUHash, KeySize: 4, ValueSize: 8, MaxEntries: 8192}); err != nil {
		return fmt.Errorf("create stack counts: %w", err)
	}
	if c.maps.lost, err = ebpf.NewMap(&ebpf.MapSpec{Name: "plsql_stk_lost", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: 1}); err != nil {
		return fmt.Errorf("create lost counter: %w", err)
	}
	if c.prog, err = ebpf.NewProgram(sampleProgram(&c.maps, uint32(t.PID), tid)); err != nil {
		return fmt.Errorf("load sampling program: %w", err)
	}
	if c.sym, err = symbols.NewSymbolizer(t.PID); err != nil {
		return fmt.Errorf("read maps for symbols: %w", err)
	}
	threads := t.Threads
	if c.opts.FilterTID {
		threads = []int{t.TID}
	}
	for _, th := range threads {
		fd, err := sysx.OpenCPUClockSampler(th, uint64(c.opts.Hz))
		if err != nil {
			return err
		}
		c.perfFDs = append(c.perfFDs, fd)
	}
	return nil
}

// Start attaches the program to every event and enables sampling.
func (c *Collector) Start() error {
	if err := c.maps.control.Set(true); err != nil {
		return err
	}
	for _, fd := range c.perfFDs {
		if err := sysx.AttachBPFToPerfEvent(fd, c.prog.FD()); err != nil {
			return err
		}
	}
	return nil
}

// Tick picks up libraries the target mapped since the last look (a no-op once it has exited).
func (c *Collector) Tick() { _ = c.sym.Refresh() }

// Read stops sampling, then symbolises and folds the stacks.
func (c *Collector) Read(p *profile.Profile) error {
	res := &profile.StacksResult{Status: "ok", Hz: c.opts.Hz, Folded: []profile.FoldedStack{}}
	p.Collectors.Stacks = res
	_ = c.maps.control.Set(false)
	for _, fd := range c.perfFDs {
		_ = sysx.DisablePerfEvent(fd)
	}
	c.Tick() // the last look, if the target still runs
	sym := c.sym
	folded := map[string]uint64{}
	var (
		id   uint32
		vals []uint64
	)
	iter := c.maps.counts.Iterate()
	for iter.Next(&id, &vals) {
		n := bpfutil.SumPerCPU(vals)
		res.Samples += n
		var frames [maxDepth]uint64
		if err := c.maps.traces.Lookup(id, &frames); err != nil {
			res.Lost += n
			continue
		}
		var names []string
		for _, pc := range frames {
			if pc == 0 {
				break
			}
			names = append(names, sym.Name(pc))
		}
		for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
			names[i], names[j] = names[j], names[i]
		}
		folded[strings.Join(names, ";")] += n
	}
	if err := iter.Err(); err != nil {
		res.Status = "error"
		return fmt.Errorf("read stack counts: %w", err)
	}
	var lost []uint64
	if err := c.maps.lost.Lookup(uint32(0), &lost); err == nil {
		res.Lost += bpfutil.SumPerCPU(lost)
	}
	for s, n := range folded {
		res.Folded = append(res.Folded, profile.FoldedStack{Stack: s, Count: n})
	}
	sort.Slice(res.Folded, func(i, j int) bool {
		if res.Folded[i].Count != res.Folded[j].Count {
			return res.Folded[i].Count > res.Folded[j].Count
		}
		return res.Folded[i].Stack < res.Folded[j].Stack
	})
	return nil
}

// Stop closes the perf events (which detaches the program) and frees everything.
func (c *Collector) Stop() error {
	var first error
	keep := func(err error) {
		if err != nil && first == nil {
			first = err
		}
	}
	for _, fd := range c.perfFDs {
		keep(sysx.Close(fd))
	}
	c.perfFDs = nil
	if c.sym != nil {
		c.sym.Close()
		c.sym = nil
	}
	if c.prog != nil {
		keep(c.prog.Close())
		c.prog = nil
	}
	for _, m := range []*ebpf.Map{c.maps.traces, c.maps.counts, c.maps.lost} {
		if m != nil {
			keep(m.Close())
		}
	}
	keep(c.maps.control.Close())
	c.maps = maps{}
	return first
}
