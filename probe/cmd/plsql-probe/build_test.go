package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// TestBuildScriptBinaries runs scripts/build.sh, then drives the two binaries it made exactly as
// the extension does (probe/README.md, serve protocol): the fixture replays the seeds' patterns
// while the built plsql-probe serve records it; the profile holds the exact counts.
func TestBuildScriptBinaries(t *testing.T) {
	testfixture.RequireRoot(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		testfixture.SkipOrFail(t, "gcc not found: build.sh compiles the fixture (apt-get install gcc libc6-dev)")
	}
	dir := t.TempDir()
	out, err := exec.Command("bash", "../../scripts/build.sh", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	probeBin, fixtureBin := filepath.Join(dir, "plsql-probe"), filepath.Join(dir, "oracle")
	if got := strings.Fields(string(out)); len(got) != 2 || got[0] != probeBin || got[1] != fixtureBin {
		t.Fatalf("build.sh printed %q, want the two paths", out)
	}
	fx := testfixture.Start(t, fixtureBin)
	h := startBinary(t, probeBin, "serve")

	h.send(t, fmt.Sprintf(`{"v":1,"id":"1","op":"inspect","params":{"pid":%d}}`, fx.PID))
	m := h.next(t)
	res, _ := m["result"].(map[string]any)
	if m["type"] != "result" || res["comm"] != "oracle" {
		t.Fatalf("inspect: %v", m)
	}
	h.send(t, fmt.Sprintf(`{"v":1,"id":"2","op":"record","params":{"pid":%d,"start_ticks":%d,"catalog":["all"],"syscalls":true,"stacks_hz":99,"seconds":60}}`,
		fx.PID, uint64(res["start_ticks"].(float64))))
	if m := h.next(t); m["type"] != "event" || m["event"] != "started" || m["id"] != "2" {
		t.Fatalf("expected the started event: %v", m)
	}
	for _, c := range []string{"pin 1000", "exc 10", "write 4096 8", "write 32767 2", "poll 100 10", "stats 50", "sleep 20"} {
		fx.Do(t, c)
	}
	h.send(t, `{"v":1,"id":"3","op":"stop"}`)
	if m := h.next(t); m["id"] != "3" || m["type"] != "result" {
		t.Fatalf("stop reply: %v", m)
	}
	m = h.next(t)
	if m["id"] != "2" || m["type"] != "result" {
		t.Fatalf("record result: %v", m)
	}
	p, got := strictProfile(t, m["result"])
	want := map[string]uint64{"kgiPinObject": 1000, "kglpnp": 1000, "kgebse": 10, "slmsrd": 20, "slfiwrb": 10, "snttmoredata": 10, "qerstUpdateStats": 50}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: %d calls, want %d", name, got[name], n)
		}
	}
	sizes := map[uint64]uint64{}
	for _, w := range p.Collectors.Syscalls.Writes {
		if w.Syscall == "write" && w.FdKind == "file" {
			for _, sc := range w.TopSizes {
				sizes[sc.Size] = sc.Calls
			}
		}
	}
	if sizes[4096] != 8 || sizes[32767] != 2 || p.Collectors.Syscalls.Polls.Total != 10 || p.StopReason != "request" {
		t.Errorf("file write sizes %v, polls %d, stop reason %s", sizes, p.Collectors.Syscalls.Polls.Total, p.StopReason)
	}
	h.send(t, `{"v":1,"id":"4","op":"shutdown"}`)
	if m := h.next(t); m["id"] != "4" || m["type"] != "result" {
		t.Fatalf("shutdown reply: %v", m)
	}
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("helper exit: %v", err)
	}
}
