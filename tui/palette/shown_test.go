package palette

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// What the student typed comes back as they typed it, not in Go's
// quoting: `sandbox has no "cascade --fault \"1s recommendations hang\""`
// read as noise. A control character shows as its picture, never as a
// sequence the terminal would act on.
func TestTheErrorShowsTheArgumentAsText(t *testing.T) {
	m, _ := typeLine(`sandbox cascade --fault "1s recommendations hang"`, "enter")
	v := ansi.Strip(m.View())
	if want := `sandbox has no "cascade --fault "1s recommendations hang""`; !strings.Contains(v, want) {
		t.Fatalf("the error does not show the argument as typed, %s:\n%s", want, v)
	}
	if strings.Contains(v, `\"`) {
		t.Fatalf("the error quotes the argument as Go does:\n%s", v)
	}
	// The escape and the bell typed never reach the line (typable), so
	// the error names what is on it, with nothing the terminal acts on.
	m, _ = typeLine("frob\x1b]0;x\x07", "enter")
	v = m.View()
	errLine := v[strings.LastIndexByte(v, '\n')+1:]
	if !strings.Contains(errLine, `no command "frob]0;x"`) || strings.ContainsAny(errLine, "\x1b\x07") {
		t.Fatalf("an unknown command with an escape in it is not shown as text:\n%q", errLine)
	}
}

// A control character typed or pasted into the line is dropped, as the
// knob forms' fields and the sandbox's prompts drop it: an escape pasted
// reached the terminal in the prompt's row and recoloured it, a tab moved
// the keys' hint, and either kept the line from matching a command.
func TestControlCharactersTypedAreDropped(t *testing.T) {
	m := New(tuitest.Plain(), commands())
	m.SetSize(80, 24)
	m.Open()
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune("a\x1b[31mb"), Paste: true},
		{Type: tea.KeyRunes, Runes: []rune("\t\a\x7f\r\n")},
		{Type: tea.KeyRunes, Runes: []rune("c")},
	} {
		m, _ = m.Update(k)
	}
	if got := m.Input(); got != "a[31mbc" {
		t.Errorf("the line holds %q, want %q: its control characters dropped", got, "a[31mbc")
	}
	if v := m.View(); strings.ContainsAny(v, "\x1b\t\a\x7f\r") {
		t.Errorf("the palette draws a control character typed:\n%q", v)
	}
	// A line pasted with a tab and a newline in it still jumps.
	_, msg := typeLine("sand\tbox multi-h\a\n", "enter")
	if got, _ := msg.(JumpMsg); got != (JumpMsg{"sandbox", "multi-hop"}) {
		t.Errorf("a pasted line with control characters in it: %#v, want a jump to sandbox multi-hop", msg)
	}
}

// The C1 controls (CSI, U+009B, starts a sequence as ESC [ does on some
// terminals) and the bidirectional overrides, isolates and marks (U+202E
// drew "evil" as "live") are dropped as the C0 controls are, typed or
// pasted; letters beyond ASCII stay.
func TestC1AndBidiControlsTypedAreDropped(t *testing.T) {
	m := New(tuitest.Plain(), commands())
	m.SetSize(80, 24)
	m.Open()
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune("a\u009b31mb\u0085\u0080\u009f"), Paste: true},
		{Type: tea.KeyRunes, Runes: []rune("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200f")},
		{Type: tea.KeyRunes, Runes: []rune("é李")},
	} {
		m, _ = m.Update(k)
	}
	if got, want := m.Input(), "a31mbé李"; got != want {
		t.Errorf("the line holds %q, want %q: its C1 and bidirectional controls dropped", got, want)
	}
	// A command pasted with an override in it still jumps.
	_, msg := typeLine("sand\u202ebox multi-\u2066hop\u2069\u009b", "enter")
	if got, _ := msg.(JumpMsg); got != (JumpMsg{"sandbox", "multi-hop"}) {
		t.Errorf("a pasted line with C1 or bidirectional controls in it: %#v, want a jump to sandbox multi-hop", msg)
	}
}

func TestShown(t *testing.T) {
	for in, want := range map[string]string{
		"ada":                        "ada",
		"\x1b[31mEVIL\x1b]0;pwned\a": "␛[31mEVIL␛]0;pwned␇",
		"a\nb\x7f":                   "a␊b␡",
		"\xff\u202eevil":             "��evil", // a byte that is not UTF-8; a bidirectional override
		"Zoë 李":                      "Zoë 李",
	} {
		if got := Shown(in); got != want {
			t.Errorf("Shown(%q) = %q, want %q", in, got, want)
		}
	}
}
