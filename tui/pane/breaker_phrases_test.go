package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A breaker pane narrow enough to wrap the policy's sentence breaks it
// between phrases: multi-hop at 80x24 ended a line in "go straight
// through · no" and began the next with "timeout.", half a phrase on
// each line.
func TestPolicySentenceBreaksBetweenPhrases(t *testing.T) {
	d := tuitest.At(t, "multi-hop", 0, 10)
	for w := 24; w <= 60; w++ {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(d)
		b.SetSize(w, 12)
		v := ansi.Strip(b.View())
		if !strings.Contains(flatten(v), "go straight through · no timeout.") {
			t.Fatalf("width %d: the sentence is not there to check:\n%s", w, v)
		}
		for _, l := range strings.Split(v, "\n") {
			l = strings.TrimSpace(strings.Trim(l, "│ "))
			for _, bad := range []string{" no", " go", " straight"} {
				if strings.HasSuffix(l, bad) {
					t.Errorf("width %d: a line ends mid-phrase in %q:\n%s", w, bad, v)
				}
			}
			for _, bad := range []string{"timeout.", "straight ", "through"} {
				if strings.HasPrefix(l, bad) {
					t.Errorf("width %d: a line starts mid-phrase with %q:\n%s", w, bad, v)
				}
			}
		}
	}
}
