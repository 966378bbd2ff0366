package syscalls

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

func TestNamesMatchUnix(t *testing.T) {
	for nr, want := range map[int]string{unix.SYS_WRITE: "write", unix.SYS_PREAD64: "pread64", unix.SYS_PPOLL: "ppoll", unix.SYS_WRITEV: "writev"} {
		if got := Name(nr); got != want {
			t.Errorf("Name(%d) = %q, want %q", nr, got, want)
		}
	}
}

func TestHistogramTopSizesExactRestLog2(t *testing.T) {
	sizes := map[uint64]uint64{4096: 100, 32767: 50, 4095: 10}
	for i := uint64(1); i <= 10; i++ {
		sizes[1000+i] = 1 // ten rare sizes in [512, 1023] and [1024, 2047]
	}
	h := Histogram("write", "file", sizes)
	if len(h.TopSizes) != TopSizes || h.TopSizes[0] != (profile.SizeCount{Size: 4096, Calls: 100}) ||
		h.TopSizes[1] != (profile.SizeCount{Size: 32767, Calls: 50}) || h.TopSizes[2] != (profile.SizeCount{Size: 4095, Calls: 10}) {
		t.Fatalf("top sizes: %+v", h.TopSizes)
	}
	var inBuckets uint64
	for _, b := range h.Log2Buckets {
		inBuckets += b.Calls
		if b.Max != 2*b.Min-1 {
			t.Errorf("bucket %+v is not a power-of-two range", b)
		}
	}
	if inBuckets != 5 || h.Calls != 170 {
		t.Errorf("buckets hold %d calls (want 5), total %d (want 170)", inBuckets, h.Calls)
	}
}

func hist(r *profile.SyscallsResult, syscall, kind string) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for _, w := range r.Writes {
		if w.Syscall == syscall && w.FdKind == kind {
			for _, s := range w.TopSizes {
				out[s.Size] = s.Calls
			}
		}
	}
	return out
}

func calls(r *profile.SyscallsResult, name string) uint64 {
	for _, s := range r.Syscalls {
		if s.Name == name {
			return s.Calls
		}
	}
	return 0
}

func totalNs(r *profile.SyscallsResult, name string) uint64 {
	for _, s := range r.Syscalls {
		if s.Name == name {
			return s.TotalNs
		}
	}
	return 0
}

// TestSyscallPatternsThenDetach runs the seeds' syscall patterns against the fixture in both
// modes and checks exact counts and sizes; then it detaches and checks that nothing more counts.
func TestSyscallPatternsThenDetach(t *testing.T) {
	testfixture.RequireRoot(t)
	for _, timed := range []bool{false, true} {
		name := ModeCount
		if timed {
			name = ModeTimed
		}
		t.Run(name, func(t *testing.T) { syscallPatterns(t, timed) })
	}
}

