package lessons

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Every override a built-in lesson sets has words of its own in knobWords
// (a label the sandbox's knob form uses, or one like it), and a design
// its overrides mark says them in those words: never the [set] path or
// its "=", which a learner is never taught (lesson 11 showed "set:
// inventory/database.cancel = none").
func TestEveryLessonOverrideHasWords(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, l := range all {
		for i, st := range l.Steps {
			spec := st.Sim
			if spec == nil || spec.IsShuffle() || len(spec.Set) == 0 {
				continue
			}
			b, ok := scenarios.Lookup(spec.Scenario)
			if !ok {
				t.Fatalf("%s step %d: no scenario %q", l.ID, i+1, spec.Scenario)
			}
			sys := &b.Build().Variants[spec.Variant].System
			for _, o := range spec.Set {
				at, ok, err := findKnob(sys, o.Key)
				if !ok || err != nil {
					t.Errorf("%s step %d: %s names no knob (%v)", l.ID, i+1, o.Key, err)
					continue
				}
				if _, ok := knobWords[at.key]; !ok {
					t.Errorf("%s step %d sets %s: knobWords has no words for %q", l.ID, i+1, o.Key, at.key)
				}
			}
			sc, err := buildScenario(spec)
			if err != nil {
				t.Fatal(err)
			}
			name := sc.Variants[spec.Variant].Name
			if !strings.Contains(name, markStart) {
				continue
			}
			marked++
			for _, o := range spec.Set {
				if strings.Contains(name, o.Key) {
					t.Errorf("%s step %d: the design's name quotes the path %s: %q", l.ID, i+1, o.Key, name)
				}
			}
			if strings.Contains(name, " = ") || strings.Contains(name, "(set: ") {
				t.Errorf("%s step %d: the design's name reads as a [set] table: %q", l.ID, i+1, name)
			}
		}
	}
	if marked == 0 {
		t.Fatal("no built-in lesson marks a design: the test checks nothing")
	}
}

// The mark says each override in words, grouped by the part it changes,
// and the player's shorter forms keep the labels without the values.
func TestOverrideMarkInWords(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		set      []Override
		want     string
		labels   string
	}{
		{"multi-hop", 2, []Override{{Key: "inventory/database.cancel", Value: "none"}},
			" (with database's cancel downstream: no)", " (with database's cancel downstream)"},
		{"multi-hop", 2, []Override{{Key: "inventory/database.min_time_left", Value: "500ms"}},
			" (with database's min time left: 500 ms)", " (with database's min time left)"},
		{"checkout", 3, []Override{
			{Key: "payment.order", Value: []any{"breaker", "retry", "timeout", "bulkhead"}},
			{Key: "payment.retry.attempts", Value: int64(3)},
			{Key: "payment.retry.base", Value: "100ms"},
			{Key: "payment.breaker.failure_rate", Value: 0.5},
			{Key: "checkout.rate", Value: int64(40)},
		},
			" (with payment's order: breaker → retry → timeout → bulkhead, retry attempts: 3, retry backoff: 100 ms, failure rate: 50%; checkout's rate: 40)",
			" (with payment's order, retry attempts, retry backoff, failure rate; checkout's rate)"},
	} {
		b, _ := scenarios.Lookup(c.scenario)
		sys := &b.Build().Variants[c.variant].System
		if got := overrideMark(sys, c.set); got != c.want {
			t.Errorf("overrideMark(%v) = %q, want %q", c.set, got, c.want)
		}
		forms := SetMarkForms("protected" + c.want)
		want := []string{"protected" + c.want, "protected" + c.labels, "protected (changed by this step)", "protected (changed)"}
		if strings.Join(forms, "|") != strings.Join(want, "|") {
			t.Errorf("SetMarkForms = %q, want %q", forms, want)
		}
	}
	if got := SetMarkForms("a design (with a note of its own)"); len(got) != 1 {
		t.Errorf("a name that only reads like a mark should keep one form, got %q", got)
	}
}

// An edit named by its path reads as English writes a possessive: the
// cascade's "recommendations' timeout", not "recommendations's"; a
// service's edge by its callee, "inventory's timeout".
func TestOverrideTextReadsAsEnglish(t *testing.T) {
	for _, c := range []struct {
		scenario, path string
		val            any
		want           string
	}{
		{"cascade", "recommendations.timeout", "2s", "recommendations' timeout 2 s"},
		{"cascade", "recommendations.retry.attempts", "3", "recommendations' retry attempts 3"},
		{"multi-hop", "orders/inventory.timeout", "300ms", "inventory's timeout 300 ms"},
	} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatalf("no scenario %q", c.scenario)
		}
		if got := OverrideText(&b.Build().Variants[0].System, c.path, c.val); got != c.want {
			t.Errorf("%s %s %v reads %q, want %q", c.scenario, c.path, c.val, got, c.want)
		}
	}
}
