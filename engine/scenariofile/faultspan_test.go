package scenariofile

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A run shortened below a fault's start (the sandbox's duration knob)
// keeps a fault that never happens; a file refuses one, so Dump refuses
// to write a file that would not read back.
func TestDumpRefusesAFaultPastTheEnd(t *testing.T) {
	sc, err := Parse("mine.toml", []byte(base+`faults = [{ kind = "hang", from = "5s", to = "8s" }]`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc.Duration, sc.MeasureTo = 4*time.Second, 4*time.Second
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), `dependency "payment"'s fault 1 starts at 5s, not before the end of the run (duration 4s)`) {
		t.Errorf("Dump says %v", err)
	}
}

// An unreachable host is a fault kind of its own (its dials hang, where a
// hung host's connect): a file reads it, takes no latency or probability
// for it, and Dump writes it back as it read it.
func TestUnreachableFaultReadsAndWritesBack(t *testing.T) {
	sc, err := Parse("mine.toml", []byte(base+`faults = [{ kind = "unreachable", from = "5s", to = "8s" }]`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f := sc.Variants[0].System.Dependencies[0].Faults[0]; f.Kind != engine.Unreachable || f.From != 5*time.Second || f.To != 8*time.Second {
		t.Fatalf("the fault read %+v, want unreachable from 5s to 8s", f)
	}
	out, err := Dump(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `kind = "unreachable", from = "5s", to = "8s"`) {
		t.Errorf("Dump wrote no unreachable fault:\n%s", out)
	}
	_, err = Parse("mine.toml", []byte(base+`faults = [{ kind = "unreachable", from = "5s", latency = "1s" }]`+"\n"))
	if err == nil || !strings.Contains(err.Error(), "latency") {
		t.Errorf("an unreachable fault with a latency: %v, want the key refused", err)
	}
	_, err = Parse("mine.toml", []byte(base+`faults = [{ kind = "unreachble", from = "5s" }]`+"\n"))
	if err == nil || !strings.Contains(err.Error(), "allowed: hang, slow, error, unreachable") {
		t.Errorf("a misspelt kind: %v, want the kinds listed", err)
	}
}
