package palette

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func commands() []Command {
	return []Command{
		{Name: "home", Desc: "the menu"},
		{Name: "lesson", Aliases: []string{"lessons"}, ArgName: "N", Desc: "a lesson",
			Args: []Arg{{"1", "One slow dependency"}, {"4", "Timeouts"}, {"12", "Shuffle sharding"}}},
		{Name: "sandbox", ArgName: "NAME", Desc: "a scenario",
			Args: []Arg{{"cascade", "one hang"}, {"multi-hop", "a chain of services"}, {"multi-region", "two regions"}}},
		{Name: "drill", Desc: "cards"},
		{Name: "delete", NeedsArg: true, Args: []Arg{{"x", "a thing"}}},
	}
}

// typeLine opens a palette and types s into it, as a burst the way a fast
// typist's keys arrive, then the keys.
func typeLine(s string, keys ...string) (Model, tea.Msg) {
	m := New(tuitest.Plain(), commands())
	m.SetSize(80, 24)
	m.Open()
	var cmd tea.Cmd
	if s != "" {
		m, cmd = m.Update(tuitest.Key(s))
	}
	for _, k := range keys {
		m, cmd = m.Update(tuitest.Key(k))
	}
	if cmd == nil {
		return m, nil
	}
	return m, cmd()
}

func TestJumps(t *testing.T) {
	cases := []struct {
		typed string
		keys  []string
		want  JumpMsg
	}{
		{"lesson 4", []string{"enter"}, JumpMsg{"lesson", "4"}},
		{"lessons 12", []string{"enter"}, JumpMsg{"lesson", "12"}}, // an alias
		{"les 1", []string{"enter"}, JumpMsg{"lesson", "1"}},       // a prefix only one command has
		{"lesson", []string{"enter"}, JumpMsg{"lesson", ""}},       // the optional argument left out
		{"sandbox multi-h", []string{"enter"}, JumpMsg{"sandbox", "multi-hop"}},
		{"sandbox multi", []string{"down", "enter"}, JumpMsg{"sandbox", "multi-region"}},
		{"sandbox chain", []string{"enter"}, JumpMsg{"sandbox", "multi-hop"}}, // found by its description
		{"SANDBOX Cascade", []string{"enter"}, JumpMsg{"sandbox", "cascade"}},
		{"dr", []string{"enter"}, JumpMsg{"drill", ""}},
		{"h", []string{"tab", "enter"}, JumpMsg{"home", ""}},
		{"", []string{"s", "tab", "m", "u", "tab", "enter"}, JumpMsg{"sandbox", "multi-hop"}},
	}
	for _, c := range cases {
		m, msg := typeLine(c.typed, c.keys...)
		if got, ok := msg.(JumpMsg); !ok || got != c.want {
			t.Errorf("%q then %v: got %#v, want %#v\n%s", c.typed, c.keys, msg, c.want, ansi.Strip(m.View()))
			continue
		}
		if m.IsOpen() {
			t.Errorf("%q: the palette should close on a jump", c.typed)
		}
	}
}

