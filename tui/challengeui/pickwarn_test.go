package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// On every built-in challenge's choice knobs, at the start and at every
// design one press away, the line under the knob warns of a pick that
// leaves another knob out of range ("; with overlap-limited, workers per
// customer must be 3, …") exactly when the press that picks it says so in
// its note, in the note's words; a pick that leaves every knob in range
// is not warned of. Only the note after the press said it: challenge 8's
// ← picked overlap-limited beside 2 workers per customer with no word
// before it that the design would then be refused.
func TestChoiceHintWarnsAsTheNoteDoes(t *testing.T) {
	racefree.Only(t) // Update's own work: the gradings it returns never run, nothing starts a goroutine
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	warned, clean := 0, 0
	for _, c := range all {
		start := open(t, c.ID, Options{})
		designs := []Model{start}
		for i := range c.Knobs {
			for _, key := range []string{"left", "right"} {
				from := start
				from.focus = i
				got, _ := from.Update(tuitest.Key(key))
				designs = append(designs, got.(Model))
			}
		}
		for _, d := range designs {
			for i, k := range c.Knobs {
				if k.Kind != challenge.KnobChoice {
					continue
				}
				d.focus, d.undo, d.note, d.noteRestates = i, nil, "", ""
				hint := knobHint(c, d.setting, i)
				for _, key := range []string{"left", "right"} {
					got, _ := d.Update(tuitest.Key(key))
					after := got.(Model)
					pick := k.Format(after.setting[k.Path])
					if pick == k.Format(d.setting[k.Path]) {
						continue // the only choice: nothing picked
					}
					warning := "; with " + pick + ", "
					if after.noteRestates != "" {
						warned++
						if !strings.Contains(hint, warning+after.noteRestates) || !strings.Contains(after.note, after.noteRestates) {
							t.Errorf("challenge %d, %s from %s: %s picks %s and its note says %q, but the hint before it says %q",
								c.Number, k.Label, settingKey(c, d.setting), key, pick, after.note, hint)
						}
						continue
					}
					clean++
					if strings.Contains(hint, warning) {
						t.Errorf("challenge %d, %s from %s: %s picks %s, which leaves every knob in range (note %q), but the hint warns: %q",
							c.Number, k.Label, settingKey(c, d.setting), key, pick, after.note, hint)
					}
				}
			}
		}
	}
	if warned == 0 || clean == 0 {
		t.Errorf("want picks both ways, found %d that leave a knob out of range and %d that do not", warned, clean)
	}
}
