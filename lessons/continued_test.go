package lessons

import (
	"testing"
	"time"
)

// Lesson 2's first step stops where its second plays on; lesson 4's
// timeline is played on step after step; a later step that replays a run
// from its start continues nothing; a later step that starts before the
// earlier one's pause leaves that pause to be reached.
func TestContinuedBy(t *testing.T) {
	byID := map[string]*Prepared{}
	for _, p := range allPrepared(t) {
		byID[p.Lesson.ID] = p
	}
	ms := time.Millisecond
	for _, c := range []struct {
		lesson string
		step   int
		want   Continuation
		ok     bool
	}{
		{"02-timeouts", 0, Continuation{Step: 1, From: 500 * ms, Stop: 500 * ms}, true},
		{"02-timeouts", 1, Continuation{}, false}, // step 3 is another design
		{"04-breaker-states", 0, Continuation{Step: 1, From: 20 * time.Second, Stop: 20 * time.Second}, true},
		{"04-breaker-states", 3, Continuation{Step: 4, From: 80 * time.Second, Stop: 80 * time.Second}, true},
		{"04-breaker-states", 4, Continuation{}, false}, // "The breaker's cost" replays from 0
		{"01-one-slow-dependency", 2, Continuation{Step: 3, From: 12 * time.Second, Stop: 12 * time.Second}, true},
		{"12-a-fleet-of-breakers", 0, Continuation{Step: 1, From: 19 * time.Second, Stop: 20 * time.Second}, true},
	} {
		p := byID[c.lesson]
		if p == nil {
			t.Fatalf("no lesson %s", c.lesson)
		}
		got, ok := p.ContinuedBy(c.step)
		if ok != c.ok || got != c.want {
			t.Errorf("%s step %d: ContinuedBy = %+v, %v; want %+v, %v", c.lesson, c.step+1, got, ok, c.want, c.ok)
		}
	}
}
