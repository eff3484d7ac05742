package scenariofile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	toml "github.com/pelletier/go-toml/v2"
)

// TestExamples parses every example file, runs it, and checks that its dump
// parses back to the same scenario.
func TestExamples(t *testing.T) {
	paths, err := filepath.Glob("testdata/examples/*.toml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := Parse(filepath.Base(p), data)
			if err != nil {
				t.Fatal(err)
			}
			snaps, err := engine.RunAll(sc, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range snaps {
				if !s.Done {
					t.Errorf("variant %q did not finish", s.Variant)
				}
			}
			text, err := Dump(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(filepath.Base(p), text)
			if err != nil || !reflect.DeepEqual(sc, back) {
				t.Errorf("the example's dump does not parse back to it (%v):\n%s", err, text)
			}
		})
	}
}

// TestRetryStormTeaches pins the shape the example's comments describe:
// retries inside the breaker hide failures from it and load the dependency;
// retries outside it do not.
func TestRetryStormTeaches(t *testing.T) {
	data, err := os.ReadFile("testdata/examples/retry-storm.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse("retry-storm.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]uint64{}
	inFlight := map[string]int{}
	opensBefore12s := map[string]bool{}
	for _, s := range snaps {
		d, _ := s.Dependency("inventory")
		calls[s.Variant], inFlight[s.Variant] = d.Calls, d.InFlightMax
		for _, tr := range s.Transitions {
			if tr.To.String() == "open" && tr.At < 12*time.Second {
				opensBefore12s[s.Variant] = true
			}
		}
	}
	none, outside, inside, storm := "no retries", "retry outside the breaker", "retry inside the breaker", "retries, no breaker"
	if !opensBefore12s[none] || !opensBefore12s[outside] || opensBefore12s[inside] {
		t.Errorf("the breaker should open during the error fault with no retries and with retries outside it, not with retries inside it: %v", opensBefore12s)
	}
	if float64(calls[outside]) > 1.2*float64(calls[none]) {
		t.Errorf("retries outside the breaker should add few calls: %d against %d", calls[outside], calls[none])
	}
	if float64(calls[inside]) < 1.5*float64(calls[outside]) || calls[storm] <= calls[inside] {
		t.Errorf("calls should grow from outside (%d) to inside (%d) to no breaker (%d)", calls[outside], calls[inside], calls[storm])
	}
	if inFlight[inside] <= inFlight[outside] || inFlight[storm] <= inFlight[inside] {
		t.Errorf("in-flight maxima should grow the same way: %v", inFlight)
	}
}

// TestSchemaExample parses and runs the full example in SCHEMA.md, so the
// documentation cannot drift from the parser.
func TestSchemaExample(t *testing.T) {
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "## A full example")
	if !ok {
		t.Fatal("SCHEMA.md has no full example")
	}
	_, rest, _ = strings.Cut(rest, "```toml\n")
	example, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("the full example is not a ```toml block")
	}
	sc, err := Parse("SCHEMA.md example", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Variants) != 3 {
		t.Errorf("variants: %d", len(sc.Variants))
	}
	if _, err := engine.RunAll(sc, 5); err != nil {
		t.Fatal(err)
	}
	// Every inline snippet that is a whole key = value line parses too.
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "latency = {") {
			var m map[string]any
			if err := toml.Unmarshal([]byte(line), &m); err != nil {
				t.Errorf("%q: %v", line, err)
			}
		}
	}
}
