package symbols

var (
	nopPrologue   = []byte{0x66, 0x90, 0x55, 0x48} // xchg %ax,%ax; push %rbp
	plainPrologue = []byte{0x55, 0x48, 0x89, 0xe5} // push %rbp; mov %rsp,%rbp
)
