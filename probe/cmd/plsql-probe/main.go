// Command plsql-probe records kernel-function and syscall profiles of one Oracle server process
// (see probe/README.md). It runs no other program, reads no target memory and returns only
// aggregates.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/check"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/dtrace"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/serve"
	"github.com/plsql-perf/plsql-perf/probe/internal/session"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

const usage = `usage: plsql-probe <command> [flags]

commands:
  record --pid N [--tid T] [--start-ticks S] [--functions LIST] [--catalog LIST] [--syscalls]
         [--syscall-times] [--stacks HZ] [--seconds S] [--inclusive-time] [--no-proc] [--no-calibrate]
                       record until S seconds pass or stdin closes; print one profile JSON
  serve                JSON lines over stdin/stdout (requests with ids, responses, events)
  check [--pid N]      what works on this host, with advice
  symbols --pid N --match GLOB
                       function symbols of the target's executable
  catalog              the built-in Oracle function catalog
  dtrace-script [--pid N] [--functions LIST] [--catalog LIST] [--syscalls] [--stacks HZ]
         [--seconds S] [--no-fd-kinds]
                       print an equivalent D script for Solaris / Oracle Linux DTrace
  import-dtrace [--pid N] [--exe PATH] [--hostname H] < OUTPUT
                       turn that script's output into a profile JSON (source "dtrace")
  version

common flag: --config PATH (policy file; default /etc/plsql-probe.conf; must be root-owned and not
group/world-writable, as must its directories)
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	logger := log.New(os.Stderr, "plsql-probe: ", log.LstdFlags)
	cmd, args := os.Args[1], os.Args[2:]
	var err error
	switch cmd {
	case "record":
		err = runRecord(args, logger)
	case "serve":
		err = runServe(args, logger)
	case "check":
		err = runCheck(args)
	case "symbols":
		err = runSymbols(args)
	case "catalog":
		err = printJSON(catalog.All())
	case "dtrace-script":
		err = runDTraceScript(args, os.Stdout)
	case "import-dtrace":
		err = runImportDTrace(args, os.Stdin)
	case "version":
		fmt.Println(version.Version)
	case "-h", "--help", "help":
		fmt.Print(usage)
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		// Every refusal is one JSON line on stdout (what a client parses) and a note on stderr.
		e := perr.From(err)
		_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"v": serve.ProtocolVersion, "type": "error", "error": e})
		logger.Print(e.Error())
		os.Exit(2)
	}
}

func printJSON(v any) error {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// flags builds a FlagSet whose parse errors become BAD_REQUEST refusals.
func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return perr.New(perr.BadRequest, "%s: %v", fs.Name(), err)
	}
	if fs.NArg() > 0 {
		return perr.New(perr.BadRequest, "%s: unexpected arguments %v", fs.Name(), fs.Args())
	}
	return nil
}

func loadConfig(path string) (*config.Config, error) {
	cfg, err := config.Load(path, path != "")
	if err != nil {
		return nil, perr.New(perr.Config, "%v", err)
	}
	return cfg, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// signalContext is cancelled with cause StopSignal on SIGINT, SIGTERM, SIGHUP or SIGPIPE, so a
// recording is read and detached normally. SIGKILL cannot be caught: then the kernel closes the
// probe file descriptors and removes the probes.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		if _, ok := <-ch; ok {
			cancel(session.StopSignal)
		}
	}()
	return ctx, func() { signal.Stop(ch); close(ch); cancel(nil) }
}

func runRecord(args []string, logger *log.Logger) error {
	fs := flags("record")
	var o session.Options
	var functions, cat, cfgPath string
	fs.IntVar(&o.PID, "pid", 0, "target process id")
	fs.IntVar(&o.TID, "tid", 0, "target thread id (V$PROCESS.STID with threaded_execution)")
	fs.Uint64Var(&o.StartTicks, "start-ticks", 0, "expected start time (/proc/PID/stat field 22); refuses a reused pid")
	fs.StringVar(&functions, "functions", "", "comma-separated function names and globs (kge*)")
	fs.StringVar(&cat, "catalog", "", "comma-separated catalog patterns, or all")
	fs.BoolVar(&o.Syscalls, "syscalls", false, "count syscalls, write sizes, polls (at syscall entry: requested sizes)")
	fs.BoolVar(&o.SyscallTimes, "syscall-times", false, "with --syscalls: also hook syscall exit for time per syscall and bytes actually written (costlier)")
	fs.IntVar(&o.StacksHz, "stacks", 0, "sample on-CPU stacks at this rate (e.g. 99)")
	fs.Float64Var(&o.Seconds, "seconds", session.DefaultSeconds, "maximum duration in seconds, from 0.001 to max_seconds")
	fs.BoolVar(&o.InclusiveTime, "inclusive-time", false, "also time each call (entry+return probes; includes probe overhead)")
	fs.BoolVar(&o.NoProc, "no-proc", false, "skip /proc counters")
	fs.BoolVar(&o.NoCalibrate, "no-calibrate", false, "skip the overhead calibration (use default costs)")
	fs.StringVar(&cfgPath, "config", "", "policy file")
	if err := parse(fs, args); err != nil {
		return err
	}
	o.Functions, o.Catalog = splitList(functions), splitList(cat)
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return err
	}
	ctx, stop := signalContext()
	defer stop()
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if !sysx.IsDevNull(os.Stdin) {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			cancel(session.StopStdinClosed)
		}()
	}
	p, err := session.Record(rctx, cfg, o, func(s session.Started) {
		logger.Printf("recording pid=%d tid=%d collectors=%v probes=%d (stops after %gs or when stdin closes)", s.PID, s.TID, s.Collectors, s.Probes, o.Seconds)
	})
	if err != nil {
		return err
	}
	return printJSON(p)
}

func runServe(args []string, logger *log.Logger) error {
	fs := flags("serve")
	cfgPath := fs.String("config", "", "policy file")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	ctx, stop := signalContext()
	defer stop()
	s := &serve.Server{Config: cfg, Log: logger}
	return s.Serve(ctx, os.Stdin, os.Stdout)
}

func runCheck(args []string) error {
	fs := flags("check")
	pid := fs.Int("pid", 0, "also inspect this process")
	cfgPath := fs.String("config", "", "policy file")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, cfgErr := config.Load(*cfgPath, *cfgPath != "")
	return printJSON(check.Run(cfg, cfgErr, *pid))
}

func runSymbols(args []string) error {
	fs := flags("symbols")
	pid := fs.Int("pid", 0, "target process id")
	match := fs.String("match", "", "glob or name, e.g. 'kgl*'")
	cfgPath := fs.String("config", "", "policy file")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := serve.Symbols(cfg, *pid, *match)
	if err != nil {
		return err
	}
	return printJSON(res)
}

// runDTraceScript prints the D script. It needs no privileges and touches no process; the
// policy file only supplies the caps (max_probes, max_seconds, max_hz), as for record.
func runDTraceScript(args []string, out io.Writer) error {
	fs := flags("dtrace-script")
	var o dtrace.ScriptOptions
	var functions, cat, cfgPath string
	fs.IntVar(&o.PID, "pid", 0, "target process id (default: $target, run with dtrace -p PID)")
	fs.StringVar(&functions, "functions", "", "comma-separated function names and globs (kge*)")
	fs.StringVar(&cat, "catalog", "", "comma-separated catalog patterns, or all")
	fs.BoolVar(&o.Syscalls, "syscalls", false, "count syscalls, requested write sizes, polls")
	fs.IntVar(&o.StacksHz, "stacks", 0, "sample on-CPU user stacks at this rate (e.g. 99)")
	fs.Float64Var(&o.Seconds, "seconds", dtrace.DefaultSeconds, "stop after this many seconds (tick)")
	fs.BoolVar(&o.NoFdKinds, "no-fd-kinds", false, "do not use fds[arg0].fi_fs (for a DTrace without io.d)")
	fs.StringVar(&cfgPath, "config", "", "policy file (caps)")
	if err := parse(fs, args); err != nil {
		return err
	}
	o.Functions, o.Catalog = splitList(functions), splitList(cat)
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return err
	}
	script, err := dtrace.Script(cfg, o)
	if err != nil {
		return err
	}
	_, err = io.WriteString(out, script)
	return err
}

// runImportDTrace reads a dtrace-script run's output and prints the profile.
func runImportDTrace(args []string, in io.Reader) error {
	fs := flags("import-dtrace")
	var o dtrace.ImportOptions
	fs.IntVar(&o.PID, "pid", 0, "expected target pid (refused if the output is from another process)")
	fs.StringVar(&o.Exe, "exe", "", "the target's executable path, for the profile (DTrace output does not carry it)")
	fs.StringVar(&o.Hostname, "hostname", "", "the host the output came from, for the profile")
	if err := parse(fs, args); err != nil {
		return err
	}
	p, err := dtrace.Import(in, o)
	if err != nil {
		return err
	}
	return printJSON(p)
}
