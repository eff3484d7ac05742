package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A pause on a breaker's event that later events of the same instant
// moved on (lesson 4's "breaker half-opens" at 39 s, whose first trial
// failed at once) shows one moment in every pane: the one just before the
// instant, with the breaker in the event's state. The breaker pane said
// "trials 0 of 2 sent" while the outcome table, of 40 requests, already
// counted the failed trial among its 6 failures. And the status line says
// what came next in full at 100 columns, where the note after the pause's
// words was cut ("held at…").
func TestAHeldEventShowsOneMoment(t *testing.T) {
	held := 0
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if !st.HasSim() || st.ShuffleConfig != nil || st.Pause.Kind != lessons.PauseEvent {
				continue
			}
			r, err := engine.New(st.Scenario, st.Sim.Variant, st.Sim.Seed)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(st.PauseAt)
			tr := r.Snapshot().Transitions
			if len(tr) < 2 || tr[len(tr)-1].At != st.PauseAt || tr[len(tr)-1].To == st.Pause.To {
				continue // nothing later in the instant: the run's own picture
			}
			held++
			before, _ := engine.New(st.Scenario, st.Sim.Variant, st.Sim.Seed)
			before.AdvanceTo(st.PauseAt - 1)
			want := before.Snapshot()
			want.Now = st.PauseAt
			name := fmt.Sprintf("%s step %d (%s)", p.Lesson.ID, i+1, st.Pause.Text)
			m := play(t, open(t, p, i, 100, 30, inOneFrame(Options{})))
			if m.Now() != st.PauseAt {
				t.Fatalf("%s: stopped at %v, not at the pause %v", name, m.Now(), st.PauseAt)
			}
			for _, pn := range m.sim.(*engineSim).panes {
				if ep, ok := pn.(*endpointsPane); ok {
					checkTable(t, name+", held", ep, &want, false)
				}
			}
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			status := lines[len(lines)-2]
			next := tr[len(tr)-1].From.String() + " → " + tr[len(tr)-1].To.String()
			if !strings.Contains(status, "before "+next) || strings.Contains(status, "…") {
				t.Errorf("%s at 100 columns: the status line should name %q whole: %q", name, next, status)
			}
			// Moved a step, the panes show the run's own moment again: a
			// step back, since a later step may take the run over from
			// the pause (stopAt), where → stays.
			m = send(m, tea.KeyMsg{Type: tea.KeyLeft})
			if m.heldNext() != "" {
				t.Errorf("%s: a move keeps the hold", name)
			}
		}
	}
	if held == 0 {
		t.Fatal("no lesson step pauses on an event that the same instant moves on")
	}
}
