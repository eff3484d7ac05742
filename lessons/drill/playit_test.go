package drill_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/builder"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sandboxRE finds a sandbox command a play note names.
var sandboxRE = regexp.MustCompile("`breakerlab sandbox ([a-z0-9-]+)`")

// addRE finds what a play note tells the learner to add, and the keys it
// names for it: "press a for an endpoint and d for the payment provider".
var addRE = regexp.MustCompile(`press ([a-z]) for ([^,;]+?)(?: and ([a-z]) for ([^,;]+))?$`)

// A rubric's "Play it" names only what exists. e-commerce said "checkout
// is yours to add" beside `breakerlab sandbox cascade`, whose keys add no
// endpoint: the builder adds one, so the note says how to open it (New
// system on the home screen, from the copy of cascade) and its keys, and
// each is checked here against the home screen and the builder.
func TestPlayNotesNameWhatExists(t *testing.T) {
	th := theme.New(nil)
	menu := ansi.Strip(send(home.New(home.Options{Theme: th}), tea.WindowSizeMsg{Width: 100, Height: 30}).View())
	adds := 0
	for _, p := range drill.Prompts() {
		for _, m := range sandboxRE.FindAllStringSubmatch(p.Plays, -1) {
			if _, ok := scenarios.Lookup(m[1]); !ok {
				t.Errorf("%s: its play note names %s, no built-in scenario", p.ID, m[0])
			}
		}
		if !strings.Contains(p.Plays, "add") {
			continue
		}
		adds++
		for _, want := range []string{"run `breakerlab`", "choose New system", "start from the copy of cascade"} {
			if !strings.Contains(p.Plays, want) {
				t.Errorf("%s: its play note tells the learner to add a part without saying how to open the builder (%q): %s", p.ID, want, p.Plays)
			}
		}
		if !strings.Contains(menu, "New system") {
			t.Errorf("the home screen has no New system:\n%s", menu)
		}
		m := addRE.FindStringSubmatch(p.Plays)
		if m == nil {
			t.Errorf("%s: its play note names no key that adds: %s", p.ID, p.Plays)
			continue
		}
		b := builder.New(builder.Options{Theme: th})
		b.SetSize(100, 40)
		var bm tea.Model = b
		if v := ansi.Strip(bm.View()); !strings.Contains(v, "copy of cascade") {
			t.Fatalf("the builder offers no copy of cascade to start from:\n%s", v)
		}
		bm = send(bm, key("down"), key("enter"))
		for k := 1; k+1 < len(m); k += 2 {
			if m[k] == "" {
				continue
			}
			bm = send(bm, key(m[k]))
			if v := ansi.Strip(bm.View()); !strings.Contains(v, "added") {
				t.Errorf("%s: the builder's %s, which the note says adds %s, added nothing:\n%s", p.ID, m[k], m[k+1], v)
			}
		}
	}
	if adds == 0 {
		t.Fatal("no play note tells the learner to add a part: e-commerce's checkout is not in cascade")
	}
}

func key(k string) tea.KeyMsg {
	switch k {
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func send(m tea.Model, msgs ...tea.Msg) tea.Model {
	for _, msg := range msgs {
		m, _ = m.Update(msg)
	}
	return m
}
