// Package profile defines the profile JSON (version 1) that plsql-probe prints and the extension
// reads. The schema is probe/schema/profile-v1.schema.json; the TypeScript mirror is
// server/src/profile/contract/probeProfile.ts. A test keeps the three in step through the golden file.
// Fields without omitempty are required in the schema.
package profile

// Version is the profile format version.
const Version = 1

// Profile is one recording of one target.
type Profile struct {
	Version    int              `json:"version"`
	Source     string           `json:"source,omitempty"` // "ebpf" (recorded by the helper) | "dtrace" (imported) | "import" (plsql-perf profile import)
	Tool       Tool             `json:"tool"`
	Host       Host             `json:"host"`
	Target     Target           `json:"target"`
	StartedAt  string           `json:"started_at"` // RFC 3339
	ElapsedMs  float64          `json:"elapsed_ms"`
	StopReason string           `json:"stop_reason"`
	Collectors Collectors       `json:"collectors"`
	Patterns   []PatternSummary `json:"patterns"`
	Errors     []CollectorError `json:"errors"`
	Warnings   []Warning        `json:"warnings"`
	Overhead   OverheadEstimate `json:"overhead"`
}

// Tool names the producer.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Host describes the machine.
type Host struct {
	Hostname string `json:"hostname"`
	Kernel   string `json:"kernel"`
	Arch     string `json:"arch"`
	CPUs     int    `json:"cpus"` // 0: unknown (DTrace import)
}

// Target identifies the profiled process or thread.
type Target struct {
	PID        int    `json:"pid"`
	TID        int    `json:"tid"`
	Exe        string `json:"exe"`
	StartTicks uint64 `json:"start_ticks"` // /proc/PID/stat field 22
	UID        int    `json:"uid"`         // -1: unknown (DTrace import)
	Comm       string `json:"comm"`
	Threaded   bool   `json:"threaded"`
	Threads    int    `json:"threads"`
}

// Collectors holds each requested collector's result; absent ones were not requested.
type Collectors struct {
	Functions *FunctionsResult `json:"functions,omitempty"`
	Syscalls  *SyscallsResult  `json:"syscalls,omitempty"`
	Stacks    *StacksResult    `json:"stacks,omitempty"`
	Proc      *ProcResult      `json:"proc,omitempty"`
}

// FunctionsResult is the uprobe call counts.
type FunctionsResult struct {
	Status        string          `json:"status"` // "ok" | "error"
	InclusiveTime bool            `json:"inclusive_time"`
	TimeNote      string          `json:"time_note,omitempty"`
	Functions     []FunctionCount `json:"functions"`
	Missing       []string        `json:"missing"`
	Truncated     []string        `json:"truncated"`
}

// FunctionCount is one probed function.
type FunctionCount struct {
	Name        string  `json:"name"`
	Module      string  `json:"module"`
	ProbeOffset uint64  `json:"probe_offset"`
	Calls       uint64  `json:"calls"`
	InclusiveNs *uint64 `json:"inclusive_ns,omitempty"`
	Pattern     string  `json:"pattern,omitempty"`
	// ProbeSite is the kind of instruction at the probe address ("push" or "other"), which decides
	// what one hit costs; absent in DTrace imports and older profiles.
	ProbeSite string `json:"probe_site,omitempty"`
}

// SyscallsResult is the per-syscall counts and the write-size histograms.
type SyscallsResult struct {
	Status   string        `json:"status"`
	Mode     string        `json:"mode,omitempty"` // "count": entry only, requested sizes, total_ns 0 | "timed"
	Syscalls []SyscallStat `json:"syscalls"`
	Writes   []WriteHist   `json:"writes"`
	Polls    PollCounts    `json:"polls"`
	Dropped  uint64        `json:"dropped"`
}

// SyscallStat is one syscall's count and total time.
type SyscallStat struct {
	Name    string `json:"name"`
	Nr      int    `json:"nr"` // -1: unknown (DTrace names syscalls, not numbers)
	Calls   uint64 `json:"calls"`
	TotalNs uint64 `json:"total_ns"`
}

// WriteHist is the size histogram of one write-family syscall on one kind of fd.
type WriteHist struct {
	Syscall     string       `json:"syscall"`
	FdKind      string       `json:"fd_kind"` // file | socket | pipe | other | unknown
	Calls       uint64       `json:"calls"`
	Bytes       uint64       `json:"bytes"`
	TopSizes    []SizeCount  `json:"top_sizes"`
	Log2Buckets []SizeBucket `json:"log2_buckets"`
}

