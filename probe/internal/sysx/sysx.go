// Package sysx is the only place that calls golang.org/x/sys/unix directly. Everything the probe
// needs from the kernel beyond cilium/ebpf goes through these small wrappers, so the rest of the
// code reads as intent (open a sampler, attach a program) rather than as raw syscalls.
package sysx

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// UserHZ is the unit of the time fields in /proc/PID/stat. It is 100 on every Linux architecture
// we build for (USER_HZ is fixed by the ABI, unlike the kernel's internal HZ).
const UserHZ = 100

// Kernel returns the kernel release (uname -r) and machine (uname -m).
func Kernel() (release, machine string) {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return "unknown", "unknown"
	}
	return unix.ByteSliceToString(u.Release[:]), unix.ByteSliceToString(u.Machine[:])
}

// Hostname returns the node name.
func Hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "unknown"
	}
	return h
}

// Euid returns the effective user id.
func Euid() int { return unix.Geteuid() }

// Gettid returns the calling thread's id.
func Gettid() int { return unix.Gettid() }

// Getppid calls the getppid syscall (used to calibrate syscall tracing cost: it is cheap and has no
// vDSO shortcut).
func Getppid() int { return unix.Getppid() }

// Write calls write(2) once (the calibration of a traced write-like syscall, whose size the collector records).
func Write(fd int, b []byte) (int, error) { return unix.Write(fd, b) }

// HasCapSysAdmin reports whether CAP_SYS_ADMIN is in the effective set. Current kernels require it
// to create uprobes through perf_event_open (the 2025 revert of the CAP_PERFMON relaxation).
func HasCapSysAdmin() bool {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return false
	}
	const bit = unix.CAP_SYS_ADMIN
	return data[bit/32].Effective&(1<<(bit%32)) != 0
}

// UprobePMUType returns the dynamic PMU type of the uprobe PMU, which lets perf_event_open create
// uprobes without tracefs (kernel 4.17+). cilium/ebpf uses the same PMU.
func UprobePMUType() (int, error) {
	b, err := os.ReadFile("/sys/bus/event_source/devices/uprobe/type")
	if err != nil {
		return 0, err
	}
	var t int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(b)), "%d", &t); err != nil {
		return 0, err
	}
	return t, nil
}

// OpenCPUClockSampler opens a software cpu-clock sampling event for one thread at hz samples per
// second of that thread's on-CPU time. The event starts disabled.
func OpenCPUClockSampler(tid int, hz uint64) (int, error) {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Size:   uint32(unsafeSizeofPerfEventAttr),
		Sample: hz,
		Bits:   unix.PerfBitFreq | unix.PerfBitDisabled,
	}
	fd, err := unix.PerfEventOpen(&attr, tid, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("perf_event_open(cpu-clock, tid %d): %w", tid, err)
	}
	return fd, nil
}

// AttachBPFToPerfEvent attaches a loaded BPF program to a perf event and enables the event.
func AttachBPFToPerfEvent(perfFD, progFD int) error {
	if err := unix.IoctlSetInt(perfFD, unix.PERF_EVENT_IOC_SET_BPF, progFD); err != nil {
		return fmt.Errorf("PERF_EVENT_IOC_SET_BPF: %w", err)
	}
	if err := unix.IoctlSetInt(perfFD, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
		return fmt.Errorf("PERF_EVENT_IOC_ENABLE: %w", err)
	}
	return nil
}

// DisablePerfEvent stops a perf event from firing (before its maps are read).
func DisablePerfEvent(fd int) error { return unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_DISABLE, 0) }

// Close closes a raw file descriptor.
func Close(fd int) error { return unix.Close(fd) }

// IsDevNull reports whether f is the /dev/null character device (so that EOF on it is not a
// "client went away" signal).
func IsDevNull(f *os.File) bool {
	var st, null unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) != nil || unix.Stat("/dev/null", &null) != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == null.Rdev
}

// FileOwnerMode returns the owner uid and permission bits of path, without following a final
// symlink.
func FileOwnerMode(path string) (uid uint32, mode uint32, isDir bool, err error) {
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		return 0, 0, false, err
	}
	return st.Uid, st.Mode & 0o7777, st.Mode&unix.S_IFMT == unix.S_IFDIR, nil
}

// IsSymlink reports whether path itself is a symlink.
func IsSymlink(path string) bool {
	var st unix.Stat_t
	return unix.Lstat(path, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}

// DevIno returns the device and inode of path (following symlinks, as /proc/PID/exe does).
func DevIno(path string) (dev, ino uint64, err error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return 0, 0, err
	}
	return uint64(st.Dev), st.Ino, nil
}

// Inode returns the inode number of an open file's FileInfo (0 if the platform does not say).
func Inode(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// ThreadCPUTime is the calling thread's CPU time (user + system, which includes the kernel's
// handling of the thread's uprobe traps and traced syscalls). Timing with it instead of the wall
// clock leaves out the time other processes of a busy host take.
func ThreadCPUTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
