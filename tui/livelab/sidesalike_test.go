package livelab

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// The two breaker panes read alike side by side: the simulated log wrote
// its times to the hundredth ("1.45 s") where they fell on one, beside the
// measured "1.401 s", and at one line chose "transitions:" beside "last:"
// by the time's width; the simulated diagram read "after 1.000000001 s",
// the lab's simulation waiting a nanosecond longer than the wait set
// (lab.afterDeadline), beside the measured "after 1 s".
func TestBothBreakerPanesReadAlike(t *testing.T) {
	sc := scenarios.Checkout()
	for i := range sc.Variants[3].System.Dependencies {
		d := &sc.Variants[3].System.Dependencies[i]
		if b := d.Policy.Breaker; b != nil {
			c := *b
			c.OpenFor += time.Nanosecond
			d.Policy.Breaker = &c
		}
	}
	// One side's times on whole hundredths, as the lab's simulated ones
	// fell at the load's 50 ms beat.
	real := fakeReal(t, scenarios.Checkout(), 3, 5, 200*time.Millisecond)
	hundredths := func() engine.Snapshot {
		s := real()
		s.Transitions = slices.Clone(s.Transitions)
		for i := range s.Transitions {
			s.Transitions[i].At = s.Transitions[i].At.Round(10 * time.Millisecond)
		}
		return s
	}
	m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: 3, Seed: 5, Where: "127.0.0.1:7011", Real: hundredths})
	if err != nil {
		t.Fatal(err)
	}
	for range 15 { // three seconds in: the breaker has opened and half-opened
		m.Update(tickMsg{})
	}
	logTime := regexp.MustCompile(`(\d+\.\d+) s  (closed|open|half-open) →`)
	for _, size := range [][2]int{{200, 60}, {100, 30}} {
		out := ansi.Strip(checkFrame(t, m, size[0], size[1]))
		times := logTime.FindAllStringSubmatch(out, -1)
		if len(times) < 2 {
			t.Fatalf("%dx%d: no transitions logged on both sides:\n%s", size[0], size[1], out)
		}
		for _, tm := range times {
			if i := strings.Index(tm[1], "."); len(tm[1])-i-1 != 3 {
				t.Errorf("%dx%d: a log time %q not to the millisecond, as the measured side's are:\n%s", size[0], size[1], tm[1], out)
			}
		}
		if size[0] == 200 && (strings.Contains(out, "1.000000001") || strings.Count(out, "after 1 s") != 2) {
			t.Errorf("%dx%d: the diagrams' open waits differ:\n%s", size[0], size[1], out)
		}
	}
}
