package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// `lesson --check` with no lesson checks every lesson, as `drill --check`
// checks the deck, where it only asked for a lesson: a line per lesson
// and a total, exit 0; a lesson whose claim the run does not bear out is
// named with what is wrong, the others still checked, and the exit is 1.
func TestLessonCheckWithNoLessonChecksEveryLesson(t *testing.T) {
	racefree.Only(t)
	dir := tempConfig(t)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "lesson", "--check")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(all)+1 {
		t.Fatalf("want a line per lesson (%d) and the total, got:\n%s", len(all), out)
	}
	steps := 0
	for i, l := range all {
		steps += len(l.Steps)
		if want := "✓ " + l.ID + ": "; !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d is %q, want it to start %q", i+1, lines[i], want)
		}
	}
	if want := len(all); !strings.HasPrefix(lines[len(lines)-1], fmt.Sprintf("%d lessons checked: %d steps", want, steps)) {
		t.Errorf("the total is %q, want %d lessons and %d steps", lines[len(lines)-1], want, steps)
	}

	false_ := filepath.Join(dir, "claims.md")
	src := "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"breaker-timeline\"\nexpect = [\"opens step == 30s\"]\n+++\ntext\n"
	if err := os.WriteFile(false_, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	wrong, err := lessons.Open(false_)
	if err != nil {
		t.Fatal(err)
	}
	builtinLessons = func() ([]*lessons.Lesson, error) { return []*lessons.Lesson{wrong, all[0]}, nil }
	out, errOut, code = run(t, "lesson", "--check")
	builtinLessons = lessons.All
	if code != 1 || !strings.Contains(out, "✗ "+wrong.ID+": "+false_+":9: expect:") || !strings.Contains(out, "✓ "+all[0].ID) ||
		!strings.Contains(errOut, "1 of 2 lessons is wrong") {
		t.Errorf("with a false claim: exit %d, stdout %q, stderr %q; want 1, the lesson named and the other checked", code, out, errOut)
	}
}
