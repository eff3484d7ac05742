package drillui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// msCard asks for a time in milliseconds, as lesson 11's "Self-check: the
// time left" does (a lesson card, which drill.Named does not build).
func msCard() drill.Card {
	q := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "What timeout should the call to inventory get, in milliseconds?",
		Answer: 885, AnswerKind: lessons.KindNumber, Unit: "ms", AnswerText: "885"}
	return drill.Card{ID: "lesson-test-ms", Topic: "deadlines", Kind: drill.Number, Question: q.Prompt, Check: q, Source: "a test"}
}

// typeIn types the text into the card's input, a key a character.
func typeIn(m Model, text string) Model {
	for _, r := range text {
		m = tuitest.Press(m, string(r))
	}
	return m
}

// squeezed is the view without styles, its runs of spaces and line breaks
// made one space, so that a wrapped sentence reads whole.
func squeezed(m Model) string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }

// The input's hint names the card's own unit, and a time typed in another
// unit is converted: 0.885 s is 885 ms. The hint said "times in seconds"
// and the drill marked 0.885 s wrong.
func TestNumberCardInMillisecondsTakesSeconds(t *testing.T) {
	for _, typed := range []string{"885", "885 ms", "0.885 s", "0.885s", "885000 µs"} {
		m, _ := modelOn(t, 80, 24, []drill.Card{msCard()})
		v := squeezed(m)
		if !strings.Contains(v, "Times in milliseconds") || strings.Contains(v, "times in seconds") {
			t.Fatalf("the hint should name milliseconds, the card's unit:\n%s", m.View())
		}
		m = typeIn(m, typed)
		m = tuitest.Press(m, "enter")
		if v := squeezed(m); !strings.Contains(v, "✓ Right") {
			t.Errorf("%q is 885 ms, and it was not taken:\n%s", typed, m.View())
		}
	}
	m, _ := modelOn(t, 80, 24, []drill.Card{msCard()})
	m = tuitest.Press(typeIn(m, "0.885"), "enter")
	if v := squeezed(m); !strings.Contains(v, "✗ Not this time") {
		t.Errorf("a bare 0.885 is 0.885 ms, and it was taken for 885:\n%s", m.View())
	}
}

// An empty session says why nothing was drawn: the options that left out
// the new cards, by the flags that set them, or that none is left.
func TestNothingToDrillNamesWhatLeftTheNewCardsOut(t *testing.T) {
	deck := cards(t, "numbers-01", "numbers-02")
	open := func(so drill.SessionOptions, seen bool) string {
		s, err := drill.OpenStore(t.TempDir(), now)
		if err != nil {
			t.Fatal(err)
		}
		if seen {
			for _, c := range deck {
				s.Answer(c.ID, drill.Good, now.Add(-time.Hour))
			}
		}
		so.Seed = 1
		m := New(Options{Theme: tuitest.Plain(), Deck: deck, Store: s, Now: func() time.Time { return now }, Session: so})
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
		if !m.Done() {
			t.Fatalf("%+v: the session drew cards:\n%s", so, m.View())
		}
		return squeezed(m)
	}
	for _, c := range []struct {
		so   drill.SessionOptions
		seen bool
		want string
	}{
		{drill.SessionOptions{Review: true, New: drill.DefaultNew}, false, "no card is due, and --review leaves out the 2 new cards"},
		{drill.SessionOptions{New: 0}, false, "no card is due, and --new 0 leaves out the 2 new cards"},
		{drill.SessionOptions{New: drill.DefaultNew}, true, "no card is due, and no new card is left in this selection."},
	} {
		if v := open(c.so, c.seen); !strings.Contains(v, c.want) {
			t.Errorf("%+v: want %q in:\n%s", c.so, c.want, v)
		}
	}
}

// The card's unit follows the input only while what is typed has none of
// its own: "[0.885 s] ms" read as if 0.885 s were a number of
// milliseconds.
func TestAnswerTypedWithAUnitShowsNoOther(t *testing.T) {
	for _, c := range []struct {
		typed, after string
	}{{"885", "ms"}, {"", "ms"}, {"0.885 s", ""}, {"885ms", ""}, {"885000 µs", ""}} {
		for _, enter := range []bool{false, true} {
			m, _ := modelOn(t, 80, 24, []drill.Card{msCard()})
			m = typeIn(m, c.typed)
			if enter {
				m = tuitest.Press(m, "enter")
			}
			line := ""
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				if strings.Contains(l, "Your answer: [") {
					line = strings.TrimSpace(l)
				}
			}
			box, after, ok := strings.Cut(strings.TrimPrefix(line, "Your answer: ["), "]")
			if !ok || !strings.HasPrefix(box, c.typed) || strings.TrimSpace(after) != c.after {
				t.Errorf("typed %q (entered %v): %q, want %q after the box", c.typed, enter, line, c.after)
			}
		}
	}
}

// Card numbers-21's answer is 0.0 %, within 1 point: 1 typed there is 1 %,
// right, and the drill says how it read it. It read 1 as 100 % and marked
// it wrong, though the hint offers 41 for 41 %.
func TestABareShareSaysHowItWasRead(t *testing.T) {
	deck := cards(t, "numbers-21")
	if c := deck[0].Check; c.AnswerKind != lessons.KindFraction || c.Answer > 0.001 || c.Tolerance != 0.01 {
		t.Fatalf("numbers-21 is no longer a share near 0 within a point: %+v", c)
	}
	m, _ := modelOn(t, 80, 24, deck)
	m = tuitest.Press(typeIn(m, "1"), "enter")
	if v := squeezed(m); !strings.Contains(v, "✓ Right") || !strings.Contains(v, "You typed 1, read as 1 %.") {
		t.Errorf("1 on numbers-21:\n%s", m.View())
	}
	m, _ = modelOn(t, 80, 24, deck)
	m = tuitest.Press(typeIn(m, "1%"), "enter")
	if v := squeezed(m); !strings.Contains(v, "✓ Right") || strings.Contains(v, "read as") {
		t.Errorf("1%% is in no doubt, and needs no words on how it was read:\n%s", m.View())
	}
}

// A share card's box shows "%" after a bare number, as the lesson
// player's and the poll's do (GuessUnit): 41 there is read as 41 %, and
// the box showed no unit at all.
func TestShareCardBoxShowsPercent(t *testing.T) {
	deck := cards(t, "numbers-21")
	if c := deck[0].Check; c.AnswerKind != lessons.KindFraction || c.Unit != "" {
		t.Fatalf("numbers-21 is no longer a share card without a unit of its own: %+v", c)
	}
	for _, c := range []struct{ typed, after string }{{"", "%"}, {"41", "%"}, {"41%", ""}} {
		m, _ := modelOn(t, 80, 24, deck)
		m = typeIn(m, c.typed)
		line := ""
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "Your answer: [") {
				line = strings.TrimSpace(l)
			}
		}
		_, after, ok := strings.Cut(line, "]")
		if !ok || strings.TrimSpace(after) != c.after {
			t.Errorf("typed %q: %q, want %q after the box", c.typed, line, c.after)
		}
	}
}
