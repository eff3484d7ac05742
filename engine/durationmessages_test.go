package engine

import (
	"strings"
	"testing"
	"time"
)

// The engine's own checks are the last word on a scenario the sandbox's
// knobs, a lesson's [set] or the builder changed, so their refusals reach a
// learner: a duration in them is written as a scenario file and a knob take
// it back ("24h", "1m30s", "1us"), where Go's %v wrote "24h0m0s", "1m30s"
// and "1µs".
func TestValidateWritesDurationsAsAFileDoes(t *testing.T) {
	cases := []struct {
		name   string
		change func(sc *Scenario)
		want   string
	}{
		{"duration", func(sc *Scenario) { sc.Duration = 100 * time.Hour }, "duration must be above 0 and at most 24h, got 100h"},
		{"window", func(sc *Scenario) { sc.MeasureFrom, sc.MeasureTo = 2*time.Minute, time.Minute },
			"0 <= from < to <= duration (3s), got 2m to 1m"},
		{"min time left", func(sc *Scenario) { sc.Variants[0].System.Dependencies[0].Policy.MinTimeLeft = 25 * time.Hour },
			"min time left must be between 0 and 24h, got 25h"},
		{"pool wait", func(sc *Scenario) { sc.Variants[0].System.Pools[0].Wait = 2 * time.Minute },
			"must be at most 1m, got 2m, 2ms and 100ms"},
		{"restart", func(sc *Scenario) {
			sc.Variants[0].System.Tasks.Memory = Memory{Limit: 1 << 30, Base: 1 << 20, PerTask: 1 << 10, Restart: 11 * time.Minute}
		}, "above 0 and at most 10m, got 11m"},
		{"cpu", func(sc *Scenario) { sc.Variants[0].System.Endpoints[0].CPU = 2 * time.Minute }, "cpu must be between 0 and 1m, got 2m"},
		{"interval", func(sc *Scenario) {
			e := &sc.Variants[0].System.Endpoints[0]
			e.Rate, e.Interval = 0, 500*time.Nanosecond
		}, "interval must be at least 1us, got 500ns"},
	}
	for _, c := range cases {
		sc := tasksScenario()
		c.change(sc)
		err := sc.Validate()
		if err == nil {
			t.Errorf("%s: taken", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %q, want it to contain %q", c.name, err, c.want)
		}
	}
}
