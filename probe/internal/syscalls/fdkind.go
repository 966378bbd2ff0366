package syscalls

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// fdKinds remembers what each fd of the target is (file, socket, pipe, other). It reads only the
// /proc/PID/fd links (metadata), rescanned while recording so that short-lived fds are seen.
type fdKinds struct {
	mu    sync.Mutex
	pid   int
	kinds map[uint32]string
}

func newFdKinds(pid int) *fdKinds { return &fdKinds{pid: pid, kinds: map[uint32]string{}} }

func (k *fdKinds) scan() {
	dir := fmt.Sprintf("/proc/%d/fd", k.pid)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	found := map[uint32]string{}
	for _, e := range entries {
		n, err := strconv.ParseUint(e.Name(), 10, 32)
		if err != nil {
			continue
		}
		found[uint32(n)] = classify(dir + "/" + e.Name())
	}
	k.mu.Lock()
	for fd, kind := range found {
		k.kinds[fd] = kind
	}
	k.mu.Unlock()
}

func classify(link string) string {
	dest, err := os.Readlink(link)
	if err != nil {
		return "unknown"
	}
	switch {
	case strings.HasPrefix(dest, "socket:"):
		return "socket"
	case strings.HasPrefix(dest, "pipe:"):
		return "pipe"
	}
	st, err := os.Stat(link)
	if err != nil {
		return "unknown"
	}
	switch m := st.Mode(); {
	case m.IsRegular():
		return "file"
	case m&os.ModeNamedPipe != 0:
		return "pipe"
	case m&os.ModeSocket != 0:
		return "socket"
	}
	return "other"
}

func (k *fdKinds) kind(fd uint32) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	if s, ok := k.kinds[fd]; ok {
		return s
	}
	return "unknown"
}
