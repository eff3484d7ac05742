package lessons

import (
	"os"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A lesson file's knob written in a scenario file's words (as `scenarios
// --dump` writes it) is refused with the knob's name, in a [set] table and
// in a [sweep]'s vary alike; a knob simply misspelt is offered the nearest.
// [set] said only that the dependency knows no key
// "policy.breaker.window_size", and a sweep with the policy table in the
// path listed every knob with no word of the one meant.
func TestLessonFileKeysAreNamedAsKnobs(t *testing.T) {
	lesson := func(variant, tables string) string {
		if variant == "" {
			variant = "2"
		}
		return "+++\ntitle = \"T\"\nsummary = \"s\"\n+++\n\n+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = " + variant + "\n" +
			tables + "\n+++\nText.\n"
	}
	for _, c := range []struct {
		name, tables string
		want, not    []string
		variant      string // "" for 2, which has a breaker on recommendations
	}{
		{"[set] with the policy table", "[set]\nrecommendations.policy.breaker.window_size = 20",
			[]string{"recommendations.policy.breaker.window_size is written as in a scenario file; a [set] table calls that knob recommendations.breaker.window"}, []string{"unknown"}, ""},
		{"[set] with a breaker's file key", "[set]\nrecommendations.breaker.open_for = \"3s\"",
			[]string{"a [set] table calls that knob recommendations.breaker.open"}, []string{"unknown"}, ""},
		// Variant 0 has no breaker on recommendations: the knob named
		// builds one, which the refusal says.
		{"[set] with a breaker's file key where there is no breaker", "[set]\nrecommendations.policy.breaker.window_size = 20",
			[]string{"a [set] table calls that knob recommendations.breaker.window: variant 0 of cascade (one shared pool of 200 threads) has no breaker on recommendations, so [set] adds one built from the breaker keys it gives"}, []string{"unknown"}, "0"},
		{"[set] with a timeout's file key where there is no breaker", "[set]\nrecommendations.policy.timeout = \"2s\"",
			[]string{"a [set] table calls that knob recommendations.timeout"}, []string{"unknown", "no breaker"}, "0"},
		{"[set] misspelt", "[set]\nrecommendations.breaker.windw = 20",
			[]string{`unknown breaker key "windw"; did you mean recommendations.breaker.window? (allowed:`}, []string{"scenario file"}, ""},
		{"[set] of no part, misspelt", "[set]\nworkrs = 20",
			[]string{`unknown key "workrs"; did you mean workers?`}, []string{"scenario file"}, ""},
		{"[sweep] with the policy table", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.policy.breaker.half_open_trials=1..3\"]\nmeasure = \"search.ok\"",
			[]string{"recommendations.policy.breaker.half_open_trials is written as in a scenario file; a sweep calls that knob recommendations.breaker.trials; cascade's knobs are:"}, []string{"has no numeric knob"}, ""},
		{"[sweep] with a breaker's file key", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.breaker.open_for=1s..4s:4\"]\nmeasure = \"search.ok\"",
			[]string{"a sweep calls that knob recommendations.breaker.open;"}, []string{"has no numeric knob"}, ""},
		{"[sweep] misspelt", "panes = [\"sweep\"]\n[sweep]\nvary = [\"recommendations.breaker.windw=5..40:8\"]\nmeasure = \"search.ok\"",
			[]string{`cascade has no numeric knob "recommendations.breaker.windw"; did you mean recommendations.breaker.window?`}, []string{"scenario file"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("f.md", []byte(lesson(c.variant, c.tables)))
			if err == nil {
				t.Fatalf("%s was taken", c.tables)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the refusal lacks %q:\n%v", w, err)
				}
			}
			for _, n := range c.not {
				if strings.Contains(err.Error(), n) {
					t.Errorf("the refusal says %q:\n%v", n, err)
				}
			}
		})
	}
}

