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
	step := firstNumberOverARun(p)
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

// The teacher's presentation screen once the room has answered and seen
// the prediction revealed, before the teacher plays it: the figure is
// shown, as on the projector that follows, and the screen says one space
// plays it, as the player's hint does. It kept the figure "shown after
// the guess" and said nothing of space, for a choice and for a number.
func TestPresentedRoomAnsweredPlays(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	kinds := map[lessons.QuestionKind]bool{}
	for i, st := range p.Steps {
		if st.Predict == nil || !st.HasSim() || kinds[st.Predict.Kind] {
			continue
		}
		kinds[st.Predict.Kind] = true
		m := open(t, p, i, 160, 48, Options{})
		before, _ := m.Moment()
		if !before.Held {
			t.Fatalf("step %d: the figure is not held before the guess", i+1)
		}
		m = m.RoomAnswered(i)
		mo, _ := m.Moment()
		if mo.Held {
			t.Errorf("step %d: the figure stays held once the room has seen the answer", i+1)
		}
		hint := "The room has answered: space plays it, or give your own guess."
		if !hasWords(m.View(), hint) {
			t.Fatalf("step %d: the player does not say %q", i+1, hint)
		}
		for _, sz := range projectorSizes {
			if v := projector(t, m, sz[0], sz[1]); !hasWords(v, hint) {
				t.Errorf("step %d, %dx%d: want %q:\n%s", i+1, sz[0], sz[1], hint, v)
			}
		}
	}
	if len(kinds) != 2 {
		t.Fatalf("lesson 1 predicts %d kinds over a run, want a choice and a number", len(kinds))
	}
}

// firstNumberOverARun is the first step of p that predicts a number and
// plays a run to show it, -1 if none does.
func firstNumberOverARun(p *lessons.Prepared) int {
	for i, st := range p.Steps {
		if st.Predict != nil && st.Predict.Kind == lessons.Number && st.HasSim() {
			return i
		}
	}
	return -1
}
