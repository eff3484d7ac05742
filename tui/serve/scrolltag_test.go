package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// At 40 and 50 columns the home menu, scrolled, says on its top line how many
// lines are above it, and the room's tag shares that line: the tag, the
// fullest form that fit the whole width, was drawn over the marker and
// the student read no sign that the menu went on above.
func TestNarrowMenuKeepsItsMarkerBesideTheTag(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	// At 50 columns the teacher's fullest tag that fits the line leaves
	// the marker 4 cells: the tag gives way to a shorter form.
	for _, c := range []struct {
		who string
		s   *Session
		tag string
		w   int
	}{
		{"teacher", plainSession(t, room, true, 40, 24), "not shown to followers", 40},
		{"student", plainSession(t, room, false, 40, 24), "on home", 40},
		{"teacher", plainSession(t, room, true, 50, 24), "not shown to followers", 50},
	} {
		keys(c.s, strings.Repeat("j", 12))
		top := firstLine(c.s.View())
		if !strings.Contains(top, "↑") || !strings.Contains(top, "more") {
			t.Errorf("%s: the top line %q lost the marker of the lines above", c.who, top)
		}
		if !strings.Contains(top, c.tag) {
			t.Errorf("%s: the top line %q lost the room's tag %q", c.who, top, c.tag)
		}
		if w := ansi.StringWidth(top); w != c.w {
			t.Errorf("%s: the top line is %d cells wide, want %d: %q", c.who, w, c.w, top)
		}
		// Unscrolled, the menu's top line is blank: the tag is its own.
		keys(c.s, strings.Repeat("k", 12))
		if top := firstLine(c.s.View()); strings.Contains(top, "↑") {
			t.Errorf("%s: back at the top, the top line still says %q", c.who, top)
		}
	}
	// At 80 columns the teacher's menu, not scrolled, has its top line
	// blank: the tag is the fullest, counts of who is on home included.
	wide := plainSession(t, room, true, 80, 24)
	if top := firstLine(wide.View()); !strings.Contains(top, "on home") {
		t.Errorf("the teacher's top line at 80 columns %q lost the count of who is on home", top)
	}
}
