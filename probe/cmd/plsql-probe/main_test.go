package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

// TestMain lets the test binary act as the plsql-probe binary in a subprocess (so the kill -9 test
// kills a real helper process without building one).
func TestMain(m *testing.M) {
	if os.Getenv("PLSQL_PROBE_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// helper is a plsql-probe serve subprocess.
type helper struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan map[string]any
}

func startHelper(t *testing.T, args ...string) *helper {
	t.Helper()
	return startBinary(t, os.Args[0], args...)
}

// startBinary starts exe (this test binary acting as plsql-probe, or a built plsql-probe) and,
// for serve, checks the ready line.
func startBinary(t *testing.T, exe string, args ...string) *helper {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "PLSQL_PROBE_RUN_MAIN=1")
	cmd.Stderr = os.Stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &helper{cmd: cmd, in: in, lines: make(chan map[string]any, 16)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"unparsable": sc.Text()}
			}
			h.lines <- m
		}
		close(h.lines)
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	if args[0] == "serve" {
		// The first line, before any request: the helper is up and speaks v1.
		m := h.next(t)
		data, _ := m["data"].(map[string]any)
		if m["type"] != "ready" || m["v"] != float64(1) || data["protocol"] != float64(1) || data["tool"] != "plsql-probe" || data["root"] != true {
			t.Fatalf("expected the ready line first: %v", m)
		}
	}
	return h
}

func (h *helper) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(h.in, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

func (h *helper) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m, ok := <-h.lines:
		if !ok {
			t.Fatal("helper closed stdout")
		}
		return m
	case <-time.After(60 * time.Second):
		t.Fatal("no line from helper")
	}
	return nil
}

func fixtureTarget(t *testing.T) (*testfixture.Proc, *target.Target) {
	fx := testfixture.Start(t, testfixture.BuildTemp(t))
	tg, err := target.Inspect(fx.PID, 0)
	if err != nil {
		t.Fatal(err)
	}
	return fx, tg
}

// TestServeExchange walks the protocol: hello, inspect, a refused record, record, started event,
// stop, the profile as the record's result, and shutdown.
func TestServeExchange(t *testing.T) {
	testfixture.RequireRoot(t)
	fx, tg := fixtureTarget(t)
	h := startHelper(t, "serve")
	h.send(t, `{"v":1,"id":"1","op":"hello"}`)
	if m := h.next(t); m["type"] != "result" || m["id"] != "1" {
		t.Fatalf("hello: %v", m)
	}
	h.send(t, `{"v":2,"id":"x","op":"hello"}`)
	if m := h.next(t); m["type"] != "error" {
		t.Fatalf("wrong protocol version accepted: %v", m)
	}
	h.send(t, fmt.Sprintf(`{"v":1,"id":"2","op":"inspect","params":{"pid":%d}}`, fx.PID))
	m := h.next(t)
	res, _ := m["result"].(map[string]any)
	if res == nil || uint64(res["start_ticks"].(float64)) != tg.StartTicks {
		t.Fatalf("inspect: %v", m)
	}
	h.send(t, fmt.Sprintf(`{"v":1,"id":"3","op":"record","params":{"pid":%d,"functions":["kgiPinObject"]}}`, fx.PID))
	if m := h.next(t); m["type"] != "error" || !strings.Contains(fmt.Sprint(m["error"]), "start_ticks") {
		t.Fatalf("record without start_ticks must be refused: %v", m)
	}
	for _, bad := range []string{`0`, `-1`, `0.0001`, `121`, `"10"`} {
		h.send(t, fmt.Sprintf(`{"v":1,"id":"s","op":"record","params":{"pid":%d,"start_ticks":%d,"functions":["kgiPinObject"],"seconds":%s}}`, fx.PID, tg.StartTicks, bad))
		if m := h.next(t); m["type"] != "error" || m["id"] != "s" {
			t.Fatalf("record with seconds %s must be refused: %v", bad, m)
		}
	}
	h.send(t, fmt.Sprintf(`{"v":1,"id":"4","op":"record","params":{"pid":%d,"start_ticks":%d,"functions":["kgiPinObject","slmsrd"],"syscalls":true,"seconds":60,"no_calibrate":true}}`, fx.PID, tg.StartTicks))
	if m := h.next(t); m["type"] != "event" || m["event"] != "started" || m["id"] != "4" {
		t.Fatalf("expected started event: %v", m)
	}
	fx.Do(t, "pin 2500")
	fx.Do(t, "exc 10")
	h.send(t, `{"v":1,"id":"5","op":"stop"}`)
	var prof map[string]any
	for prof == nil {
		m := h.next(t)
		if m["id"] == "4" {
			if m["type"] != "result" {
				t.Fatalf("record failed: %v", m)
			}
			prof = m["result"].(map[string]any)
		}
	}
	p, got := strictProfile(t, prof)
	if got["kgiPinObject"] != 2500 || got["slmsrd"] != 20 || p.StopReason != "request" {
		t.Errorf("counts %v, stop reason %q", got, p.StopReason)
	}
	h.send(t, `{"v":1,"id":"6","op":"shutdown"}`)
	h.in.Close()
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("helper exit: %v", err)
	}
}

