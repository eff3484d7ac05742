package challenge

import (
	"strings"
	"testing"
	"time"
)

// A duration naming a unit twice ("5s1s", which Go sums to 6s) is a slip,
// refused wherever a challenge takes a duration (a knob's typed value, a
// file's knob bounds, a goal's window and bound, a sum of terms), with what
// was most likely meant; a compound of distinct units ("1m30s") is taken.
// DUR stands for the duration in the file below.
func TestRepeatedUnitIsRefusedInChallenges(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	scenario := []byte("duration = \"2m\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n")
	open := func(string) ([]byte, error) { return scenario, nil }
	head := "title = \"T\"\nscenario = \"s.toml\"\nseeds = [1]\n\n[[knobs]]\npath = \"db.timeout\"\nmin = \"100ms\"\nmax = \"MAX\"\nstep = \"100ms\"\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\nfrom = \"FROM\"\nto = \"TO\"\n\n[par]\nchanges = 1\n"
	for _, c := range []struct{ name, max, from, to string }{
		{"knob bound", "DUR", "1s", "1m50s"},
		{"window start", "5s", "DUR", "1m50s"},
		{"window end", "5s", "1s", "DUR"},
	} {
		file := strings.NewReplacer("MAX", c.max, "FROM", c.from, "TO", c.to).Replace(head)
		if _, err := Parse("c.toml", []byte(strings.ReplaceAll(file, "DUR", "5s1s")), open); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s 5s1s: %v, want %q", c.name, err, says)
		}
		if _, err := Parse("c.toml", []byte(strings.ReplaceAll(file, "DUR", "1m30s")), open); err != nil {
			t.Errorf("%s 1m30s: %v, want it taken", c.name, err)
		}
	}
	k := Knob{Path: "db.timeout", Label: "timeout", Kind: KnobDuration, Min: 0, Max: 100, Step: 0.1}
	if _, err := k.Parse("5s1s"); err == nil || err.Error() != "timeout: "+says {
		t.Errorf("Knob.Parse(5s1s) = %v, want %q", err, "timeout: "+says)
	}
	if v, err := k.Parse("1m30s"); err != nil || FormatValue(v) != "1m30s" {
		t.Errorf("Knob.Parse(1m30s) = %v, %v, want 1m30s", v, err)
	}
	if _, err := parseLiteral("5s1s"); err == nil || err.Error() != says {
		t.Errorf("parseLiteral(5s1s) = %v, want %q", err, says)
	}
	if v, err := parseLiteral("1m30s"); err != nil || v.F != (90*time.Second).Seconds() {
		t.Errorf("parseLiteral(1m30s) = %v, %v, want 90 s", v, err)
	}
	if _, err := addTerms([]string{"1s", "+", "5s1s"}); err == nil || !strings.Contains(err.Error(), says) {
		t.Errorf("addTerms(1s + 5s1s) = %v, want %q", err, says)
	}
	if s, err := addTerms([]string{"1s", "+", "1m30s"}); err != nil || s != "1m31s" {
		t.Errorf("addTerms(1s + 1m30s) = %q, %v, want 1m31s", s, err)
	}
}
