package helpview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

func lines(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("line %d", i+1)
	}
	return out
}

var keyMsg = tuitest.Key

func TestScrollStopsAtBothEnds(t *testing.T) {
	m := New(DefaultKeys())
	m.SetContent(lines(30), 40, 12) // 10 rows inside the frame
	if !m.Scrollable() {
		t.Fatal("30 lines in 10 rows should scroll")
	}
	for _, c := range []struct {
		key  string
		want int
	}{
		{"down", 1}, {"j", 2}, {"up", 1}, {"k", 0}, {"k", 0},
		{"pgdown", 9}, {" ", 18}, {"f", 20}, {"pgdown", 20},
		{"pgup", 11}, {"b", 2}, {"G", 20}, {"g", 0}, {"end", 20}, {"home", 0},
	} {
		if !m.Update(keyMsg(c.key)) {
			t.Fatalf("%q should scroll", c.key)
		}
		if m.scroll.top != c.want {
			t.Fatalf("after %q the top is line %d, want %d", c.key, m.scroll.top, c.want)
		}
	}
	if m.Update(keyMsg("x")) {
		t.Error("x is not a scrolling key")
	}
}

func TestViewSaysWhichLines(t *testing.T) {
	m := New(DefaultKeys())
	m.SetContent(lines(30), 40, 12)
	v := strings.Join(m.View(tuitest.Plain(), "Keys"), "\n")
	tuitest.CheckBlock(t, v, 40, 12)
	if !strings.Contains(v, "lines 1–10 of 30 · ↓ more") || !strings.Contains(v, "line 10") || strings.Contains(v, "line 11") {
		t.Errorf("the top of the help:\n%s", v)
	}
	m.Update(keyMsg("G"))
	v = strings.Join(m.View(tuitest.Plain(), "Keys"), "\n")
	if !strings.Contains(v, "lines 21–30 of 30 · the end") || !strings.Contains(v, "line 30") {
		t.Errorf("the end of the help:\n%s", v)
	}
	// A taller window keeps what fits and stops scrolling.
	m.SetContent(lines(30), 40, 40)
	v = strings.Join(m.View(tuitest.Plain(), "Keys"), "\n")
	if m.Scrollable() || strings.Contains(v, "lines") || !strings.Contains(v, "│line 1 ") || !strings.Contains(v, "│line 30 ") {
		t.Errorf("a help that fits shows everything, with no position:\n%s", v)
	}
}

func TestShortHelpOnlyScrollsWhenItMust(t *testing.T) {
	closeKey := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close"))
	m := New(DefaultKeys())
	m.SetContent(lines(3), 40, 12)
	if got := m.ShortHelp(closeKey); len(got) != 1 {
		t.Errorf("a help that fits needs only its close key, got %d bindings", len(got))
	}
	m.SetContent(lines(30), 40, 12)
	if got := m.ShortHelp(closeKey); len(got) != 3 {
		t.Errorf("an overflowing help should say how to scroll, got %d bindings", len(got))
	}
}

func TestParagraphsHangTheirLines(t *testing.T) {
	got := Paragraphs([]string{"one two three four five six", "seven"}, 12)
	want := []string{"one two", "  three four", "  five six", "seven"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Paragraphs = %q, want %q", got, want)
	}
}

func TestAnySizeDrawsExactlyItsSize(t *testing.T) {
	for w := 0; w <= 30; w += 3 {
		for h := 0; h <= 14; h++ {
			m := New(DefaultKeys())
			m.SetContent(lines(20), w, h)
			m.Update(keyMsg("G"))
			out := m.View(tuitest.Plain(), "Keys")
			if len(out) != h {
				t.Fatalf("%dx%d: %d lines", w, h, len(out))
			}
			for _, l := range out {
				if ansi.StringWidth(l) != w {
					t.Fatalf("%dx%d: a line %d wide", w, h, ansi.StringWidth(l))
				}
			}
		}
	}
}

