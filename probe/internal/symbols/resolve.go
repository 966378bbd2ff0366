package symbols

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/plsql-perf/plsql-perf/probe/internal/perr"
)

var (
	nameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$#]{0,127}$`)
	// A glob needs a literal prefix of at least two characters ("kge*"), so "*" cannot select
	// the whole symbol table.
	globRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$#]+[A-Za-z0-9_$#*?]{0,126}$`)
)

// IsGlob reports whether a requested name is a pattern.
func IsGlob(s string) bool { return strings.ContainsAny(s, "*?") }

// ValidateName checks a requested function name or glob.
func ValidateName(s string) error {
	if IsGlob(s) {
		if !globRE.MatchString(s) {
			return perr.New(perr.BadFunctionName, "glob %q must start with at least two name characters and contain only [A-Za-z0-9_$#*?]", s)
		}
		return nil
	}
	if !nameRE.MatchString(s) {
		return perr.New(perr.BadFunctionName, "function name %q must match %s", s, nameRE.String())
	}
	return nil
}

// Probe is one resolved uprobe site.
type Probe struct {
	Name        string
	Module      string // display path
	OpenPath    string
	FileOffset  uint64 // of the symbol
	ProbeOffset uint64 // bytes skipped after the symbol (hot-patch prologue), 0 or the NOP length
	Size        uint64
	Site        string // SitePush or SiteOther: the instruction at the probe address
}

// Request says what to resolve.
type Request struct {
	Names          []string // exact names: must exist (refusal otherwise)
	Optional       []string // exact names that may be missing (catalog defaults)
	Globs          []string // matched in the executable only
	MaxGlobMatches int
}

// Result of a resolution.
type Result struct {
	Probes    []Probe
	Missing   []string // optional names and globs that matched nothing
	Truncated []string // globs that matched more than MaxGlobMatches
}

// Resolver holds loaded symbol tables of a target's modules.
type Resolver struct {
	mods    []Module
	indexes map[string]*Index
}

// NewResolver prepares lazy symbol loading for the given modules.
func NewResolver(mods []Module) *Resolver {
	return &Resolver{mods: mods, indexes: map[string]*Index{}}
}

func (r *Resolver) index(m Module) (*Index, error) {
	if ix, ok := r.indexes[m.OpenPath]; ok {
		return ix, nil
	}
	ix, err := LoadIndex(m.OpenPath)
	if err != nil {
		return nil, err
	}
	r.indexes[m.OpenPath] = ix
	return ix, nil
}

// Find looks a name up in the executable, then in the libraries in map order.
func (r *Resolver) Find(name string) (Probe, bool, error) {
	for _, m := range r.mods {
		ix, err := r.index(m)
		if err != nil {
			if m.IsExe {
				return Probe{}, false, perr.New(perr.Unsupported, "cannot read symbols of %s: %v", m.Display, err)
			}
			continue
		}
		if fn, ok := ix.Lookup(name); ok {
			p, err := probeFor(m, ix, fn)
			return p, err == nil, err
		}
	}
	return Probe{}, false, nil
}

func probeFor(m Module, ix *Index, fn Func) (Probe, error) {
	off, err := ix.FileOffset(fn.Value)
	if err != nil {
		return Probe{}, err
	}
	p := Probe{Name: fn.Name, Module: m.Display, OpenPath: m.OpenPath, FileOffset: off, Size: fn.Size, Site: SiteOther}
	if code, err := readCode(m.OpenPath, off, 16); err == nil {
		p.ProbeOffset = hotPatchSkip(code)
		if p.Size != 0 && p.ProbeOffset >= p.Size {
			p.ProbeOffset = 0
		}
		p.Site = siteKind(code[p.ProbeOffset:])
	}
	return p, nil
}

// Match returns the executable's functions matching a glob, sorted by name.
func (r *Resolver) Match(glob string) ([]Func, error) {
	ix, err := r.index(r.mods[0])
	if err != nil {
		return nil, perr.New(perr.Unsupported, "cannot read symbols of %s: %v", r.mods[0].Display, err)
	}
	var out []Func
	for _, fn := range ix.Funcs {
		if ok, _ := filepath.Match(glob, fn.Name); ok {
			out = append(out, fn)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Resolve turns a request into probe sites. Unknown exact names are refused.
func (r *Resolver) Resolve(req Request) (*Result, error) {
	res := &Result{}
	seen := map[string]bool{} // module+offset: one probe per address
	add := func(p Probe) {
		key := fmt.Sprintf("%s@%d", p.OpenPath, p.FileOffset)
		if !seen[key] {
			seen[key] = true
			res.Probes = append(res.Probes, p)
		}
	}
	for _, n := range req.Names {
		if err := ValidateName(n); err != nil {
			return nil, err
		}
		p, ok, err := r.Find(n)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, perr.New(perr.UnknownFunction, "%s is not a function symbol of the target's executable or libraries", n)
		}
		add(p)
	}
	for _, n := range req.Optional {
		p, ok, err := r.Find(n)
		if err != nil {
			return nil, err
		}
		if !ok {
			res.Missing = append(res.Missing, n)
			continue
		}
		add(p)
	}
	for _, g := range req.Globs {
		if err := ValidateName(g); err != nil {
			return nil, err
		}
		fns, err := r.Match(g)
		if err != nil {
			return nil, err
		}
		if len(fns) == 0 {
			res.Missing = append(res.Missing, g)
		}
		if req.MaxGlobMatches > 0 && len(fns) > req.MaxGlobMatches {
			fns = fns[:req.MaxGlobMatches]
			res.Truncated = append(res.Truncated, g)
		}
		ix := r.indexes[r.mods[0].OpenPath]
		for _, fn := range fns {
			p, err := probeFor(r.mods[0], ix, fn)
			if err != nil {
				continue
			}
			add(p)
		}
	}
	return res, nil
}
