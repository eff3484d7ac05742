package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// sparseDay is checkout run for 24 hours (engine.MaxDuration), its
// payment slow at the start and again at 20 h: on the protected variant
// the breaker moves in those two stretches only, and nothing happens in
// the twenty hours between.
func sparseDay(t testing.TB) *engine.Scenario {
	t.Helper()
	return checkoutRunFor(t, engine.MaxDuration, 20*time.Hour)
}

// settled plays the work under way to its end, a slice per message, as
// the program does.
func settled(tb testing.TB, m Model) Model {
	tb.Helper()
	for n := 0; m.work != nil; n++ {
		if n > 1000000 {
			tb.Fatal("the work never ends")
		}
		next, _ := m.Update(workMsg{id: m.work.id})
		m = next.(Model)
	}
	return m
}

// sparseDayAt is a sandbox on sparseDay's protected variant at 100x30,
// its layout's profile played, moved to at as a learner gets there.
func sparseDayAt(tb testing.TB, sc *engine.Scenario, at time.Duration) Model {
	tb.Helper()
	m, err := New(Options{Theme: tuitest.Plain(), Scenario: sc, Variant: 3, Seed: tuitest.Seed})
	if err != nil {
		tb.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = settled(tb, next.(Model))
	if err := m.seek(at); err != nil {
		tb.Fatal(err)
	}
	return settled(tb, m)
}

// BenchmarkLongEventJump is ] across the twenty quiet hours of sparseDay
// (from 1 h to the slow payment's first event at 20 h), and [ from 23 h
// back to the last event before it (some 20 h), each played as the
// program plays it, its work in slices included, then the View. Each
// press starts from a model that has come to where the press begins as
// a learner does (untimed).
//
//	go test ./tui/sandbox/ -run '^$' -bench LongEventJump -benchmem -count 2
func BenchmarkLongEventJump(b *testing.B) {
	sc := sparseDay(b)
	for _, c := range []struct {
		name, key string
		from      time.Duration
	}{
		{"next", "]", time.Hour},
		{"prev", "[", 23 * time.Hour},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				m := sparseDayAt(b, sc, c.from)
				if c.key == "[" {
					_ = timeline{&m}.Events() // known before the press, as after a ]
					m = settled(b, m)
				}
				b.StartTimer()
				next, _ := m.Update(keyMsg(c.key))
				m = settled(b, next.(Model))
				_ = m.View()
				b.StopTimer()
				if m.now() == c.from {
					b.Fatalf("%s stayed at %v: %s", c.key, c.from, m.note)
				}
				b.StartTimer()
			}
		})
	}
}

// BenchmarkLongForwardSeek is a time typed at the seek prompt (: 13h) on
// sparseDay from 1 h, played as the program plays it, its work in slices
// included, then the View: the opening's profile has played the run to
// its end and kept checkpoints on the way (one every 2h 40m), which the
// seek goes on from rather than play the run shown from 1 h.
//
//	go test ./tui/sandbox/ -run '^$' -bench LongForwardSeek -benchmem -count 2
func BenchmarkLongForwardSeek(b *testing.B) {
	sc := sparseDay(b)
	const from, to = time.Hour, 13 * time.Hour
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		// Its profile forgotten, the opening plays it again, leaving its
		// checkpoints, as on a learner's first opening of the file.
		m := sparseDayAt(b, unprofiled(sc, "checkout for a day, sought forward"), from)
		b.StartTimer()
		for _, k := range []string{":", "1", "3", "h", "enter"} {
			next, _ := m.Update(keyMsg(k))
			m = next.(Model)
		}
		m = settled(b, m)
		_ = m.View()
		b.StopTimer()
		if m.now() != to {
			b.Fatalf("the seek to %v stands at %v: %s", to, m.now(), m.note)
		}
		b.StartTimer()
	}
}
