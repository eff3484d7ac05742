package engine

import (
	"strings"
	"testing"
	"time"
)

// A variant past the cap on its requests is refused with both counts
// written as the reports write counts, and with words that keep the cap
// apart from the budget: --budget raises the budget of a whole command,
// never this cap, and the message must not read as if it did.
func TestVariantRequestCapMessage(t *testing.T) {
	sc := tasksScenario()
	sc.Duration, sc.MeasureTo = 90*time.Second, 90*time.Second
	sys := &sc.Variants[0].System
	sys.Endpoints[0].Rate, sys.Endpoints[1].Rate = 700_000, 0
	err := sc.Validate()
	if err == nil {
		t.Fatal("63,000,000 requests in a variant: no error")
	}
	for _, want := range []string{
		`variant "v" expects about 63,000,000 requests`,
		"one variant may simulate at most 50,000,000",
		"a cap of its own that --budget (a whole command's work) does not raise",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %q, want %q in it", err, want)
		}
	}
}

func TestGroupThousands(t *testing.T) {
	for _, c := range []struct {
		n    float64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {50_000_000, "50,000,000"}, {63_000_000.4, "63,000,000"}, {123456789, "123,456,789"}} {
		if got := groupThousands(c.n); got != c.want {
			t.Errorf("groupThousands(%v) = %q, want %q", c.n, got, c.want)
		}
	}
}
