package lessons

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// fileLeaves reads a scenario file as the paths a user copies from it,
// each leaf key with its section's words: a table of a list that has a
// name ([[system.dependencies]] name = "payments") is written by its name
// (system.dependencies.payments.policy.timeout), a list of unnamed
// tables (faults, bursts) without an index, its tables' values together.
func fileLeaves(t *testing.T, file []byte) map[string]string {
	t.Helper()
	var doc map[string]any
	if err := toml.Unmarshal(file, &doc); err != nil {
		t.Fatalf("the dump does not read back: %v\n%s", err, file)
	}
	out := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				if m, ok := e.(map[string]any); ok {
					if name, ok := m["name"].(string); ok {
						walk(path+"."+name, m)
						continue
					}
					walk(path, m)
					continue
				}
				out[path] += fmt.Sprint(e) + " "
			}
		default:
			out[path] += fmt.Sprint(x) + " "
		}
	}
	walk("", doc)
	clean := map[string]string{}
	for k, v := range out {
		clean[strings.TrimPrefix(k, ".")] = v
	}
	return clean
}

// nudged is a value of a knob other than val, in the terms SetKnob takes:
// a step up, then a step down (a share at 1, a count at its top); nil for
// a knob that takes a word or a list.
func nudged(val any, up bool) any {
	switch x := val.(type) {
	case int64:
		if up {
			return x + 1
		}
		return x - 1
	case float64:
		if up {
			return x + 0.125
		}
		return x - 0.125
	case string:
		d, err := time.ParseDuration(x)
		if err != nil {
			return nil
		}
		if up {
			return (d + time.Millisecond).String()
		}
		return (d - time.Millisecond).String()
	case bool:
		return !x
	}
	return nil
}

// knobsOfFileKeys finds, for variant v of the built-in scenario name, the
// knob each key of its scenario file holds, by the file itself: the
// variant alone is dumped, each knob moved a step and dumped again, and
// the keys whose values changed are that knob's. Keys two knobs change
// are left out: no one knob is that key's.
func knobsOfFileKeys(t *testing.T, name string, v int) map[string]string {
	t.Helper()
	one := func() *engine.Scenario {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		sc.Variants = sc.Variants[v : v+1]
		return sc
	}
	dump := func(sc *engine.Scenario) (map[string]string, bool) {
		file, err := scenariofile.Dump(sc)
		if err != nil {
			return nil, false
		}
		return fileLeaves(t, file), true
	}
	before, ok := dump(one())
	if !ok {
		t.Fatalf("%s variant %d does not dump", name, v)
	}
	owners := map[string][]string{}
	for _, k := range Knobs(one(), 0) {
		val, ok := KnobValue(one(), 0, k)
		if !ok {
			continue
		}
		for _, up := range []bool{true, false} {
			to := nudged(val, up)
			if to == nil {
				break
			}
			sc := one()
			if SetKnob(sc, 0, k, to) != nil {
				continue
			}
			after, ok := dump(sc)
			if !ok {
				continue
			}
			for key, was := range before {
				if now, ok := after[key]; ok && now != was {
					owners[key] = append(owners[key], k)
				}
			}
			break
		}
	}
	out := map[string]string{}
	for key, ks := range owners {
		if len(ks) == 1 {
			out[key] = ks[0]
		}
	}
	return out
}

// Every key of every built-in scenario's dump that a knob holds, typed
// with its section's words as a user copies it from the file (the base's
// system.dependencies.payments.policy.timeout, a variant's
// variants.pools.transport.per_host, or the part's list alone,
// services.orders.workers), is refused naming exactly that knob. Which
// knob a key holds is read off the dump (knobsOfFileKeys), not listed by
// hand. They were refused only from the part's name on
// (payments.policy.timeout), and a path with its section was told the
// scenario has no such knob, with nearest spellings of no use.
func TestFileKeysWithSectionsNameTheirKnob(t *testing.T) {
	checked := map[string]int{}
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		file, err := scenariofile.Dump(sc)
		if err != nil {
			continue // shuffle's fleet is no scenario file
		}
		owners := make([]map[string]string, len(sc.Variants))
		variantOf := map[string]int{}
		for v := range sc.Variants {
			variantOf[sc.Variants[v].Name] = v
		}
		for key := range fileLeaves(t, file) {
			if !strings.HasPrefix(key, "system.") && !strings.HasPrefix(key, "variants.") {
				continue // the file's top level: duration is the knob's own name
			}
			v, sys := 0, key
			if rest, ok := strings.CutPrefix(key, "variants."); ok {
				// variants.NAME.KEY: NAME is the variant's, and may hold
				// dots, so each variant's name is tried.
				found := false
				for vname, i := range variantOf {
					if k, ok := strings.CutPrefix(rest, vname+"."); ok {
						v, sys, found = i, "system."+k, true
						break
					}
				}
				if !found {
					continue // the variant's own name
				}
			}
			if owners[v] == nil {
				owners[v] = knobsOfFileKeys(t, name, v)
			}
			knob, ok := owners[v][sys]
			if !ok {
				continue
			}
			knobs := Knobs(sc, v)
			typed := []string{sys, "variants." + strings.TrimPrefix(sys, "system.")}
			if bare := strings.TrimPrefix(sys, "system."); bare != knob {
				typed = append(typed, bare)
			}
			for _, ty := range typed {
				checked[name]++
				r := FileKeyRefusal(ty, knobs, "x")
				if r == nil || r.Knob != knob {
					t.Errorf("%s variant %d: %s (the file's %s) is refused as %v, want the knob %s", name, v, ty, key, r, knob)
				}
			}
		}
	}
	// The oracle must have found keys in every kind of section, or the
	// test checks less than it says.
	t.Logf("keys checked: %v", checked)
	for _, want := range []string{"cascade", "multi-hop", "go-server", "noisy-tenant", "fleet-probes", "async-cascade"} {
		if checked[want] == 0 {
			t.Errorf("no key of %s's dump was found to hold a knob (checked: %v)", want, slices.Sorted(maps.Keys(checked)))
		}
	}
}

// A path with a file's section that names no knob even in a knob's words
// says the knob's words it was read as, and the nearest knob is sought
// for them: the section's words made every knob too far to offer.
func TestSectionPathOfNoKnobSaysItsKnobWords(t *testing.T) {
	b, _ := scenarios.Lookup("multi-hop")
	err := SetKnob(b.Build(), 0, "services.orders.dependencies.inventory.policy.timeot", "1s")
	if err == nil {
		t.Fatal("a misspelt knob was taken")
	}
	for _, want := range []string{
		`multi-hop has no knob "services.orders.dependencies.inventory.policy.timeot" nor orders/inventory.timeot, its name in a knob's words; did you mean orders/inventory.timeout?`,
		"\n  orders/inventory: timeout,",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal lacks %q:\n%v", want, err)
		}
	}
}
