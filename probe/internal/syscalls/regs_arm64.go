package syscalls

// arg0Offset is the offset of the first syscall argument (regs[0]) in the arm64 struct pt_regs;
// at sys_enter x0 still holds the argument.
const arg0Offset = 0
