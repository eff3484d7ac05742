package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A tasks server at the front of a chain counts its live tasks: it has no
// pool of workers, so no "n/0".
func TestChainFrontOfTasks(t *testing.T) {
	r, err := engine.New(scenarios.GoInventory(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(25 * time.Second)
	s := r.Snapshot()
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: &s, Gen: 1})
	c.SetSize(110, c.Max(110))
	v := ansi.Strip(c.View())
	for _, l := range strings.Split(v, "\n") {
		if f := strings.TrimLeft(strings.TrimPrefix(l, "│"), " "); strings.HasPrefix(f, "front") {
			if want := pane.Count(s.Busy) + " tasks"; !strings.Contains(l, want) || strings.Contains(l, "/0") {
				t.Errorf("the front's row should count %q, not workers: %q", want, l)
			}
			return
		}
	}
	t.Fatalf("no front row:\n%s", v)
}
