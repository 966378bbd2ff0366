package proc

import (
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
)

// A snapshot taken while the target exits reads stat (CPU time still grows) but not io: merged with the last
// full one, the I/O done before the exit stays counted, and every later, larger counter wins.
func TestLatestKeepsCountersAPartialSnapshotLost(t *testing.T) {
	running := profile.ProcStats{UtimeMs: 300, VoluntaryCtxt: 3, Rchar: 4000, Wchar: 24587, Syscr: 8, Syscw: 7, WriteBytes: 24576}
	exiting := profile.ProcStats{UtimeMs: 500, VoluntaryCtxt: 4, NonvoluntaryCtxt: 4}
	got := Latest(running, exiting)
	want := profile.ProcStats{UtimeMs: 500, VoluntaryCtxt: 4, NonvoluntaryCtxt: 4, Rchar: 4000, Wchar: 24587, Syscr: 8, Syscw: 7, WriteBytes: 24576}
	if got != want {
		t.Errorf("Latest(running, exiting) = %+v, want %+v", got, want)
	}
	later := profile.ProcStats{UtimeMs: 600, StimeMs: 20, VoluntaryCtxt: 9, NonvoluntaryCtxt: 5, RunqueueWaitNs: 7, Rchar: 5000, Wchar: 30000, Syscr: 9, Syscw: 8, ReadBytes: 4096, WriteBytes: 28672}
	if got := Latest(want, later); got != later {
		t.Errorf("Latest(full, later full) = %+v, want the later %+v", got, later)
	}
}

// The "after" of a recording whose target exited is the delta from "before" to the merged last snapshot.
func TestDeltaAfterAPartialExitSnapshot(t *testing.T) {
	before := profile.ProcStats{VoluntaryCtxt: 1, Rchar: 3980, Wchar: 4107, Syscr: 8, Syscw: 2, WriteBytes: 4096}
	running := profile.ProcStats{UtimeMs: 300, VoluntaryCtxt: 3, Rchar: 3980, Wchar: 24587, Syscr: 8, Syscw: 7, WriteBytes: 24576}
	exiting := profile.ProcStats{UtimeMs: 500, VoluntaryCtxt: 4}
	d := Delta(before, Latest(running, exiting))
	if d.Syscw != 5 || d.Wchar != 20480 || d.UtimeMs != 500 {
		t.Errorf("delta %+v: want 5 writes of 20480 bytes and 500 ms of CPU", d)
	}
}
