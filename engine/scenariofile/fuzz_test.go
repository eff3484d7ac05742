package scenariofile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// maxFuzzRequests bounds the work of one fuzz input: scenarios whose traffic
// (arrivals times attempts, over every variant) could exceed it are parsed
// and dumped but not run.
const maxFuzzRequests = 20_000

// FuzzParse feeds the parser any bytes. Nothing may panic; a rejected file
// gets an *Error; an accepted one dumps, parses back to the same scenario,
// and runs.
func FuzzParse(f *testing.F) {
	for _, b := range scenarios.All() {
		text, err := Dump(b.Build())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(text)
	}
	if text, err := Dump(kitchenSink()); err == nil {
		f.Add(text)
	}
	examples, _ := filepath.Glob("testdata/examples/*.toml")
	for _, p := range examples {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, broken := range []string{
		base,
		base[:len(base)/2],
		strings.Replace(base, "workers = 8", "wokers = 8", 1),
		strings.Replace(base, "rate = 20", "rate = -3", 1),
		strings.Replace(base, "rate = 20", "rate = nan", 1),
		strings.Replace(base, `duration = "10s"`, `duration = "-10s"`, 1),
		base + "faults = [{ kind = \"slow\", from = \"5s\", to = \"2s\", latency = \"3s\" }]\n",
		base + "\n[[variants]]\nname = \"v\"\nworkers = 1\n[variants.endpoints.nope]\nrate = 1\n",
		base + "\n[[variants]]\nname = \"v\"\n[variants.dependencies.payment]\npolicy = { bulkhead = { size = 99 } }\n",
		"[[system.endpoints]]\n[[system.endpoints]]\nname = 3\n",
		"a = { b = [ { c = 1 }, 2 ] }\n[[a.d]]\n",
		"\"\\u0000\" = 1\n",
	} {
		f.Add([]byte(broken))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("fuzz.toml", data)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) || fe.File != "fuzz.toml" || !errors.Is(err, ErrInvalid) || fe.Err.Error() == "" {
				t.Fatalf("Parse error is not a located *Error: %#v", err)
			}
			return
		}
		text, err := Dump(sc)
		if err != nil {
			t.Fatalf("a parsed scenario does not dump: %v", err)
		}
		back, err := Parse("fuzz.toml", text)
		if err != nil {
			t.Fatalf("a dump does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(sc, back) {
			t.Fatalf("Parse(Dump(sc)) differs from sc:\n%+v\n%+v\n%s", sc, back, text)
		}
		if again, err := Dump(back); err != nil || !bytes.Equal(again, text) {
			t.Fatalf("the dump is not stable (%v):\n%s\n---\n%s", err, text, again)
		}
		if requests(sc) > maxFuzzRequests {
			return
		}
		if _, err := engine.RunAll(sc, 1); err != nil {
			t.Fatalf("a parsed scenario does not run: %v", err)
		}
	})
}

// requests bounds the calls a scenario can make: arrivals in its duration
// times the most attempts a request may make, summed over variants.
func requests(sc *engine.Scenario) float64 {
	secs := sc.Duration.Seconds()
	total := 0.0
	for _, v := range sc.Variants {
		attempts := 1
		for _, d := range v.System.Dependencies {
			if r := d.Policy.Retry; r != nil {
				attempts = max(attempts, r.Attempts+1) // +1: a wait for the breaker
			}
		}
		for _, e := range v.System.Endpoints {
			n := e.Rate * secs
			if e.Interval > 0 {
				n = float64(sc.Duration/e.Interval) + 1
				if e.Interval < time.Microsecond {
					n = 1e18
				}
			}
			total += n * float64(attempts)
		}
	}
	return total
}
