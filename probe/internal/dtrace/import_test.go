package dtrace

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
)

const goldenProfile = "../../schema/testdata/golden-dtrace-profile.json"

func importFile(t *testing.T, path string, o ImportOptions) *profile.Profile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Import(f, o)
	if err != nil {
		t.Fatalf("import %s: %v", path, err)
	}
	return p
}

// strictRoundTrip encodes the profile and decodes it back with unknown fields refused, as the
// extension's contract requires.
func strictRoundTrip(t *testing.T, p *profile.Profile) []byte {
	t.Helper()
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var back profile.Profile
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, p) {
		t.Error("profile changed in a JSON round trip")
	}
	return append(b, '\n')
}

func fnCalls(p *profile.Profile) map[string]uint64 {
	out := map[string]uint64{}
	for _, f := range p.Collectors.Functions.Functions {
		out[f.Module+"`"+f.Name] = f.Calls
	}
	return out
}

func sizes(p *profile.Profile, syscall, kind string) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for _, w := range p.Collectors.Syscalls.Writes {
		if w.Syscall == syscall && w.FdKind == kind {
			for _, s := range w.TopSizes {
				out[s.Size] = s.Calls
			}
		}
	}
	return out
}

func warning(p *profile.Profile, code string) string {
	for _, w := range p.Warnings {
		if w.Code == code {
			return w.Message
		}
	}
	return ""
}

