package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// C's side headers say the breaker's state on both sides or on neither:
// at 100x30 Polly's short header kept "· breaker CLOSED" while
// Resilience4j's, longer, dropped it, and the left side's state went
// unsaid beside the right's.
func TestCompareHeadersSayTheStateOnBothSides(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, w := range []int{80, 100, 120, 160} {
		m := newModel(t, w, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
		m = seekTo(t, m, 50*time.Second)
		m = press(m, "C")
		if on, _, _ := m.Comparing(); !on {
			t.Fatalf("width %d: C should open the presets' compare", w)
		}
		var head string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "Resilience4j") || strings.Contains(l, "Polly") {
				head += l + "\n"
			}
		}
		if n := strings.Count(head, "breaker "); n == 1 {
			t.Errorf("width %d: one side's header says its breaker's state, the other's not:\n%s", w, head)
		}
	}
}

// C's side headers set the variant's number off from its name: "A  1 one
// shared pool" read as "one one". Wide, "variant 1, one shared pool";
// in a narrow half, numbered as a list is, "1. one shared pool".
func TestCompareHeadersSetTheNumberOffTheName(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, c := range []struct {
		w, h        int
		want, want2 string
	}{
		{80, 24, "A  1. one shared pool", "B  3. bulkhead and circuit breaker"},
		{160, 45, "A  variant 1, one shared pool", "B  variant 3, bulkhead and circuit breaker"},
	} {
		m := newModel(t, c.w, c.h, Options{})
		m = press(m, "c")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, c.want) || !strings.Contains(v, c.want2) || strings.Contains(v, "1 one") {
			t.Errorf("%dx%d: compare's headers should read %q and %q:\n%s", c.w, c.h, c.want, c.want2, v)
		}
	}
}
