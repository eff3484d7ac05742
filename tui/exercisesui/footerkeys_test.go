package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The key line keeps the way out and ? keys whatever else it holds: once
// an exercise passed, "n next exercise" used to push them past the edge
// at 80 columns ("… c check all …"). Less needed keys give way instead.
func TestFooterKeepsQuitAndKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
		f := newFake()
		d := start(t, f, sz[0], sz[1])
		want := func(state, quit string) {
			t.Helper()
			rows := strings.Split(d.view(), "\n")
			last := rows[len(rows)-1]
			for _, k := range []string{quit, "? keys"} {
				if !strings.Contains(last, k) {
					t.Errorf("%dx%d, %s: the key line %q has no %q", sz[0], sz[1], state, last, k)
				}
			}
			if strings.Contains(last, "…") {
				t.Errorf("%dx%d, %s: the key line is cut: %q", sz[0], sz[1], state, last)
			}
		}
		want("failing", "q quit")
		_ = d.m.startCheck(d.m.current()) // its result never comes: running
		want("running", "q quit")
		f.pass("01-consecutive-breaker")
		d.keys("r")
		want("passed", "q quit")
		d.keys("l")
		want("list", "ctrl+c quit") // in the list q goes back
		d.keys("?")
		if v := d.view(); !strings.Contains(v, "bottom") || !strings.Contains(v, "ctrl+c quit") {
			t.Errorf("%dx%d: ? in the list should show all its keys:\n%s", sz[0], sz[1], v)
		}
	}
}

// The keys give way least needed first: check all before the solution
// before reset, and never r in manual mode, where it is the only way to
// test.
func TestFooterDropsTheLeastNeededFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	d := start(t, f, 80, 24)
	rows := strings.Split(d.view(), "\n")
	last := rows[len(rows)-1]
	for k, shown := range map[string]bool{"r re-run": true, "n next exercise": true, "h hint": true, "c check all": false, "s solution": false} {
		if strings.Contains(last, k) != shown {
			t.Errorf("%q shown = %v, want %v, in %q", k, !shown, shown, last)
		}
	}
}
