package dtrace

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/syscalls"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

// ImportOptions complete what DTrace output cannot carry.
type ImportOptions struct {
	PID      int    // 0: take the pid from the output; otherwise it must match
	Exe      string // the target's executable path ("unknown" when empty)
	Hostname string
}

// MaxLineBytes bounds one input line (a ustack frame with a long C++ name stays far below).
const MaxLineBytes = 1 << 20

// DTrace's own lines (stderr merged into the output, or quiet mode off).
var (
	reMatched    = regexp.MustCompile(`^dtrace: (script|description) '.*' matched (\d+) probes?$`)
	reExited     = regexp.MustCompile(`^dtrace: pid (\d+) has exited$`)
	reDrops      = regexp.MustCompile(`^dtrace: (\d+) (aggregation|dynamic variable|speculative|principal buffer)? ?drops?( on CPU \d+)?$`)
	reDTraceMsg  = regexp.MustCompile(`^dtrace: `)
	reCPUHeader  = regexp.MustCompile(`^\s*CPU\s+ID\s+FUNCTION:NAME\s*$`)
	reProbeFired = regexp.MustCompile(`^\s*\d+\s+\d+\s+\S*:\S+\s*$`) // "  0  78541   :tick-10s"
	reCount      = regexp.MustCompile(`^\s*-?\d+\s*$`)
	reFrame      = regexp.MustCompile("^\\s*(?:[^\\s`]+`)*[^\\s`]+\\s*$")
)

// importer is the parse state.
type importer struct {
	line    int
	begun   bool
	ended   bool
	done    bool
	pid     int
	wallNs  int64
	elapsed int64
	stop    string

	wantNames   []string
	wantGlobs   []string
	syscallsOn  bool
	fdKinds     bool
	hz          int
	funcs       []profile.FunctionCount
	sys         map[string]uint64
	sizes       map[[2]string]map[uint64]uint64 // (syscall, fd kind) -> size -> calls
	folded      map[string]uint64
	samples     uint64
	matched     int
	exited      bool
	drops       []string
	errs        []string
	ignored     int
	firstIgnore string
	foreign     int // ustack blocks outside plsqlprobe framing (another aggregation's output)

	inStack bool
	frames  []string
	loose   []string // frames seen outside framing, waiting for their count line
}

func (im *importer) fail(format string, args ...any) error {
	return perr.New(perr.BadRequest, "dtrace output line %d: %s", im.line, fmt.Sprintf(format, args...))
}

// Import parses the output of a dtrace-script run into a profile. Garbage, truncated output and
// malformed plsqlprobe lines are refused with BAD_REQUEST and the line number; DTrace's own
// messages are understood (probe matches, drops, errors, target exit) or skipped.
func Import(r io.Reader, o ImportOptions) (*profile.Profile, error) {
	im := &importer{stop: "signal", sys: map[string]uint64{}, sizes: map[[2]string]map[uint64]uint64{}, folded: map[string]uint64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxLineBytes)
	for sc.Scan() {
		im.line++
		if err := im.parseLine(strings.TrimRight(sc.Text(), "\r")); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, perr.New(perr.BadRequest, "read dtrace output after line %d: %v", im.line, err)
	}
	switch {
	case !im.begun:
		return nil, perr.New(perr.BadRequest, "not the output of a plsql-probe dtrace-script run: no %sbegin line (%d lines read)", Prefix, im.line)
	case im.inStack:
		return nil, perr.New(perr.BadRequest, "dtrace output ends inside a stack (no %sstackcount line): truncated?", Prefix)
	case !im.ended || !im.done:
		return nil, perr.New(perr.BadRequest, "dtrace output is incomplete: no %s line; did dtrace exit normally (tick or Ctrl-C), and was all of its output kept?", map[bool]string{false: Prefix + "end", true: Prefix + "done"}[im.ended])
	}
	if o.PID != 0 && o.PID != im.pid {
		return nil, perr.New(perr.BadRequest, "the output is from process %d, not %d", im.pid, o.PID)
	}
	return im.profile(o), nil
}

