#include "textflag.h"

// func pushSite()
TEXT ·pushSite(SB), NOSPLIT|NOFRAME, $0-0
	STP.W (R29, R30), -16(RSP)
	MOVD  RSP, R29
	MOVD  $·sitesSink(SB), R0
	MOVD  (R0), R1
	ADD   $1, R1
	MOVD  R1, (R0)
	LDP.P 16(RSP), (R29, R30)
	RET

// func otherSite()
TEXT ·otherSite(SB), NOSPLIT|NOFRAME, $0-0
	MOVD $1, R1
	MOVD $·sitesSink(SB), R0
	MOVD (R0), R2
	ADD  R1, R2
	MOVD R2, (R0)
	RET

// func siteAddrs() (push, other uintptr)
// The addresses of the assembly bodies themselves: a Go func value of pushSite would point at the
// compiler's ABI wrapper, whose first instruction is not the one chosen here.
TEXT ·siteAddrs(SB), NOSPLIT, $0-16
	MOVD $·pushSite(SB), R0
	MOVD R0, push+0(FP)
	MOVD $·otherSite(SB), R0
	MOVD R0, other+8(FP)
	RET