// FileKeyRefusal names the knob for a whole path or a part of one (the
// sandbox's picker filters on parts), and nothing for a knob's own name
// or a file key of no knob there.
func TestFileKeyRefusal(t *testing.T) {
	knobs := []string{"workers", "a.timeout", "a.breaker.window", "a.breaker.open", "b.breaker.window",
		"a.bulkhead", "a.bulkhead_wait", "a.fault.from", "a.retry.max", "tasks.memory.limit_mib", "e.burst.rate", "a.breaker.buckets",
		"bulkhead.size", "bulkhead.wait", // a pool called bulkhead
		"orders.workers", "orders/db.timeout", "inventory/db.latency.p50", "shed.max_wait.critical", "tasks.threads"}
	for _, c := range []struct{ typed, want string }{
		{"a.breaker.window_size", "a.breaker.window"},
		{"a.policy.breaker.window_size", "a.breaker.window"},
		{"a.policy.timeout", "a.timeout"},
		{"breaker.open_for", "a.breaker.open"},
		{"window_size", "breaker.window"}, // part of two knobs: the part
		{"b.policy.breaker.window_size", "b.breaker.window"},
		{"a.breaker.window", ""},
		{"c.breaker.window_size", ""},
		{"a.breaker.minimum_calls", ""}, // no such knob among these
		{"reopen_for", ""},
		{"a.policy.bulkhead.size", "a.bulkhead"},
		{"a.bulkhead.wait", "a.bulkhead_wait"},
		{"a.faults.from", "a.fault.from"},
		{"a.policy.retry.backoff.max", "a.retry.max"},
		{"tasks.memory.limit", "tasks.memory.limit_mib"},
		{"e.bursts.rate", "e.burst.rate"},
		{"window_buckets", "a.breaker.buckets"},
		{"bulkhead.size", ""}, // the pool's own knob
		{"size", ""},          // a pool's key as much as a bulkhead's
		{"wait", ""},
		// A section's words, as a user copies them from the file's
		// headers: the part alone is the knob's.
		{"dependencies.a.policy.timeout", "a.timeout"},
		{"system.dependencies.a.policy.breaker.open_for", "a.breaker.open"},
		{"variants.dependencies.a.faults.from", "a.fault.from"},
		{"system.workers", "workers"},
		{"services.orders.workers", "orders.workers"},
		{"variants.services.orders.dependencies.db.policy.timeout", "orders/db.timeout"},
		{"system.services.dependencies.db.latency.p50", "inventory/db.latency.p50"}, // [[system.services.dependencies]]: the one service with a db
		{"pools.bulkhead.size", "bulkhead.size"},
		{"system.pools.bulkhead.wait", "bulkhead.wait"},
		{"endpoints.e.bursts.rate", "e.burst.rate"},
		{"variants.shed.max_wait.critical", "shed.max_wait.critical"},
		{"system.tasks.memory.limit", "tasks.memory.limit_mib"},
		{"system.tasks.threads", "tasks.threads"},
		{"dependencies.c.policy.timeout", ""}, // no part c
		{"services.orders.instances", ""},     // no such knob among these
		{"dependencies.", ""},
	} {
		got := ""
		if r := FileKeyRefusal(c.typed, knobs, "x"); r != nil {
			got = r.Knob
		}
		if got != c.want {
			t.Errorf("FileKeyRefusal(%q) names %q, want %q", c.typed, got, c.want)
		}
	}
}

