// Package testfixture builds and drives the fake "oracle" server process used by the root tests
// and the benchmark. The C source (testdata/oracle.c) is embedded; it is compiled with gcc into a temporary
// directory as a file named exactly "oracle", so it passes the default allow-list.
package testfixture

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

//go:embed testdata/oracle.c
var source []byte

// T is the part of testing.TB the fixture needs (the benchmark command supplies its own).
type T interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Skip(args ...any)
	TempDir() string
	Cleanup(func())
}

// InCI reports whether tests must fail instead of skipping (CI=true).
func InCI() bool { return os.Getenv("CI") == "true" }

// SkipOrFail skips with the reason, or fails when CI=true.
func SkipOrFail(t T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatalf("CI=true, so this cannot be skipped: %s", msg)
	}
	t.Skip(msg)
}

// RequireRoot skips (or fails in CI) unless running as root.
func RequireRoot(t T) {
	t.Helper()
	if os.Geteuid() != 0 {
		SkipOrFail(t, "needs root: uprobes and BPF need CAP_SYS_ADMIN (run: sudo go test ./...)")
	}
}

// Build compiles the fixture into dir/oracle and returns its path.
func Build(t T, dir string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		SkipOrFail(t, "gcc not found: it builds the fixture program (apt-get install gcc libc6-dev)")
	}
	src := filepath.Join(dir, "oracle.c")
	if err := os.WriteFile(src, source, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "oracle")
	cmd := exec.Command(gcc, "-O2", "-g", "-fno-omit-frame-pointer", "-pthread", "-o", out, src)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	return out
}

// BuildTemp builds into a fresh temporary directory owned by the test.
func BuildTemp(t T) string { return Build(t, t.TempDir()) }

// Proc is a running fixture.
type Proc struct {
	PID   int
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	lines chan string
}

// Start runs the fixture and waits for its "ready" line.
func Start(t T, exe string) *Proc {
	t.Helper()
	cmd := exec.Command(exe, t.TempDir())
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Proc{PID: cmd.Process.Pid, cmd: cmd, in: in, out: bufio.NewScanner(stdout), lines: make(chan string, 16)}
	go func() {
		for p.out.Scan() {
			p.lines <- p.out.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(p.Close)
	if l := p.next(t, 10*time.Second); !strings.HasPrefix(l, "ready ") {
		t.Fatalf("fixture: unexpected first line %q", l)
	}
	return p
}

func (p *Proc) next(t T, timeout time.Duration) string {
	t.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			t.Fatal("fixture exited")
		}
		return l
	case <-time.After(timeout):
		t.Fatalf("fixture: no answer within %v", timeout)
	}
	return ""
}

// Do sends one command and returns the first number after "ok" (elapsed ns, or a thread id).
func (p *Proc) Do(t T, command string) int64 {
	t.Helper()
	v, _ := p.DoCPU(t, command)
	return v
}

// DoCPU sends one command and returns both numbers of its "ok <ns> <cpu_ns>" answer: the elapsed
// ns (or a thread id) and the CPU time of the fixture's main thread during the command, which
// excludes the time other processes of a busy host took.
func (p *Proc) DoCPU(t T, command string) (int64, int64) {
	t.Helper()
	if _, err := fmt.Fprintln(p.in, command); err != nil {
		t.Fatalf("fixture %q: %v", command, err)
	}
	l := p.next(t, 2*time.Minute)
	f := strings.Fields(l)
	if len(f) != 3 || f[0] != "ok" {
		t.Fatalf("fixture %q: %s", command, l)
	}
	v, err1 := strconv.ParseInt(f[1], 10, 64)
	cpu, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("fixture %q: %s", command, l)
	}
	return v, cpu
}

// Close stops the fixture.
func (p *Proc) Close() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.in.Close()
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
}
