// Package bpfutil holds the small pieces the collectors' BPF programs share: the "enabled" control
// map that freezes all counting at once, the target filter, and per-CPU counter helpers. Programs
// are written with cilium/ebpf's asm package: no clang, nothing generated to keep fresh.
package bpfutil

import (
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// License of the in-kernel programs. GPL-compatible so that bpf_probe_read_kernel and
// bpf_get_stackid (GPL-only helpers) are available.
const License = "Dual MIT/GPL"

// ExitLabel is the label every program ends with (r0 = 0; exit).
const ExitLabel = "exit"

// Control is a one-element array: control[0] != 0 means "count". Counting starts only after all
// probes are attached and stops for all of them with one map write before anything is read.
type Control struct{ Map *ebpf.Map }

// NewControl creates a disabled control map.
func NewControl(name string) (*Control, error) {
	m, err := ebpf.NewMap(&ebpf.MapSpec{Name: name, Type: ebpf.Array, KeySize: 4, ValueSize: 4, MaxEntries: 1})
	if err != nil {
		return nil, fmt.Errorf("create control map: %w", err)
	}
	return &Control{Map: m}, nil
}

// Set enables or disables counting.
func (c *Control) Set(on bool) error {
	v := uint32(0)
	if on {
		v = 1
	}
	return c.Map.Put(uint32(0), v)
}

// Close frees the map.
func (c *Control) Close() error {
	if c == nil || c.Map == nil {
		return nil
	}
	return c.Map.Close()
}

// Filter emits: r9 = bpf_get_current_pid_tgid(); exit unless tgid (when non-zero) and tid (when
// non-zero) match and control[0] != 0. r9 survives helper calls (callee-saved).
func Filter(tgid, tid uint32, control *ebpf.Map) asm.Instructions {
	insns := asm.Instructions{
		asm.FnGetCurrentPidTgid.Call(),
		asm.Mov.Reg(asm.R9, asm.R0),
	}
	if tgid != 0 {
		insns = append(insns,
			asm.Mov.Reg(asm.R1, asm.R9),
			asm.RSh.Imm(asm.R1, 32),
			asm.JNE.Imm(asm.R1, int32(tgid), ExitLabel))
	}
	if tid != 0 {
		insns = append(insns,
			asm.Mov.Reg(asm.R1, asm.R9),
			asm.LSh.Imm(asm.R1, 32),
			asm.RSh.Imm(asm.R1, 32),
			asm.JNE.Imm(asm.R1, int32(tid), ExitLabel))
	}
	insns = append(insns, asm.StoreImm(asm.RFP, -4, 0, asm.Word))
	insns = append(insns, Lookup(control, -4, ExitLabel)...)
	return append(insns,
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Word),
		asm.JEq.Imm(asm.R1, 0, ExitLabel),
	)
}

// AddToArray emits: value at key (a constant) of an array map, at byte offset off, += reg
// (or += 1 when reg is asm.RFP, a register that can never be the addend). Uses the stack slot at
// fp-8. On a missing key it jumps to skip (or to exit when skip is "").
func AddToArray(m *ebpf.Map, key uint32, off int16, reg asm.Register, skip string) asm.Instructions {
	if skip == "" {
		skip = ExitLabel
	}
	insns := append(asm.Instructions{asm.StoreImm(asm.RFP, -8, int64(key), asm.Word)}, Lookup(m, -8, skip)...)
	insns = append(insns, asm.LoadMem(asm.R1, asm.R0, off, asm.DWord))
	if reg == asm.RFP {
		insns = append(insns, asm.Add.Imm(asm.R1, 1))
	} else {
		insns = append(insns, asm.Add.Reg(asm.R1, reg))
	}
	return append(insns, asm.StoreMem(asm.R0, off, asm.R1, asm.DWord))
}

// Lookup emits: r0 = map lookup of the key stored at fp+keyOff; jump to miss when it is absent (the
// verifier insists that the result is checked). Clobbers r1-r5.
func Lookup(m *ebpf.Map, keyOff int16, miss string) asm.Instructions {
	return asm.Instructions{
		asm.LoadMapPtr(asm.R1, m.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, int32(keyOff)),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, miss),
	}
}

// CountInHash emits: hash[key at fp+keyOff] += 1, inserting the key with 1 when it is new, then a
// jump to the exit label. When the map is full, or another CPU's insert won and the key is still
// missing, it jumps to full instead. Uses fp+valueOff for the initial value and the label "insert".
func CountInHash(m *ebpf.Map, keyOff, valueOff int16, full string) asm.Instructions {
	increment := func(miss string) asm.Instructions {
		return append(Lookup(m, keyOff, miss),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.Add.Imm(asm.R1, 1),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
			asm.Ja.Label(ExitLabel),
		)
	}
	insns := increment("insert")
	insns = append(insns,
		asm.Mov.Imm(asm.R1, 1).WithSymbol("insert"),
		asm.StoreMem(asm.RFP, valueOff, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, m.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, int32(keyOff)),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, int32(valueOff)),
		asm.Mov.Imm(asm.R4, 1), // BPF_NOEXIST
		asm.FnMapUpdateElem.Call(),
		asm.JEq.Imm(asm.R0, 0, ExitLabel),
	)
	// Another CPU may have inserted the key meanwhile: look it up once more.
	return append(insns, increment(full)...)
}

// Exit emits the shared exit label.
func Exit() asm.Instructions {
	return asm.Instructions{
		asm.Mov.Imm(asm.R0, 0).WithSymbol(ExitLabel),
		asm.Return(),
	}
}

// SumPerCPU adds the per-CPU values of an array or hash entry.
func SumPerCPU(vals []uint64) uint64 {
	var s uint64
	for _, v := range vals {
		s += v
	}
	return s
}
