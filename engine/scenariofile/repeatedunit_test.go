package scenariofile

import (
	"strings"
	"testing"
	"time"
)

// A duration naming a unit twice ("5s1s", which Go sums to 6s) is a slip,
// refused in a scenario file with what was most likely meant, naming the
// key; a compound of distinct units ("1m30s") is taken.
func TestRepeatedUnitIsRefusedInAScenarioFile(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	file := "duration = \"DUR\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"DUR\" }\n"
	_, err := Parse("s.toml", []byte(strings.ReplaceAll(file, "DUR", "5s1s")))
	if err == nil || !strings.Contains(err.Error(), "duration: "+says) {
		t.Errorf("5s1s: %v, want %q", err, "duration: "+says)
	}
	sc, err := Parse("s.toml", []byte(strings.ReplaceAll(file, "DUR", "1m30s")))
	if err != nil || sc.Duration != 90*time.Second {
		t.Fatalf("1m30s: %v, want a 90 s run", err)
	}
	if got := sc.Variants[0].System.Dependencies[0].Policy.Timeout; got != 90*time.Second {
		t.Errorf("1m30s timeout read as %v", got)
	}
	_, err = Parse("s.toml", []byte(strings.Replace(strings.Replace(file, "DUR", "20s", 1), "DUR", "5s1s", 1)))
	if err == nil || !strings.Contains(err.Error(), "timeout: "+says) {
		t.Errorf("timeout 5s1s: %v, want %q", err, "timeout: "+says)
	}
}
