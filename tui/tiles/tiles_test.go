package tiles

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

func TestLook(t *testing.T) {
	for _, c := range []struct {
		name string
		v    int
	}{{"api-gateway", 0}, {"api-gateway", 1}, {"fleet-probes", 0}, {"cascade", 2}} {
		b, _ := scenarios.Lookup(c.name)
		r, _ := engine.New(b.Build(), c.v, 5)
		r.Advance(25 * time.Second)
		s := r.Snapshot()
		m := New(theme.New(theme.Plain()))
		m.SetData(pane.Data{Snap: &s})
		m.SetSize(110, m.Needs(110))
		fmt.Println(ansi.Strip(m.View()))
	}
}
