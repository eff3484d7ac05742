package lab

import (
	"math"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The provider's help said "about 80 ms (p99 200 ms)", typed beside the
// config that sets the distribution, and at --scale 2 the provider drew
// calls twice as slow under the same words. The help now prints the
// percentiles the provider draws from: at two scales, the latency the
// help names is the one a few thousand healthy calls take, and the help
// moves with the scale; each line fits 80 columns.
func TestProviderHelpIsItsLatency(t *testing.T) {
	racefree.Only(t) // no goroutine: it draws latencies and writes text
	helps := map[string]bool{}
	for _, scale := range []float64{1, 2} {
		cfg := DefaultConfig(None)
		cfg.Scale = scale
		p := newProvider(cfg, time.Time{})
		help := p.Help()
		helps[help] = true
		if want := "latency p50 " + breaker.Words(p.p50) + ", p99 " + breaker.Words(p.p99); !strings.Contains(help, want) {
			t.Errorf("scale %g: the help does not say %q:\n%s", scale, want, help)
		}
		if p.p50 != cfg.Scaled(HealthyP50) || p.p99 != cfg.Scaled(HealthyP99) {
			t.Errorf("scale %g: the provider draws from p50 %v, p99 %v; the config sets %v, %v", scale, p.p50, p.p99, cfg.Scaled(HealthyP50), cfg.Scaled(HealthyP99))
		}
		const n = 40000
		got := make([]time.Duration, n)
		for i := range got {
			pl := p.planCall(0)
			if pl.faulty {
				t.Fatalf("scale %g: a healthy provider planned a fault", scale)
			}
			got[i] = pl.latency
		}
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		for _, c := range []struct {
			name string
			at   float64
			want time.Duration
		}{{"p50", 0.50, p.p50}, {"p99", 0.99, p.p99}} {
			drawn := got[int(c.at*n)]
			if r := float64(drawn) / float64(c.want); math.Abs(r-1) > 0.05 {
				t.Errorf("scale %g: the help says %s %s, the calls' %s is %v", scale, c.name, breaker.Words(c.want), c.name, drawn)
			}
		}
		for _, l := range strings.Split(help, "\n") {
			if utf8.RuneCountInString(l) > 80 {
				t.Errorf("scale %g: a help line of %d columns, over 80: %q", scale, utf8.RuneCountInString(l), l)
			}
		}
	}
	if len(helps) != 2 {
		t.Errorf("the help reads the same at scales 1 and 2, though the provider's latency doubles")
	}
}
