package syscalls

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
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
		sizes[1000+i] = 1 // ten rare sizes: 1001..1010, five in the top list (ties by size), five in [1024, 2047]
	}
	h := Histogram("write", "file", sizes)
	want := []profile.SizeCount{{Size: 4096, Calls: 100}, {Size: 32767, Calls: 50}, {Size: 4095, Calls: 10},
		{Size: 1001, Calls: 1}, {Size: 1002, Calls: 1}, {Size: 1003, Calls: 1}, {Size: 1004, Calls: 1}, {Size: 1005, Calls: 1}}
	if !reflect.DeepEqual(h.TopSizes, want) {
		t.Errorf("top sizes: %+v, want %+v", h.TopSizes, want)
	}
	// 1006..1010 are all in [512, 1023]: 512 <= size < 1024.
	if wantB := []profile.SizeBucket{{Min: 512, Max: 1023, Calls: 5}}; !reflect.DeepEqual(h.Log2Buckets, wantB) {
		t.Errorf("buckets: %+v, want %+v", h.Log2Buckets, wantB)
	}
	if h.Calls != 170 || h.Bytes != 4096*100+32767*50+4095*10+1001+1002+1003+1004+1005+1006+1007+1008+1009+1010 {
		t.Errorf("calls %d, bytes %d", h.Calls, h.Bytes)
	}
}

// TestHistogramBucketBoundaries puts each size in the bucket its value says: [2^k, 2^(k+1)-1], the power of two
// itself in the bucket it opens and the size one below it in the bucket before; a zero-byte write in [0, 0]. The
// expected buckets are worked out here from the sizes, not read from a golden file, so a histogram that shifts
// sizes one bucket up or down fails.
func TestHistogramBucketBoundaries(t *testing.T) {
	sizes := map[uint64]uint64{}
	// Eight frequent sizes fill the exact list; every other size goes to a bucket.
	for i := uint64(0); i < TopSizes; i++ {
		sizes[100000+i] = 1000
	}
	rare := map[uint64]uint64{0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 511: 6, 512: 7, 1023: 8, 1024: 9, 4095: 10, 4096: 11, 32767: 12, 32768: 13, 65535: 14}
	for s, n := range rare {
		sizes[s] = n
	}
	h := Histogram("write", "file", sizes)
	want := []profile.SizeBucket{
		{Min: 0, Max: 0, Calls: 1},               // 0
		{Min: 1, Max: 1, Calls: 2},               // 1
		{Min: 2, Max: 3, Calls: 3 + 4},           // 2, 3
		{Min: 4, Max: 7, Calls: 5},               // 4
		{Min: 256, Max: 511, Calls: 6},           // 511
		{Min: 512, Max: 1023, Calls: 7 + 8},      // 512, 1023
		{Min: 1024, Max: 2047, Calls: 9},         // 1024
		{Min: 2048, Max: 4095, Calls: 10},        // 4095
		{Min: 4096, Max: 8191, Calls: 11},        // 4096
		{Min: 16384, Max: 32767, Calls: 12},      // 32767
		{Min: 32768, Max: 65535, Calls: 13 + 14}, // 32768, 65535
	}
	if !reflect.DeepEqual(h.Log2Buckets, want) {
		t.Errorf("buckets:\n got %+v\nwant %+v", h.Log2Buckets, want)
	}
	for _, b := range h.Log2Buckets {
		for s := range rare {
			if (s >= b.Min && s <= b.Max) != (bucketMin(s) == b.Min) {
				t.Errorf("size %d and bucket %+v disagree", s, b)
			}
		}
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

// TestWriteSizeBucketsLive: real write() calls of the fixture, more distinct sizes than the exact list holds,
// through the attached collector: the frequent sizes are exact, and each rare size lands in the bucket its value
// says (1000 in [512, 1023]; 1024 and 2047 in [1024, 2047]; 2048 in [2048, 4095]).
func TestWriteSizeBucketsLive(t *testing.T) {
	testfixture.RequireRoot(t)
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{})
	if err := c.Prepare(tg); err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	frequent := []uint64{4096, 4095, 32767, 8192, 512, 100, 16384, 3000}
	for i, size := range frequent {
		fx.Do(t, fmt.Sprintf("write %d %d", size, 20+i)) // distinct counts: a fixed order in the exact list
	}
	for _, size := range []uint64{1000, 1024, 2047, 2048} {
		fx.Do(t, fmt.Sprintf("write %d 1", size))
	}
	var p profile.Profile
	if err := c.Read(&p); err != nil {
		t.Fatal(err)
	}
	var file *profile.WriteHist
	for i, w := range p.Collectors.Syscalls.Writes {
		if w.Syscall == "write" && w.FdKind == "file" {
			file = &p.Collectors.Syscalls.Writes[i]
		}
	}
	if file == nil {
		t.Fatalf("no write histogram for files: %+v", p.Collectors.Syscalls.Writes)
	}
	var wantTop []profile.SizeCount
	for i := len(frequent) - 1; i >= 0; i-- {
		wantTop = append(wantTop, profile.SizeCount{Size: frequent[i], Calls: uint64(20 + i)})
	}
	if !reflect.DeepEqual(file.TopSizes, wantTop) {
		t.Errorf("exact sizes:\n got %+v\nwant %+v", file.TopSizes, wantTop)
	}
	wantBuckets := []profile.SizeBucket{{Min: 512, Max: 1023, Calls: 1}, {Min: 1024, Max: 2047, Calls: 2}, {Min: 2048, Max: 4095, Calls: 1}}
	if !reflect.DeepEqual(file.Log2Buckets, wantBuckets) {
		t.Errorf("buckets:\n got %+v\nwant %+v", file.Log2Buckets, wantBuckets)
	}
}

// TestGoldenWriteHistogramsAreHistograms: the golden profiles' write histograms (hand-written for the schema
// tests) hold only buckets this collector can produce, so the TypeScript views are tested against real shapes.
func TestGoldenWriteHistogramsAreHistograms(t *testing.T) {
	for _, path := range []string{"../../schema/testdata/golden-profile.json", "../../schema/testdata/golden-dtrace-profile.json"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var p profile.Profile
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatal(err)
		}
		for _, w := range p.Collectors.Syscalls.Writes {
			if len(w.Log2Buckets) > 0 && len(w.TopSizes) != TopSizes {
				t.Errorf("%s %s/%s: buckets with %d exact sizes; a histogram buckets sizes only after %d exact ones", path, w.Syscall, w.FdKind, len(w.TopSizes), TopSizes)
			}
			var calls, bucketCalls uint64
			for _, s := range w.TopSizes {
				calls += s.Calls
			}
			for _, bk := range w.Log2Buckets {
				bucketCalls += bk.Calls
				if bucketMin(bk.Min) != bk.Min || bucketMax(bk.Min) != bk.Max {
					t.Errorf("%s %s/%s: bucket %+v is not one Histogram makes", path, w.Syscall, w.FdKind, bk)
				}
			}
			if calls+bucketCalls != w.Calls {
				t.Errorf("%s %s/%s: %d exact + %d bucketed calls, but calls says %d", path, w.Syscall, w.FdKind, calls, bucketCalls, w.Calls)
			}
		}
	}
}
