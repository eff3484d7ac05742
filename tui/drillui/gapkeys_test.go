package drillui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A revealed open card's grade keys carry their gaps on the key line, on
// screen without scrolling: at 80×24 the grade line sat under the model
// answer, below the fold, and the key line read "1 again • 2 hard • …"
// with no gap. The gaps are said once, for a new card and for one whose
// gaps run to months (the longest they are written). Below the width the
// gaps need, the body keeps them under the answer, as before.
func TestRevealedOpenCardShowsTheGapsOnTheKeyLine(t *testing.T) {
	racefree.Only(t)
	const id = "ref-001-self-check-3"
	months := drill.State{Reps: 5, Ease: drill.StartEase, Interval: 100, Due: now.Add(-time.Hour), Last: now.Add(-100 * 24 * time.Hour)}
	for _, st := range []drill.State{{}, months} {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
			s := newStore(t)
			if st.Seen() {
				s.Set(id, st)
			}
			m := tuitest.Press(modelAt(t, sz[0], sz[1], s, func() time.Time { return now }, id), "space")
			v := ansi.Strip(m.View())
			keys := v[strings.LastIndex(v, "\n")+1:]
			if got := shownIntervals(t, keys); !matchesGaps(got, m.Intervals()) {
				t.Errorf("%dx%d: the key line shows %v; the grades schedule %v", sz[0], sz[1], got, m.Intervals())
			}
			if !strings.Contains(keys, "? keys") || !strings.Contains(keys, "esc quit") {
				t.Errorf("%dx%d: the key line lost ? or esc: %q", sz[0], sz[1], keys)
			}
			if n := strings.Count(v, "1 again "); n != 1 {
				t.Errorf("%dx%d: the gaps are said %d times:\n%s", sz[0], sz[1], n, v)
			}
		}
	}
	// At 60 columns they do not fit beside ? and esc: the key line has the
	// bare keys, and the end of the body the gaps.
	m := tuitest.Press(modelAt(t, 60, 16, newStore(t), func() time.Time { return now }, id), "space", "pgdown", "pgdown", "pgdown")
	v := ansi.Strip(m.View())
	keys := v[strings.LastIndex(v, "\n")+1:]
	if strings.Contains(keys, "10m") || !matchesGaps(shownIntervals(t, v), m.Intervals()) {
		t.Errorf("60x16: the gaps should be in the body, not on the key line %q:\n%s", keys, v)
	}
}

// matchesGaps reports whether the gaps read off the screen are the ones
// the grades schedule.
func matchesGaps(shown []string, ivals [4]time.Duration) bool {
	for g, d := range ivals {
		if shown[g] != drill.FormatInterval(d) {
			return false
		}
	}
	return true
}
