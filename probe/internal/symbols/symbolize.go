package symbols

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
)

// Symbolizer turns user-space addresses of the target into function names. Everything it needs
// is captured while the target runs: the executable mappings, and an open file descriptor for
// each mapped ELF file (through /proc/PID/map_files, which names the exact mapped inode). A
// target that exits before the samples are read is therefore symbolised as well as a live one;
// the symbol tables themselves are parsed only at the end, from the held files.
type Symbolizer struct {
	pid     int
	maps    []Mapping            // sorted by Start
	files   map[fileKey]*os.File // held open from the first sight of the mapping
	indexes map[fileKey]*Index
	failed  map[fileKey]bool
}

type fileKey struct {
	path  string
	inode uint64
}

func keyOf(m Mapping) fileKey { return fileKey{m.Path, m.Inode} }

// NewSymbolizer reads the target's executable mappings and opens their files now.
func NewSymbolizer(pid int) (*Symbolizer, error) {
	s := &Symbolizer{pid: pid, files: map[fileKey]*os.File{}, indexes: map[fileKey]*Index{}, failed: map[fileKey]bool{}}
	if err := s.Refresh(); err != nil {
		return nil, err
	}
	return s, nil
}

// Refresh rereads the mappings while the target runs, so that libraries it maps later (dlopen)
// are known too; their files are opened on first sight. Mappings that disappeared are kept
// unless a new mapping covers their addresses (samples taken before the unmap still need them).
// After the target exits it fails and changes nothing.
func (s *Symbolizer) Refresh() error {
	now, err := ExecMappings(s.pid)
	if err != nil {
		return err
	}
	for _, m := range now {
		k := keyOf(m)
		if s.files[k] == nil && !s.failed[k] {
			if f, err := s.open(m); err == nil {
				s.files[k] = f
			} else {
				s.failed[k] = true
			}
		}
	}
	for _, old := range s.maps {
		if !overlapsAny(old, now) {
			now = append(now, old)
		}
	}
	sort.Slice(now, func(i, j int) bool { return now[i].Start < now[j].Start })
	s.maps = now
	return nil
}

func overlapsAny(m Mapping, set []Mapping) bool {
	for _, x := range set {
		if m.Start < x.End && x.Start < m.End {
			return true
		}
	}
	return false
}

// open prefers /proc/PID/map_files/START-END (the mapped inode itself, even if the path was
// replaced or lives in another mount namespace; needs CAP_SYS_ADMIN, which the helper has) and
// falls back to the path under /proc/PID/root, accepted only if it is still the mapped inode.
func (s *Symbolizer) open(m Mapping) (*os.File, error) {
	if f, err := os.Open(fmt.Sprintf("/proc/%d/map_files/%x-%x", s.pid, m.Start, m.End)); err == nil {
		return f, nil
	}
	f, err := os.Open(fmt.Sprintf("/proc/%d/root%s", s.pid, m.Path))
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || sysx.Inode(st) != m.Inode {
		f.Close()
		return nil, fmt.Errorf("%s is no longer the mapped file", m.Path)
	}
	return f, nil
}

// Close releases the held files.
func (s *Symbolizer) Close() {
	for k, f := range s.files {
		f.Close()
		delete(s.files, k)
	}
}

// Name returns "function" or "[module]" or "[unknown]" for an address.
func (s *Symbolizer) Name(addr uint64) string {
	i := sort.Search(len(s.maps), func(i int) bool { return s.maps[i].End > addr })
	if i == len(s.maps) || addr < s.maps[i].Start {
		return "[unknown]"
	}
	m := s.maps[i]
	ix := s.index(keyOf(m))
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

func (s *Symbolizer) index(k fileKey) *Index {
	if ix, ok := s.indexes[k]; ok {
		return ix
	}
	f := s.files[k]
	if f == nil || s.failed[k] {
		return nil
	}
	ix, err := LoadIndexFrom(f, k.path)
	if err != nil {
		s.failed[k] = true
		return nil
	}
	s.indexes[k] = ix
	return ix
}
