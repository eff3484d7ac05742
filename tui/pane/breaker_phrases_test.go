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

// The count of refused calls stays on the line of its word: breaker-
// timeline at 80x24 ended a line in "· 56" with "refused so far" under
// it, and async-cascade's open breaker "· 986" with "refused, answered
// from the cache" under it.
func TestRefusedCountStaysWithItsWord(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		at       float64
	}{{"breaker-timeline", 0, 120}, {"breaker-timeline", 0, 40}, {"async-cascade", 2, 30}, {"cascade", 2, 26}} {
		d := tuitest.At(t, c.scenario, c.variant, c.at)
		for w := 30; w <= 70; w++ {
			b := pane.NewBreaker(tuitest.Plain())
			b.SetData(d)
			b.SetSize(w, 16)
			v := ansi.Strip(b.View())
			for _, l := range strings.Split(v, "\n") {
				l = strings.TrimSpace(strings.Trim(l, "│ "))
				if f := strings.Fields(l); len(f) > 1 && f[len(f)-2] == "·" && strings.Trim(f[len(f)-1], "0123456789,") == "" {
					t.Errorf("%s at %v s, width %d: a line ends in a bare count %q:\n%s", c.scenario, c.at, w, l, v)
				}
			}
		}
	}
}
