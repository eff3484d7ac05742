package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Level 12 with no deadline read "deadline within the client's patience:
// none ≤ 1 s", a value that seems to meet the bound beside a ✗. The goal
// reads "not set", as its knob does beside its 0 s, and the why says in words what that misses, with the
// bound the goal holds it to.
func TestAnUnsetDeadlineReadsAsNotSet(t *testing.T) {
	racefree.Only(t) // the gradings run in this goroutine (settle); nothing starts another
	m := sized(t, open(t, "deadline", Options{}), 200, 60)
	m = press(t, m, "enter", "ctrl+u", "n", "o", "n", "e", "enter")
	if got := m.setting["payment.deadline"]; got != "0s" {
		t.Fatalf("typing none set the deadline to %v", got)
	}
	r := m.Result()
	if r == nil {
		t.Fatal("no result")
	}
	var goal string
	for i := range r.Goals {
		if r.Goals[i].Goal.Metric == "param" {
			goal = r.Goals[i].Goal.Label
		}
	}
	line := lineWith(m, goal)
	if !strings.Contains(line, challenge.UnsetText) || strings.Contains(line, "none") {
		t.Errorf("the goal's line: %q\nwant %q, not \"none\"", line, challenge.UnsetText)
	}
	// The knob says the same word for the same unset deadline: it read
	// "0 s (none)" beside the goal's "not set".
	if knob := lineWith(m, "‹ 0 s"); !strings.Contains(knob, "‹ 0 s ("+challenge.UnsetText+") ›") || strings.Contains(knob, "none") {
		t.Errorf("the knob's line: %q\nwant 0 s (%s), the goal's word", knob, challenge.UnsetText)
	}
	// The challenge's panel is left of the sandbox's first border.
	var panel []string
	for _, l := range plainLines(m) {
		l, _, _ = strings.Cut(l, "│")
		panel = append(panel, l)
	}
	text := strings.Join(strings.Fields(strings.Join(panel, " ")), " ")
	for _, want := range []string{"not set ≤ 1 s", "why: deadline within the client's patience: no deadline, so a call may wait past the 1 s this goal allows."} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen does not say %q:\n%s", want, strings.Join(plainLines(m), "\n"))
		}
	}
}
