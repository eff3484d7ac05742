package main

import (
	"strings"
	"testing"
)

// --check counts a lesson's steps in words that fit the count: a teacher's
// one-step file printed "Mine (mine): 1 steps".
func TestLessonCheckCountsOneStep(t *testing.T) {
	_, out, errOut, code := checkLessonFile(t, "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\n+++\ntext\n")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, "Mine (mine): 1 step, ") {
		t.Errorf("first line %q, want it to count 1 step", first)
	}
}
