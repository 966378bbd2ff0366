// Package target identifies and vets the process (and thread) to profile. It reads only /proc
// metadata (exe link, stat, status, task list), never target memory.
package target

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
)

// Target is a vetted process, optionally narrowed to one thread.
type Target struct {
	PID        int
	TID        int // == PID unless a thread was chosen
	Exe        string
	ExeDev     uint64
	ExeIno     uint64
	StartTicks uint64 // field 22 of /proc/PID/stat, clock ticks after boot
	UID        int
	Comm       string
	Threads    []int
}

// Threaded reports whether the target is one thread of a multi-threaded process (threaded_execution),
// in which case uprobes trap every thread of the process and results are filtered by TID.
func (t *Target) Threaded() bool { return t.TID != t.PID || len(t.Threads) > 1 }

// ExePath is the path used to open the ELF file and to create uprobes: /proc/PID/exe names the
// running inode even if the file was replaced (relink) or lives in another mount namespace.
func (t *Target) ExePath() string { return fmt.Sprintf("/proc/%d/exe", t.PID) }

// Inspect reads the process identity. tid 0 means the whole process.
func Inspect(pid, tid int) (*Target, error) {
	if pid <= 0 {
		return nil, perr.New(perr.BadRequest, "pid must be a positive integer")
	}
	if pid == os.Getpid() {
		return nil, perr.New(perr.SelfTarget, "refusing to profile the helper itself")
	}
	dir := fmt.Sprintf("/proc/%d", pid)
	exe, err := os.Readlink(dir + "/exe")
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, perr.New(perr.NoSuchProcess, "no process %d", pid)
		}
		return nil, perr.New(perr.NoSuchProcess, "process %d has no readable executable (kernel thread or gone): %v", pid, err)
	}
	t := &Target{PID: pid, TID: pid, Exe: strings.TrimSuffix(exe, " (deleted)")}
	if tid > 0 {
		t.TID = tid
	}
	if t.ExeDev, t.ExeIno, err = sysx.DevIno(dir + "/exe"); err != nil {
		return nil, perr.New(perr.NoSuchProcess, "stat %s/exe: %v", dir, err)
	}
	if t.StartTicks, t.Comm, err = readStat(dir + "/stat"); err != nil {
		return nil, perr.New(perr.NoSuchProcess, "%v", err)
	}
	if t.UID, err = readUID(dir + "/status"); err != nil {
		return nil, perr.New(perr.NoSuchProcess, "%v", err)
	}
	entries, err := os.ReadDir(dir + "/task")
	if err != nil {
		return nil, perr.New(perr.NoSuchProcess, "%v", err)
	}
	for _, e := range entries {
		if n, err := strconv.Atoi(e.Name()); err == nil {
			t.Threads = append(t.Threads, n)
		}
	}
	if !t.hasThread(t.TID) {
		return nil, perr.New(perr.BadTID, "thread %d is not a thread of process %d", t.TID, pid)
	}
	return t, nil
}

func (t *Target) hasThread(tid int) bool {
	for _, x := range t.Threads {
		if x == tid {
			return true
		}
	}
	return false
}

// Vet applies the policy: allow-listed executable, allowed uid, and the expected start time
// (0 = not given; the caller must then warn that pid reuse is unchecked).
func (t *Target) Vet(cfg *config.Config, wantStart uint64) error {
	if !cfg.ExeAllowed(t.Exe) {
		return perr.New(perr.ExeNotAllowed, "process %d runs %s, which is not in the allow-list %v of %s", t.PID, t.Exe, cfg.AllowExe, cfgName(cfg))
	}
	if !cfg.UIDAllowed(t.UID) {
		return perr.New(perr.UIDNotAllowed, "process %d runs as uid %d, not one of allow_uid %v", t.PID, t.UID, cfg.AllowUIDs)
	}
	if wantStart != 0 && wantStart != t.StartTicks {
		return perr.New(perr.StartTimeMismatch, "process %d started at tick %d, not %d: the pid was reused or is wrong", t.PID, t.StartTicks, wantStart)
	}
	return nil
}

// StillSame reports whether the process is alive and is still the same process (no pid reuse).
// A zombie (exited, not yet reaped by its parent) is not alive: it runs no code any more.
func (t *Target) StillSame() bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", t.PID))
	if err != nil {
		return false
	}
	start, _, err := parseStat(b)
	return err == nil && start == t.StartTicks && !exitedState(b)
}

// exitedState reports whether stat's state field (the first after the comm) is Z (zombie) or X
// (dead).
func exitedState(stat []byte) bool {
	s := string(stat)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
}

func cfgName(c *config.Config) string {
	if c.Path == "" {
		return "the built-in default policy"
	}
	return c.Path
}

// readStat returns starttime and comm. comm is in parentheses and may contain spaces, so fields are
// counted after the last ')'.
func readStat(path string) (uint64, string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, "", fmt.Errorf("read %s: %w", path, err)
	}
	start, comm, err := parseStat(b)
	if err != nil {
		return 0, "", fmt.Errorf("%s: %w", path, err)
	}
	return start, comm, nil
}

func parseStat(b []byte) (uint64, string, error) {
	s := string(b)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open {
		return 0, "", errors.New("malformed stat")
	}
	fields := strings.Fields(s[end+1:])
	// fields[0] is field 3 (state); starttime is field 22.
	if len(fields) < 20 {
		return 0, "", errors.New("malformed stat")
	}
	start, err := strconv.ParseUint(fields[19], 10, 64)
	return start, s[open+1 : end], err
}

func readUID(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				return strconv.Atoi(f[0])
			}
		}
	}
	return 0, fmt.Errorf("%s: no Uid line", path)
}