func (im *importer) parseLine(s string) error {
	if strings.HasPrefix(s, Prefix) {
		if len(im.loose) > 0 {
			im.loose = nil // frames without a count: not an aggregation block
		}
		return im.record(strings.Split(s[len(Prefix):], "|"))
	}
	if im.inStack {
		t := strings.TrimSpace(s)
		if t == "" {
			return nil
		}
		if !reFrame.MatchString(s) {
			return im.fail("expected a ustack frame or %sstackcount, got %q", Prefix, s)
		}
		im.frames = append(im.frames, t)
		return nil
	}
	t := strings.TrimSpace(s)
	switch {
	case t == "", t == "^C":
		im.loose = nil
		return nil
	case reMatched.MatchString(t):
		im.matched, _ = strconv.Atoi(reMatched.FindStringSubmatch(t)[2])
		return nil
	case reExited.MatchString(t):
		im.exited = true
		return nil
	case reDrops.MatchString(t):
		im.drops = append(im.drops, strings.TrimPrefix(t, "dtrace: "))
		return nil
	case reDTraceMsg.MatchString(t):
		im.errs = append(im.errs, strings.TrimPrefix(t, "dtrace: "))
		return nil
	case reCPUHeader.MatchString(s), reProbeFired.MatchString(s):
		return nil
	}
	// A ustack() block of another aggregation (default printa format: indented frames, then the
	// count): recognised and skipped, so that it cannot be mistaken for data.
	if len(im.loose) > 0 && reCount.MatchString(s) {
		im.foreign++
		im.loose = nil
		return nil
	}
	if strings.HasPrefix(s, " ") && reFrame.MatchString(s) {
		im.loose = append(im.loose, t)
		return nil
	}
	im.ignored++
	if im.firstIgnore == "" {
		im.firstIgnore = fmt.Sprintf("line %d: %.80q", im.line, s)
	}
	return nil
}

func parseCount(s string) (uint64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad count %q", s)
	}
	return uint64(n), nil
}

