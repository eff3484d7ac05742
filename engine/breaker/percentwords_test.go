package breaker_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Describe's rates and jitter are settings a person typed: 100*0.07 is
// 7.000000000000001 in binary, and the row said ">= 7.000000000000001%".
// Each now reads as report.PercentExact writes it, and reads back through
// report.ParsePercent to the very setting.
func TestDescribeWritesRatesExactly(t *testing.T) {
	c := breaker.Config{
		Window: breaker.CountWindow, WindowSize: 100, OpenFor: 1e9, HalfOpenTrials: 1,
		FailureRate: 0.07, SlowCallRate: 0.57, SlowCallDuration: 1e9, OpenJitter: 0.29,
	}
	want := map[string]struct {
		text, prefix string
		share        float64
	}{
		"failure rate": {">= 7%", ">= ", c.FailureRate},
		"slow rate":    {">= 57%", ">= ", c.SlowCallRate},
		"wait jitter":  {"+/- 29%", "+/- ", c.OpenJitter},
	}
	seen := 0
	for _, row := range c.Describe() {
		w, ok := want[row.Name]
		if !ok {
			continue
		}
		seen++
		if row.Value != w.text {
			t.Errorf("%s reads %q, want %q", row.Name, row.Value, w.text)
			continue
		}
		back, err := report.ParsePercent(strings.TrimSuffix(strings.TrimPrefix(row.Value, w.prefix), "%"))
		if err != nil || back != w.share {
			t.Errorf("%s %q reads back as %v (%v), want %v", row.Name, row.Value, back, err, w.share)
		}
	}
	if seen != len(want) {
		t.Errorf("Describe has %d of the rows %v", seen, want)
	}
}
