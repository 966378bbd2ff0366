package symbols

import "testing"

func TestValidateName(t *testing.T) {
	for _, ok := range []string{"kgiPinObject", "pfrinstr_XCAL", "kge*", "kgl?np", "opiodr$x"} {
		if err := ValidateName(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "*", "k*", "kgiPinObject+2", "0x1234", "a b", "../etc", "kgl[a-z]*"} {
		if err := ValidateName(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestHotPatchSkipRecognisesNOPs(t *testing.T) {
	if hotPatchSkip(nopPrologue) == 0 {
		t.Errorf("hot-patch NOPs %x not recognised", nopPrologue)
	}
	if hotPatchSkip(plainPrologue) != 0 {
		t.Errorf("plain prologue %x taken for a hot-patch NOP", plainPrologue)
	}
}

// TestSiteKind: a frame push at the probe address (what follows Oracle's hot-patch NOP) is a
// "push" site, whatever register or frame size; other instructions are "other".
func TestSiteKind(t *testing.T) {
	for _, c := range []struct {
		code []byte
		want string
	}{{plainPrologue, SitePush}, {pushVariant, SitePush}, {otherStart, SiteOther}, {nil, SiteOther}} {
		if got := siteKind(c.code); got != c.want {
			t.Errorf("siteKind(%x) = %s, want %s", c.code, got, c.want)
		}
	}
}
