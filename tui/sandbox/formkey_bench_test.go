package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// formKeyModel is the knob form of checkout's fourth variant at 160×48,
// the cursor on workers; refused says whether enter was just refused for
// a breaker's time window with a minimum of 0 calls, which every edit
// then checks the scenario again for (recheckScenario).
func formKeyModel(b *testing.B, refused bool) Model {
	b.Helper()
	sc := scenarios.Checkout()
	br := sc.Variants[3].System.Dependencies[0].Policy.Breaker
	br.Window, br.WindowSpan, br.WindowSize = breaker.TimeWindow, 10*time.Second, 0
	m, err := New(Options{Theme: tuitest.Plain(), Scenario: sc, Seed: tuitest.Seed, Variant: 3})
	if err != nil {
		b.Fatal(err)
	}
	m = send(m, tea.WindowSizeMsg{Width: 160, Height: 48})
	m = press(m, "e")
	to := func(label string) {
		for range m.form.knobs {
			if m.form.knobs[m.form.focus].label == label {
				return
			}
			m = press(m, "down")
		}
		b.Fatalf("the form has no %q", label)
	}
	if refused {
		to("minimum calls")
		m = press(m, "ctrl+u", "0", "enter")
		if m.form == nil || m.form.said == "" {
			b.Fatal("the minimum of 0 was not refused by the scenario")
		}
	}
	to("workers")
	return m
}

// benchFormKey types a digit into workers and takes it back, a key at a
// time, each followed by the View it redraws.
func benchFormKey(b *testing.B, refused bool) {
	m := formKeyModel(b, refused)
	keys := []tea.KeyMsg{keyMsg("0"), keyMsg("backspace")}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		next, _ := m.Update(keys[i%2])
		m = next.(Model)
		_ = m.View()
	}
	if refused && m.form.said == "" {
		b.Fatal("the scenario's complaint left: the keys were not checked against it")
	}
}

// BenchmarkFormKey is a key in the knob form and its View, nothing
// refused.
func BenchmarkFormKey(b *testing.B) { benchFormKey(b, false) }

// BenchmarkFormKeyRecheck is the same key while the scenario's complaint
// is shown: each edit checks the scenario again (Validate, no run).
func BenchmarkFormKeyRecheck(b *testing.B) { benchFormKey(b, true) }
