package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A short window shows at least one goal under the goals' heading: at
// 40×14 challenge 6's four lines of choices left the goals their heading
// alone, and the learner no word of what to achieve. So the selected
// knob's range gives way to one line before a goal does, in every level,
// as it opens, with every goal met (the solution) and with the field open.
// A refusal under the field may take the goals' lines while it is there,
// but then it takes their heading too: never a heading over no goal.
func TestShortPanelShowsAGoalUnderItsHeading(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		for _, sz := range [][2]int{{40, 14}, {50, 16}, {80, 24}} {
			m := sized(t, open(t, c.ID, Options{}), sz[0], sz[1])
			type state struct {
				name       string
				m          Model
				goalsGiven bool // the goals may give way, heading and all
			}
			states := []state{
				{"as it opens", m, false},
				{"typing", press(t, m, "enter"), false},
				{"with a value refused", press(t, m, "enter", "ctrl+u", "z", "z", "enter"), true},
			}
			if len(c.Knobs) > 0 {
				states = append(states, state{"on the solution", press(t, tried(m), "s"), false})
			}
			for _, s := range states {
				tuitest.CheckBlock(t, s.m.View(), sz[0], sz[1])
				where := fmt.Sprintf("%s %s at %dx%d", c.ID, s.name, sz[0], sz[1])
				lines := plainLines(s.m)
				at := -1
				for i, l := range lines {
					if strings.HasPrefix(strings.TrimSpace(l), "Goals · ") {
						at = i
					}
				}
				if at < 0 && s.goalsGiven {
					continue
				}
				if at < 0 {
					t.Errorf("%s: no goals heading:\n%s", where, strings.Join(lines, "\n"))
					continue
				}
				next := ""
				if at+1 < len(lines) {
					next = strings.TrimSpace(lines[at+1])
				}
				if !strings.HasPrefix(next, "✗ ") && !strings.HasPrefix(next, "✓ ") && !strings.HasPrefix(next, "· ") {
					t.Errorf("%s: no goal under the heading:\n%s", where, strings.Join(lines, "\n"))
				}
			}
		}
	}
}
