package challengeui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// A why of knobs together ([[whys]]) is named by its knobs where the panel
// has no room for it, as a knob's own why is by its knob: "payment
// deadline and payment timeout", where it read "another".
func TestAJointWhyIsNamedByItsKnobs(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	m := sized(t, open(t, "deadline", Options{}), 80, 24)
	m.setting = challenge.Setting{"payment.deadline": "1s", "payment.timeout": "1s", "payment.retry.attempts": int64(3)}
	r, err := m.c.Grade(m.setting)
	if err != nil {
		t.Fatal(err)
	}
	whys := m.c.ExplainResult(m.setting, r)
	if len(whys) == 0 {
		t.Fatal("deadline 1 s beside a timeout of 1 s is told no why")
	}
	if got, want := m.whyName(whys[0], r), "payment deadline and payment timeout"; got != want {
		t.Errorf("the why %q is named %q, want %q", whys[0], got, want)
	}
}
