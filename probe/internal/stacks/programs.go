package stacks

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/plsql-perf/plsql-perf/probe/internal/bpfutil"
)

const (
	maxDepth      = 127 // PERF_MAX_STACK_DEPTH default
	flagUserStack = 1 << 8
)

type maps struct {
	control *bpfutil.Control
	traces  *ebpf.Map // stack trace map: id -> [maxDepth]u64 user addresses
	counts  *ebpf.Map // per-CPU hash: stack id -> samples
	lost    *ebpf.Map // per-CPU array[1]: samples whose stack could not be stored
}

// sampleProgram runs on every cpu-clock sample of a target thread and counts its user stack.
func sampleProgram(m *maps, tgid, tid uint32) *ebpf.ProgramSpec {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1)}
	insns = append(insns, bpfutil.Filter(tgid, tid, m.control.Map)...)
	insns = append(insns,
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.LoadMapPtr(asm.R2, m.traces.FD()),
		asm.Mov.Imm(asm.R3, flagUserStack),
		asm.FnGetStackid.Call(),
		asm.JSLT.Imm(asm.R0, 0, "lost"),
		asm.StoreMem(asm.RFP, -16, asm.R0, asm.Word),
	)
	bump := func(miss string) asm.Instructions {
		return asm.Instructions{
			asm.LoadMapPtr(asm.R1, m.counts.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -16),
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
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, m.counts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -16),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -24),
		asm.Mov.Imm(asm.R4, 1), // BPF_NOEXIST
		asm.FnMapUpdateElem.Call(),
		asm.JEq.Imm(asm.R0, 0, bpfutil.ExitLabel),
	)
	insns = append(insns, bump("lost")...)
	lost := bpfutil.AddToArray(m.lost, 0, 0, asm.RFP, "")
	lost[0] = lost[0].WithSymbol("lost")
	insns = append(insns, lost...)
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_stack", Type: ebpf.PerfEvent, License: bpfutil.License, Instructions: insns}
}