// strictProfile decodes a record result into the profile types, refusing unknown fields, and
// returns it with the call count per function.
func strictProfile(t *testing.T, result any) (*profile.Profile, map[string]uint64) {
	t.Helper()
	b, _ := json.Marshal(result)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p profile.Profile
	if err := dec.Decode(&p); err != nil {
		t.Fatal(err)
	}
	calls := map[string]uint64{}
	if p.Collectors.Functions != nil {
		for _, f := range p.Collectors.Functions.Functions {
			calls[f.Name] = f.Calls
		}
	}
	return &p, calls
}

// TestServeShutdownWhileRecording: shutdown during a recording stops it and answers in this order:
// the record's result (the profile, stop reason "request"), then the shutdown reply; then the
// helper exits 0. The record omits "seconds", which means the default 10 s (not 0 s).
func TestServeShutdownWhileRecording(t *testing.T) {
	testfixture.RequireRoot(t)
	fx, tg := fixtureTarget(t)
	h := startHelper(t, "serve")
	h.send(t, fmt.Sprintf(`{"v":1,"id":"r","op":"record","params":{"pid":%d,"start_ticks":%d,"functions":["kgiPinObject"],"no_calibrate":true}}`, fx.PID, tg.StartTicks))
	if m := h.next(t); m["event"] != "started" {
		t.Fatalf("expected started event: %v", m)
	}
	fx.Do(t, "pin 300")
	h.send(t, `{"v":1,"id":"q","op":"shutdown"}`)
	first, second := h.next(t), h.next(t)
	prof, _ := first["result"].(map[string]any)
	if first["id"] != "r" || first["type"] != "result" || prof == nil || prof["stop_reason"] != "request" {
		t.Fatalf("first line after shutdown must be the record's profile: %v", first)
	}
	if second["id"] != "q" || second["type"] != "result" {
		t.Fatalf("second line must be the shutdown reply: %v", second)
	}
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("helper exit: %v", err)
	}
}

// codeBytes reads the first bytes of a function as mapped in the live target (test-side check:
// the helper itself never reads target memory) and from the file.
func codeBytes(t *testing.T, pid int, p symbols.Probe) (live, file []byte) {
	t.Helper()
	maps, err := symbols.ExecMappings(pid)
	if err != nil {
		t.Fatal(err)
	}
	off := p.FileOffset + p.ProbeOffset
	var addr uint64
	for _, m := range maps {
		if strings.HasSuffix(m.Path, "/oracle") && off >= m.Offset && off < m.Offset+(m.End-m.Start) {
			addr = m.Start + off - m.Offset
		}
	}
	if addr == 0 {
		t.Fatalf("%s not mapped", p.Name)
	}
	mem, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	live = make([]byte, 4)
	if _, err := mem.ReadAt(live, int64(addr)); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p.OpenPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file = make([]byte, 4)
	if _, err := f.ReadAt(file, int64(off)); err != nil {
		t.Fatal(err)
	}
	return live, file
}

