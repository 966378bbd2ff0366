package sysx

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

var unsafeSizeofPerfEventAttr = unsafe.Sizeof(unix.PerfEventAttr{})
