package overhead

// The calibration sites are written in assembly so that the instruction the uprobe hits is fixed,
// not whatever the Go compiler chose: what one hit costs depends on that instruction. The kernel
// emulates a register push (the usual frame setup, and what an Oracle function starts with right
// after its hot-patch NOP) without leaving the trap, and executes most other instructions out of
// line with a second trap, several times dearer. symbols classifies every probed function by the
// same two kinds, so each hit is estimated at the cost of its own kind.

// pushSite starts with a frame-pointer push (amd64: push %rbp; arm64: stp x29, x30, [sp, #-16]!).
func pushSite()

// otherSite starts with an instruction the kernel single-steps (amd64: a RIP-relative increment,
// as the fixture's kglPinSetContext starts with a RIP-relative load; arm64: movz).
func otherSite()

// sitesSink is what the sites increment, so their bodies do the same small work.
var sitesSink uint64

// siteAddrs returns the run-time addresses of pushSite's and otherSite's first instructions.
func siteAddrs() (push, other uintptr)
