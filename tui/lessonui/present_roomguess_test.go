package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A prediction the room answered and the teacher played without a guess
// of their own: presentation mode says so, as the player's outcome does,
// where it said "Your guess: none" beside what happened, as if nobody in
// the room had guessed. A guess skipped outside a classroom still reads
// as skipped.
func TestPresentedRoomAnsweredGuess(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	step := -1
	for i, st := range p.Steps {
		if st.Predict != nil && st.Predict.Kind == lessons.Number && st.HasSim() {
			step = i
			break
		}
	}
	if step < 0 {
		t.Fatal("lesson 1 has no number to predict over a run")
	}
	for _, room := range []bool{true, false} {
		m := open(t, p, step, 160, 48, Options{})
		if room {
			m = m.RoomAnswered(step)
			// The projector follows the teacher's screen, the step shown
			// revealed once the room has seen the answer (serve's
			// roomSharedLocked), before the teacher plays it.
			st := m.State()
			st.PredictHidden = false
			f, err := NewFollower(Options{Theme: m.o.Theme}, st)
			if err != nil {
				t.Fatal(err)
			}
			f = send(f, tea.WindowSizeMsg{Width: 160, Height: 48})
			if v := projector(t, f, 100, 30); !hasWords(v, "Your guess: none of your own: the room answered") {
				t.Errorf("the projector, at the room's reveal:\n%s", v)
			}
			m = send(m, keys(" ")...)
		} else {
			m = send(m, keys("  ")...)
		}
		m = playToPause(t, m)
		if !m.predicts[step].revealed {
			t.Fatalf("room %v: the prediction is not revealed after the play", room)
		}
		want, not := "none, skipped", "the room answered"
		if room {
			want, not = "none of your own: the room answered", "skipped"
		}
		player := flat(m.View())
		f, err := NewFollower(Options{Theme: m.o.Theme}, m.State())
		if err != nil {
			t.Fatal(err)
		}
		f = send(f, tea.WindowSizeMsg{Width: 160, Height: 48})
		if v := projector(t, f, 100, 30); !hasWords(v, "Your guess: "+want) {
			t.Errorf("room %v: the projector following the teacher's play says not %q:\n%s", room, want, v)
		}
		for _, sz := range projectorSizes {
			v := projector(t, m, sz[0], sz[1])
			if !hasWords(v, "Your guess: "+want) || strings.Contains(flat(v), not) {
				t.Errorf("room %v, %dx%d: want %q as the player says it (%v), not %q:\n%s", room, sz[0], sz[1], want, hasWords(player, want), not, v)
			}
		}
	}
}
