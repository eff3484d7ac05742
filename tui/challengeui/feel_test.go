package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// pickerKey sends k to p and says what its command asked for: "quit",
// "back" or "".
func pickerKey(p Picker, k string) (Picker, string) {
	next, cmd := p.Update(tuitest.Key(k))
	if cmd == nil {
		return next.(Picker), ""
	}
	switch cmd().(type) {
	case tea.QuitMsg:
		return next.(Picker), "quit"
	case BackMsg:
		return next.(Picker), "back"
	}
	return next.(Picker), ""
}

// The level to play next has its summary wrapped to the room beside its
// " next" tag: at 100 columns its first line lost a word ("keep that un…",
// then "the pool"), as the tag's 5 cells were left out of the width.
func TestNextLevelSummaryKeepsItsWords(t *testing.T) {
	for _, w := range []int{80, 100, 120, 200} {
		p := picker(w, 40)
		next := challenge.Next(p.all, p.stars)
		if next == nil {
			t.Fatal("no level is next on a fresh list")
		}
		v := ansi.Strip(p.View())
		if strings.Contains(v, "…") && strings.Contains(v, "next  ") {
			for _, l := range strings.Split(v, "\n") {
				if strings.Contains(l, " next ") && strings.Contains(l, "…") {
					t.Errorf("at %d columns the next level's row is cut: %q", w, l)
				}
			}
		}
		// The summary's words, in order, on the row and the lines under it.
		lines := strings.Split(v, "\n")
		var text []string
		for i, l := range lines {
			if !strings.Contains(l, next.Title) {
				continue
			}
			_, after, _ := strings.Cut(l, "next")
			text = append(text, strings.Fields(after)...)
			for _, more := range lines[i+1:] {
				if strings.HasPrefix(strings.TrimSpace(more), "·") || strings.TrimSpace(more) == "" || strings.Contains(more, "☆") || strings.Contains(more, "★") {
					break
				}
				text = append(text, strings.Fields(more)...)
			}
			break
		}
		if got := strings.Join(text, " "); got != next.Summary {
			t.Errorf("at %d columns the next level's summary reads %q, want %q", w, got, next.Summary)
		}
	}
}

// Inside the home screen q goes back, as esc does (it quit the program);
// on its own (`breakerlab challenge`) q quits. The key line is bubbles'
// help, as on the other lists, and says which.
func TestPickerQuitKeyAndKeyLine(t *testing.T) {
	in := picker(100, 30)
	if _, did := pickerKey(in, "q"); did != "back" {
		t.Errorf("q in the list inside the home screen did %q, want back", did)
	}
	if _, did := pickerKey(in, "esc"); did != "back" {
		t.Errorf("esc did %q, want back", did)
	}
	if _, did := pickerKey(in, "ctrl+c"); did != "quit" {
		t.Errorf("ctrl+c did %q, want quit", did)
	}
	v := ansi.Strip(in.View())
	if !strings.Contains(v, "↑/k up • ↓/j down • enter play • / filter • ? keys • esc/q back") {
		t.Errorf("the key line should be in the other lists' words:\n%s", v)
	}

	next, _ := NewPicker(Options{Theme: tuitest.Plain()}).Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	alone := next.(Picker)
	if _, did := pickerKey(alone, "q"); did != "quit" {
		t.Errorf("q in a list of its own did %q, want quit", did)
	}
	if v := ansi.Strip(alone.View()); !strings.Contains(v, "q quit") || strings.Contains(v, "esc/q back") {
		t.Errorf("a list of its own should say q quit, and nothing about esc/q back:\n%s", v)
	}
}

// ? shows the list's keys in full; any key closes it.
func TestPickerHelp(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}, {200, 60}} {
		p := picker(sz[0], sz[1])
		p, _ = pickerKey(p, "?")
		v := p.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if sz[1] >= 24 {
			for _, want := range []string{"Keys", "g/G", "first/last", "ctrl+c", "quit"} {
				if !strings.Contains(ansi.Strip(v), want) {
					t.Errorf("%dx%d: the full help lacks %q:\n%s", sz[0], sz[1], want, ansi.Strip(v))
				}
			}
		}
		p, did := pickerKey(p, "x")
		if did != "" || p.showHelp {
			t.Errorf("a key should close the help, and do nothing else (did %q)", did)
		}
	}
}

// A window too short for the whole panel says what it leaves out: at
// 40×12 the third goal, the par and the stars went without a word. The
// stars, when they are what is cut, are said on that line, before asking
// for room: the knobs turned with no word of how the design did.
func TestShortPanelSaysWhatIsBelow(t *testing.T) {
	for _, sz := range [][2]int{{40, 12}, {50, 12}, {100, 12}} {
		m := sized(t, open(t, "timeout-pool", Options{Embedded: true}), sz[0], sz[1])
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if !strings.Contains(ansi.Strip(v), "☆☆☆ falls short · ↓ ") || !strings.Contains(ansi.Strip(v), "more lines") {
			t.Errorf("%dx%d: the cut panel should say so, and how the design does:\n%s", sz[0], sz[1], ansi.Strip(v))
		}
		if sz[0] >= 100 && !strings.Contains(ansi.Strip(v), "more lines: enlarge the window") {
			t.Errorf("%dx%d: with room the cut line asks for more:\n%s", sz[0], sz[1], ansi.Strip(v))
		}
	}
	if v := ansi.Strip(sized(t, open(t, "timeout-pool", Options{Embedded: true}), 80, 40).View()); strings.Contains(v, "enlarge the window") {
		t.Errorf("at 80x40 the panel fits, and should not ask for more room:\n%s", v)
	}
}
