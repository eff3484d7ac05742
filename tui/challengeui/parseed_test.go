package challengeui

import (
	"strings"
	"testing"
)

// Challenge 1 at a recommendations timeout of 2s meets its goals and not
// its par, a bound on the timeout itself. The par line read "par:
// recommendations timeout on seed 1", as if the knob's value were one
// seed's: it is the same on every seed, and the line names none.
func TestAParOnAKnobNamesNoSeed(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 100, 30)
	m = press(t, m, "enter", "ctrl+u", "2", "s", "enter")
	r := m.Result()
	if r == nil || !r.Pass || r.MeetsPar {
		t.Fatalf("the case wanted is the goals met and the par not: %+v", r)
	}
	l := lineWith(m, "par: recommendations timeout")
	if l == "" || !strings.Contains(l, "✗") {
		t.Fatalf("no par line marked short:\n%s", m.View())
	}
	if strings.Contains(l, "seed") {
		t.Errorf("the par on a knob's value names a seed: %q", strings.TrimSpace(l))
	}
}
