package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// BenchmarkCompareEventJump is ] or [ in compare mode at 160×48, paused on
// the 20-minute scenario file of BenchmarkVariantSwitch at 712 s, right
// after a key put the right side on a run it had not shown: the key's
// Update, then the View. Compare mode opens on variants 1 and 3, and
// both sides' events are asked for there, as a ] would; then p puts the
// right side on variant 3 under Resilience4j's breaker defaults (preset),
// or 2 puts it on variant 2, which has no breaker (variant). new is the
// first ] (or [) after that key; indexed asks the events again first,
// untimed, as a ] pressed before on the same runs would have, so that it
// measures the jump alone: what the key costs on runs already shown. Each
// press starts from a model set up afresh, untimed.
//
//	go test ./tui/sandbox/ -run '^$' -bench CompareEventJump -count 6
func BenchmarkCompareEventJump(b *testing.B) {
	const at = 712 * time.Second
	for _, c := range []struct {
		name, jump, side string
		indexed          bool
	}{
		{"next/preset/new", "]", "p", false},
		{"next/preset/indexed", "]", "p", true},
		{"next/variant/new", "]", "2", false},
		{"prev/preset/new", "[", "p", false},
		{"prev/preset/indexed", "[", "p", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := theme.Plain()
			r.SetColorProfile(termenv.ANSI256)
			th := theme.New(r)
			sc := teacher20m(b)
			press := func(m Model, k string) Model {
				next, _ := m.Update(keyMsg(k))
				return next.(Model)
			}
			setUp := func() Model {
				m, err := New(Options{Theme: th, Scenario: sc, Seed: 5})
				if err != nil {
					b.Fatal(err)
				}
				next, _ := m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
				m = next.(Model)
				if err := m.sim.seek(at); err != nil {
					b.Fatal(err)
				}
				m = press(m, "c")
				_ = timeline{&m}.Events()
				m = press(m, c.side)
				_ = m.View()
				if c.indexed {
					_ = timeline{&m}.Events()
				}
				return m
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				m := setUp()
				b.StartTimer()
				m = press(m, c.jump)
				_ = m.View()
				b.StopTimer()
				if m.now() == at {
					b.Fatalf("%s stayed at %v", c.jump, at)
				}
				b.StartTimer()
			}
		})
	}
}
