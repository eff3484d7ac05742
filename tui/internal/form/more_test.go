package form

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A scrolled form says how many fields are out of sight above and below
// it, and the counts add up with the fields shown to every field: cut
// off with no sign, the form seemed to end at its last visible field.
func TestScrolledFormCountsTheFieldsOutOfSight(t *testing.T) {
	th := tuitest.Plain()
	var items []Item
	for i := range 20 {
		items = append(items, Item{Label: fmt.Sprintf("knob %d", i), Hint: "a hint", Value: fmt.Sprint(i)})
	}
	sections := []Section{{0, "First"}, {10, "Second"}}
	sign := regexp.MustCompile(`^\s*([↑↓]) (\d+) more$`)
	for _, tc := range []struct {
		focus            int
		wantUp, wantDown bool
	}{{0, false, true}, {10, true, true}, {19, true, false}} {
		lines, owner := Layout(th, items, sections, tc.focus, "", "footer", 60, 12)
		if len(lines) != 12 {
			t.Fatalf("focus %d: %d lines, want 12", tc.focus, len(lines))
		}
		shown := map[int]bool{}
		count := map[string]int{}
		for j, l := range lines {
			if owner[j] >= 0 {
				shown[owner[j]] = true
			}
			if m := sign.FindStringSubmatch(ansi.Strip(l)); m != nil {
				count[m[1]], _ = strconv.Atoi(m[2])
			}
		}
		view := ansi.Strip(strings.Join(lines, "\n"))
		if (count["↑"] > 0) != tc.wantUp || (count["↓"] > 0) != tc.wantDown {
			t.Errorf("focus %d: ↑ %d, ↓ %d more; want signs above %v, below %v:\n%s", tc.focus, count["↑"], count["↓"], tc.wantUp, tc.wantDown, view)
		}
		if got := len(shown) + count["↑"] + count["↓"]; got != len(items) {
			t.Errorf("focus %d: %d fields shown and %d said to be out of sight, of %d:\n%s", tc.focus, len(shown), count["↑"]+count["↓"], len(items), view)
		}
		if !shown[tc.focus] {
			t.Errorf("focus %d: the focused field is out of sight:\n%s", tc.focus, view)
		}
	}
	// A form that fits has no signs.
	for _, l := range Lines(th, items, sections, 5, "", "footer", 60, 100) {
		if strings.Contains(l, "more") {
			t.Errorf("a form that fits says %q", ansi.Strip(l))
		}
	}
}

// A scrolled form never starts on a later line of a wrapped hint: the
// sandbox's knob form, scrolled down to a dependency's retries, began
// "↑ 10 more" then "to 24h", the tail of the retry backoff's range under
// no field. Whatever the focus, the first line under the sign is a
// field's own line or a section's, and the signs still count every field.
func TestScrolledFormStartsOnAField(t *testing.T) {
	th := tuitest.Plain()
	var items []Item
	for i := range 16 {
		hint := "a short hint"
		if i%3 == 1 {
			hint = "doubling, jittered; 0: at once; 0 to 24h, a hint that wraps"
		}
		items = append(items, Item{Label: fmt.Sprintf("knob %d", i), Hint: hint, Value: fmt.Sprint(i)})
	}
	sections := []Section{{0, "First"}, {8, "Second"}}
	sign := regexp.MustCompile(`^\s*([↑↓]) (\d+) more$`)
	for _, h := range []int{8, 9, 10, 11, 12} {
		for focus := range items {
			lines, owner := Layout(th, items, sections, focus, "", "footer", 70, h)
			view := ansi.Strip(strings.Join(lines, "\n"))
			if len(lines) > h {
				t.Fatalf("height %d, focus %d: %d lines:\n%s", h, focus, len(lines), view)
			}
			shown, count := map[int]bool{}, map[string]int{}
			for j, l := range lines {
				if owner[j] >= 0 {
					shown[owner[j]] = true
				}
				if m := sign.FindStringSubmatch(ansi.Strip(l)); m != nil {
					count[m[1]], _ = strconv.Atoi(m[2])
				}
			}
			if !shown[focus] || len(shown)+count["↑"]+count["↓"] != len(items) {
				t.Fatalf("height %d, focus %d: %d shown, ↑ %d, ↓ %d, of %d fields:\n%s", h, focus, len(shown), count["↑"], count["↓"], len(items), view)
			}
			if count["↑"] == 0 {
				continue
			}
			first := 1 // the line under the sign
			if o := owner[first]; o >= 0 && !strings.Contains(ansi.Strip(lines[first]), items[o].Label) {
				t.Errorf("height %d, focus %d: the form starts on a wrapped hint's later line %q, under no field:\n%s", h, focus, ansi.Strip(lines[first]), view)
			}
		}
	}
}
