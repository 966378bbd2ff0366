package syscalls

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
)

// maxNr bounds the syscall numbers counted (both arches stay far below).
const maxNr = 1024

type maps struct {
	control *bpfutil.Control
	stats   *ebpf.Map // per-CPU array[nr] {calls u64, total_ns u64}
	starts  *ebpf.Map // hash tid -> {enter ktime, nr, fd or -1}
	sizes   *ebpf.Map // per-CPU hash {fd u32, nr u32, bytes u64} -> calls
	drops   *ebpf.Map // per-CPU array[1]: size entries lost because the map was full
}

// enterProgram (raw_syscalls:sys_enter, args: regs, id): counts the call and remembers the entry
// time, the number and, for write-family calls, the fd.
func enterProgram(m *maps, tgid, tid uint32, writeNrs []int) *ebpf.ProgramSpec {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	insns = append(insns, bpfutil.Filter(tgid, tid, m.control.Map)...)
	insns = append(insns,
		asm.LoadMem(asm.R8, asm.R6, 8, asm.DWord), // id
		asm.JGE.Imm(asm.R8, maxNr, bpfutil.ExitLabel),
		asm.StoreMem(asm.RFP, -8, asm.R8, asm.Word),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.LoadMapPtr(asm.R1, m.stats.FD()),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "remember"),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		// value {ts @-32, nr @-24, fd @-16}, key tid @-40
		asm.StoreMem(asm.RFP, -24, asm.R8, asm.DWord).WithSymbol("remember"),
		asm.Mov.Imm(asm.R1, -1),
		asm.StoreMem(asm.RFP, -16, asm.R1, asm.DWord),
	)
	for _, nr := range writeNrs {
		insns = append(insns, asm.JEq.Imm(asm.R8, int32(nr), "readfd"))
	}
	insns = append(insns,
		asm.Ja.Label("timestamp"),
		asm.Mov.Reg(asm.R1, asm.RFP).WithSymbol("readfd"),
		asm.Add.Imm(asm.R1, -16),
		asm.Mov.Imm(asm.R2, 8),
		asm.LoadMem(asm.R3, asm.R6, 0, asm.DWord), // struct pt_regs *
		asm.Add.Imm(asm.R3, arg0Offset),
		asm.FnProbeReadKernel.Call(),
		asm.FnKtimeGetNs.Call().WithSymbol("timestamp"),
		asm.StoreMem(asm.RFP, -32, asm.R0, asm.DWord),
		asm.StoreMem(asm.RFP, -40, asm.R9, asm.Word),
		asm.LoadMapPtr(asm.R1, m.starts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -40),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -32),
		asm.Mov.Imm(asm.R4, 0),
		asm.FnMapUpdateElem.Call(),
	)
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_sys_enter", Type: ebpf.RawTracepoint, License: bpfutil.License, Instructions: insns}
}

// exitProgram (raw_syscalls:sys_exit, args: regs, ret): adds the elapsed time and, for
// write-family calls that transferred bytes, counts the exact size per fd.
func exitProgram(m *maps, tgid, tid uint32) *ebpf.ProgramSpec {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	insns = append(insns, bpfutil.Filter(tgid, tid, m.control.Map)...)
	insns = append(insns,
		asm.StoreMem(asm.RFP, -40, asm.R9, asm.Word),
		asm.LoadMapPtr(asm.R1, m.starts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -40),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, bpfutil.ExitLabel),
		asm.LoadMem(asm.R7, asm.R0, 0, asm.DWord),  // ts
		asm.LoadMem(asm.R8, asm.R0, 8, asm.DWord),  // nr
		asm.LoadMem(asm.R1, asm.R0, 16, asm.DWord), // fd
		asm.StoreMem(asm.RFP, -48, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, m.starts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -40),
		asm.FnMapDeleteElem.Call(),
		asm.FnKtimeGetNs.Call(),
		asm.Sub.Reg(asm.R0, asm.R7),
		asm.Mov.Reg(asm.R7, asm.R0),
		asm.StoreMem(asm.RFP, -8, asm.R8, asm.Word),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.LoadMapPtr(asm.R1, m.stats.FD()),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "sizes"),
		asm.LoadMem(asm.R1, asm.R0, 8, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R7),
		asm.StoreMem(asm.R0, 8, asm.R1, asm.DWord),
		// write sizes: only when an fd was remembered and bytes moved
		asm.LoadMem(asm.R1, asm.RFP, -48, asm.DWord).WithSymbol("sizes"),
		asm.JEq.Imm(asm.R1, -1, bpfutil.ExitLabel),
		asm.LoadMem(asm.R2, asm.R6, 8, asm.DWord), // ret
		asm.JSLE.Imm(asm.R2, 0, bpfutil.ExitLabel),
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.Word),
		asm.StoreMem(asm.RFP, -20, asm.R8, asm.Word),
		asm.StoreMem(asm.RFP, -16, asm.R2, asm.DWord),
	)
	bump := func(miss string) asm.Instructions {
		return asm.Instructions{
			asm.LoadMapPtr(asm.R1, m.sizes.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -24),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, miss),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.Add.Imm(asm.R1, 1),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
			asm.Ja.Label(bpfutil.ExitLabel),
		}
	}
	insns = append(insns, bump("insert")...)
	insns = append(insns,
		asm.Mov.Imm(asm.R1, 1).WithSymbol("insert"),
		asm.StoreMem(asm.RFP, -32, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, m.sizes.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -24),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -32),
		asm.Mov.Imm(asm.R4, 1), // BPF_NOEXIST
		asm.FnMapUpdateElem.Call(),
		asm.JEq.Imm(asm.R0, 0, bpfutil.ExitLabel),
	)
	// Another CPU may have inserted the key meanwhile: look it up once more, else count a drop.
	insns = append(insns, bump("drop")...)
	drop := bpfutil.AddToArray(m.drops, 0, 0, asm.RFP, "")
	drop[0] = drop[0].WithSymbol("drop")
	insns = append(insns, drop...)
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_sys_exit", Type: ebpf.RawTracepoint, License: bpfutil.License, Instructions: insns}
}
