package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A letter that is no key of the player's, typed into an empty number's
// box, said nothing: "e" did nothing at all. The box says what it takes,
// in its own message line; the player's own keys (? and n) still do what
// they do, the box empty or not.
func TestABoxSaysWhatItCannotTake(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[0]
	i := stepTitled(t, p, "Self-check: the hang")
	m := send(open(t, p, i, 120, 40, Options{}), keys("e")...)
	const says = `Not part of a number: "e". Type digits, with a point, a minus or a percent sign where it needs one.`
	if v := textColumn(m); !strings.Contains(v, says) {
		t.Errorf("an e in the empty box should say what a number takes:\n%s", m.View())
	}
	if v := projector(t, m, 100, 30); !hasWords(v, `Not part of a number: "e"`) {
		t.Errorf("the presenter's view should say it too:\n%s", v)
	}
	if m = send(m, keys("5")...); strings.Contains(textColumn(m), "not part of a number") {
		t.Errorf("a digit typed after should take the message away:\n%s", m.View())
	}
	for _, typed := range []string{"", "5"} {
		m := send(open(t, p, i, 120, 40, Options{}), keys(typed)...)
		if h := send(m, keys("?")...); !h.showHelp {
			t.Errorf("with %q in the box, ? should open the help", typed)
		}
		if n := send(m, keys("n")...); n.step != i+1 {
			t.Errorf("with %q in the box, n should go to the next step, not stay at %d", typed, n.step)
		}
	}

	// A prediction's box says it the same way.
	p = allLessons(t)[3]
	i = stepTitled(t, p, "Closed, counting")
	m = send(open(t, p, i, 120, 40, Options{}), keys("e")...)
	if !hasWords(askColumn(m), says) {
		t.Errorf("an e in the empty guess box should say what a number takes:\n%s", m.View())
	}
}

// The classroom's poll asks again before sending a number a character was
// left out of (tui/serve); the lesson player sent it: "2e4" typed read 24
// and went at once. Both send by one rule (playback.NumberField.Enter): the
// first enter asks, in the note under the box, and the second sends.
func TestTheLeftOutNumberIsAskedAboutBeforeItIsSent(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Closed, counting")
	m := send(open(t, p, i, 120, 40, Options{}), keys("2e4")...)
	if v := askColumn(m); !hasWords(v, `"e" left out: a number takes digits and . - %, 16 at most; your guess reads 24 s. Check it: enter asks again before it sends it.`) {
		t.Errorf("a typed e inside the guess should be said left out, and enter to ask:\n%s", v)
	}
	m = send(m, keys("\n")...)
	if m.predicts[i].made {
		t.Fatal("the first enter after the e sent the guess")
	}
	if v := askColumn(m); !hasWords(v, "your guess reads 24 s. Enter again sends it.") {
		t.Errorf("the first enter should say the next sends it:\n%s", v)
	}
	if v := projector(t, m, 100, 30); !hasWords(v, "your guess reads 24 s. Enter again sends it.") {
		t.Errorf("the presenter's view should show the box's note:\n%s", v)
	}
	if m = send(m, keys("\n")...); !m.predicts[i].made || m.predicts[i].guess != "24 s" {
		t.Errorf("the second enter should send 24 s; made %v, guess %q", m.predicts[i].made, m.predicts[i].guess)
	}

	// A question's box, with a paste.
	p = allLessons(t)[0]
	i = stepTitled(t, p, "Self-check: the hang")
	m = send(open(t, p, i, 120, 40, Options{}), tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1e3"), Paste: true})
	m = send(m, keys("\n")...)
	if q := m.questions[i]; q.tries != 0 {
		t.Fatalf("the first enter after a paste left the e out sent 13 (%d tries): %q", q.tries, q.feedback)
	}
	note := answerNote(p.Steps[i].Question, m.questions[i])
	if !strings.Contains(note, "your answer reads 13 workers. Enter again sends it.") {
		t.Errorf("the note should say the next enter sends it: %q", note)
	}
	if v := textColumn(m); !strings.Contains(v, note) {
		t.Errorf("the player should show the note %q:\n%s", note, m.View())
	}
	if v := projector(t, m, 100, 30); !hasWords(v, note) {
		t.Errorf("the presenter's view should show the note %q:\n%s", note, v)
	}
	if m = send(m, keys("\n")...); m.questions[i].tries != 1 {
		t.Errorf("the second enter should send 13: %d tries", m.questions[i].tries)
	}
}

// askColumn is the text column's words with the prediction pinned under
// it, where the view puts the panes' borders between its lines.
func askColumn(m Model) string {
	return flat(strings.Join(append(m.textLines(), m.pinned()...), " "))
}
