package exercisesui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/breakerlab/breakerlab/exercises/grade"
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
			if !strings.Contains(last, quit) || !offersQuestion(last) {
				t.Errorf("%dx%d, %s: the key line %q has no %q or ?", sz[0], sz[1], state, last, quit)
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

// The keys give way least needed first: reset before edit before the
// list, so that at 80 columns the keys a learner reaches for, stuck or
// done (check all, the solution, the hint, n), stay in the line, and
// never r in manual mode, where it is the only way to test. Once a key
// gave way ? says "more", and only then.
func TestFooterDropsTheLeastNeededFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	d := start(t, f, 80, 24)
	rows := strings.Split(d.view(), "\n")
	last := rows[len(rows)-1]
	for k, shown := range map[string]bool{
		"r re-run": true, "n next exercise": true, "h hint": true, "c check all": true, "s solution": true, "q quit": true, "? more": true,
		"x reset to stub": false, "e edit": false, "l list": false, "? keys": false,
	} {
		if strings.Contains(last, k) != shown {
			t.Errorf("%q shown = %v, want %v, in %q", k, !shown, shown, last)
		}
	}
	// Wide enough for every key, ? says "keys": nothing is behind it but
	// the scrolling keys, which every screen takes.
	d.send(tea.WindowSizeMsg{Width: 200, Height: 60})
	rows = strings.Split(d.view(), "\n")
	if last := rows[len(rows)-1]; !strings.Contains(last, "? keys") || !strings.Contains(last, "x reset to stub") {
		t.Errorf("at 200 columns the key line %q should hold every key and \"? keys\"", last)
	}
}

// offersQuestion says whether a key line offers ?, as "keys" when it
// holds every key or "more" when some gave way.
func offersQuestion(line string) bool {
	return strings.Contains(line, "? keys") || strings.Contains(line, "? more")
}

// A learner whose file no longer builds finds their way back in x, and the
// verdict of a build error in their own code names no key: at 80 columns x
// used to be the first key to give way, behind ? exactly then. Until the
// exercise passes, e and l give way for it.
func TestFooterKeepsResetWhileUnsolved(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	broken := grade.Report{Status: grade.BuildFailed, Summary: "does not compile: breaker.go:12:2: undefined: threshold",
		BuildErrors: []grade.BuildError{{File: "breaker.go", Line: 12, Col: 2, Message: "undefined: threshold"}}}
	for _, c := range []struct {
		state  string
		script *grade.Report // nil: the fake's failing tests
		stub   bool
	}{
		{"untouched stub", nil, true},
		{"failing", nil, false},
		{"not compiling", &broken, false},
	} {
		f := newFake()
		name := f.exs[0].Name
		if c.script != nil {
			f.script[name] = *c.script
		}
		if c.stub {
			f.untouched = map[string]bool{name: true}
		}
		d := start(t, f, 80, 24)
		d.keys("r")
		rows := strings.Split(d.view(), "\n")
		last := rows[len(rows)-1]
		for _, k := range []string{"x " + resetToStubWords, "r re-run", "h hint", "s solution", "c check all", "q quit", "? more"} {
			if !strings.Contains(last, k) {
				t.Errorf("%s at 80 columns: the key line %q has no %q", c.state, last, k)
			}
		}
		if strings.Contains(last, "…") {
			t.Errorf("%s at 80 columns: the key line is cut: %q", c.state, last)
		}
	}
}
