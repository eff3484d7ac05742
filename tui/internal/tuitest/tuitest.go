// Package tuitest builds what the TUI's tests share: a theme with a fixed
// colour profile, and engine snapshots of the built-in scenarios at given
// moments, packed as pane data.
//
// It imports the engine, tui/theme and tui/pane, and is imported only by
// tests.
package tuitest

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// Seed is the seed of every fixture: the reference documents' own.
const Seed = 5

// Plain is a theme without colour, as under NO_COLOR.
func Plain() *theme.Theme { return theme.New(theme.Plain()) }

// Color is a theme with a fixed 256-colour profile, for checking that
// colour changes no layout.
func Color() *theme.Theme {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	return theme.New(r)
}

// Scenario builds a built-in scenario.
func Scenario(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no built-in scenario %q", name)
	}
	return b.Build()
}

// At runs variant v of a built-in scenario to time at (seconds) and packs
// the snapshot as pane data.
func At(t testing.TB, name string, v int, at float64) pane.Data {
	t.Helper()
	sc := Scenario(t, name)
	r, err := engine.New(sc, v, Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(time.Duration(at * float64(time.Second)))
	s := r.Snapshot()
	return pane.Data{Snap: &s, Gen: 1, Faults: pane.FaultSpans(sc, v)}
}

// CheckBlock fails unless view is exactly h lines of exactly w cells.
func CheckBlock(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}
