package challengeui

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// tried is m after three designs the learner tried fell short: s then
// shows the solution.
func tried(m Model) Model {
	m.fails = SolutionAfter
	return m
}

// The screens TestChallengesCutNoWord leaves out, for every challenge at
// 80×24, 120×40 and 200×60: the keys (?), and the design the solution
// key sets (s after three designs), with its result and its note, each
// whole. Each screen is reached once and drawn at the three sizes.
func TestEveryChallengeScreenIsWhole(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		src := challengeTexts(c)
		m := sized(t, open(t, c.ID, Options{}), 80, 24)
		screens := []struct {
			name string
			m    Model
		}{{"keys", press(t, m, "?")}}
		if len(c.Knobs) > 0 {
			screens = append(screens, struct {
				name string
				m    Model
			}{"the solution", press(t, tried(m), "s")})
		}
		for _, s := range screens {
			for _, sz := range threeSizes {
				next, _ := s.m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				mm := next.(Model)
				v := mm.View()
				where := fmt.Sprintf("%s, %s at %dx%d", c.ID, s.name, sz[0], sz[1])
				tuitest.CheckBlock(t, v, sz[0], sz[1])
				tuitest.CheckWhole(t, where, v, append(src, mm.note)...)
			}
		}
	}
}
