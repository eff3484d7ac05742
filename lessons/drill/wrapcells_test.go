package drill

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The cheat sheet's wrap counts display cells: a wide character takes two
// columns, "×" one, and a number keeps its unit on its line still.
func TestCheatSheetWrapCountsCells(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"服务 名称 界面 服务 名称 界面", 12, []string{"服务 名称", "界面 服务", "名称 界面"}},
		{"服务 × 界面 waits 500 ms", 14, []string{"服务 × 界面", "waits 500 ms"}},
	} {
		got := wrap(c.text, c.width)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("wrap(%q, %d) =\n%s\nwant\n%s", c.text, c.width, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			continue
		}
		for i, line := range got {
			if w := ansi.StringWidth(line); w > c.width {
				t.Errorf("%q: line %d is %d cells, past %d", c.text, i+1, w, c.width)
			}
		}
	}
}
