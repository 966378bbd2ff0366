package symbols

// Probe site kinds: what the first instruction at a probe address is, because that decides what a
// hit costs. The kernel emulates a register push inside the breakpoint trap; most other
// instructions are copied out of line and single-stepped, a second trap. The overhead estimate
// is calibrated per kind (internal/overhead).
const (
	SitePush  = "push"  // a register push: the frame setup after Oracle's hot-patch NOP
	SiteOther = "other" // anything else (estimated at the single-step cost)
)

// SiteAt classifies the instruction at a file offset of an ELF file.
func SiteAt(path string, off uint64) (string, error) {
	code, err := readCode(path, off, 16)
	if err != nil {
		return "", err
	}
	return siteKind(code), nil
}