func (im *importer) record(f []string) error {
	kind := f[0]
	if im.inStack && kind != "stackcount" {
		return im.fail("%s%s inside a stack (expected %sstackcount)", Prefix, kind, Prefix)
	}
	if !im.begun && kind != "begin" {
		return im.fail("%s%s before %sbegin", Prefix, kind, Prefix)
	}
	if kind == "begin" && im.begun {
		return im.fail("a second %sbegin line: two runs in one file?", Prefix)
	}
	if im.done {
		return im.fail("%s%s after %sdone", Prefix, kind, Prefix)
	}
	want := func(n int) error {
		if len(f) != n {
			return im.fail("%s%s has %d fields, want %d", Prefix, kind, len(f), n)
		}
		return nil
	}
	switch kind {
	case "func", "sys", "size", "stack":
		if !im.ended {
			return im.fail("%s%s before %send (the script prints the aggregations in END)", Prefix, kind, Prefix)
		}
	}
	switch kind {
	case "begin":
		if err := want(4); err != nil {
			return err
		}
		if f[1] != strconv.Itoa(FormatVersion) {
			return im.fail("output format v%s, this plsql-probe reads v%d", f[1], FormatVersion)
		}
		pid, err := strconv.Atoi(f[2])
		if err != nil || pid <= 0 {
			return im.fail("bad pid %q", f[2])
		}
		wall, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil || wall < 0 {
			return im.fail("bad walltimestamp %q", f[3])
		}
		im.begun, im.pid, im.wallNs = true, pid, wall
	case "want":
		if err := want(3); err != nil {
			return err
		}
		if err := symbols.ValidateName(f[2]); err != nil {
			return im.fail("%v", perr.From(err).Message)
		}
		switch f[1] {
		case "func":
			im.wantNames = append(im.wantNames, f[2])
		case "glob":
			im.wantGlobs = append(im.wantGlobs, f[2])
		default:
			return im.fail("unknown want kind %q", f[1])
		}
	case "option":
		if err := want(3); err != nil {
			return err
		}
		switch f[1] {
		case "syscalls":
			im.syscallsOn = f[2] == "1"
		case "fd_kinds":
			im.fdKinds = f[2] == "1"
		case "stacks_hz":
			hz, err := strconv.Atoi(f[2])
			if err != nil || hz < 1 || hz > 999 {
				return im.fail("bad stacks_hz %q", f[2])
			}
			im.hz = hz
		case "seconds":
		default:
			return im.fail("unknown option %q", f[1])
		}
	case "end":
		if err := want(4); err != nil {
			return err
		}
		wall, err1 := strconv.ParseInt(f[1], 10, 64)
		el, err2 := strconv.ParseInt(f[2], 10, 64)
		if err1 != nil || err2 != nil || el < 0 {
			return im.fail("bad end times %q %q", f[1], f[2])
		}
		if f[3] != "duration" && f[3] != "signal" {
			return im.fail("bad stop reason %q", f[3])
		}
		_ = wall
		im.ended, im.elapsed, im.stop = true, el, f[3]
	case "func":
		if err := want(4); err != nil {
			return err
		}
		if err := symbols.ValidateName(f[2]); err != nil || f[1] == "" {
			return im.fail("bad function %q in module %q", f[2], f[1])
		}
		n, err := parseCount(f[3])
		if err != nil {
			return im.fail("%v", err)
		}
		im.funcs = append(im.funcs, profile.FunctionCount{Name: f[2], Module: f[1], Calls: n, Pattern: catalog.PatternOf(f[2])})
	case "sys":
		if err := want(3); err != nil {
			return err
		}
		if !validSyscall(f[1]) {
			return im.fail("bad syscall name %q", f[1])
		}
		n, err := parseCount(f[2])
		if err != nil {
			return im.fail("%v", err)
		}
		im.sys[f[1]] += n
	case "size":
		if err := want(5); err != nil {
			return err
		}
		if !validSyscall(f[1]) {
			return im.fail("bad syscall name %q", f[1])
		}
		size, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return im.fail("bad size %q", f[3])
		}
		n, err := parseCount(f[4])
		if err != nil {
			return im.fail("%v", err)
		}
		if size <= 0 {
			return nil // nothing requested (or an invalid size): not a write size, as on Linux
		}
		k := [2]string{f[1], FdKind(f[2])}
		if im.sizes[k] == nil {
			im.sizes[k] = map[uint64]uint64{}
		}
		im.sizes[k][uint64(size)] += n
	case "stack":
		if err := want(2); err != nil {
			return err
		}
		if f[1] != "" { // "%k" starts with a newline, but tolerate a first frame on the same line
			if !reFrame.MatchString(f[1]) {
				return im.fail("bad stack frame %q", f[1])
			}
			im.frames = append(im.frames, strings.TrimSpace(f[1]))
		}
		im.inStack = true
	case "stackcount":
		if !im.inStack {
			return im.fail("%sstackcount without %sstack", Prefix, Prefix)
		}
		if err := want(2); err != nil {
			return err
		}
		n, err := parseCount(f[1])
		if err != nil {
			return im.fail("%v", err)
		}
		im.folded[Fold(im.frames)] += n
		im.samples += n
		im.inStack, im.frames = false, nil
	case "done":
		if err := want(1); err != nil {
			return err
		}
		if !im.ended {
			return im.fail("%sdone before %send", Prefix, Prefix)
		}
		im.done = true
	default:
		return im.fail("unknown record %s%s", Prefix, kind)
	}
	return nil
}

// globMatch matches a function glob like the Linux path (filepath.Match: * and ?).
func globMatch(glob, name string) (bool, error) { return filepath.Match(glob, name) }

var reSyscall = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,63}$`)

func validSyscall(s string) bool { return reSyscall.MatchString(s) }

// FdKind maps a DTrace fileinfo_t fi_fs (Solaris vfs names, Linux superblock type names) to the
// profile's fd kinds. "-" (no fd kinds requested), "<none>" and "<unknown>" are unknown.
func FdKind(fs string) string {
	switch fs {
	case "-", "", "<none>", "<unknown>", "unknown":
		return "unknown"
	case "sockfs", "sockets":
		return "socket"
	case "fifofs", "pipefs", "namefs":
		return "pipe"
	case "specfs", "devfs", "dev", "devtmpfs", "proc", "sysfs", "anon_inodefs", "anon_inode", "ctfs",
		"objfs", "sharefs", "mntfs", "doorfs", "eventfd", "devpts", "autofs", "bpf", "debugfs", "tracefs":
		return "other"
	}
	return "file" // zfs, ufs, nfs, tmpfs, lofs, ext4, xfs, btrfs, ocfs2, acfs, ...
}

// Fold turns ustack() frames (leaf first, "module`function+0xoff") into a folded stack, root
// first, with the names the Linux path uses: the function, or "[module]" when DTrace printed only
// an address inside a module, or "[unknown]".
func Fold(frames []string) string {
	if len(frames) == 0 {
		return "[unknown]"
	}
	names := make([]string, 0, len(frames))
	for i := len(frames) - 1; i >= 0; i-- {
		names = append(names, frameName(frames[i]))
	}
	return strings.Join(names, ";")
}

