package symbols

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Mapping is one file-backed executable mapping of /proc/PID/maps.
type Mapping struct {
	Start, End, Offset uint64
	Path               string // as the target sees it
	Inode              uint64
}

// ExecMappings returns the executable file mappings of a process.
func ExecMappings(pid int) ([]Mapping, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 55d4c6a00000-55d4c6a01000 r-xp 00001000 fd:01 1234   /path/to/file
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || !strings.Contains(fields[1], "x") || !strings.HasPrefix(fields[5], "/") {
			continue
		}
		lo, hi, ok := strings.Cut(fields[0], "-")
		if !ok {
			continue
		}
		var m Mapping
		m.Start, _ = strconv.ParseUint(lo, 16, 64)
		m.End, _ = strconv.ParseUint(hi, 16, 64)
		m.Offset, _ = strconv.ParseUint(fields[2], 16, 64)
		m.Inode, _ = strconv.ParseUint(fields[4], 10, 64)
		m.Path = strings.TrimSuffix(strings.Join(fields[5:], " "), " (deleted)")
		out = append(out, m)
	}
	return out, sc.Err()
}

// Module is an ELF file mapped executable into the target.
type Module struct {
	Display  string // path as the target sees it
	OpenPath string // path the helper opens (through /proc/PID/exe or /proc/PID/root)
	IsExe    bool
}

// Modules lists the executable first, then each distinct library, in map order.
func Modules(pid int, exeInode uint64, exeDisplay string) ([]Module, error) {
	maps, err := ExecMappings(pid)
	if err != nil {
		return nil, err
	}
	out := []Module{{Display: exeDisplay, OpenPath: fmt.Sprintf("/proc/%d/exe", pid), IsExe: true}}
	seen := map[string]bool{}
	for _, m := range maps {
		if m.Inode == exeInode || seen[m.Path] {
			continue
		}
		seen[m.Path] = true
		out = append(out, Module{Display: m.Path, OpenPath: fmt.Sprintf("/proc/%d/root%s", pid, m.Path)})
	}
	return out, nil
}
