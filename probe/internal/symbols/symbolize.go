package symbols

import (
	"fmt"
	"path/filepath"
	"sort"
)

// Symbolizer turns user-space addresses of a live process into function names, using
// /proc/PID/maps (read once) and the cached ELF indexes.
type Symbolizer struct {
	pid     int
	maps    []Mapping
	indexes map[string]*Index
	failed  map[string]bool
}

// NewSymbolizer reads the target's executable mappings now (call it before the target exits).
func NewSymbolizer(pid int) (*Symbolizer, error) {
	maps, err := ExecMappings(pid)
	if err != nil {
		return nil, err
	}
	sort.Slice(maps, func(i, j int) bool { return maps[i].Start < maps[j].Start })
	return &Symbolizer{pid: pid, maps: maps, indexes: map[string]*Index{}, failed: map[string]bool{}}, nil
}

// Name returns "function" or "[module]" or "[unknown]" for an address.
func (s *Symbolizer) Name(addr uint64) string {
	i := sort.Search(len(s.maps), func(i int) bool { return s.maps[i].End > addr })
	if i == len(s.maps) || addr < s.maps[i].Start {
		return "[unknown]"
	}
	m := s.maps[i]
	ix := s.index(m.Path)
	if ix == nil {
		return "[" + filepath.Base(m.Path) + "]"
	}
	v, ok := ix.vaddrOf(addr - m.Start + m.Offset)
	if !ok {
		return "[" + filepath.Base(m.Path) + "]"
	}
	if fn, ok := ix.FuncAt(v); ok {
		return fn.Name
	}
	return "[" + filepath.Base(m.Path) + "]"
}

func (s *Symbolizer) index(path string) *Index {
	if ix, ok := s.indexes[path]; ok {
		return ix
	}
	if s.failed[path] {
		return nil
	}
	ix, err := LoadIndex(fmt.Sprintf("/proc/%d/root%s", s.pid, path))
	if err != nil {
		s.failed[path] = true
		return nil
	}
	s.indexes[path] = ix
	return ix
}
