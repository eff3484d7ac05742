package challenge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// copyLevel writes a built-in level and its scenario into a folder of
// their own, the scenario edited (each old → new once), and loads the copy
// as a teacher's file: what a level derives from its scenario must move
// with the edit, where a number typed beside it would not.
func copyLevel(t *testing.T, level, scenario string, edits ...string) *Challenge {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{level, scenario} {
		b, err := content.ReadFile("content/" + name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if name == scenario {
			for i := 0; i+1 < len(edits); i += 2 {
				if strings.Count(text, edits[i]) != 1 {
					t.Fatalf("%s holds %q %d times; the test edits it once", name, edits[i], strings.Count(text, edits[i]))
				}
				text = strings.Replace(text, edits[i], edits[i+1], 1)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := LoadFile(filepath.Join(dir, level))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Level 21's semaphore whys speak of the permits past Little's law, each
// endpoint's rate times its upstream's p99 (search 200/s × 50 ms = 10):
// the size Little's law gives is the right one (the reference solution's),
// so its why starts one permit above it. They once read min = 11, 13 and
// 9, typed: a scenario whose search ran at 300/s would have told a
// learner at 12 permits, under its 15, that they had too many.
func TestPermitWhysStartPastLittlesLaw(t *testing.T) {
	for _, tc := range []struct {
		name  string
		c     *Challenge
		first map[string]float64 // the first permit count each why speaks of
	}{
		{"as built", lookup(t, "budget-permits"), map[string]float64{"search-api.bulkhead": 11, "profile-api.bulkhead": 13, "catalog-api.bulkhead": 9}},
		// search at 300/s: 300 × 50 ms = 15 permits; profile's p99 at
		// 100 ms: 200 × 100 ms = 20.
		{"search at 300/s, profile's p99 100ms", copyLevel(t, "21-budget-permits.toml", "permits.scenario.toml",
			"name = \"search\"\nrate = 200", "name = \"search\"\nrate = 300",
			"p50 = \"50ms\", p99 = \"60ms\"", "p50 = \"50ms\", p99 = \"100ms\""),
			map[string]float64{"search-api.bulkhead": 16, "profile-api.bulkhead": 21, "catalog-api.bulkhead": 9}},
	} {
		for path, first := range tc.first {
			k := knobAt(t, tc.c, path)
			// Two whys: too many permits, from one past Little's law to
			// the knob's top, and too few, from its bottom to one short
			// of it (TestBudgetPermitsTooFewPermitsAreExplained).
			if len(k.Ranges) != 2 {
				t.Fatalf("%s: %s has %d whys, want 2", tc.name, path, len(k.Ranges))
			}
			if w := k.Ranges[0]; w.Min != first || w.Max != k.Max {
				t.Errorf("%s: %s's why of too many speaks of %s, want from %v to %v (the knob's top)", tc.name, path, w.rangeText(k), first, k.Max)
			}
			if w := k.Ranges[1]; w.Min != k.Min || w.Max != first-2 {
				t.Errorf("%s: %s's why of too few speaks of %s, want from %v (the knob's bottom) to %v", tc.name, path, w.rangeText(k), k.Min, first-2)
			}
			if _, _, ok := k.WhyOf(int64(first - 1)); ok {
				t.Errorf("%s: %s = %v, Little's law's size, is told it is wrong", tc.name, path, first-1)
			}
			if _, _, ok := k.WhyOf(int64(first)); !ok {
				t.Errorf("%s: %s = %v, one past Little's law, has no why", tc.name, path, first)
			}
		}
	}
}

// Level 9's goals start from its scenario: closing again within 1.1 s of
// the first recovery, and open for no more than 2.5 s beyond the four
// outages together (12.1 s as built). They once read 7.5s and 14.6s,
// typed: a first outage a second longer would have left a goal no design
// could meet the way the brief asks.
func TestHalfOpenBoundsFollowTheOutages(t *testing.T) {
	for _, tc := range []struct {
		name             string
		c                *Challenge
		closes, timeOpen string // the bounds, as the goals read
	}{
		{"as built", lookup(t, "half-open"), "7.5s", "14.6s"},
		{"first outage to 7.4s", copyLevel(t, "09-half-open.toml", "recover.scenario.toml",
			"from = \"3s\", to = \"6.4s\"", "from = \"3s\", to = \"7.4s\""), "8.5s", "15.6s"},
	} {
		for metric, want := range map[string]string{"closes": tc.closes, "time-open": tc.timeOpen} {
			g := goalOf(t, tc.c, metric)
			d, err := time.ParseDuration(want)
			if err != nil {
				t.Fatal(err)
			}
			if diff := g.Want.F - d.Seconds(); diff > 1e-9 || diff < -1e-9 {
				t.Errorf("%s: goal %q bounds %s at %vs, want %s", tc.name, g.Label, metric, g.Want.F, want)
			}
			if w := metric + " pricing " + g.Op + " " + want; g.Text != w {
				t.Errorf("%s: goal reads %q, want %q: a sum is shown as the value it comes to", tc.name, g.Text, w)
			}
		}
	}
}

// find is the one item of a challenge's list that match picks, what
// naming it in the failure.
func find[T any](t *testing.T, c *Challenge, items []T, what string, match func(*T) bool) *T {
	t.Helper()
	for i := range items {
		if match(&items[i]) {
			return &items[i]
		}
	}
	t.Fatalf("%s has no %s", c.ID, what)
	return nil
}

func knobAt(t *testing.T, c *Challenge, path string) *Knob {
	return find(t, c, c.Knobs, "knob "+path, func(k *Knob) bool { return k.Path == path })
}

func goalOf(t *testing.T, c *Challenge, metric string) *Goal {
	return find(t, c, c.Goals, "goal on "+metric, func(g *Goal) bool { return g.Metric == metric })
}

// A bound written as a sum comes to one exact value of the terms' kind;
// anything else is refused, naming what was written and what is read.
func TestAddTerms(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"7.5s", "7.5s", ""},
		{"6.4s + 1.1s", "7.5s", ""},
		{"12.1s + 2.5s", "14.6s", ""}, // not a float's 14.599999999s
		{"0.1 + 0.2", "0.3", ""},
		{"40 + 12", "52", ""},
		{"99% + 0.5%", "99.5%", ""},
		{"1s + 500ms + 250ms", "1.75s", ""},
		{"6.4s +", "", "write + between two values"},
		{"6.4s - 1s", "", `"-" stands where a + joins two values`},
		{"6.4s + 2", "", "adds a number to a duration"},
		{"6.4s + soon", "", `"soon" in "6.4s + soon" is not a number`},
	} {
		got, err := addTerms(strings.Fields(tc.in))
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("addTerms(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("addTerms(%q) = %q, %v; want an error saying %q", tc.in, got, err, tc.want)
		}
	}
}

// A why's above and below leave their bound out, and are refused beside
// the min or max they replace, or where no value of the knob lies past
// them.
func TestWhyAboveAndBelow(t *testing.T) {
	dir := t.TempDir()
	scenario := "duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\", bulkhead = { size = 5 } }\n"
	if err := os.WriteFile(filepath.Join(dir, "s.toml"), []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	level := func(why string) string {
		return "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.bulkhead\"\nmin = 1\nmax = 10\nstep = 1\n\n[[knobs.why]]\n" + why +
			"text = \"too many\"\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\n\n[par]\nchanges = 1\n"
	}
	for _, tc := range []struct{ why, want string }{
		// little web latency: 10/s × 10 ms = 0.1 of a permit.
		{"above = \"{{little web latency}}\"\n", "from 1 to 10"},
		{"above = 4\n", "from 5 to 10"},
		{"below = 4\n", "from 1 to 3"},
		{"above = 2\nbelow = 6\n", "from 3 to 5"},
		{"above = \"{{param db.bulkhead}} + 2\"\n", "from 8 to 10"},
		{"min = 3\nabove = 4\n", "knobs[1].why[1].above: a why's values start at min or above and end at max or below, not both"},
		{"above = 10\n", "knobs[1].why[1].above: no value of the knob lies above 10: it takes 1 to 10"},
		{"below = 1\n", "knobs[1].why[1].below: no value of the knob lies below 1"},
	} {
		path := filepath.Join(dir, "l.toml")
		if err := os.WriteFile(path, []byte(level(tc.why)), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := LoadFile(path)
		if err != nil {
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %v; want %q", tc.why, err, tc.want)
			}
			continue
		}
		if got := c.Knobs[0].Ranges[0].rangeText(&c.Knobs[0]); got != tc.want {
			t.Errorf("%q: the why speaks of %s, want %s", tc.why, got, tc.want)
		}
	}
}

// Level 21's knobs end where the scenario does: no semaphore larger than
// the connector (a permit past it buys no connection) and no permit wait
// longer than the endpoint's client waits. They once read max = 30 and
// "5s", typed: a connector of 40 would have kept a learner from the
// semaphore the brief calls as large as the whole connector.
func TestPermitKnobsEndAtTheScenario(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    *Challenge
	}{
		{"as built", lookup(t, "budget-permits")},
		{"a connector of 40, catalog's client waiting 8s", copyLevel(t, "21-budget-permits.toml", "permits.scenario.toml",
			"size = 30\ndial", "size = 40\ndial",
			"name = \"catalog\"\nrate = 100\ncalls = \"catalog-api\"\npatience = \"5s\"", "name = \"catalog\"\nrate = 100\ncalls = \"catalog-api\"\npatience = \"8s\"")},
	} {
		sys := &tc.c.Scenario.Variants[0].System
		connector := find(t, tc.c, sys.Pools, "pool aiohttp", func(p *engine.Pool) bool { return p.Name == "aiohttp" }).Size
		for _, ep := range []string{"search", "profile", "catalog"} {
			patience := find(t, tc.c, sys.Endpoints, "endpoint "+ep, func(e *engine.Endpoint) bool { return e.Name == ep }).Patience
			permits, wait := knobAt(t, tc.c, ep+"-api.bulkhead"), knobAt(t, tc.c, ep+"-api.bulkhead_wait")
			if permits.Max != float64(connector) {
				t.Errorf("%s: %s ends at %v, want the connector's %d (it reads %s)", tc.name, permits.Path, permits.Max, connector, permits.Range())
			}
			if wait.Max != patience.Seconds() {
				t.Errorf("%s: %s ends at %vs, want %s's patience, %s (it reads %s)", tc.name, wait.Path, wait.Max, ep, patience, wait.Range())
			}
		}
	}
}

// Level 12's deadline and timeout end at three times checkout's patience,
// read from the scenario: they once read "3s", typed, and a client that
// waited 2 s would have left a learner no deadline past its patience to
// try, the waste the level is about.
func TestDeadlineKnobsEndAtThricePatience(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    *Challenge
	}{
		{"as built", lookup(t, "deadline")},
		{"a client that waits 2s", copyLevel(t, "12-deadline.toml", "deadline.scenario.toml",
			`patience = "1s"`, `patience = "2s"`)},
	} {
		sys := &tc.c.Scenario.Variants[0].System
		patience := find(t, tc.c, sys.Endpoints, "endpoint checkout", func(e *engine.Endpoint) bool { return e.Name == "checkout" }).Patience
		for _, path := range []string{"payment.deadline", "payment.timeout"} {
			if k := knobAt(t, tc.c, path); k.Max != 3*patience.Seconds() {
				t.Errorf("%s: %s ends at %vs, want three times checkout's patience, %s (it reads %s)", tc.name, path, k.Max, 3*patience, k.Range())
			}
		}
	}
}
