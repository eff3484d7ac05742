package sandbox

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A bounded knob's range is the engine's, not the form's own: one past
// its top, written into the scenario without the form's check, is refused
// by the scenario's validation too (the one `run FILE` meets), so a value
// the form refuses cannot reach a run by another way, and a value the
// form's hint allows is no wider than what the engine takes. And a number
// a learner types has a top at all: a half-open round of 999999999999
// trials, or a limiter of a billion tokens, is no system anyone runs.
func TestKnobTopsAreTheEngines(t *testing.T) {
	checked, surges := 0, 0
	eachLimitedKnob(func(sc *engine.Scenario, f *form, i int, k *knob) {
		if k.upTo != nil {
			return
		}
		name := sc.Name + " " + f.fieldName(i)
		if k.hi == noMax {
			t.Errorf("%s: %q has no top; want a range a real system could have", name, k.rangeText())
			return
		}
		if k.kind != kindInt && k.kind != kindQueue && k.kind != kindSlots && !k.isTime() {
			return // a rate's top is checked by the scenario's own tests
		}
		v, err := parse(k.kind, k.typed(k.hi+1))
		if err != nil {
			t.Errorf("%s: %v: %v", name, k.hi+1, err)
			return
		}
		c := cloneScenario(sc)
		k.set(c, v)
		checked++
		if k.surge {
			surges++ // a burst's top is the traffic's end, no drain
		}
		if err := c.Validate(); err == nil {
			t.Errorf("%s: %s is past the form's range %q, and the scenario's validation takes it", name, k.typed(k.hi+1), k.rangeText())
		} else if top := strconv.FormatFloat(k.hi, 'f', -1, 64); k.isTime() {
			if top := durText(time.Duration(k.hi)); !strings.Contains(err.Error(), top) {
				t.Errorf("%s: the scenario refuses %s with %q, which does not name the top %s", name, k.typed(k.hi+1), err, top)
			}
		} else if !strings.Contains(strings.ReplaceAll(err.Error(), ",", ""), top) &&
			!(strings.HasSuffix(k.label, " MiB") && strings.Contains(err.Error(), " "+engine.SizeText(int64(k.hi)<<20)+",")) {
			// A size in MiB the engine names as it does every size (1 TiB).
			t.Errorf("%s: the scenario refuses %v with %q, which does not name the top %s", name, k.hi+1, err, top)
		}
	})
	if checked == 0 {
		t.Fatal("no bounded knob checked")
	}
	if surges == 0 {
		t.Error("no burst's moment checked: the built-ins with bursts (noisy-tenant) show no field for them")
	}
}

// Every field that takes a number has a range at all, so that
// TestKnobTopsAreTheEngines reaches it: a field left unbounded takes
// 999999 loop threads or a memory limit past any machine, and its hint
// says nothing of where the engine stops.
func TestEveryNumberHasATop(t *testing.T) {
	bounded := map[valueKind]bool{kindInt: true, kindRate: true, kindQueue: true, kindSlots: true, kindDuration: true}
	seen := map[string]bool{}
	for _, b := range scenarios.All() {
		sc := b.Build()
		for vi := range sc.Variants {
			f := newForm(tuitest.Plain(), sc, vi)
			for i := range f.knobs {
				k := &f.knobs[i]
				// A call's bulkhead is bounded by the workers' field, whose
				// refusal scenarioWords words (knobs_refusal.go).
				if !bounded[k.kind] || k.limited || seen[k.label] || k.label == "bulkhead" {
					continue
				}
				seen[k.label] = true
				t.Errorf("%s %s: hint %q states no range", sc.Name, f.fieldName(i), k.hint)
			}
		}
	}
}