func TestKeyTableWrapsColumnsThatDoNotFit(t *testing.T) {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	groups := [][]key.Binding{
		{b("a", "a rather long description"), b("b", "another")},
		{b("c", "a rather long description"), b("d", "another")},
		{b("e", "a rather long description"), b("f", "the last one")},
	}
	wide := KeyTable(help.New(), groups, 200)
	if len(wide) != 2 {
		t.Errorf("with room, the columns sit side by side in 2 lines, got %d:\n%s", len(wide), strings.Join(wide, "\n"))
	}
	narrow := KeyTable(help.New(), groups, 70)
	v := strings.Join(narrow, "\n")
	for _, want := range []string{"a rather", "the last one"} {
		if !strings.Contains(v, want) {
			t.Errorf("a narrow table lost %q:\n%s", want, v)
		}
	}
	for _, l := range narrow {
		if ansi.StringWidth(l) > 70 {
			t.Errorf("a line is %d wide, over 70:\n%s", ansi.StringWidth(l), v)
		}
	}
	if strings.Contains(v, "…") {
		t.Errorf("a narrow table should wrap, not cut:\n%s", v)
	}
}

// A Scroll kept by a screen that draws its own page (the challenge's
// brief): the page's length and rows change under it, and it scrolls from
// where the page shows, on the screen's own keys only.
func TestScrollOfAPageOfItsOwn(t *testing.T) {
	keys := DefaultKeys()
	keys.Top, keys.Bottom = key.Binding{}, key.Binding{} // the screen's page has none
	var s Scroll
	for range 20 {
		s.Move(keyMsg("down"), keys, 10, 4)
	}
	if got := s.At(10, 4); got != 6 {
		t.Fatalf("10 lines in 4 rows scroll to line %d, want 6: the last lines fill the window", got)
	}
	if s.Move(keyMsg("pgup"), keys, 10, 4); s.At(10, 4) != 3 {
		t.Fatalf("pgup from 6 in 4 rows: %d, want 3 (a window less one line)", s.At(10, 4))
	}
	// The window grows to 8 rows: the page shows from line 2, and up
	// goes on from there, not from the 3 it was at.
	if got := s.At(10, 8); got != 2 {
		t.Fatalf("in 8 rows the page shows from %d, want 2", got)
	}
	if s.Move(keyMsg("up"), keys, 10, 8); s.At(10, 8) != 1 {
		t.Errorf("up from where the page shows: %d, want 1", s.At(10, 8))
	}
	if s.Move(keyMsg("G"), keys, 10, 8) || s.At(10, 8) != 1 {
		t.Errorf("G is not one of the page's keys, yet it scrolled to %d", s.At(10, 8))
	}
	if s.Reset(); s.At(10, 4) != 0 {
		t.Errorf("reset: %d", s.At(10, 4))
	}
}

// A column wider than the window alone wraps its descriptions under
// themselves: at 40 columns the builder's "i inject a fault into the
// selected part (hang, slow, errors, down; a surge)" was cut with "…" by
// the frame, and no scrolling brought the rest back.
func TestKeyTableWrapsADescriptionWiderThanTheWindow(t *testing.T) {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	long := "inject a fault into the selected part (hang, slow, errors, down; a surge)"
	groups := [][]key.Binding{{b("i", long), b("ctrl+c", "quit")}}
	lines := KeyTable(help.New(), groups, 38)
	v := strings.Join(lines, "\n")
	for _, l := range lines {
		if ansi.StringWidth(l) > 38 {
			t.Errorf("a line is %d wide, over 38:\n%s", ansi.StringWidth(l), v)
		}
	}
	if got := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(v), "ctrl+c", "")), " "); !strings.Contains(got, "i "+long) {
		t.Errorf("the description is not whole: %q\n%s", got, v)
	}
	// The description's lines after the first start where it starts.
	col := strings.Index(ansi.Strip(lines[0]), "inject")
	if l := ansi.Strip(lines[1]); strings.TrimSpace(l[:col]) != "" || l[col] == ' ' {
		t.Errorf("the second line does not start under the description:\n%s", v)
	}
}
