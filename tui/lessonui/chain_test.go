package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A step that names the "chain" pane shows tui/pane's chain of services:
// lesson 11's second step, played to its pause at 80×24, has every pool
// of the chain full, each row with when it filled, and cuts no word.
func TestChainPaneShowsTheCascade(t *testing.T) {
	for _, p := range allLessons(t) {
		if p.Lesson.ID != "11-deadlines-across-hops" {
			continue
		}
		m := open(t, p, 1, 80, 24, Options{})
		if got := p.Steps[1].Panes; len(got) == 0 || got[0] != "chain" {
			t.Fatalf("step 2's panes are %v, want the chain first", got)
		}
		m = play(t, m)
		v := m.View()
		tuitest.CheckBlock(t, v, 80, 24)
		tuitest.CheckNoCuts(t, "lesson 11 step 2 at 80x24", v)
		plain := ansi.Strip(v)
		for _, want := range []string{"Chain", "3/3 full", "front", "orders", "inventory", "database", "200/200", "16/16", "full at"} {
			if !strings.Contains(plain, want) {
				t.Errorf("the chain pane should show %q:\n%s", want, plain)
			}
		}
		return
	}
	t.Fatal("lesson 11-deadlines-across-hops is not among the built-in lessons")
}

// The chain pane is flexible: it takes its share of the column up to every
// hop on a line at the side-by-side width of an 80-column window, and up to
// a second line per service (sparkline and answers) where the column is
// wide enough for them, as at 200×60.
func TestChainPaneSizes(t *testing.T) {
	cp, ok := newEnginePane("chain", tuitest.Plain()).(*chainPane)
	if !ok {
		t.Fatal(`newEnginePane("chain") is not the chain pane`)
	}
	r, err := engine.New(scenarios.MultiHop(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(30 * time.Second)
	snap := r.Snapshot()
	cp.SetData(pane.Data{Snap: &snap, Gen: 1})
	if cp.Needs(39) != 0 {
		t.Error("the chain should share the column's rest as a flexible pane")
	}
	cp.SetSize(39, 10)
	if got, want := cp.Max(), cp.Chain.Needs(39); got != want || cp.Min(39) > got {
		t.Errorf("at 39 columns: Max %d, want %d (a line per hop), Min %d", got, want, cp.Min(39))
	}
	cp.SetSize(120, 20)
	if got, one := cp.Max(), cp.Chain.Needs(120); got != cp.Chain.Max(120) || got <= one {
		t.Errorf("at 120 columns: Max %d, want %d, more than the %d of one line per hop", got, cp.Chain.Max(120), one)
	}
}
