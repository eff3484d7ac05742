package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Every step whose [set] changes its design names the change in the
// header: with the knobs and values, or that the step changed it where
// they do not fit, unless the design's name was rebuilt from the change
// ("bulkhead: recommendations <= 50"). Lesson 11's "Where the answered
// pages came from" (the database kept slow to the end) and lesson 14's
// "The acquisition timeout" (a bulkhead wait of 10 s) showed the design's
// name alone at 100 columns, beside steps of the same lesson that named
// theirs.
func TestEveryStepNamesItsSet(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Sim == nil || len(st.Sim.Set) == 0 || st.Sim.File != nil {
				continue
			}
			m := open(t, p, i, 100, 30, Options{})
			_, sw := m.columns()
			head := strings.Join(m.designHead(sw), " ")
			if strings.Contains(head, "(with ") || strings.Contains(head, "(changed") {
				checked++
				continue
			}
			if b, ok := scenarios.Lookup(st.Sim.Scenario); ok && st.Scenario != nil {
				if st.Scenario.Variants[st.Sim.Variant].Name != b.Build().Variants[st.Sim.Variant].Name {
					continue // rebuilt from the change
				}
			}
			t.Errorf("%s step %d (%q) sets %v; its header does not say so: %q", p.Lesson.ID, i+1, st.Title, st.Sim.Set, head)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d steps with a [set] checked", checked)
	}
	// The one this came from, in the words of its change.
	p := lessonID(t, "11-deadlines-across-hops")
	const step = 8
	m := open(t, p, step, 100, 30, Options{})
	_, sw := m.columns()
	head := strings.Join(m.designHead(sw), " ")
	if sw == 0 {
		head = strings.Join(m.summaryLine(), " ") // read across the window (reading)
	}
	if !strings.Contains(head, "fault until: 60 s") {
		t.Errorf("lesson 11 step %d keeps the database slow to 60 s; its header reads %q", step+1, head)
	}
}

// The mark the player writes is one lessons.SetMarkForms shortens: its
// knobs alone, then that the step changed the design.
func TestSetMarkShortens(t *testing.T) {
	p := lessonID(t, "14-no-thread-pool")
	for i := range p.Steps {
		if st := &p.Steps[i]; st.Sim != nil && len(st.Sim.Set) > 0 {
			name := stepNames(p)[i]
			forms := setForms(name)
			if len(forms) != 4 || !strings.HasSuffix(forms[1], "(with search-api's bulkhead wait)") {
				t.Errorf("step %d: %q shortens to %s", i+1, name, fmt.Sprintf("%q", forms))
			}
			return
		}
	}
	t.Fatal("lesson 14 has no step with a [set]")
}
