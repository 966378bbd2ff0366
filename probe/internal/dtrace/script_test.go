package dtrace

import (
	"flag"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// golden compares got with the file, or rewrites the file with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/dtrace -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the generated output (go test ./internal/dtrace -update if intended):\n%s", path, diff(string(want), got))
	}
}

func diff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n- " + x + "\n+ " + y
		}
	}
	return "(same lines)"
}

// Fixed option sets: the goldens show the exact D the helper prints.
var scriptCases = []struct {
	file string
	opts ScriptOptions
}{
	{"testdata/script-catalog-all.d", ScriptOptions{Catalog: []string{"all"}, Functions: []string{"kge*"}, Syscalls: true, StacksHz: 99, Seconds: 30}},
	{"testdata/script-pid-syscalls.d", ScriptOptions{PID: 5150, Functions: []string{"kgiPinObject", "slmsrd", "qerstUpdateStats"}, Syscalls: true, NoFdKinds: true, Seconds: 5}},
	{"testdata/script-stacks-ms.d", ScriptOptions{StacksHz: 997, Seconds: 1.5}},
}

func TestScriptGolden(t *testing.T) {
	for _, c := range scriptCases {
		got, err := Script(config.Default(), c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		golden(t, c.file, got)
		again, _ := Script(config.Default(), c.opts)
		if again != got {
			t.Errorf("%s: output is not deterministic", c.file)
		}
	}
}

// TestScriptShape checks the D idioms the seeds used, independent of the golden text.
func TestScriptShape(t *testing.T) {
	s, err := Script(config.Default(), scriptCases[0].opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"pid$target::kgiPinObject:entry,\n",                // the seeds' pid provider, any module
		"pid$target:a.out:kge*:entry\n{",                   // globs: executable only
		"@plsqlprobe_func[probemod, probefunc] = count();", // like the seed's @fcount[probemod,probefunc]
		"syscall:::entry\n/pid == $target/\n{\n\t@plsqlprobe_sys[probefunc] = count();",
		"@plsqlprobe_size[probefunc, fds[arg0].fi_fs, arg2] = count();", // the seed's @[arg2] = count()
		"syscall::pwrite:entry,\nsyscall::pwrite64:entry,",              // Solaris and Linux names
		"profile-99\n/pid == $target/\n{\n\t@plsqlprobe_stack[ustack()] = count();",
		"tick-30s\n{",
		"#pragma D option zdefs",
		"printa(\"plsqlprobe|func|%s|%s|%@d\\n\", @plsqlprobe_func);",
		"printa(\"plsqlprobe|size|%s|%s|%d|%@d\\n\", @plsqlprobe_size);",
		"printa(\"plsqlprobe|stack|%k\\nplsqlprobe|stackcount|%@d\\n\", @plsqlprobe_stack);",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("script lacks %q", want)
		}
	}
	// Catalog names that the kge* glob also matches are probed once, through the glob.
	for _, n := range []string{"kgebse", "kgeselv", "kgespf"} {
		if strings.Contains(s, "pid$target::"+n+":entry") {
			t.Errorf("%s is probed by name and by the glob: DTrace would count it twice", n)
		}
		if !strings.Contains(s, `printf("plsqlprobe|want|func|`+n+`\n");`) {
			t.Errorf("%s is not announced as wanted", n)
		}
	}
	// Every printf/printa format of the script is a record the importer knows.
	formats := regexp.MustCompile(`print[fa]\("plsqlprobe\|([a-z]+)\|`).FindAllStringSubmatch(s, -1)
	kinds := map[string]bool{}
	for _, f := range formats {
		kinds[f[1]] = true
	}
	for _, k := range []string{"begin", "want", "option", "end", "func", "sys", "size", "stack"} {
		if !kinds[k] {
			t.Errorf("script prints no %s record", k)
		}
	}
	p, _ := Script(config.Default(), scriptCases[1].opts)
	for _, want := range []string{"pid5150::kgiPinObject:entry", "/pid == 5150/", `printf("plsqlprobe|begin|1|%d|%d\n", 5150, walltimestamp);`, `@plsqlprobe_size[probefunc, "-", arg2]`} {
		if !strings.Contains(p, want) {
			t.Errorf("--pid script lacks %q", want)
		}
	}
	_, code, _ := strings.Cut(p, "*/")
	if strings.Contains(code, "$target") || strings.Contains(code, "fds[") {
		t.Error("--pid/--no-fd-kinds script still uses $target or fds[]")
	}
	if ms, _ := Script(config.Default(), scriptCases[2].opts); !strings.Contains(ms, "tick-1500ms\n") {
		t.Error("1.5 s must become tick-1500ms")
	}
}

// TestRecordedOutputMatchesScript: the want/option lines of the recorded outputs under testdata are
// exactly what the generated scripts print in BEGIN, so the recordings stay faithful to the script.
func TestRecordedOutputMatchesScript(t *testing.T) {
	re := regexp.MustCompile(`printf\("(plsqlprobe\|(?:want|option)\|[^"]*)\\n"\);`)
	for _, c := range []struct {
		out  string
		opts ScriptOptions
	}{{"testdata/solaris-catalog.out", scriptCases[0].opts}, {"testdata/linux-noisy.out", scriptCases[1].opts}} {
		s, err := Script(config.Default(), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			want = append(want, m[1])
		}
		b, err := os.ReadFile(c.out)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "plsqlprobe|want|") || strings.HasPrefix(l, "plsqlprobe|option|") {
				got = append(got, l)
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: recorded header\n%s\nscript prints\n%s", c.out, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestScriptRefusals: the same validation as record (name regex, glob prefix, caps, catalog ids,
// durations: 0, negative and non-finite seconds are usage errors, never "the default").
func TestScriptRefusals(t *testing.T) {
	capped := config.Default()
	capped.MaxProbes = 2
	for _, c := range []struct {
		cfg  *config.Config
		opts ScriptOptions
		code string
	}{
		{config.Default(), ScriptOptions{Seconds: 10}, perr.BadRequest},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{"kgi;PinObject"}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{"*"}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{"k*"}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{"a:b"}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{`x")}; system("id`}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Functions: []string{strings.Repeat("a", 129)}}, perr.BadFunctionName},
		{config.Default(), ScriptOptions{Seconds: 10, Catalog: []string{"made-up"}}, perr.BadRequest},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: 121}, perr.LimitExceeded},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: -1}, perr.BadRequest},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: 0}, perr.BadRequest},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: math.NaN()}, perr.BadRequest},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: math.Inf(1)}, perr.BadRequest},
		{config.Default(), ScriptOptions{Syscalls: true, Seconds: 0.0005}, perr.BadRequest},
		{config.Default(), ScriptOptions{Seconds: 10, StacksHz: 1000}, perr.LimitExceeded},
		{config.Default(), ScriptOptions{Seconds: 10, Syscalls: true, PID: -3}, perr.BadRequest},
		{capped, ScriptOptions{Seconds: 10, Catalog: []string{"library-cache-pins"}}, perr.LimitExceeded},
	} {
		_, err := Script(c.cfg, c.opts)
		if err == nil {
			t.Errorf("%+v: accepted, want %s", c.opts, c.code)
			continue
		}
		if e := perr.From(err); e.Code != c.code {
			t.Errorf("%+v: %s (%s), want %s", c.opts, e.Code, e.Message, c.code)
		}
	}
	if _, err := Script(capped, ScriptOptions{Seconds: 10, Functions: []string{"kgiPinObject", "kge*"}}); err != nil {
		t.Errorf("2 probes with max_probes 2: %v", err)
	}
}
