package grid

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/muesli/termenv"
)

func TestGrid(t *testing.T) {
	g := New(6, 2)
	g.Text(1, 0, "ab", 1)
	g.Set(5, 1, 'z', 2)
	g.Set(9, 9, 'q', 1) // outside: ignored
	g.Text(4, 0, "long", 0)
	lines := g.Lines(nil)
	if lines[0] != " ab lo" { // "long" is clipped at the edge
		t.Errorf("row 0 = %q", lines[0])
	}
	if lines[1] != "     z" {
		t.Errorf("row 1 = %q", lines[1])
	}
	src := New(2, 1)
	src.Text(0, 0, "xy", 1)
	g.Blit(src, 5, 1)
	if r, c := g.At(5, 1); r != 'x' || c != 1 {
		t.Errorf("blit wrote %q class %d", r, c)
	}
}

func TestLinesPaintRuns(t *testing.T) {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	th := theme.New(r)
	g := New(4, 1)
	g.Text(0, 0, "aabb", 1)
	g.Set(2, 0, 'b', 2)
	g.Set(3, 0, 'b', 2)
	inks := []theme.Ink{{}, theme.InkOf(th.Bad), theme.InkOf(th.Good)}
	got := g.Lines(inks)[0]
	want := inks[1].Paint("aa") + inks[2].Paint("bb")
	if got != want {
		t.Errorf("runs of a class should be painted once: %q, want %q", got, want)
	}
}
