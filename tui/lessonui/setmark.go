package lessonui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A step's [set] changes its design, and the header says so: lessons
// marks the design's name with the change ("propagated deadlines and
// cancellation (with database's cancel downstream: no)") where Relabel
// finds the name no longer true, and rebuilds a name that quotes a number
// ("bulkhead: recommendations <= 50"). A name Relabel keeps, because only
// a number under it changed (lesson 14's "A semaphore per upstream" with
// a bulkhead wait of 10 s) or only the world it faces (lesson 11's
// database kept slow to the end, fault.to = 1m), came through unmarked, and
// the header named the design as if the step played it unchanged. The
// player marks those itself, in the mark's own form, so the header
// shortens it as it does every mark (lessons.SetMarkForms).

// stepNames is, step by step, the name the header gives the step's own
// design when its [set] left the name unmarked and unchanged; "" where
// the name says the change already, or there is none.
func stepNames(p *lessons.Prepared) []string {
	out := make([]string, len(p.Steps))
	for i := range p.Steps {
		st := &p.Steps[i]
		if st.Sim == nil || len(st.Sim.Set) == 0 || st.Sim.File != nil {
			continue // a teacher's file: its names are its own
		}
		var name, plain string
		switch {
		case st.Sim.IsShuffle():
			// The timeline's designs are its strategies, named the same
			// whatever the [set] changes.
			strategies := shuffle.Strategies()
			if st.Sim.Variant < 0 || st.Sim.Variant >= len(strategies) {
				continue
			}
			name = strategyName(strategies[st.Sim.Variant])
			plain = name
		case st.Scenario != nil && st.Sim.Variant >= 0 && st.Sim.Variant < len(st.Scenario.Variants):
			name = st.Scenario.Variants[st.Sim.Variant].Name
			b, ok := scenarios.Lookup(st.Sim.Scenario)
			if !ok {
				continue
			}
			sc := b.Build()
			if st.Sim.Variant >= len(sc.Variants) {
				continue
			}
			plain = sc.Variants[st.Sim.Variant].Name
		default:
			continue
		}
		if name != plain || len(lessons.SetMarkForms(name)) > 1 {
			continue // rebuilt from the change, or marked with it
		}
		out[i] = name + setMark(st.Sim.Set)
	}
	return out
}

// setMark writes a [set] as a design's mark: " (with database's fault
// until: 60 s)", the knobs of one part together, in the order the step
// wrote them.
func setMark(set []lessons.Override) string {
	var owners []string
	items := map[string][]string{}
	for _, o := range set {
		owner, key := "", o.Key
		if part, k, ok := lessons.SplitKnobName(o.Key); ok {
			// An edge ("inventory/database") is named by its callee, as
			// the chain pane names the hop.
			owner, key = lessons.Possessive(part[strings.LastIndexByte(part, '/')+1:])+" ", k
		}
		if _, ok := items[owner]; !ok {
			owners = append(owners, owner)
		}
		items[owner] = append(items[owner], knobLabel(key)+": "+knobValue(key, o.Value))
	}
	groups := make([]string, 0, len(owners))
	for _, owner := range owners {
		groups = append(groups, owner+strings.Join(items[owner], ", "))
	}
	return " (with " + strings.Join(groups, "; ") + ")"
}

// knobLabel is a knob's key in words: spaced, but for the end of a fault,
// which "fault to" would misread.
func knobLabel(key string) string {
	if key == "fault.to" {
		return "fault until"
	}
	return strings.NewReplacer("_", " ", ".", " ").Replace(key)
}

// knobValue writes a [set] value as the header reads it: a time with its
// unit apart ("60 s" for "1m"), a rate as a percentage, yes or no, layers
// in order.
func knobValue(key string, v any) string {
	switch v := v.(type) {
	case string:
		if d, err := time.ParseDuration(v); err == nil {
			return pane.SecondsShort(d)
		}
		return v
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case float64:
		if (strings.HasSuffix(key, "rate") || strings.HasSuffix(key, "probability")) && v <= 1 {
			return lessons.TrimNum(v*100) + "%"
		}
		return lessons.TrimNum(v)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = fmt.Sprint(x)
		}
		return strings.Join(parts, " → ")
	}
	return fmt.Sprint(v)
}
