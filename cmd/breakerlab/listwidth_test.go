package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/charmbracelet/x/ansi"
)

// pipedLines runs args as in a pipe (the output is no terminal) and fails
// the test for a line wider than textWidth: the lists are read there (|
// less, | cat) as presets, facts and run are, and used to print full width.
// It returns what --width 80 printed, which a pipe must match.
func pipedLines(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	for i, l := range strings.Split(out, "\n") {
		if n := ansi.StringWidth(l); n > textWidth {
			t.Errorf("%s in a pipe: line %d is %d columns: %q", strings.Join(args, " "), i+1, n, l)
		}
	}
	eighty, _, _ := run(t, append(args, "--width", "80")...)
	if out != eighty {
		t.Errorf("%s in a pipe should print what --width 80 prints:\n--- piped\n%s\n--- --width 80\n%s", strings.Join(args, " "), out, eighty)
	}
	return out
}

// wideLines checks the list command in a pipe (pipedLines), then runs it
// with --wide, which keeps an item a line, for grep, and returns its lines;
// the learner's progress is a fresh one.
func wideLines(t *testing.T, args ...string) []string {
	t.Helper()
	tempConfig(t)
	pipedLines(t, args...)
	out, errOut, code := run(t, append(args, "--wide")...)
	if code != 0 {
		t.Fatalf("%s --wide: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// `breakerlab scenarios | less` fits 80 columns, each summary wrapped
// under itself; --wide gives a scenario a line, its summary whole.
func TestScenariosFitEightyColumnsInAPipe(t *testing.T) {
	racefree.Only(t) // no goroutine: the command prints in the test's own
	lines := wideLines(t, "scenarios")
	summaries := map[string]string{shuffleScenario.Name: shuffleScenario.Summary}
	for _, b := range scenarios.All() {
		summaries[b.Name] = b.Summary
	}
	if len(lines) != len(summaries) {
		t.Errorf("--wide: %d lines for %d scenarios:\n%s", len(lines), len(summaries), strings.Join(lines, "\n"))
	}
	for _, l := range lines {
		name, summary, _ := strings.Cut(l, " ")
		if want, ok := summaries[name]; !ok || strings.TrimSpace(summary) != want {
			t.Errorf("--wide: line %q is not a scenario's name and whole summary", l)
		}
	}
}

// `breakerlab lessons | less` fits 80 columns; --wide gives a lesson a
// line.
func TestLessonsFitEightyColumnsInAPipe(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	lines := wideLines(t, "lessons")
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(all) {
		t.Fatalf("--wide: %d lines for %d lessons:\n%s", len(lines), len(all), strings.Join(lines, "\n"))
	}
	for i, l := range all {
		if !strings.HasPrefix(lines[i], l.ID+" ") || !strings.HasSuffix(lines[i], "  "+l.Title) {
			t.Errorf("--wide: line %q is not %s's ID and whole title", lines[i], l.ID)
		}
	}
}

// `breakerlab challenges | less` fits 80 columns; --wide gives a level a
// line, its summary whole.
func TestChallengesFitEightyColumnsInAPipe(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	lines := wideLines(t, "challenges")
	for _, c := range all {
		found := false
		for _, l := range lines {
			found = found || strings.Contains(l, " "+c.ID+" ") && strings.HasSuffix(l, "  "+c.Summary)
		}
		if !found {
			t.Errorf("--wide: no line has level %s with its whole summary:\n%s", c.ID, strings.Join(lines, "\n"))
		}
	}
}