// SizeCount is an exact size.
type SizeCount struct {
	Size  uint64 `json:"size"`
	Calls uint64 `json:"calls"`
}

// SizeBucket is a power-of-two range [Min, Max] for the sizes outside the top list.
type SizeBucket struct {
	Min   uint64 `json:"min"`
	Max   uint64 `json:"max"`
	Calls uint64 `json:"calls"`
}

// PollCounts are the in-band break check signals.
type PollCounts struct {
	Total     uint64            `json:"total"`
	BySyscall map[string]uint64 `json:"by_syscall"`
}

// StacksResult is the sampled on-CPU stacks in folded form (root first, ';'-separated).
type StacksResult struct {
	Status  string        `json:"status"`
	Hz      int           `json:"hz"`
	Samples uint64        `json:"samples"`
	Lost    uint64        `json:"lost"`
	Folded  []FoldedStack `json:"folded"`
	// Counts says what a stack's count is: "" or "samples" for sampled stacks, "calls" for calls of the leaf
	// function (DTrace/bpftrace ustack() aggregations imported by plsql-perf; the helper never writes it).
	Counts string `json:"counts,omitempty"`
}

// FoldedStack is one distinct stack and its sample count.
type FoldedStack struct {
	Stack string `json:"stack"`
	Count uint64 `json:"count"`
}

// ProcResult is /proc accounting before and after.
type ProcResult struct {
	Status string    `json:"status"`
	Scope  string    `json:"scope"` // "process" | "thread"
	Before ProcStats `json:"before"`
	After  ProcStats `json:"after"`
	Delta  ProcStats `json:"delta"`
}

// ProcStats are the counters read from /proc.
type ProcStats struct {
	UtimeMs          float64 `json:"utime_ms"`
	StimeMs          float64 `json:"stime_ms"`
	VoluntaryCtxt    uint64  `json:"voluntary_ctxt_switches"`
	NonvoluntaryCtxt uint64  `json:"nonvoluntary_ctxt_switches"`
	RunqueueWaitNs   uint64  `json:"runqueue_wait_ns"`
	Rchar            uint64  `json:"rchar"`
	Wchar            uint64  `json:"wchar"`
	Syscr            uint64  `json:"syscr"`
	Syscw            uint64  `json:"syscw"`
	ReadBytes        uint64  `json:"read_bytes"`
	WriteBytes       uint64  `json:"write_bytes"`
}

// PatternSummary ties counted functions to a catalog pattern (and its static rule).
type PatternSummary struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Rule      string   `json:"rule,omitempty"`
	Calls     uint64   `json:"calls"`
	Functions []string `json:"functions"`
}

// CollectorError is a collector that could not run or read.
type CollectorError struct {
	Collector string `json:"collector"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

// Warning is advice about the result's reliability or side effects.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// OverheadEstimate is the added time the probes probably cost the target: hits x calibrated cost.
type OverheadEstimate struct {
	Label            string  `json:"label"`
	EstimatedMs      float64 `json:"estimated_ms"`
	FunctionHits     uint64  `json:"function_hits"`
	NsPerFunctionHit float64 `json:"ns_per_function_hit"`
	SyscallHits      uint64  `json:"syscall_hits"`
	NsPerSyscallHit  float64 `json:"ns_per_syscall_hit"`
	Calibrated       bool    `json:"calibrated"`
	// NsPerSiteHit is the calibrated cost of one hit per probe-site kind; ns_per_function_hit is
	// then their mean weighted by the hits. Absent in older profiles (one cost for every hit).
	NsPerSiteHit *SiteCosts `json:"ns_per_site_hit,omitempty"`
	// NsPerSyscallKindHit is the calibrated cost of one traced syscall per kind: sized (a write-like
	// call whose size the collector records) or plain; ns_per_syscall_hit is then their mean weighted
	// by the hits. Absent in older profiles (every syscall priced at getppid's cost).
	NsPerSyscallKindHit *SyscallCosts `json:"ns_per_syscall_kind_hit,omitempty"`
}

// SyscallCosts is the cost of one traced syscall per kind.
type SyscallCosts struct {
	Sized float64 `json:"sized"` // write-like calls whose size goes to the histogram (calibrated on write(/dev/null))
	Plain float64 `json:"plain"` // every other call (calibrated on getppid)
}

// SiteCosts is the cost of one uprobe hit per kind of probed instruction.
type SiteCosts struct {
	Push  float64 `json:"push"`  // a register push, emulated by the kernel in the trap
	Other float64 `json:"other"` // other instructions, single-stepped out of line
}
