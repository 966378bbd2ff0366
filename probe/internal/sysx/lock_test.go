package sysx

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

func exists(path string) bool { _, err := os.Lstat(path); return err == nil }

// TestLockTargetExclusiveAndRemoved: a second lock on the same pid is refused while the first is
// held, the file is gone after release, and the pid can be locked again.
func TestLockTargetExclusiveAndRemoved(t *testing.T) {
	dir := t.TempDir()
	release, err := lockIn(dir, 4242)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "4242.lock")
	if !exists(path) {
		t.Fatal("no lock file while locked")
	}
	if _, err := lockIn(dir, 4242); !errors.Is(err, ErrLocked) {
		t.Fatalf("second lock of the same pid: %v, want ErrLocked", err)
	}
	other, err := lockIn(dir, 4243)
	if err != nil {
		t.Fatalf("another pid must not be blocked: %v", err)
	}
	other()
	if !exists(path) {
		t.Fatal("the sweep removed a lock file that is still held")
	}
	release()
	if exists(path) {
		t.Fatal("lock file left behind after release")
	}
	again, err := lockIn(dir, 4242)
	if err != nil {
		t.Fatalf("relock after release: %v", err)
	}
	again()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("files left in the lock directory: %v", entries)
	}
}

// TestLockTargetStaleFile: the file a SIGKILLed helper leaves (present, unlocked) blocks nobody;
// the next recording of that pid takes it over, and any recording sweeps other stale files.
func TestLockTargetStaleFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"100.lock", "200.lock"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	release, err := lockIn(dir, 100)
	if err != nil {
		t.Fatalf("a stale lock file blocked the recording: %v", err)
	}
	if exists(filepath.Join(dir, "200.lock")) {
		t.Error("stale lock file of another pid was not swept")
	}
	release()
	if exists(filepath.Join(dir, "100.lock")) {
		t.Error("taken-over lock file left behind")
	}
}

// TestLockTargetReplacedFile: a lock obtained on a file that was removed after it was opened (the
// previous holder's release racing with the open) does not count; the name is reopened.
func TestLockTargetReplacedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "7.lock")
	fd, err := unix.Open(path, unix.O_CREAT|unix.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if err := os.Remove(path); err != nil { // the holder's release happened after our open
		t.Fatal(err)
	}
	if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	if sameFile(fd, path) {
		t.Fatal("a lock on an unlinked inode was taken for the named file")
	}
	release, err := lockIn(dir, 7) // a new file under the same name: not blocked by the orphan
	if err != nil {
		t.Fatal(err)
	}
	release()
}
