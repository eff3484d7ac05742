package mappane

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// snapAt runs variant v of the built-in scenario to at.
func snapAt(t *testing.T, name string, v int, at time.Duration) *engine.Snapshot {
	t.Helper()
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no scenario %s", name)
	}
	r, err := engine.New(b.Build(), v, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(at)
	s := r.Snapshot()
	return &s
}

func show(t *testing.T, s *engine.Snapshot, w, h int) (*Model, string) {
	m := New(theme.New(theme.Plain()))
	m.SetData(pane.Data{Snap: s})
	m.SetSize(w, h)
	return m, m.View()
}

func TestLook(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			s := snapAt(t, b.Name, v, 25*time.Second)
			_, out := show(t, s, 90, 24)
			fmt.Printf("%s v%d\n%s\n", b.Name, v+1, ansi.Strip(out))
			_ = strings.Join
		}
	}
}
