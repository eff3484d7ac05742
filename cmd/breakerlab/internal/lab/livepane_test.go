package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// `lab checkout --tui` at 80x24 keeps the pane under the pool for the
// whole run: the footer's explanations give way to it, not the pane. The
// protected mode's breaker pane went blank from 1 s to 3.4 s, while the
// breaker opened and half-opened, because the checkout line's "waiting"
// share wrapped to a second line; with --server go and no timeout the
// Transport's chart went blank on the last frame, under the paragraph on
// why the run finished late: five empty rows each time.
func TestLiveLabKeepsThePaneUnderThePool(t *testing.T) {
	racefree.Only(t) // no goroutine: the screen is driven by its messages
	for _, tc := range []struct {
		cfg  Config
		pane string
	}{
		{DefaultConfig(Protected), "Breaker · payment"},
		{DefaultGoConfig(None), "Pool transport"},
	} {
		sc, v, err := SimScenario(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		// The measured side is the same simulation, read a tick at a
		// time: the frames are the lab's, at its load tool's beat.
		r, err := engine.New(sc, v, tc.cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		real := func() engine.Snapshot {
			r.Advance(100 * time.Millisecond)
			return r.Snapshot()
		}
		m, err := livelab.New(livelab.Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: v, Seed: tc.cfg.Seed,
			Where: "127.0.0.1:7011", Real: real, Tick: time.Microsecond})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		cmd, frames := m.Init(), 0
		for ; cmd != nil && frames < 1000; frames++ {
			_, cmd = m.Update(cmd())
			if out := ansi.Strip(m.View()); !strings.Contains(out, tc.pane) {
				t.Fatalf("%s, frame %d at 80x24: no %q pane:\n%s", tc.cfg.VariantName(), frames+1, tc.pane, out)
			}
		}
		if cmd != nil || frames < 50 {
			t.Fatalf("%s: %d frames, the run did not end", tc.cfg.VariantName(), frames)
		}
	}
}
