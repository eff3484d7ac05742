package lab

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A run's table counts the /checkout requests that arrive in its measured
// window; the first leaves at time zero, before it, so a rate of one every
// DefaultMeasureTo or slower measured nothing (--rate 0.17 printed 0/0).
// LeastMeasuredRate is the boundary at every scale: at it a run measures a
// request, a thousandth below none, and Measure and StartSession refuse
// that before a server starts.
func TestLeastMeasuredRateIsTheBoundary(t *testing.T) {
	racefree.Only(t) // no goroutine: refused before any server or load starts
	least := LeastMeasuredRate()
	for _, scale := range []float64{MinScale, 0.5, 1, MaxScale} {
		c := DefaultConfig(None)
		c.Scale, c.Rate = scale, least
		if n := c.MeasuredCheckouts(); n == 0 || c.CheckMeasured() != nil {
			t.Errorf("scale %v, rate %v: %d measured, %v; want one or more", scale, least, n, c.CheckMeasured())
		}
		c.Rate = least - 0.001
		if n := c.MeasuredCheckouts(); n != 0 {
			t.Errorf("scale %v, rate %v: %d measured; %v is not the least rate", scale, c.Rate, n, least)
		}
		err := c.CheckMeasured()
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("the least rate that sends one there is %v", least)) {
			t.Errorf("scale %v, rate %v: %v; want a refusal naming %v", scale, c.Rate, err, least)
		}
		if _, err := Measure(context.Background(), c); err == nil {
			t.Errorf("scale %v, rate %v: Measure ran a run that measures nothing", scale, c.Rate)
		}
		if _, err := StartSession(context.Background(), c); err == nil {
			t.Errorf("scale %v, rate %v: StartSession ran a run that measures nothing", scale, c.Rate)
		}
	}
	// The default rate measures its 3 s of requests at 20 a second.
	if n := DefaultConfig(None).MeasuredCheckouts(); n != 60 {
		t.Errorf("the default run measures %d checkouts; want 60", n)
	}
}
