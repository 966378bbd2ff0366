// Package syscalls counts the target's system calls with the raw_syscalls raw tracepoints (no
// tracefs, no ptrace): calls per syscall, exact write sizes per fd kind, and poll/select counts
// (in-band break checks).
//
// Two modes:
//   - count (default): sys_enter only. Calls per syscall; for write, pwrite64 and sendto the exact
//     requested size (the count argument, what the seeds' DTrace histograms show: @[arg2]).
//     writev/pwritev/pwritev2/sendmsg are counted but have no size (their byte count lives in
//     the target's memory, which the helper does not read). total_ns is 0.
//   - timed (Options.Timed): sys_enter and sys_exit. Adds total time per syscall, and the sizes
//     are the bytes actually written (return value), for the whole write family incl. writev.
package syscalls

import (
	"fmt"
	"sort"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// writeFamily are the calls whose sizes the timed mode histograms (bytes actually transferred).
var writeFamily = []string{"write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg"}

// requestFamily are the calls whose sizes the count mode histograms (the requested size, argument
// 2); for the vector calls the size is not an argument.
var requestFamily = []string{"write", "pwrite64", "sendto"}

// PollFamily are the calls counted as in-band break checks. pollsys is Solaris' poll() (it only
// appears in profiles imported from DTrace).
var PollFamily = []string{"poll", "ppoll", "select", "pselect6", "epoll_wait", "epoll_pwait", "epoll_pwait2", "pollsys"}

// Modes, as reported in SyscallsResult.Mode.
const (
	ModeCount = "count"
	ModeTimed = "timed"
)

// TopSizes is how many distinct sizes per histogram are reported exactly.
const TopSizes = 8

// Options of the syscalls collector.
type Options struct {
	FilterTID bool
	// Timed also hooks sys_exit: time per syscall and returned write sizes, at a higher cost per
	// syscall. Without it the collector counts at sys_enter only.
	Timed bool
}

// Collector counts syscalls.
type Collector struct {
	opts  Options
	maps  maps
	progs []*ebpf.Program
	links []link.Link
	fds   *fdKinds
	stop  chan struct{}
	tgid  uint32
	tid   uint32
}

// New creates the collector.
func New(opts Options) *Collector { return &Collector{opts: opts} }

// Name implements collector.Collector.
func (c *Collector) Name() string { return "syscalls" }

func nrsOf(names []string) []int {
	var out []int
	for nr, n := range syscallNames {
		for _, w := range names {
			if n == w {
				out = append(out, nr)
			}
		}
	}
	sort.Ints(out)
	return out
}

// Mode names the collector's mode (ModeCount or ModeTimed).
func (c *Collector) Mode() string {
	if c.opts.Timed {
		return ModeTimed
	}
	return ModeCount
}

// Prepare creates the maps and loads the program(s).
func (c *Collector) Prepare(t *target.Target) error {
	c.tgid = uint32(t.PID)
	if c.opts.FilterTID {
		c.tid = uint32(t.TID)
	}
	var err error
	if c.maps.control, err = bpfutil.NewControl("plsql_sys_ctl"); err != nil {
		return err
	}
	specs := []struct {
		dst  **ebpf.Map
		spec ebpf.MapSpec
	}{
		{&c.maps.stats, ebpf.MapSpec{Name: "plsql_sys_stat", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 16, MaxEntries: maxNr}},
		{&c.maps.sizes, ebpf.MapSpec{Name: "plsql_sys_size", Type: ebpf.PerCPUHash, KeySize: 16, ValueSize: 8, MaxEntries: 8192}},
		{&c.maps.drops, ebpf.MapSpec{Name: "plsql_sys_drop", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: 1}},
	}
	if c.opts.Timed {
		specs = append(specs, struct {
			dst  **ebpf.Map
			spec ebpf.MapSpec
		}{&c.maps.slots, ebpf.MapSpec{Name: "plsql_sys_slot", Type: ebpf.Array, KeySize: 4, ValueSize: slotSize, MaxEntries: slotCount}})
	}
	for _, s := range specs {
		if *s.dst, err = ebpf.NewMap(&s.spec); err != nil {
			return fmt.Errorf("create map %s: %w", s.spec.Name, err)
		}
	}
	progs := []*ebpf.ProgramSpec{countProgram(&c.maps, c.tgid, c.tid, nrsOf(requestFamily))}
	if c.opts.Timed {
		progs = []*ebpf.ProgramSpec{timedEnterProgram(&c.maps, c.tgid, c.tid, nrsOf(writeFamily)), timedExitProgram(&c.maps, c.tgid, c.tid)}
	}
	for _, s := range progs {
		p, err := ebpf.NewProgram(s)
		if err != nil {
			return fmt.Errorf("load %s: %w", s.Name, err)
		}
		c.progs = append(c.progs, p)
	}
	c.fds = newFdKinds(t.PID)
	return nil
}

// Start attaches the raw tracepoint(s) and enables counting.
func (c *Collector) Start() error {
	for i, name := range []string{"sys_enter", "sys_exit"}[:len(c.progs)] {
		l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: name, Program: c.progs[i]})
		if err != nil {
			return fmt.Errorf("attach raw tracepoint %s: %w", name, err)
		}
		c.links = append(c.links, l)
	}
	c.fds.scan()
	c.stop = make(chan struct{})
	go func(stop chan struct{}) {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				c.fds.scan()
			}
		}
	}(c.stop)
	return c.maps.control.Set(true)
}

