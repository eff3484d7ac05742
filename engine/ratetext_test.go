package engine

import (
	"math"
	"strings"
	"testing"
	"time"
)

// A rate in a message is written as the knob form writes it, a comma every
// three digits and no exponent: Go's %v wrote the limit as 1e+06.
func TestRateText(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want string
	}{
		{MaxRate, "1,000,000"}, {2.5e6, "2,500,000"}, {-20, "-20"}, {-200, "-200"}, {-1500, "-1,500"},
		{0.5, "0.5"}, {1234.5, "1,234.5"}, {999, "999"}, {math.NaN(), "NaN"}, {1e300, "1e+300"},
	} {
		if got := RateText(c.r); got != c.want {
			t.Errorf("RateText(%v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// The scenario's own check refuses a rate, an endpoint's or a burst's, in
// the words a scenario file's reader uses, the limit written out.
func TestValidateWritesTheRateLimitOut(t *testing.T) {
	sc := func(e Endpoint) *Scenario {
		return &Scenario{Name: "rates", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v",
			System: System{Workers: 4, Endpoints: []Endpoint{e}}}}}
	}
	for _, c := range []struct {
		e    Endpoint
		want string
	}{
		{Endpoint{Name: "checkout", Rate: -20}, `endpoint "checkout": rate must be between 0 and 1,000,000 requests per second, got -20`},
		{Endpoint{Name: "checkout", Rate: 10, Bursts: []Burst{{From: time.Second, To: 2 * time.Second, Rate: 2e6}}},
			`burst 1: rate must be between 0 and 1,000,000 requests per second, got 2,000,000`},
	} {
		err := sc(c.e).Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want it to say %q", c.e, err, c.want)
		}
	}
}
