package form

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// Layout names, for every line it draws, the item on it: the line of item
// i shows knob i's label, and titles, blanks and the message belong to
// none; scrolled or not, the lines are Lines'.
func TestLayoutNamesTheItemOfEveryLine(t *testing.T) {
	th := tuitest.Plain()
	var items []Item
	for i := range 20 {
		items = append(items, Item{Label: fmt.Sprintf("knob %d", i), Hint: "a hint", Value: fmt.Sprint(i)})
	}
	sections := []Section{{0, "First"}, {10, "Second"}}
	for _, tc := range []struct{ focus, w, h int }{{0, 60, 100}, {15, 60, 100}, {15, 40, 8}, {3, 40, 8}, {19, 60, 12}, {0, 10, 3}} {
		lines, owner := Layout(th, items, sections, tc.focus, "", "footer of the form", tc.w, tc.h)
		if want := Lines(th, items, sections, tc.focus, "", "footer of the form", tc.w, tc.h); !slices.Equal(lines, want) {
			t.Fatalf("%+v: Layout's lines are not Lines'", tc)
		}
		if len(owner) != len(lines) {
			t.Fatalf("%+v: %d owners for %d lines", tc, len(owner), len(lines))
		}
		seen := 0
		for j, l := range lines {
			f := strings.Fields(ansi.Strip(l))
			k := slices.Index(f, "knob")
			want := -1
			if k >= 0 && k+1 < len(f) {
				want, _ = strconv.Atoi(f[k+1])
			}
			if owner[j] != want {
				t.Errorf("%+v: line %d %q belongs to item %d, want %d", tc, j, ansi.Strip(l), owner[j], want)
			}
			if want >= 0 {
				seen++
			}
		}
		if tc.h >= 8 && seen == 0 {
			t.Errorf("%+v: no item line at all", tc)
		}
	}
}