// Read freezes counting and builds the result.
func (c *Collector) Read(out *profile.Profile) error {
	res := &profile.SyscallsResult{Status: "ok", Mode: c.Mode(), Syscalls: []profile.SyscallStat{}, Writes: []profile.WriteHist{},
		Polls: profile.PollCounts{BySyscall: map[string]uint64{}}}
	out.Collectors.Syscalls = res
	if err := c.maps.control.Set(false); err != nil {
		res.Status = "error"
		return err
	}
	c.fds.scan()
	var (
		key  uint32
		vals [][2]uint64
	)
	iter := c.maps.stats.Iterate()
	for iter.Next(&key, &vals) {
		var calls, ns uint64
		for _, v := range vals {
			calls += v[0]
			ns += v[1]
		}
		if calls == 0 {
			continue
		}
		res.Syscalls = append(res.Syscalls, profile.SyscallStat{Name: Name(int(key)), Nr: int(key), Calls: calls, TotalNs: ns})
	}
	if err := iter.Err(); err != nil {
		res.Status = "error"
		return fmt.Errorf("read syscall counts: %w", err)
	}
	sort.Slice(res.Syscalls, func(i, j int) bool { return res.Syscalls[i].Calls > res.Syscalls[j].Calls })
	res.Polls = Polls(res.Syscalls)
	writes, err := c.readSizes()
	if err != nil {
		res.Status = "error"
		return err
	}
	res.Writes = writes
	var drops []uint64
	if err := c.maps.drops.Lookup(uint32(0), &drops); err == nil {
		res.Dropped = bpfutil.SumPerCPU(drops)
	}
	if res.Dropped > 0 {
		out.Warnings = append(out.Warnings, profile.Warning{Code: "WRITE_SIZES_DROPPED",
			Message: fmt.Sprintf("%d write sizes were not recorded because the size map was full", res.Dropped)})
	}
	return nil
}

type sizeKey struct {
	FD    uint32
	Nr    uint32
	Bytes uint64
}

func (c *Collector) readSizes() ([]profile.WriteHist, error) {
	type group struct {
		nr   int
		kind string
	}
	bySize := map[group]map[uint64]uint64{}
	var (
		k    sizeKey
		vals []uint64
	)
	iter := c.maps.sizes.Iterate()
	for iter.Next(&k, &vals) {
		g := group{int(k.Nr), c.fds.kind(k.FD)}
		if bySize[g] == nil {
			bySize[g] = map[uint64]uint64{}
		}
		bySize[g][k.Bytes] += bpfutil.SumPerCPU(vals)
	}
	if err := iter.Err(); err != nil {
		return nil, fmt.Errorf("read write sizes: %w", err)
	}
	out := []profile.WriteHist{}
	for g, sizes := range bySize {
		out = append(out, Histogram(Name(g.nr), g.kind, sizes))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Calls != out[j].Calls {
			return out[i].Calls > out[j].Calls
		}
		return out[i].Syscall+out[i].FdKind < out[j].Syscall+out[j].FdKind
	})
	return out, nil
}

