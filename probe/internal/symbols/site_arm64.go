package symbols

import "encoding/binary"

// siteKind classifies the instruction at a probe address: the frame record push
// stp x29, x30, [sp, #-N]! (64-bit STP, pre-index, Rn = sp, Rt = x29, Rt2 = x30; any offset).
func siteKind(code []byte) string {
	if len(code) < 4 {
		return SiteOther
	}
	const (
		mask = 0xffc07fff // opcode and pre-index bits, Rt2, Rn, Rt (the 7-bit offset is free)
		want = 0xa9807bfd // stp x29, x30, [sp, #imm]!
	)
	if binary.LittleEndian.Uint32(code)&mask == want {
		return SitePush
	}
	return SiteOther
}