// TestNoLeftoverProbesAfterKill9 attaches uprobes through a helper subprocess, checks that the
// breakpoint instructions are really in the target's text (the live code differs from the file at
// each probe address), SIGKILLs the helper, and then waits until the live code equals the file
// again: the kernel removed every uprobe when it closed the dead helper's file descriptors. This
// observes the breakpoints themselves, so it neither depends on timing nor on tracefs. Polling
// (up to 10 s) only covers the kernel's asynchronous release of the file descriptors.
func TestNoLeftoverProbesAfterKill9(t *testing.T) {
	testfixture.RequireRoot(t)
	fx, tg := fixtureTarget(t)
	mods, err := symbols.Modules(tg.PID, tg.ExeIno, tg.Exe)
	if err != nil {
		t.Fatal(err)
	}
	res, err := symbols.NewResolver(mods).Resolve(symbols.Request{Names: []string{"kgiPinObject", "kglpnp"}})
	if err != nil {
		t.Fatal(err)
	}
	h := startHelper(t, "serve")
	h.send(t, fmt.Sprintf(`{"v":1,"id":"1","op":"record","params":{"pid":%d,"start_ticks":%d,"functions":["kgiPinObject","kglpnp"],"syscalls":true,"stacks_hz":99,"seconds":60,"no_calibrate":true}}`, fx.PID, tg.StartTicks))
	if m := h.next(t); m["event"] != "started" {
		t.Fatalf("expected started event: %v", m)
	}
	for _, p := range res.Probes {
		live, file := codeBytes(t, fx.PID, p)
		if bytes.Equal(live, file) {
			t.Fatalf("%s+%d: no breakpoint visible while attached (live %x, file %x): the check would prove nothing", p.Name, p.ProbeOffset, live, file)
		}
	}
	if err := h.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = h.cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for _, p := range res.Probes {
		for {
			live, file := codeBytes(t, fx.PID, p)
			if bytes.Equal(live, file) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: breakpoint still in the target 10 s after kill -9 (live %x, file %x)", p.Name, live, file)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// The target keeps running normally.
	fx.Do(t, "pin 1000")

	// The killed helper could not remove its lock file, but its flock died with it: the next
	// recording of the same pid is not BUSY, and it removes the file when it ends.
	lock := fmt.Sprintf("%s/%d.lock", sysx.LockDir, fx.PID)
	if _, err := os.Lstat(lock); err != nil {
		t.Fatalf("the killed helper's lock file should still be there (stale): %v", err)
	}
	h2 := startHelper(t, "serve")
	h2.send(t, fmt.Sprintf(`{"v":1,"id":"1","op":"record","params":{"pid":%d,"start_ticks":%d,"functions":["kgiPinObject"],"seconds":0.5,"no_calibrate":true}}`, fx.PID, tg.StartTicks))
	if m := h2.next(t); m["event"] != "started" {
		t.Fatalf("recording after kill -9: %v", m)
	}
	if m := h2.next(t); m["type"] != "result" {
		t.Fatalf("recording after kill -9: %v", m)
	}
	if _, err := os.Lstat(lock); err == nil {
		t.Errorf("%s left behind after the second recording ended", lock)
	}
}

// TestRecordCLIRefusesNonAllowListed runs the record command against a process that is not
// allow-listed and expects one JSON error line and exit status 2.
func TestRecordCLIRefusesNonAllowListed(t *testing.T) {
	testfixture.RequireRoot(t)
	sleep := exec.Command("sleep", "30")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sleep.Process.Kill(); _ = sleep.Wait() }()
	cmd := exec.Command(os.Args[0], "record", "--pid", fmt.Sprint(sleep.Process.Pid), "--functions", "nanosleep", "--seconds", "1")
	cmd.Env = append(os.Environ(), "PLSQL_PROBE_RUN_MAIN=1")
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v", err)
	}
	var m struct {
		Type  string `json:"type"`
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal(out, &m); err != nil || m.Type != "error" || m.Error.Code != "EXE_NOT_ALLOWED" {
		t.Fatalf("refusal output %q (%v)", out, err)
	}
}

// runMain runs the binary (this test binary acting as plsql-probe) with stdin and returns stdout
// and the exit status.
func runMain(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PLSQL_PROBE_RUN_MAIN=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// TestDTraceCommands: dtrace-script prints the D script (no privileges needed); its refusals and
// import-dtrace's are one JSON error line with exit status 2; import-dtrace turns a recorded run
// into a strict profile.
func TestDTraceCommands(t *testing.T) {
	script, code := runMain(t, "", "dtrace-script", "--catalog", "library-cache-pins", "--syscalls", "--seconds", "20")
	if code != 0 || !strings.Contains(script, "pid$target::kgiPinObject:entry") || !strings.Contains(script, "tick-20s") ||
		!strings.HasPrefix(script, "#!/usr/sbin/dtrace -s\n") {
		t.Fatalf("dtrace-script (status %d):\n%s", code, script)
	}
	out, code := runMain(t, "", "dtrace-script", "--functions", "kgi PinObject")
	if code != 2 || !strings.Contains(out, `"code":"BAD_FUNCTION_NAME"`) {
		t.Errorf("bad name: status %d %s", code, out)
	}
	rec, err := os.ReadFile("../../internal/dtrace/testdata/solaris-catalog.out")
	if err != nil {
		t.Fatal(err)
	}
	out, code = runMain(t, string(rec), "import-dtrace", "--pid", "4242", "--exe", "/u01/oracle/bin/oracle")
	if code != 0 {
		t.Fatalf("import-dtrace status %d: %s", code, out)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var p profile.Profile
	if err := dec.Decode(&p); err != nil {
		t.Fatal(err)
	}
	if p.Source != "dtrace" || p.Target.Exe != "/u01/oracle/bin/oracle" || p.Collectors.Syscalls.Polls.Total != 1355248 {
		t.Errorf("imported profile: source %q exe %q polls %d", p.Source, p.Target.Exe, p.Collectors.Syscalls.Polls.Total)
	}
	out, code = runMain(t, "this is not dtrace output\n", "import-dtrace")
	if code != 2 || !strings.Contains(out, `"code":"BAD_REQUEST"`) || !strings.Contains(out, "not the output of a plsql-probe dtrace-script run") {
		t.Errorf("garbage: status %d %s", code, out)
	}
}

// TestRecordCLIRefusesBadSeconds: durations that are not a positive, finite number of seconds are
// usage errors (one JSON line, exit status 2) before anything is inspected or attached: NaN used to
// record nothing and 0 used to mean 10 s. It needs no root: usage errors come before privileges.
func TestRecordCLIRefusesBadSeconds(t *testing.T) {
	for _, s := range []string{"NaN", "0", "-5", "+Inf", "0.0001", "1e400", "ten"} {
		out, code := runMain(t, "", "record", "--pid", "1", "--syscalls", "--seconds", s)
		if code != 2 || !strings.Contains(out, `"code":"BAD_REQUEST"`) || !strings.Contains(out, "seconds") {
			t.Errorf("--seconds %s: status %d, output %s", s, code, out)
		}
	}
	out, code := runMain(t, "", "record", "--pid", "1", "--syscalls", "--seconds", "121")
	if code != 2 || !strings.Contains(out, `"code":"LIMIT_EXCEEDED"`) {
		t.Errorf("--seconds 121: status %d, output %s", code, out)
	}
	out, code = runMain(t, "", "dtrace-script", "--syscalls", "--seconds", "0")
	if code != 2 || !strings.Contains(out, `"code":"BAD_REQUEST"`) {
		t.Errorf("dtrace-script --seconds 0: status %d, output %s", code, out)
	}
}
