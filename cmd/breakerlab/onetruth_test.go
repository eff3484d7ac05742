package main

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// One truth: for every built-in scenario, `breakerlab run NAME --format
// json` prints, byte for byte, what the sandbox holds when each variant is
// played to its end: endpoints, dependencies, transitions, and the
// services, instances, tenants and shedding of the bigger systems. A
// scenario registered later is covered by the same loop.
func TestRunJSONIsTheSandboxsEndForEveryScenario(t *testing.T) {
	racefree.Only(t)
	const seed = 5
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			out, errOut, code := runOnce(t, "run", b.Name, "--seed", fmt.Sprint(seed), "--format", "json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			sc := b.Build()
			m, err := sandbox.New(sandbox.Options{Theme: theme.New(nil), Scenario: b.Build(), Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			var tm tea.Model = m
			send := func(msg tea.Msg) {
				tm, _ = tm.Update(msg)
			}
			send(tea.WindowSizeMsg{Width: 120, Height: 40})
			var finals []engine.Snapshot
			for v := range sc.Variants {
				if v > 0 {
					send(tea.KeyMsg{Type: tea.KeyTab}) // the next variant, however many there are
				}
				if got := tm.(sandbox.Model).Variant(); got != v {
					t.Fatalf("tab went to variant %d, want %d", got+1, v+1)
				}
				send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("G")})
				f := tm.(sandbox.Model).Final()
				if f == nil {
					t.Fatalf("variant %d: G did not reach the end", v+1)
				}
				finals = append(finals, *f)
			}
			var mine bytes.Buffer
			if err := report.WriteJSON(&mine, report.Build(sc, seed, finals)); err != nil {
				t.Fatal(err)
			}
			if mine.String() != out {
				t.Errorf("run's JSON and the sandbox's end differ:\nrun:     %s\nsandbox: %s", out, mine.String())
			}
		})
	}
}
