package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A follower shows the presenter's own guess once the step is revealed,
// beside its own: students following the teacher saw the question and
// then the answer, never what the teacher had guessed. On a student's
// screen, and on the projector (a follower in presentation mode), for a
// choice and for a number; a skipped guess sends none. The follower's
// own verdict stays beside its own guess.
func TestAFollowerShowsThePresentersGuess(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	number := firstNumberOverARun(p)
	if p.Steps[0].Predict == nil || p.Steps[0].Predict.Kind != lessons.Choice || number < 0 {
		t.Fatal("lesson 1 should predict a choice at step 1 and a number later")
	}
	// A student who answered the room's poll right, following a teacher
	// who guessed wrong: the verdict under their guess is theirs, and the
	// teacher's guess comes after it, where "✓ Right." read as the
	// teacher's.
	q := p.Steps[0].Predict
	lead := playToPause(t, send(open(t, p, 0, 160, 48, Options{}), keys("3")...))
	f, err := NewFollower(Options{Theme: lead.o.Theme}, lead.State())
	if err != nil {
		t.Fatal(err)
	}
	f.followGuess(0, lessons.Prediction{Guess: q.Choices[q.RightChoice()].Text, Result: lessons.Spot.String()})
	f = send(f, tea.WindowSizeMsg{Width: 80, Height: 24})
	if text := flat(strings.Join(f.drawBase(), "\n")); !strings.Contains(text, "Right.") || strings.Index(text, presenterWords) < strings.Index(text, "Right.") {
		t.Errorf("the teacher's guess should follow the student's own verdict:\n%s", text)
	}
	for _, c := range []struct {
		step  int
		typed string
	}{{0, "3"}, {number, "150\n"}, {0, "  "}} {
		lead := playToPause(t, send(open(t, p, c.step, 160, 48, Options{}), keys(c.typed)...))
		ps := lead.predicts[c.step]
		if !ps.revealed {
			t.Fatalf("step %d: the presenter's guess %q did not reveal the step", c.step+1, c.typed)
		}
		f, err := NewFollower(Options{Theme: lead.o.Theme}, lead.State())
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]int{{80, 24}, {200, 60}} {
			f = send(f, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			text := flat(strings.Join(f.drawBase(), "\n"))
			mo, _ := f.Moment()
			proj := flat(strings.Join(append(mo.Ask.Choices, mo.Ask.Lines...), "\n"))
			if ps.skipped {
				if strings.Contains(text, presenterWords) || strings.Contains(proj, presenterMark) || strings.Contains(proj, presenterWords) {
					t.Errorf("step %d at %dx%d: a skipped guess is shown as the teacher's:\n%s\n%s", c.step+1, sz[0], sz[1], text, proj)
				}
				continue
			}
			if want := presenterWords + ": " + flat(ps.guess); !strings.Contains(text, want) {
				t.Errorf("step %d at %dx%d: the follower's screen lacks %q:\n%s", c.step+1, sz[0], sz[1], want, text)
			}
			want := presenterWords + ": " + flat(ps.guess)
			if p.Steps[c.step].Predict.Kind == lessons.Choice {
				want = flat(ps.guess) + " ← " + presenterMark
			}
			if !strings.Contains(proj, want) {
				t.Errorf("step %d at %dx%d: the projector following lacks %q:\n%s", c.step+1, sz[0], sz[1], want, proj)
			}
		}
	}
}
