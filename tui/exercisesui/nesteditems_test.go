package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A list item indented under another keeps its depth in the task: 08's
// "What Call returns:" has four cases under it, which drawn at the margin
// read as four more rules beside it.
func TestNestedItemsKeepTheirDepth(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 30)
	md := "# Title\n\nThe rules:\n\n- Call returns:\n  - fn's own result when it finished in time, a line long enough to be\n    wrapped at the width of the runner's terminal, which is a hundred cells here;\n  - ctx.Err() when the caller gave up.\n- Everything else.\n"
	lines := d.m.drawReadme(md)
	text := ansi.Strip(strings.Join(lines, "\n"))
	for _, want := range []string{
		"\n- Call returns:\n",
		"\n  - fn's own result when it finished in time,",
		"\n    the runner's terminal, which is a hundred cells here;\n", // the wrapped part lines up under the item's text, at the prose measure (96)
		"\n  - ctx.Err() when the caller gave up.\n",
		"\n- Everything else.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the task lacks %q:\n%s", want, text)
		}
	}
	// And the README that has such a list draws it so.
	e := d.m.exs[7]
	if readme := ansi.Strip(strings.Join(d.m.drawReadme(e.README()), "\n")); !strings.Contains(readme, "\n  - `fn`'s own result") {
		t.Errorf("%s's task draws its nested cases at the margin:\n%s", e.Name, readme)
	}
}