func syscallPatterns(t *testing.T, timed bool) {
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{Timed: timed})
	if err := c.Prepare(tg); err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if want := map[bool]int{false: 1, true: 2}[timed]; len(c.links) != want {
		t.Fatalf("%d raw tracepoints attached, want %d (count mode hooks sys_enter only)", len(c.links), want)
	}
	fx.Do(t, "write 4096 40")
	fx.Do(t, "write 32767 7")
	fx.Do(t, "write 4095 3")
	fx.Do(t, "sockwrite 4096 5")
	fx.Do(t, "pipewrite 100 2")
	fx.Do(t, "poll 1000 10")
	fx.Do(t, "exc 25")
	fx.Do(t, "writev 6000 4")
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		t.Fatal(err)
	}
	r := p.Collectors.Syscalls
	if r.Mode != c.Mode() || r.Mode != map[bool]string{false: ModeCount, true: ModeTimed}[timed] {
		t.Errorf("mode %q, want %q", r.Mode, c.Mode())
	}
	file := hist(r, "write", "file")
	if file[4096] != 40 || file[32767] != 7 || file[4095] != 3 || len(file) != 3 {
		t.Errorf("file write sizes = %v, want 4096:40 32767:7 4095:3", file)
	}
	if sock := hist(r, "write", "socket"); sock[4096] != 5 || len(sock) != 1 {
		t.Errorf("socket write sizes = %v, want 4096:5", sock)
	}
	if pipe := hist(r, "write", "pipe"); pipe[100] != 2 {
		t.Errorf("pipe write sizes = %v, want 100:2 (plus the fixture's answers on stdout)", pipe)
	}
	if r.Polls.Total != 100 || r.Polls.BySyscall["poll"] != 100 {
		t.Errorf("poll-family calls = %d (%v), want 100", r.Polls.Total, r.Polls.BySyscall)
	}
	if n := calls(r, "pread64"); n != 50 {
		t.Errorf("pread64 (oraus.msb reads) = %d, want 2 per exception = 50", n)
	}
	// 8 commands: one write of the answer each, plus the writes above.
	if n := calls(r, "write"); n != 40+7+3+5+2+8 {
		t.Errorf("write calls = %d, want %d", n, 40+7+3+5+2+8)
	}
	if n := calls(r, "writev"); n != 4 {
		t.Errorf("writev calls = %d, want 4", n)
	}
	vec := hist(r, "writev", "file")
	if timed {
		// Timed mode: bytes actually written, for the vector calls too; times are measured.
		if vec[6000] != 4 || len(vec) != 1 {
			t.Errorf("timed writev sizes = %v, want 6000:4 (returned bytes)", vec)
		}
		if totalNs(r, "write") == 0 || totalNs(r, "pread64") == 0 {
			t.Errorf("timed mode: total_ns missing: write %d, pread64 %d", totalNs(r, "write"), totalNs(r, "pread64"))
		}
	} else {
		// Count mode: the size of a vector call is not an argument, so it has no histogram; no times.
		if len(vec) != 0 {
			t.Errorf("count mode writev sizes = %v, want none", vec)
		}
		for _, s := range r.Syscalls {
			if s.TotalNs != 0 {
				t.Errorf("count mode: %s has total_ns %d, want 0", s.Name, s.TotalNs)
			}
		}
	}
	if r.Dropped != 0 {
		t.Errorf("dropped %d size entries", r.Dropped)
	}
	// Detach, re-enable, run again: nothing more may be counted.
	if err := c.detach(); err != nil {
		t.Fatal(err)
	}
	if err := c.maps.control.Set(true); err != nil {
		t.Fatal(err)
	}
	fx.Do(t, "write 4096 40")
	var again profile.Profile
	if err := c.Read(&again); err != nil {
		t.Fatal(err)
	}
	if n := calls(again.Collectors.Syscalls, "write"); n != calls(r, "write") {
		t.Errorf("write calls after detach = %d, want still %d", n, calls(r, "write"))
	}
	if got := hist(again.Collectors.Syscalls, "write", "file"); got[4096] != 40 {
		t.Errorf("file 4096-byte writes after detach = %d, want still 40", got[4096])
	}
}

// TestThreadFilterBothModes: with FilterTID only the worker thread's syscalls count, in both
// modes (the timed mode's per-thread slots must not mix threads up).
func TestThreadFilterBothModes(t *testing.T) {
	testfixture.RequireRoot(t)
	for _, timed := range []bool{false, true} {
		fx := testfixture.Start(t, testfixture.BuildTemp(t))
		tid := int(fx.Do(t, "thread"))
		tg, err := target.Inspect(fx.PID, tid)
		if err != nil {
			t.Fatal(err)
		}
		c := New(Options{FilterTID: true, Timed: timed})
		if err := c.Prepare(tg); err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		fx.Do(t, "tpin 300 700")
		fx.Do(t, "write 4096 10")  // main thread only
		waitAsleep(t, fx.PID, tid) // the worker's next read has entered the kernel (a busy host may delay it)
		var p profile.Profile
		if err := c.Read(&p); err != nil {
			t.Fatal(err)
		}
		_ = c.Stop()
		r := p.Collectors.Syscalls
		// The worker makes exactly one read (the count) and one write (the answer) per tpin.
		if calls(r, "read") != 1 || calls(r, "write") != 1 {
			t.Errorf("timed=%v: worker read %d, write %d, want 1 and 1: %+v", timed, calls(r, "read"), calls(r, "write"), r.Syscalls)
		}
		if w := hist(r, "write", "pipe"); w[8] != 1 || len(w) != 1 {
			t.Errorf("timed=%v: worker write sizes %v, want 8:1", timed, w)
		}
		// The counted read is the next one, still blocked when counting stops: no exit, no time yet.
		if timed && totalNs(r, "write") == 0 {
			t.Errorf("timed: worker write has no time")
		}
	}
}

// waitAsleep waits until a thread sleeps (state S in /proc/PID/task/TID/stat), that is until it is
// blocked in its next syscall.
func waitAsleep(t *testing.T, pid, tid int) {
	t.Helper()
	path := fmt.Sprintf("/proc/%d/task/%d/stat", pid, tid)
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(f) > 0 && f[0] == "S" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("thread %d did not block within 10 s", tid)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
