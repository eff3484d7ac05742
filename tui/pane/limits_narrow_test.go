package pane_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// bareCount is a title's note that is a number alone: "╮" after it.
var bareCount = regexp.MustCompile(`─ [\d,]+ ─╮`)

// A narrow limits pane's title says what its number counts: "5 tasks",
// or nothing, never a bare "5" (the reviewer's "Limits ── 5").
func TestNarrowLimitsTitleSaysWhatItCounts(t *testing.T) {
	d := tuitest.At(t, "go-server", 1, 10)
	for w := 16; w <= 40; w++ {
		v := limitsView(d, w, 8)
		top := strings.Split(v, "\n")[0]
		if bareCount.MatchString(top) {
			t.Errorf("width %d: a bare number in the title: %q", w, top)
		}
		if strings.Contains(top, "…") {
			t.Errorf("width %d: the title is cut: %q", w, top)
		}
	}
}

// A narrow limits pane never cuts a row's numbers ("transport █░░ 4/…"):
// the bars give way first, then the words.
func TestNarrowLimitsCutNoNumber(t *testing.T) {
	for _, v := range []int{0, 1} {
		d := tuitest.At(t, "go-server", v, 10)
		for w := 16; w <= 40; w++ {
			if view := limitsView(d, w, 10); strings.Contains(view, "…") {
				t.Errorf("go-server variant %d at width %d: a row is cut:\n%s", v+1, w, view)
			}
		}
	}
}
