package lab

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// wrapWords counts display cells: a wide character takes two columns, a
// "×" or "→" one, so no line of a note runs past the width on the screen
// and none stops short of a word that fitted.
func TestWrapWordsCountsCells(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"服务 名称 界面 服务 名称 界面", 12, []string{"服务 名称", "  界面 服务", "  名称 界面"}},
		{"stalled 5 × 2 s → 服务 waits for 界面", 16, []string{"stalled 5 × 2 s", "  → 服务 waits", "  for 界面"}},
	} {
		got := strings.Split(wrapWords(c.text, c.width), "\n")
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("wrapWords(%q, %d) =\n%s\nwant\n%s", c.text, c.width, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			continue
		}
		for i, line := range got {
			if w := ansi.StringWidth(line); w > c.width {
				t.Errorf("%q: line %d is %d cells, past %d", c.text, i+1, w, c.width)
			}
			if i > 0 && (!strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "   ")) {
				t.Errorf("%q: line %d is not indented by two: %q", c.text, i+1, line)
			}
		}
	}
}
