package serve

import (
	"github.com/plsql-perf/plsql-perf/probe/internal/config"
	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
	"github.com/plsql-perf/plsql-perf/probe/internal/session"
	"github.com/plsql-perf/plsql-perf/probe/internal/symbols"
	"github.com/plsql-perf/plsql-perf/probe/internal/target"
)

// SymbolInfo is one function symbol of the target's executable.
type SymbolInfo struct {
	Name        string `json:"name"`
	FileOffset  uint64 `json:"file_offset"`
	ProbeOffset uint64 `json:"probe_offset"`
	Size        uint64 `json:"size"`
}

// SymbolsResult lists matches, capped.
type SymbolsResult struct {
	Exe       string       `json:"exe"`
	Match     string       `json:"match"`
	Symbols   []SymbolInfo `json:"symbols"`
	Truncated bool         `json:"truncated"`
}

// MaxSymbols caps one listing.
const MaxSymbols = 1000

func inspectVetted(cfg *config.Config, pid, tid int) (*target.Target, error) {
	t, err := target.Inspect(pid, tid)
	if err != nil {
		return nil, err
	}
	if err := t.Vet(cfg, 0); err != nil {
		return nil, err
	}
	return t, nil
}

// Symbols lists function symbols of an allow-listed target's executable matching a glob (or an
// exact name).
func Symbols(cfg *config.Config, pid int, match string) (*SymbolsResult, error) {
	if err := session.RequireRoot(); err != nil {
		return nil, err
	}
	if match == "" {
		return nil, perr.New(perr.BadRequest, "match is required (e.g. kgl*)")
	}
	if err := symbols.ValidateName(match); err != nil {
		return nil, err
	}
	t, err := inspectVetted(cfg, pid, 0)
	if err != nil {
		return nil, err
	}
	mods, err := symbols.Modules(t.PID, t.ExeIno, t.Exe)
	if err != nil {
		return nil, perr.New(perr.NoSuchProcess, "%v", err)
	}
	r := symbols.NewResolver(mods)
	res := &SymbolsResult{Exe: t.Exe, Match: match, Symbols: []SymbolInfo{}}
	req := symbols.Request{Optional: []string{match}}
	if symbols.IsGlob(match) {
		req = symbols.Request{Globs: []string{match}, MaxGlobMatches: MaxSymbols}
	}
	rr, err := r.Resolve(req)
	if err != nil {
		return nil, err
	}
	res.Truncated = len(rr.Truncated) > 0
	for _, p := range rr.Probes {
		res.Symbols = append(res.Symbols, SymbolInfo{Name: p.Name, FileOffset: p.FileOffset, ProbeOffset: p.ProbeOffset, Size: p.Size})
	}
	return res, nil
}
