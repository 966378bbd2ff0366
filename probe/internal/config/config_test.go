package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plsql-perf/plsql-perf/probe/internal/testfixture"
)

func write(t *testing.T, dir, text string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, "plsql-probe.conf")
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDefaultAllowsOnlyOracle(t *testing.T) {
	c := Default()
	if !c.ExeAllowed("/u01/app/oracle/product/19c/dbhome_1/bin/oracle") || c.ExeAllowed("/usr/bin/sleep") || c.ExeAllowed("/tmp/oracle2") {
		t.Error("default allow-list must accept exactly executables named oracle")
	}
}

func TestParseAndGlobs(t *testing.T) {
	testfixture.RequireRoot(t) // the file must be root-owned to be trusted
	p := write(t, t.TempDir(), "# test policy\nallow_exe = /u01/*/bin/oracle\nallow_uid = 54321\nmax_seconds = 30\n", 0o644)
	c, err := Load(p, true)
	if err != nil {
		t.Fatal(err)
	}
	if !c.ExeAllowed("/u01/19c/bin/oracle") || c.ExeAllowed("/home/x/oracle") || c.MaxSeconds != 30 || !c.UIDAllowed(54321) || c.UIDAllowed(0) {
		t.Errorf("parsed %+v", c)
	}
	for _, bad := range []string{"allow_exe = oracle\nmax_seconds = 1000\n", "root:x:0:0:root:/root:/bin/bash\n", "allow_exe = oracle\nfoo = 1\n", "max_hz = 10\n"} {
		if _, err := Load(write(t, t.TempDir(), bad, 0o644), true); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

// TestUntrustedFilesRefused: a --config file (or a directory above it) that a non-root user could
// write or swap is refused, so the flag cannot widen the allow-list.
func TestUntrustedFilesRefused(t *testing.T) {
	testfixture.RequireRoot(t)
	if _, err := Load(write(t, t.TempDir(), "allow_exe = *\n", 0o664), true); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Errorf("group-writable file accepted: %v", err)
	}
	p := write(t, t.TempDir(), "allow_exe = *\n", 0o644)
	if err := os.Chown(p, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p, true); err == nil {
		t.Error("file owned by nobody accepted")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(write(t, dir, "allow_exe = *\n", 0o644), true); err == nil {
		t.Error("file in a world-writable, non-sticky directory accepted")
	}
	link := filepath.Join(t.TempDir(), "link.conf")
	if err := os.Symlink(write(t, t.TempDir(), "allow_exe = oracle\n", 0o644), link); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(link, true); err == nil {
		t.Error("symlink accepted")
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.conf"), true); err == nil {
		t.Error("explicit missing file accepted")
	}
}
