package scenariofile

import (
	"strings"
	"testing"
	"time"
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
