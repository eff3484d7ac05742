package form

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A value longer than the usual field is shown whole, and a hint longer
// than the room beside the field wraps under itself: nothing is cut.
func TestValuesAndHintsAreWhole(t *testing.T) {
	items := []Item{
		{Label: "left", Value: "overlap-limited", Hint: "plain, shuffle, hash or overlap-limited"},
		{Label: "rate", Value: "1", Hint: "requests a second; 1 to 1,048,576, or 0 to send none at all"},
	}
	for _, w := range []int{78, 60, 40} {
		lines := Lines(tuitest.Plain(), items, nil, 1, "", "", w, 20)
		view := ansi.Strip(strings.Join(lines, "\n"))
		flat := strings.Join(strings.Fields(view), " ")
		for _, want := range []string{"[overlap-limited", "1 to 1,048,576, or 0 to send none at all", "hash or overlap-limited"} {
			if !strings.Contains(flat, want) {
				t.Errorf("at %d columns %q is not whole:\n%s", w, want, view)
			}
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Errorf("at %d columns a line is %d wide: %q", w, ansi.StringWidth(l), ansi.Strip(l))
			}
		}
		tuitest.CheckNoCuts(t, "form", view, items[0].Hint, items[1].Hint)
	}
}
