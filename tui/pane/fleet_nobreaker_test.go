package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The footer of a fleet whose instances have no breaker reads as a note,
// not as a row: "2 without a breaker", first on its line under the rows
// of instances 0 and 1, read as a third instance numbered 2.
func TestFleetFooterWithoutBreakersIsNoRow(t *testing.T) {
	s := fleetSnap()
	sv := &s.Services[0]
	sv.Instances = sv.Instances[:2]
	for i := range sv.Instances {
		sv.Instances[i].Breakers = nil
	}
	s.Transitions = nil
	for _, sz := range [][2]int{{80, 10}, {44, 12}} {
		f := pane.NewFleet(tuitest.Plain())
		f.SetData(pane.Data{Snap: s, Gen: 1})
		f.SetSize(sz[0], sz[1])
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if got := rowNumbers(v); len(got) != 2 {
			t.Fatalf("%dx%d: rows %v, want instances 0 and 1:\n%s", sz[0], sz[1], got, v)
		}
		lines := strings.Split(ansi.Strip(v), "\n")
		footer := strings.TrimSpace(strings.Trim(lines[4], "│"))
		if !strings.HasPrefix(footer, "None of the 2 instances has a breaker") {
			t.Errorf("%dx%d: the footer reads %q, want a note that none of the 2 has a breaker:\n%s", sz[0], sz[1], footer, v)
		}
		if footer != "" && footer[0] >= '0' && footer[0] <= '9' {
			t.Errorf("%dx%d: the footer begins with a number, as a row does: %q", sz[0], sz[1], footer)
		}
	}

	// Beside the instances with a breaker, the count follows theirs.
	mixed := fleetSnap()
	mixed.Services[0].Instances[0].Breakers = nil
	mixed.Services[0].Instances[1].Breakers = nil
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: mixed, Gen: 1})
	f.SetSize(110, 30)
	if v := ansi.Strip(f.View()); !strings.Contains(v, fmt.Sprintf("▁ 12 closed · %d without a breaker", 2)) {
		t.Errorf("a mixed fleet's footer lacks the count of those without a breaker after the others:\n%s", v)
	}
}
