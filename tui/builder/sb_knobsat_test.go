package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// cursorSection is the title of the knob form's section the cursor is
// in, and the cursor's line, as the form draws them.
func cursorSection(m Model) (title, line string) {
	for _, l := range m.form.Lines("", 120, 200) {
		l = strings.TrimSpace(ansi.Strip(l))
		if strings.HasPrefix(l, "▸ ") {
			return title, l
		}
		if !strings.HasPrefix(l, "[") && !strings.Contains(l, "[") && l != "" {
			title = l
		}
	}
	return "", ""
}

// e opens the knob form at the selected part's knobs, as the sandbox's e
// opens it at the part selected on its map. It opened at the server's
// workers whatever was selected: b's note ("e sets its numbers") sent the
// user to a form whose breaker fields for db sat a screen below, and a
// service's workers, typed over the first field, set the server's.
func TestKnobsOpenAtTheSelectedPart(t *testing.T) {
	racefree.Only(t)                                                // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "d", "s", "d") // /checkout → db; /orders → orders → cache
	m = tuitest.Press(selectPart(t, m, "db"), "b")
	if !strings.Contains(m.msg, "e sets its numbers") {
		t.Fatalf("b's note: %q", m.msg)
	}
	for _, tc := range []struct{ part, section, field string }{
		{"db", "Calls to db (this variant only)", "timeout"},
		{"orders", "Service orders (every variant)", "workers"},
		{"cache", "Calls orders → cache (this variant only)", "timeout"},
		{"front", "The server and its traffic (every variant)", "workers"},
		{"/checkout", "The server and its traffic (every variant)", "workers"},
	} {
		o := tuitest.Press(selectPart(t, m, tc.part), "e")
		if o.form == nil {
			t.Fatalf("%s: e opened no form: %s", tc.part, o.msg)
		}
		title, line := cursorSection(o)
		if title != tc.section || !strings.HasPrefix(line, "▸ "+tc.field+" ") {
			t.Errorf("%s selected, e opened at %q in %q, want %s in %q", tc.part, line, title, tc.field, tc.section)
		}
	}
	// What is typed there goes to the part selected.
	m = tuitest.Press(selectPart(t, m, "orders"), "e", "ctrl+u", "24", "enter")
	if got, srv := service(&m.sc.Variants[0].System, "orders").Workers, m.sc.Variants[0].System.Workers; m.form != nil || got != 24 || srv != 32 {
		t.Errorf("orders' workers %d, the server's %d, want 24 and 32 (%s)", got, srv, m.msg)
	}
}
