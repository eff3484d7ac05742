package challenge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// go-inventory's inventory is both a service (its workers) and the call
// the front makes to it (its timeout), by one name. A challenge on it
// takes each knob by the one name the sandbox and sweep give it,
// inventory.workers and inventory.timeout, wherever it names one: a
// [[knobs]] path, a goal's param, a placeholder. Written with a file's
// section (services.inventory.workers, dependencies.inventory.timeout, or
// the other section's), each is refused naming the knob; a goal's param
// and a placeholder were answered with every key a challenge takes, and
// no word of inventory.workers.
func TestSectionWrittenKnobsNameTheOneKnob(t *testing.T) {
	b, ok := scenarios.Lookup("go-inventory")
	if !ok {
		t.Fatal("no go-inventory")
	}
	sc := b.Build()
	sc.Variants = []engine.Variant{sc.Variants[0]} // a challenge starts from one design
	file, err := scenariofile.Dump(sc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gi.scenario.toml"), file, 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(knob, goal, brief string) error {
		level := "title = \"T\"\nscenario = \"gi.scenario.toml\"\nbrief = \"" + brief + "\"\n\n[[knobs]]\npath = \"" + knob + "\"\nmin = 1\nmax = 64\nstep = 1\n\n[[goals]]\nexpect = \"" + goal + "\"\n\n[par]\nchanges = 1\n"
		path := filepath.Join(dir, "l.toml")
		if err := os.WriteFile(path, []byte(level), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadFile(path)
		return err
	}
	if err := load("inventory.workers", "param inventory.timeout <= 1s", "{{param inventory.workers}} workers"); err != nil {
		t.Fatalf("the knobs' own names are refused: %v", err)
	}
	for _, tc := range []struct{ knob, goal, brief, want string }{
		{"services.inventory.workers", "param inventory.timeout <= 1s", "", "a challenge calls that knob inventory.workers"},
		{"dependencies.inventory.workers", "param inventory.timeout <= 1s", "", "a challenge calls that knob inventory.workers"},
		{"inventory.workers", "param services.inventory.workers <= 40", "", "goals[1].expect: services.inventory.workers is written as in a scenario file; a challenge calls that knob inventory.workers"},
		{"inventory.workers", "param dependencies.inventory.timeout <= 1s", "", "a challenge calls that knob inventory.timeout"},
		{"inventory.workers", "param services.inventory.timeout <= 1s", "", "a challenge calls that knob inventory.timeout"},
		{"inventory.workers", "param inventory.timeout <= 1s", "{{param services.inventory.workers}} workers", "calls that knob inventory.workers"},
	} {
		err := load(tc.knob, tc.goal, tc.brief)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("knob %s, goal %q, brief %q: %v; want %q", tc.knob, tc.goal, tc.brief, err, tc.want)
		}
	}
}
