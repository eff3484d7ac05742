package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// revealMoment is where step i's reveal speaks of: its pause, or the end of
// its traffic.
func revealMoment(st *lessons.PreparedStep) time.Duration {
	if st.PauseAt < 0 || st.PauseAt >= st.End {
		return st.End
	}
	return st.PauseAt
}

// A step whose prediction was made and revealed, opened again from the
// progress file (the learner quit and came back), opens where its reveal
// speaks of: the panes at the step's pause, or at the end of the traffic,
// paused, for every prediction of every lesson. Restarted, the panes are
// earlier than the reveal's numbers, and a line over the reveal says so
// until the play is back there.
func TestARevealedStepReopensAtItsReveal(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		store, _ := newStore(t)
		var pr lessons.Progress
		for i, st := range p.Steps {
			if st.Predict != nil {
				pr.Predicted(i, lessons.Prediction{Result: lessons.Skipped.String()})
			}
		}
		store.Set(p.Lesson.ID, pr)
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Predict == nil || !st.HasSim() {
				continue
			}
			where := fmt.Sprintf("%s step %d (%s)", p.Lesson.ID, i+1, st.Title)
			m := open(t, p, i, 80, 24, inOneFrame(Options{Store: store}))
			if !m.predicts[i].revealed {
				t.Fatalf("%s: the prediction in the progress file is not revealed", where)
			}
			want := revealMoment(st)
			if m.Now() != want || m.Playing() || !(m.atPause || m.finished) {
				t.Errorf("%s: reopened at %v (playing %v), want paused at %v, where the reveal speaks of", where, m.Now(), m.Playing(), want)
			}
			v := m.View()
			tuitest.CheckBlock(t, v, 80, 24)
			if strings.Contains(text(v), "The panes are earlier") {
				t.Errorf("%s: at the reveal's moment the player says the panes are earlier:\n%s", where, v)
			}
			checked++
			if i > 0 && checked%4 != 1 {
				continue // restart a few of them: the rest is the same code
			}
			m = send(m, keys("r")...)
			if m.Now() != st.From {
				t.Fatalf("%s: r should restart the step at %v, at %v", where, st.From, m.Now())
			}
			if !strings.Contains(strings.Join(m.textLines(), " "), "The panes are earlier than this outcome") {
				t.Errorf("%s: restarted, the panes are at %v and the reveal speaks of %v, and nothing says so", where, m.Now(), want)
			}
			m = play(t, m)
			if m.Now() != want || strings.Contains(strings.Join(m.textLines(), " "), "The panes are earlier") {
				t.Errorf("%s: played again it stops at %v, want %v, with the outcome in step", where, m.Now(), want)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d predictions checked", checked)
	}
}

// Within a session too: lesson 11's "Working for nobody" played to its
// pause, left with n and opened again with p, is at 39 s, not 20 s.
func TestARevealedStepReopensAtItsRevealInTheSession(t *testing.T) {
	p := allLessons(t)[10]
	i := stepTitled(t, p, "Working for nobody")
	m := open(t, p, i, 80, 24, Options{})
	m = send(m, keys("1")...)
	for n := 0; m.Playing(); n++ {
		if n > 100_000 {
			t.Fatal("the simulation never stopped")
		}
		m = send(m, tickMsg{m.tickID})
	}
	if !m.predicts[i].revealed || m.Now() != 39*time.Second {
		t.Fatalf("played, the step should stop at 39 s with its reveal, at %v", m.Now())
	}
	m = send(m, keys("np")...)
	if m.Step() != i || m.Now() != 39*time.Second || !m.atPause {
		t.Errorf("n then p: step %d at %v, want step %d paused at 39 s", m.Step()+1, m.Now(), i+1)
	}
}

// stepTitled is the index of p's step with the title.
func stepTitled(t *testing.T, p *lessons.Prepared, title string) int {
	t.Helper()
	for i, st := range p.Steps {
		if st.Title == title {
			return i
		}
	}
	t.Fatalf("%s has no step %q", p.Lesson.ID, title)
	return -1
}

// Lesson 11's "Working for nobody" quotes the chain pane's abandoned work
// at its pause, and the pane shows that number there, at 80×24 as at
// 200×60; the step after it quotes the same count for comparison.
func TestWorkingForNobodyQuotesThePane(t *testing.T) {
	p := allLessons(t)[10]
	i := stepTitled(t, p, "Working for nobody")
	g := regexp.MustCompile(`together the ([\d,]+) calls of abandoned work`).FindStringSubmatch(strings.Join(strings.Fields(p.Steps[i].Predict.Reveal), " "))
	if g == nil {
		t.Fatalf("the reveal does not quote the pane's abandoned work:\n%s", p.Steps[i].Predict.Reveal)
	}
	if next := p.Steps[i+1].Predict.Reveal; !strings.Contains(strings.Join(strings.Fields(next), " "), "against "+g[1]+" at the same moment") {
		t.Errorf("the next step compares with another count than the %s this one quotes:\n%s", g[1], next)
	}
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := play(t, open(t, p, i, sz[0], sz[1], inOneFrame(Options{})))
		if m.Now() != 39*time.Second {
			t.Fatalf("the step should pause at 39 s, at %v", m.Now())
		}
		var chain string
		for _, pn := range m.sim.Panes() {
			if v := ansi.Strip(pn.View()); strings.Contains(v, "abandoned") {
				chain = strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
			}
		}
		if !regexp.MustCompile(`abandoned (?:work )?` + regexp.QuoteMeta(g[1]) + `\b`).MatchString(chain) {
			t.Errorf("%dx%d at 39 s: the reveal quotes %s of abandoned work, and the chain pane shows:\n%s", sz[0], sz[1], g[1], chain)
		}
	}
}
