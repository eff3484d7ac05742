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

// BenchmarkVariantSwitch is tab in the sandbox at 160×48, paused: the key's
// Update, which switches the variant and lays the panes out, then the
// View. Tab cycles the variants; after a first round, untimed, every
// switch is to a variant shown before, at the same moment. teacher-20m is the
// 20-minute scenario file at 712 s, cascade the built-in at 26 s.
//
//	go test ./tui/sandbox/ -run '^$' -bench VariantSwitch -benchtime 30x
func BenchmarkVariantSwitch(b *testing.B) {
	cascade, _ := scenarios.Lookup("cascade")
	for _, c := range []struct {
		name string
		sc   func(testing.TB) *engine.Scenario
		at   time.Duration
	}{
		{"teacher-20m", teacher20m, 712 * time.Second},
		{"cascade", func(testing.TB) *engine.Scenario { return cascade.Build() }, 26 * time.Second},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := theme.Plain()
			r.SetColorProfile(termenv.ANSI256)
			m, err := New(Options{Theme: theme.New(r), Scenario: c.sc(b), Seed: 5})
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
	cascade, _ := scenarios.Lookup("cascade")
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	th := theme.New(r)
	for _, c := range []struct {
		name string
		sc   func(testing.TB) *engine.Scenario
		at   time.Duration
	}{
		{"teacher-20m", teacher20m, 712 * time.Second},
		{"cascade", func(testing.TB) *engine.Scenario { return cascade.Build() }, 26 * time.Second},
	} {
		b.Run(c.name, func(b *testing.B) {
			open := func() Model {
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
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				m := open()
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
