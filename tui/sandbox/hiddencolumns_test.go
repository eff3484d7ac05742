package sandbox

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// paneTop is a pane's top edge on a screen line: its title and its note.
var paneTop = regexp.MustCompile(`╭─ ([^─╮]+?) ─+(?: ([^─╮]+) ─)?╮`)

// columnNote is a note on hidden columns, as pane.HiddenNotes words it,
// after at most one lead ("3/3 full · ...").
var columnNote = regexp.MustCompile(`^(?:[^·]+ · )?(?:hidden columns?: "[^"]+"(?:, "[^"]+")*(?: \((?:a wider window shows (?:them|it)|widen to see)\))?|\d+ (?:columns?|cols?) hidden(?: \(widen(?: to see)?\))?|\d+ hidden)$`)

// On screen, in every built-in scenario's every variant at the sizes a
// user sees, no pane says "wider shows" (the Chain said "3 of 3 pools
// full · wider shows next hop"), and each pane that says it leaves out
// columns says it in pane.HiddenNotes' words, whole.
func TestNoPaneSaysWiderShows(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, b.Name), Variant: v})
			m = jumpTo(t, m, sc.Duration*3/4)
			for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
				m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				view := ansi.Strip(m.View())
				where := fmt.Sprintf("%s variant %d at %dx%d", b.Name, v+1, sz[0], sz[1])
				if strings.Contains(view, "wider shows") {
					t.Errorf("%s: a pane says \"wider shows\":\n%s", where, view)
				}
				for _, l := range strings.Split(view, "\n") {
					for _, e := range paneTop.FindAllStringSubmatch(l, -1) {
						if note := e[2]; strings.Contains(note, "hidden") && strings.Contains(note, "col") && !columnNote.MatchString(note) {
							t.Errorf("%s: %s's note %q is not pane.HiddenNotes' words, or is cut", where, e[1], note)
						}
					}
				}
			}
		}
	}
}
