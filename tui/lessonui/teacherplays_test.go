package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following the teacher who has answered the room's poll of a
// prediction, while the teacher's run is paused before the play: the
// student cannot play it, so the screen says the teacher will, where it
// read "Watch it play until 9 s" as if space would. Once the teacher
// plays, watching is what the student does, and the words say so.
func TestFollowerWaitsForTheTeacherToPlay(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	step := 0
	q := p.Steps[step].Predict
	if q == nil || q.Kind != lessons.Choice || !p.Steps[step].HasSim() {
		t.Fatal("lesson 1's first step was a choice to predict over a run")
	}
	teacher := open(t, p, step, 160, 48, Options{})
	until := untilText(&p.Steps[step])
	for _, skipped := range []bool{false, true} {
		f, err := NewFollower(Options{Theme: teacher.o.Theme}, teacher.State())
		if err != nil {
			t.Fatal(err)
		}
		f = send(f, tea.WindowSizeMsg{Width: 100, Height: 30})
		rec := lessons.Prediction{Guess: q.Choices[0].Text, Result: lessons.Off.String()}
		if skipped {
			rec = lessons.Prediction{Result: lessons.Skipped.String()}
		}
		f.followGuess(step, rec)
		f.layout()
		v := flat(strings.Join(f.predictPanel(), " "))
		if !hasWords(v, "The teacher will play it "+until) || hasWords(v, "Watch it play") {
			t.Errorf("skipped %v: paused, the follower should say the teacher will play it %s:\n%s", skipped, until, f.View())
		}
		st := teacher.State()
		st.Playing = true
		if f, err = f.Follow(st); err != nil {
			t.Fatal(err)
		}
		if v := flat(strings.Join(f.predictPanel(), " ")); !hasWords(v, "Watch it play "+until) || hasWords(v, "The teacher will play") {
			t.Errorf("skipped %v: with the teacher playing, the follower should say to watch it:\n%s", skipped, v)
		}
	}
}
