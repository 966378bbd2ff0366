#include "textflag.h"

// func pushSite()
TEXT ·pushSite(SB), NOSPLIT|NOFRAME, $0-0
	PUSHQ BP
	MOVQ  SP, BP
	INCQ  ·sitesSink(SB)
	POPQ  BP
	RET

// func otherSite()
TEXT ·otherSite(SB), NOSPLIT|NOFRAME, $0-0
	INCQ ·sitesSink(SB)
	RET

// func siteAddrs() (push, other uintptr)
// The addresses of the assembly bodies themselves: a Go func value of pushSite would point at the
// compiler's ABI wrapper, whose first instruction is not the one chosen here.
TEXT ·siteAddrs(SB), NOSPLIT, $0-16
	LEAQ ·pushSite(SB), AX
	MOVQ AX, push+0(FP)
	LEAQ ·otherSite(SB), AX
	MOVQ AX, other+8(FP)
	RET
