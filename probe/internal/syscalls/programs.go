package syscalls

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
)

// maxNr bounds the syscall numbers counted (both arches stay far below).
const maxNr = 1024

// slotCount is the number of entry slots of the timed mode: a thread uses slot tid % slotCount.
// A power of two, so the index is a mask.
const slotCount = 8192

// slot value layout (timed mode): {tid u32, nr u32, fd s64 (-1: not a write), ts u64}.
const (
	slotTid  = 0
	slotNr   = 4
	slotFd   = 8
	slotTs   = 16
	slotSize = 24
)

type maps struct {
	control *bpfutil.Control
	stats   *ebpf.Map // per-CPU array[nr] {calls u64, total_ns u64}
	slots   *ebpf.Map // timed mode only: array[tid % slotCount] of slot values (see above)
	sizes   *ebpf.Map // per-CPU hash {fd u32, nr u32, bytes u64} -> calls
	drops   *ebpf.Map // per-CPU array[1]: size entries lost because the map was full
}

// Where the cost goes, and why the programs look like this (kernel 6.18, x86-64 VM):
//   - Every helper call and every hash-map operation costs; array and per-CPU array lookups with
//     a map known at load time are inlined by the verifier (per-CPU arrays since 6.10), so they are
//     a few instructions. The control map, the counters and the timed-mode slots are arrays.
//   - The target filter (bpf_get_current_pid_tgid, compare) comes first: other processes leave
//     after three instructions and one cheap helper, before any map is touched.
//   - The old timed program kept {ts, nr, fd} in a hash keyed by tid: one update on entry, one
//     lookup and one delete on exit, each taking the bucket lock. Timed mode now uses a
//     direct-mapped array slot per thread (inlined lookup, plain stores, no delete).
//   - Count mode (the default) attaches sys_enter only: no exit program runs at all.

// countProgram (raw_syscalls:sys_enter, args: regs, id) is the count-only mode: it counts the call
// and, for write/pwrite64/sendto, the exact requested size (the count argument) per fd. It reads
// the three argument registers with one bpf_probe_read_kernel.
func countProgram(m *maps, tgid, tid uint32, sizeNrs []int) *ebpf.ProgramSpec {
	insns := countEntry(m, tgid, tid)
	if len(sizeNrs) == 0 {
		return finish("plsql_sys_count", insns)
	}
	for _, nr := range sizeNrs {
		insns = append(insns, asm.JEq.Imm(asm.R8, int32(nr), "args"))
	}
	insns = append(insns,
		asm.Ja.Label(bpfutil.ExitLabel),
		// args: 24 bytes of pt_regs from argsOffset into fp-56..fp-33
		asm.Mov.Reg(asm.R1, asm.RFP).WithSymbol("args"),
		asm.Add.Imm(asm.R1, -56),
		asm.Mov.Imm(asm.R2, 24),
		asm.LoadMem(asm.R3, asm.R6, 0, asm.DWord), // struct pt_regs *
		asm.Add.Imm(asm.R3, argsOffset),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, bpfutil.ExitLabel),
		asm.LoadMem(asm.R2, asm.RFP, -56+8*countSlot, asm.DWord),
		asm.JSLE.Imm(asm.R2, 0, bpfutil.ExitLabel), // nothing requested (or a bogus size)
		asm.LoadMem(asm.R1, asm.RFP, -56+8*fdSlot, asm.DWord),
		// key {fd @-24, nr @-20, bytes @-16}
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.Word),
		asm.StoreMem(asm.RFP, -20, asm.R8, asm.Word),
		asm.StoreMem(asm.RFP, -16, asm.R2, asm.DWord),
	)
	insns = append(insns, bumpSize(m)...)
	return finish("plsql_sys_count", insns)
}

// countEntry is the start of both sys_enter programs: r6 = ctx, the target filter, r8 = syscall
// number, and the call counted in the per-CPU stats array.
func countEntry(m *maps, tgid, tid uint32) asm.Instructions {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	insns = append(insns, bpfutil.Filter(tgid, tid, m.control.Map)...)
	insns = append(insns,
		asm.LoadMem(asm.R8, asm.R6, 8, asm.DWord), // id
		asm.JGE.Imm(asm.R8, maxNr, bpfutil.ExitLabel),
		asm.StoreMem(asm.RFP, -8, asm.R8, asm.Word),
	)
	insns = append(insns, bpfutil.Lookup(m.stats, -8, bpfutil.ExitLabel)...)
	return append(insns,
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
	)
}