func frameName(fr string) string {
	// "module`function+0xoff"; a module in a non-default link map is "LM1`module`function".
	mod, fn := "", fr
	if i := strings.LastIndexByte(fr, '`'); i >= 0 {
		mod, fn = fr[:i], fr[i+1:]
		if j := strings.LastIndexByte(mod, '`'); j >= 0 {
			mod = mod[j+1:]
		}
	}
	if i := strings.LastIndex(fn, "+0x"); i > 0 {
		fn = fn[:i]
	}
	if fn == "" || strings.HasPrefix(fn, "0x") {
		if mod != "" {
			return "[" + mod + "]"
		}
		return "[unknown]"
	}
	return strings.ReplaceAll(fn, ";", ":")
}

func (im *importer) profile(o ImportOptions) *profile.Profile {
	exe, comm := o.Exe, ""
	if exe == "" {
		exe = "unknown"
	} else {
		comm = filepath.Base(exe)
	}
	p := &profile.Profile{
		Version: profile.Version,
		Source:  "dtrace",
		Tool:    profile.Tool{Name: "plsql-probe", Version: version.Version},
		// DTrace output carries no host facts; the import does not guess them.
		Host:       profile.Host{Hostname: o.Hostname, Kernel: "unknown", Arch: "unknown", CPUs: 0},
		Target:     profile.Target{PID: im.pid, TID: im.pid, Exe: exe, UID: -1, Comm: comm, Threads: 1},
		StartedAt:  time.Unix(0, im.wallNs).UTC().Format(time.RFC3339Nano),
		ElapsedMs:  float64(im.elapsed/1000) / 1000,
		StopReason: im.stop,
		Patterns:   []profile.PatternSummary{},
		Errors:     []profile.CollectorError{},
		Warnings:   []profile.Warning{},
	}
	if im.exited {
		p.StopReason = "target_exited"
		p.Warnings = append(p.Warnings, profile.Warning{Code: "TARGET_EXITED", Message: fmt.Sprintf("process %d exited during the recording (dtrace said so)", im.pid)})
	}
	if len(im.wantNames)+len(im.wantGlobs) > 0 {
		p.Collectors.Functions = im.functions(p)
		p.Patterns = catalog.Summaries(p.Collectors.Functions.Functions)
	}
	if im.syscallsOn {
		p.Collectors.Syscalls = im.syscalls(p)
	}
	if im.hz > 0 {
		s := &profile.StacksResult{Status: "ok", Hz: im.hz, Samples: im.samples, Folded: []profile.FoldedStack{}}
		for st, n := range im.folded {
			s.Folded = append(s.Folded, profile.FoldedStack{Stack: st, Count: n})
		}
		sort.Slice(s.Folded, func(i, j int) bool {
			if s.Folded[i].Count != s.Folded[j].Count {
				return s.Folded[i].Count > s.Folded[j].Count
			}
			return s.Folded[i].Stack < s.Folded[j].Stack
		})
		p.Collectors.Stacks = s
	}
	if len(im.drops) > 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "DTRACE_DROPS", Message: "DTrace dropped data, counts are too low: " + strings.Join(im.drops, "; ")})
	}
	if len(im.errs) > 0 {
		msg := strings.Join(im.errs[:min(len(im.errs), 3)], "; ")
		if len(im.errs) > 3 {
			msg += fmt.Sprintf("; and %d more", len(im.errs)-3)
		}
		p.Warnings = append(p.Warnings, profile.Warning{Code: "DTRACE_MESSAGES", Message: "dtrace reported: " + msg})
	}
	if im.foreign > 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "DTRACE_FOREIGN_OUTPUT", Message: fmt.Sprintf("%d ustack() blocks of another aggregation (not printed by the plsql-probe script) were skipped", im.foreign)})
	}
	if im.ignored > 0 {
		p.Warnings = append(p.Warnings, profile.Warning{Code: "DTRACE_LINES_IGNORED", Message: fmt.Sprintf("%d unrecognised lines were skipped (first: %s)", im.ignored, im.firstIgnore)})
	}
	var fh, sh uint64
	if f := p.Collectors.Functions; f != nil {
		for _, fn := range f.Functions {
			fh += fn.Calls
		}
	}
	if s := p.Collectors.Syscalls; s != nil {
		sh = syscalls.Hits(s)
	}
	p.Overhead = profile.OverheadEstimate{
		Label:        "not estimated: imported from DTrace output; plsql-probe did not run the probes, so it could not calibrate their cost on that host (hits are the counted probe firings)",
		FunctionHits: fh, SyscallHits: sh,
	}
	return p
}