// TestImportSolaris: a Solaris run of the catalog script (numbers from the seeds) gives exact
// function counts, pattern sums, syscall counts (pollsys as the poll family), requested write sizes
// per fd kind from fi_fs, folded stacks, and the DTrace notes as warnings.
func TestImportSolaris(t *testing.T) {
	p := importFile(t, "testdata/solaris-catalog.out", ImportOptions{Exe: "/u01/app/oracle/product/19.0.0/dbhome_1/bin/oracle", Hostname: "sol11"})
	if p.Version != 1 || p.Source != "dtrace" || p.Target.PID != 4242 || p.Target.TID != 4242 || p.StopReason != "duration" {
		t.Errorf("header: version %d source %q pid %d tid %d stop %q", p.Version, p.Source, p.Target.PID, p.Target.TID, p.StopReason)
	}
	if p.StartedAt != "2024-11-21T10:15:02.123456789Z" || p.ElapsedMs != 30000.912 {
		t.Errorf("started_at %s elapsed %v", p.StartedAt, p.ElapsedMs)
	}
	want := map[string]uint64{
		"oracle`kgiPinObject": 1000002, "oracle`kglpnp": 1000006, "oracle`kglPinSetContext": 1000004,
		"oracle`kgebse": 10000, "oracle`kgeselv": 10000, "oracle`lmsagbf": 10000, "oracle`lmsapsc": 10000, "oracle`slmsrd": 20000,
		"oracle`snttmoredata": 1355248, "oracle`nsmore2recv": 1355248, "oracle`sntpoltsts": 1355248,
		"oracle`slfiwrb": 150960, "oracle`kgegec": 3,
	}
	if got := fnCalls(p); !reflect.DeepEqual(got, want) {
		t.Errorf("function calls\n got %v\nwant %v", got, want)
	}
	f := p.Collectors.Functions
	if f.Functions[0].Name != "kgiPinObject" || f.Functions[0].Pattern != "library-cache-pins" || f.Functions[len(f.Functions)-1].Name != "kgegec" || f.Functions[len(f.Functions)-1].Pattern != "" {
		t.Errorf("order/patterns: first %+v last %+v", f.Functions[0], f.Functions[len(f.Functions)-1])
	}
	wantMissing := []string{"pfrinstr_XCAL", "pevm_ENTER", "pevm_CHK_INST", "kgespf", "qerstSnapStats", "qerstUpdateStats", "pifipr", "slfifl"}
	if !reflect.DeepEqual(f.Missing, wantMissing) || !strings.Contains(warning(p, "FUNCTIONS_NOT_SEEN"), "no calls OR not in the binary") {
		t.Errorf("missing %v (want %v), warning %q", f.Missing, wantMissing, warning(p, "FUNCTIONS_NOT_SEEN"))
	}
	patterns := map[string]uint64{}
	rules := map[string]string{}
	for _, s := range p.Patterns {
		patterns[s.ID], rules[s.ID] = s.Calls, s.Rule
	}
	wantPatterns := map[string]uint64{"library-cache-pins": 3000012, "errors-and-messages": 60000, "in-band-break-checks": 3 * 1355248, "utl-file": 150960}
	if !reflect.DeepEqual(patterns, wantPatterns) || rules["library-cache-pins"] != "standalone-call-in-loop" || rules["utl-file"] != "utl-file-small-buffer" {
		t.Errorf("patterns %v rules %v, want %v", patterns, rules, wantPatterns)
	}

	s := p.Collectors.Syscalls
	if s.Mode != "count" || s.Status != "ok" {
		t.Errorf("syscalls mode %q status %q", s.Mode, s.Status)
	}
	sys := map[string]uint64{}
	for _, st := range s.Syscalls {
		sys[st.Name] = st.Calls
		if st.Nr != -1 || st.TotalNs != 0 {
			t.Errorf("%s: nr %d total_ns %d, want -1 and 0 (DTrace names syscalls, count mode)", st.Name, st.Nr, st.TotalNs)
		}
	}
	if !reflect.DeepEqual(sys, map[string]uint64{"pollsys": 1355248, "write": 150965, "read": 20002, "yield": 159, "times": 27, "pwrite": 12, "lwp_sigmask": 2}) {
		t.Errorf("syscalls %v", sys)
	}
	if s.Syscalls[0].Name != "pollsys" {
		t.Errorf("syscalls not sorted by calls: %v", s.Syscalls[0])
	}
	if s.Polls.Total != 1355248 || s.Polls.BySyscall["pollsys"] != 1355248 || len(s.Polls.BySyscall) != 1 {
		t.Errorf("polls %+v", s.Polls)
	}
	// The seed's UTL_FILE histogram: 4095 x 18870 and 4096 x 132090 on zfs (a file); 0-byte
	// writes are not sizes.
	if z := sizes(p, "write", "file"); !reflect.DeepEqual(z, map[uint64]uint64{4096: 132090, 4095: 18870}) {
		t.Errorf("write sizes on files %v", z)
	}
	if z := sizes(p, "write", "socket"); !reflect.DeepEqual(z, map[uint64]uint64{22: 1, 381: 1}) {
		t.Errorf("write sizes on sockets %v", z)
	}
	if z := sizes(p, "pwrite", "file"); !reflect.DeepEqual(z, map[uint64]uint64{8192: 12}) {
		t.Errorf("pwrite sizes %v", z)
	}
	if w := s.Writes[0]; w.Syscall != "write" || w.FdKind != "file" || w.Calls != 150960 || w.Bytes != 4095*18870+4096*132090 {
		t.Errorf("first histogram %+v", w)
	}

	st := p.Collectors.Stacks
	pins := "[oracle];main;ssthrdmain;opimai_real;sou2o;opidrv;opiodr;opiino;opitsk;ttcpip;opiodr;kpoal8;opiexe;kkxexe;peicnt;plsql_run;pfrrun;pfrrun_no_tool;pfrinstr_XCAL_SCAL;kgiPinObject"
	polls := "[oracle];main;opimai_real;sou2o;opidrv;opiodr;opiino;opitsk;ttcpip;opiodr;kpoal8;opifch2;qertbFetch;kdsttgr;kdstf0100101km;kdst_fetch;nioqts;nsmore2recv;snttmoredata;sntpoltsts;poll;__pollsys"
	writes := "[unknown];pevm_FCAL;spefmccallstd;spefcmpa;pifipr;lfiwr;lfibwrb;slfiwrb;fwrite;_fwrite_unlocked;_xflsbuf;_write_file;__write"
	wantFolded := []profile.FoldedStack{{Stack: pins, Count: 1417}, {Stack: polls, Count: 97}, {Stack: writes, Count: 84}}
	if st.Hz != 99 || st.Samples != 1598 || !reflect.DeepEqual(st.Folded, wantFolded) {
		t.Errorf("stacks hz %d samples %d folded\n got %+v\nwant %+v", st.Hz, st.Samples, st.Folded, wantFolded)
	}
	if !strings.Contains(warning(p, "DTRACE_DROPS"), "2 aggregation drops on CPU 1") {
		t.Errorf("drops warning: %+v", p.Warnings)
	}
	if o := p.Overhead; o.FunctionHits != 7276719 || o.SyscallHits != 1526415 || o.Calibrated || o.EstimatedMs != 0 || !strings.Contains(o.Label, "not estimated") {
		t.Errorf("overhead %+v", o)
	}
	if p.Host.Hostname != "sol11" || p.Host.Kernel != "unknown" || p.Host.CPUs != 0 || p.Target.Exe != "/u01/app/oracle/product/19.0.0/dbhome_1/bin/oracle" ||
		p.Target.UID != -1 || p.Target.Comm != "oracle" {
		t.Errorf("host %+v target %+v", p.Host, p.Target)
	}
	if p.Collectors.Proc != nil {
		t.Error("no proc collector in a DTrace import")
	}
	// The golden profile (validated against the JSON schema by test/probe/profileSchema.test.ts).
	golden(t, goldenProfile, string(strictRoundTrip(t, p)))
}

