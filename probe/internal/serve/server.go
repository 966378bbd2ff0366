package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"sync"

	"github.com/plsql-perf/plsql-perf/probe/internal/catalog"
	"github.com/plsql-perf/plsql-perf/probe/internal/check"
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
	"github.com/plsql-perf/plsql-perf/probe/internal/session"
	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
	"github.com/plsql-perf/plsql-perf/probe/internal/version"
)

// Server handles one client connection (stdin/stdout).
type Server struct {
	Config *config.Config
	Log    *log.Logger

	out    *json.Encoder
	outMu  sync.Mutex
	recMu  sync.Mutex
	cancel context.CancelCauseFunc // of the running recording
	recWG  sync.WaitGroup
}

func (s *Server) send(v any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	_ = s.out.Encode(v)
}

func (s *Server) reply(req Request, result any) {
	s.send(Response{V: ProtocolVersion, ID: req.ID, Type: "result", Op: req.Op, Result: result})
}

func (s *Server) fail(req Request, err error) {
	s.send(Response{V: ProtocolVersion, ID: req.ID, Type: "error", Op: req.Op, Error: perr.From(err)})
}

// Serve announces itself with one ready line, then reads requests until EOF, a shutdown request
// or ctx ends (signal). A running recording is stopped and its profile sent before Serve returns.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = json.NewEncoder(out)
	s.send(Ready{V: ProtocolVersion, Type: "ready", Data: hello()})
	lines := make(chan []byte)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(lines)
	}()
	defer s.recWG.Wait()
	for {
		select {
		case <-ctx.Done():
			s.stopRecording(session.StopSignal)
			return nil
		case line, ok := <-lines:
			if !ok {
				s.stopRecording(session.StopStdinClosed)
				return nil
			}
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if done := s.handle(ctx, line); done {
				s.stopRecording(session.StopRequested)
				return nil
			}
		}
	}
}

func (s *Server) stopRecording(cause error) {
	s.recMu.Lock()
	if s.cancel != nil {
		s.cancel(cause)
	}
	s.recMu.Unlock()
}

func decodeParams(raw json.RawMessage, dst any) error {
	if len(raw) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return perr.New(perr.BadRequest, "params: %v", err)
	}
	return nil
}

// handle processes one line; it returns true on "shutdown".
func (s *Server) handle(ctx context.Context, line []byte) bool {
	var req Request
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		s.fail(req, perr.New(perr.BadRequest, "not a request line: %v", err))
		return false
	}
	if req.V != ProtocolVersion {
		s.fail(req, perr.New(perr.BadRequest, "protocol version %d is not supported (this helper speaks v=%d)", req.V, ProtocolVersion))
		return false
	}
	s.Log.Printf("request id=%s op=%s", req.ID, req.Op)
	switch req.Op {
	case "hello":
		s.reply(req, hello())
	case "catalog":
		s.reply(req, catalog.All())
	case "check":
		var p InspectParams
		if err := decodeParams(req.Params, &p); err != nil {
			s.fail(req, err)
			return false
		}
		s.reply(req, check.Run(s.Config, nil, p.PID))
	case "inspect":
		var p InspectParams
		if err := decodeParams(req.Params, &p); err != nil {
			s.fail(req, err)
			return false
		}
		res, err := Inspect(s.Config, p.PID, p.TID)
		if err != nil {
			s.fail(req, err)
			return false
		}
		s.reply(req, res)
	case "symbols":
		var p SymbolsParams
		if err := decodeParams(req.Params, &p); err != nil {
			s.fail(req, err)
			return false
		}
		res, err := Symbols(s.Config, p.PID, p.Match)
		if err != nil {
			s.fail(req, err)
			return false
		}
		s.reply(req, res)
	case "record":
		o := session.Options{Seconds: session.DefaultSeconds} // decoding keeps it when "seconds" is absent
		if err := decodeParams(req.Params, &o); err != nil {
			s.fail(req, err)
			return false
		}
		if o.StartTicks == 0 {
			s.fail(req, perr.New(perr.BadRequest, "start_ticks is required in serve mode (take it from inspect) so that a reused pid is never probed"))
			return false
		}
		s.startRecording(ctx, req, o)
	case "stop":
		s.recMu.Lock()
		running := s.cancel != nil
		s.recMu.Unlock()
		if !running {
			s.fail(req, perr.New(perr.BadRequest, "no recording is running"))
			return false
		}
		s.stopRecording(session.StopRequested)
		s.reply(req, map[string]bool{"stopping": true})
	case "shutdown":
		// The running recording answers first (its profile), then the shutdown reply: a client that
		// stops reading at the shutdown reply has everything.
		s.stopRecording(session.StopRequested)
		s.recWG.Wait()
		s.reply(req, map[string]bool{"shutdown": true})
		return true
	default:
		s.fail(req, perr.New(perr.BadRequest, "unknown op %q", req.Op))
	}
	return false
}

func hello() Hello {
	return Hello{Protocol: ProtocolVersion, Tool: "plsql-probe", Version: version.Version, Profile: profile.Version,
		Ops: []string{"hello", "check", "catalog", "inspect", "symbols", "record", "stop", "shutdown"}, Root: sysx.Euid() == 0}
}

func (s *Server) startRecording(ctx context.Context, req Request, o session.Options) {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	if s.cancel != nil {
		s.fail(req, perr.New(perr.Busy, "a recording is already running in this session"))
		return
	}
	rctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	s.cancel = cancel
	s.recWG.Add(1)
	go func() {
		defer s.recWG.Done()
		p, err := session.Record(rctx, s.Config, o, func(st session.Started) {
			s.Log.Printf("recording id=%s pid=%d tid=%d collectors=%v probes=%d", req.ID, st.PID, st.TID, st.Collectors, st.Probes)
			s.send(Event{V: ProtocolVersion, ID: req.ID, Type: "event", Event: "started", Data: st})
		})
		s.recMu.Lock()
		s.cancel = nil
		s.recMu.Unlock()
		cancel(nil)
		if err != nil {
			s.fail(req, err)
			return
		}
		s.reply(req, p)
	}()
}

// InspectResult identifies a vetted target; start_ticks is what record must echo back.
type InspectResult struct {
	PID        int    `json:"pid"`
	TID        int    `json:"tid"`
	Exe        string `json:"exe"`
	StartTicks uint64 `json:"start_ticks"`
	UID        int    `json:"uid"`
	Comm       string `json:"comm"`
	Threads    int    `json:"threads"`
	Threaded   bool   `json:"threaded"`
}

// Inspect vets a target without probing it.
func Inspect(cfg *config.Config, pid, tid int) (*InspectResult, error) {
	if err := session.RequireRoot(); err != nil {
		return nil, err
	}
	t, err := inspectVetted(cfg, pid, tid)
	if err != nil {
		return nil, err
	}
	return &InspectResult{PID: t.PID, TID: t.TID, Exe: t.Exe, StartTicks: t.StartTicks, UID: t.UID, Comm: t.Comm,
		Threads: len(t.Threads), Threaded: t.Threaded()}, nil
}
