package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// Under wide columns the builder draws no charts, and says so in the
// parts' bottom edge; a fault's note speaks of the charts only where they
// are drawn. At 100×30 the note read "the charts mark its span" over a
// screen of the map and the list, and nothing said a wider window draws
// them.
func TestChartsLeftOutAreNamed(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, tc := range []struct {
		w, h   int
		hidden bool
		marks  string
	}{
		{80, 24, true, "the list marks its span"},
		{100, 30, true, "the list marks its span"},
		{wide, 40, false, "the list and the charts mark its span"},
		{200, 60, false, "the list and the charts mark its span"},
	} {
		m := tuitest.Press(newBuilder(tc.w, tc.h), "enter", "d") // /checkout → db
		m = tuitest.Press(selectPart(t, m, "db"), "i", "ctrl+u", "20s hang for 10s", "enter")
		if m.msgErr || !strings.Contains(m.msg, "in every variant: "+tc.marks+", w saves it") {
			t.Errorf("%d×%d: the fault's note %q, want %q", tc.w, tc.h, m.msg, tc.marks)
		}
		v := ansi.Strip(m.View())
		if got := strings.Contains(v, "hidden: the charts"); got != tc.hidden {
			t.Errorf("%d×%d: the charts named hidden: %v, want %v\n%s", tc.w, tc.h, got, tc.hidden, v)
		}
		if charts := strings.Contains(v, "Outcomes per endpoint"); charts == tc.hidden {
			t.Errorf("%d×%d: the outcomes chart drawn: %v, named hidden: %v", tc.w, tc.h, charts, tc.hidden)
		}
	}
}
