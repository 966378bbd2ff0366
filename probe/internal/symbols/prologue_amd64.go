package symbols

// hotPatchSkip returns how many bytes of hot-patch NOP padding start a function, so that the
// uprobe goes after them. Oracle 12c+ functions are reported to start with a 2-byte NOP
// (66 90, "xchg %ax,%ax"); gcc's -fpatchable-function-entry=2 emits two 1-byte NOPs (90 90).
func hotPatchSkip(code []byte) uint64 {
	if len(code) >= 2 && ((code[0] == 0x66 && code[1] == 0x90) || (code[0] == 0x90 && code[1] == 0x90)) {
		return 2
	}
	return 0
}