// TestImportLinuxNoisy: Oracle Linux DTrace output with quiet off, stderr merged, a probe error,
// Ctrl-C, the target exiting, and a ustack() aggregation of another clause in default format.
func TestImportLinuxNoisy(t *testing.T) {
	p := importFile(t, "testdata/linux-noisy.out", ImportOptions{PID: 5150})
	if p.StopReason != "target_exited" || warning(p, "TARGET_EXITED") == "" {
		t.Errorf("stop %q warnings %+v", p.StopReason, p.Warnings)
	}
	if got := fnCalls(p); !reflect.DeepEqual(got, map[string]uint64{"oracle`kgiPinObject": 200000, "oracle`slmsrd": 1000}) {
		t.Errorf("functions %v", got)
	}
	if f := p.Collectors.Functions; f.Functions[0].Name != "kgiPinObject" || !reflect.DeepEqual(f.Missing, []string{"qerstUpdateStats"}) {
		t.Errorf("functions %+v", f)
	}
	s := p.Collectors.Syscalls
	if s.Polls.Total != 1450 || s.Polls.BySyscall["poll"] != 1350 || s.Polls.BySyscall["ppoll"] != 100 {
		t.Errorf("polls %+v", s.Polls)
	}
	if z := sizes(p, "write", "unknown"); !reflect.DeepEqual(z, map[uint64]uint64{4096: 1816, 32767: 255}) {
		t.Errorf("write sizes (fd kinds off) %v", z)
	}
	if z := sizes(p, "sendto", "unknown"); !reflect.DeepEqual(z, map[uint64]uint64{22: 19, 381: 4}) {
		t.Errorf("sendto sizes %v", z)
	}
	if p.Collectors.Stacks != nil {
		t.Error("no stacks were requested: the foreign ustack block must not become a stacks collector")
	}
	if !strings.Contains(warning(p, "DTRACE_FOREIGN_OUTPUT"), "1 ustack() blocks") {
		t.Errorf("foreign ustack block not reported: %+v", p.Warnings)
	}
	if !strings.Contains(warning(p, "DTRACE_MESSAGES"), "error on enabled probe ID 5") {
		t.Errorf("probe error not reported: %+v", p.Warnings)
	}
	if w := warning(p, "DTRACE_LINES_IGNORED"); w != "" {
		t.Errorf("every line of the noisy file is known noise, yet: %s", w)
	}
	strictRoundTrip(t, p)
}

