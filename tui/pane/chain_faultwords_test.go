package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The chain's fault words count instances, not requests: a lone
// instance under errors read "inventory 1 failing", as if one request
// failed. One instance gets the state alone; several say how many of
// how many.
func TestChainFaultWordsCountInstances(t *testing.T) {
	racefree.Only(t) // no goroutine: a pane drawn and read
	one := multiHopAt(t, 1, 10*time.Second)
	inv := -1
	for i := range one.Services {
		if one.Services[i].Name == "inventory" {
			inv = i
		}
	}
	if inv < 0 || len(one.Services[inv].Instances) != 1 {
		t.Fatalf("multi-hop's inventory should be one instance: %+v", one.Services)
	}
	one.Services[inv].Instances[0].State = engine.InstanceIsFailing

	many := chainSnap()
	many.Services[1].Instances[1].State = engine.InstanceIsDown

	for _, tc := range []struct {
		name      string
		snap      *engine.Snapshot
		want, not string
	}{
		{"one instance", one, "inventory failing", "1 failing"},
		{"two instances", many, "inventory ×2 1 of 2 down", "×2 1 down"},
	} {
		c := pane.NewChain(tuitest.Plain())
		c.SetData(pane.Data{Snap: tc.snap, Gen: 1})
		c.SetSize(110, c.Needs(110))
		v := ansi.Strip(c.View())
		if !strings.Contains(v, tc.want) || strings.Contains(v, tc.not) {
			t.Errorf("%s: the chain should say %q, not %q:\n%s", tc.name, tc.want, tc.not, v)
		}
	}
}
