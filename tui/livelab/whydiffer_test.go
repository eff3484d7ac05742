package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/charmbracelet/x/ansi"
)

// "Why they differ:" stood right under "They agree ... exactly": the
// footer explains a difference only where there is one, after the verdict
// that gives its size. The same run on both sides agrees exactly and is
// not explained; a design measured against another differs by points,
// said first, then why.
func TestWhyOnlyWhereTheyDiffer(t *testing.T) {
	same := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 3, 5, 500*time.Millisecond))
	for range 30 {
		same.Update(tickMsg{})
	}
	out := strings.Join(strings.Fields(ansi.Strip(checkFrame(t, same, 120, 40))), " ")
	if !strings.Contains(out, "(±0)") || !strings.Contains(out, "exactly on every peak") {
		t.Fatalf("the same seed on both sides should agree exactly:\n%s", out)
	}
	if strings.Contains(out, "Why") || strings.Contains(out, "real timers fire late") {
		t.Errorf("two sides that agree exactly are explained as differing:\n%s", out)
	}

	apart := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 0, 5, 500*time.Millisecond))
	for range 30 {
		apart.Update(tickMsg{})
	}
	out = strings.Join(strings.Fields(ansi.Strip(checkFrame(t, apart, 120, 40))), " ")
	by, why := strings.Index(out, "They differ most on"), strings.Index(out, "Why they differ:")
	if by < 0 || why < 0 || why < by {
		t.Errorf("two designs apart: the difference's size should come first, then why they differ:\n%s", out)
	}
}
