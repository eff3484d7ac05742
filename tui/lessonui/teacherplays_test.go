package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following the teacher who has answered the room's poll of a
// prediction, while the teacher's run is paused before the play: the run
// is the teacher's to play, so the screen says the teacher will, where
// it read "Watch it play until 9 s" as the student's to do. Once the teacher
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

// A student following, once the room has seen the prediction revealed,
// reads the outcome over panes still at the step's start: the teacher
// plays on to the moment it speaks of, where it said "space plays on to
// there", a key that leaves following to play a copy of the student's
// own. Forked, the student's own space plays it.
func TestFollowerRevealAheadSaysTheTeacherPlays(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	teacher := open(t, p, 0, 160, 48, Options{})
	st := teacher.State()
	st.PredictHidden = false // the room's reveal (serve's roomSharedLocked)
	f, err := NewFollower(Options{Theme: teacher.o.Theme}, st)
	if err != nil {
		t.Fatal(err)
	}
	f = send(f, tea.WindowSizeMsg{Width: 80, Height: 24})
	if !f.predicts[0].revealed {
		t.Fatal("the follower does not show the room's reveal")
	}
	if got := f.revealAhead(); !strings.Contains(got, "the teacher plays on to there") || strings.Contains(got, "space") {
		t.Errorf("following: %q", got)
	}
	f, _ = f.Fork()
	if got := f.revealAhead(); !strings.Contains(got, "space plays on to there") {
		t.Errorf("forked: %q", got)
	}
}
