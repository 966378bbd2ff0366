package symbols

import "encoding/binary"

// hotPatchSkip returns how many bytes of hot-patch NOPs start a function. On arm64,
// -fpatchable-function-entry=2 emits two NOP instructions (0xd503201f); skip up to two.
func hotPatchSkip(code []byte) uint64 {
	var skip uint64
	for i := 0; i+4 <= len(code) && i < 8; i += 4 {
		if binary.LittleEndian.Uint32(code[i:]) != 0xd503201f {
			break
		}
		skip += 4
	}
	return skip
}