func (im *importer) functions(p *profile.Profile) *profile.FunctionsResult {
	f := &profile.FunctionsResult{Status: "ok", Functions: []profile.FunctionCount{}, Missing: []string{}, Truncated: []string{}}
	seen := map[string]bool{}
	for _, fn := range im.funcs {
		seen[fn.Name] = true
	}
	// Requested order first (names, then glob matches by name), as the Linux path lists them.
	order := map[string]int{}
	for i, n := range im.wantNames {
		order[n] = i + 1
	}
	funcs := append([]profile.FunctionCount(nil), im.funcs...)
	sort.SliceStable(funcs, func(i, j int) bool {
		oi, oj := order[funcs[i].Name], order[funcs[j].Name]
		switch {
		case oi != 0 && oj != 0 && oi != oj:
			return oi < oj
		case (oi != 0) != (oj != 0):
			return oi != 0
		case funcs[i].Name != funcs[j].Name:
			return funcs[i].Name < funcs[j].Name
		}
		return funcs[i].Module < funcs[j].Module
	})
	f.Functions = append(f.Functions, funcs...)
	var notSeen []string
	for _, n := range im.wantNames {
		if !seen[n] {
			notSeen = append(notSeen, n)
		}
	}
	for _, g := range im.wantGlobs {
		matched := false
		for n := range seen {
			if ok, _ := globMatch(g, n); ok {
				matched = true
			}
		}
		if !matched {
			notSeen = append(notSeen, g)
		}
	}
	if len(notSeen) > 0 {
		f.Missing = append(f.Missing, notSeen...)
		p.Warnings = append(p.Warnings, profile.Warning{Code: "FUNCTIONS_NOT_SEEN", Message: fmt.Sprintf(
			"no calls counted for %v: with DTrace (zdefs) this means no calls OR not in the binary; check with: dtrace -l -n 'pidSPID::NAME:entry'", notSeen)})
	}
	return f
}

func (im *importer) syscalls(p *profile.Profile) *profile.SyscallsResult {
	r := &profile.SyscallsResult{Status: "ok", Mode: syscalls.ModeCount, Syscalls: []profile.SyscallStat{}, Writes: []profile.WriteHist{}}
	for name, n := range im.sys {
		r.Syscalls = append(r.Syscalls, profile.SyscallStat{Name: name, Nr: -1, Calls: n})
	}
	sort.Slice(r.Syscalls, func(i, j int) bool {
		if r.Syscalls[i].Calls != r.Syscalls[j].Calls {
			return r.Syscalls[i].Calls > r.Syscalls[j].Calls
		}
		return r.Syscalls[i].Name < r.Syscalls[j].Name
	})
	r.Polls = syscalls.Polls(r.Syscalls)
	for k, sizes := range im.sizes {
		r.Writes = append(r.Writes, syscalls.Histogram(k[0], k[1], sizes))
	}
	sort.Slice(r.Writes, func(i, j int) bool {
		if r.Writes[i].Calls != r.Writes[j].Calls {
			return r.Writes[i].Calls > r.Writes[j].Calls
		}
		return r.Writes[i].Syscall+r.Writes[i].FdKind < r.Writes[j].Syscall+r.Writes[j].FdKind
	})
	return r
}
