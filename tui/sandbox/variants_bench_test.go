package sandbox

import (
	"os"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// teacher20m is a teacher-sized scenario file: twenty minutes of 800
// requests a second, three designs.
func teacher20m(t testing.TB) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile("testdata/teacher-20m.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenariofile.Parse("teacher-20m.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// switchCase is a sandbox the switch benchmarks tab in: a scenario,
// paused at a moment.
type switchCase struct {
	name string
	sc   func(testing.TB) *engine.Scenario
	at   time.Duration
}

// switchCases are teacher-20m at 712 s and the built-in cascade at 26 s.
func switchCases() []switchCase {
	cascade, _ := scenarios.Lookup("cascade")
	return []switchCase{
		{"teacher-20m", teacher20m, 712 * time.Second},
		{"cascade", func(testing.TB) *engine.Scenario { return cascade.Build() }, 26 * time.Second},
	}
}

// openPaused is a new sandbox on a new build of c's scenario at 160×48,
// paused at c's moment and drawn.
func openPaused(b *testing.B, th *theme.Theme, c switchCase) Model {
	m, err := New(Options{Theme: th, Scenario: c.sc(b), Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	m = next.(Model)
	if err := m.sim.seek(c.at); err != nil {
		b.Fatal(err)
	}
	m.refresh()
	_ = m.View()
	return m
}

// benchTheme is the theme the switch benchmarks draw in: 256 colours.
func benchTheme() *theme.Theme {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	return theme.New(r)
}

// BenchmarkVariantSwitch is tab in the sandbox at 160×48, paused: the key's
// Update, which switches the variant and lays the panes out, then the
// View. Tab cycles the variants; after a first round, untimed, every
// switch is to a variant shown before, at the same moment. teacher-20m is the
// 20-minute scenario file at 712 s, cascade the built-in at 26 s.
//
//	go test ./tui/sandbox/ -run '^$' -bench VariantSwitch -benchtime 30x
func BenchmarkVariantSwitch(b *testing.B) {
	for _, c := range switchCases() {
		b.Run(c.name, func(b *testing.B) {
			m := openPaused(b, benchTheme(), c)
			// A round of tab first: the loop measures switches back to a
			// variant shown before (the first, to one never shown, replays
			// the run from 0 s, and plays it to its end for the layout).
			for range m.sim.sc.Variants {
				next, _ := m.Update(tea.KeyMsg{Type: tea.KeyTab})
				m = next.(Model)
				_ = m.View()
			}
			b.ReportAllocs()
			for b.Loop() {
				next, _ := m.Update(tea.KeyMsg{Type: tea.KeyTab})
				m = next.(Model)
				_ = m.View()
			}
			if m.sim.now() != c.at {
				b.Fatalf("at %v, want %v", m.sim.now(), c.at)
			}
		})
	}
}

// BenchmarkFirstVariantSwitch is tab in a sandbox that has not shown the
// next variant yet, at 160×48, paused (teacher-20m at 712 s, cascade at
// 26 s, as BenchmarkVariantSwitch): the switch plays the variant's run to
// that time and lays the panes out, which needs the whole run's profile
// (arrange.go). Each switch is in a new sandbox on a new build of the
// scenario, as a second classroom session or a sandbox opened again
// would be: after the first, the profile is the program's already
// (profiles.go). Opening the sandbox is not timed.
//
//	go test ./tui/sandbox/ -run '^$' -bench FirstVariantSwitch -benchtime 20x
func BenchmarkFirstVariantSwitch(b *testing.B) {
	th := benchTheme()
	for _, c := range switchCases() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				m := openPaused(b, th, c)
				b.StartTimer()
				next, _ := m.Update(tea.KeyMsg{Type: tea.KeyTab})
				m = next.(Model)
				_ = m.View()
				if m.sim.variant != 1 || m.sim.now() != c.at {
					b.Fatalf("variant %d at %v, want 2 at %v", m.sim.variant+1, m.sim.now(), c.at)
				}
			}
		})
	}
}
