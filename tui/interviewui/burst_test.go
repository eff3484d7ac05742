package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// Words that arrive as one burst of characters are written into the
// answer, whatever they spell: "left", "up", "right", "down" and "esc"
// typed fast came as one message named by its text, matched the arrow
// and esc bindings, and were lost (the cursor moved, or the hand-in
// question came up).
func TestABurstOfTextIsWritten(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	for _, w := range []string{"turn ", "left", " then ", "up", " or ", "right", " and ", "down", " not ", "esc", " end"} {
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(w)}))
	}
	if m.ask != askNone {
		t.Fatal("typed text asked to hand in")
	}
	want := "turn left then up or right and down not esc end"
	if got := m.area.Value(); !strings.Contains(got, want) {
		t.Errorf("the answer reads %q, want %q in it", got, want)
	}
}

// burst is characters that arrive together, typed faster than they are
// read: one message of all of them.
func burst(s string) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// held is what a screen holds besides what it shows, for comparing two
// ways to the same screen.
type held struct {
	phase                       phase
	ask                         asking
	pick, cursor, readTop       int
	reading, showKey, inSandbox bool
	said, answer                string
}

func heldOf(m Model) held {
	return held{m.phase, m.ask, m.pick, m.cursor, m.readTop, m.reading, m.showKey, m.inSandbox, fmt.Sprint(m.said), m.area.Value()}
}

// burstAsPressed fails t unless keys in one burst leave the screen as the
// same keys pressed one at a time do, in what it shows and holds. Each
// starts from a screen of its own, fresh: copies of a model share its
// marks.
func burstAsPressed(t *testing.T, where, keys string, fresh func() Model) {
	t.Helper()
	got := tuitest.Send(fresh(), burst(keys))
	want := fresh()
	for _, r := range keys {
		want = tuitest.Send(want, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
	}
	of := heldOf
	if of(got) != of(want) || got.View() != want.View() {
		t.Errorf("%s: %q in one burst left %+v, pressed apart %+v:\n%s\n--- pressed apart:\n%s", where, keys, of(got), of(want), got.View(), want.View())
	}
}

// On the rubric, keys are marks: "yny" typed in one burst marks said, not
// said, said, as the three keys pressed apart do (it marked nothing: no
// binding is named "yny"). A burst that spells a key's name is read
// character by character: "down" is d, o, w, n (n marks the point not
// said), never ↓.
func TestABurstOnTheRubricIsItsKeys(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	m = write(m, answer)
	rubric := func() Model { return tuitest.Press(m, "ctrl+d") } // a hand-in makes the marks anew
	got := tuitest.Send(rubric(), burst("yny"))
	if said := got.said; !said[0] || said[1] || !said[2] || got.cursor != 3 {
		t.Errorf("after the burst yny the marks are %v, the cursor on %d; want said, not said, said and the fourth", said[:4], got.cursor+1)
	}
	for _, keys := range []string{"yny", "down", "up", "yx n", "jjl", "?y", "yp", "n?q"} {
		burstAsPressed(t, "the rubric", keys, rubric)
	}
}

// The chooser's keys, the hand-in question's and the transcript's are
// commands too: a burst of them is each of them, and once a key goes
// back to the answer box the rest of the burst is written there, as the
// box takes a burst.
func TestABurstOfKeysOnEveryScreen(t *testing.T) {
	chooser := func() Model { m, _, _ := model(t, 80, 24, ""); return m }
	for _, keys := range []string{"jj", "jjk", "down", "?j", "q"} {
		burstAsPressed(t, "the chooser", keys, chooser)
	}

	asked := func() Model {
		m, _, _ := model(t, 80, 24, "api-gateway")
		return tuitest.Press(typeIn(m, "a breaker"), "esc")
	}
	got := tuitest.Send(asked(), burst("n per upstream, left up"))
	if got.ask != askNone || got.Grading() || got.area.Value() != "a breaker per upstream, left up" {
		t.Errorf("n and text in one burst at the hand-in question: asking %v, the answer %q", got.ask, got.area.Value())
	}
	for _, keys := range []string{"yny", "n", "y"} {
		burstAsPressed(t, "the hand-in question", keys, asked)
	}

	transcript := func() Model {
		c := &clockAt{start}
		m, err := New(Options{Theme: tuitest.Plain(), OnScreen: true, Embedded: true, Prompt: "payment-checkout", Now: c.now})
		if err != nil {
			t.Fatal(err)
		}
		m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24}))
		return tuitest.Press(write(m, answer), "ctrl+d", "enter")
	}
	if m := transcript(); !m.reading {
		t.Fatal("enter on a rubric kept on screen did not show it as text")
	}
	if got := tuitest.Send(transcript(), burst("jjj")); got.readTop != 3 {
		t.Errorf("jjj in one burst scrolled the transcript to line %d, want 3", got.readTop)
	}
	for _, keys := range []string{"jjj", "  k", "down", "jq"} {
		burstAsPressed(t, "the transcript", keys, transcript)
	}
}

// An answer written as write does, each line in one burst, leaves the
// answer screen, and the rubric it hands in, as typed key by key: what
// they hold and show, where the answer fits its box (200 × 60), where it
// scrolls in it (60 × 16), and for a one-line answer longer than the box
// is wide (80 × 24). The tests that only need an answer written write it.
func TestWriteIsTyping(t *testing.T) {
	for _, c := range []struct {
		w, h int
		text string
	}{{200, 60, answer}, {60, 16, answer}, {80, 24, weakAnswer}} {
		fresh := func() Model { m, _, _ := model(t, c.w, c.h, "payment-checkout"); return m }
		written, typed := write(fresh(), c.text), typeIn(fresh(), c.text)
		for _, screen := range []string{"the answer", "the rubric"} {
			if heldOf(written) != heldOf(typed) || written.View() != typed.View() {
				t.Errorf("%s at %dx%d: written %+v, typed %+v:\n%s\n--- typed:\n%s", screen, c.w, c.h, heldOf(written), heldOf(typed), written.View(), typed.View())
			}
			written, typed = tuitest.Press(written, "ctrl+d"), tuitest.Press(typed, "ctrl+d")
		}
	}
}
