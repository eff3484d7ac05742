package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A scenario file with no name is called by its file's name, as it is
// written, by `run` and the sandbox alike: my-system.toml is "my-system"
// in run's first line and in the sandbox's title, one name from the file
// (scenariofile.Parse) that neither recases.
func TestANamelessFileIsCalledByItsFilesNameEverywhere(t *testing.T) {
	// A run in the test's process and the sandbox driven by hand: no
	// goroutine but the command's watches, which TestRunTimelineGolden
	// runs under -race.
	racefree.Only(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "lessons", "challenge", "solutions", "layer-order.toml"))
	if err != nil {
		t.Fatal(err)
	}
	nameless := regexp.MustCompile(`(?m)^name = "order"\n`).ReplaceAll(src, nil)
	if len(nameless) == len(src) {
		t.Fatal("the solution file has no top-level name to take out")
	}
	path := filepath.Join(t.TempDir(), "my-system.toml")
	if err := os.WriteFile(path, nameless, 0o644); err != nil {
		t.Fatal(err)
	}

	out, errOut, code := run(t, "run", path)
	if code != 0 {
		t.Fatalf("run %s: exit %d: %s", path, code, errOut)
	}
	runName, _, _ := strings.Cut(out, ", seed ")

	sc, err := sandboxScenario(path, sandboxUse)
	if err != nil {
		t.Fatal(err)
	}
	m, err := sandbox.New(sandbox.Options{Theme: theme.New(nil), Scenario: sc, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	tm, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	title, _, _ := strings.Cut(ansi.Strip(tm.View()), "\n")
	found := regexp.MustCompile(`sandbox › (\S+)`).FindStringSubmatch(title)
	if found == nil {
		t.Fatalf("the sandbox's title names no scenario: %q", title)
	}
	if runName != "my-system" || found[1] != "my-system" {
		t.Errorf("my-system.toml should be called my-system by run and the sandbox alike; run: %q, the sandbox: %q", runName, found[1])
	}
}
