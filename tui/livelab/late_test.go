package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A machine too busy to send the load on time leaves gaps in the measured
// side (outcomes decided in bursts, /health silent for a second), which
// the table's stall note explains and the live view did not: past the
// lateness the table allows, the footer says so, and only then.
func TestFooterSaysWhenTheLoadWentOutLate(t *testing.T) {
	racefree.Only(t) // no goroutine: drives the model by messages
	for _, tc := range []struct {
		late time.Duration
		said bool
	}{{1234 * time.Millisecond, true}, {500 * time.Millisecond, false}, {20 * time.Millisecond, false}} {
		m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: scenarios.Checkout(), Variant: 3, Seed: 5, Where: "127.0.0.1:7011",
			Real: fakeReal(t, scenarios.Checkout(), 3, 6, 200*time.Millisecond),
			Late: func() (time.Duration, time.Duration) { return tc.late, 500 * time.Millisecond }})
		if err != nil {
			t.Fatal(err)
		}
		for range 15 {
			m.Update(tickMsg{})
		}
		for _, size := range [][2]int{{80, 24}, {200, 60}} {
			out := checkFrame(t, m, size[0], size[1])
			// Words only: the sentence wraps where the width says.
			flat := strings.Join(strings.Fields(out), " ")
			said := strings.Contains(flat, "this machine is too busy to keep time: requests went out up to 1.23 s late (over 500 ms)")
			if said != tc.said {
				t.Errorf("%v late at %dx%d: the footer says so %v, want %v:\n%s", tc.late, size[0], size[1], said, tc.said, out)
			}
			if !strings.Contains(out, "Breaker · payment") || !strings.Contains(out, "q quit") {
				t.Errorf("%v late at %dx%d: the breaker's pane or the keys gave way:\n%s", tc.late, size[0], size[1], out)
			}
		}
	}
}
