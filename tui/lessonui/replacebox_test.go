package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
)

// A number sent back stayed in its box and typing went on its end: a
// guess of -5 refused and 24 typed for the one meant read -524, refused
// again; an answer of 1.2.3 went the same way, and a wrong answer of 200
// and 500 typed for the next try read 200500.
// Sent back, the number stays, selected, beside the reason and a note that
// typing replaces it, as in the classroom's poll
// (playback.NumberField.Select); the next number typed is the one sent.
func TestASentBackNumberIsReplacedByTheNextTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Closed, counting")
	m := send(open(t, p, i, 120, 40, Options{}), keys("-5\n")...)
	if m.predicts[i].made || m.predicts[i].typo == "" {
		t.Fatalf("a guess of -5 s should be refused: made %v, typo %q", m.predicts[i].made, m.predicts[i].typo)
	}
	for _, want := range []string{"Your guess: -5▏", m.predicts[i].typo, playback.ReplaceNote} {
		if !hasWords(askColumn(m), want) {
			t.Errorf("refused, the guess's box should show %q:\n%s", want, askColumn(m))
		}
	}
	// The reason, then what to do about it, as the classroom's poll says them.
	if v := strings.Join(strings.Fields(askColumn(m)), " "); strings.Index(v, m.predicts[i].typo) > strings.Index(v, playback.ReplaceNote) {
		t.Errorf("the reason should come before the note:\n%s", askColumn(m))
	}
	// On the projector the box stays, with the number and why it was
	// sent back, but not the keys that edit it: they are the teacher's.
	for _, sz := range [][2]int{{100, 30}, {80, 24}, {200, 60}} {
		v := projector(t, m, sz[0], sz[1])
		if !hasWords(v, "Your guess: -5") || !hasWords(v, m.predicts[i].typo) || strings.Contains(v, "backspace") {
			t.Errorf("%dx%d: the projector should show the box and the reason, not how to edit the number:\n%s", sz[0], sz[1], v)
		}
	}
	if m = send(m, keys("24\n")...); !m.predicts[i].made || m.predicts[i].guess != "24 s" {
		t.Errorf("24 typed on the refused -5: made %v, guess %q; want 24 s", m.predicts[i].made, m.predicts[i].guess)
	}

	p = allLessons(t)[0]
	i = stepTitled(t, p, "Self-check: the hang")
	m = send(open(t, p, i, 120, 40, Options{}), keys("1.2.3\n")...)
	if st := m.questions[i]; st.tries != 0 || !st.bad || !hasWords(textColumn(m), playback.ReplaceNote) {
		t.Errorf("an answer of 1.2.3 should be refused with the note that typing replaces it: tries %d\n%s", st.tries, textColumn(m))
	}
	if v := projector(t, m, 100, 30); !hasWords(v, "Your answer: 1.2.3") || strings.Contains(v, "backspace") {
		t.Errorf("the projector should show the refused answer's box, not how to edit it:\n%s", v)
	}
	m = send(m, keys("200\n")...)
	if st := m.questions[i]; st.tries != 1 || st.in.Input != "200" {
		t.Errorf("200 typed on the refused 1.2.3: tries %d, input %q", st.tries, st.in.Input)
	}
	if v := textColumn(m); !strings.Contains(v, "Your answer: 200▏") || !hasWords(v, playback.ReplaceNote) {
		t.Errorf("a wrong 200 should stay with the note that typing replaces it:\n%s", v)
	}
	m = send(m, keys("500\n")...)
	if st := m.questions[i]; !st.right || st.bad || st.in.Input != "500" {
		t.Errorf("500 typed after the wrong 200: right %v, bad %v, input %q\n%s", st.right, st.bad, st.in.Input, m.View())
	}
}
