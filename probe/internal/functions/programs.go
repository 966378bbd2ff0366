package functions

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
)

// maps shared by all probe programs of one recording.
type maps struct {
	control *bpfutil.Control
	counts  *ebpf.Map // per-CPU array: calls per function index
	times   *ebpf.Map // per-CPU array: inclusive ns per function index (timing only)
	starts  *ebpf.Map // hash {tid u32, index u32} -> entry ktime (timing only)
}

// entryProgram counts one call of function idx (one program per function with the index baked
// in: works on kernels without the attach cookie). With timing it also stores the entry time.
func entryProgram(m *maps, idx, tgid, tid uint32) *ebpf.ProgramSpec {
	insns := bpfutil.Filter(tgid, tid, m.control.Map)
	insns = append(insns, bpfutil.AddToArray(m.counts, idx, 0, asm.RFP, "")...)
	if m.starts != nil {
		insns = append(insns,
			// key {tid, idx} at fp-16, value ktime at fp-24
			asm.StoreMem(asm.RFP, -16, asm.R9, asm.Word),
			asm.StoreImm(asm.RFP, -12, int64(idx), asm.Word),
			asm.FnKtimeGetNs.Call(),
			asm.StoreMem(asm.RFP, -24, asm.R0, asm.DWord),
			asm.LoadMapPtr(asm.R1, m.starts.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -16),
			asm.Mov.Reg(asm.R3, asm.RFP),
			asm.Add.Imm(asm.R3, -24),
			asm.Mov.Imm(asm.R4, 0), // BPF_ANY: a recursive call restarts the clock (innermost call)
			asm.FnMapUpdateElem.Call(),
		)
	}
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_fn_entry", Type: ebpf.Kprobe, License: bpfutil.License, Instructions: insns}
}

// returnProgram adds now - entry time to the inclusive time of function idx.
func returnProgram(m *maps, idx, tgid, tid uint32) *ebpf.ProgramSpec {
	insns := bpfutil.Filter(tgid, tid, m.control.Map)
	insns = append(insns,
		asm.StoreMem(asm.RFP, -16, asm.R9, asm.Word),
		asm.StoreImm(asm.RFP, -12, int64(idx), asm.Word),
	)
	insns = append(insns, bpfutil.Lookup(m.starts, -16, bpfutil.ExitLabel)...)
	insns = append(insns,
		asm.LoadMem(asm.R7, asm.R0, 0, asm.DWord),
		asm.LoadMapPtr(asm.R1, m.starts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -16),
		asm.FnMapDeleteElem.Call(),
		asm.FnKtimeGetNs.Call(),
		asm.Sub.Reg(asm.R0, asm.R7),
		asm.Mov.Reg(asm.R7, asm.R0),
	)
	insns = append(insns, bpfutil.AddToArray(m.times, idx, 0, asm.R7, "")...)
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_fn_return", Type: ebpf.Kprobe, License: bpfutil.License, Instructions: insns}
}
