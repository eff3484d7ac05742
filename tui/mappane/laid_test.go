package mappane

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// One map taken through new snapshots and sizes, asked for its columns
// and drawn after each, shows what a map made afresh for that snapshot and
// size shows: the layout it keeps between Columns and View is worked out
// again whenever anything changes.
func TestTheKeptLayoutFollowsEveryChange(t *testing.T) {
	calm := snapAt(t, "go-server", 0, 5*time.Second)
	hung := snapAt(t, "go-server", 0, 28*time.Second)
	m := newMap(calm, 120, 30)
	steps := []struct {
		what string
		snap *pane.Data
		w, h int
	}{
		{"calm at 120x30", &pane.Data{Snap: calm}, 120, 30},
		{"hung at 120x30", &pane.Data{Snap: hung}, 120, 30},
		{"hung at 60x30", nil, 60, 30},
		{"hung at 60x8", nil, 60, 8},
		{"calm at 60x8", &pane.Data{Snap: calm}, 60, 8},
		{"calm at 36x30", nil, 36, 30},
		{"hung at 36x30", &pane.Data{Snap: hung}, 36, 30},
	}
	last := calm
	for _, st := range steps {
		if st.snap != nil {
			m.SetData(*st.snap)
			last = st.snap.Snap
		}
		m.SetSize(st.w, st.h)
		cols := m.Columns()
		got := ansi.Strip(m.View())
		fresh := newMap(last, st.w, st.h)
		if want := fresh.Columns(); cols != want {
			t.Errorf("%s: the map kept shows %d columns, one made afresh %d", st.what, cols, want)
		}
		if want := ansi.Strip(fresh.View()); got != want {
			t.Errorf("%s: the map kept draws\n%s\none made afresh\n%s", st.what, got, want)
		}
	}
}

// A lesson's step: a snapshot, the columns that fit, the map drawn.
func BenchmarkSetDataColumnsView(b *testing.B) {
	s := snapAt(b, "go-server", 0, 28*time.Second)
	m := newMap(s, 120, 30)
	d := pane.Data{Snap: s}
	for b.Loop() {
		m.SetData(d)
		_ = m.Columns()
		_ = m.View()
	}
}
