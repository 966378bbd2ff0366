package symbols

var (
	nopPrologue   = []byte{0x66, 0x90, 0x55, 0x48} // xchg %ax,%ax; push %rbp
	plainPrologue = []byte{0x55, 0x48, 0x89, 0xe5} // push %rbp; mov %rsp,%rbp
)

var (
	pushVariant = []byte{0x41, 0x54}                               // push %r12
	otherStart  = []byte{0x48, 0x8b, 0x05, 0xf9, 0x27, 0x01, 0x00} // mov 0x127f9(%rip),%rax (kglPinSetContext's first)
)
