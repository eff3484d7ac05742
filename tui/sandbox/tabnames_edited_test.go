package sandbox

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A long edited name on the current tab left every other tab its number
// alone at 100 columns: the edited name had no form but the whole. It
// now gives way first, marked "(edited)", and each tab keeps a name; at
// 200 columns it is whole.
func TestAnEditedNameLeavesTheOtherTabsTheirNames(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by messages
	sc := tuitest.Scenario(t, "noisy-tenant")
	whole := sc.Variants[1].Name + " (edited: default slots 30, acme's own slots 5, shared slots 10)"
	sc.Variants[1].Name = whole
	for _, w := range []int{80, 100, 200} {
		m := newModel(t, w, 30, Options{Scenario: sc, Variant: 1})
		title := ansi.Strip(strings.Split(m.View(), "\n")[0])
		for _, i := range []string{"1", "3"} {
			if !regexp.MustCompile(`(^|[\s\[])` + i + ` \pL`).MatchString(title) {
				t.Errorf("%d columns: tab %s is a bare number beside the edited name:\n%s", w, i, title)
			}
		}
		if !strings.Contains(title, "(edited") {
			t.Errorf("%d columns: the current tab lost its edit mark:\n%s", w, title)
		}
		if w == 200 && !strings.Contains(title, whole) {
			t.Errorf("200 columns: the edited name should be whole:\n%s", title)
		}
	}
}
