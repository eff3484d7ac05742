package asciiterm_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A real screen, the sandbox's golden screen-breaker-26s-100x30 drawn in
// colour, comes out of the writer as ASCII alone, every line as wide as
// it was: its boxes, bars and marks take the cells they took. It is
// written in pieces of 7 bytes, so that characters are cut between
// Writes as the renderer's flushes may cut them.
func TestAScreenKeepsItsWidths(t *testing.T) {
	racefree.Only(t)
	m, err := sandbox.New(sandbox.Options{Theme: tuitest.Color(), Scenario: tuitest.Scenario(t, "cascade"), Seed: tuitest.Seed})
	if err != nil {
		t.Fatal(err)
	}
	m = tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m = tuitest.Press(m, "3")
	m = tuitest.SeekTo(t, m, 26*time.Second)
	view := m.View()
	golden, err := os.ReadFile("../sandbox/testdata/screen-breaker-26s-100x30.golden")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimRight(ansi.Strip(view), "\n") != strings.TrimRight(string(golden), "\n") {
		t.Fatal("the view is not the golden's: this test would check another screen")
	}
	if !strings.Contains(view, "\x1b[") {
		t.Fatal("the view has no colour: the escape sequences are not tested")
	}

	var out bytes.Buffer
	w := asciiterm.NewWriter(&out)
	for b := []byte(view); len(b) > 0; {
		n := min(7, len(b))
		if _, err := w.Write(b[:n]); err != nil {
			t.Fatal(err)
		}
		b = b[n:]
	}
	for i, c := range out.Bytes() {
		if c >= 0x80 {
			t.Fatalf("byte %d is %#x: %q", i, c, out.Bytes()[max(0, i-20):min(out.Len(), i+20)])
		}
	}
	was, is := strings.Split(view, "\n"), strings.Split(out.String(), "\n")
	if len(is) != len(was) {
		t.Fatalf("%d lines, want %d", len(is), len(was))
	}
	for i := range was {
		if ansi.StringWidth(is[i]) != ansi.StringWidth(was[i]) {
			t.Errorf("line %d is %d cells, was %d:\n%s\n%s", i+1, ansi.StringWidth(is[i]), ansi.StringWidth(was[i]), ansi.Strip(is[i]), ansi.Strip(was[i]))
		}
	}
	// The colours pass as they were: only the characters changed.
	if got, want := escapes(out.String()), escapes(view); got != want {
		t.Error("the escape sequences changed")
	}
	if !strings.Contains(out.String(), "+--") || !strings.Contains(out.String(), "|") {
		t.Errorf("no box drawn in ASCII:\n%s", ansi.Strip(out.String()))
	}
}

// escapes is s's escape sequences, in order, without the text.
func escapes(s string) string {
	var b strings.Builder
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	state := byte(0)
	for len(s) > 0 {
		seq, width, n, newState := ansi.DecodeSequence(s, state, p)
		if width == 0 && strings.HasPrefix(seq, "\x1b") {
			b.WriteString(seq)
		}
		state, s = newState, s[n:]
	}
	return b.String()
}
