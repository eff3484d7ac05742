package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// At 80 columns the knob form wrapped each field's range onto a second
// line ("0 to" / "100,000", "0" / "to 24h"), in every scenario with a
// pool or a retry. Every field's range is now read whole on the field's
// own line, or for the focused field on the line above the footer.
func TestKnobFormRangesStayWholeAt80Columns(t *testing.T) {
	for _, name := range scenarios.Names() {
		if name == "shuffle" {
			continue // the shard view's form, which has no ranges
		}
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, name)})
		m = press(m, "e")
		if m.form == nil {
			t.Fatalf("%s: e opened no form", name)
		}
		for i := range m.form.knobs {
			m.form.focusField(i)
			lines, owner := m.form.layout(m.w-2, 1000)
			k := &m.form.knobs[i]
			rng := k.rangeIn(k.hintNow())
			if rng == "" {
				continue
			}
			whole := false
			for j, l := range lines {
				l = ansi.Strip(l)
				first := owner[j] == i && (j == 0 || owner[j-1] != i)
				if first && strings.Contains(l, rng) || owner[j] == -1 && strings.Contains(l, strings.TrimSpace(k.label)+" takes "+rng) {
					whole = true
				}
			}
			if !whole {
				t.Errorf("%s: %q's range %q is on neither its field's line nor above the footer:\n%s", name, k.label, rng, ansi.Strip(strings.Join(lines, "\n")))
			}
		}
	}
}
