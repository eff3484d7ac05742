package breaker_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// A rate of 0 switches its rule off. A scenario file's refusal of a rate
// says so; the engine's, which a lesson's [set] and the sandbox show, said
// "above 0 and at most 1" alone, as if 0 were never allowed. Both say the
// one rule, in the same words, for every rate out of range.
func TestRateRefusalsSayTheFilesWords(t *testing.T) {
	valid := breaker.Config{Window: breaker.CountWindow, WindowSize: 10, FailureRate: 0.5, OpenFor: 1e9, HalfOpenTrials: 1}
	rates := []struct {
		fileKey, engineWords string
		others               string // the file's other keys, for a breaker that could run
		set                  func(*breaker.Config, float64)
	}{
		{"failure_rate", "breaker failure rate", "", func(c *breaker.Config, x float64) { c.FailureRate = x }},
		{"slow_call_rate", "breaker slow-call rate", `failure_rate = 0.5, slow_call_duration = "1s", `, func(c *breaker.Config, x float64) { c.SlowCallRate, c.SlowCallDuration = x, 1e9 }},
	}
	for _, r := range rates {
		for _, bad := range []float64{1.5, -0.5} {
			file := fmt.Sprintf(`name = "mine"
duration = "10s"

[system]
workers = 8
queue = 4

[[system.endpoints]]
name = "checkout"
rate = 20
calls = "payment"

[[system.dependencies]]
name = "payment"
latency = { kind = "exponential", mean = "50ms" }
policy = { breaker = { window_size = 10, open_for = "1s", half_open_trials = 1, %s%s = %v } }
`, r.others, r.fileKey, bad)
			_, fileErr := scenariofile.Parse("mine.toml", []byte(file))
			if fileErr == nil {
				t.Fatalf("%s = %v: the file was taken", r.fileKey, bad)
			}
			_, allowed, found := strings.Cut(fileErr.Error(), r.fileKey+" must be ")
			allowed, _, got := strings.Cut(allowed, ", got ")
			if !found || !got {
				t.Fatalf("%s = %v: the file's refusal names no range: %v", r.fileKey, bad, fileErr)
			}
			c := valid
			r.set(&c, bad)
			want := fmt.Sprintf("%s must be %s, got %v", r.engineWords, allowed, bad)
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s = %v: the engine's refusal is\n%v\nwant it to say %q, as the file's does:\n%v", r.fileKey, bad, err, want, fileErr)
			}
		}
	}
	// A failure rate of 0 with no other rule is refused for that, in the
	// same words: 0 itself is allowed.
	none := valid
	none.FailureRate = 0
	if err := none.Validate(); err == nil || !strings.Contains(err.Error(), "or 0 for no failure-rate rule, got 0, and no other rule opens the breaker") {
		t.Errorf("a breaker with no rule that opens it: %v", err)
	}
}
