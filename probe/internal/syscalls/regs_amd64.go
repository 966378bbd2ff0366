package syscalls

// arg0Offset is the offset of the first syscall argument (rdi) in the x86-64 struct pt_regs that
// the raw_syscalls:sys_enter tracepoint passes as its first argument.
const arg0Offset = 112
