package functions

import "os"

// errPerm matches EPERM/EACCES from perf_event_open wrapped by cilium/ebpf.
var errPerm = os.ErrPermission
