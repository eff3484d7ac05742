package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// --check counts a lesson's steps in words that fit the count: a teacher's
// one-step file printed "Mine (mine): 1 steps".
func TestLessonCheckCountsOneStep(t *testing.T) {
	racefree.Only(t)
	dir := tempConfig(t)
	one := filepath.Join(dir, "mine.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\n+++\ntext\n"
	if err := os.WriteFile(one, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "lesson", one, "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, "Mine (mine): 1 step, ") {
		t.Errorf("first line %q, want it to count 1 step", first)
	}
}
