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
	insns = append(insns, bpfutil.CountInHash(m.counts, -16, -24, "lost")...)
	lost := bpfutil.AddToArray(m.lost, 0, 0, asm.RFP, "")
	lost[0] = lost[0].WithSymbol("lost")
	insns = append(insns, lost...)
	insns = append(insns, bpfutil.Exit()...)
	return &ebpf.ProgramSpec{Name: "plsql_stack", Type: ebpf.PerfEvent, License: bpfutil.License, Instructions: insns}
}
