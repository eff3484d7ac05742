package challenge

import (
	"strings"
	"testing"
)

// A range note names the other knob inside a sentence: level 15's read
// "lower most overflow one tenant holds (0: no cap) for less" and level
// 4's "raise window (calls) for more". Every level's notes, with each
// knob at its start and at the ends of its own range, name a knob by its
// label without the parenthetical the form shows beside it.
func TestNotesNameAKnobWithoutItsParenthetical(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{} // the parenthesised labels some note names
	for _, c := range all {
		settings := []Setting{{}}
		for _, k := range c.Knobs {
			if k.Kind == KnobChoice {
				continue
			}
			for _, end := range []float64{k.Min, k.Max} {
				settings = append(settings, Setting{k.Path: k.fromNumber(end)})
			}
		}
		for _, s := range settings {
			for i := range c.Knobs {
				lim := c.Limit(s, i)
				for _, n := range []*narrowed{lim.low, lim.high} {
					if n == nil || n.by == "" {
						continue
					}
					label := c.Knobs[c.knobIndex(n.path)].Label
					if strings.Contains(label, "(") {
						seen[c.ID+": "+label] = true
					}
					if strings.Contains(n.by, "(") {
						t.Errorf("%s, %s at %v: the note names %q", c.ID, c.Knobs[i].Label, s, n.by)
					}
				}
				fixed, _ := lim.Fixed()
				for _, note := range []string{lim.Widen(), lim.Narrowed(), lim.Range(), fixed} {
					for _, k := range c.Knobs {
						if strings.Contains(k.Label, "(") && strings.Contains(note, k.Label) {
							t.Errorf("%s, %s at %v: %q names %q whole", c.ID, c.Knobs[i].Label, s, note, k.Label)
						}
					}
				}
			}
		}
	}
	// The levels that showed it must still name those knobs, or this
	// test proves nothing.
	for _, want := range []string{"quiet-breaker: window (calls)", "tenant-lanes: most overflow one tenant holds (0: no cap)"} {
		if !seen[want] {
			t.Errorf("no note names %q; seen %v", want, seen)
		}
	}
}

// The two notes as the brief reported them, read whole.
func TestLevel15AndLevel4NotesReadAsSentences(t *testing.T) {
	c := lookup(t, "tenant-lanes")
	const shared, capPath = "database.per_tenant_bulkhead.shared", "database.per_tenant_bulkhead.shared_per_tenant"
	lim := c.Limit(Setting{shared: int64(40), capPath: int64(25)}, c.knobIndex(shared))
	if got, want := lim.Widen(), "lower most overflow one tenant holds for less"; got != want {
		t.Errorf("level 15: Widen() = %q, want %q", got, want)
	}
	q := lookup(t, "quiet-breaker")
	for i, k := range q.Knobs {
		if !strings.HasSuffix(k.Path, "breaker.min_calls") {
			continue
		}
		if w := q.Limit(Setting{"ledger.breaker.window": int64(10)}, i).Widen(); !strings.Contains(w, "raise window for more") {
			t.Errorf("level 4: %s Widen() = %q, want it to say raise window for more", k.Label, w)
		}
	}
}
