package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A teacher's level whose why the start is told claims what the engine
// does not do is refused when it is played (and by --start and --check,
// which open it too), with the line `challenges --check FILE` prints:
// the file, the level, the claim and the engine's value. Before, the
// grader left that why out of the screen without a word, and the level
// played. Its twin with the claim true plays: without a terminal, the
// refusal is the player's own, which asks for one.
func TestPlayingAFileWithAFalseWhyClaimIsRefused(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	// Level 14 as a teacher's file: its default bound's why claims that
	// no checkout is shed, which holds of its start.
	const src = "../../lessons/challenge/content/"
	level, err := os.ReadFile(src + "14-shed-priority.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := os.ReadFile(src + "priority.scenario.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "priority.scenario.toml"), sc, 0o644); err != nil {
		t.Fatal(err)
	}
	const claim = `claims = ["shed-class critical == 0"]`
	if !strings.Contains(string(level), claim) {
		t.Fatalf("level 14 has no %s", claim)
	}
	falsePath := filepath.Join(dir, "false.toml")
	truePath := filepath.Join(dir, "true.toml")
	os.WriteFile(falsePath, []byte(strings.Replace(string(level), claim, `claims = ["shed-class critical >= 1"]`, 1)), 0o644)
	os.WriteFile(truePath, level, 0o644)

	want := "✗ " + falsePath + `, level "Shed the least important first": the why the start is told of default: longest wait = 500 ms claims "shed-class critical >= 1", but on seed 1 the engine gives 0; what a text says must hold on every seed (1, 2, 3)`
	checked, _, code := run(t, "challenges", "--check", falsePath)
	if code != 1 || !strings.Contains(checked, want) {
		t.Fatalf("challenges --check: exit %d, %q; want 1 and %q", code, checked, want)
	}
	for _, args := range [][]string{
		{"challenge", falsePath},
		{"challenge", falsePath, "--start"},
	} {
		out, errOut, code := run(t, args...)
		if code != exitUsage || !strings.Contains(errOut, want) || !strings.Contains(errOut, "breakerlab challenges --check "+falsePath) || out != "" {
			t.Errorf("%q: exit %d, %q %q; want exit 2 saying %q", args, code, out, errOut, want)
		}
	}

	out, errOut, code := run(t, "challenge", truePath)
	if code == 0 || strings.Contains(errOut, "✗") || !strings.Contains(out+errOut, "breakerlab challenge "+truePath+" --start") {
		t.Errorf("the true twin, played without a terminal: exit %d, %q %q; want the player's refusal for want of one", code, out, errOut)
	}
	if out, errOut, code := run(t, "challenge", truePath, "--start"); code != 0 || !strings.Contains(out, "[[system.endpoints]]") {
		t.Errorf("the true twin's --start: exit %d, %q %q", code, out, errOut)
	}
}
