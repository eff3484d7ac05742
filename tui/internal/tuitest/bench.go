package tuitest

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// BenchKeys times frames of m that a key redraws, on a screen with no
// animation of its own (a cursor moved, a mark toggled): each iteration
// sends the next of keys, named as Key reads them and taken in turn,
// through Update, then draws the full View. It reports the allocations and
// the last frame's size (view-B), and returns m after the last frame.
func BenchKeys[M tea.Model](b *testing.B, m M, keys ...string) M {
	b.Helper()
	if len(keys) == 0 {
		b.Fatal("BenchKeys needs a key to send")
	}
	msgs := make([]tea.Msg, len(keys))
	for i, k := range keys {
		msgs[i] = Key(k)
	}
	var view string
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		next, _ := m.Update(msgs[i%len(msgs)])
		m = next.(M)
		view = m.View()
	}
	b.ReportMetric(float64(len(view)), "view-B")
	return m
}
