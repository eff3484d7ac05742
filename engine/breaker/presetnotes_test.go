package breaker

import (
	"strings"
	"testing"
	"time"
)

// Each preset's caveat is a claim about its library (presets.go cites the
// source of each): here each is checked against the preset's model, so
// that a caveat and the model cannot drift apart. A new preset needs a
// check here.
func TestPresetCaveatsMatchTheirModels(t *testing.T) {
	checks := map[string]func(p Preset) string{
		"resilience4j": func(p Preset) string {
			if p.Config.HalfOpenOnTimer {
				return "half-opens on a timer, but the caveat says only at a call"
			}
			return ""
		},
		"polly": func(p Preset) string {
			if p.Config.OpenFor < PollyMinDuration || p.Config.WindowSpan < PollyMinDuration {
				return "its defaults are under the minimum the caveat states"
			}
			if !strings.HasSuffix(p.Caveat, Words(PollyMinDuration)) {
				return "the caveat should state Polly's minimum, " + Words(PollyMinDuration)
			}
			return ""
		},
		"gobreaker": func(p Preset) string {
			if p.Config.interval() != 0 || p.Config.rolling() {
				return "clears its counts while closed, but the caveat says Interval 0 never does"
			}
			for _, s := range p.Config.Describe() {
				if s.Name == "counts reset" && s.Value != none {
					return "the table says its counts reset: " + s.Value
				}
			}
			return ""
		},
		"hystrix": func(p Preset) string {
			c := p.Config
			if c.WindowSpan/time.Duration(c.WindowBuckets) != hystrixSnapshot {
				return "its buckets are not the snapshot interval the caveat states"
			}
			if c.RecordsRefusals != AllRefusals {
				return "does not count refusals, but the caveat says pool rejections are errors"
			}
			// The caveat says the model judges each call: the model must.
			if c.JudgeOnFailure {
				return "judges only on a failure, but the caveat says the model judges each call"
			}
			return ""
		},
		"failsafe-go": func(p Preset) string {
			if p.Config.HalfOpenSuccesses != 0 {
				return "has a success threshold"
			}
			// Built with a failure threshold and no success one, half-open
			// judges its trials by the failure threshold.
			if c := FailsafeWith(FailsafeFailureThreshold(5)); c.HalfOpenSuccesses != 0 || !c.RollingTrials {
				return "with no success threshold, half-open does not judge by the failure one"
			}
			if FailsafeWith(FailsafeSuccessThreshold(3)).HalfOpenSuccesses != 3 {
				return "a success threshold set is not the one half-open judges by"
			}
			return ""
		},
		"opossum": func(p Preset) string {
			if !p.Config.CountAtStart || !p.Config.HalfOpenOnTimer {
				return "does not count a call when fired, or half-open on a timer"
			}
			return ""
		},
	}
	for _, p := range Presets() {
		check, ok := checks[p.Name]
		if !ok {
			t.Errorf("%s: no check of its caveat %q", p.Name, p.Caveat)
			continue
		}
		if msg := check(p); msg != "" {
			t.Errorf("%s (%q): %s", p.Name, p.Caveat, msg)
		}
	}
}
