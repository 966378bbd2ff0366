package symbols

// siteKind classifies the instruction at a probe address: push r64 is 50+r, or 41 50+r for
// r8-r15 (the kernel emulates all sixteen alike).
func siteKind(code []byte) string {
	switch {
	case len(code) >= 1 && code[0] >= 0x50 && code[0] <= 0x57:
		return SitePush
	case len(code) >= 2 && code[0] == 0x41 && code[1] >= 0x50 && code[1] <= 0x57:
		return SitePush
	}
	return SiteOther
}
