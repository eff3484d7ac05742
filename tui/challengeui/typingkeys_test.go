package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// While a knob's value is typed, every key that prints goes into the
// field and ←→ do nothing: the key bar said "q quit", "←→ turn" and
// "v watch" all the same, and q typed a q. It says the field's keys instead, on its own and
// inside the home screen, beside the sandbox too.
func TestTypingKeyBarSaysTheFieldsKeys(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 24}, {160, 48}} {
		for _, embedded := range []bool{false, true} {
			where := fmt.Sprintf("%dx%d, embedded %v", size[0], size[1], embedded)
			m := press(t, sized(t, open(t, "bulkhead-20", Options{Embedded: embedded}), size[0], size[1]), "enter", "q")
			if !m.typing {
				t.Fatalf("%s: enter did not open the field", where)
			}
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			bar := lines[len(lines)-1]
			if m.wide() {
				// The panel's part: the sandbox's own keys are beside it.
				bar = ansi.Truncate(bar, panelWidth(m.w), "")
			}
			for _, want := range []string{"enter set", "esc drop"} {
				if !strings.Contains(bar, want) {
					t.Errorf("%s: the key bar has no %q: %q", where, want, bar)
				}
			}
			for _, stale := range []string{"q quit", "esc/q back", "←→ turn", "v watch", "↑↓ knob"} {
				if strings.Contains(bar, stale) {
					t.Errorf("%s: the key bar says %q while the field takes q and v as text: %q", where, stale, bar)
				}
			}
		}
	}
}

// A long paste pushed "enter sets, esc drops" off the field's line (the
// line was cut at its end) and showed the paste's start: the field keeps
// the hint, and shows the value's end, where the cursor is.
func TestLongPasteKeepsTheFieldsHint(t *testing.T) {
	paste := strings.Repeat("The gateway needs a bulkhead per upstream and a breaker each; ", 80) + "END"
	for _, size := range [][2]int{{80, 24}, {40, 24}, {24, 20}, {160, 48}} {
		where := fmt.Sprintf("%dx%d", size[0], size[1])
		m := press(t, sized(t, open(t, "bulkhead-20", Options{}), size[0], size[1]), "enter")
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Paste: true, Runes: []rune(paste)})
		m = next.(Model)
		view := m.View()
		tuitest.CheckBlock(t, view, size[0], size[1])
		lines := strings.Split(ansi.Strip(view), "\n")
		at := -1
		for i, l := range lines {
			if strings.Contains(l, "type: ") {
				at = i
			}
		}
		if at < 0 {
			t.Fatalf("%s: no field on screen:\n%s", where, strings.Join(lines, "\n"))
		}
		// The field holds what fits of the paste (TestLongPasteIsCutAndSaid):
		// its end is where the cursor is.
		end := string(m.input[len(m.input)-3:]) + "▏"
		if !strings.Contains(lines[at], end) {
			t.Errorf("%s: the field does not show the value's end %q, where the cursor is: %q", where, end, lines[at])
		}
		hint := lines[at]
		if at+2 < len(lines) {
			hint += " " + lines[at+1] + " " + lines[at+2]
		}
		if !strings.Contains(strings.Join(strings.Fields(hint), " "), "enter sets, esc drops") {
			t.Errorf("%s: the paste took the field's hint off the screen:\n%s", where, strings.Join(lines[at:min(at+3, len(lines))], "\n"))
		}
	}
}

// A 5,000-character paste went into the knob field whole (the limit was
// checked before it was added), and every key typed after it was dropped
// without a word. The paste is cut where the field is full, the note says
// what was left out in the one-line prompts' words, and a key typed after
// it goes in once backspace makes room.
func TestLongPasteIsCutAndSaid(t *testing.T) {
	paste := strings.Repeat("0123456789", 500)
	m := press(t, sized(t, open(t, "bulkhead-20", Options{}), 100, 30), "enter")
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Paste: true, Runes: []rune(paste)})
	m = next.(Model)
	if got := string(m.input); got != paste[:maxFieldRunes] {
		t.Fatalf("the field holds %d characters after the paste, want its first %d", len(m.input), maxFieldRunes)
	}
	want := `"01234567…" left out: takes 40 characters at most`
	if m.note != want || !m.noteErr {
		t.Errorf("the note after the paste is %q (error %v), want %q", m.note, m.noteErr, want)
	}
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, want) {
		t.Errorf("the screen does not say what was left out:\n%s", m.View())
	}
	m = press(t, m, "backspace", "7")
	if got := string(m.input); got != paste[:maxFieldRunes-1]+"7" {
		t.Errorf("backspace then 7 leaves the field %q, want the 7 at its end", got)
	}
	if m.note != "" {
		t.Errorf("the left-out note stays after the next key: %q", m.note)
	}
}