func TestWhatDoesNotJump(t *testing.T) {
	// A command that needs its argument completes to it and lists them.
	m, msg := typeLine("delete", "enter")
	if msg != nil || m.Input() != "delete " || !m.IsOpen() {
		t.Fatalf("enter on a command without its argument: %#v, line %q", msg, m.Input())
	}
	// An unknown command says so and names the commands.
	m, msg = typeLine("frobnicate", "enter")
	if msg != nil || !strings.Contains(m.View(), `no command "frobnicate"`) || !strings.Contains(m.View(), "lesson") {
		t.Fatalf("an unknown command should say so:\n%s", m.View())
	}
	// An argument the command does not take says so.
	m, msg = typeLine("lesson 99", "enter")
	if msg != nil || !strings.Contains(m.View(), `lesson has no "99"`) {
		t.Fatalf("an unknown argument should say so:\n%s", m.View())
	}
	// tab then lists what it takes, as the refusal says: it did nothing,
	// no value matching "99".
	m, _ = m.Update(tuitest.Key("tab"))
	if v := ansi.Strip(m.View()); m.Input() != "lesson " || len(m.Candidates()) != 3 || !strings.Contains(v, "Shuffle sharding") {
		t.Fatalf("tab after an unknown argument should list the lessons, line %q:\n%s", m.Input(), v)
	}
	// A command that takes no argument, given one, says so: it read "no
	// command \"drill\"" and listed drill among the commands. A space
	// alone after it is no argument.
	m, msg = typeLine("drill /etc/passwd", "enter")
	if v := ansi.Strip(m.View()); msg != nil || !strings.Contains(v, "drill takes no argument") || strings.Contains(v, "no command") {
		t.Fatalf("an argument to a command that takes none:\n%s", v)
	}
	if _, msg = typeLine("drill ", "enter"); msg != (JumpMsg{"drill", ""}) {
		t.Fatalf("drill and a space: %#v", msg)
	}
	// esc closes without a jump; so does backspace on an empty line.
	for _, k := range []string{"esc", "backspace"} {
		m, msg = typeLine("", k)
		if _, ok := msg.(ClosedMsg); !ok || m.IsOpen() {
			t.Errorf("%s on an empty line: %#v", k, msg)
		}
	}
}

func TestCandidates(t *testing.T) {
	m, _ := typeLine("")
	if n := len(m.Candidates()); n != len(commands()) {
		t.Errorf("an empty line should list every command, lists %d", n)
	}
	m, _ = typeLine("lesson ")
	if got := m.Candidates(); len(got) != 3 || got[0].Line != "lesson 1" {
		t.Errorf("lesson's arguments: %+v", got)
	}
	// Values that begin with what is typed come before those that hold it.
	m, _ = typeLine("lesson 1")
	if got := m.Candidates(); len(got) != 2 || got[0].Arg != "1" || got[1].Arg != "12" {
		t.Errorf("lesson 1's candidates: %+v", got)
	}
}

// The palette is drawn over the foot of the screen behind it, every row
// exactly the window's width, and nothing in it is cut mid-word.
func TestOverlayFitsAndCutsNoWord(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}, {40, 10}} {
		m := New(tuitest.Plain(), commands())
		m.SetSize(size[0], size[1])
		m.Open()
		behind := strings.TrimSuffix(strings.Repeat(strings.Repeat("x", size[0])+"\n", size[1]), "\n")
		v := m.Overlay(behind)
		tuitest.CheckBlock(t, v, size[0], size[1])
		if !strings.Contains(v, ":") || !strings.HasPrefix(v, "xxx") {
			t.Errorf("%v: the palette should sit at the foot, the screen above:\n%s", size, v)
		}
		tuitest.CheckNoCuts(t, "palette", v)
	}
	if v := (Model{}).Overlay("a\nb"); v != "a\nb" {
		t.Errorf("a closed palette must leave the screen alone: %q", v)
	}
}

func TestWordFit(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"one slow dependency", 40, "one slow dependency"},
		{"one slow dependency", 12, "one slow …"},
		{"one slow dependency", 10, "one slow …"},
		{"recommendations", 8, "..."},
	} {
		if got := WordFit(c.s, c.w); got != c.want || ansi.StringWidth(got) > c.w {
			t.Errorf("WordFit(%q, %d) = %q, want %q", c.s, c.w, got, c.want)
		}
	}
}

// A command whose values are not known yet takes the one typed.
func TestArgsNotKnownYet(t *testing.T) {
	m := New(tuitest.Plain(), []Command{{Name: "challenge", Args: []Arg{}}})
	m.SetSize(80, 24)
	m.Open()
	m, _ = m.Update(tuitest.Key("challenge 7"))
	_, cmd := m.Update(tuitest.Key("enter"))
	if cmd == nil {
		t.Fatal("enter did nothing")
	}
	if got := cmd(); got != (JumpMsg{"challenge", "7"}) {
		t.Errorf("got %#v", got)
	}
}
