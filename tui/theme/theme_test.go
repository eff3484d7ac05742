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
