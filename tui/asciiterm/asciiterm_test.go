package asciiterm

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// env is an environment for getenv.
type env map[string]string

func (e env) get(k string) string { return e[k] }

// The decision: BREAKERLAB_ASCII when it says 1 or 0; else the first set
// of LC_ALL, LC_CTYPE and LANG, ASCII unless it names UTF-8; none set is
// Unicode, but inside tmux, which then shows _ for every character.
func TestWanted(t *testing.T) {
	for _, c := range []struct {
		env   env
		ascii bool
	}{
		{env{}, false},
		{env{"TMUX": "/tmp/tmux-0/default,1,0"}, true},
		{env{"TMUX": "/tmp/tmux-0/default,1,0", "LANG": "C.UTF-8"}, false},
		{env{"LANG": "C.UTF-8"}, false},
		{env{"LANG": "en_US.utf8"}, false},
		{env{"LANG": "de_DE.UTF-8@euro"}, false},
		{env{"LANG": "C"}, true},
		{env{"LANG": "POSIX"}, true},
		{env{"LANG": "en_US"}, true},
		{env{"LANG": "de_DE.ISO-8859-1"}, true},
		{env{"LC_ALL": "C", "LANG": "en_US.UTF-8"}, true},
		{env{"LC_CTYPE": "C", "LANG": "en_US.UTF-8"}, true},
		{env{"LC_ALL": "", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"}, false},
		{env{"LANG": "C", EnvASCII: "0"}, false},
		{env{"LANG": "en_US.UTF-8", EnvASCII: "1"}, true},
		{env{"LANG": "C", EnvASCII: "auto"}, true},
		{env{"LANG": "C", EnvASCII: "yes"}, true}, // not understood: the locale decides
	} {
		if got := Wanted(c.env.get); got != c.ascii {
			t.Errorf("%v: ASCII %v, want %v", c.env, got, c.ascii)
		}
	}
}

// A value of BREAKERLAB_ASCII it does not take is named, with the ones it
// takes.
func TestCheckEnv(t *testing.T) {
	for _, ok := range []string{"", "1", "0", " 1 ", "auto", "AUTO"} {
		if err := CheckEnv(env{EnvASCII: ok}.get); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	err := CheckEnv(env{EnvASCII: "yes"}.get)
	if err == nil {
		t.Fatal(`"yes" was taken`)
	}
	for _, want := range []string{`BREAKERLAB_ASCII="yes"`, "1 (ASCII only)", "0 (Unicode)", "auto"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

// The symbols the screens draw read as what they are.
func TestRuneReadsAsTheSymbol(t *testing.T) {
	for in, want := range map[string]string{
		"╭──┬──╮":      "+--+--+",
		"│ ┃ ┊ ║":      "| | | |",
		"├━┄┼┈┤":       "+--+-+",
		"╱╳":           "/x",
		"█▓▒░·":        "#%=:.",
		"▁▂▃▄▅▆▇█":     ".::==%##",
		"←↑→↓":         "<^>v",
		"▶◀▲▼▸":        "><^v>",
		"◆◇⚠✓✗✕╳":      "**!vxxx",
		"⠀⠁⠃⠇⠏⠟⠿⡿⣿":    " ..::==##",
		"…–—·×÷≤≥":     ".--.x/<>",
		"éü µ":         "eu u",
		"★★☆ ● ○ ◐":    "**. @ o O",
		"\u00a0\ufffd": " ?",
		"▕▮▮▯▏":        "|##.|",
		"\u2011\u2215": "-/",
		"⌊⌋ ⏸ ⧖ ↻ ☠ ✱": "[] | ~ o X *",
	} {
		var b strings.Builder
		for _, r := range in {
			b.WriteByte(Rune(r))
		}
		if got := b.String(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	for _, r := range []rune{'漢', '\u2400', 'Ω', '𝄞'} {
		if Rune(r) != '?' {
			t.Errorf("%q: %q, want ?", r, Rune(r))
		}
	}
}

// Every character is drawn as printable ASCII exactly as many cells wide
// as itself: a line keeps its width, and the cells after a symbol their
// columns.
func TestCellsKeepWidth(t *testing.T) {
	check := func(r rune) {
		s := Cells(r)
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] > 0x7e {
				t.Fatalf("%U: %q is not printable ASCII", r, s)
			}
		}
		if want := ansi.StringWidth(string(r)); len(s) != want {
			t.Errorf("%U %q: %q is %d cells, want %d", r, r, s, len(s), want)
		}
	}
	for r := rune(0xa0); r < 0x3000; r++ {
		check(r)
	}
	for _, r := range []rune{'漢', '가', '\u0301', '\u200b', '\ufe0f', '\u0085', '\u009b', '🙂', '\U0001f600'} {
		check(r)
	}
	if got := Cells('漢'); got != "??" {
		t.Errorf("a wide character: %q, want ??", got)
	}
	if got := Cells('\u0301'); got != "" {
		t.Errorf("a combining mark: %q, want nothing", got)
	}
}

// ASCII and escape sequences pass as they are; each other character
// becomes its ASCII.
func TestWriterPassesEscapesAndMapsText(t *testing.T) {
	var out bytes.Buffer
	in := "\x1b[?1049h\x1b[38;2;10;20;30m█▒\x1b[0m ok → ✓\r\n\x1b]11;?\x07é\u0301"
	if _, err := NewWriter(&out).Write([]byte(in)); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[?1049h\x1b[38;2;10;20;30m#=\x1b[0m ok > v\r\n\x1b]11;?\x07e"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// A character cut between two Writes (or among four) is written once
// whole, as if it had come in one Write; a cut byte that turns out not to
// start a character is a ?.
func TestWriterJoinsCharactersCutBetweenWrites(t *testing.T) {
	in := []byte("a─█\x1b[31m✓→⠿b𝄞c")
	var whole bytes.Buffer
	if _, err := NewWriter(&whole).Write(in); err != nil {
		t.Fatal(err)
	}
	if whole.String() != "a-#\x1b[31mv>=b?c" {
		t.Fatalf("whole: %q", whole.String())
	}
	for cut := 1; cut < len(in); cut++ {
		var out bytes.Buffer
		w := NewWriter(&out)
		for _, part := range [][]byte{in[:cut], in[cut:]} {
			if n, err := w.Write(part); n != len(part) || err != nil {
				t.Fatalf("cut at %d: wrote %d of %d, %v", cut, n, len(part), err)
			}
		}
		if out.String() != whole.String() {
			t.Errorf("cut at %d: %q, want %q", cut, out.String(), whole.String())
		}
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	for i := range in {
		w.Write(in[i : i+1])
	}
	if out.String() != whole.String() {
		t.Errorf("a byte at a time: %q, want %q", out.String(), whole.String())
	}
	out.Reset()
	w = NewWriter(&out)
	w.Write([]byte("x\xe2\x94"))
	w.Write([]byte("y─"))
	if out.String() != "x??y-" {
		t.Errorf("a cut that was not a character: %q, want %q", out.String(), "x??y-")
	}
}

// On a terminal, the writer is still the terminal's file to bubbletea,
// which asks it for its size by its descriptor; elsewhere it is only a
// writer, and with a UTF-8 locale there is no writer at all.
func TestOutputKeepsTheTerminalsFile(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "tty"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ascii := env{"LANG": "C"}.get
	out := Output(f, ascii)
	tf, ok := out.(terminalFile)
	if !ok {
		t.Fatalf("%T is not a file to bubbletea", out)
	}
	if tf.Fd() != f.Fd() {
		t.Errorf("descriptor %d, want the file's %d", tf.Fd(), f.Fd())
	}
	if _, err := tf.Write([]byte("█\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(f.Name()); string(b) != "#\n" {
		t.Errorf("the file has %q", b)
	}
	var buf bytes.Buffer
	if _, ok := Output(&buf, ascii).(*Writer); !ok {
		t.Errorf("on a buffer: %T", Output(&buf, ascii))
	}
	if got := Output(&buf, env{"LANG": "en_US.UTF-8"}.get); got != &buf {
		t.Errorf("with a UTF-8 locale: %T, want the buffer itself", got)
	}
	if got := Output(nil, env{}.get); got != os.Stdout {
		t.Errorf("nil: %v, want stdout", got)
	}
}

func BenchmarkWriterFrame(b *testing.B) {
	line := "\x1b[38;5;2m████████\x1b[0m░░░░ │ search  ✓ 41% → ⠿⠿⠇ " + strings.Repeat("─", 30) + "\r\n"
	frame := []byte(strings.Repeat(line, 60))
	w := NewWriter(discard{})
	b.SetBytes(int64(len(frame)))
	for b.Loop() {
		w.Write(frame)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
