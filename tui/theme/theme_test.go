package theme

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/muesli/termenv"
)

func TestNoColor(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "NO_COLOR" {
				return v
			}
			return ""
		}
	}
	if NoColor(env("")) || !NoColor(env("1")) || NoColor(nil) {
		t.Error("NO_COLOR is honoured when set to anything but the empty string")
	}
	if New(Plain()).Color {
		t.Error("the plain renderer must not claim colour")
	}
	r := Plain()
	r.SetColorProfile(termenv.ANSI256)
	if !New(r).Color {
		t.Error("a 256-colour renderer should show colour")
	}
}

func TestInk(t *testing.T) {
	r := Plain()
	r.SetColorProfile(termenv.ANSI256)
	th := New(r)
	k := InkOf(th.Bad)
	if got, want := k.Paint("x"), th.Bad.Render("x"); got != want {
		t.Errorf("Ink paints %q, the style renders %q", got, want)
	}
	if got := InkOf(New(Plain()).Bad).Paint("x"); got != "x" {
		t.Errorf("a plain ink adds %q", got)
	}
}

func TestOutcomeGlyphsDiffer(t *testing.T) {
	seen := map[rune]bool{}
	for _, o := range engine.Outcomes {
		g := OutcomeGlyph(o)
		if seen[g] {
			t.Errorf("outcome %v shares its glyph %q", o, g)
		}
		seen[g] = true
	}
}

// The projector's theme has no faint or grey text, and under NO_COLOR
// (the ASCII profile) it draws nothing but the text itself.
func TestHighContrast(t *testing.T) {
	r := Plain()
	r.SetColorProfile(termenv.ANSI256)
	hc := New(r, HighContrast())
	if !hc.HighContrast || New(r).HighContrast {
		t.Fatal("HighContrast marks only the projector's theme")
	}
	for name, st := range map[string]interface{ GetFaint() bool }{"Dim": hc.Dim, "Subtitle": hc.Subtitle, "Border": hc.Border} {
		if st.GetFaint() {
			t.Errorf("%s is faint in the high-contrast theme", name)
		}
	}
	if fg := hc.Subtitle.GetForeground(); fg == New(r).Subtitle.GetForeground() {
		t.Errorf("the subtitle keeps the normal theme's grey %v", fg)
	}
	plain := New(Plain(), HighContrast())
	for _, st := range []string{plain.Title.Render("x"), plain.Key.Render("x"), plain.Bad.Render("x"), plain.Text.Render("x")} {
		if st != "x" {
			t.Errorf("NO_COLOR: the high-contrast theme styled %q", st)
		}
	}
}
