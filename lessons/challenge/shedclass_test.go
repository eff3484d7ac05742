package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Level 14's why for a long default bound says checkouts are turned away
// by the queue's room, not by their own bound, and its claims hold it to
// that: at the start no class is shed, as run's shed counts show, though
// checkouts are refused. The why said checkouts waited "until their
// bound runs out". A start whose bounds do run out (150 ms for every
// class, so the queue never fills) must fail the claim, or the claim
// could not catch the sentence it backs.
func TestShedPriorityClaimsWhatRefusesCheckouts(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "shed-priority")
	if err := c.CheckClaims(); err != nil {
		t.Fatalf("the start's claims: %v", err)
	}
	data, err := content.ReadFile("content/14-shed-priority.toml")
	if err != nil {
		t.Fatal(err)
	}
	const start = `critical = "500ms", default = "500ms", sheddable = "500ms"`
	open := func(rel string) ([]byte, error) {
		b, err := content.ReadFile("content/" + rel)
		if err != nil || !strings.Contains(string(b), start) {
			t.Fatalf("the scenario %s does not set %s: %v", rel, start, err)
		}
		return []byte(strings.Replace(string(b), start, `critical = "150ms", default = "150ms", sheddable = "150ms"`, 1)), nil
	}
	short, err := Parse("14-shed-priority.toml", data, open)
	if err != nil {
		t.Fatalf("the level with every bound at 150 ms does not parse: %v", err)
	}
	err = short.CheckClaims()
	if err == nil || !strings.Contains(err.Error(), "shed-class critical+default+sheddable == 0") {
		t.Errorf("with every bound at 150 ms the claim that no class is shed: %v, want it refused", err)
	}
}

// shed-class reads what the load shedding refused, by class, and refuses
// a scenario that sheds nothing, or a class it does not know, with the
// classes it does.
func TestShedClassNamesItsMistakes(t *testing.T) {
	data, err := content.ReadFile("content/14-shed-priority.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ expect, want string }{
		{"shed-class urgent == 0", `unknown request class "urgent" (allowed: critical, default, sheddable)`},
		{"shed-class critical+urgent == 0", `unknown request class "urgent"`},
	} {
		file := strings.Replace(string(data), `expect = "shed-class critical+default+sheddable == 0"`, "expect = \""+tc.expect+"\"", 1)
		_, err := Parse("14-shed-priority.toml", []byte(file), func(rel string) ([]byte, error) { return content.ReadFile("content/" + rel) })
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.expect, err, tc.want)
		}
	}
	file := "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.bulkhead\"\nmin = 0\nmax = 10\nstep = 1\n\n[[goals]]\nexpect = \"shed-class critical == 0\"\n\n[par]\nchanges = 1\n"
	_, err = Parse("noshed.toml", []byte(file), whyScenario)
	if err == nil || !strings.Contains(err.Error(), "sheds no load ([system] shed is not set)") {
		t.Errorf("shed-class on a scenario without shedding: %v, want it refused as such", err)
	}
}
