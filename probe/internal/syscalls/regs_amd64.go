package syscalls

// arg0Offset is the offset of the first syscall argument (rdi) in the x86-64 struct pt_regs that
// the raw_syscalls:sys_enter tracepoint passes as its first argument.
const arg0Offset = 112

// Count mode reads 24 bytes of pt_regs from argsOffset in one go: rdx (arg 2, the size of
// write/pwrite64/sendto), rsi (arg 1) and rdi (arg 0, the fd). fdSlot and countSlot index those
// three 8-byte words.
const (
	argsOffset = 96
	fdSlot     = 2
	countSlot  = 0
)
