package sysx

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// LockDir holds one lock file per target pid being recorded on this host.
const LockDir = "/run/plsql-probe"

// ErrLocked means another live recording holds the target's lock.
var ErrLocked = errors.New("locked by another plsql-probe recording")

// LockTarget takes an exclusive, non-blocking lock so that only one recording per target pid runs
// on the host, and returns the function that releases it and removes the file. The lock is a
// flock, so it dies with its process: a helper killed with SIGKILL leaves a file behind but no
// lock, and the next recording takes it over (and sweeps other such leftovers) instead of being
// blocked forever.
func LockTarget(pid int) (release func(), err error) { return lockIn(LockDir, pid) }

func lockIn(dir string, pid int) (func(), error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	sweepStale(dir)
	path := filepath.Join(dir, fmt.Sprintf("%d.lock", pid))
	// A holder removes its file while still holding the lock. Whoever opened that file just before
	// the removal may then get its lock on an unlinked inode while a third helper locks a new file
	// under the same name; so a lock only counts if the name still leads to the locked inode, and
	// otherwise the open is retried.
	for attempt := 0; attempt < 16; attempt++ {
		fd, err := tryLock(path)
		if err != nil {
			return nil, err
		}
		if fd < 0 {
			continue // the file was removed between open and flock
		}
		return func() {
			_ = os.Remove(path) // while locked: nobody else can hold this inode's lock now
			_ = unix.Close(fd)
		}, nil
	}
	return nil, fmt.Errorf("%s keeps being replaced", path)
}

// tryLock opens and locks path. It returns -1 (no error) when the locked inode is no longer the
// one the path names.
func tryLock(path string) (int, error) {
	fd, err := unix.Open(path, unix.O_CREAT|unix.O_RDWR|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return -1, err
	}
	if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err != nil {
		_ = unix.Close(fd)
		if errors.Is(err, unix.EWOULDBLOCK) {
			return -1, ErrLocked
		}
		return -1, err
	}
	if !sameFile(fd, path) {
		_ = unix.Close(fd)
		return -1, nil
	}
	return fd, nil
}

func sameFile(fd int, path string) bool {
	var held, named unix.Stat_t
	if unix.Fstat(fd, &held) != nil || unix.Lstat(path, &named) != nil {
		return false
	}
	return held.Dev == named.Dev && held.Ino == named.Ino
}

// sweepStale removes lock files that nobody holds: leftovers of helpers killed with SIGKILL
// (every other exit path removes its own file). A file is removed only while this process holds
// its lock, so a live recording's file is never touched.
func sweepStale(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".lock") || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if fd, err := tryLock(path); err == nil && fd >= 0 {
			_ = os.Remove(path)
			_ = unix.Close(fd)
		}
	}
}
