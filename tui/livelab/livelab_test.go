package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// fakeReal stands for the measured side: another run of the simulation,
// advanced a step on every read.
func fakeReal(t *testing.T, sc *engine.Scenario, v int, seed uint64, step time.Duration) func() engine.Snapshot {
	r, err := engine.New(sc, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	return func() engine.Snapshot {
		r.Advance(step)
		return r.Snapshot()
	}
}

func newModel(t *testing.T, v int, real func() engine.Snapshot) *Model {
	t.Helper()
	m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: scenarios.Checkout(), Variant: v, Seed: 5, Where: "127.0.0.1:7011", Real: real})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func checkFrame(t *testing.T, m *Model, w, h int) string {
	t.Helper()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	v := m.View()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Errorf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%dx%d: line %d is %d cells: %q", w, h, i+1, n, l)
		}
	}
	return v
}

func TestFramesFit(t *testing.T) {
	for _, v := range []int{0, 1, 3} {
		m := newModel(t, v, fakeReal(t, scenarios.Checkout(), v, 6, 200*time.Millisecond))
		for range 15 { // three seconds in: the incident is under way
			m.Update(tickMsg{})
		}
		for _, size := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
			out := checkFrame(t, m, size[0], size[1])
			for _, want := range []string{"Live lab", "simulated", "measured", "Worker pool", "health", "checkout", "Why they differ", "q quit"} {
				if !strings.Contains(out, want) {
					t.Errorf("variant %d at %dx%d lacks %q:\n%s", v, size[0], size[1], want, out)
				}
			}
			if v == 3 && !strings.Contains(out, "payment") {
				t.Errorf("protected at %dx%d shows no payment breaker:\n%s", size[0], size[1], out)
			}
		}
	}
}

// TestAgreement: the same run on both sides agrees within a point; a
// different run is measured in points against it.
func TestAgreement(t *testing.T) {
	same := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 3, 5, 500*time.Millisecond))
	for range 30 {
		same.Update(tickMsg{})
	}
	if out := checkFrame(t, same, 120, 40); !strings.Contains(out, "agree within a point") || !strings.Contains(out, "(±0)") {
		t.Errorf("the same seed on both sides should agree exactly:\n%s", out)
	}
	// No timeout measured against a protected simulation: far apart.
	apart := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 0, 5, 500*time.Millisecond))
	for range 30 {
		apart.Update(tickMsg{})
	}
	if out := checkFrame(t, apart, 120, 40); !strings.Contains(out, "They differ most on") {
		t.Errorf("different designs should differ in points:\n%s", out)
	}
}

// TestStopsTickingWhenDone: once both sides are over, no tick is re-armed.
func TestStopsTickingWhenDone(t *testing.T) {
	m := newModel(t, 1, fakeReal(t, scenarios.Checkout(), 1, 5, time.Second))
	var cmd tea.Cmd
	for range 40 {
		_, cmd = m.Update(tickMsg{})
	}
	if cmd != nil || !m.done {
		t.Errorf("after both runs ended the model still ticks (done %v)", m.done)
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Error("q does not quit")
	}
}

// TestTasksServerFrames: a tasks server (the Go server) is drawn with its
// limits in the worker pool's place and its first pool's connections over
// time; the loop's line is the simulation's alone, since the measured
// process's CPU is not the server's.
func TestTasksServerFrames(t *testing.T) {
	sc := scenarios.GoServer()
	for _, v := range []int{0, len(sc.Variants) - 1} {
		m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: v, Seed: 5, Where: "127.0.0.1:7011",
			Real: fakeReal(t, sc, v, 6, 200*time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		for range 40 { // eight seconds in
			m.Update(tickMsg{})
		}
		for _, size := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
			out := checkFrame(t, m, size[0], size[1])
			for _, want := range []string{"Limits", "tasks live", "most connections", "most tasks", "Why they differ"} {
				if !strings.Contains(out, want) {
					t.Errorf("variant %d at %dx%d lacks %q:\n%s", v, size[0], size[1], want, out)
				}
			}
			if strings.Contains(out, "Worker pool") {
				t.Errorf("variant %d at %dx%d draws a worker pool:\n%s", v, size[0], size[1], out)
			}
			if n := strings.Count(out, "│loop "); n != 1 {
				t.Errorf("variant %d at %dx%d: %d loop lines, want the simulation's alone:\n%s", v, size[0], size[1], n, out)
			}
			if size[1] >= 60 && !strings.Contains(out, "Pool transport") {
				t.Errorf("variant %d at %dx%d: no chart of the transport's connections:\n%s", v, size[0], size[1], out)
			}
		}
	}
}