// Polls sums the poll-family calls of a syscall list.
func Polls(stats []profile.SyscallStat) profile.PollCounts {
	pc := profile.PollCounts{BySyscall: map[string]uint64{}}
	for _, s := range stats {
		for _, p := range PollFamily {
			if s.Name == p {
				pc.BySyscall[p] += s.Calls
				pc.Total += s.Calls
			}
		}
	}
	return pc
}

// bucketMin is the lower bound of size's power-of-two bucket [2^k, 2^(k+1)-1]; a zero-byte write has its own
// bucket [0, 0] (it used to land in [1, 1]).
func bucketMin(size uint64) uint64 {
	if size == 0 {
		return 0
	}
	lo := uint64(1)
	for lo <= size/2 {
		lo *= 2
	}
	return lo
}

func bucketMax(lo uint64) uint64 {
	if lo == 0 {
		return 0
	}
	return lo*2 - 1
}

// Histogram reports the TopSizes most frequent sizes exactly and the rest in log2 buckets.
func Histogram(syscall, kind string, sizes map[uint64]uint64) profile.WriteHist {
	h := profile.WriteHist{Syscall: syscall, FdKind: kind, TopSizes: []profile.SizeCount{}, Log2Buckets: []profile.SizeBucket{}}
	var all []profile.SizeCount
	for size, n := range sizes {
		all = append(all, profile.SizeCount{Size: size, Calls: n})
		h.Calls += n
		h.Bytes += size * n
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Calls != all[j].Calls {
			return all[i].Calls > all[j].Calls
		}
		return all[i].Size < all[j].Size
	})
	if len(all) > TopSizes {
		h.TopSizes = all[:TopSizes]
		buckets := map[uint64]uint64{}
		for _, sc := range all[TopSizes:] {
			buckets[bucketMin(sc.Size)] += sc.Calls
		}
		for lo, n := range buckets {
			h.Log2Buckets = append(h.Log2Buckets, profile.SizeBucket{Min: lo, Max: bucketMax(lo), Calls: n})
		}
		sort.Slice(h.Log2Buckets, func(i, j int) bool { return h.Log2Buckets[i].Min < h.Log2Buckets[j].Min })
	} else {
		h.TopSizes = all
	}
	return h
}

// Hits returns the number of traced syscalls (for the overhead estimate).
func Hits(r *profile.SyscallsResult) uint64 {
	var n uint64
	for _, s := range r.Syscalls {
		n += s.Calls
	}
	return n
}

// SizedHits counts the calls whose size the collector recorded in r's mode (requestFamily in count
// mode, writeFamily in timed mode): each of those hits also updates the size histogram, so it costs
// more than a plain one.
func SizedHits(r *profile.SyscallsResult) uint64 {
	family := requestFamily
	if r.Mode != ModeCount {
		family = writeFamily
	}
	var n uint64
	for _, s := range r.Syscalls {
		for _, f := range family {
			if s.Name == f {
				n += s.Calls
			}
		}
	}
	return n
}

// Name returns the syscall name for a number on this architecture.
func Name(nr int) string {
	if n, ok := syscallNames[nr]; ok {
		return n
	}
	return fmt.Sprintf("syscall_%d", nr)
}

// Stop detaches and frees everything.
func (c *Collector) Stop() error {
	var first error
	keep := func(err error) {
		if err != nil && first == nil {
			first = err
		}
	}
	if c.stop != nil {
		close(c.stop)
		c.stop = nil
	}
	if c.maps.control != nil && c.maps.control.Map != nil {
		_ = c.maps.control.Set(false)
	}
	keep(c.detach())
	for _, p := range c.progs {
		keep(p.Close())
	}
	c.progs = nil
	for _, m := range []*ebpf.Map{c.maps.stats, c.maps.slots, c.maps.sizes, c.maps.drops} {
		if m != nil {
			keep(m.Close())
		}
	}
	keep(c.maps.control.Close())
	c.maps = maps{}
	return first
}

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
