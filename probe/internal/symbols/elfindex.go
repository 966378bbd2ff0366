// Package symbols resolves function names of the target's executable and libraries to uprobe
// file offsets, and turns sampled addresses back into names for folded stacks. It reads ELF files
// (the executable through /proc/PID/exe, libraries through /proc/PID/root) and /proc/PID/maps,
// never target memory.
package symbols

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
)

// Func is one function symbol.
type Func struct {
	Name  string
	Value uint64 // link-time virtual address
	Size  uint64
}

// Index is the sorted function table of one ELF file.
type Index struct {
	Path  string
	Funcs []Func // sorted by Value
	loads []elf.ProgHeader
	byNm  map[string]int
}

// LoadIndex reads .symtab and .dynsym function symbols (STT_FUNC and GNU IFUNC, defined, non-zero
// address) of an ELF file.
func LoadIndex(path string) (*Index, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return indexOf(f, path)
}

// LoadIndexFrom reads the symbols from an already open file (kept open while the target lived, so
// that it can be read after the target is gone). The file is not closed.
func LoadIndexFrom(r io.ReaderAt, name string) (*Index, error) {
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return indexOf(f, name)
}

func indexOf(f *elf.File, path string) (*Index, error) {
	ix := &Index{Path: path, byNm: map[string]int{}}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			ix.loads = append(ix.loads, p.ProgHeader)
		}
	}
	seen := map[string]bool{}
	add := func(syms []elf.Symbol, err error) error {
		if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
			return err
		}
		for _, s := range syms {
			t := elf.ST_TYPE(s.Info)
			if (t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC) || s.Value == 0 || s.Section == elf.SHN_UNDEF || s.Name == "" || seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			ix.Funcs = append(ix.Funcs, Func{Name: s.Name, Value: s.Value, Size: s.Size})
		}
		return nil
	}
	if err := add(f.Symbols()); err != nil {
		return nil, fmt.Errorf("%s: .symtab: %w", path, err)
	}
	if err := add(f.DynamicSymbols()); err != nil {
		return nil, fmt.Errorf("%s: .dynsym: %w", path, err)
	}
	sort.Slice(ix.Funcs, func(i, j int) bool { return ix.Funcs[i].Value < ix.Funcs[j].Value })
	for i, fn := range ix.Funcs {
		ix.byNm[fn.Name] = i
	}
	return ix, nil
}

// Lookup finds a function by exact name.
func (ix *Index) Lookup(name string) (Func, bool) {
	i, ok := ix.byNm[name]
	if !ok {
		return Func{}, false
	}
	return ix.Funcs[i], true
}

// FileOffset converts a link-time address to an offset in the file (what a uprobe needs):
// sym.Value - PT_LOAD.p_vaddr + PT_LOAD.p_offset. Works for PIE and non-PIE files alike.
func (ix *Index) FileOffset(vaddr uint64) (uint64, error) {
	for _, p := range ix.loads {
		if p.Flags&elf.PF_X != 0 && vaddr >= p.Vaddr && vaddr < p.Vaddr+p.Filesz {
			return vaddr - p.Vaddr + p.Off, nil
		}
	}
	return 0, fmt.Errorf("%s: address %#x is not in an executable PT_LOAD segment", ix.Path, vaddr)
}

// vaddrOf converts a file offset back to a link-time address.
func (ix *Index) vaddrOf(off uint64) (uint64, bool) {
	for _, p := range ix.loads {
		if off >= p.Off && off < p.Off+p.Filesz {
			return off - p.Off + p.Vaddr, true
		}
	}
	return 0, false
}

// FuncAt returns the function containing a link-time address.
func (ix *Index) FuncAt(vaddr uint64) (Func, bool) {
	i := sort.Search(len(ix.Funcs), func(i int) bool { return ix.Funcs[i].Value > vaddr }) - 1
	if i < 0 {
		return Func{}, false
	}
	fn := ix.Funcs[i]
	if fn.Size != 0 && vaddr >= fn.Value+fn.Size {
		return Func{}, false
	}
	return fn, true
}

// readCode reads n bytes of the file at off (the function's first instructions, for prologue
// detection).
func readCode(path string, off uint64, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	_, err = f.ReadAt(b, int64(off))
	return b, err
}
