package syscalls

// arg0Offset is the offset of the first syscall argument (regs[0]) in the arm64 struct pt_regs;
// at sys_enter x0 still holds the argument.
const arg0Offset = 0

// Count mode reads 24 bytes of pt_regs from argsOffset in one go: regs[0] (the fd), regs[1] and
// regs[2] (the size of write/pwrite64/sendto). fdSlot and countSlot index those 8-byte words.
const (
	argsOffset = 0
	fdSlot     = 0
	countSlot  = 2
)
