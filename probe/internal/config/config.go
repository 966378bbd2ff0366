// Package config reads the root-owned policy file of the helper (default /etc/plsql-probe.conf).
//
// Format: one "key = value" per line, '#' starts a comment. Unknown keys are errors naming the line,
// so a file that is not a plsql-probe config (say /etc/passwd) can never be read as one.
//
//	allow_exe = oracle                                  # basename of the resolved /proc/PID/exe
//	allow_exe = /u01/app/oracle/product/*/bin/oracle    # or a glob on the resolved path
//	allow_uid = 54321                                   # optional: target must run as one of these uids
//	max_probes = 256
//	max_seconds = 120
//	max_hz = 999
//	max_glob_matches = 64
package config

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plsql-perf/plsql-perf/probe/internal/sysx"
)

// DefaultPath is the production policy file.
const DefaultPath = "/etc/plsql-probe.conf"

// Hard limits: a config file may lower the caps but never raise them above these.
const (
	HardMaxProbes  = 256
	HardMaxSeconds = 120
	HardMaxHz      = 999
	HardMaxGlob    = 256
)

// Config is the effective policy.
type Config struct {
	Path           string   // file it came from, "" for built-in defaults
	AllowExe       []string // basenames (no '/') or path globs
	AllowUIDs      []int    // empty: any uid
	MaxProbes      int
	MaxSeconds     int
	MaxHz          int
	MaxGlobMatches int
}

// Default is the policy when no file exists: only executables named "oracle".
func Default() *Config {
	return &Config{AllowExe: []string{"oracle"}, MaxProbes: HardMaxProbes, MaxSeconds: HardMaxSeconds,
		MaxHz: HardMaxHz, MaxGlobMatches: 64}
}

// Load reads the policy. When explicit is false (the default path) a missing file gives Default().
// Any file used must pass CheckTrusted: owned by root and not writable by group or others, and so
// must every directory above it (sticky world-writable directories such as /tmp are accepted,
// because only the owner of an entry may rename or remove it there). This is what makes the
// --config flag safe to expose: a caller can only point at files root wrote.
func Load(path string, explicit bool) (*Config, error) {
	if path == "" {
		path = DefaultPath
	}
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) && !explicit {
		return Default(), nil
	}
	if err := CheckTrusted(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parse(f, path)
}

// CheckTrusted refuses files that a non-root user could have written or swapped.
func CheckTrusted(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if sysx.IsSymlink(abs) {
		return fmt.Errorf("config %s: must not be a symlink", abs)
	}
	uid, mode, isDir, err := sysx.FileOwnerMode(abs)
	if err != nil {
		return fmt.Errorf("config %s: %w", abs, err)
	}
	if isDir || uid != 0 || mode&0o022 != 0 {
		return fmt.Errorf("config %s: must be a regular file owned by root and not writable by group or others (owner uid %d, mode %04o)", abs, uid, mode)
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		duid, dmode, _, err := sysx.FileOwnerMode(dir)
		if err != nil {
			return fmt.Errorf("config directory %s: %w", dir, err)
		}
		writable := dmode&0o022 != 0
		sticky := dmode&0o1000 != 0
		if duid != 0 || (writable && !sticky) {
			return fmt.Errorf("config directory %s: must be owned by root and not writable by group or others unless sticky (owner uid %d, mode %04o)", dir, duid, dmode)
		}
		if dir == "/" {
			return nil
		}
	}
}

func parse(f *os.File, path string) (*Config, error) {
	c := Default()
	c.Path = path
	c.AllowExe = nil
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || val == "" {
			return nil, fmt.Errorf("%s:%d: expected key = value", path, n)
		}
		if err := c.set(key, val); err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %w", path, n, key, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(c.AllowExe) == 0 {
		return nil, fmt.Errorf("%s: no allow_exe line: nothing could be profiled", path)
	}
	return c, nil
}

func (c *Config) set(key, val string) error {
	limit := func(dst *int, hard int) error {
		v, err := strconv.Atoi(val)
		if err != nil || v < 1 || v > hard {
			return fmt.Errorf("must be an integer 1..%d", hard)
		}
		*dst = v
		return nil
	}
	switch key {
	case "allow_exe":
		if _, err := filepath.Match(val, "x"); err != nil {
			return fmt.Errorf("bad glob: %w", err)
		}
		c.AllowExe = append(c.AllowExe, val)
	case "allow_uid":
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return errors.New("must be a numeric uid")
		}
		c.AllowUIDs = append(c.AllowUIDs, v)
	case "max_probes":
		return limit(&c.MaxProbes, HardMaxProbes)
	case "max_seconds":
		return limit(&c.MaxSeconds, HardMaxSeconds)
	case "max_hz":
		return limit(&c.MaxHz, HardMaxHz)
	case "max_glob_matches":
		return limit(&c.MaxGlobMatches, HardMaxGlob)
	default:
		return errors.New("unknown key")
	}
	return nil
}

// ExeAllowed reports whether a resolved executable path matches the allow-list.
func (c *Config) ExeAllowed(exe string) bool {
	for _, pat := range c.AllowExe {
		target := exe
		if !strings.Contains(pat, "/") {
			target = filepath.Base(exe)
		}
		if ok, _ := filepath.Match(pat, target); ok {
			return true
		}
	}
	return false
}

// UIDAllowed reports whether the target uid is acceptable.
func (c *Config) UIDAllowed(uid int) bool {
	if len(c.AllowUIDs) == 0 {
		return true
	}
	for _, u := range c.AllowUIDs {
		if u == uid {
			return true
		}
	}
	return false
}