// TestImportCRLFAndPrefixFrame: Windows line ends (output copied through a Windows host) and a
// first frame printed on the stack line itself are accepted.
func TestImportCRLFAndPrefixFrame(t *testing.T) {
	in := "plsqlprobe|begin|1|77|0\r\nplsqlprobe|option|stacks_hz|49\r\nplsqlprobe|end|5|1000000|signal\r\n" +
		"plsqlprobe|stack|oracle`leaf+0x1\r\n    oracle`mid+0x2\r\n    oracle`main+0x3\r\nplsqlprobe|stackcount|7\r\nplsqlprobe|done\r\n"
	p, err := Import(strings.NewReader(in), ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st := p.Collectors.Stacks; st.Samples != 7 || len(st.Folded) != 1 || st.Folded[0].Stack != "main;mid;leaf" || st.Hz != 49 {
		t.Errorf("stacks %+v", st)
	}
	if p.Collectors.Functions != nil || p.Collectors.Syscalls != nil || p.ElapsedMs != 1 || p.StopReason != "signal" {
		t.Errorf("collectors %+v elapsed %v", p.Collectors, p.ElapsedMs)
	}
}

func TestFoldAndFdKind(t *testing.T) {
	for in, want := range map[string]string{
		"oracle`kgiPinObject+0xb8": "kgiPinObject",
		"libc.so.1`__write+0xa":    "__write",
		"libc.so.6`__GI___poll":    "__GI___poll",
		"oracle`0x6e80c2b":         "[oracle]",
		"0xfffffd7ffdd52caa":       "[unknown]",
		"a.out`slfiwrb+0x31":       "slfiwrb",
		"LM1`libfoo.so`bar+0x10":   "bar", // non-default link map
		"oracle`weird;name+0x1":    "weird:name",
	} {
		if got := frameName(in); got != want {
			t.Errorf("frameName(%q) = %q, want %q", in, got, want)
		}
	}
	for fs, want := range map[string]string{"zfs": "file", "ufs": "file", "ext4": "file", "xfs": "file", "nfs": "file", "tmpfs": "file",
		"sockfs": "socket", "fifofs": "pipe", "pipefs": "pipe", "specfs": "other", "devtmpfs": "other", "<none>": "unknown", "-": "unknown"} {
		if got := FdKind(fs); got != want {
			t.Errorf("FdKind(%q) = %q, want %q", fs, got, want)
		}
	}
}

// TestImportRefusals: garbage, truncated and malformed output is refused with BAD_REQUEST and a
// message that says what is wrong; nothing panics.
func TestImportRefusals(t *testing.T) {
	good, err := os.ReadFile("testdata/solaris-catalog.out")
	if err != nil {
		t.Fatal(err)
	}
	g := string(good)
	cut := func(s, from string) string { i := strings.Index(s, from); return s[:i] }
	cases := []struct{ name, in, msg string }{
		{"empty", "", "no plsqlprobe|begin line"},
		{"garbage", "hello\nworld\n\x00\xff\n", "no plsqlprobe|begin line"},
		{"binary", string([]byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0}), "no plsqlprobe|begin line"},
		{"truncated before end", cut(g, "plsqlprobe|end|"), "no plsqlprobe|end line"},
		{"truncated before done", cut(g, "plsqlprobe|done"), "no plsqlprobe|done line"},
		{"truncated in a stack", cut(g, "plsqlprobe|stackcount|1412"), "ends inside a stack"},
		{"two runs", g + g, "a second plsqlprobe|begin"},
		{"newer format", strings.Replace(g, "plsqlprobe|begin|1|", "plsqlprobe|begin|2|", 1), "format v2"},
		{"bad pid", strings.Replace(g, "|4242|", "|x|", 1), "bad pid"},
		{"bad count", strings.Replace(g, "plsqlprobe|func|oracle|kgebse|10000", "plsqlprobe|func|oracle|kgebse|ten", 1), `bad count "ten"`},
		{"negative count", strings.Replace(g, "|kgebse|10000", "|kgebse|-5", 1), "bad count"},
		{"bad function", strings.Replace(g, "|kgebse|10000", "|kge bse|10000", 1), "bad function"},
		{"fields", strings.Replace(g, "plsqlprobe|sys|times|27", "plsqlprobe|sys|times", 1), "has 2 fields, want 3"},
		{"unknown record", strings.Replace(g, "plsqlprobe|sys|times|27", "plsqlprobe|bogus|1", 1), "unknown record"},
		{"data before end", strings.Replace(g, "plsqlprobe|option|seconds|30", "plsqlprobe|sys|read|1", 1), "before plsqlprobe|end"},
		{"bad frame", strings.Replace(g, "              oracle`nioqts+0xc7", "this is not a frame", 1), "expected a ustack frame"},
		{"record in stack", strings.Replace(g, "plsqlprobe|stackcount|97", "plsqlprobe|sys|read|1", 1), "inside a stack"},
		{"stray stackcount", strings.Replace(g, "plsqlprobe|sys|times|27", "plsqlprobe|stackcount|27", 1), "without plsqlprobe|stack"},
		{"bad stop", strings.Replace(g, "|duration", "|crash", 1), "bad stop reason"},
		{"bad want", strings.Replace(g, "want|func|kglpnp", "want|func|kgl;pnp", 1), "must match"},
		{"huge line", "plsqlprobe|begin|1|1|0\n" + strings.Repeat("x", MaxLineBytes+10) + "\n", "read dtrace output"},
	}
	for _, c := range cases {
		p, err := Import(strings.NewReader(c.in), ImportOptions{})
		if err == nil {
			t.Errorf("%s: accepted: %+v", c.name, p.Collectors)
			continue
		}
		e := perr.From(err)
		if e.Code != perr.BadRequest || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s: %s %q, want BAD_REQUEST containing %q", c.name, e.Code, e.Message, c.msg)
		}
	}
	if _, err := Import(strings.NewReader(g), ImportOptions{PID: 99}); err == nil || !strings.Contains(err.Error(), "from process 4242, not 99") {
		t.Errorf("pid mismatch: %v", err)
	}
}