// Every pair of FileKnobKeys is a key of the scenario file's schema and a
// knob of some built-in scenario, which a path in the file's words on that
// part is refused as: a pair whose knob was renamed, or whose file key is
// none the schema has, would send the user to a name refused next.
func TestFileKnobKeysNameKnobs(t *testing.T) {
	schema, err := os.ReadFile("../engine/scenariofile/SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, fk := range FileKnobKeys() {
		file, knob := fk[0], fk[1]
		t.Run(file, func(t *testing.T) {
			for _, word := range strings.Split(file, ".") {
				// A key's row (`window_size`), an inline table's key
				// (max = "1s") or a section ([system.tasks]).
				in := func(s string) bool { return strings.Contains(string(schema), s) }
				if !in("`"+word+"`") && !in(" "+word+" = ") && !in("."+word+"]") {
					t.Errorf("the scenario file's schema has no key %q (of %s)", word, file)
				}
			}
			found := false
			for _, name := range scenarios.Names() {
				b, _ := scenarios.Lookup(name)
				sc := b.Build()
				for v := range sc.Variants {
					knobs := Knobs(sc, v)
					for _, k := range knobs {
						part, ok := strings.CutSuffix(k, "."+knob)
						if !ok && k != knob {
							continue
						}
						found = true
						typed := file
						if ok {
							typed = part + ".policy." + file
							if !strings.HasPrefix(file, "breaker.") && !strings.HasPrefix(file, "bulkhead.") && !strings.HasPrefix(file, "retry.") {
								typed = part + "." + file // not a policy's key
							}
						}
						if r := FileKeyRefusal(typed, knobs, "x"); r == nil || r.Knob != k {
							t.Errorf("%s variant %d: %s is refused as %v, want the knob %s", name, v, typed, r, k)
						}
					}
				}
			}
			if !found {
				t.Errorf("no built-in scenario has a knob %s, which %s is said to be", knob, file)
			}
		})
	}
}

// A key marked bare is matched by its last word alone (window_size in the
// picker's filter): that word must be the file's own, the last word of no
// knob's key and of no other file key, or a knob's own name (a pool's
// size) would be refused as a breaker's.
func TestFileKeyBareWordsAreTheFiles(t *testing.T) {
	last := func(s string) string { return s[strings.LastIndex(s, ".")+1:] }
	knobWords := map[string]bool{}
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		for v := range sc.Variants {
			for _, k := range Knobs(sc, v) {
				knobWords[last(k)] = true
			}
		}
	}
	for _, k := range fileKnobKeys {
		if !k.bare {
			continue
		}
		w := last(k.file)
		if knobWords[w] {
			t.Errorf("%s is marked bare, but a knob's key ends in %q", k.file, w)
		}
		for _, o := range fileKnobKeys {
			if o.file != k.file && last(o.file) == w {
				t.Errorf("%s is marked bare, but %s ends in %q too", k.file, o.file, w)
			}
		}
	}
}

// A {{param}} in a lesson's text reads a knob path too: one in a scenario
// file's words is refused at its line with the knob's name, among the
// knobs param reads. It was told only the keys param reads, with no word
// of the one meant.
func TestParamFileKeysAreNamedAsKnobs(t *testing.T) {
	for _, c := range []struct{ param, want string }{
		{"cascade/2 recommendations.policy.breaker.window_size",
			"f.md:11: text: placeholder {{param cascade/2 recommendations.policy.breaker.window_size}}: param cascade/2 recommendations.policy.breaker.window_size: recommendations.policy.breaker.window_size is written as in a scenario file; a {{param}} calls that knob recommendations.breaker.window"},
		{"cascade/1 recommendations.policy.bulkhead.size", "a {{param}} calls that knob recommendations.bulkhead"},
		{"cascade/0 recommendations.faults.from", "a {{param}} calls that knob recommendations.fault.from"},
		{"step recommendations.policy.timeout", "a {{param}} calls that knob recommendations.timeout"},
		// No knob param reads: bulkhead_kind is a word it does not read,
		// so it is not offered.
		{"cascade/1 recommendations.policy.bulkhead.kind", `param cannot read "policy.bulkhead.kind"`},
	} {
		text := "+++\ntitle = \"T\"\nsummary = \"s\"\n+++\n\n+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nvariant = 2\n+++\nThe knob is {{param " + c.param + "}}.\n"
		err := loadAndPrepare(t, "f.md", text)
		if err == nil {
			t.Errorf("{{param %s}} was taken", c.param)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("{{param %s}}: the refusal lacks %q:\n%v", c.param, c.want, err)
		}
	}
}
