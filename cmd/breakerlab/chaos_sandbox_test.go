package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// The promise, end to end: a sandbox session that goes to 25 s,
// injects inventory's hang from the chaos menu (f, as a learner does) and
// writes the scenario with w gives a file whose `breakerlab run FILE`
// prints byte for byte what `breakerlab run multi-hop --fault '25s
// inventory hang for 10s'` prints.
func TestSandboxChaosFileRunsAsTheFaultFlag(t *testing.T) {
	// The sandbox driven by its Update (its write's command called here),
	// then two runs in the test's process: no goroutine but the command's
	// watches, which TestRunTimelineGolden runs under -race.
	racefree.Only(t)
	b, _ := scenarios.Lookup("multi-hop")
	m, err := sandbox.New(sandbox.Options{Theme: theme.New(nil), Scenario: b.Build(), Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var tm tea.Model = m
	send := func(msgs ...tea.Msg) {
		for _, msg := range msgs {
			var cmd tea.Cmd
			tm, cmd = tm.Update(msg)
			if msg, ok := msg.(tea.KeyMsg); ok && msg.Type == tea.KeyEnter && cmd != nil {
				// The write runs as a command; its message comes back.
				if done := cmd(); done != nil {
					tm, _ = tm.Update(done)
				}
			}
		}
	}
	keys := func(s string) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	paste := func(s string) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true} }
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	send(tea.WindowSizeMsg{Width: 120, Height: 40})
	send(keys(":"), paste("25"), enter)
	// n n: the map's selection moves from the front to orders, then to
	// inventory; f opens the chaos menu on it.
	send(keys("n"), keys("n"), keys("f"))
	view := tm.View()
	if !strings.Contains(view, "service inventory: what happens at 25") {
		t.Fatalf("f with inventory selected does not list its faults:\n%s", view)
	}
	for !strings.Contains(tm.View(), "▸ hang") {
		before := tm.View()
		send(keys("j"))
		if tm.View() == before {
			t.Fatalf("no hang among inventory's faults:\n%s", before)
		}
	}
	send(enter, enter, tea.KeyMsg{Type: tea.KeyEsc})
	if got := tm.(sandbox.Model).Injected(); len(got) != 1 || got[0].String() != "25s inventory hang for 10s" {
		t.Fatalf("injected %v", got)
	}
	path := filepath.Join(t.TempDir(), "chaos.toml")
	send(keys("w"), tea.KeyMsg{Type: tea.KeyCtrlU}, paste(path), enter)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("w wrote nothing: %v\n%s", err, tm.View())
	}
	fromFile, errOut, code := run(t, "run", path, "--format", "json")
	if code != 0 {
		t.Fatalf("run FILE: exit %d: %s", code, errOut)
	}
	fromFlag, errOut, code := run(t, "run", "multi-hop", "--fault", "25s inventory hang for 10s", "--format", "json")
	if code != 0 {
		t.Fatalf("run --fault: exit %d: %s", code, errOut)
	}
	// The same results; the flag's run also names the fault it injected
	// (the file's script holds it).
	const faultLine = "  \"faults\": [\n    \"25s inventory hang for 10s\"\n  ]\n"
	if !strings.Contains(fromFlag, faultLine) {
		t.Errorf("run --fault's json does not name its fault:\n%s", fromFlag)
	}
	if strings.Contains(fromFile, "\"faults\"") {
		t.Errorf("run FILE's json names faults no flag injected:\n%s", fromFile)
	}
	fromFlag = strings.Replace(fromFlag, "  ],\n"+faultLine, "  ]\n", 1)
	if fromFile != fromFlag {
		t.Errorf("run FILE prints\n%s\nrun multi-hop --fault prints, but for its faults,\n%s", fromFile, fromFlag)
	}
}
