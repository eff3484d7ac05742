package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A follower who answered the room's poll of a prediction (tui/serve)
// sees their own guess beside what happened when the presenter reveals
// it, where the reveal read "Your prediction: none, skipped"; before the
// reveal the guess waits, unrevealed.
func TestAFollowersPollAnswerIsTheirPrediction(t *testing.T) {
	p := preparedLesson(t, 0)
	step := -1
	for i, s := range p.Steps {
		if s.Predict != nil && s.Predict.Kind == lessons.Choice {
			step = i
			break
		}
	}
	if step < 0 {
		t.Fatal("lesson 1 has no multiple-choice prediction")
	}
	o := Options{Theme: theme.New(theme.Plain()), Embedded: true}
	lead, err := New(p, Options{Theme: o.Theme, Step: step})
	if err != nil {
		t.Fatal(err)
	}
	st := lead.State()
	st = st.HideAnswers(true)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	next, _ := NewPicker(all, nil, o).Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	pk := next.(Picker)
	pk, err = pk.Follow(st)
	if err != nil {
		t.Fatal(err)
	}
	var right string
	for _, c := range p.Steps[step].Predict.Choices {
		if c.Right {
			right = c.Text
		}
	}
	rec := lessons.Prediction{Guess: right, Result: lessons.Spot.String()}
	pk = pk.FollowGuess(step, rec)
	if ps := pk.player.predicts[step]; ps.revealed || !ps.made {
		t.Fatalf("before the reveal the guess is made %v, revealed %v", ps.made, ps.revealed)
	}
	// The presenter reveals: Follow marks the step skipped, and the poll's
	// answer is handed again, as serve does after every Follow.
	st = st.HideAnswers(false)
	if pk, err = pk.Follow(st); err != nil {
		t.Fatal(err)
	}
	pk = pk.FollowGuess(step, rec)
	pk.player.layout()
	v := ansi.Strip(pk.player.View())
	if strings.Contains(v, "none, skipped") || !strings.Contains(strings.Join(strings.Fields(v), " "), "Your prediction: "+strings.Join(strings.Fields(right), " ")[:20]) {
		t.Fatalf("the follower's reveal does not show their poll answer %q:\n%s", right, v)
	}
}
