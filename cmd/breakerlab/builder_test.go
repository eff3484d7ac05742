package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/builder"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// pressBuilder sends keys to the builder and runs the commands they
// return (its file write) and their answers, as the program would.
func pressBuilder(t *testing.T, m tea.Model, keys ...tea.KeyMsg) tea.Model {
	t.Helper()
	for _, k := range keys {
		next, cmd := m.Update(k)
		m = next
		for cmd != nil {
			next, cmd = m.Update(cmd())
			m = next
		}
	}
	return m
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// A system built in the builder and saved runs headless: `breakerlab run
// FILE --format json` reports every endpoint and dependency built.
func TestBuilderFileRunsHeadless(t *testing.T) {
	racefree.Only(t) // no goroutine: the model, driven here, runs no program
	path := filepath.Join(t.TempDir(), "built.toml")
	var m tea.Model = builder.New(builder.Options{Theme: theme.New(theme.Plain()), Seed: 5, Starts: []builder.Start{}})
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	up := tea.KeyMsg{Type: tea.KeyUp}
	// A service the front calls, calling a dependency; back up to the
	// front, a fleet it calls; a tenant; then save.
	m = pressBuilder(t, m, enter, runes("s"), runes("d"), up, up, up, runes("f"), runes("t"),
		runes("w"), tea.KeyMsg{Type: tea.KeyCtrlU}, runes(path), enter)
	if m.(builder.Model).Unsaved() {
		t.Fatalf("the builder did not save:\n%s", m.View())
	}
	out, stderr, code := run(t, "run", path, "--format", "json", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Scenario string `json:"scenario"`
		Variants []struct {
			Endpoints map[string]struct {
				Outcomes map[string]uint64 `json:"outcomes"`
			} `json:"endpoints"`
			Dependencies map[string]json.RawMessage `json:"dependencies"`
			Services     map[string]struct {
				Dependencies map[string]json.RawMessage `json:"dependencies"`
			} `json:"services"`
			Tenants map[string]json.RawMessage `json:"tenants"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.Scenario != "built" || len(doc.Variants) != 1 {
		t.Fatalf("scenario %q with %d variants, want built with 1", doc.Scenario, len(doc.Variants))
	}
	v := doc.Variants[0]
	for _, e := range []string{"/checkout", "/inventory"} {
		if ok := v.Endpoints[e].Outcomes["ok"]; ok == 0 {
			t.Errorf("%s answered nothing: %s", e, out)
		}
	}
	if _, ok := v.Services["orders"].Dependencies["db"]; !ok {
		t.Errorf("the run reports no dependency db of orders: %s", out)
	}
	if _, ok := v.Services["inventory"]; !ok || len(v.Tenants) != 1 {
		t.Errorf("the run reports no fleet inventory, or not one tenant: %s", out)
	}
}