// timedEnterProgram (raw_syscalls:sys_enter) is the timed mode's entry: count the call and fill
// the thread's slot with {tid, nr, fd for write-family calls, entry time}.
func timedEnterProgram(m *maps, tgid, tid uint32, writeNrs []int) *ebpf.ProgramSpec {
	insns := countEntry(m, tgid, tid)
	insns = append(insns, slotLookup(m)...) // r7 = slot
	insns = append(insns,
		asm.StoreMem(asm.R7, slotTid, asm.R9, asm.Word),
		asm.StoreMem(asm.R7, slotNr, asm.R8, asm.Word),
		asm.Mov.Imm(asm.R1, -1),
		asm.StoreMem(asm.R7, slotFd, asm.R1, asm.DWord),
	)
	for _, nr := range writeNrs {
		insns = append(insns, asm.JEq.Imm(asm.R8, int32(nr), "readfd"))
	}
	insns = append(insns,
		asm.Ja.Label("timestamp"),
		asm.Mov.Reg(asm.R1, asm.R7).WithSymbol("readfd"),
		asm.Add.Imm(asm.R1, slotFd),
		asm.Mov.Imm(asm.R2, 8),
		asm.LoadMem(asm.R3, asm.R6, 0, asm.DWord), // struct pt_regs *
		asm.Add.Imm(asm.R3, arg0Offset),
		asm.FnProbeReadKernel.Call(),
		asm.FnKtimeGetNs.Call().WithSymbol("timestamp"),
		asm.StoreMem(asm.R7, slotTs, asm.R0, asm.DWord),
	)
	return finish("plsql_sys_enter", insns)
}

// timedExitProgram (raw_syscalls:sys_exit, args: regs, ret): when the thread's slot is its own,
// consume it, add the elapsed time and, for write-family calls that moved bytes, count the
// returned size per fd.
func timedExitProgram(m *maps, tgid, tid uint32) *ebpf.ProgramSpec {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	insns = append(insns, bpfutil.Filter(tgid, tid, m.control.Map)...)
	insns = append(insns, slotLookup(m)...) // r7 = slot
	insns = append(insns,
		asm.LoadMem(asm.R1, asm.R7, slotTid, asm.Word),
		asm.Mov.Reg(asm.R2, asm.R9),
		asm.LSh.Imm(asm.R2, 32),
		asm.RSh.Imm(asm.R2, 32),
		asm.JNE.Reg(asm.R1, asm.R2, bpfutil.ExitLabel), // not ours (never entered, or overwritten)
		asm.StoreImm(asm.R7, slotTid, 0, asm.Word),     // consumed
		asm.LoadMem(asm.R8, asm.R7, slotNr, asm.Word),
		asm.JGE.Imm(asm.R8, maxNr, bpfutil.ExitLabel),
		asm.FnKtimeGetNs.Call(),
		asm.LoadMem(asm.R1, asm.R7, slotTs, asm.DWord),
		asm.Sub.Reg(asm.R0, asm.R1),
		asm.StoreMem(asm.RFP, -48, asm.R0, asm.DWord),
		asm.StoreMem(asm.RFP, -8, asm.R8, asm.Word),
	)
	insns = append(insns, bpfutil.Lookup(m.stats, -8, "sizes")...)
	insns = append(insns,
		asm.LoadMem(asm.R1, asm.R0, 8, asm.DWord),
		asm.LoadMem(asm.R2, asm.RFP, -48, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.StoreMem(asm.R0, 8, asm.R1, asm.DWord),
		// write sizes: only when an fd was remembered and bytes moved
		asm.LoadMem(asm.R1, asm.R7, slotFd, asm.DWord).WithSymbol("sizes"),
		asm.JEq.Imm(asm.R1, -1, bpfutil.ExitLabel),
		asm.LoadMem(asm.R2, asm.R6, 8, asm.DWord), // ret
		asm.JSLE.Imm(asm.R2, 0, bpfutil.ExitLabel),
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.Word),
		asm.StoreMem(asm.RFP, -20, asm.R8, asm.Word),
		asm.StoreMem(asm.RFP, -16, asm.R2, asm.DWord),
	)
	insns = append(insns, bumpSize(m)...)
	return finish("plsql_sys_exit", insns)
}

// slotLookup emits r7 = &slots[tid % slotCount] (tid from r9; exit if the lookup fails, which
// the verifier requires us to handle). Uses fp-12.
func slotLookup(m *maps) asm.Instructions {
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.R9),
		asm.And.Imm(asm.R1, slotCount-1),
		asm.StoreMem(asm.RFP, -12, asm.R1, asm.Word),
	}
	insns = append(insns, bpfutil.Lookup(m.slots, -12, bpfutil.ExitLabel)...)
	return append(insns, asm.Mov.Reg(asm.R7, asm.R0))
}

// bumpSize emits sizes[key at fp-24] += 1, inserting the key if needed; when the map is full the
// drop counter is bumped instead. Uses fp-32 for the initial value.
func bumpSize(m *maps) asm.Instructions {
	insns := bpfutil.CountInHash(m.sizes, -24, -32, "drop")
	drop := bpfutil.AddToArray(m.drops, 0, 0, asm.RFP, "")
	drop[0] = drop[0].WithSymbol("drop")
	return append(insns, drop...)
}

func finish(name string, insns asm.Instructions) *ebpf.ProgramSpec {
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: name, Type: ebpf.RawTracepoint, License: bpfutil.License, Instructions: insns}
}
