package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// BenchmarkCompareSideSwitch is a side switch in compare mode at 160×48,
// paused on the 20-minute scenario file of BenchmarkVariantSwitch at
// 712 s: the key's Update, then the View. variant is tab (the right side's
// next variant: 3, 1, 2), preset is p (the right side's breaker, variant
// 3's, through the library presets and back to its own), open-close is c
// twice (compare opened on variant 1 against 3, then closed). A first
// round of each, untimed, has shown every run once; the loop measures
// switches to runs shown before, at the same moment.
//
//	go test ./tui/sandbox/ -run '^$' -bench CompareSideSwitch -benchtime 20x -count 3
func BenchmarkCompareSideSwitch(b *testing.B) {
	const at = 712 * time.Second
	for _, c := range []struct {
		name  string
		keys  []string
		round int // the keys' presses before every run has been shown
	}{
		{"variant", []string{"tab"}, 3},
		{"preset", []string{"p"}, len(presetNames())},
		{"open-close", []string{"c", "c"}, 1},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := theme.Plain()
			r.SetColorProfile(termenv.ANSI256)
			m, err := New(Options{Theme: theme.New(r), Scenario: teacher20m(b), Seed: 5})
			if err != nil {
				b.Fatal(err)
			}
			next, _ := m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
			m = next.(Model)
			if err := m.sim.seek(at); err != nil {
				b.Fatal(err)
			}
			m.refresh()
			_ = m.View()
			press := func() {
				for _, k := range c.keys {
					next, _ := m.Update(keyMsg(k))
					m = next.(Model)
					_ = m.View()
				}
			}
			if c.name != "open-close" {
				next, _ := m.Update(keyMsg("c"))
				m = next.(Model)
				_ = m.View()
			}
			for range c.round {
				press()
			}
			b.ReportAllocs()
			for b.Loop() {
				press()
			}
			if m.now() != at {
				b.Fatalf("at %v, want %v", m.now(), at)
			}
		})
	}
}
