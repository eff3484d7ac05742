package sandbox

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/charmbracelet/x/ansi"
)

// A call without a breaker is given one from the knob form: its breaker
// field takes a library's name and adds that library's breaker with its
// documented defaults (breaker.Presets), which the run then has, and the
// variant's mark says which library's it is. The breaker pane of such a
// variant says how. It said "No circuit breaker in this variant." and
// named no way to add one.
func TestTheKnobFormAddsALibrarysBreaker(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pay.toml")
	// One variant, without a breaker: no other variant to show one.
	writeFile(t, path, payTOML[:strings.Index(payTOML, "\n[[variants]]\nname = \"with a breaker\"")])
	m := followed(t, path)
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "Press e to add one: the breaker field.") {
		t.Errorf("the breaker pane names no way to add a breaker:\n%s", m.View())
	}
	m = press(m, "e")
	m = focusLabel(t, m, "breaker", 1)
	if k := m.form.knobs[m.form.focus]; strings.TrimSpace(k.input.Value()) != "none" || !strings.Contains(k.hint, "resilience4j") {
		t.Fatalf("the breaker field holds %q with hint %q, want none and the libraries named", k.input.Value(), k.hint)
	}

	// A name that is no library's is refused, saying what is taken.
	m = press(m, "ctrl+u", "n", "e", "t", "f", "l", "i", "x", "enter")
	if m.form == nil {
		t.Fatal("netflix was taken")
	}
	if k := m.form.knobs[m.form.focus]; !strings.Contains(k.err+" "+k.why, "none, or a library's defaults: resilience4j, polly") {
		t.Fatalf("netflix was refused as %q (%q), not naming what is taken", k.err, k.why)
	}

	m = press(m, "ctrl+u", "g", "o", "b", "r", "e", "a", "k", "e", "r", "enter")
	if m.form != nil {
		t.Fatalf("gobreaker was refused: %s", m.form.err)
	}
	got := m.sim.sc.Variants[0].System.Dependencies[0].Policy.Breaker
	if got == nil || !reflect.DeepEqual(*got, breaker.Gobreaker()) {
		t.Fatalf("the call's breaker is %+v, want gobreaker's defaults %+v", got, breaker.Gobreaker())
	}
	if name := m.sim.sc.Variants[0].Name; name != "timeout only (edited: payments' breaker gobreaker)" {
		t.Errorf("the variant reads %q, want it to say the breaker added by its library", name)
	}

	// The form now shows the breaker's numbers; one tuned, the mark says
	// the library and the number.
	m = press(m, "e")
	m = focusLabel(t, m, "open for", 1)
	m = press(m, "ctrl+u", "5", "s", "enter")
	if m.form != nil {
		t.Fatalf("open for 5s was refused: %s", m.form.err)
	}
	if name := m.sim.sc.Variants[0].Name; !strings.HasPrefix(name, "timeout only (edited: payments' breaker gobreaker, payments' open for 5 s") {
		t.Errorf("the variant reads %q, want the library and the tuned number", name)
	}
}
