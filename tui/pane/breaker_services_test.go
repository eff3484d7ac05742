package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// When the front calls without a breaker but its services guard their own
// calls (fleet-probes: every api instance has its own on the provider),
// the pane says where the breakers are instead of that there are none.
func TestBreakerPanePointsToTheServicesBreakers(t *testing.T) {
	b := pane.NewBreaker(tuitest.Plain())
	b.SetData(tuitest.At(t, "fleet-probes", 0, 30))
	b.SetSize(60, 12)
	v := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(b.View()), "│", " ")), " ")
	if strings.Contains(v, "No circuit breaker in this variant") {
		t.Errorf("the pane says there is no breaker though every api instance has one:\n%s", v)
	}
	for _, want := range []string{"No circuit breaker at the front", "api → provider (one in each of 20 instances)"} {
		if !strings.Contains(v, want) {
			t.Errorf("the pane lacks %q:\n%s", want, v)
		}
	}
}
