package scenariofile

import (
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	toml "github.com/pelletier/go-toml/v2"
)

// TestBreakerTableRoundTrip writes breaker configurations (every library
// preset, and ones that set every field) as a breaker table and reads them
// back, without running them.
func TestBreakerTableRoundTrip(t *testing.T) {
	configs := map[string]breaker.Config{
		"jitter": {WindowSize: 10, FailureRate: 0.5, OpenFor: 1e9, HalfOpenTrials: 1, OpenJitter: 0.3, OpenBackoff: 2, OpenMax: 8e9},
	}
	for _, p := range breaker.Presets() {
		configs[p.Name] = p.Config
	}
	for _, v := range kitchenSink().Variants {
		for _, d := range v.System.Dependencies {
			if d.Policy.Breaker != nil {
				configs[v.Name+"/"+d.Name] = *d.Policy.Breaker
			}
		}
	}
	for name, cfg := range configs {
		var w writer
		writeBreaker(&w, cfg)
		var doc map[string]any
		if err := toml.Unmarshal(w.bytes(), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, w.bytes())
		}
		c := &conv{file: "b.toml", ix: indexLines(w.bytes())}
		got, err := c.breaker(table{m: doc, what: "breaker"})
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, w.bytes())
		}
		if !reflect.DeepEqual(got, cfg) {
			t.Errorf("%s: got %+v, want %+v\n%s", name, got, cfg, w.bytes())
		}
	}
}

func TestBreakerPreset(t *testing.T) {
	doc := strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience4j", open_for = "1s", half_open_trials = 2 } }`, 1)
	sc, err := Parse("mine.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := breaker.Resilience4j()
	want.OpenFor, want.HalfOpenTrials = 1e9, 2
	if got := *sc.Variants[0].System.Dependencies[0].Policy.Breaker; got != want {
		t.Errorf("a preset's fields are overridden by the table's: got %+v, want %+v", got, want)
	}
	doc = strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience5j" } }`, 1)
	_, err = Parse("mine.toml", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), `mine.toml:16: dependencies "payment" policy.breaker: unknown breaker preset "resilience5j" (allowed: resilience4j, polly, gobreaker, hystrix, failsafe-go)`) {
		t.Errorf("unknown preset: %v", err)
	}
}
