package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A teacher's review: a student's "1e9" read 19, ctrl+u did nothing, and
// 150 typed after it made 19150. In a question's box a paste keeps the
// number's characters and says what it left out; ctrl+u empties the box,
// and 150 is answered as 150 (too low for lesson 1's 500).
func TestCtrlUEmptiesANumberAnswer(t *testing.T) {
	p := allLessons(t)[0]
	i := stepTitled(t, p, "Self-check: the hang")
	for _, paste := range []bool{true, false} {
		m := open(t, p, i, 120, 40, Options{})
		if paste {
			m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1e9"), Paste: true})
		} else {
			m = send(m, keys("19")...)
		}
		v := textColumn(m)
		if !strings.Contains(v, "Your answer: 19▏ workers") {
			t.Fatalf("the box should read 19:\n%s", m.View())
		}
		if paste && !strings.Contains(v, `"e" left out`) {
			t.Errorf("a paste of 1e9 should say the e was left out:\n%s", m.View())
		}
		m = send(m, tuitest.Key("ctrl+u"))
		if got := m.questions[i].in.Input; got != "" {
			t.Errorf("ctrl+u left %q in the box", got)
		}
		if strings.Contains(textColumn(m), "left out") {
			t.Errorf("ctrl+u should take the note with the number:\n%s", m.View())
		}
		m = send(m, keys("150\n")...)
		if v := textColumn(m); !strings.Contains(v, "Not quite: too low") || strings.Contains(v, "19150") {
			t.Errorf("150 after ctrl+u should be answered as 150, too low:\n%s", m.View())
		}
	}
}

// A prediction's box edits the same way: 19, ctrl+u, 24 and enter is the
// guess 24 s (lesson 4's "Closed, counting").
func TestCtrlUEmptiesANumberGuess(t *testing.T) {
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Closed, counting")
	m := open(t, p, i, 120, 40, Options{})
	m = send(m, keys("19")...)
	m = send(m, tuitest.Key("ctrl+u"))
	m = send(m, keys("24\n")...)
	if ps := m.predicts[i]; !ps.made || ps.guess != "24 s" {
		t.Errorf("the guess is %q (made %v), want 24 s", ps.guess, ps.made)
	}
}

// A guess typed and then skipped (space twice) is told as typed and not
// sent, where the outcome said "none, skipped" as if the box was empty;
// so is one the presenter's reveal overtook on a follower's screen, and
// an answer the presenter gave over one typed.
func TestAnUnsentNumberIsSaid(t *testing.T) {
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Closed, counting")
	m := open(t, p, i, 200, 60, Options{})
	m = send(m, keys("19150 ")...)
	if v := textColumn(m); !strings.Contains(v, "Space again: play without a guess; enter sends 19150 s.") {
		t.Errorf("the first space should name the number it would drop:\n%s", m.View())
	}
	m = send(m, keys(" ")...)
	for n := 0; m.Playing(); n++ {
		if n > 100_000 {
			t.Fatal("the simulation never stopped")
		}
		m = send(m, tickMsg{m.tickID})
	}
	if v := textColumn(m); !strings.Contains(v, "none, skipped: 19150 s was typed but not sent") {
		t.Errorf("the outcome should say 19150 was typed, not sent:\n%s", m.View())
	}

	f := open(t, p, i, 200, 60, Options{})
	f = send(f, keys("19150")...)
	f.showAnswers(true, true)
	f.layout()
	if v := textColumn(f); !strings.Contains(v, "none, skipped: 19150 s was typed but not sent") {
		t.Errorf("a reveal over a typed guess should say it was not sent:\n%s", f.View())
	}
	if a := predictAsk(p.Steps[i].Predict, f.predicts[i]); !strings.Contains(ansi.Strip(strings.Join(a.Lines, "\n")), "none, skipped: 19150 s was typed but not sent") {
		t.Errorf("the presented reveal should say it was not sent: %q", a.Lines)
	}

	q := allLessons(t)[0]
	j := stepTitled(t, q, "Self-check: the hang")
	g := open(t, q, j, 120, 40, Options{})
	g = send(g, keys("19150")...)
	g.showAnswers(true, true)
	if v := textColumn(g); !strings.Contains(v, "Your answer 19150 workers was typed but not sent.") {
		t.Errorf("an answer given over a typed one should say it was not sent:\n%s", g.View())
	}
}
