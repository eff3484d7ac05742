package sandbox

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The knob form of fleet-probes is taller than a 100×30 window: it says
// how many fields lie below its first screen, and, scrolled to its last
// field, how many lie above. It used to end at a field with no sign of
// more, and the breaker's knobs and the provider's were found only by
// pressing ↑ to wrap round.
func TestKnobFormSaysHowManyFieldsAreOutOfSight(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "fleet-probes")})
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e should open the knob form")
	}
	total := len(m.form.knobs)
	field := regexp.MustCompile(`│[▸ ] +\S.*  \[[^\]]*\]`)
	sign := regexp.MustCompile(`│\s*([↑↓]) (\d+) more\s*│`)
	look := func(m Model) (shown int, more map[string]int, view string) {
		view = ansi.Strip(m.View())
		more = map[string]int{}
		for _, l := range regexp.MustCompile("\n").Split(view, -1) {
			if field.MatchString(l) {
				shown++
			}
			if s := sign.FindStringSubmatch(l); s != nil {
				more[s[1]], _ = strconv.Atoi(s[2])
			}
		}
		return shown, more, view
	}

	shown, more, view := look(m)
	if shown == total {
		t.Fatalf("all %d fields fit at 100×30; the test needs a form taller than the window:\n%s", total, view)
	}
	if more["↑"] != 0 || more["↓"] != total-shown {
		t.Errorf("the first screen shows %d of %d fields and says ↑ %d, ↓ %d more; want ↓ %d more and no ↑:\n%s", shown, total, more["↑"], more["↓"], total-shown, view)
	}

	m = press(m, "up") // wraps round to the last field
	if m.form.focus != total-1 {
		t.Fatalf("↑ from the first field focuses field %d, want the last, %d", m.form.focus, total-1)
	}
	shown, more, view = look(m)
	if more["↓"] != 0 || more["↑"] != total-shown {
		t.Errorf("scrolled to the end the form shows %d of %d fields and says ↑ %d, ↓ %d more; want ↑ %d more and no ↓:\n%s", shown, total, more["↑"], more["↓"], total-shown, view)
	}
}
